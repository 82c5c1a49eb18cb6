"""出雲龍 (qianzhi): QC-CHU_YUN_LONG-1 槍下留情 (A-96), QC-CHU_YUN_LONG-2 定點抹除 and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def burns(g: object) -> list[str]:
    return [o for o in opts(g) if " burn " in o]  # type: ignore[arg-type]


def test_QC_CHU_YUN_LONG_1_A_96_every_burned_intelligence_goes_to_his_hand() -> None:
    g = build(
        4, IDS, at="play", hands={0: ["K:burn", "R:decode"]}, intel={2: ["K:lock"]}, characters={3: "chu_yun_long"}
    )
    s = Script(g)
    x = s.card("K:lock", 2, "intel")
    s.do(f"0: play c{{K:burn}} burn @2 x{x}")
    assert x in g.seats[3].hand and x not in g.discard  # another player's burn
    moved = events(g, "intel_to_hand")[-1]
    assert (moved["from"], moved["to"], moved["card"]) == (2, 3, x)
    assert all(e.for_seat(1).get("card") == x for e in g.events if e.kind == "intel_to_hand")  # public


def test_QC_CHU_YUN_LONG_1_not_face_down() -> None:
    g = build(
        4,
        IDS,
        at="play",
        hands={0: ["K:burn", "R:decode"]},
        intel={2: ["K:lock"]},
        characters={3: "chu_yun_long"},
        face_up={3: False},
    )
    s = Script(g)
    x = s.card("K:lock", 2, "intel")
    s.do(f"0: play c{{K:burn}} burn @2 x{x}")
    assert x in g.discard


def test_QC_CHU_YUN_LONG_2_his_burn_may_take_red_or_blue() -> None:
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: ["K:burn", "R:decode"]},
        intel={2: ["K:lock", "R:lock", "B:lock"]},
        characters={0: "chu_yun_long"},
    )
    assert len(burns(g)) == 3  # every intelligence
    s = Script(g)
    red = s.card("R:lock", 2, "intel")
    s.do(f"0: play c{{K:burn}} burn @2 x{red}", "1: pass", "2: pass", "3: pass", "0: pass")
    assert red in g.seats[0].hand  # burned, then into his hand (槍下留情)
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: ["K:burn", "R:decode"]},
        intel={2: ["K:lock", "R:lock"]},
        characters={1: "chu_yun_long"},
    )
    assert len(burns(g)) == 1  # another player's burn: black only


def test_QC_CHU_YUN_LONG_mission_six_black_cards_in_hand() -> None:
    six = ["K:lock", "K:decode", "K:burn", "K:lure_away", "K:intercept", "K:probe"]
    assert build(4, IDS, hands={2: six[:5]}, characters={2: "chu_yun_long"}).can_declare_now(2) is False
    assert build(4, IDS, hands={2: six}, characters={2: "chu_yun_long"}).can_declare_now(2)
