"""怪盗阿十 (standard-characters.md §B16): C-GUAI_DAO_A_SHI-1, -2 and the mission."""

from __future__ import annotations

from typing import Any

from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import build, opts
from tests.rules.test_hooks import PlaceBlack

THIEF = "guai_dao_a_shi"
ONE, TWO = "C-GUAI_DAO_A_SHI-1", "C-GUAI_DAO_A_SHI-2"


def takes(g: Game) -> list[tuple[int, int]]:
    return [(e.data["seat"], e.data["from"]) for e in g.events if e.kind == "take"]


def sent_to(holder: int, thief: int, card: str = "K:intercept", **kw: Any) -> Game:
    """Seat 0 (current) sent ``card``; it has reached ``holder`` (Step 3). 怪盗阿十 sits at ``thief``."""
    return build(at="step3", transit={"card": card, "holder": holder}, current=0, characters={thief: THIEF}, **kw)


# --- C-GUAI_DAO_A_SHI-1 ----------------------------------------------------------------------------------------------


def test_C_GUAI_DAO_A_SHI_1_takes_a_card_from_the_player_who_got_his_false_intelligence() -> None:
    g = sent_to(2, thief=0, hands={0: ["R:decode"], 2: ["B:decode", "R:burn"]})
    s = Script(g)
    s.do("2: accept")
    s.expect(0, "skill_choice", ONE)
    assert opts(g) == ["skill guai_dao_a_shi.1", "pass"]  # optional
    s.do("0: skill guai_dao_a_shi.1")
    assert takes(g) == [(0, 2)]
    assert len(g.seats[0].hand) == 2 and len(g.seats[2].hand) == 1
    taken = [c for c in g.seats[0].hand if c not in find_cards("R:decode", g.seats[0].hand)]
    assert len(taken) == 1 and (find_cards("B:decode", taken) or find_cards("R:burn", taken))


def test_C_GUAI_DAO_A_SHI_1_is_optional() -> None:
    g = sent_to(2, thief=0, hands={0: ["R:decode"], 2: ["B:decode"]})
    Script(g).do("2: accept", "0: pass")
    assert takes(g) == [] and len(g.seats[2].hand) == 1


def test_C_GUAI_DAO_A_SHI_1_an_intercepted_card_is_still_his() -> None:
    g = build(
        at="step1",
        transit={"card": "K:intercept"},
        current=0,
        characters={0: THIEF},
        hands={0: ["R:decode"], 2: ["R:intercept", "B:decode"]},
    )
    s = Script(g)
    s.do("2: play c{R:intercept} intercept", "0: skill guai_dao_a_shi.1")
    assert find_cards("K:intercept", g.seats[2].intel) and takes(g) == [(0, 2)]


def test_C_GUAI_DAO_A_SHI_1_not_for_true_intelligence() -> None:
    g = sent_to(2, thief=0, card="R:decode", hands={0: ["R:burn"], 2: ["B:decode"]})
    Script(g).do("2: accept")
    assert takes(g) == [] and len(g.seats[2].hand) == 1


def test_C_GUAI_DAO_A_SHI_1_not_when_the_player_has_no_card() -> None:
    g = sent_to(2, thief=0, hands={0: ["R:decode"]})
    Script(g).do("2: accept")
    assert takes(g) == [] and (g.decision is None or g.decision.context != ONE)


def test_C_GUAI_DAO_A_SHI_1_not_when_the_card_killed_him() -> None:
    g = sent_to(2, thief=0, hands={0: ["R:decode"], 2: ["B:decode"]}, intel={2: ["K:decode", "K:burn"]})
    Script(g).do("2: accept")
    assert not g.seats[2].alive and takes(g) == []


def test_C_GUAI_DAO_A_SHI_1_not_for_his_own_card_coming_back() -> None:
    # he is the sender and takes his own card back: neither skill fires
    g = sent_to(0, thief=0, hands={0: ["R:decode", "B:decode"]})
    assert find_cards("K:intercept", g.seats[0].intel) and takes(g) == []
    assert g.decision is not None and g.decision.context not in (ONE, TWO)


def test_C_GUAI_DAO_A_SHI_1_not_for_true_or_false() -> None:
    g = build(
        current=0,
        at="play",
        characters={0: THIEF},
        hands={0: ["R:true_or_false", "R:return"], 1: ["B:decode"], 2: ["B:decode"], 3: ["R:decode"]},
        deck=["K:probe"] * 4,
    )
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "0: pick #0", "1: pick #0", "2: pick #0")
    assert all(len(g.seats[i].intel) == 1 for i in range(4)) and takes(g) == []


def test_C_GUAI_DAO_A_SHI_1_a_covered_public_character_loses_it() -> None:
    g = sent_to(2, thief=0, hands={0: ["R:decode"], 2: ["B:decode"]})
    g.cover(0)
    Script(g).do("2: accept")
    assert takes(g) == []


# --- C-GUAI_DAO_A_SHI-2 ----------------------------------------------------------------------------------------------


def test_C_GUAI_DAO_A_SHI_2_takes_a_card_from_the_sender_of_his_false_intelligence() -> None:
    g = sent_to(2, thief=2, hands={0: ["B:decode", "R:burn"], 2: ["R:decode"]})
    s = Script(g)
    s.do("2: accept")
    s.expect(2, "skill_choice", TWO)
    assert opts(g) == ["skill guai_dao_a_shi.2", "pass"]
    s.do("2: skill guai_dao_a_shi.2")
    assert takes(g) == [(2, 0)] and len(g.seats[2].hand) == 2


def test_C_GUAI_DAO_A_SHI_2_is_optional() -> None:
    g = sent_to(2, thief=2, hands={0: ["B:decode"], 2: ["R:decode"]})
    Script(g).do("2: accept", "2: pass")
    assert takes(g) == [] and len(g.seats[0].hand) == 1


def test_C_GUAI_DAO_A_SHI_2_when_locked_or_intercepting() -> None:
    g = sent_to(2, thief=2, hands={0: ["B:decode"], 2: ["R:decode"]}, locks=[2])
    Script(g).do("2: skill guai_dao_a_shi.2")  # forced to take it: still sent by seat 0
    assert takes(g) == [(2, 0)]
    g = build(
        at="step1",
        transit={"card": "K:intercept"},
        current=0,
        characters={2: THIEF},
        hands={0: ["B:decode"], 2: ["R:intercept"]},
    )
    Script(g).do("2: play c{R:intercept} intercept", "2: skill guai_dao_a_shi.2")
    assert takes(g) == [(2, 0)]


def test_C_GUAI_DAO_A_SHI_2_not_for_a_card_placed_by_a_skill() -> None:
    g = build(
        current=0,
        at="play",
        characters={2: THIEF},
        hands={0: ["R:decode", "B:lock"], 1: ["K:intercept", "B:decode"], 2: ["R:decode"]},
    )
    g.add_rule(PlaceBlack(1))
    s = Script(g)
    s.do("0: pass", "1: skill test.place @2", "0: pass", "1: pass", "0: pass")
    s.expect(0, "send")
    assert len(g.seats[2].intel) == 1 and takes(g) == []


def test_C_GUAI_DAO_A_SHI_2_not_for_true_or_false() -> None:
    g = build(
        current=0,
        at="play",
        characters={1: THIEF},
        hands={0: ["R:true_or_false", "R:return"], 1: ["B:decode"]},
        deck=["K:probe"] * 4,
    )
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "0: pick #0", "1: pick #0", "2: pick #0")
    assert len(g.seats[1].intel) == 1 and takes(g) == []


def test_C_GUAI_DAO_A_SHI_2_not_for_true_intelligence_nor_an_empty_handed_sender() -> None:
    g = sent_to(2, thief=2, card="R:decode", hands={0: ["B:decode"], 2: ["R:burn"]})
    Script(g).do("2: accept")
    assert takes(g) == []
    g = sent_to(2, thief=2, hands={2: ["R:burn"]})
    Script(g).do("2: accept")
    assert takes(g) == []


# --- mission -----------------------------------------------------------------------------------------------------

NINE = ["R:lock", "B:lock", "K:lock", "R:decode", "B:decode", "K:decode", "R:burn", "B:burn", "K:burn"]


def test_mission_guai_dao_a_shi_ten_cards_in_hand_after_his_draw() -> None:
    g = build(current=2, at="draw", characters={2: THIEF}, hands={2: NINE[:8]})
    s = Script(g)
    s.expect(2, "priority", "play")
    assert len(g.seats[2].hand) == 10 and "declare" in opts(g)
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2]


def test_mission_guai_dao_a_shi_not_with_nine_cards() -> None:
    g = build(current=2, at="draw", characters={2: THIEF}, hands={2: NINE[:7]})
    Script(g).expect(2, "priority", "play")
    assert len(g.seats[2].hand) == 9 and "declare" not in opts(g)


def test_mission_guai_dao_a_shi_only_for_a_bystander_and_kept_when_covered() -> None:
    g = build(current=2, at="draw", identities=["ug", "mi", "ug", "by"], characters={2: THIEF}, hands={2: NINE[:8]})
    assert len(g.seats[2].hand) == 10 and "declare" not in opts(g)
    g = build(current=2, at="draw", characters={2: THIEF}, face_up={2: False}, hands={2: NINE[:8]})
    assert "declare" in opts(g)


def test_mission_guai_dao_a_shi_the_tenth_card_taken_by_his_skill_is_declared_at_once() -> None:
    g = sent_to(2, thief=2, hands={0: ["B:decode"], 2: NINE})
    s = Script(g)
    s.do("2: accept", "2: skill guai_dao_a_shi.2")
    s.expect(2, "declare", "settle")
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2]
