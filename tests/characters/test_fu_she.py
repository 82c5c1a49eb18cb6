"""蝮蛇 (standard-characters.md §C S4): C-FU_SHE-1, C-FU_SHE-2 and the mission (A-8, A-36, A-51, A-78)."""

from __future__ import annotations

from typing import Any

from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import events, opts

FS = "fu_she"


def build(players: int = 5, identities: list[str] | None = None, **kw: Any) -> Game:
    return helpers.build(players, identities or ["ug", "mi", "by", "mi", "ug"][:players], **kw)


def step1(face_up: bool = True, hand: list[str] | None = None, current: int = 0, **kw: Any) -> Game:
    """Seat 0 sends a 密电 card; 蝮蛇 (seat 2) holds priority in the Step-1 window; seat 3 is locked."""
    return build(
        current=current,
        hands={current: ["R:decode"], 2: hand if hand is not None else ["B:decode"], 3: ["R:see_through"]},
        transit=kw.pop("transit", {"card": "K:decode"}),
        locks=kw.pop("locks", [3]),
        characters={2: FS},
        face_up={2: face_up},
        at="step1",
        **kw,
    )


# --- C-FU_SHE-1 声东击西 -----------------------------------------------------------------------------------------
def test_C_FU_SHE_1_cover_himself_and_lure_a_player_away() -> None:
    g = step1()
    s = Script(g)
    s.expect(2, "priority", "step1")
    # the targets of 调虎离山: never the sender (0) or a locked player (3); himself, since he is not the sender
    assert sorted(o for o in opts(g) if o.startswith(f"skill {FS}.1")) == [
        f"skill {FS}.1 @1",
        f"skill {FS}.1 @2",
        f"skill {FS}.1 @4",
    ]
    s.do(f"2: skill {FS}.1 @1")
    assert not g.seats[2].face_up  # the cost, paid at once
    assert events(g, "cover")[-1]["seat"] == 2
    # a skill, not a card: 识破 has nothing to target (seat 3 was passed for)
    assert events(g, "lured") == [{"kind": "lured", "seat": 1, "user": 2, "uid": 1}]
    s.do("2: pass")  # his Step-2 window: the card went past seat 1
    s.expect(2, "receive", "step3")
    assert [e["seat"] for e in events(g, "arrive")] == [2]


def test_C_FU_SHE_1_in_his_own_pass_too_but_never_on_himself_as_the_sender() -> None:
    g = step1(current=2, transit={"card": "K:decode", "sender": 2}, locks=[])
    assert sorted(o for o in opts(g) if o.startswith("skill")) == [f"skill {FS}.1 @{t}" for t in (0, 1, 3, 4)]


def test_C_FU_SHE_1_a_lured_direct_target_sends_the_card_back() -> None:
    g = step1(transit={"card": "K:lock", "target": 4}, locks=[])
    s = Script(g)
    s.do(f"2: skill {FS}.1 @4")
    assert events(g, "turn_back") == [{"kind": "turn_back", "target": 4}]


def test_C_FU_SHE_1_only_in_step_1() -> None:
    g = build(current=2, hands={2: ["R:decode", "B:probe"]}, characters={2: FS}, at="play")
    assert not any(o.startswith("skill") for o in opts(g))
    g = build(
        current=0,
        hands={0: ["R:decode"], 2: ["B:decode"]},
        transit={"card": "K:decode", "holder": 2},
        characters={2: FS},
        at="step2",
    )
    s = Script(g)
    s.expect(2, "priority", "step2")
    assert not any(o.startswith("skill") for o in opts(g))


def test_C_FU_SHE_1_not_while_covered() -> None:
    g = step1(face_up=False)
    s = Script(g)
    s.expect(1, "receive", "step3")  # he had nothing to do in Step 1 (his hand is not empty either)
    assert not events(g, "lured")


# --- C-FU_SHE-2 弹药无限 -----------------------------------------------------------------------------------------
def test_C_FU_SHE_2_face_down_with_an_empty_hand_he_flips_and_draws_one() -> None:
    g = build(
        current=0,
        hands={0: ["R:decode", "R:probe"], 2: []},
        deck=["K:lock"],
        characters={2: FS},
        face_up={2: False},
        at="play",
    )
    s = Script(g)
    s.do("0: pass")
    s.expect(2, "priority", "play")
    assert opts(g) == ["pass", f"skill {FS}.2"]
    top = g.deck[-1]
    s.do(f"2: skill {FS}.2")
    assert g.seats[2].face_up and events(g, "flip")[-1]["seat"] == 2
    s.do("0: pass")  # the effect resolves from the stack
    assert g.seats[2].hand == [top]


def test_C_FU_SHE_2_not_with_cards_in_hand() -> None:
    g = build(
        current=0,
        hands={0: ["R:decode", "R:probe"], 2: ["B:decode"]},
        characters={2: FS},
        face_up={2: False},
        at="play",
    )
    s = Script(g)
    s.do("0: pass")
    s.expect(0, "send")  # 蝮蛇 had nothing to do


def test_C_FU_SHE_2_not_while_face_up() -> None:
    g = build(current=0, hands={0: ["R:decode", "R:probe"], 2: []}, characters={2: FS}, at="play")
    s = Script(g)
    s.do("0: pass")
    s.expect(0, "send")


def test_C_FU_SHE_2_stays_usable_after_feint_covered_him() -> None:
    g = step1(hand=[])
    s = Script(g)
    s.do(f"2: skill {FS}.1 @1")
    s.expect(2, "priority", "step1")  # priority comes back to him before the lure resolves
    assert opts(g) == ["pass", f"skill {FS}.2"]
    s.do(f"2: skill {FS}.2")
    assert g.seats[2].face_up
    s.expect(2, "priority", "step1")  # face up again: 声东击西 works again
    assert f"skill {FS}.1 @4" in opts(g)
    s.do("2: pass")  # both skills resolve, LIFO
    assert len(g.seats[2].hand) == 1
    assert [e["seat"] for e in events(g, "lured")] == [1]


# --- mission ------------------------------------------------------------------------------------------------
def declare_game(face_up: bool = True, identities: tuple[str, ...] = ("mi", "ug", "by", "mi", "mi"), **kw: Any) -> Game:
    """Seat 1 (潜伏战线, two red intelligence) is about to accept a third red card; 蝮蛇 (seat 2) is a bystander."""
    return build(
        identities=list(identities),
        current=0,
        hands={0: ["R:decode"]},
        intel={1: ["R:lock", "R:burn"]},
        transit={"card": "R:probe", "holder": 1},
        characters={2: FS},
        face_up={2: face_up},
        at="step3",
        **kw,
    )


def test_mission_fu_she_a_declaration_while_nobody_has_died_is_his_win() -> None:
    g = declare_game()
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["reason"] == "hijacked" and r["winners"] == [2] and r["declarer"] == 1


def test_mission_fu_she_counts_while_covered() -> None:
    g = declare_game(face_up=False)  # S-CHAR-4: a covered public character keeps his mission
    s = Script(g)
    s.do("1: accept", "1: declare")
    assert s.over()["winners"] == [2]


def test_mission_fu_she_not_once_a_player_has_died() -> None:
    g = declare_game(dead=[4])
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [1]


def test_mission_fu_she_counts_only_for_a_bystander() -> None:
    g = declare_game(identities=("mi", "ug", "mi", "mi", "ug"))
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [1, 4]


def test_mission_fu_she_S_WIN_10_a_declaration_made_possible_during_a_death_comes_after_it() -> None:
    """浮萍 (seat 3) is dying; her 后着 gives seat 1 his third red card. He may declare only once her death is final
    (S-WIN-10, A-37): she has died by then, so 蝮蛇's mission (nobody has died) is not met."""
    g = build(
        identities=["mi", "ug", "by", "mi", "mi"],
        current=0,
        hands={0: ["R:decode"], 4: ["R:lock"]},
        intel={1: ["R:burn", "R:lure_away"], 3: ["K:lock", "K:burn"]},
        locks=[3],
        transit={"card": "K:probe", "holder": 3},
        characters={2: FS, 3: "fu_ping"},
        face_up={3: True},
        at="step3",
    )
    s = Script(g)
    s.do("3: choose @4", "3: choose @1")  # his only card (a forced choice), in front of seat 1
    assert not g.seats[3].alive and g.death_order == [3]  # her death was final before anyone was asked
    s.expect(1, "declare", "settle")
    s.do("1: declare")
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [1]
