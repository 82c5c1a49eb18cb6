"""譯電員 (qianzhi): QC-YI_DIAN_YUAN-1 速譯 (R-37), QC-YI_DIAN_YUAN-2 洞悉 and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_YI_DIAN_YUAN_1_flips_in_the_pass_inspects_then_draws() -> None:
    g = build(4, IDS, at="step1", auto_pass=False, characters={2: "yi_dian_yuan"}, transit={"card": "K:decode"})
    s = Script(g)
    s.do("0: pass", "1: pass")
    assert "skill yi_dian_yuan.1" in opts(g)  # Step 1, the card not at her
    mark = len(g.events)
    s.do("2: skill yi_dian_yuan.1")
    got = [e.kind for e in g.events[mark:]]
    assert got.index("inspected") < got.index("draw")
    seen = next(e for e in g.events[mark:] if e.kind == "inspected")
    assert seen.for_seat(2)["card"] == g.passing.card and "card" not in seen.for_seat(1)
    assert g.seats[2].face_up


def test_QC_YI_DIAN_YUAN_1_not_outside_the_pass() -> None:
    g = build(4, IDS, at="play", auto_pass=False, hands={0: ["K:decode"]}, characters={2: "yi_dian_yuan"})
    Script(g).do("0: pass", "1: pass")
    assert "skill yi_dian_yuan.1" not in opts(g)


def test_QC_YI_DIAN_YUAN_2_covers_when_intelligence_is_decoded() -> None:
    g = build(
        4,
        IDS,
        at="step2",
        hands={1: ["R:decode"]},
        characters={2: "yi_dian_yuan"},
        face_up={2: True},
        transit={"card": "K:lock", "holder": 1},
    )
    s = Script(g)
    s.do("1: play c{R:decode} decode")
    while g.decision is not None and g.decision.kind == "priority":
        s.do(f"{g.decision.seat}: pass")
    assert not g.seats[2].face_up and events(g, "cover")[-1]["seat"] == 2


def test_QC_YI_DIAN_YUAN_mission_three_blue() -> None:
    g = build(4, IDS, intel={2: ["B:lock", "B:decode", "B:burn"]}, characters={2: "yi_dian_yuan"})
    assert g.can_declare_now(2)
