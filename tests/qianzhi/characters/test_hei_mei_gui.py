"""黑玫瑰 (qianzhi): QC-HEI_MEI_GUI-1 血染玫瑰 (own play phase, target first, R-33) and the kill mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def rose(top: str, **kw: object) -> Script:
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: ["K:lock", "K:burn", "K:decode", "R:lock"]},
        deck=[top],
        characters={0: "hei_mei_gui"},
        **kw,  # type: ignore[arg-type]
    )
    return Script(g)


def test_QC_HEI_MEI_GUI_1_names_the_player_then_shows_the_top_black_up_to_three() -> None:
    s = rose("K:transfer")
    g = s.g
    assert [o for o in opts(g) if "hei_mei_gui" in o] == [f"skill hei_mei_gui.1 @{i}" for i in range(4)]
    s.do("0: skill hei_mei_gui.1 @2")
    assert g.seats[0].face_up and events(g, "top_revealed")[-1]["card"] == g.deck[-1]
    assert s.expect(0, "skill_choice", "QC-HEI_MEI_GUI-1").private
    s.do("0: skill hei_mei_gui.1", "0: choose c{K:lock}", "0: choose c{K:burn}", "0: choose c{K:decode}")
    assert not g.seats[2].alive  # three at once: he dies


def test_QC_HEI_MEI_GUI_1_red_top_only_one_and_she_may_place_none() -> None:
    s = rose("R:transfer")
    s.do("0: skill hei_mei_gui.1 @2", "0: skill hei_mei_gui.1", "0: choose c{K:lock}")
    assert len(s.g.seats[2].intel) == 1
    s = rose("R:transfer")
    s.do("0: skill hei_mei_gui.1 @2", "0: pass")
    assert s.g.seats[2].intel == [] and s.g.seats[0].face_up


def test_QC_HEI_MEI_GUI_1_only_in_her_own_play_phase() -> None:
    s = rose("K:transfer", current=1)
    assert not [o for o in opts(s.g) if "hei_mei_gui" in o]


def test_QC_HEI_MEI_GUI_mission_she_kills_a_player_with_three_red_or_blue() -> None:
    s = rose("K:transfer", intel={2: ["R:decode", "B:decode", "R:burn", "K:probe"]})
    s.do("0: skill hei_mei_gui.1 @2", "0: skill hei_mei_gui.1", "0: choose c{K:lock}", "0: choose c{K:burn}", "0: pass")
    assert not s.g.seats[2].alive
    assert s.g.decision is not None and s.g.decision.kind == "priority"  # she is 潛伏戰線: no mission
    s = rose("K:transfer", intel={2: ["R:decode", "B:decode", "R:burn", "K:probe"]})
    s.g.seats[0].identity = "bystander"
    s.do("0: skill hei_mei_gui.1 @2", "0: skill hei_mei_gui.1", "0: choose c{K:lock}", "0: choose c{K:burn}", "0: pass")
    s.expect(0, "declare")
