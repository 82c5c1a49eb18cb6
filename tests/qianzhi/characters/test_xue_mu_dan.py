"""血牡丹 (qianzhi): QC-XUE_MU_DAN-1 光影浮華 (R-36), QC-XUE_MU_DAN-2 歲月留痕 and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_XUE_MU_DAN_1_takes_a_card_and_places_it_before_another_player() -> None:
    g = build(4, IDS, at="play", auto_pass=False, hands={0: ["R:decode"], 2: ["K:lock"]}, characters={0: "xue_mu_dan"})
    assert [o for o in opts(g) if "xue_mu_dan" in o] == [f"skill xue_mu_dan.1 @{i}" for i in (1, 2, 3)]
    s = Script(g)
    s.do("0: skill xue_mu_dan.1 @2")
    assert g.seats[0].face_up and events(g, "take")[-1]["from"] == 2
    s.expect(0, "skill_choice", "QC-XUE_MU_DAN-1")
    assert opts(g) == ["choose @1", "choose @2", "choose @3"]  # not herself
    s.do("0: choose @3")
    last = events(g, "obtain")[-1]
    assert (last["seat"], last["source"], last["how"]) == (3, 0, "skill") and g.seats[3].intel == [last["card"]]


def test_QC_XUE_MU_DAN_1_only_face_down_in_her_own_play_phase() -> None:
    g = build(4, IDS, at="play", auto_pass=False, hands={0: ["R:decode"], 2: ["K:lock"]}, characters={1: "xue_mu_dan"})
    Script(g).do("0: pass")
    assert not [o for o in opts(g) if "xue_mu_dan" in o]


def test_QC_XUE_MU_DAN_2_covers_when_another_player_dies() -> None:
    g = build(
        4,
        IDS,
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"]},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        characters={2: "xue_mu_dan"},
        face_up={2: True},
    )
    Script(g).do("0: play c{K:gamble} gamble @1")
    assert not g.seats[1].alive and not g.seats[2].face_up and events(g, "cover")[-1]["seat"] == 2


def test_QC_XUE_MU_DAN_mission_a_red_and_a_blue_player_dead() -> None:
    g = build(5, ["ug", "mi", "by", "ug", "mi"], characters={2: "xue_mu_dan"}, dead=[3, 4])
    assert g.can_declare_now(2)
