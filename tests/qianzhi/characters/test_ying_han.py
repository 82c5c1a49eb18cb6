"""硬漢 (qianzhi): QC-YING_HAN-1 就計, QC-YING_HAN-2 合謀 (A-90) and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import kinds, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_YING_HAN_1_flips_when_locked_and_draws_two() -> None:
    g = build(4, IDS, at="play", hands={0: ["R:lock", "K:decode"]}, characters={2: "ying_han"})
    s = Script(g)
    hand = len(g.seats[2].hand)
    s.do("0: play c{R:lock} lock @2")
    d = s.expect(2, "skill_choice", "QC-YING_HAN-1")
    assert d.private and all("ying_han" not in str(g.view(v)) for v in (0, 1, 3, None))  # face down: a secret
    s.do("2: skill ying_han.1")
    assert g.seats[2].face_up and len(g.seats[2].hand) == hand + 2


def test_QC_YING_HAN_1_flips_when_probed_before_answering_and_is_optional() -> None:
    g = build(4, IDS, at="play", hands={0: ["R:probe:ug:draw", "K:decode"]}, characters={3: "ying_han"})
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @3")
    s.expect(3, "skill_choice", "QC-YING_HAN-1")
    s.do("3: pass")
    assert not g.seats[3].face_up and "flip" not in kinds(g)


def test_QC_YING_HAN_1_not_face_up() -> None:
    g = build(4, IDS, at="play", hands={0: ["R:lock", "K:decode"]}, characters={2: "ying_han"}, face_up={2: True})
    s = Script(g)
    s.do("0: play c{R:lock} lock @2")
    assert g.decision is not None and g.decision.context != "QC-YING_HAN-1"


def test_QC_YING_HAN_2_A_90_covers_himself_and_the_two_see_each_others_identity() -> None:
    g = build(
        4, IDS, at="play", auto_pass=False, hands={0: ["K:decode"]}, characters={0: "ying_han"}, face_up={0: True}
    )
    assert [o for o in opts(g) if "ying_han" in o] == [
        "skill ying_han.2 @1",
        "skill ying_han.2 @2",
        "skill ying_han.2 @3",
    ]
    s = Script(g)
    s.do("0: skill ying_han.2 @1")
    assert not g.seats[0].face_up  # only 硬漢 is covered
    ex = next(e for e in g.events if e.kind == "identities_exchanged")
    assert ex.for_seat(0)["identities"] == ["underground", "military_intel"]
    assert ex.for_seat(1)["identities"] == ["underground", "military_intel"]
    for other in (2, 3, None):
        assert "identities" not in ex.for_seat(other)
    assert g.view(0)["seats"][1]["identity"] == "military_intel"
    assert g.view(1)["seats"][0]["identity"] == "underground"
    assert g.view(2)["seats"][1]["identity"] is None and g.view(2)["seats"][0]["character"] is None
    assert not [o for o in opts(g) if "ying_han" in o]  # covered: no 合謀


def test_QC_YING_HAN_2_only_face_up_in_his_own_play_phase() -> None:
    g = build(4, IDS, at="play", auto_pass=False, hands={0: ["K:decode"]}, characters={0: "ying_han"})
    assert not [o for o in opts(g) if "ying_han" in o]  # face down
    g = build(
        4, IDS, at="play", auto_pass=False, hands={0: ["K:decode"]}, characters={1: "ying_han"}, face_up={1: True}
    )
    s = Script(g)
    s.do("0: pass")
    assert not [o for o in opts(g) if "ying_han" in o]  # another player's turn


def test_QC_YING_HAN_covered_he_may_flip_again_with_ruse() -> None:
    g = build(4, IDS, at="play", hands={0: ["R:lock", "K:decode"]}, characters={2: "ying_han"}, face_up={2: False})
    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "2: skill ying_han.1")
    assert g.seats[2].face_up


def test_QC_YING_HAN_mission_three_red() -> None:
    from fengsheng.editions.qianzhi.characters.ying_han import YingHanMission
    from tests.helpers import rule_of

    g = build(4, IDS, intel={2: ["R:lock", "R:decode", "B:lock"]}, characters={2: "ying_han"})
    assert not rule_of(g, YingHanMission, 2).mission_met(g)
    g = build(4, IDS, intel={2: ["R:lock", "R:decode", "R:burn"]}, characters={2: "ying_han"})
    assert rule_of(g, YingHanMission, 2).mission_met(g)
