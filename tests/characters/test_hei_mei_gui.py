"""黑玫瑰 (standard-characters.md §A5): C-HEI_MEI_GUI-1 血染玫瑰, worked example EX-2 with the real characters, and
the mission (A-39, A-48, A-72, S-DEATH-3)."""

from __future__ import annotations

from typing import Any

from fengsheng.config import Config
from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import CARD_TYPE, IS_BLACK, build, kinds, opts

HMG = "hei_mei_gui"
FLIP = f"skill {HMG}.1"


ROSE_HAND = ["K:decode", "K:return", "K:intercept"]  # black cards she cannot use in the play phase


def rose(top: str = "K:burn", **kw: Any) -> Game:
    """Seat 0's play phase; 黑玫瑰 is seat 2 (face down) holding three black cards; seat 3 holds 烧毁; seat 1 has one
    false intelligence (so 烧毁 has a target)."""
    hands = {0: ["R:decode", "B:decode"], 2: list(ROSE_HAND), 3: ["R:burn"]}
    hands.update(kw.pop("hands", {}))
    return build(
        current=0,
        at="play",
        hands=hands,
        intel=kw.pop("intel", {1: ["K:lock"]}),
        deck=[top],
        characters={2: HMG},
        **kw,
    )


def flip_and_resolve(s: Script) -> None:
    s.do(f"2: {FLIP}", "3: pass")  # seat 3 (烧毁) may answer; nobody does: it resolves


# ---------------------------------------------------------------------------------------------------------------
# C-HEI_MEI_GUI-1
# ---------------------------------------------------------------------------------------------------------------
def test_C_HEI_MEI_GUI_1_black_top_three_placed_at_once_kill_at_once_no_burn_window() -> None:
    g = rose()
    s = Script(g)
    s.expect(2, "priority", "play")  # any time, in anyone's turn: offered in seat 0's play phase
    assert FLIP in opts(g)
    flip_and_resolve(s)
    assert g.seats[2].face_up
    # the reveal comes first, then she names the target
    assert kinds(g)[-1] == "top_revealed"
    s.expect(2, "skill_choice", "C-HEI_MEI_GUI-1")
    assert {"choose @0", "choose @1", "choose @2", "choose @3", "pass"} == set(opts(g))  # herself included
    mark = len(g.events)
    s.do("2: choose @1", "2: choose c{K:decode}", "2: choose c{K:return}", "2: choose c{K:intercept}")
    # placed together: three ``obtain`` events, then the death, with no decision in between (the strict script
    # would have failed on any prompt, e.g. seat 3 being offered his 烧毁)
    new = kinds(g, mark)
    assert new[:4] == ["skill", "obtain", "obtain", "obtain"]
    assert new.index("dying") > 3 and "burned" not in new
    assert not g.seats[1].alive
    died = next(e for e in g.events if e.kind == "died")
    assert died.data["killer"] == 2  # her skill put the fatal card there
    assert g.seats[2].hand == []  # the cards came from her hand


def test_C_HEI_MEI_GUI_1_three_on_a_clean_player_kill_him_too() -> None:
    g = rose(intel={})  # seat 1 has no false intelligence: three at once are enough (S-DEATH-1)
    s = Script(g)
    s.do(f"2: {FLIP}")  # nobody can burn anything: it resolves
    s.do("2: choose @1", "2: choose c{K:decode}", "2: choose c{K:return}", "2: choose c{K:intercept}")
    assert not g.seats[1].alive and g.death_order == [1]


def test_C_HEI_MEI_GUI_1_not_black_only_one() -> None:
    g = rose(top="R:burn")
    s = Script(g)
    flip_and_resolve(s)
    s.do("2: choose @3", "2: choose c{K:decode}")  # one card, placed at once: no further question
    assert len(g.seats[3].intel) == 1 and IS_BLACK[g.seats[3].intel[0]]
    assert len(g.seats[2].hand) == 2
    s.expect(3, "priority", "play")  # back in the window: seat 3 may burn again


def test_C_HEI_MEI_GUI_1_the_reveal_is_compulsory_the_card_stays_on_top_and_she_may_place_nothing() -> None:
    g = rose()
    top = g.deck[-1]
    s = Script(g)
    flip_and_resolve(s)
    revealed = [e for e in g.events if e.kind == "top_revealed"]
    assert [e.for_seat(None)["card"] for e in revealed] == [top]  # shown to everyone
    assert g.deck[-1] == top  # back on top of the deck
    s.do("2: pass")  # 000「判定后可以选择不放假情报」
    assert g.seats[2].hand and all(len(x.intel) == (1 if x.index == 1 else 0) for x in g.seats)


def test_C_HEI_MEI_GUI_1_she_may_stop_after_one_card_and_may_target_herself() -> None:
    g = rose()
    s = Script(g)
    flip_and_resolve(s)
    s.do("2: choose @2", "2: choose c{K:decode}")
    assert "pass" in opts(g)  # after the first card she may stop
    s.do("2: pass")
    assert len(g.seats[2].intel) == 1 and len(g.seats[2].hand) == 2


def test_C_HEI_MEI_GUI_1_with_fewer_black_cards_she_places_what_she_has() -> None:
    g = rose(hands={2: ["K:decode", "R:return"]})
    s = Script(g)
    flip_and_resolve(s)
    s.do("2: choose @3")  # her only black card is placed without a question
    assert len(g.seats[3].intel) == 1 and find_cards("R:return", g.seats[2].hand)


def test_C_HEI_MEI_GUI_1_without_black_cards_the_flip_still_reveals() -> None:
    g = rose(hands={2: ["R:decode"]})
    s = Script(g)
    flip_and_resolve(s)
    assert "top_revealed" in kinds(g) and g.seats[2].face_up
    s.expect(3, "priority", "play")  # nothing to place: no question


def test_C_HEI_MEI_GUI_1_not_in_step_3_and_not_once_face_up() -> None:
    g = build(
        current=0, at="step3", transit={"card": "K:intercept", "holder": 1}, characters={2: HMG}, hands={2: ROSE_HAND}
    )
    s = Script(g)
    s.expect(1, "receive")  # Step 3: a plain decision, no window for her skill (S-PASS-5)
    g2 = build(
        current=0, at="play", characters={2: HMG}, face_up={2: True}, hands={2: ["R:burn"]}, intel={1: ["K:lock"]}
    )
    Script(g2).expect(2, "priority", "play")
    assert FLIP not in opts(g2)


def test_C_HEI_MEI_GUI_1_cannot_be_cancelled_by_see_through() -> None:
    g = rose(hands={3: ["R:burn", "R:see_through"]})
    s = Script(g)
    s.do(f"2: {FLIP}")
    s.expect(3, "priority", "play")
    assert not any("see_through" in o for o in opts(g))


def test_C_HEI_MEI_GUI_face_down_she_has_no_sex() -> None:
    g = rose()
    assert not g.seats[2].sex_matches("F")
    Script(g).do(f"2: {FLIP}")
    assert g.seats[2].sex_matches("F")


# ---------------------------------------------------------------------------------------------------------------
# EX-2 (003) with the real 黑玫瑰 (B) and 柒佰 (E)
# ---------------------------------------------------------------------------------------------------------------
def test_EX_2_passing_phase_example_with_hei_mei_gui_and_qi_bai() -> None:
    # A..E = seats 0..4, A's turn. B (黑玫瑰, face down) has two false intelligence; E is 柒佰.
    g = build(
        players=5,
        identities=["ug", "mi", "ug", "mi", "by"],
        current=0,
        at="pass",
        hands={
            0: ["K:decode", "R:lure_away", "R:decode"],
            1: ["K:lock", "K:return", "K:lure_away"],
            3: ["K:intercept"],
            4: ["B:decode", "B:return", "B:lock"],
        },
        intel={1: ["K:probe", "K:see_through"]},
        deck=["K:decode", "R:return"],  # the top card is black; then 柒佰 draws it and a red 退回
        characters={1: HMG, 4: "qi_bai"},
    )
    s = Script(g)
    s.do("0: send c{K:decode}")  # A sends a 密电 (black)
    card = g.passing.card
    s.do("0: play c{R:lure_away} lure_away @1")  # and lures B away
    s.do("1: pass", "3: pass", "4: pass")  # the lure resolves
    assert g.passing.lured == [1]
    s.do("1: pass", "3: play c{K:intercept} intercept")  # D plays 截获
    s.do("4: pass", f"1: {FLIP}")  # B answers by flipping 黑玫瑰 (血染玫瑰)
    assert g.seats[1].face_up
    s.do("4: pass", "1: pass")  # all pass: her skill resolves first (LIFO)
    assert "top_revealed" in kinds(g)  # the top card is black ...
    s.do("1: choose @3", "1: choose c{K:lock}", "1: choose c{K:return}", "1: choose c{K:lure_away}")
    assert not g.seats[3].alive  # ... she puts three false intelligence on D, who dies at once
    fizzles = [e.data for e in g.events if e.kind == "fizzle"]
    assert [(f["use"], f["why"]) for f in fizzles] == [("intercept", "user_gone")]  # D's 截获 fails
    s.do("4: pass")  # nobody acts; the card goes on to C (B is lured away)
    s.do("2: decline")
    s.do("4: pass")  # the card goes to E (D is dead)
    assert [e.data["seat"] for e in g.events if e.kind == "arrive"] == [2, 4]
    s.do("4: play c{B:decode} decode", "4: pass")  # E decodes ...
    assert 4 in g.passing.seen
    s.do("4: play c{B:return} return")  # ... then returns it
    s.do("4: pass")
    s.do("2: decline")  # back at C, who declines again
    # back in Step 1, E (柒佰, 敏锐) locks B during A's turn; 联动: draw 2 and give a card to A; the lock resolves
    s.do("4: play c{B:lock} lock @1")
    s.expect(4, "skill_choice", "C-QI_BAI-2")
    assert len(g.seats[4].hand) == 2
    s.do("4: choose c{K:decode}", "4: choose @0")
    assert find_cards("K:decode", g.seats[0].hand)
    assert [e.data["seat"] for e in g.events if e.kind == "locked"] == [1]
    # the lock cancelled the earlier 调虎离山: the card reaches B, who has to accept it: it is black, B now has three
    # false intelligence and dies
    assert [e.data["seat"] for e in g.events if e.kind == "arrive"] == [2, 4, 2, 1]
    assert [e.data for e in g.events if e.kind == "obtain"][-1] == {
        "seat": 1,
        "card": card,
        "how": "forced",
        "source": 0,
    }
    assert [e.data["seat"] for e in g.events if e.kind == "died"] == [3, 1]
    assert CARD_TYPE[card] == "decode"
    assert g.passing is None or g.passing.finished


# ---------------------------------------------------------------------------------------------------------------
# Mission
# ---------------------------------------------------------------------------------------------------------------
def test_mission_hei_mei_gui_military_intel_wiped_out() -> None:
    # seat 1 is the only 军情局 player; 黑玫瑰 (a bystander, seat 2) kills him with her skill and declares
    g = rose(identities=["ug", "mi", "by", "ug"])
    s = Script(g)
    flip_and_resolve(s)
    s.do("2: choose @1", "2: choose c{K:decode}", "2: choose c{K:return}", "2: pass")  # he had one already
    assert not g.seats[1].alive
    s.expect(2, "declare")
    s.do("2: declare")
    assert s.over()["winners"] == [2]


def test_mission_hei_mei_gui_not_while_a_military_intel_player_lives_or_for_a_faction_player() -> None:
    g = rose(identities=["ug", "mi", "by", "mi"])  # two 军情局: one death is not enough
    s = Script(g)
    flip_and_resolve(s)
    s.do("2: choose @1", "2: choose c{K:decode}", "2: choose c{K:return}", "2: pass")
    assert not g.seats[1].alive and not g.declarable[2]
    g2 = rose(identities=["ug", "mi", "ug", "by"])  # she is 潜伏战线: her mission does not count
    s2 = Script(g2)
    flip_and_resolve(s2)
    s2.do("2: choose @1", "2: choose c{K:decode}", "2: choose c{K:return}", "2: pass")
    assert not g2.seats[1].alive and not g2.declarable[2]


WAITING = {"seat": None, "kind": "waiting", "context": ""}


def test_C_HEI_MEI_GUI_1_the_follow_up_is_private() -> None:
    """After the public reveal, the player and the cards depend on her hand: others see only a wait (issue 9)."""
    g = rose()
    s = Script(g)
    flip_and_resolve(s)
    d = s.expect(2, "skill_choice", "C-HEI_MEI_GUI-1")
    assert d.private and all(g.view(v)["decision"] == WAITING for v in (0, 1, 3, None))
    s.do("2: choose @3")
    assert s.expect(2, "skill_choice", "C-HEI_MEI_GUI-1").private  # the cards too, until they are placed


def test_C_HEI_MEI_GUI_1_uniform_prompts_ask_her_without_a_black_card_too() -> None:
    """Config.uniform_prompts: after the reveal she is asked whatever she holds, ``continue`` only without one."""
    g = rose(hands={2: ["R:decode"]}, config=Config(players=4, uniform_prompts=True))
    while g.decision is not None and g.decision.seat != 2:  # everyone is asked in every window
        g.act("pass")
    g.act(FLIP, seat=2)
    while g.decision is not None and g.decision.kind == "priority":  # everyone is asked in every window
        g.act("pass")
    d = g.decision
    assert d is not None and d.seat == 2 and d.context == "C-HEI_MEI_GUI-1" and d.private
    assert opts(g) == ["continue"] and "top_revealed" in kinds(g)
    g.act("continue")
    assert g.decision is not None and g.decision.kind == "priority" and all(not x.intel for x in g.seats[2:])
