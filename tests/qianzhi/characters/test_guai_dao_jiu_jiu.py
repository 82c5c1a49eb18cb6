"""怪盜九九 (qianzhi): QC-GUAI_DAO_JIU_JIU-1 陰謀, QC-GUAI_DAO_JIU_JIU-2 陽謀 (R-29) and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build


def test_QC_GUAI_DAO_JIU_JIU_1_takes_from_any_player_when_his_black_card_is_obtained() -> None:
    g = build(
        4,
        at="step2",
        characters={0: "guai_dao_jiu_jiu"},
        hands={2: ["R:lock"], 3: ["B:lock", "K:lock"], 1: ["R:probe"]},
        transit={"card": "K:decode", "holder": 1},
    )
    s = Script(g)
    s.do("1: accept")
    s.expect(0, "skill_choice", "QC-GUAI_DAO_JIU_JIU-1")
    assert opts(g) == ["choose @1", "choose @2", "choose @3", "pass"]  # any other player with a hand (not only seat 1)
    s.do("0: choose @3")
    assert len(g.seats[3].hand) == 1 and len(g.seats[0].hand) == 1
    took = events(g, "take")[-1]
    assert (took["seat"], took["from"]) == (0, 3)


def test_QC_GUAI_DAO_JIU_JIU_1_not_for_red_or_blue_nor_his_own_card_back() -> None:
    g = build(
        4,
        at="step2",
        characters={0: "guai_dao_jiu_jiu"},
        hands={2: ["R:lock"]},
        transit={"card": "R:decode", "holder": 1},
    )
    s = Script(g)
    s.do("1: accept")
    assert [e["seat"] for e in events(g, "obtain")] == [1]
    assert g.decision is not None and g.decision.context != "QC-GUAI_DAO_JIU_JIU-1"
    g = build(
        4,
        at="step2",
        characters={0: "guai_dao_jiu_jiu"},
        hands={2: ["R:lock"]},
        transit={"card": "K:decode", "holder": 0, "back": True},
    )
    assert [e["seat"] for e in events(g, "obtain")] == [0]  # his own card came back: he must take it
    assert g.decision is not None and g.decision.context not in ("QC-GUAI_DAO_JIU_JIU-1", "QC-GUAI_DAO_JIU_JIU-2")


def test_QC_GUAI_DAO_JIU_JIU_2_takes_when_he_obtains_black_sent_by_another() -> None:
    g = build(
        4,
        current=1,
        at="step2",
        characters={2: "guai_dao_jiu_jiu"},
        hands={0: ["R:lock"], 3: ["B:lock"]},
        transit={"card": "K:decode", "sender": 1, "holder": 2},
    )
    s = Script(g)
    s.do("2: accept")
    s.expect(2, "skill_choice", "QC-GUAI_DAO_JIU_JIU-2")
    assert opts(g) == ["choose @0", "choose @3", "pass"]  # seat 1 has no hand
    s.do("2: pass")
    assert events(g, "take") == []


def test_QC_GUAI_DAO_JIU_JIU_mission_ten_cards_in_hand() -> None:
    from fengsheng.editions.qianzhi.characters.guai_dao_jiu_jiu import GuaiDaoJiuJiuMission
    from tests.helpers import rule_of

    g = build(
        4, ["ug", "mi", "by", "ug"], characters={2: "guai_dao_jiu_jiu"}, hands={2: ["K:lock"] * 5 + ["R:lock"] * 4}
    )
    assert not rule_of(g, GuaiDaoJiuJiuMission, 2).mission_met(g)
    g = build(
        4, ["ug", "mi", "by", "ug"], characters={2: "guai_dao_jiu_jiu"}, hands={2: ["K:lock"] * 5 + ["R:lock"] * 5}
    )
    assert rule_of(g, GuaiDaoJiuJiuMission, 2).mission_met(g)
