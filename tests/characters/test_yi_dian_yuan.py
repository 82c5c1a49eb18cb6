"""译电员 (standard-characters.md §A2): C-YI_DIAN_YUAN-1, C-YI_DIAN_YUAN-2 and the mission (A-71, A-65)."""

from __future__ import annotations

from typing import Any

from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import build, kinds, opts

YDY = "yi_dian_yuan"
FLIP = f"skill {YDY}.1"
COVER = f"skill {YDY}.2"


def arrived_at(seat: int, up: bool = False, **kw: Any) -> Game:
    """A 密电 (black 截获) has reached ``seat`` (Step 2); 译电员 sits there, face down unless ``up``."""
    hands = {seat: ["R:decode"]}
    hands.update(kw.pop("hands", {}))
    return build(
        current=0,
        at="step2",
        transit={"card": "K:intercept", "holder": seat},
        hands=hands,
        characters=kw.pop("characters", {seat: YDY}),
        face_up=kw.pop("face_up", {seat: up}),
        deck=["B:burn"],
        **kw,
    )


# ---------------------------------------------------------------------------------------------------------------
# C-YI_DIAN_YUAN-1: flip when the card reaches her: draw 1, then inspect
# ---------------------------------------------------------------------------------------------------------------
def test_C_YI_DIAN_YUAN_1_flip_when_the_card_reaches_her_draws_then_inspects() -> None:
    g = arrived_at(1)
    card = g.passing.card
    assert FLIP in opts(g) and g.decision.context == "step2"
    mark = len(g.events)
    s = Script(g)
    s.do(f"1: {FLIP}")
    assert g.seats[1].face_up  # the flip is the cost, paid at once
    assert "draw" not in kinds(g, mark)  # the effect waits on the stack
    s.do("1: pass")  # everyone else is auto-passed: it resolves
    new = g.events[mark:]
    order = [e.kind for e in new if e.kind in ("draw", "inspected")]
    assert order == ["draw", "inspected"]  # draw first, then inspect
    assert find_cards("B:burn", g.seats[1].hand)
    inspected = next(e for e in new if e.kind == "inspected")
    assert inspected.for_seat(1)["card"] == card and "card" not in inspected.for_seat(2)  # only she sees it
    assert 1 in g.passing.seen and g.view(1)["transit"]["card"] == card and g.view(2)["transit"]["card"] is None
    assert "decoded" not in kinds(g, mark)  # not a 破译
    s.do("1: pass")  # the Step-2 window closes
    s.expect(1, "receive")


def test_C_YI_DIAN_YUAN_1_only_when_the_card_has_reached_her() -> None:
    # the card is at seat 2: she (seat 1, face down) has no option in that Step-2 window
    g = arrived_at(2, characters={1: YDY}, face_up={1: False}, hands={1: ["R:burn"]}, intel={3: ["K:lock"]})
    s = Script(g)
    s.expect(1, "priority", "step2")  # she holds a usable 烧毁, so she is asked
    assert FLIP not in opts(g)
    # in the play phase and in Step 1 her flip is not offered either (000「不符合翻开条件时不能主动翻开角色牌」)
    g2 = build(current=0, at="play", characters={1: YDY}, hands={1: ["R:burn"]}, intel={3: ["K:lock"]})
    Script(g2).expect(1, "priority", "play")
    assert FLIP not in opts(g2)
    g3 = build(
        current=0,
        at="step1",
        transit={"card": "K:intercept"},
        characters={1: YDY},
        hands={1: ["R:burn"]},
        intel={3: ["K:lock"]},
    )
    Script(g3).expect(1, "priority", "step1")
    assert FLIP not in opts(g3)


def test_C_YI_DIAN_YUAN_1_cannot_be_cancelled_by_see_through() -> None:
    g = arrived_at(1, hands={2: ["R:see_through", "R:burn"]}, intel={3: ["K:lock"]})
    s = Script(g)
    s.do(f"1: {FLIP}")
    s.expect(2, "priority", "step2")  # he holds 识破 and 烧毁 ...
    assert not any("see_through" in o for o in opts(g))  # ... but 识破 has no target: a skill is not a card
    s.do("2: pass", "1: pass")
    assert find_cards("B:burn", g.seats[1].hand) and 1 in g.passing.seen


def test_C_YI_DIAN_YUAN_1_a_face_up_clerk_cannot_flip_again() -> None:
    g = arrived_at(1, up=True)
    assert FLIP not in opts(g)


# ---------------------------------------------------------------------------------------------------------------
# C-YI_DIAN_YUAN-2: when intelligence is decoded, she may cover herself
# ---------------------------------------------------------------------------------------------------------------
def test_C_YI_DIAN_YUAN_2_any_successful_decode_lets_her_cover_then_flip_again_later() -> None:
    # she is seat 3, face up; the card is at seat 2, who decodes it
    g = arrived_at(2, characters={3: YDY}, face_up={3: True}, hands={2: ["B:decode"]})
    s = Script(g)
    s.do("2: play c{B:decode} decode")  # everyone else is auto-passed: it resolves
    s.expect(3, "skill_choice", "C-YI_DIAN_YUAN-2")
    assert not g.decision.private  # she is face up: nothing to hide
    s.do(f"3: {COVER}")
    assert not g.seats[3].face_up
    assert g.view(0)["seats"][3]["character"] is None  # face down again
    s.do("2: decline")
    # Step 1, then the card reaches her: face down again, she may flip with skill 1
    s.expect(3, "priority", "step2")
    assert FLIP in opts(g)


def test_C_YI_DIAN_YUAN_2_is_optional() -> None:
    g = arrived_at(2, characters={3: YDY}, face_up={3: True}, hands={2: ["B:decode"]})
    s = Script(g)
    s.do("2: play c{B:decode} decode", "3: pass")
    s.expect(2, "receive")
    assert g.seats[3].face_up


def test_C_YI_DIAN_YUAN_2_her_own_decode_on_text_intelligence_counts() -> None:
    # her own 破译 counts, and a 破译 on 文本 intelligence too
    g = build(
        current=0,
        at="step2",
        transit={"card": "R:lure_away", "holder": 1},  # 调虎离山: all 文本
        hands={1: ["B:decode"]},
        characters={1: YDY},
        face_up={1: True},
    )
    s = Script(g)
    s.do("1: play c{B:decode} decode")
    s.expect(1, "skill_choice", "C-YI_DIAN_YUAN-2")
    s.do(f"1: {COVER}")
    assert not g.seats[1].face_up


def test_C_YI_DIAN_YUAN_2_not_triggered_by_her_own_flip() -> None:
    g = arrived_at(1)
    s = Script(g)
    s.do(f"1: {FLIP}", "1: pass", "1: pass")  # a strict script: no cover prompt comes
    s.expect(1, "receive")
    assert g.seats[1].face_up


def test_C_YI_DIAN_YUAN_2_not_while_face_down() -> None:
    g = arrived_at(2, characters={3: YDY}, face_up={3: False}, hands={2: ["B:decode"]})
    s = Script(g)
    s.do("2: play c{B:decode} decode")
    s.expect(2, "receive")  # no cover prompt came: a face-down character's other skills are off (S-CHAR-2)
    assert "decoded" in kinds(g)


def test_C_YI_DIAN_YUAN_2_not_when_the_decode_is_cancelled() -> None:
    g = arrived_at(2, characters={3: YDY}, face_up={3: True}, hands={2: ["B:decode"], 0: ["R:see_through"]})
    s = Script(g)
    s.do("2: play c{B:decode} decode", "0: play c{R:see_through} see_through ^top")
    s.expect(2, "receive")  # the 破译 took no effect (S-TERM-13): no cover prompt
    assert g.seats[3].face_up


# ---------------------------------------------------------------------------------------------------------------
# Sex and mission
# ---------------------------------------------------------------------------------------------------------------
def test_C_YI_DIAN_YUAN_face_down_she_has_no_sex() -> None:
    g = arrived_at(1)
    assert not g.seats[1].sex_matches("F")
    Script(g).do(f"1: {FLIP}")
    assert g.seats[1].sex_matches("F")


def test_mission_yi_dian_yuan_three_blue_intelligence_for_a_bystander_even_face_down() -> None:
    g = build(
        current=0,
        identities=["ug", "mi", "by", "ug"],
        at="step3",
        transit={"card": "B:lock", "holder": 2},
        intel={2: ["B:decode", "B:burn"]},
        characters={2: YDY},
    )
    s = Script(g)
    s.do("2: accept")
    s.expect(2, "declare")
    s.do("2: declare")
    assert s.over()["winners"] == [2]


def test_mission_yi_dian_yuan_only_for_a_bystander() -> None:
    g = build(
        current=0,
        identities=["ug", "mi", "ug", "by"],
        at="step3",
        transit={"card": "B:lock", "holder": 2},
        intel={2: ["B:decode", "B:burn"]},
        characters={2: YDY},
    )
    Script(g).do("2: accept")
    assert g.decision.kind != "declare" and not g.declarable[2]
