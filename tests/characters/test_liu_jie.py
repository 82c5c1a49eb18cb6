"""六姐 (standard-characters.md §B14): C-LIU_JIE-1 拷问, C-LIU_JIE-2 and the mission."""

from __future__ import annotations

from typing import Any

from fengsheng.editions.standard.characters.liu_jie import LiuJieMission
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import rule_of

SISTER = "liu_jie"


def build(players: int = 5, **kw: Any) -> Game:
    return helpers.build(players, **kw)


def mission(g: Game, seat: int) -> LiuJieMission:
    return rule_of(g, LiuJieMission, seat)


def skills(g: Game) -> list[tuple[int, str]]:
    return [(e.data["seat"], e.data["skill"]) for e in g.events if e.kind == "skill"]


# --- C-LIU_JIE-1 拷问 ----------------------------------------------------------------------------------------------


def probing(current: int = 0, face_up: bool = True, **kw: Any) -> Game:
    hands = {current: ["R:probe:ug:draw", "R:decode", "K:decode"], 1: ["B:decode", "B:intercept"]}
    hands.update(kw.pop("hands", {}))
    chars = {0: SISTER}
    chars.update(kw.pop("characters", {}))
    return build(current=current, at="play", hands=hands, characters=chars, face_up={0: face_up}, **kw)


def test_C_LIU_JIE_1_her_probe_takes_a_card_from_his_hand() -> None:
    g = probing()
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @1")
    s.expect(0, "skill_choice", "C-LIU_JIE-1")
    before = set(g.seats[1].hand)
    s.do(f"0: skill {SISTER}.1")
    taken = before - set(g.seats[1].hand)
    assert len(taken) == 1 and taken <= set(g.seats[0].hand)  # blind, at random
    assert len(g.seats[1].hand) == 1 and len(g.seats[0].hand) == 3
    assert any(e.kind == "take" and e.data["from"] == 1 for e in g.events)


def test_C_LIU_JIE_1_is_optional() -> None:
    g = probing()
    Script(g).do("0: play c{R:probe:ug:draw} probe @1", "0: pass")
    assert len(g.seats[1].hand) == 2


def test_C_LIU_JIE_1_only_if_the_probe_takes_effect() -> None:
    g = probing(hands={1: ["R:see_through", "B:decode"]})
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @1", "1: play c{R:see_through} see_through ^top")
    s.expect(0, "send")
    assert skills(g) == [] and len(g.seats[1].hand) == 1


def test_C_LIU_JIE_1_not_on_an_empty_hand_nor_for_others_probes_nor_covered() -> None:
    g = probing(hands={1: []})
    Script(g).do("0: play c{R:probe:ug:draw} probe @1")
    assert skills(g) == []
    g = probing(current=3, hands={0: ["R:decode"]})  # seat 3 probes seat 1: not her probe
    Script(g).do("3: play c{R:probe:ug:draw} probe @1")
    assert skills(g) == [] and len(g.seats[1].hand) == 2
    g = probing(face_up=False)
    Script(g).do("0: play c{R:probe:ug:draw} probe @1")
    assert skills(g) == [] and len(g.seats[1].hand) == 2


def test_C_LIU_JIE_1_resolves_first_among_the_probe_triggers() -> None:
    """003's example: in 六姐's turn her 拷问 resolves first, then the next seats' triggers, 老鬼's 就计 last."""
    g = probing(hands={3: ["B:decode"]}, characters={1: "qing_bao_chu_zhang", 3: "lao_gui"})
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @3")
    s.do(f"0: skill {SISTER}.1")
    s.expect(1, "skill_choice", "C-QING_BAO_CHU_ZHANG-1")
    s.do("1: pass")
    s.expect(3, "skill_choice", "C-LAO_GUI-1")
    s.do("3: pass")
    assert s.card("B:decode", 0) in g.seats[0].hand  # his only card, taken before he answered (ug: he draws two)
    assert len(g.seats[3].hand) == 2


# --- C-LIU_JIE-2 ---------------------------------------------------------------------------------------------------


def death(sister: int = 2, victim: int = 1, victim_hand: tuple[str, ...] = ("R:lock",), **kw: Any) -> Game:
    chars = {sister: SISTER}
    chars.update(kw.pop("characters", {}))
    intel = {victim: ["K:lock", "K:burn"]}
    intel.update(kw.pop("intel", {}))
    return build(
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": victim},
        hands={victim: list(victim_hand)},
        intel=intel,
        characters=chars,
        **kw,
    )


def test_C_LIU_JIE_2_takes_a_card_of_the_dying_player_as_her_intelligence() -> None:
    g = death()
    s = Script(g)
    card = s.card("R:lock", 1)
    s.do("1: accept")
    s.expect(2, "skill_choice", "C-LIU_JIE-2")
    s.do(f"2: skill {SISTER}.2")
    assert g.seats[2].intel == [card] and card not in g.seats[2].hand
    assert not g.seats[1].alive


def test_C_LIU_JIE_2_is_optional() -> None:
    g = death()
    Script(g).do("1: accept", "2: pass")
    assert g.seats[2].intel == [] and not g.seats[1].alive


def test_C_LIU_JIE_2_nothing_without_cards_not_her_own_death_not_covered() -> None:
    g = death(victim_hand=())
    Script(g).do("1: accept")
    assert skills(g) == [] and not g.seats[1].alive
    g = death(sister=1)
    Script(g).do("1: accept")
    assert skills(g) == [] and not g.seats[1].alive
    g = death(face_up={2: False})
    Script(g).do("1: accept")
    assert skills(g) == [] and g.seats[2].intel == []


def test_C_LIU_JIE_2_before_a_rescue_in_seat_order() -> None:
    """A-30: 六姐 (1) comes before 礼服蒙面人 (2): she takes her card, then the woman is saved."""
    g = death(
        sister=1, victim=4, victim_hand=("R:lock",), characters={2: "li_fu_meng_mian_ren"}, sexes=("", "", "", "", "F")
    )
    s = Script(g)
    s.do("4: accept", f"1: skill {SISTER}.2")
    s.do("2: skill li_fu_meng_mian_ren.2", "2: choose @4 x{K:lock@4}", "2: choose @4 x{K:burn@4}")
    assert g.seats[4].alive and g.seats[4].hand == [] and len(g.seats[1].intel) == 1


def test_C_LIU_JIE_2_a_false_card_can_kill_her_and_she_is_her_own_killer() -> None:
    g = death(victim_hand=("K:return",), intel={2: ["K:intercept", "K:see_through"]})
    Script(g).do("1: accept", f"2: skill {SISTER}.2")
    assert not g.seats[2].alive and not g.seats[1].alive
    assert g.killers[g.death_order.index(2)] == 2  # her own skill placed it


# --- mission -------------------------------------------------------------------------------------------------------


def test_mission_liu_jie_six_intelligence_of_any_colour() -> None:
    g = build(
        identities=["ug", "mi", "by", "ug", "mi"],
        current=0,
        at="step3",
        transit={"card": "B:decode", "holder": 2},
        intel={2: ["R:lock", "B:lock", "K:lock", "R:burn", "K:burn"]},
        characters={2: SISTER},
    )
    assert not mission(g, 2).mission_met(g)
    s = Script(g)
    s.do("2: accept")
    s.expect(2, "declare")
    s.do("2: declare")
    assert s.over()["winners"] == [2]


def test_mission_liu_jie_only_for_a_bystander() -> None:
    g = build(
        identities=["ug", "mi", "ug", "by", "mi"],
        intel={2: ["R:lock", "B:lock", "R:decode", "R:burn", "B:burn", "B:decode"]},
        characters={2: SISTER},
    )
    assert mission(g, 2).mission_met(g) and not mission(g, 2).can_declare(g)
