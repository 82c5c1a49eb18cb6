"""刀鋒 (qianzhi): QC-DAO_FENG-1 亮劍, QC-DAO_FENG-2 嗜血 and the mission (R-30, A-30, A-37)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts, skill_events, window
from tests.qianzhi.common import build


def sword(g: object) -> list[str]:
    return [o for o in opts(g) if o.startswith("skill dao_feng.1")]  # type: ignore[arg-type]


def test_QC_DAO_FENG_1_locks_a_player_once_per_turn_at_once() -> None:
    g = build(4, at="play", auto_pass=False, characters={0: "dao_feng"}, hands={0: ["R:decode", "K:decode"]})
    assert sword(g) == ["skill dao_feng.1 @1", "skill dao_feng.1 @2", "skill dao_feng.1 @3"]  # not himself
    s = Script(g)
    s.do("0: skill dao_feng.1 @2")
    # a skill cannot be answered (Q-PRIO-4): the lock is in place before anyone else acts
    assert g.locks == [2]
    assert [(e["seat"], e["user"]) for e in events(g, "locked")] == [(2, 0)]
    s.expect(1, "priority", "play")  # after a use, priority goes to the user's right-hand player
    assert [str(o) for o in g.priority_options(0, window(g)) if o.kind == "skill"] == []  # once per turn
    assert len(skill_events(g, "QC-DAO_FENG-1")) == 1


def test_QC_DAO_FENG_1_only_in_his_own_play_phase() -> None:
    g = build(4, at="play", auto_pass=False, characters={1: "dao_feng"}, hands={0: ["K:decode"]})
    s = Script(g)
    s.do("0: pass")
    s.expect(1, "priority", "play")
    assert sword(g) == []  # another player's play phase
    g = build(4, at="step1", auto_pass=False, characters={0: "dao_feng"}, transit={"card": "K:decode"})
    assert sword(g) == []  # his own passing phase


def test_QC_DAO_FENG_1_the_locked_player_must_accept() -> None:
    g = build(4, at="play", auto_pass=True, characters={0: "dao_feng"}, hands={0: ["K:decode"]})
    s = Script(g)
    s.do("0: skill dao_feng.1 @2", "1: decline")  # his one card is sent by force (auto-pass)
    assert [e["seat"] for e in events(g, "obtain")] == [2]
    assert events(g, "obtain")[0]["how"] == "forced"


def test_QC_DAO_FENG_1_fires_ruse_of_a_face_down_player() -> None:
    """「被鎖定」: 亮劍 locks as a 鎖定 does, so 硬漢's 就計 may flip him (asked privately)."""
    g = build(4, at="play", auto_pass=False, characters={0: "dao_feng", 2: "ying_han"}, hands={0: ["K:decode"]})
    s = Script(g)
    s.do("0: skill dao_feng.1 @2")
    d = s.expect(2, "skill_choice", "QC-YING_HAN-1")
    assert d.private


def kill_setup(dao_feng: int = 2) -> Script:
    g = build(
        4,
        at="play",
        auto_pass=True,
        characters={dao_feng: "dao_feng"},
        hands={0: ["K:gamble", "R:decode", "B:decode"]},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:burn"],
    )
    return Script(g)


def test_QC_DAO_FENG_2_may_draw_three_when_another_player_dies() -> None:
    s = kill_setup()
    g = s.g
    hand = len(g.seats[2].hand)
    s.do("0: play c{K:gamble} gamble @1")
    s.expect(2, "skill_choice", "QC-DAO_FENG-2")
    s.do("2: skill dao_feng.2")
    assert len(g.seats[2].hand) == hand + 3
    assert not g.seats[1].alive


def test_QC_DAO_FENG_2_is_optional_and_not_for_his_own_death() -> None:
    s = kill_setup()
    hand = len(s.g.seats[2].hand)
    s.do("0: play c{K:gamble} gamble @1", "2: pass")
    assert len(s.g.seats[2].hand) == hand
    s = kill_setup(dao_feng=1)  # he is the one who dies
    s.do("0: play c{K:gamble} gamble @1")
    assert not s.g.seats[1].alive and skill_events(s.g, "QC-DAO_FENG-2") == []
    s.expect(0, "send")  # nobody was asked


def test_QC_DAO_FENG_mission_a_red_and_a_blue_player_dead() -> None:
    from fengsheng.editions.qianzhi.characters.dao_feng import DaoFengMission
    from tests.helpers import rule_of

    g = build(5, ["ug", "mi", "by", "ug", "mi"], characters={2: "dao_feng"}, dead=[0])
    m = rule_of(g, DaoFengMission, 2)
    assert not m.mission_met(g)
    g = build(5, ["ug", "mi", "by", "ug", "mi"], characters={2: "dao_feng"}, dead=[0, 1])
    assert rule_of(g, DaoFengMission, 2).mission_met(g) and g.can_declare_now(2)
