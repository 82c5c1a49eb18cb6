"""General character rules (standard.md §15, S-CHAR-1..7), with the real characters.

* S-CHAR-1: a skill with no stated timing may be used at any time: in every window, in anyone's turn, but not in
  Step 3 and not while something resolves.
* S-CHAR-2: a face-down character: only its 「翻开此角色」 skill works.
* S-CHAR-3: hidden characters have no sex while face down and cannot be flipped at will unless the printed
  condition is met.
* S-CHAR-4: a covered public character loses its skills and sex, keeps its mission, and cannot be turned back.
* S-CHAR-5: 锁定技 are compulsory (柒佰's 联动, 闪灵's burn after the flip).
* S-CHAR-6: 识破 cannot cancel a skill; a card used through a skill can be cancelled.
* S-CHAR-7: sex is the player's or the face-up character's (see also test_setup.py).

The sweeps over every character (S-CHAR-2, S-CHAR-3, S-CHAR-4) play one whole turn of a rich position, passing and
declining everything, and look at every option the character's seat is offered.
"""

from __future__ import annotations

import pytest

from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import CARD_TYPE, CHARACTERS, opts
from tests.helpers import build_asked as build

HIDDEN = sorted(c for c, ch in CHARACTERS.items() if ch.hidden)
PUBLIC = sorted(c for c, ch in CHARACTERS.items() if not ch.hidden)
# 「翻开此角色」 skills: the first skill of every hidden character; 蝮蛇's 弹药无限 (a public character, A-51)
FLIP_SKILLS = {**{c: (f"{CHARACTERS[c].short}.1",) for c in HIDDEN}, "standard.fu_she": ("fu_she.2",)}
# hidden characters whose flip has a printed condition (the others flip 「任意时候」)
CONDITIONAL_FLIP = {"standard.lao_gui", "standard.lao_qiang", "standard.lao_jin", "standard.yi_dian_yuan"}


def rich(character: str, face_up: bool, current: int) -> Game:
    """Seat 1 holds ``character``; everyone has cards in hand and intelligence; seat ``current`` plays."""
    return build(
        5,
        identities=["ug", "mi", "ug", "mi", "by"],
        current=current,
        hands={
            0: ["R:lock", "B:lure_away", "K:intercept", "R:decode", "K:return"],
            1: ["K:see_through", "R:probe:ug:draw", "R:return", "B:lock", "K:lure_away", "B:decode", "K:burn"],
            2: ["B:intercept", "R:see_through", "K:decode"],
            3: ["K:probe:mi:discard", "B:burn", "R:intercept"],
            4: ["B:return", "K:lock", "R:lure_away"],
        },
        intel={0: ["R:burn", "K:probe:by:draw"], 2: ["B:see_through"], 3: ["K:true_or_false"], 4: ["R:return"]},
        characters={1: character},
        face_up={1: face_up},
        at="play",
    )


def sweep(g: Game, seat: int) -> dict[str, list[str]]:
    """Play the current turn to its end, passing / declining everything (the sender sends his first card to the
    next seat); return the options ``seat`` was offered, by decision context."""
    seen: dict[str, list[str]] = {}
    turn = g.turn
    while g.decision is not None and g.turn == turn:
        d = g.decision
        if d.seat == seat:
            seen.setdefault(d.context, []).extend(str(o) for o in d.options)
        if d.kind == "send":
            g.act(d.options[0])
        elif d.kind == "receive":
            g.act("decline")
        elif "pass" in [str(o) for o in d.options]:
            g.act("pass")
        else:  # a forced choice of some effect
            g.act(d.options[0])
    return seen


def skills_in(seen: dict[str, list[str]]) -> set[str]:
    return {o.split()[1] for ops in seen.values() for o in ops if o.startswith("skill ")}


# ---------------------------------------------------------------------------------------------------------------
# S-CHAR-1: no stated timing = any time, but not in Step 3 and not while something resolves
# ---------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("character", ["shan_ling", "hei_mei_gui", "e_mei_feng", "huang_que", "fu_ping"])
def test_S_CHAR_1_a_flip_without_timing_is_offered_in_every_window_of_another_players_turn(character: str) -> None:
    g = rich(character, face_up=False, current=0)
    seen = sweep(g, 1)
    assert {"play", "step1", "step2", "end"} <= set(seen)
    for ctx in ("play", "step1", "step2", "end"):
        assert any(o.startswith(f"skill {character}.1") for o in seen[ctx]), (character, ctx, seen[ctx])
    assert all(not o.startswith("skill") for o in seen.get("step3", []))


def test_S_CHAR_1_not_in_step3() -> None:
    g = build(
        current=0,
        intel={3: ["R:lock"]},
        characters={1: "shan_ling", 2: "hei_mei_gui"},
        at="step3",
        transit={"card": "K:lure_away", "holder": 1},
    )
    d = Script(g).expect(1, "receive", "step3")
    assert [str(o) for o in d.options] == ["accept", "decline"]
    with pytest.raises(IllegalAction):
        g.act("skill shan_ling.1 @3", seat=1)
    with pytest.raises(IllegalAction):
        g.act("skill hei_mei_gui.1", seat=2)


def test_S_CHAR_1_not_while_something_resolves() -> None:
    """S-PRIO-3: while 柒佰's 联动 resolves (his choices), a face-down 闪灵 cannot insert her flip."""
    g = build(
        current=0,
        hands={0: ["R:decode", "B:decode"], 2: ["R:lock"]},
        intel={3: ["R:lock"]},
        characters={1: "shan_ling", 2: "qi_bai"},
        at="play",
    )
    s = Script(g)
    s.do("0: pass", "1: pass", "2: play c{R:lock} lock @3", "3: pass", "0: pass", "1: pass", "2: pass")
    s.expect(2, "skill_choice", "C-QI_BAI-2")
    assert not any(o.startswith("skill") for o in opts(g))
    with pytest.raises(IllegalAction):
        g.act("skill shan_ling.1 @3", seat=1)
    # and while a 试探's answer is pending (S-PRIO-3): only the probed player's discard
    g = build(
        current=0,
        hands={0: ["R:probe:mi:discard", "B:decode"], 1: ["K:lock", "K:burn"]},
        intel={3: ["R:lock"]},
        characters={2: "shan_ling"},
        at="play",
    )
    s = Script(g)
    s.do("0: play c{R:probe:mi:discard} probe @1", "1: pass", "2: pass", "3: pass", "0: pass")
    d = s.expect(1, "discard", "probe")
    assert all(o.kind == "discard" for o in d.options)
    with pytest.raises(IllegalAction):
        g.act("skill shan_ling.1 @3", seat=2)


# ---------------------------------------------------------------------------------------------------------------
# S-CHAR-2: face down, only the flip skill works
# ---------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("character", sorted(CHARACTERS))
@pytest.mark.parametrize("current", [0, 1], ids=["other_turn", "own_turn"])
def test_S_CHAR_2_face_down_only_the_flip_skill_is_offered(character: str, current: int) -> None:
    g = rich(character, face_up=False, current=current)
    seen = sweep(g, 1)
    assert seen, "the seat was never asked"
    assert skills_in(seen) <= set(FLIP_SKILLS.get(character, ())), (character, skills_in(seen))
    # no card conversion (S-CARD-LOCK-5 needs the skill): every card is offered only as itself
    for ops in seen.values():
        for o in ops:
            parts = o.split()
            if parts[0] == "play":
                assert parts[2] == CARD_TYPE[int(parts[1][1:])], (character, o)


def test_S_CHAR_2_face_down_triggers_do_not_fire() -> None:
    """老鬼's 城府 (S-CARD-PROBE-7) and 职业杀手's placement need the card face up."""
    g = build(current=0, hands={0: ["R:probe:mi:draw", "B:decode"]}, characters={1: "lao_gui"}, at="play")
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1", "1: pass", "2: pass", "3: pass", "0: pass", "1: pass")
    assert [e.data["answer"] for e in g.events if e.kind == "probe_answer"] == ["draw"]  # no 城府 choice
    g = build(
        current=0,
        hands={0: ["K:lock", "R:decode"]},
        characters={0: "zhi_ye_sha_shou"},
        face_up={0: False},
        at="step3",
        transit={"card": "K:decode", "holder": 1},
    )
    Script(g).do("1: accept")
    assert g.decision is not None and g.decision.kind != "skill_choice"


# ---------------------------------------------------------------------------------------------------------------
# S-CHAR-3: hidden characters: no sex face down; no flip at will unless the condition is met
# ---------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("character", HIDDEN)
def test_S_CHAR_3_S_TERM_9_hidden_characters_start_face_down_without_sex(character: str) -> None:
    g = build(characters={1: character}, at="play", hands={0: ["R:decode", "B:decode"]})
    seat = g.seats[1]
    assert not seat.face_up
    assert not seat.sex_matches("F") and not seat.sex_matches("M")
    assert g.view(0)["seats"][1]["character"] is None and g.view(1)["seats"][1]["character"] == character
    g.flip(1)
    assert seat.sex_matches(CHARACTERS[character].sex)


@pytest.mark.parametrize("character", sorted(CONDITIONAL_FLIP))
@pytest.mark.parametrize("current", [0, 1], ids=["other_turn", "own_turn"])
def test_S_CHAR_3_cannot_flip_at_will(character: str, current: int) -> None:
    g = rich(character, face_up=False, current=current)
    seen = sweep(g, 1)
    flips = {ctx: [o for o in ops if o.startswith("skill")] for ctx, ops in seen.items()}
    if character == "standard.yi_dian_yuan":
        # her condition: intelligence reaches her (Step 2 while she holds it: seat 0's card, or her own coming back)
        assert flips.pop("step2") == ["skill yi_dian_yuan.1"]
    assert not any(flips.values()), flips
    assert not g.seats[1].face_up


def test_S_CHAR_3_a_conditional_flip_is_offered_once_its_condition_is_met() -> None:
    """老枪 and 老鬼 are locked: each is asked (privately) whether to flip."""
    for character in ("lao_qiang", "lao_gui"):
        g = build(current=0, hands={0: ["R:lock", "B:decode"]}, characters={2: character}, at="play")
        s = Script(g)
        s.do("0: play c{R:lock} lock @2", "1: pass", "2: pass", "3: pass", "0: pass")
        d = s.expect(2, "skill_choice")
        assert d.private and opts(g) == [f"skill {character}.1", "pass"]


# ---------------------------------------------------------------------------------------------------------------
# S-CHAR-4: a covered public character loses skills and sex, keeps its mission, cannot be turned back
# ---------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("character", PUBLIC)
def test_S_CHAR_4_a_covered_public_character_has_no_skills(character: str) -> None:
    for current in (0, 1):
        g = rich(character, face_up=False, current=current)
        seen = sweep(g, 1)
        assert skills_in(seen) <= set(FLIP_SKILLS.get(character, ())), (character, skills_in(seen))
        for ops in seen.values():
            for o in ops:
                parts = o.split()
                if parts[0] == "play":
                    assert parts[2] == CARD_TYPE[int(parts[1][1:])], (character, o)
    # its sex is gone as well
    g = rich(character, face_up=False, current=0)
    assert not g.seats[1].sex_matches("F") and not g.seats[1].sex_matches("M")


def covered_by_lao_qiang() -> Game:
    """老枪 (seat 0, face up) covers 柒佰 (seat 2, a bystander) with C-LAO_QIANG-2."""
    g = build(
        current=0,
        identities=["ug", "mi", "by", "mi"],
        hands={0: ["R:decode", "B:decode"], 2: ["R:lock"]},
        intel={2: ["R:burn", "B:burn", "R:see_through", "B:see_through"]},
        characters={0: "lao_qiang", 2: "qi_bai"},
        face_up={0: True},
        at="play",
    )
    s = Script(g)
    s.do("0: skill lao_qiang.2 @2", "1: pass", "2: pass", "3: pass", "0: pass")
    assert not g.seats[0].face_up and not g.seats[2].face_up
    return g


def test_S_CHAR_4_S_TERM_8_covered_by_lao_qiang_qi_bai_loses_his_skills_and_sex() -> None:
    g = covered_by_lao_qiang()
    s = Script(g)
    s.do("0: pass", "1: pass")
    assert opts(g) == ["pass"]  # no lock in another player's turn any more (C-QI_BAI-1 lost)
    assert not g.seats[2].sex_matches("M")
    assert g.view(1)["seats"][2]["character"] is None  # face down: the card is no longer shown
    assert not any(o.startswith("skill") for o in opts(g))  # and there is no way to turn it back


def test_S_CHAR_4_a_covered_public_character_keeps_its_mission() -> None:
    g = covered_by_lao_qiang()
    s = Script(g)
    s.do("0: pass", "1: pass", "2: pass", "3: pass")
    # seat 0 sends a red 直达 card to 柒佰: his fifth non-false intelligence (C-QI_BAI mission)
    g.seats[0].hand.append(g.deck.pop())  # a spare card so the send is a choice
    s.expect(0, "send")
    red = next(c for c in g.seats[0].hand if CARD_TYPE[c] == "decode")
    s.do(f"0: send c{red}")
    while g.decision is not None and g.decision.kind == "priority":
        s.do(f"{g.decision.seat}: pass")
    s.do("1: decline")
    while g.decision is not None and g.decision.kind == "priority":
        s.do(f"{g.decision.seat}: pass")
    s.do("2: accept")
    s.expect(2, "declare", "settle")
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2]


# ---------------------------------------------------------------------------------------------------------------
# S-CHAR-5: 锁定技 are compulsory
# ---------------------------------------------------------------------------------------------------------------


def test_S_CHAR_5_S_TERM_20_compulsory_skills_offer_no_pass() -> None:
    # 柒佰's 联动: his lock went through; he must draw and give (no "pass" among the choices)
    g = build(current=2, hands={2: ["K:lock", "R:decode"]}, characters={2: "qi_bai"}, at="play")
    s = Script(g)
    s.do("2: play c{K:lock} lock @0", "3: pass", "0: pass", "1: pass", "2: pass")
    s.expect(2, "skill_choice", "C-QI_BAI-2")
    assert "pass" not in opts(g)
    s.do(f"2: {opts(g)[0]}")
    assert "pass" not in opts(g)
    # 闪灵: once flipped, the burn is compulsory; she must pick the three
    g = build(
        current=0,
        hands={0: ["R:decode", "B:decode"]},
        intel={3: ["R:lock", "B:lock", "K:lock", "R:burn"]},
        characters={1: "shan_ling"},
        at="play",
    )
    s = Script(g)
    s.do("0: pass", "1: skill shan_ling.1 @3", "2: pass", "3: pass", "0: pass", "1: pass")
    for _ in range(3):
        s.expect(1, "skill_choice", "C-SHAN_LING-1")
        assert "pass" not in opts(g)
        s.do(f"1: {opts(g)[0]}")
    assert len(g.seats[3].intel) == 1


# ---------------------------------------------------------------------------------------------------------------
# S-CHAR-6: skills cannot be cancelled by 识破; cards used through a skill can
# ---------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("skill", ["shan_ling.1 @3", "hei_mei_gui.1"])
def test_S_CHAR_6_see_through_cannot_target_a_skill(skill: str) -> None:
    character = skill.split(".")[0]
    g = build(
        current=0,
        hands={0: ["R:decode", "B:decode"], 1: ["K:lock"], 2: ["R:see_through", "B:see_through"]},
        intel={3: ["R:lock"]},
        characters={1: character},
        at="play",
    )
    s = Script(g)
    s.do("0: pass", f"1: skill {skill}")
    s.expect(2, "priority")
    assert not any("see_through" in o for o in opts(g))


def test_S_CHAR_6_a_card_used_through_a_skill_can_be_cancelled() -> None:
    # 柒佰's lock in another player's turn (C-QI_BAI-1) is a 锁定 card
    g = build(
        current=0,
        hands={0: ["R:decode", "B:decode"], 2: ["R:lock"], 3: ["B:see_through"]},
        characters={2: "qi_bai"},
        at="play",
    )
    s = Script(g)
    s.do("0: pass", "1: pass", "2: play c{R:lock} lock @1", "3: play c{B:see_through} see_through ^top")
    s.do("0: pass", "1: pass", "2: pass", "3: pass")
    assert g.locks == [] and [e.data["use"] for e in g.events if e.kind == "no_effect"] == ["lock"]
    # 职业杀手's 识破 played as 锁定 (C-ZHI_YE_SHA_SHOU-2)
    g = build(
        current=0,
        hands={0: ["B:see_through", "R:decode"], 1: ["R:see_through"]},
        characters={0: "zhi_ye_sha_shou"},
        at="play",
    )
    s = Script(g)
    s.do("0: play c{B:see_through} lock @2", "1: play c{R:see_through} see_through ^top")
    s.do("2: pass", "3: pass", "0: pass", "1: pass")
    assert g.locks == []


# ---------------------------------------------------------------------------------------------------------------
# S-CHAR-7: sex of the player or of the face-up character
# ---------------------------------------------------------------------------------------------------------------


def test_S_CHAR_7_S_TERM_15_a_face_down_female_character_is_no_woman_but_a_female_player_is() -> None:
    from fengsheng.characters.base import women_in_game

    g = build(
        characters={1: "hei_mei_gui", 2: "qi_bai", 3: "shan_ling"},
        sexes=("", "", "", "F"),
        at="play",
        hands={0: ["R:decode", "B:decode"]},
    )
    assert women_in_game(g) == [3]  # seat 3 is a woman (the player); seat 1's 黑玫瑰 is face down
    g.flip(1)
    assert women_in_game(g) == [1, 3]
    assert women_in_game(g, exclude=3) == [1]
