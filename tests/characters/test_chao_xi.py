"""潮汐 (standard-characters.md §C S5): C-CHAO_XI-1, C-CHAO_XI-2 and the mission (A-36, A-38, A-47)."""

from __future__ import annotations

from typing import Any

from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import events, opts

CX = "chao_xi"


def build(players: int = 5, identities: list[str] | None = None, **kw: Any) -> Game:
    return helpers.build(players, identities or ["ug", "mi", "by", "mi", "ug"][:players], **kw)


# --- C-CHAO_XI-1 城府 -------------------------------------------------------------------------------------------
def probe_game(face_up: bool = True) -> Game:
    return build(
        current=0,
        hands={0: ["B:probe:by:discard", "R:decode", "K:decode"], 2: ["B:decode", "K:burn"]},
        characters={2: CX},
        face_up={2: face_up},
        at="play",
    )


def test_C_CHAO_XI_1_probed_he_may_answer_with_the_line_although_the_card_names_him() -> None:
    g = probe_game()
    s = Script(g)
    s.do("0: play c{B:probe:by:discard} probe @2")
    s.expect(2, "respond", "probe")
    s.do("2: respond line")
    assert len(g.seats[2].hand) == 2  # a bystander would have had to discard


def test_C_CHAO_XI_1_covered_he_answers_by_his_identity() -> None:
    g = probe_game(face_up=False)
    s = Script(g)
    s.do("0: play c{B:probe:by:discard} probe @2")
    s.expect(2, "discard", "probe")


# --- C-CHAO_XI-2 时差 -------------------------------------------------------------------------------------------
def receive(card: str, face_up: bool = True, **kw: Any) -> Game:
    """潮汐 (seat 2) decides on a card seat 0 sent; seats 1 and 3 have intelligence, he has one of his own."""
    return build(
        current=0,
        hands={0: ["R:decode"]},
        intel=kw.pop("intel", {1: ["R:lock"], 2: ["B:lock"], 3: ["K:burn"]}),
        transit={"card": card, "holder": 2},
        characters={2: CX},
        face_up={2: face_up},
        at="step3",
        **kw,
    )


def test_C_CHAO_XI_2_obtaining_false_intelligence_he_puts_another_players_intelligence_into_his_hand() -> None:
    g = receive("K:probe")
    s = Script(g)
    s.do("2: accept")
    s.expect(2, "skill_choice", "C-CHAO_XI-2")
    red = find_cards("R:lock", g.seats[1].intel)[0]
    black = find_cards("K:burn", g.seats[3].intel)[0]
    assert sorted(opts(g)) == sorted([f"choose @1 x{red}", f"choose @3 x{black}", "pass"])  # not his own
    s.do(f"2: choose @1 x{red}")
    assert red in g.seats[2].hand and g.seats[1].intel == []
    assert events(g, "intel_to_hand")[-1] == {"kind": "intel_to_hand", "from": 1, "to": 2, "card": red, "by": 2}


def test_C_CHAO_XI_2_is_optional() -> None:
    g = receive("K:probe")
    s = Script(g)
    s.do("2: accept", "2: pass")
    assert g.seats[2].hand == [] and len(g.seats[1].intel) == 1


def test_C_CHAO_XI_2_not_for_a_true_intelligence() -> None:
    g = receive("R:probe")
    s = Script(g)
    s.do("2: accept")
    assert not events(g, "skill") and g.seats[2].hand == []
    assert g.decision is not None and g.decision.seat != 2


def test_C_CHAO_XI_2_not_while_covered() -> None:
    g = receive("K:probe", face_up=False)
    s = Script(g)
    s.do("2: accept")
    assert not events(g, "skill") and g.seats[2].hand == []


def test_C_CHAO_XI_2_a_third_false_card_kills_him_first() -> None:
    g = receive("K:probe", intel={1: ["R:lock"], 2: ["K:lock", "K:lure_away"]})
    s = Script(g)
    s.do("2: accept")
    assert g.death_order == [2] and not events(g, "skill")


def test_C_CHAO_XI_2_also_for_false_intelligence_from_true_or_false() -> None:
    g = build(
        current=0,
        hands={0: ["R:true_or_false", "R:decode"]},
        intel={1: ["R:lock"]},
        deck=["K:burn", "K:lock", "K:lure_away", "K:decode", "K:probe"],
        characters={2: CX},
        at="play",
    )
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "0: pick #0", "1: pick #0", "2: pick #0")
    s.expect(2, "skill_choice", "C-CHAO_XI-2")


# --- mission ------------------------------------------------------------------------------------------------
def declare_game(sender: int = 2, card: str = "R:probe", **kw: Any) -> Game:
    """Seat 1 (潜伏战线, two red intelligence) is about to accept a card ``sender`` sent; 潮汐 (seat 2) is a bystander."""
    ids = kw.pop("identities", ["mi", "ug", "by", "mi", "mi"])
    return build(
        identities=ids,
        current=kw.pop("current", sender),
        hands=kw.pop("hands", {sender: ["R:decode"]}),
        intel=kw.pop("intel", {1: ["R:lock", "R:burn"]}),
        transit={"card": card, "holder": 1, "sender": sender},
        characters={2: CX},
        at="step3",
        **kw,
    )


def test_mission_chao_xi_a_player_declares_thanks_to_intelligence_he_sent() -> None:
    g = declare_game()
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["reason"] == "hijacked" and r["winners"] == [2] and r["declarer"] == 1


def test_mission_chao_xi_counts_while_covered() -> None:
    g = declare_game(face_up={2: False})
    s = Script(g)
    s.do("1: accept", "1: declare")
    assert s.over()["winners"] == [2]


def test_mission_chao_xi_not_for_intelligence_someone_else_sent() -> None:
    g = declare_game(sender=0)
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [1]


def test_mission_chao_xi_not_when_the_condition_held_without_his_card() -> None:
    g = declare_game(card="B:probe", intel={1: ["R:lock", "R:burn", "R:lure_away"]})
    s = Script(g)
    s.do("1: accept", "1: declare")  # the blue card did not make his three red
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [1]


def test_mission_chao_xi_not_for_his_true_or_false() -> None:
    """A card from his 真伪莫辨 was not sent (S-TERM-4)."""
    g = build(
        identities=["mi", "mi", "by", "ug", "mi"],
        current=2,
        hands={2: ["R:true_or_false", "R:decode"]},
        intel={3: ["R:lock", "R:burn"]},
        deck=["R:probe", "B:probe", "B:lock", "B:burn", "B:decode"],
        characters={2: CX},
        at="play",
    )
    s = Script(g)
    s.do("2: play c{R:true_or_false} true_or_false")
    red = next(i for i, c in enumerate(g.table) if find_cards("R:probe", [c]))
    mine = 1 if red == 0 else 0
    s.do(f"2: pick #{mine}")
    red = next(i for i, c in enumerate(g.table) if find_cards("R:probe", [c]))
    s.do(f"3: pick #{red}", "3: declare")
    assert events(g, "obtain")[-1]["source"] == 2
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [3]


def test_mission_chao_xi_a_player_who_died_of_his_card_declares_because_of_it() -> None:
    """浮萍 (a bystander) is the second to die, killed by the false card 潮汐 sent: her mission is his."""
    g = build(
        identities=["mi", "by", "by", "mi", "ug"],
        current=2,
        hands={2: ["R:decode"]},
        intel={1: ["K:lock", "K:burn"]},
        transit={"card": "K:probe", "holder": 1, "sender": 2},
        characters={1: "fu_ping", 2: CX},
        dead=[4],
        at="step3",
    )
    s = Script(g)
    s.do("1: accept")
    assert g.death_order == [4, 1] and g.killers[1] == 2
    s.do("1: declare")
    r = s.over()
    assert r["reason"] == "hijacked" and r["winners"] == [2]


def test_mission_chao_xi_counts_only_for_a_bystander() -> None:
    g = declare_game(identities=["mi", "ug", "mi", "mi", "ug"])
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [1, 4]


def test_mission_chao_xi_not_once_he_is_dead() -> None:
    g = declare_game(dead=[2], current=0, hands={0: ["R:decode"]})  # his card still counts as sent by him
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [1]
