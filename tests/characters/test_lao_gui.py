"""老鬼 Old Ghost (standard-characters.md §A1): C-LAO_GUI-1 就计, C-LAO_GUI-2 城府, C-LAO_GUI-3 遗志 and the mission.

Rulings applied: A-44 (就计 = probed **or** locked, optional), A-61 (a card played as 锁定 is a full lock), A-65 (the
mission counts face down), A-80 (mission shown first, then 遗志; cards beyond three go to the discard pile), A-37 (a
dead bystander may declare through a mission about his death), S-DEATH-5/6, S-LOSE-2, S-CARD-PROBE-7/8.
"""

from __future__ import annotations

from typing import Any

import pytest

from fengsheng.core.cards import RED
from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import CARD_COLOUR, kinds, opts


def build(players: int = 3, **kw: Any) -> Game:
    return helpers.build(players, **kw)


# ---------------------------------------------------------------------------------------------------------------
# C-LAO_GUI-1 就计: flip when probed or locked (optional, asked privately), then draw 2
# ---------------------------------------------------------------------------------------------------------------


def test_C_LAO_GUI_1_flip_when_locked_draws_two() -> None:
    g = build(hands={0: ["R:lock", "B:decode", "R:decode"]}, characters={1: "lao_gui"}, at="play")
    s = Script(g)
    s.do("0: play c{R:lock} lock @1")  # seats 1, 2 and 0 only pass: auto-passed, the lock resolves
    d = s.expect(1, "skill_choice", "C-LAO_GUI-1")
    assert opts(g) == ["skill lao_gui.1", "pass"]
    assert d.private
    assert not g.seats[1].face_up and g.seats[1].hand == []
    s.do("1: skill lao_gui.1")
    assert g.seats[1].face_up and len(g.seats[1].hand) == 2
    assert g.locks == [1]
    flip = next(e for e in g.events if e.kind == "flip")
    assert flip.data == {"seat": 1, "character": "standard.lao_gui"}  # public from now on
    assert g.view(2)["seats"][1]["character"] == "standard.lao_gui"
    s.expect(0, "send")


def test_C_LAO_GUI_1_flip_when_probed_draws_two_before_the_answer() -> None:
    # 老鬼 is 军情局 and the probe bets on 潜伏战线: face down he would have to say the line
    g = build(hands={0: ["R:probe:ug:draw", "B:decode", "R:decode"]}, characters={1: "lao_gui"}, at="play")
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @1")
    s.expect(1, "skill_choice", "C-LAO_GUI-1")
    s.do("1: skill lao_gui.1")
    assert g.seats[1].face_up and len(g.seats[1].hand) == 2
    # the trigger resolved first (S-PRIO-9); the answer comes next, and face up 城府 now applies (C-LAO_GUI-2)
    s.expect(1, "respond", "probe")
    s.do("1: respond line")
    assert len(g.seats[1].hand) == 2
    assert [e.data["answer"] for e in g.events if e.kind == "probe_answer"] == ["line"]
    assert kinds(g).index("flip") < kinds(g).index("probe_answer")


def test_C_LAO_GUI_1_is_optional_and_passing_keeps_the_card_face_down() -> None:
    g = build(hands={0: ["R:lock", "B:decode", "R:decode"]}, characters={1: "lao_gui"}, at="play")
    s = Script(g)
    s.do("0: play c{R:lock} lock @1", "1: pass")
    assert not g.seats[1].face_up and g.seats[1].hand == []
    assert "flip" not in kinds(g)
    assert g.view(0)["seats"][1]["character"] is None
    s.expect(0, "send")


def test_C_LAO_GUI_1_the_question_is_private() -> None:
    """Being asked would reveal the face-down card: other seats only see that the game is waiting."""
    g = build(hands={0: ["R:lock", "B:decode", "R:decode"]}, characters={1: "lao_gui"}, at="play")
    Script(g).do("0: play c{R:lock} lock @1")
    for other in (0, 2, None):
        v = g.view(other)
        assert v["decision"] == {"seat": None, "kind": "waiting", "context": ""}
        assert v["seats"][1]["character"] is None
    own = g.view(1)["decision"]
    assert own["seat"] == 1 and own["options"] == ["skill lao_gui.1", "pass"]


def test_C_LAO_GUI_1_cannot_flip_at_will() -> None:
    """S-CHAR-3: no flip option in any window of a whole turn; only being probed or locked offers it."""
    g = build(
        hands={0: ["R:lure_away", "B:decode"], 1: ["R:burn", "B:lure_away"]},
        intel={2: ["K:lock"]},
        characters={1: "lao_gui"},
        at="play",
        auto_pass=False,
    )
    s = Script(g)
    seen: dict[str, list[str]] = {}
    while g.decision is not None and g.current == 0:
        d = g.decision
        if d.seat == 1:
            seen.setdefault(d.context, []).extend(opts(g))
            if d.kind == "priority":
                with pytest.raises(IllegalAction):
                    g.act("skill lao_gui.1")
        if d.kind == "send":
            s.do("0: send c{R:lure_away}")
        elif d.kind == "receive":
            s.do(f"{d.seat}: decline")
        else:
            s.do(f"{d.seat}: pass")
    assert {"play", "step1", "step2", "step3", "end"} <= set(seen)
    assert not any(o.startswith("skill") for ops in seen.values() for o in ops)
    assert not g.seats[1].face_up


def test_C_LAO_GUI_1_S_TERM_13_not_offered_when_the_probe_is_cancelled() -> None:
    """S-CARD-PROBE-8 / S-TERM-13: "when probed" needs the probe to take effect."""
    g = build(
        hands={0: ["R:probe:mi:draw", "B:decode", "R:decode"], 2: ["B:see_through"]},
        characters={1: "lao_gui"},
        at="play",
    )
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1", "2: play c{B:see_through} see_through ^top")
    s.expect(0, "send")
    assert not g.seats[1].face_up and g.seats[1].hand == []
    assert "probe_answer" not in kinds(g)


def test_C_LAO_GUI_1_not_offered_when_someone_else_is_locked_or_when_face_up() -> None:
    g = build(hands={0: ["R:lock", "B:decode", "R:decode"]}, characters={1: "lao_gui"}, at="play")
    Script(g).do("0: play c{R:lock} lock @2")
    Script(g).expect(0, "send")
    assert not g.seats[1].face_up and g.seats[1].hand == []
    g = build(hands={0: ["R:lock", "B:decode", "R:decode"]}, characters={1: "lao_gui"}, face_up={1: True}, at="play")
    Script(g).do("0: play c{R:lock} lock @1")
    Script(g).expect(0, "send")
    assert g.seats[1].hand == []  # face up: nothing to flip, nothing drawn


def test_C_LAO_GUI_1_a_card_played_as_lock_counts() -> None:
    """A-61: 职业杀手's 识破 played as 锁定 is a full lock and triggers 就计."""
    g = build(
        hands={0: ["B:see_through", "B:decode", "R:decode"]}, characters={0: "zhi_ye_sha_shou", 1: "lao_gui"}, at="play"
    )
    s = Script(g)
    s.do("0: play c{B:see_through} lock @1")
    s.expect(1, "skill_choice", "C-LAO_GUI-1")
    s.do("1: skill lao_gui.1")
    assert g.seats[1].face_up and len(g.seats[1].hand) == 2 and g.locks == [1]


def test_C_LAO_GUI_1_flips_in_step1_when_locked_during_the_pass() -> None:
    g = build(
        hands={0: ["K:lock"]},
        characters={1: "lao_gui"},
        at="step1",
        transit={"card": "B:lure_away"},  # 文本, on its way from seat 0
        auto_pass=False,
    )
    s = Script(g)
    s.do("0: play c{K:lock} lock @1", "1: pass", "2: pass", "0: pass")
    s.expect(1, "skill_choice", "C-LAO_GUI-1")
    s.do("1: skill lao_gui.1")
    assert g.seats[1].face_up and len(g.seats[1].hand) == 2
    s.do("0: pass", "1: pass", "2: pass")  # the Step-1 window closes; the card reaches seat 1
    s.expect(0, "priority", "step2")
    s.do("0: pass", "1: pass", "2: pass")
    # Step 3: locked, he must accept (a forced move, not asked)
    assert any(e.kind == "obtain" and e.data["seat"] == 1 and e.data["how"] == "forced" for e in g.events)


# ---------------------------------------------------------------------------------------------------------------
# C-LAO_GUI-2 城府: when probed, face up, he may do either action printed on the probe
# ---------------------------------------------------------------------------------------------------------------


def test_C_LAO_GUI_2_face_up_he_may_conceal_his_identity() -> None:
    # 老鬼 is 军情局; the probe bets on 军情局 "discard 1": he may say the line instead
    g = build(
        hands={0: ["R:probe:mi:discard", "B:decode", "R:decode"], 1: ["K:lock"]},
        characters={1: "lao_gui"},
        face_up={1: True},
        at="play",
    )
    s = Script(g)
    s.do("0: play c{R:probe:mi:discard} probe @1")
    s.expect(1, "respond", "probe")
    assert sorted(opts(g)) == ["respond effect", "respond line"]
    s.do("1: respond line")
    assert len(g.seats[1].hand) == 1
    assert [e.data["answer"] for e in g.events if e.kind == "probe_answer"] == ["line"]
    # or, not being 潜伏战线, act as if he were
    g = build(
        hands={0: ["R:probe:ug:draw", "B:decode", "R:decode"]}, characters={1: "lao_gui"}, face_up={1: True}, at="play"
    )
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @1", "1: respond effect")
    assert len(g.seats[1].hand) == 2


def test_C_LAO_GUI_2_face_down_he_must_answer_by_his_identity() -> None:
    """S-CHAR-2: face down, 城府 does not work; he declined to flip, so he must draw as the 军情局 he is."""
    g = build(hands={0: ["R:probe:mi:draw", "B:decode", "R:decode"]}, characters={1: "lao_gui"}, at="play")
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1", "1: pass")
    s.expect(0, "send")  # no respond decision
    assert len(g.seats[1].hand) == 2
    assert [e.data["answer"] for e in g.events if e.kind == "probe_answer"] == ["draw"]


# ---------------------------------------------------------------------------------------------------------------
# C-LAO_GUI-3 遗志: at his death, face up, he may hand his whole hand to a player, who takes three at random
# ---------------------------------------------------------------------------------------------------------------


def dying_lao_gui(hand: list[str], face_up: bool = True, identities: list[str] | None = None, **kw: Any) -> Game:
    """Seat 1 (老鬼) has two false intelligence and is about to accept a third (seat 0 sent it)."""
    intel = {1: ["K:burn", "K:decode"], **kw.pop("intel", {})}
    return build(
        4,
        identities=identities or ["ug", "mi", "by", "ug"],
        hands={1: hand, **kw.pop("hands", {})},
        intel=intel,
        characters={1: "lao_gui"},
        face_up={1: face_up},
        at="step3",
        transit={"card": "K:return", "holder": 1},
        **kw,
    )


def test_C_LAO_GUI_3_last_will_gives_three_cards_at_random_as_intelligence() -> None:
    g = dying_lao_gui(["B:lock", "B:burn", "K:lock", "R:see_through", "B:see_through"])
    hand = list(g.seats[1].hand)
    s = Script(g)
    s.do("1: accept")
    s.expect(1, "skill_choice", "C-LAO_GUI-3")
    assert g.seats[1].alive and 1 in g.dying
    assert g.seats[1].identity_revealed is False  # S-DEATH-5: triggers come before the reveal
    s.do("1: skill lao_gui.3")
    assert opts(g) == ["choose @0", "choose @2", "choose @3"]  # any other player in the game
    s.do("1: choose @2")
    got = g.seats[2].intel
    assert len(got) == 3 and set(got) <= set(hand)
    left = set(hand) - set(got)
    assert left <= set(g.discard)  # the cards beyond three go to the discard pile with his other cards
    assert not g.seats[1].alive and g.seats[1].hand == [] and g.seats[1].identity_revealed
    assert all(
        e.data["how"] == "skill" and e.data["source"] == 1
        for e in g.events
        if e.kind == "obtain" and e.data["seat"] == 2
    )
    k = kinds(g)
    assert k.index("skill") < k.index("died")


def test_C_LAO_GUI_3_with_three_cards_or_fewer_the_receiver_takes_them_all() -> None:
    g = dying_lao_gui(["B:lock", "R:burn"])
    hand = sorted(g.seats[1].hand)
    Script(g).do("1: accept", "1: skill lao_gui.3", "1: choose @3")
    assert sorted(g.seats[3].intel) == hand


def test_C_LAO_GUI_3_is_optional() -> None:
    g = dying_lao_gui(["B:lock", "R:burn"])
    Script(g).do("1: accept", "1: pass")
    assert not g.seats[1].alive
    assert all(s.intel == [] for s in g.seats if s.index != 1)


def test_C_LAO_GUI_3_not_usable_face_down_or_with_an_empty_hand() -> None:
    """S-DEATH-6: 「如果老鬼死亡时角色处于盖伏状态，则无法使用该技能」."""
    g = dying_lao_gui(["B:lock", "R:burn"], face_up=False)
    Script(g).do("1: accept")
    assert not g.seats[1].alive and "skill" not in kinds(g)
    assert g.view(0)["seats"][1]["character"] == "standard.lao_gui"  # revealed at death (S-DEATH-5)
    g = dying_lao_gui([])
    Script(g).do("1: accept")
    assert not g.seats[1].alive and "skill" not in kinds(g)


def test_C_LAO_GUI_3_can_kill_the_receiver_who_counts_as_killed_by_lao_gui() -> None:
    g = dying_lao_gui(["K:lock", "K:intercept", "K:see_through"], intel={3: ["K:lure_away", "K:probe:ug:draw"]})
    Script(g).do("1: accept", "1: skill lao_gui.3", "1: choose @3")
    assert sorted(g.death_order) == [1, 3]  # (which counts as first is not ruled; see the report)
    assert dict(zip(g.death_order, g.killers, strict=True))[3] == 1  # his skill put the fatal card


def test_C_LAO_GUI_3_losing_is_not_dying() -> None:
    """S-LOSE-2: a 老鬼 who loses (cannot send) does not get 遗志."""
    g = build(4, identities=["ug", "mi", "by", "ug"], characters={0: "lao_gui"}, face_up={0: True}, at="pass")
    assert g.seats[0].hand == []
    s = Script(g)
    while g.decision is not None and g.decision.kind == "priority":
        s.do(f"{g.decision.seat}: pass")
    assert g.seats[0].lost and not any(e.kind == "skill" for e in g.events)


# ---------------------------------------------------------------------------------------------------------------
# Mission: at your death, show your hand: three or more red cards (a bystander's victory, S-ID-4)
# ---------------------------------------------------------------------------------------------------------------


def test_mission_lao_gui_S_TERM_6_three_red_cards_shown_at_death_win_for_a_bystander() -> None:
    g = dying_lao_gui(["R:lock", "R:burn", "R:decode"], identities=["ug", "by", "mi", "ug"], face_up=False)
    hand = sorted(g.seats[1].hand)
    s = Script(g)
    s.do("1: accept")
    show = next(e for e in g.events if e.kind == "show_hand")
    assert show.data["seat"] == 1 and sorted(show.data["cards"]) == hand and show.audience is None
    # he declares although dead (A-65: the mission counts while face down)
    d = s.expect(1, "declare", "settle")
    assert d.private and not g.seats[1].alive
    s.do("1: declare")
    assert g.result is not None and g.result["winners"] == [1] and g.result["reason"] == "declared"


def test_mission_lao_gui_two_red_cards_are_not_enough() -> None:
    g = dying_lao_gui(["R:lock", "R:burn", "B:decode"], identities=["ug", "by", "mi", "ug"])
    s = Script(g)
    s.do("1: accept", "1: pass")
    assert not g.seats[1].alive and g.result is None
    assert any(e.kind == "show_hand" for e in g.events)
    assert not g.declarable[1]


def test_mission_lao_gui_counts_only_for_a_bystander() -> None:
    """S-ID-4 / S-WIN-9: a 军情局 老鬼 with three red cards at death does not win (and shows nothing)."""
    g = dying_lao_gui(["R:lock", "R:burn", "R:decode"], identities=["ug", "mi", "by", "ug"], face_up=False)
    Script(g).do("1: accept")
    assert not g.seats[1].alive and g.result is None and not g.declarable[1]
    assert "show_hand" not in kinds(g)


def test_mission_lao_gui_hand_is_shown_before_last_will_gives_it_away() -> None:
    """A-80: the mission looks at the hand first; then 遗志 may hand it over, and he still wins."""
    g = dying_lao_gui(["R:lock", "R:burn", "R:decode", "B:burn"], identities=["ug", "by", "mi", "ug"])
    s = Script(g)
    s.do("1: accept", "1: skill lao_gui.3", "1: choose @0")
    k = kinds(g)
    assert k.index("show_hand") < k.index("skill")
    assert len(g.seats[0].intel) == 3
    s.expect(1, "declare")
    s.do("1: declare")
    assert g.result is not None and 1 in g.result["winners"]


def test_mission_lao_gui_needs_death_not_just_red_cards() -> None:
    g = build(
        4,
        identities=["ug", "by", "mi", "ug"],
        hands={1: ["R:lock", "R:burn", "R:decode"]},
        characters={1: "lao_gui"},
        at="play",
    )
    g.refresh_declarable()
    assert not g.declarable[1]
    assert sum(1 for c in g.seats[1].hand if CARD_COLOUR[c] == RED) == 3
    assert not any(e.kind == "show_hand" for e in g.events)


def rescue_scenario(lao_gui: int, masked_man: int) -> Game:
    """老鬼 (face up, so a woman; a bystander with three red cards) accepts her third false intelligence, and
    礼服蒙面人 may rescue her (C-LI_FU_MENG_MIAN_REN-2)."""
    ids = ["ug", "mi", "ug", "mi"]
    ids[lao_gui] = "by"
    return build(
        4,
        identities=ids,
        current=0,
        hands={lao_gui: ["R:lock", "R:burn", "R:decode"]},
        intel={lao_gui: ["K:burn", "K:decode"]},
        characters={lao_gui: "lao_gui", masked_man: "li_fu_meng_mian_ren"},
        face_up={lao_gui: True},
        at="step3",
        transit={"card": "K:return", "holder": lao_gui},
    )


def test_C_LAO_GUI_3_mission_lao_gui_a_rescued_lao_gui_has_not_died() -> None:
    """A-30: rescued first (礼服蒙面人 comes first in S-TRIG order), she neither shows her hand nor gets 遗志."""
    g = rescue_scenario(lao_gui=2, masked_man=1)
    s = Script(g)
    s.do("2: accept", "1: skill li_fu_meng_mian_ren.2")
    s.do(f"1: {opts(g)[0]}")
    s.do(f"1: {opts(g)[0]}")  # he burns two of her three false intelligence
    assert g.seats[2].alive and "rescued" in kinds(g)
    assert "show_hand" not in kinds(g)
    assert not any(e.kind == "skill" and e.data["skill"] == "C-LAO_GUI-3" for e in g.events)
    assert not g.declarable[2]


def test_mission_lao_gui_shown_before_a_rescue_no_longer_counts() -> None:
    """A-30: 老鬼 comes first in S-TRIG order: her hand is shown and 遗志 offered; then she is rescued, so she has not
    died and may not declare."""
    g = rescue_scenario(lao_gui=1, masked_man=2)
    s = Script(g)
    s.do("1: accept")
    assert "show_hand" in kinds(g)
    s.do("1: pass", "2: skill li_fu_meng_mian_ren.2")
    s.do(f"2: {opts(g)[0]}")
    s.do(f"2: {opts(g)[0]}")
    assert g.seats[1].alive and "rescued" in kinds(g)
    assert not g.declarable[1] and g.result is None
    assert g.decision is not None and g.decision.kind != "declare"
