"""礼服蒙面人 (standard-characters.md §B10): C-LI_FU_MENG_MIAN_REN-1, -2 and the mission."""

from __future__ import annotations

from typing import Any

from fengsheng.characters.base import black_count
from fengsheng.editions.standard.characters.li_fu_meng_mian_ren import LiFuMengMianRenMission
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import kinds, rule_of
from tests.rules.test_hooks import PlaceBlack

MASK = "li_fu_meng_mian_ren"
RESCUE = f"{MASK}.2"
PROBE_AND_MORE = ["R:probe:ug:draw", "R:decode", "B:decode"]  # the current player stops in his play phase


def build(players: int = 5, **kw: Any) -> Game:
    return helpers.build(players, **kw)


def mission(g: Game, seat: int) -> LiFuMengMianRenMission:
    return rule_of(g, LiFuMengMianRenMission, seat)


def dying_woman(
    intel: tuple[str, ...] = ("K:lock", "K:burn"),
    sexes: tuple[str, ...] = ("", "F", "", "", ""),
    characters: dict[int, str] | None = None,
    **kw: Any,
) -> Game:
    """Seat 1 is about to accept her third false card (sent by seat 0); 礼服蒙面人 (a bystander) is seat 2."""
    return build(
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        intel={1: list(intel)},
        characters=characters if characters is not None else {2: MASK},
        sexes=sexes,
        **kw,
    )


# --- C-LI_FU_MENG_MIAN_REN-1 ---------------------------------------------------------------------------------------


def obtaining(card: str, intel: tuple[str, ...] = (), face_up: bool = True) -> Game:
    return build(
        current=0,
        at="step3",
        transit={"card": card, "holder": 2},
        intel={2: list(intel)},
        characters={2: MASK},
        face_up={2: face_up},
    )


def test_C_LI_FU_MENG_MIAN_REN_1_false_intelligence_draws_two() -> None:
    g = obtaining("K:decode")
    s = Script(g)
    s.do("2: accept")
    s.expect(2, "skill_choice", "C-LI_FU_MENG_MIAN_REN-1")
    s.do(f"2: skill {MASK}.1")
    assert len(g.seats[2].hand) == 2


def test_C_LI_FU_MENG_MIAN_REN_1_is_optional_and_not_for_red_or_blue() -> None:
    g = obtaining("K:decode")
    Script(g).do("2: accept", "2: pass")
    assert g.seats[2].hand == []
    g = obtaining("R:decode")
    Script(g).do("2: accept")
    assert g.seats[2].hand == [] and "skill" not in kinds(g)
    assert g.decision is None or g.decision.context != "C-LI_FU_MENG_MIAN_REN-1"


def test_C_LI_FU_MENG_MIAN_REN_1_also_when_a_skill_places_the_false_card() -> None:
    g = build(current=0, at="play", hands={0: PROBE_AND_MORE, 3: ["K:lock"]}, characters={2: MASK})
    g.add_rule(PlaceBlack(3))
    s = Script(g)
    s.do("0: pass", "3: skill test.place @2", "0: pass", "3: pass")  # seats 1, 2 and 4 are passed automatically
    s.expect(2, "skill_choice", "C-LI_FU_MENG_MIAN_REN-1")
    s.do(f"2: skill {MASK}.1")
    assert len(g.seats[2].hand) == 2 and len(g.seats[2].intel) == 1


def test_C_LI_FU_MENG_MIAN_REN_1_a_fatal_third_false_card_gives_no_draw() -> None:
    g = obtaining("K:decode", intel=("K:lock", "K:burn"))
    Script(g).do("2: accept")
    assert not g.seats[2].alive and "skill" not in kinds(g)


def test_C_LI_FU_MENG_MIAN_REN_1_covered_public_character_loses_the_skill() -> None:
    g = obtaining("K:decode", face_up=False)
    Script(g).do("2: accept")
    assert g.seats[2].hand == [] and "skill" not in kinds(g)


# --- C-LI_FU_MENG_MIAN_REN-2 ---------------------------------------------------------------------------------------


def test_C_LI_FU_MENG_MIAN_REN_2_reveal_identity_and_burn_two_to_save_a_woman() -> None:
    g = dying_woman()
    s = Script(g)
    s.do("1: accept")
    s.expect(2, "skill_choice", "C-LI_FU_MENG_MIAN_REN-2")
    assert 1 in g.dying
    s.do(f"2: skill {RESCUE}")
    assert g.seats[2].identity_revealed  # the cost
    s.do("2: choose @1 x{K:lock@1}", "2: choose @1 x{K:decode@1}")
    assert g.seats[1].alive and g.seats[1].in_game
    assert black_count(g, 1) == 1 and len(g.seats[1].intel) == 1
    assert "rescued" in kinds(g) and g.death_order == []  # she has not died
    assert not g.seats[1].identity_revealed  # the woman he saves does not reveal hers


def test_C_LI_FU_MENG_MIAN_REN_2_is_optional() -> None:
    g = dying_woman()
    Script(g).do("1: accept", "2: pass")
    assert not g.seats[1].alive and not g.seats[2].identity_revealed


def test_C_LI_FU_MENG_MIAN_REN_2_a_face_up_female_character_counts_as_a_woman() -> None:
    g = dying_woman(sexes=(), characters={2: MASK, 1: "liu_jie"})
    s = Script(g)
    s.do("1: accept")
    s.expect(2, "skill_choice", "C-LI_FU_MENG_MIAN_REN-2")


def test_C_LI_FU_MENG_MIAN_REN_2_not_for_a_man_nor_a_face_down_female_character() -> None:
    g = dying_woman(sexes=())  # nobody's sex is known: no woman
    Script(g).do("1: accept")
    assert not g.seats[1].alive and "skill" not in kinds(g)
    # a face-down 老鬼 has no sex (S-CHAR-3, A-41)
    g = dying_woman(sexes=(), characters={2: MASK, 1: "lao_gui"})
    assert not g.seats[1].face_up
    Script(g).do("1: accept")
    assert not g.seats[1].alive and "skill" not in kinds(g)
    # a female player with a face-up male character is a woman
    g = dying_woman(sexes=("", "F", "", "", ""), characters={2: MASK, 1: "dao_feng"})
    s = Script(g)
    s.do("1: accept")
    s.expect(2, "skill_choice", "C-LI_FU_MENG_MIAN_REN-2")


def test_C_LI_FU_MENG_MIAN_REN_2_only_if_two_burns_leave_two_or_fewer_false() -> None:
    """A-73: with four false cards he may save her (two are left); with five he may not."""
    for before, offered in ((("K:lock",), True), (("K:lock", "K:burn"), False)):
        g = build(
            current=0,
            at="play",
            hands={0: PROBE_AND_MORE, 3: ["K:decode", "K:return", "K:intercept"]},
            intel={1: list(before)},
            characters={2: MASK},
            sexes=("", "F", "", "", ""),
        )
        g.add_rule(PlaceBlack(3))
        s = Script(g)
        s.do("0: pass", "3: skill test.place @1", "0: pass", "3: pass")
        if offered:
            s.do(f"2: skill {RESCUE}", "2: choose @1 x{K:lock@1}", "2: choose @1 x{K:decode@1}")
            assert g.seats[1].alive and black_count(g, 1) == 2
        else:
            assert not g.seats[1].alive and not g.seats[2].identity_revealed


def test_C_LI_FU_MENG_MIAN_REN_2_he_cannot_save_himself() -> None:
    g = build(
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": 2},
        intel={2: ["K:lock", "K:burn"]},
        characters={2: MASK},
        sexes=("", "", "F", "", ""),
    )
    Script(g).do("2: accept")
    assert not g.seats[2].alive and "skill" not in kinds(g)


def test_C_LI_FU_MENG_MIAN_REN_2_once_per_game_the_identity_is_the_cost() -> None:
    g = dying_woman()
    g.reveal_identity(2)  # already revealed (e.g. by an earlier rescue): nothing left to pay with
    Script(g).do("1: accept")
    assert not g.seats[1].alive and "skill" not in kinds(g)


def test_C_LI_FU_MENG_MIAN_REN_2_covered_public_character_cannot_rescue() -> None:
    g = dying_woman(face_up={2: False})
    Script(g).do("1: accept")
    assert not g.seats[1].alive and "skill" not in kinds(g)


def test_C_LI_FU_MENG_MIAN_REN_2_in_seat_order_with_other_death_triggers() -> None:
    """A-30: current player 0; 礼服蒙面人 (1) rescues first: she has not died, so neither 六姐 (2) nor 刀锋 (3) is
    asked (one reading of 「当一位玩家死亡时」 for every death trigger, C-LIU_JIE-2, C-DAO_FENG-2)."""
    g = build(
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": 4},
        hands={4: ["R:lock"]},
        intel={4: ["K:lock", "K:burn"]},
        characters={1: MASK, 2: "liu_jie", 3: "dao_feng"},
        sexes=("", "", "", "", "F"),
    )
    s = Script(g)
    s.do("4: accept")
    s.expect(1, "skill_choice", "C-LI_FU_MENG_MIAN_REN-2")
    s.do(f"1: skill {RESCUE}", "1: choose @4 x{K:lock@4}", "1: choose @4 x{K:burn@4}")
    assert not any(e.kind == "skill" and e.data["skill"] in ("C-LIU_JIE-2", "C-DAO_FENG-2") for e in g.events)
    assert g.seats[3].hand == [] and g.seats[1].intel == []
    assert g.seats[4].alive and g.seats[4].hand and g.death_order == []
    assert g.decision is not None and g.decision.context not in ("C-LIU_JIE-2", "C-DAO_FENG-2")


# --- mission -------------------------------------------------------------------------------------------------------


def woman_declares(
    identities: list[str] | None = None, sexes: tuple[str, ...] = ("", "F", "", "", ""), **kw: Any
) -> Game:
    """Seat 1 (潜伏战线, a woman) accepts her third red intelligence; 礼服蒙面人 is seat 2."""
    kw.setdefault("characters", {2: MASK})
    return build(
        identities=identities or ["ug", "ug", "by", "mi", "mi"],
        current=0,
        at="step3",
        transit={"card": "R:decode", "holder": 1},
        intel={1: ["R:lock", "R:burn"]},
        sexes=sexes,
        **kw,
    )


def test_mission_li_fu_meng_mian_ren_wins_with_a_woman_who_declares() -> None:
    g = woman_declares()
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["winners"] == [0, 1, 2] and r["reason"] == "declared" and r["declarer"] == 1


def test_mission_li_fu_meng_mian_ren_not_when_a_man_declares() -> None:
    g = woman_declares(sexes=("", "M", "", "", ""))
    Script(g).do("1: accept", "1: declare")
    assert g.result is not None and g.result["winners"] == [0, 1]


def test_mission_li_fu_meng_mian_ren_only_for_a_bystander_in_the_game() -> None:
    g = woman_declares(identities=["ug", "ug", "mi", "mi", "by"])
    Script(g).do("1: accept", "1: declare")
    assert g.result is not None and g.result["winners"] == [0, 1]
    g = woman_declares(dead=[2])  # a dead player wins only through his faction or his own death
    Script(g).do("1: accept", "1: declare")
    assert g.result is not None and g.result["winners"] == [0, 1]


def test_mission_li_fu_meng_mian_ren_covered_keeps_the_mission() -> None:
    g = woman_declares(face_up={2: False})
    Script(g).do("1: accept", "1: declare")
    assert g.result is not None and g.result["winners"] == [0, 1, 2]


def test_mission_li_fu_meng_mian_ren_a_female_owner_is_not_the_woman_at_the_table() -> None:
    """Ruling: he himself does not count as "a woman at the table"; another woman's declaration still counts."""
    g = woman_declares(sexes=("", "F", "F", "", ""))
    Script(g).do("1: accept", "1: declare")
    assert g.result is not None and g.result["winners"] == [0, 1, 2]
    g = build(dead=[1], characters={2: MASK}, sexes=("", "", "F", "", ""))
    m = mission(g, 2)
    assert m.fallback(g)  # he is the only woman: the mission has become the fallback


def test_mission_li_fu_meng_mian_ren_fallback_is_checked_continuously() -> None:
    """A-42: with no woman in the game, the mission is the fallback, even for a (dead) woman's declaration."""
    g = build(dead=[1, 3], characters={2: MASK, 1: "lao_gui"}, face_up={1: True}, sexes=("", "F", "", "", ""))
    m = mission(g, 2)
    assert m.fallback(g)
    assert m.react_to_declaration(g, 1, [1]) is None
    g.seats[4].player_sex = "F"  # a woman in the game again: the first version applies
    assert not m.fallback(g)
    assert m.react_to_declaration(g, 1, [1]) == ([2], False)


def test_mission_li_fu_meng_mian_ren_fallback_kill_everyone_else() -> None:
    """No woman left; the last other player dies: he wins through his mission (R-12), not as a mere survivor."""
    g = build(
        players=3,
        identities=["ug", "mi", "by"],
        dead=[0],
        current=2,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        intel={1: ["K:lock", "K:burn"]},
        hands={2: ["R:lock"]},
        characters={2: MASK},
        sexes=("F", "", ""),
    )
    assert not mission(g, 2).mission_met(g)
    s = Script(g)
    s.do("1: accept")
    r = s.over()
    assert r["winners"] == [2] and r["reason"] == "declared"


def test_mission_li_fu_meng_mian_ren_fallback_only_without_women() -> None:
    g = build(players=3, identities=["ug", "mi", "by"], dead=[0, 1], characters={2: MASK})
    assert mission(g, 2).mission_met(g)
    g.seats[1].player_sex = "F"  # a dead woman is not at the table
    assert mission(g, 2).mission_met(g)
    g = build(players=3, identities=["ug", "mi", "by"], dead=[0], characters={2: MASK}, sexes=("", "F", ""))
    assert not mission(g, 2).mission_met(g)


# --- the death settles, rescue included, before any declaration ----------------------------------------------------


def second_death_of_a_woman() -> Game:
    """Seat 4 (a woman) accepts her third false card, sent by 职业杀手 (seat 0, a bystander, current); seat 3 died
    before, so she would be the second to die. 六姐 (1) comes before 礼服蒙面人 (2) in S-TRIG order."""
    return build(
        identities=["by", "ug", "mi", "ug", "mi"],
        current=0,
        at="step3",
        dead=[3],
        transit={"card": "K:decode", "holder": 4},
        hands={4: ["R:lock"]},
        intel={4: ["K:lock", "K:burn"]},
        characters={0: "zhi_ye_sha_shou", 1: "liu_jie", 2: MASK},
        sexes=("", "", "", "", "F"),
    )


def test_S_WIN_10_A_37_A_30_no_declaration_before_the_death_has_settled_rescue_included() -> None:
    """六姐's card, obtained in the middle of the death, must not start a settle step there: 职业杀手 (whose mission
    is met while she is dying as the second death) is not asked to declare, and 礼服蒙面人's rescue is offered. Once
    she is saved, she has not died (A-30), so the mission is not met at all."""
    g = second_death_of_a_woman()
    s = Script(g)
    s.do("4: accept", "1: skill liu_jie.2")
    assert 4 in g.dying and len(g.seats[1].intel) == 1
    s.expect(2, "skill_choice", "C-LI_FU_MENG_MIAN_REN-2")
    s.do(f"2: skill {RESCUE}", "2: choose @4 x{K:lock@4}", "2: choose @4 x{K:burn@4}")
    assert g.seats[4].alive and g.death_order == [3]
    assert g.result is None and not any(e.kind == "declare" for e in g.events)


def test_S_WIN_10_A_37_without_a_rescue_the_declaration_comes_once_the_death_is_final() -> None:
    g = second_death_of_a_woman()
    s = Script(g)
    s.do("4: accept", "1: skill liu_jie.2", "2: pass")
    assert not g.seats[4].alive and g.death_order == [3, 4]
    s.expect(0, "declare", "settle")
    s.do("0: declare")
    assert s.over()["winners"] == [0]
