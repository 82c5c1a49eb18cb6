"""禮服蒙面人 (qianzhi): QC-LI_FU_MENG_MIAN_REN-1 英雄, QC-LI_FU_MENG_MIAN_REN-2 救美 (all her black) and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_LI_FU_MENG_MIAN_REN_1_may_draw_two_on_black() -> None:
    g = build(
        4,
        IDS,
        current=1,
        at="step2",
        characters={2: "li_fu_meng_mian_ren"},
        transit={"card": "K:decode", "sender": 1, "holder": 2},
    )
    s = Script(g)
    s.do("2: accept")
    s.expect(2, "skill_choice", "QC-LI_FU_MENG_MIAN_REN-1")
    mark = len(g.events)
    s.do("2: skill li_fu_meng_mian_ren.1")
    assert next((e.data["seat"], e.data["count"]) for e in g.events[mark:] if e.kind == "draw") == (2, 2)


def test_QC_LI_FU_MENG_MIAN_REN_2_burns_all_her_black_and_saves_her() -> None:
    g = build(
        4,
        IDS,
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"]},
        intel={1: ["K:lock", "K:decode", "K:burn", "R:lock"]},
        deck=["K:transfer"],
        characters={1: "lao_gui", 3: "li_fu_meng_mian_ren"},
        face_up={1: True},
    )
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1")  # her fourth black card
    s.expect(3, "skill_choice", "QC-LI_FU_MENG_MIAN_REN-2")
    s.do("3: skill li_fu_meng_mian_ren.2")
    assert g.seats[3].identity_revealed and g.seats[1].alive
    assert len(events(g, "burned")) == 4 and g.seats[1].intel == [s.card("R:lock", 1, "intel")]


def test_QC_LI_FU_MENG_MIAN_REN_2_not_for_a_man() -> None:
    g = build(
        4,
        IDS,
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"]},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        characters={1: "dao_feng", 3: "li_fu_meng_mian_ren"},
    )
    Script(g).do("0: play c{K:gamble} gamble @1")
    assert not g.seats[1].alive and not [e for e in g.events if e.kind == "skill"]


def test_QC_LI_FU_MENG_MIAN_REN_mission_a_woman_declares() -> None:
    g = build(
        4,
        ["ug", "mi", "by", "mi"],
        at="step2",
        characters={0: "da_mei_nv", 2: "li_fu_meng_mian_ren"},
        intel={0: ["R:lock", "R:decode"]},
        transit={"card": "R:burn", "holder": 0, "back": True},
    )
    s = Script(g)
    s.do("0: declare")
    assert sorted(s.over()["winners"]) == [0, 2]
