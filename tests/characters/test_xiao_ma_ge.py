"""小马哥 (standard-characters.md §B15): C-XIAO_MA_GE-1 and the mission."""

from __future__ import annotations

from typing import Any

from fengsheng.config import Config
from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import opts
from tests.rules.test_hooks import PlaceBlack

MA = "xiao_ma_ge"
CTX = "C-XIAO_MA_GE-1"


def build(players: int = 4, **kw: Any) -> Game:
    kw.setdefault("characters", {2: MA})
    return helpers.build(players, **kw)


def skill_events(g: Game) -> list[dict[str, Any]]:
    return helpers.skill_events(g, CTX)


def draws(g: Game, seat: int, start: int) -> int:
    return sum(e.data["count"] for e in g.events[start:] if e.kind == "draw" and e.data["seat"] == seat)


def receive(card: str = "K:intercept", holder: int = 2, **kw: Any) -> Game:
    """Seat 0 (current) sent ``card``; it has reached ``holder`` (Step 3)."""
    kw.setdefault("deck", ["K:burn", "R:decode"])
    return build(at="step3", transit={"card": card, "holder": holder}, current=0, **kw)


def test_C_XIAO_MA_GE_1_draws_one_then_places_a_false_intelligence() -> None:
    g = receive(hands={2: ["R:decode"]})
    s = Script(g)
    s.do("2: accept")
    d = s.expect(2, "skill_choice", CTX)
    burn = find_cards("K:burn", g.seats[2].hand)
    assert len(burn) == 1 and len(g.seats[2].hand) == 2  # drew the top card, a black one
    assert opts(g) == [f"choose c{burn[0]}", "pass"]  # only black cards; optional
    assert d.options[-1].kind == "pass"
    s.do(f"2: choose c{burn[0]}")
    assert opts(g) == ["choose @0", "choose @1", "choose @2", "choose @3"]  # any player, himself included
    s.do("2: choose @1")
    assert burn[0] in g.seats[1].intel and burn[0] not in g.seats[2].hand
    assert g.intel_source[burn[0]] == 2  # he placed it
    assert [e.get("target") for e in skill_events(g)] == [None, 1]


def test_C_XIAO_MA_GE_1_the_draw_is_compulsory_and_the_placement_optional() -> None:
    g = receive(hands={2: ["K:probe"]}, deck=["R:lock"])
    s = Script(g)
    s.do("2: accept")
    s.expect(2, "skill_choice", CTX)  # no "use the skill?" question: he has already drawn
    assert find_cards("R:lock", g.seats[2].hand) and len(g.seats[2].hand) == 2
    s.do("2: pass")
    assert len(g.seats[2].hand) == 2 and all(len(g.seats[i].intel) == (1 if i == 2 else 0) for i in range(4))


def test_C_XIAO_MA_GE_1_with_no_black_card_he_only_draws() -> None:
    g = receive(hands={2: ["R:decode"]}, deck=["B:lock"])
    s = Script(g)
    s.do("2: accept")
    assert len(g.seats[2].hand) == 2 and find_cards("B:lock", g.seats[2].hand)
    assert g.decision is not None and g.decision.context != CTX  # nothing to place: no question
    assert len(skill_events(g)) == 1


def test_C_XIAO_MA_GE_1_true_intelligence_does_not_trigger() -> None:
    g = receive(card="R:decode", hands={2: ["K:probe"]})
    s = Script(g)
    s.do("2: accept")
    assert len(g.seats[2].hand) == 1 and skill_events(g) == []


def test_C_XIAO_MA_GE_1_forced_by_a_lock_counts() -> None:
    g = receive(hands={2: ["R:decode"]}, locks=[2], deck=["B:lock"])
    Script(g)  # the locked player takes the card without being asked
    assert find_cards("K:intercept", g.seats[2].intel)
    assert len(g.seats[2].hand) == 2 and len(skill_events(g)) == 1


def test_C_XIAO_MA_GE_1_intercepting_another_players_card_counts() -> None:
    g = build(
        at="step1",
        transit={"card": "K:intercept"},
        current=0,
        hands={2: ["R:intercept"]},
        deck=["B:lock"],
    )
    s = Script(g)
    s.do("2: play c{R:intercept} intercept")  # the other seats have nothing to play (auto-pass)
    assert find_cards("K:intercept", g.seats[2].intel)
    assert find_cards("B:lock", g.seats[2].hand) and len(skill_events(g)) == 1


def test_C_XIAO_MA_GE_1_not_for_his_own_card_coming_back() -> None:
    # he is the sender: nobody accepts, the card comes back and he must take it
    g = build(
        at="step3", transit={"card": "K:intercept", "holder": 2}, current=2, hands={2: ["K:probe"]}, deck=["B:lock"]
    )
    assert find_cards("K:intercept", g.seats[2].intel)
    assert len(g.seats[2].hand) == 1 and skill_events(g) == []


def test_C_XIAO_MA_GE_1_not_for_true_or_false() -> None:
    g = build(
        current=0,
        at="play",
        hands={0: ["R:true_or_false", "R:return"], 2: ["K:probe"]},
        deck=["K:probe"] * 4,
    )
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "0: pick #0", "1: pick #0", "2: pick #0")
    assert len(g.seats[2].intel) == 1 and len(g.seats[2].hand) == 1
    assert skill_events(g) == []


def test_C_XIAO_MA_GE_1_not_for_a_card_placed_by_a_skill() -> None:
    g = build(current=0, at="play", hands={0: ["R:decode", "B:lock"], 1: ["K:intercept"], 2: ["K:probe"]})
    g.add_rule(PlaceBlack(1))
    s = Script(g)
    s.do("0: pass", "1: skill test.place @2", "0: pass", "1: pass", "0: pass")
    s.expect(0, "send")
    assert len(g.seats[2].intel) == 1 and len(g.seats[2].hand) == 1 and skill_events(g) == []


def test_C_XIAO_MA_GE_1_a_fatal_card_kills_him_before_the_draw() -> None:
    g = receive(hands={2: ["K:probe"]}, intel={2: ["K:decode", "K:burn"]})
    start = len(g.events)
    Script(g).do("2: accept")
    assert not g.seats[2].alive and draws(g, 2, start) == 0 and skill_events(g) == []


def test_C_XIAO_MA_GE_1_a_covered_public_character_loses_the_skill() -> None:
    g = receive(hands={2: ["K:probe"]})
    g.cover(2)
    start = len(g.events)
    Script(g).do("2: accept")
    assert len(g.seats[2].hand) == 1 and draws(g, 2, start) == 0 and skill_events(g) == []


def test_C_XIAO_MA_GE_1_the_placed_card_can_kill_and_he_is_the_killer() -> None:
    g = receive(hands={2: ["K:probe"]}, intel={3: ["K:decode", "K:decode"]}, deck=["R:lock"])
    s = Script(g)
    s.do("2: accept", "2: choose c{K:probe}", "2: choose @3")
    assert not g.seats[3].alive and g.death_order == [3] and g.killers == [2]


# --- mission ---------------------------------------------------------------------------------------------------


def mi_dies(identities: list[str], **kw: Any) -> Game:
    """The only 军情局 player (seat 1) takes his third false intelligence, sent by seat 0."""
    return build(
        identities=identities,
        at="step3",
        transit={"card": "K:intercept", "holder": 1},
        current=0,
        intel={1: ["K:decode", "K:burn"]},
        **kw,
    )


def test_mission_xiao_ma_ge_military_intelligence_wiped_out() -> None:
    g = mi_dies(["ug", "mi", "by", "ug"])
    s = Script(g)
    s.do("1: accept")
    assert not g.seats[1].alive
    s.expect(2, "declare", "settle")
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2] and g.result["rule"] == "S-ID-3"


def test_mission_xiao_ma_ge_not_while_a_military_intelligence_player_is_left() -> None:
    g = mi_dies(["ug", "mi", "by", "mi"])
    s = Script(g)
    s.do("1: accept")
    assert not g.seats[1].alive and g.result is None
    assert g.decision is not None and g.decision.kind != "declare"


def test_mission_xiao_ma_ge_only_for_a_bystander() -> None:
    g = mi_dies(["ug", "mi", "ug", "by"])
    s = Script(g)
    s.do("1: accept")
    assert not g.seats[1].alive and g.result is None
    assert g.decision is not None and g.decision.kind != "declare"


def test_mission_xiao_ma_ge_kept_when_covered() -> None:
    g = mi_dies(["ug", "mi", "by", "ug"])
    g.cover(2)
    s = Script(g)
    s.do("1: accept")
    s.expect(2, "declare", "settle")


def test_mission_xiao_ma_ge_a_dead_xiao_ma_ge_does_not_win_through_it() -> None:
    g = mi_dies(["ug", "mi", "by", "ug"], dead=[2])  # not a mission about his own death
    s = Script(g)
    s.do("1: accept")
    assert not g.seats[1].alive and g.result is None
    assert g.decision is not None and g.decision.kind != "declare"
    assert not g.declarable[2]


WAITING = {"seat": None, "kind": "waiting", "context": ""}


def test_C_XIAO_MA_GE_1_the_placement_is_asked_privately() -> None:
    """The draw is public; the question that follows depends on his hand, so others see only a wait (issue 9)."""
    g = receive(hands={2: ["K:probe"]}, deck=["R:lock"])
    s = Script(g)
    s.do("2: accept")
    d = s.expect(2, "skill_choice", CTX)
    assert d.private and all(g.view(v)["decision"] == WAITING for v in (0, 1, 3, None))
    s.do("2: choose c{K:probe}")
    assert s.expect(2, "skill_choice", CTX).private  # the player too, until the card is placed


def test_C_XIAO_MA_GE_1_uniform_prompts_ask_him_without_a_black_card_too() -> None:
    """Config.uniform_prompts: after the draw he is asked whatever he holds, ``continue`` only without a black card."""
    g = receive(hands={2: ["R:decode"]}, deck=["B:lock"], config=Config(players=4, uniform_prompts=True))
    s = Script(g)
    s.do("2: accept")
    d = s.expect(2, "skill_choice", CTX)
    assert d.private and opts(g) == ["continue"]
    s.do("2: continue")
    assert len(g.seats[2].hand) == 2 and len(skill_events(g)) == 1
