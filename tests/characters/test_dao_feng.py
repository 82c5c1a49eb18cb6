"""刀锋 (standard-characters.md §B12, 000 texts): C-DAO_FENG-1 亮剑, C-DAO_FENG-2 嗜血 and the mission."""

from __future__ import annotations

from typing import Any

from fengsheng.core.cards import RED
from fengsheng.editions.standard.characters.dao_feng import DaoFengMission
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import CARD_COLOUR, opts, rule_of, seat_opts

BLADE = "dao_feng"


def build(players: int = 5, **kw: Any) -> Game:
    return helpers.build(players, **kw)


def mission(g: Game, seat: int) -> DaoFengMission:
    return rule_of(g, DaoFengMission, seat)


# --- C-DAO_FENG-1 亮剑 ---------------------------------------------------------------------------------------------


def own_turn(face_up: bool = True, **kw: Any) -> Game:
    hands = {0: ["R:probe:mi:draw", "R:return", "B:decode"]}
    hands.update(kw.pop("hands", {}))
    return build(
        current=0, at="play", hands=hands, characters={0: BLADE, **kw.pop("characters", {})}, face_up={0: face_up}, **kw
    )


def test_C_DAO_FENG_1_probe_used_as_lock() -> None:
    g = own_turn(characters={2: "lao_gui"})
    s = Script(g)
    probe = s.card("R:probe:mi:draw", 0)
    ret = s.card("R:return", 0)
    assert f"play c{probe} lock @2" in opts(g) and f"play c{ret} lock @2" in opts(g)
    s.do(f"0: play c{probe} lock @2", "0: pass")
    # a full lock (A-61): 老鬼's 就计 ("when locked") is offered, privately
    d = s.expect(2, "skill_choice", "C-LAO_GUI-1")
    assert d.private
    s.do("2: pass")
    assert g.locks == [2]
    assert probe in g.discard and probe not in g.probes_out  # discarded like a lock, not kept out like a probe
    assert CARD_COLOUR[probe] == RED  # it keeps its colour
    assert any(e.kind == "use" and e.data["use"] == "lock" and e.data.get("card") == probe for e in g.events)


def test_C_DAO_FENG_1_return_used_as_lock_in_step1_of_his_pass() -> None:
    g = build(
        current=0,
        at="step1",
        transit={"card": "B:decode"},
        hands={0: ["R:return"]},
        characters={0: BLADE},
    )
    s = Script(g)
    s.expect(0, "priority", "step1")
    s.do("0: play c{R:return} lock @3")
    assert g.locks == [3]


def test_C_DAO_FENG_1_the_lock_can_be_cancelled() -> None:
    g = own_turn(hands={1: ["R:see_through"]})
    s = Script(g)
    s.do("0: play c{R:return} lock @2", "1: play c{R:see_through} see_through ^top")
    assert g.locks == []


def test_C_DAO_FENG_1_only_in_his_own_turn_and_only_face_up() -> None:
    g = build(
        current=1,
        at="step1",
        transit={"card": "B:decode", "sender": 1},
        hands={0: ["R:probe:mi:draw", "R:return", "K:burn"], 1: ["R:lock"]},
        intel={3: ["K:lock"]},
        characters={0: BLADE},
    )
    assert not any(" lock " in o for o in seat_opts(g, 0))  # the lock's own timing: his own turn
    g = own_turn(face_up=False, hands={0: ["R:probe:mi:draw", "R:return", "B:lock"]})
    real_lock = Script(g).card("B:lock", 0)
    locks = [o for o in opts(g) if " lock " in o]
    assert locks and all(o.startswith(f"play c{real_lock} lock") for o in locks)  # covered: no conversion


# --- C-DAO_FENG-2 嗜血 ---------------------------------------------------------------------------------------------


def death(blade: int = 3, victim: int = 1, face_up: bool = True, **kw: Any) -> Game:
    """Seat ``victim`` accepts his third false card, sent by seat 0; 刀锋 is seat ``blade``."""
    chars = {blade: BLADE}
    chars.update(kw.pop("characters", {}))
    return build(
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": victim},
        intel={victim: ["K:lock", "K:burn"]},
        deck=["R:lock", "B:lock", "R:burn", "B:burn"],
        characters=chars,
        face_up={blade: face_up},
        **kw,
    )


def test_C_DAO_FENG_2_a_death_draws_four_then_gives_a_card() -> None:
    g = death()
    s = Script(g)
    s.do("1: accept")
    s.expect(3, "skill_choice", "C-DAO_FENG-2")
    s.do("3: skill dao_feng.2")
    assert len(g.seats[3].hand) == 4
    assert "choose @1" in opts(g) and "choose @3" in opts(g)  # any player: the dying one, himself
    s.do("3: choose @4", "3: choose c{B:lock}")
    assert len(g.seats[3].hand) == 3 and len(g.seats[4].hand) == 1
    assert s.card("B:lock", 4) in g.seats[4].hand
    assert not g.seats[1].alive


def test_C_DAO_FENG_2_giving_to_himself_keeps_the_card() -> None:
    g = death()
    Script(g).do("1: accept", "3: skill dao_feng.2", "3: choose @3")
    assert len(g.seats[3].hand) == 4


def test_C_DAO_FENG_2_is_optional() -> None:
    g = death()
    Script(g).do("1: accept", "3: pass")
    assert g.seats[3].hand == []


def test_C_DAO_FENG_2_not_for_his_own_death_nor_when_covered() -> None:
    g = death(blade=1, victim=1)
    Script(g).do("1: accept")
    assert not g.seats[1].alive and not any(e.kind == "skill" for e in g.events)
    g = death(face_up=False)
    Script(g).do("1: accept")
    assert g.seats[3].hand == [] and not any(e.kind == "skill" for e in g.events)


def test_C_DAO_FENG_2_before_a_rescue_in_seat_order_it_stands() -> None:
    """A-30: 刀锋 (1) comes before 礼服蒙面人 (2) in seat order: she is still dying when 嗜血 resolves; the woman is
    then saved, and 嗜血 stands."""
    g = death(blade=1, victim=4, characters={2: "li_fu_meng_mian_ren"}, sexes=("", "", "", "", "F"))
    s = Script(g)
    s.do("4: accept", "1: skill dao_feng.2", "1: choose @1")
    s.do("2: skill li_fu_meng_mian_ren.2", "2: choose @4 x{K:lock@4}", "2: choose @4 x{K:burn@4}")
    assert g.seats[4].alive and len(g.seats[1].hand) == 4


# --- mission -------------------------------------------------------------------------------------------------------


def test_mission_dao_feng_an_underground_and_a_military_intel_player_die() -> None:
    g = build(
        identities=["ug", "mi", "by", "ug", "mi"],
        dead=[3],
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        intel={1: ["K:lock", "K:burn"]},
        hands={0: ["R:lock"]},
        characters={2: BLADE},
    )
    assert not mission(g, 2).mission_met(g)  # only the 潜伏战线 player so far
    s = Script(g)
    s.do("1: accept", "2: pass")  # 嗜血 declined
    s.expect(2, "declare")
    s.do("2: declare")
    assert s.over()["winners"] == [2]


def test_mission_dao_feng_rescued_or_lost_players_have_not_died() -> None:
    g = build(identities=["ug", "mi", "by", "ug", "mi"], characters={2: BLADE})
    m = mission(g, 2)
    g.seats[0].alive = False
    assert not m.mission_met(g)
    g.seats[1].lost = True  # S-LOSE-2: losing is not dying
    assert not m.mission_met(g)
    g.seats[4].alive = False
    assert m.mission_met(g)
    g.seats[2].alive = False  # a dead 刀锋 does not win through it
    assert not m.mission_met(g)


def test_mission_dao_feng_only_for_a_bystander() -> None:
    g = build(identities=["ug", "mi", "ug", "by", "mi"], dead=[0, 1], characters={2: BLADE})
    assert mission(g, 2).mission_met(g) and not mission(g, 2).can_declare(g)


def test_C_DAO_FENG_2_A_30_not_after_a_rescue() -> None:
    """礼服蒙面人 (1) comes before 刀锋 (2): once she is saved she has not died (A-30), so 「当一位玩家死亡时」 has not
    happened and 嗜血 is not offered (as for 六姐, C-LIU_JIE-2). 004's 刀锋 says otherwise (C-DAO_FENG-3)."""
    g = death(blade=2, victim=4, characters={1: "li_fu_meng_mian_ren"}, sexes=("", "", "", "", "F"))
    s = Script(g)
    s.do("4: accept", "1: skill li_fu_meng_mian_ren.2", "1: choose @4 x{K:lock@4}", "1: choose @4 x{K:burn@4}")
    assert g.seats[4].alive and g.seats[2].hand == []
    assert not any(e.kind == "skill" and e.data["skill"] == "C-DAO_FENG-2" for e in g.events)
    assert g.decision is None or g.decision.context != "C-DAO_FENG-2"
