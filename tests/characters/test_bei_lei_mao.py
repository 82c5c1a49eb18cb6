"""贝雷帽 (standard-characters.md §B17): C-BEI_LEI_MAO-1 换日, C-BEI_LEI_MAO-2 偷天 and the mission."""

from __future__ import annotations

from typing import Any

from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import CARD_COLOUR, build, opts, seat_opts

BERET = "bei_lei_mao"
STEAL = "C-BEI_LEI_MAO-2"


# --- C-BEI_LEI_MAO-1 换日 ----------------------------------------------------------------------------------------------


def test_C_BEI_LEI_MAO_1_a_black_card_is_used_as_a_full_lock() -> None:
    g = build(current=0, at="play", characters={0: BERET}, hands={0: ["K:decode", "R:decode", "B:burn"]})
    s = Script(g)
    decode = s.card("K:decode", 0)
    red = s.card("R:decode", 0)
    assert f"play c{decode} lock @2" in opts(g)
    assert not any(o.startswith(f"play c{red} lock") for o in opts(g))  # only black cards
    s.do(f"0: play c{decode} lock @2")  # nobody can answer it: it resolves
    assert g.locks == [2] and decode in g.discard
    assert [e.data["seat"] for e in g.events if e.kind == "locked"] == [2]
    assert CARD_COLOUR[decode] == "black"  # the card keeps its colour


def test_C_BEI_LEI_MAO_1_the_converted_lock_can_be_seen_through() -> None:
    g = build(current=0, at="play", characters={0: BERET}, hands={0: ["K:decode", "R:decode"], 3: ["B:see_through"]})
    s = Script(g)
    s.do("0: play c{K:decode} lock @2", "3: play c{B:see_through} see_through ^top")
    assert g.locks == [] and not any(e.kind == "locked" for e in g.events)


def test_C_BEI_LEI_MAO_1_only_in_his_own_turn_and_only_face_up() -> None:
    g = build(current=1, at="play", characters={0: BERET}, hands={0: ["K:decode", "K:burn"], 1: ["R:lock"]})
    assert not any("lock" in o for o in seat_opts(g, 0))  # someone else's turn (A-61: timing as 锁定)
    g = build(current=0, at="play", characters={0: BERET}, face_up={0: False}, hands={0: ["K:decode", "R:lock"]})
    s = Script(g)
    decode = s.card("K:decode", 0)
    assert not any(o.startswith(f"play c{decode} lock") for o in opts(g))  # covered: no skill


def test_C_BEI_LEI_MAO_1_also_in_his_step_1_windows() -> None:
    g = build(current=0, at="step1", transit={"card": "R:decode"}, characters={0: BERET}, hands={0: ["K:burn"]})
    s = Script(g)
    burn = s.card("K:burn", 0)
    assert f"play c{burn} lock @1" in opts(g)


# --- C-BEI_LEI_MAO-2 偷天 ----------------------------------------------------------------------------------------------


def sent_to(holder: int, card: str = "K:intercept", **kw: Any) -> Game:
    """贝雷帽 (seat 0, current) sent ``card``; it has reached ``holder`` (Step 3)."""
    kw.setdefault("characters", {0: BERET})
    return build(at="step3", transit={"card": card, "holder": holder}, current=0, **kw)


def test_C_BEI_LEI_MAO_2_puts_a_true_intelligence_into_any_players_hand() -> None:
    g = sent_to(2, intel={2: ["R:decode", "K:burn", "B:lock"]}, hands={0: ["R:burn"]})
    s = Script(g)
    red = s.card("R:decode", 2, "intel")
    blue = s.card("B:lock", 2, "intel")
    s.do("2: accept")
    s.expect(0, "skill_choice", STEAL)
    assert sorted(opts(g)) == sorted([f"choose @2 x{red}", f"choose @2 x{blue}", "pass"])  # true ones; optional
    s.do(f"0: choose @2 x{blue}")
    assert opts(g) == ["choose @0", "choose @1", "choose @2", "choose @3"]  # any player
    s.do("0: choose @3")
    assert blue in g.seats[3].hand and blue not in g.seats[2].intel and len(g.seats[2].intel) == 3
    assert any(e.kind == "intel_to_hand" and e.data["to"] == 3 for e in g.events)


def test_C_BEI_LEI_MAO_2_is_optional() -> None:
    g = sent_to(2, intel={2: ["R:decode"]}, hands={0: ["R:burn"]})
    Script(g).do("2: accept", "0: pass")
    assert len(g.seats[2].intel) == 2


def test_C_BEI_LEI_MAO_2_an_intercepted_card_is_still_his() -> None:
    g = build(
        at="step1",
        transit={"card": "K:intercept"},
        current=0,
        characters={0: BERET},
        hands={2: ["R:intercept"]},
        intel={2: ["B:decode"]},
    )
    s = Script(g)
    s.do("2: play c{R:intercept} intercept", "0: choose @2 x{B:decode@2}", "0: choose @0")
    assert find_cards("B:decode", g.seats[0].hand) and g.seats[2].intel == find_cards("K:intercept", g.seats[2].intel)


def test_C_BEI_LEI_MAO_2_not_without_a_true_intelligence_nor_for_a_true_card() -> None:
    g = sent_to(2, intel={2: ["K:decode"]}, hands={0: ["R:burn"]})
    Script(g).do("2: accept")
    assert g.decision is None or g.decision.context != STEAL
    g = sent_to(2, card="R:decode", intel={2: ["B:decode"]}, hands={0: ["R:burn"]})
    Script(g).do("2: accept")
    assert g.decision is None or g.decision.context != STEAL
    assert len(g.seats[2].intel) == 2


def test_C_BEI_LEI_MAO_2_not_for_his_own_card_coming_back() -> None:
    g = sent_to(0, intel={0: ["R:decode"]}, hands={0: ["R:burn", "B:burn"]})
    assert len(g.seats[0].intel) == 2 and (g.decision is None or g.decision.context != STEAL)


def test_C_BEI_LEI_MAO_2_not_for_true_or_false() -> None:
    g = build(
        current=0,
        at="play",
        characters={0: BERET},
        hands={0: ["R:true_or_false", "R:return"]},
        intel={1: ["R:decode"]},
        deck=["K:probe"] * 4,
    )
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "0: pick #0", "1: pick #0", "2: pick #0")
    assert len(g.seats[1].intel) == 2 and all(e.kind != "intel_to_hand" for e in g.events)


def test_C_BEI_LEI_MAO_2_not_when_the_card_killed_him() -> None:
    g = sent_to(2, intel={2: ["K:decode", "K:burn", "R:decode"]}, hands={0: ["R:burn"]})
    Script(g).do("2: accept")
    assert not g.seats[2].alive and all(e.kind != "intel_to_hand" for e in g.events)


def test_C_BEI_LEI_MAO_2_a_covered_public_character_loses_it() -> None:
    g = sent_to(2, intel={2: ["R:decode"]}, hands={0: ["R:burn"]}, face_up={0: False})
    Script(g).do("2: accept")
    assert len(g.seats[2].intel) == 2 and (g.decision is None or g.decision.context != STEAL)


# --- mission -----------------------------------------------------------------------------------------------------


def test_mission_bei_lei_mao_three_red_and_three_blue_cards_in_hand() -> None:
    g = build(
        current=2,
        at="draw",
        characters={2: BERET},
        hands={2: ["R:decode", "R:burn", "R:lock", "B:decode"]},
        deck=["B:burn", "B:lock"],
    )
    s = Script(g)
    s.expect(2, "priority", "play")
    assert "declare" in opts(g)
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2]


def test_mission_bei_lei_mao_needs_both_colours() -> None:
    g = build(
        current=2,
        at="draw",
        characters={2: BERET},
        hands={2: ["R:decode", "R:burn", "R:lock", "R:return", "B:decode"]},
        deck=["B:burn", "K:lock"],
    )
    assert len(g.seats[2].hand) == 7 and "declare" not in opts(g)


def test_mission_bei_lei_mao_only_for_a_bystander() -> None:
    g = build(
        current=2,
        at="draw",
        identities=["ug", "mi", "ug", "by"],
        characters={2: BERET},
        hands={2: ["R:decode", "R:burn", "R:lock", "B:decode"]},
        deck=["B:burn", "B:lock"],
    )
    assert "declare" not in opts(g)


def test_mission_bei_lei_mao_completed_by_his_own_steal() -> None:
    g = sent_to(
        2,
        characters={0: BERET},
        identities=["by", "mi", "ug", "ug"],
        intel={2: ["B:decode"]},
        hands={0: ["R:decode", "R:burn", "R:lock", "B:lock", "B:burn"]},
    )
    s = Script(g)
    s.do("2: accept", "0: choose @2 x{B:decode@2}", "0: choose @0")
    s.expect(0, "declare", "settle")
    s.do("0: declare")
    assert g.result is not None and g.result["winners"] == [0]
