"""浮萍 (standard-characters.md §C S6): C-FU_PING-1, C-FU_PING-2 and the mission (A-39, A-48, A-65, A-76)."""

from __future__ import annotations

from typing import Any

from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import events, opts

FP = "fu_ping"


def build(players: int = 5, identities: list[str] | None = None, **kw: Any) -> Game:
    return helpers.build(players, identities or ["ug", "mi", "by", "mi", "ug"][:players], **kw)


# --- C-FU_PING-1 先机 -------------------------------------------------------------------------------------------
def play_game(face_up: bool = False, **kw: Any) -> Game:
    return build(
        current=0,
        hands=kw.pop("hands", {0: ["R:decode", "B:decode", "K:decode", "R:probe"], 2: ["B:burn"]}),
        deck=["K:lock", "R:lock"],
        characters={2: FP},
        face_up={2: face_up},
        at="play",
        **kw,
    )


def test_C_FU_PING_1_flip_take_two_cards_blind_then_he_draws_two() -> None:
    g = play_game()
    s = Script(g)
    s.do("0: pass")
    s.expect(2, "priority", "play")
    assert sorted(o for o in opts(g) if o.startswith("skill")) == [f"skill {FP}.1 @{t}" for t in (0, 1, 3, 4)]
    before = list(g.seats[0].hand)
    top2 = list(reversed(g.deck[-2:]))
    s.do(f"2: skill {FP}.1 @0")
    assert g.seats[2].face_up  # the cost
    s.do("0: pass")  # the effect resolves from the stack
    taken = [e["card"] for e in events(g, "take")]
    assert len(taken) == 2 and set(taken) <= set(before)
    assert all(e["audience"] == [2, 0] and e["seat"] == 2 and e["from"] == 0 for e in events(g, "take"))
    assert sorted(g.seats[2].hand) == sorted([*taken, find_cards("B:burn", g.seats[2].hand)[0]])
    assert sorted(g.seats[0].hand) == sorted([c for c in before if c not in taken] + top2)


def test_C_FU_PING_1_a_target_with_one_card_gives_it_and_still_draws_two() -> None:
    g = play_game(hands={0: ["R:decode", "R:probe"], 2: [], 3: ["B:decode"]})
    s = Script(g)
    s.do("0: pass", f"2: skill {FP}.1 @3", "0: pass")
    assert len(g.seats[2].hand) == 1 and len(g.seats[3].hand) == 2


def test_C_FU_PING_1_any_time_in_another_players_pass() -> None:
    g = build(
        current=0,
        hands={0: ["R:decode"], 1: ["B:decode"]},
        transit={"card": "K:decode"},
        characters={2: FP},
        face_up={2: False},
        at="step1",
    )
    s = Script(g)
    s.expect(2, "priority", "step1")
    s.do(f"2: skill {FP}.1 @1")
    assert g.seats[2].face_up


def test_C_FU_PING_1_not_once_face_up() -> None:
    g = play_game(face_up=True)
    s = Script(g)
    s.do("0: pass")
    s.expect(0, "send")  # 浮萍 had nothing to do


# --- C-FU_PING-2 后着 -------------------------------------------------------------------------------------------
def death_game(face_up: bool = True, **kw: Any) -> Game:
    """Seat 0 has sent a black card; 浮萍 (seat 2, locked, two false intelligence) must take it and dies."""
    return build(
        identities=kw.pop("identities", ["ug", "mi", "by", "mi", "ug"]),
        current=0,
        hands={0: ["R:decode"], 3: ["K:lock", "R:burn"], 4: ["B:decode"]},
        intel=kw.pop("intel", {2: ["K:burn", "K:lure_away"], 1: ["K:decode", "K:return"]}),
        locks=[2],
        transit={"card": "K:probe", "holder": 2},
        characters=kw.pop("characters", {2: FP}),
        face_up={2: face_up},
        at="step3",
        **kw,
    )


def test_C_FU_PING_2_dying_she_looks_at_a_hand_and_places_one_of_its_cards() -> None:
    g = death_game()
    s = Script(g)
    s.expect(2, "skill_choice", "C-FU_PING-2")
    assert sorted(opts(g)) == ["choose @0", "choose @3", "choose @4", "pass"]  # players with cards in hand
    hand = list(g.seats[3].hand)
    s.do("2: choose @3")
    look = events(g, "inspect_hand")[-1]
    assert look["seat"] == 2 and look["target"] == 3 and look["cards"] == hand and look["audience"] == [2, 3]
    assert [e for e in g.events_for(1) if e["kind"] == "inspect_hand"] == [
        {"kind": "inspect_hand", "seat": 2, "target": 3}
    ]
    assert sorted(opts(g)) == sorted(f"choose c{c}" for c in hand)
    black = s.card("K:lock", 3)
    s.do(f"2: choose c{black}", "2: choose @1")
    assert {"kind": "obtain", "seat": 1, "card": black, "how": "skill", "source": 2} in events(g, "obtain")
    assert black not in g.seats[3].hand
    # seat 1 had two false intelligence: 浮萍's 后着 killed him. Her death began first, so she is the first to die
    # and he the second (R-13: death is immediate, S-DEATH-3); her triggers still ran before her reveal (S-DEATH-5)
    assert g.death_order == [2, 1] and g.killers == [0, 2]
    assert [e["seat"] for e in events(g, "died")] == [1, 2]  # the reveals: his death completed inside hers


def test_C_FU_PING_2_is_optional() -> None:
    g = death_game()
    s = Script(g)
    s.do("2: pass")
    assert g.death_order == [2] and len(g.seats[3].hand) == 2


def test_C_FU_PING_2_not_while_face_down() -> None:
    g = death_game(face_up=False)  # S-DEATH-6
    assert g.death_order == [2] and not events(g, "skill")


def test_C_FU_PING_2_A_30_not_once_she_has_been_rescued() -> None:
    """礼服蒙面人 (seat 1) comes before her in S-TRIG order and saves her: she has not died (A-30), so 「当你死亡时」
    has not happened and 后着 is not offered (one reading of a death for every death trigger)."""
    g = death_game(characters={1: "li_fu_meng_mian_ren", 2: FP})
    s = Script(g)
    s.expect(1, "skill_choice", "C-LI_FU_MENG_MIAN_REN-2")
    s.do("1: skill li_fu_meng_mian_ren.2", "1: choose @2 x{K:burn@2}", "1: choose @2 x{K:lure_away@2}")
    assert g.decision is None or g.decision.context != "C-FU_PING-2"
    assert g.seats[2].alive and g.death_order == [] and not events(g, "inspect_hand")


# --- mission ------------------------------------------------------------------------------------------------
def second_death(identity: str = "by") -> Game:
    """Seat 4 died before the scenario starts; face-down 浮萍 (seat 2) decides on her third false card."""
    g = build(
        identities=["ug", "mi", identity, "mi", "ug"],
        current=0,
        hands={0: ["R:decode"]},
        intel={2: ["K:burn", "K:lure_away"]},
        transit={"card": "K:probe", "holder": 2},
        characters={2: FP},
        face_up={2: False},
        dead=[4],
        at="step3",
    )
    return g


def test_mission_fu_ping_second_to_die_she_declares_and_wins_alone() -> None:
    g = second_death()
    s = Script(g)
    s.do("2: accept")  # face down: her third false card
    assert g.death_order == [4, 2]
    s.expect(2, "declare")  # dead, she declares a mission about her own death
    s.do("2: declare")
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [2]


def test_mission_fu_ping_not_as_the_first_to_die() -> None:
    g = death_game(face_up=False)
    assert g.death_order == [2] and not g.declarable[2]
    assert g.result is None


def test_mission_fu_ping_counts_only_for_a_bystander() -> None:
    g = second_death("mi")
    s = Script(g)
    s.do("2: accept")
    assert g.death_order == [4, 2] and not g.declarable[2] and g.result is None
