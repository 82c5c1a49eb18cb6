"""情報獵手 (qianzhi): QC-QING_BAO_LIE_SHOU-1 化劍為犁 (R-32), QC-QING_BAO_LIE_SHOU-2 斗轉星移 and the kill mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_QING_BAO_LIE_SHOU_1_flips_and_the_named_player_discards_a_card_of_his_choice() -> None:
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: ["R:decode"], 2: ["K:lock", "B:burn"]},
        characters={0: "qing_bao_lie_shou"},
    )
    assert [o for o in opts(g) if "qing_bao_lie_shou" in o] == [
        "skill qing_bao_lie_shou.1 @1",
        "skill qing_bao_lie_shou.1 @2",
        "skill qing_bao_lie_shou.1 @3",
    ]
    s = Script(g)
    s.do("0: skill qing_bao_lie_shou.1 @2")
    assert g.seats[0].face_up
    s.expect(2, "skill_choice", "QC-QING_BAO_LIE_SHOU-1")  # he chooses which card
    assert "pass" not in opts(g)
    s.do("2: choose c{B:burn}")
    assert g.seats[2].hand == [s.card("K:lock", 2)]
    d = events(g, "discarded")[-1]
    assert d["seat"] == 2 and d["card"] in g.discard
    assert any(e.kind == "discarded" and e.for_seat(3).get("card") == d["card"] for e in g.events)  # face up
    assert not [o for o in opts(g) if "qing_bao_lie_shou" in o]


def test_QC_QING_BAO_LIE_SHOU_1_an_empty_hand_discards_nothing() -> None:
    g = build(4, IDS, at="play", auto_pass=False, hands={0: ["R:decode"]}, characters={0: "qing_bao_lie_shou"})
    s = Script(g)
    s.do("0: skill qing_bao_lie_shou.1 @3")
    assert g.seats[0].face_up and events(g, "discarded") == []
    s.expect(1, "priority", "play")


def test_QC_QING_BAO_LIE_SHOU_2_covers_when_he_obtains_black_and_may_flip_again() -> None:
    g = build(
        4,
        IDS,
        current=3,
        at="step2",
        auto_pass=False,
        characters={0: "qing_bao_lie_shou"},
        face_up={0: True},
        hands={0: ["R:decode"]},
        transit={"card": "K:decode", "sender": 3, "holder": 0},
    )
    s = Script(g)
    while g.decision is not None and g.decision.kind != "receive":
        s.do(f"{g.decision.seat}: pass")
    s.do("0: accept")
    assert not g.seats[0].face_up and events(g, "cover")[-1]["seat"] == 0
    g2 = build(
        4,
        IDS,
        current=3,
        at="step2",
        characters={0: "qing_bao_lie_shou"},
        face_up={0: True},
        transit={"card": "R:decode", "sender": 3, "holder": 0},
    )
    Script(g2).do("0: accept")
    assert g2.seats[0].face_up  # red: nothing happens


def test_QC_QING_BAO_LIE_SHOU_mission_kills_a_player_without_hand_cards() -> None:
    def kill(victim_hand: list[str]) -> Script:
        g = build(
            4,
            IDS,
            current=2,
            at="play",
            hands={2: ["K:gamble", "R:decode", "B:decode"], 1: victim_hand},
            intel={1: ["K:lock", "K:decode"]},
            deck=["K:burn"],
            characters={2: "qing_bao_lie_shou"},
        )
        s = Script(g)
        s.do("2: play c{K:gamble} gamble @1", "2: pass")
        return s

    s = kill([])
    assert not s.g.seats[1].alive
    s.expect(2, "declare")
    s = kill(["R:lock"])
    assert not s.g.seats[1].alive and s.g.decision is not None and s.g.decision.kind != "declare"
