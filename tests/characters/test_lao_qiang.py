"""老枪 (standard-characters.md §A3): C-LAO_QIANG-1, C-LAO_QIANG-2 and the mission (A-50, A-61, A-65)."""

from __future__ import annotations

from typing import Any

from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import build, opts

LQ = "lao_qiang"
FLIP = f"skill {LQ}.1"


def cover(target: int) -> str:
    return f"skill {LQ}.2 @{target}"


# ---------------------------------------------------------------------------------------------------------------
# C-LAO_QIANG-1: flip when locked or probed, draw 2
# ---------------------------------------------------------------------------------------------------------------
def lock_scenario(**kw: Any) -> Game:
    return build(
        current=0,
        at="play",
        hands=kw.pop("hands", {0: ["R:lock", "R:decode", "K:decode"]}),
        deck=["B:burn", "B:decode"],
        characters=kw.pop("characters", {1: LQ}),
        **kw,
    )


def test_C_LAO_QIANG_1_flip_when_locked_draws_two() -> None:
    g = lock_scenario()
    s = Script(g)
    s.do("0: play c{R:lock} lock @1")  # everyone else auto-passes: the lock resolves
    s.expect(1, "skill_choice", "C-LAO_QIANG-1")
    assert g.decision.private  # who is asked would reveal the face-down card
    assert g.view(2)["decision"] == {"seat": None, "kind": "waiting", "context": ""}
    s.do(f"1: {FLIP}")
    assert g.seats[1].face_up
    assert find_cards("B:burn", g.seats[1].hand) and find_cards("B:decode", g.seats[1].hand)
    assert g.locks == [1]


def test_C_LAO_QIANG_1_R_6_locked_again_he_may_still_flip() -> None:
    """A lock on a player already locked is offered (R-6 leaves out only what surely does nothing): seat 1, locked
    before and face down, may be 老枪, and being locked again is 「当你被锁定时」. The locker cannot see his card,
    so the target is offered whatever it is."""
    g = lock_scenario(hands={0: ["R:lock", "B:lock", "R:decode"]}, locks=[1])
    s = Script(g)
    assert any(o == "play c{} lock @1".format(s.card("R:lock", 0)) for o in opts(g))
    s.do("0: play c{R:lock} lock @1", "0: pass")  # he still holds a 锁定, so he is asked too
    s.expect(1, "skill_choice", "C-LAO_QIANG-1")
    s.do(f"1: {FLIP}")
    assert g.seats[1].face_up and g.locks == [1]


def test_C_LAO_QIANG_1_flip_when_probed_draws_two_before_answering() -> None:
    g = build(
        current=0,
        at="play",
        identities=["ug", "mi", "by", "ug"],
        hands={0: ["R:probe:mi:discard", "R:decode"], 1: ["K:lock"]},
        deck=["B:burn", "B:decode"],
        characters={1: LQ},
    )
    s = Script(g)
    s.do("0: play c{R:probe:mi:discard} probe @1")
    s.expect(1, "skill_choice", "C-LAO_QIANG-1")
    s.do(f"1: {FLIP}")
    assert len(g.seats[1].hand) == 3
    s.expect(1, "discard")  # then he answers the probe (he is 军情局: discard one)


def test_C_LAO_QIANG_1_is_optional() -> None:
    g = lock_scenario()
    s = Script(g)
    s.do("0: play c{R:lock} lock @1", "1: pass")
    s.expect(0, "send")
    assert not g.seats[1].face_up and g.seats[1].hand == []


def test_C_LAO_QIANG_1_only_for_himself_and_only_when_its_condition_holds() -> None:
    # someone else is locked: no prompt (a strict script fails on any unscripted question)
    g = lock_scenario()
    s = Script(g)
    s.do("0: play c{R:lock} lock @2")
    s.expect(0, "send")
    assert not g.seats[1].face_up
    # a cancelled lock does not lock him (S-TERM-13)
    g2 = lock_scenario(hands={0: ["R:lock", "R:decode", "K:decode"], 3: ["B:see_through"]})
    s2 = Script(g2)
    s2.do("0: play c{R:lock} lock @1", "3: play c{B:see_through} see_through ^top")
    s2.expect(0, "send")
    assert not g2.seats[1].face_up
    # never at will: no flip option in a window (000「不符合翻开条件时不能主动翻开角色牌」)
    g3 = lock_scenario(hands={0: ["R:lock", "R:decode", "K:decode"], 1: ["R:burn"]}, intel={2: ["K:lock"]})
    Script(g3).do("0: pass").expect(1, "priority", "play")
    assert not any(o.startswith("skill") for o in opts(g3))


def test_C_LAO_QIANG_1_a_card_played_as_lock_counts() -> None:
    # A-61: 职业杀手's 识破 used as 锁定 is a full lock
    g = lock_scenario(hands={0: ["R:see_through", "R:decode", "K:decode"]}, characters={0: "zhi_ye_sha_shou", 1: LQ})
    s = Script(g)
    s.do("0: play c{R:see_through} lock @1")
    s.expect(1, "skill_choice", "C-LAO_QIANG-1")


# ---------------------------------------------------------------------------------------------------------------
# C-LAO_QIANG-2: cover himself and a face-up character; the two see each other's identity cards
# ---------------------------------------------------------------------------------------------------------------
def exchange_scenario(**kw: Any) -> Game:
    """老枪 (seat 1, face up, 潜伏战线... here 军情局) and 柒佰 (seat 2, public, a bystander); seat 0's play phase."""
    return build(
        current=0,
        at="play",
        identities=["ug", "mi", "by", "ug"],
        hands=kw.pop("hands", {0: ["R:decode", "K:decode"]}),
        characters=kw.pop("characters", {1: LQ, 2: "qi_bai"}),
        face_up=kw.pop("face_up", {1: True}),
        **kw,
    )


def test_C_LAO_QIANG_2_covers_both_and_they_see_each_others_identity() -> None:
    g = exchange_scenario()
    s = Script(g)
    s.expect(1, "priority", "play")  # any time, in anyone's turn
    assert cover(2) in opts(g) and cover(0) not in opts(g) and cover(1) not in opts(g)
    mark = len(g.events)
    s.do(f"1: {cover(2)}")  # nobody else can act: it resolves
    covers = [(i, e.data["seat"]) for i, e in enumerate(g.events) if e.kind == "cover"]
    resolved = next(i for i, e in enumerate(g.events) if e.kind == "resolve")
    assert covers[0][1] == 1 and covers[0][0] < resolved  # he covers himself when he uses it (the cost) ...
    assert covers[1][1] == 2 and covers[1][0] > resolved  # ... the target when it resolves
    assert not g.seats[1].face_up and not g.seats[2].face_up
    ex = next(e for e in g.events[mark:] if e.kind == "identities_exchanged")
    assert ex.for_seat(1)["identities"] == ["military_intel", "bystander"]
    assert ex.for_seat(2)["identities"] == ["military_intel", "bystander"]
    for other in (0, 3, None):
        assert "identities" not in ex.for_seat(other)  # only the two of them
    assert not g.seats[2].sex_matches("M")  # covered: no sex (S-CHAR-4)


def test_C_LAO_QIANG_2_a_covered_public_character_loses_its_skills_but_keeps_its_mission() -> None:
    # 柒佰 (seat 2) has four non-false intelligence and may lock in other players' turns (敏锐)
    g = exchange_scenario(
        hands={0: ["R:decode", "K:decode"], 2: ["R:lock"]}, intel={2: ["R:burn", "B:burn", "R:decode", "B:decode"]}
    )
    s = Script(g)
    s.do("1: " + cover(2), "2: pass")  # 柒佰 could lock in seat 0's play phase, but passes
    assert not g.seats[2].face_up
    s.do("0: send c{R:decode}")  # from now on 柒佰 is asked nothing: his lock is no longer usable
    assert g.seats[2].character == "standard.qi_bai" and not g.seats[2].face_up
    # seat 1 gets the card first; he declines; then it reaches 柒佰, who accepts his fifth non-false: mission kept
    s.do("1: decline", "2: accept")
    s.expect(2, "declare")
    s.do("2: declare")
    assert s.over()["winners"] == [2]


def test_C_LAO_QIANG_2_needs_him_face_up_and_a_face_up_target() -> None:
    g = exchange_scenario(face_up={1: False}, hands={0: ["R:decode"], 1: ["R:burn"]}, intel={3: ["K:lock"]})
    Script(g).expect(1, "priority", "play")
    assert not any(o.startswith("skill") for o in opts(g))  # face down: not usable
    # face up, but every other character is face down (a hidden one not flipped): not usable
    g2 = exchange_scenario(
        characters={1: LQ, 2: "hei_mei_gui"}, hands={0: ["R:decode"], 1: ["R:burn"]}, intel={3: ["K:lock"]}
    )
    Script(g2).expect(1, "priority", "play")
    assert not any(o.startswith(f"skill {LQ}") for o in opts(g2))


def test_C_LAO_QIANG_2_a_covered_hidden_character_may_flip_again() -> None:
    # 黑玫瑰 (seat 2) has flipped; 老枪 covers her; she is face down again and her flip is offered again
    g = exchange_scenario(characters={1: LQ, 2: "hei_mei_gui"}, face_up={1: True, 2: True})
    s = Script(g)
    s.do("1: " + cover(2))
    assert not g.seats[2].face_up
    s.expect(2, "priority", "play")
    assert "skill hei_mei_gui.1" in opts(g)


def test_C_LAO_QIANG_2_fails_if_the_target_dies_in_response() -> None:
    # 黑玫瑰 (seat 3, face down) answers: the top card is black, she puts three false intelligence on 柒佰
    g = exchange_scenario(
        characters={1: LQ, 2: "qi_bai", 3: "hei_mei_gui"},
        hands={0: ["R:decode", "B:decode"], 3: ["K:decode", "K:return", "K:intercept"]},
        deck=["K:burn"],
    )
    s = Script(g)
    s.do("1: " + cover(2), "3: skill hei_mei_gui.1")  # 黑玫瑰 answers; then everyone passes (auto)
    s.do("3: choose @2", "3: choose c{K:decode}", "3: choose c{K:return}", "3: choose c{K:intercept}")
    assert not g.seats[2].alive
    assert not g.seats[1].face_up  # the cost stays paid
    assert not any(e.kind == "identities_exchanged" for e in g.events)
    assert any(e.kind == "fizzle" and e.data["use"] == f"{LQ}.2" for e in g.events)


def test_C_LAO_QIANG_2_usable_again_once_he_is_face_up_again() -> None:
    # "no limit on uses": after covering he is face down; flipped again by his first skill, he may use it again
    g = exchange_scenario(
        characters={1: LQ, 2: "qi_bai", 3: "shan_ling"},
        face_up={1: True, 3: True},
        hands={0: ["R:lock", "R:decode", "K:decode"]},
        deck=["B:burn", "B:decode"],
    )
    s = Script(g)
    s.do("0: pass", "1: " + cover(2), "0: pass")
    s.do("0: play c{R:lock} lock @1", f"1: {FLIP}")
    assert g.seats[1].face_up
    s.expect(1, "priority", "play")
    assert cover(3) in opts(g) and cover(2) not in opts(g)


# ---------------------------------------------------------------------------------------------------------------
# Sex and mission
# ---------------------------------------------------------------------------------------------------------------
def test_C_LAO_QIANG_face_down_he_has_no_sex() -> None:
    g = lock_scenario()
    assert not g.seats[1].sex_matches("M")
    Script(g).do("0: play c{R:lock} lock @1", f"1: {FLIP}")
    assert g.seats[1].sex_matches("M")


def test_mission_lao_qiang_three_red_intelligence_for_a_bystander() -> None:
    g = build(
        current=0,
        identities=["ug", "by", "mi", "ug"],
        at="step3",
        transit={"card": "R:lock", "holder": 1},
        intel={1: ["R:decode", "R:burn"]},
        characters={1: LQ},
    )
    s = Script(g)
    s.do("1: accept")
    s.expect(1, "declare")
    s.do("1: declare")
    assert s.over()["winners"] == [1]


def test_mission_lao_qiang_not_for_a_faction_player() -> None:
    g = build(
        current=0,
        identities=["ug", "mi", "by", "ug"],
        at="step3",
        transit={"card": "R:lock", "holder": 1},
        intel={1: ["R:decode", "R:burn"]},
        characters={1: LQ},
    )
    Script(g).do("1: accept")
    assert not g.declarable[1]
