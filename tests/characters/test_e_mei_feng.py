"""峨嵋风 (standard-characters.md §A6): C-E_MEI_FENG-1 (a flip that counts as 截获), C-E_MEI_FENG-2 and the mission
(A-4, A-5, A-41, A-46, A-47, A-60)."""

from __future__ import annotations

from typing import Any

from fengsheng.config import Config
from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import build, kinds, opts

EMF = "e_mei_feng"
FLIP = f"skill {EMF}.1"


def in_transit(seat: int = 2, **kw: Any) -> Game:
    """Seat 0 sends a black 破译 (密电); Step 1; 峨嵋风 is ``seat`` (face down)."""
    return build(
        current=0,
        at="step1",
        transit=kw.pop("transit", {"card": "K:decode"}),
        characters=kw.pop("characters", {seat: EMF}),
        **kw,
    )


def obtained(g: Game) -> list[dict[str, Any]]:
    return [e.data for e in g.events if e.kind == "obtain"]


# ---------------------------------------------------------------------------------------------------------------
# C-E_MEI_FENG-1
# ---------------------------------------------------------------------------------------------------------------
def test_C_E_MEI_FENG_1_flip_in_another_players_step_1_intercepts() -> None:
    g = in_transit()
    card = g.passing.card
    s = Script(g)
    s.expect(2, "priority", "step1")
    s.do(f"2: {FLIP}")  # everyone else passes (auto): it resolves
    assert g.seats[2].face_up
    assert obtained(g) == [{"seat": 2, "card": card, "how": "intercept", "source": 0}]  # still sent by seat 0
    assert g.passing is None or g.passing.finished


def test_C_E_MEI_FENG_1_joins_the_lifo_chain_of_intercepts_last_one_wins() -> None:
    # seat 1 plays a 截获 card, then 峨嵋风 flips: his resolves first and takes the card
    g = in_transit(hands={1: ["K:intercept"]})
    card = g.passing.card
    s = Script(g)
    s.do("1: play c{K:intercept} intercept", f"2: {FLIP}")
    assert obtained(g) == [{"seat": 2, "card": card, "how": "intercept", "source": 0}]
    fizzle = [e.data for e in g.events if e.kind == "fizzle"]
    assert [(f["user"], f["use"], f["why"]) for f in fizzle] == [(1, "intercept", "card_gone")]
    assert find_cards("K:intercept", g.discard)  # the failed 截获 is discarded (EX-3)


def test_C_E_MEI_FENG_1_an_intercept_played_after_his_flip_wins() -> None:
    g = in_transit(hands={3: ["K:intercept"]})
    card = g.passing.card
    s = Script(g)
    s.do(f"2: {FLIP}", "3: play c{K:intercept} intercept")
    assert obtained(g) == [{"seat": 3, "card": card, "how": "intercept", "source": 0}]
    fizzle = [e.data for e in g.events if e.kind == "fizzle"]
    assert [(f["user"], f["use"], f["why"]) for f in fizzle] == [(2, f"{EMF}.1", "card_gone")]
    assert g.seats[2].face_up  # he stays flipped: the flip was the cost


def test_C_E_MEI_FENG_1_cannot_be_cancelled_by_see_through() -> None:
    g = in_transit(hands={3: ["R:see_through", "K:intercept"]})
    s = Script(g)
    s.do(f"2: {FLIP}")
    s.expect(3, "priority", "step1")
    assert not any("see_through" in o for o in opts(g))  # a skill is not a card (S-CHAR-6)
    s.do("3: pass")
    assert obtained(g)[0]["seat"] == 2


def test_C_E_MEI_FENG_1_beats_a_lock_on_a_direct_target() -> None:
    # A-4 / S-PREC-3: a 直达 to a locked seat 1 can still be intercepted in Step 1
    g = in_transit(transit={"card": "K:lock", "target": 1}, locks=[1])
    s = Script(g)
    s.do(f"2: {FLIP}")
    assert obtained(g)[0]["seat"] == 2 and obtained(g)[0]["how"] == "intercept"


def test_C_E_MEI_FENG_1_in_his_own_turn_the_flip_has_no_effect() -> None:
    # A-46: 截获 is for other players' turns; he is the current player and the sender
    g = in_transit(seat=0, hands={0: ["R:decode"]})
    s = Script(g)
    s.expect(0, "priority", "step1")
    mark = len(g.events)
    s.do(f"0: {FLIP}")
    assert g.seats[0].face_up
    assert "resolve" not in kinds(g, mark) and obtained(g) == []  # nothing went on the stack
    s.expect(1, "receive")  # the card went on to seat 1


def test_C_E_MEI_FENG_1_outside_step_1_the_flip_has_no_effect() -> None:
    # the play phase of another player
    g = build(current=0, at="play", characters={2: EMF}, hands={0: ["R:decode", "B:decode"]})
    s = Script(g)
    mark = len(g.events)
    s.do(f"2: {FLIP}")
    assert g.seats[2].face_up and "resolve" not in kinds(g, mark)
    s.expect(0, "send")
    # Step 2 of another player's turn: the card has reached seat 1, 截获 is no longer legal
    g2 = build(current=0, at="step2", transit={"card": "K:decode", "holder": 1}, characters={2: EMF})
    s2 = Script(g2)
    s2.do(f"2: {FLIP}")
    assert g2.seats[2].face_up and obtained(g2) == []
    s2.expect(1, "receive")


def test_C_E_MEI_FENG_1_the_flip_is_offered_in_every_window_while_face_down() -> None:
    g = build(current=0, at="end", characters={2: EMF})
    Script(g).expect(2, "priority", "end")
    assert FLIP in opts(g)
    g2 = build(
        current=0, at="play", characters={2: EMF}, face_up={2: True}, hands={2: ["R:burn"]}, intel={1: ["K:lock"]}
    )
    Script(g2).expect(2, "priority", "play")
    assert FLIP not in opts(g2)  # face up: nothing to flip


# ---------------------------------------------------------------------------------------------------------------
# C-E_MEI_FENG-2
# ---------------------------------------------------------------------------------------------------------------
SEXES = ("M", "M", "F", "M")


def sent_black(**kw: Any) -> Game:
    """峨嵋风 (seat 0, face up) has sent a black 破译 which has reached seat 1 (Step 3). Seat 2 is a woman (player),
    seat 3 a man; each of 0, 2, 3 has one false intelligence."""
    return build(
        current=0,
        at="step3",
        transit=kw.pop("transit", {"card": "K:decode", "holder": 1}),
        characters=kw.pop("characters", {0: EMF}),
        face_up=kw.pop("face_up", {0: True}),
        intel=kw.pop("intel", {0: ["K:lock"], 2: ["K:burn"], 3: ["K:return"]}),
        hands=kw.pop("hands", {0: ["R:decode", "B:decode"]}),
        config=Config(players=4, auto_pass=True, player_sexes=SEXES),
        **kw,
    )


def test_C_E_MEI_FENG_2_burns_a_false_intelligence_of_himself_or_a_woman() -> None:
    g = sent_black()
    s = Script(g)
    s.do("1: accept")
    s.expect(0, "skill_choice", "C-E_MEI_FENG-2")
    lock, burn, ret = g.seats[0].intel[0], g.seats[2].intel[0], g.seats[3].intel[0]
    assert set(opts(g)) == {f"choose @0 x{lock}", f"choose @2 x{burn}", "pass"}  # not the man at seat 3
    assert f"choose @3 x{ret}" not in opts(g)
    s.do(f"0: choose @2 x{burn}")
    assert g.seats[2].intel == [] and burn in g.discard
    assert [e.data for e in g.events if e.kind == "burned"] == [{"seat": 2, "card": burn, "by": 0}]


def test_C_E_MEI_FENG_2_is_optional() -> None:
    g = sent_black()
    Script(g).do("1: accept", "0: pass")
    assert len(g.seats[0].intel) == 1 and len(g.seats[2].intel) == 1


def test_C_E_MEI_FENG_2_a_face_down_female_character_is_not_a_woman() -> None:
    # seat 3 plays 黑玫瑰 face down: no sex (S-CHAR-3); face up, she counts
    g = sent_black(characters={0: EMF, 3: "hei_mei_gui"}, face_up={0: True, 3: False}, intel={3: ["K:return"]})
    Script(g).do("1: accept")
    assert g.decision.kind != "skill_choice"  # no valid target: no question
    g2 = sent_black(characters={0: EMF, 3: "hei_mei_gui"}, face_up={0: True, 3: True}, intel={3: ["K:return"]})
    Script(g2).do("1: accept").expect(0, "skill_choice", "C-E_MEI_FENG-2")
    assert opts(g2) == [f"choose @3 x{g2.seats[3].intel[0]}", "pass"]


def test_C_E_MEI_FENG_2_the_recipient_herself_but_not_to_save_her() -> None:
    # the woman who took his card is a valid target while she lives ...
    g = sent_black(transit={"card": "K:decode", "holder": 2}, intel={2: ["K:burn"]})
    Script(g).do("2: accept").expect(0, "skill_choice")
    assert len([o for o in opts(g) if o.startswith("choose @2")]) == 2
    # ... but not once it was her third: death is immediate, and he cannot save her
    g2 = sent_black(transit={"card": "K:decode", "holder": 2}, intel={2: ["K:burn", "K:return"]})
    Script(g2).do("2: accept")
    assert not g2.seats[2].alive
    assert g2.decision is None or g2.decision.kind != "skill_choice"  # he had no other target: no question


def test_C_E_MEI_FENG_2_intercepted_intelligence_is_still_his() -> None:
    # seat 1 intercepts his black card: it was sent by him
    g = build(
        current=0,
        at="step1",
        transit={"card": "K:decode"},
        characters={0: EMF},
        face_up={0: True},
        intel={0: ["K:lock"]},
        hands={0: ["R:decode", "B:decode"], 1: ["K:intercept"]},
    )
    s = Script(g)
    s.do("1: play c{K:intercept} intercept")
    s.expect(0, "skill_choice", "C-E_MEI_FENG-2")


def test_C_E_MEI_FENG_2_not_when_his_own_card_comes_back_to_him() -> None:
    g = sent_black(transit={"card": "K:decode", "holder": 3})
    s = Script(g)
    s.do("3: decline", "0: pass")  # the card comes back to him (Step 2 at the sender): he must take it (S-PASS-6)
    assert [(e.data["seat"], e.data["how"]) for e in g.events if e.kind == "obtain"] == [(0, "forced")]
    # no C-E_MEI_FENG-2 question (000「当你自己传出的假情报返回你手里时，不能触发该技能」): the turn goes on
    assert g.decision.kind != "skill_choice" and len(g.seats[0].intel) == 2


def test_C_E_MEI_FENG_2_not_while_face_down_and_not_for_red_or_blue() -> None:
    g = sent_black(face_up={0: False})
    Script(g).do("1: accept")
    assert g.decision.kind != "skill_choice"
    g2 = sent_black(transit={"card": "B:decode", "holder": 1})
    Script(g2).do("1: accept")
    assert g2.decision.kind != "skill_choice"


# ---------------------------------------------------------------------------------------------------------------
# Sex and mission
# ---------------------------------------------------------------------------------------------------------------
def test_C_E_MEI_FENG_face_down_he_has_no_sex() -> None:
    g = in_transit()
    assert not g.seats[2].sex_matches("M")
    Script(g).do(f"2: {FLIP}")
    assert g.seats[2].sex_matches("M")


def test_mission_e_mei_feng_three_blue_intelligence_for_a_bystander() -> None:
    g = in_transit(identities=["ug", "mi", "by", "ug"], transit={"card": "B:decode"}, intel={2: ["B:lock", "B:burn"]})
    s = Script(g)
    s.do(f"2: {FLIP}")  # his 截获 gives him his third blue
    s.expect(2, "declare")
    s.do("2: declare")
    assert s.over()["winners"] == [2]


def test_mission_e_mei_feng_not_for_a_faction_player() -> None:
    g = in_transit(identities=["ug", "by", "mi", "ug"], transit={"card": "B:decode"}, intel={2: ["B:lock", "B:burn"]})
    s = Script(g)
    s.do(f"2: {FLIP}")
    s.expect(2, "declare")  # 军情局 with three blue: the faction condition, not the mission
    s.do("2: declare")
    assert s.over()["winners"] == [2] and s.over()["rule"] == "S-ID-2"
