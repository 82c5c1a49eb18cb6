"""海軍上校 (qianzhi): QC-HAI_JUN_SHANG_XIAO-1 截上截 (R-38), QC-HAI_JUN_SHANG_XIAO-2 計中計 and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_HAI_JUN_SHANG_XIAO_1_takes_the_card_in_transit_in_another_players_pass() -> None:
    g = build(
        4,
        IDS,
        at="step1",
        auto_pass=False,
        characters={2: "hai_jun_shang_xiao"},
        transit={"card": "K:decode"},
        locks=[1],
    )
    s = Script(g)
    s.do("0: pass", "1: pass")
    assert "skill hai_jun_shang_xiao.1" in opts(g)
    card = g.passing.card
    s.do("2: skill hai_jun_shang_xiao.1")
    assert g.seats[2].face_up and g.seats[2].intel == [card]  # the lock on seat 1 does not stop it
    last = events(g, "obtain")[-1]
    assert (last["how"], last["source"]) == ("intercept", 0)


def test_QC_HAI_JUN_SHANG_XIAO_1_not_in_his_own_turn_nor_outside_a_pass() -> None:
    g = build(4, IDS, at="step1", auto_pass=False, characters={0: "hai_jun_shang_xiao"}, transit={"card": "K:decode"})
    assert "skill hai_jun_shang_xiao.1" not in opts(g)
    g = build(4, IDS, at="play", auto_pass=False, hands={0: ["K:decode"]}, characters={2: "hai_jun_shang_xiao"})
    Script(g).do("0: pass", "1: pass")
    assert "skill hai_jun_shang_xiao.1" not in opts(g)


def test_QC_HAI_JUN_SHANG_XIAO_2_burns_a_black_of_who_took_his_red_or_blue() -> None:
    g = build(
        4,
        IDS,
        at="step2",
        characters={0: "hai_jun_shang_xiao"},
        face_up={0: True},
        intel={1: ["K:lock", "R:lock"]},
        transit={"card": "B:decode", "holder": 1},
    )
    s = Script(g)
    s.do("1: accept")
    s.expect(0, "skill_choice", "QC-HAI_JUN_SHANG_XIAO-2")
    black = s.card("K:lock", 1, "intel")
    assert opts(g) == [f"choose @1 x{black}", "pass"]
    s.do(f"0: choose @1 x{black}")
    assert black not in g.seats[1].intel and events(g, "burned")[-1]["card"] == black


def test_QC_HAI_JUN_SHANG_XIAO_mission_three_blue() -> None:
    g = build(4, IDS, intel={2: ["B:lock", "B:decode", "R:burn"]}, characters={2: "hai_jun_shang_xiao"})
    assert not g.can_declare_now(2)
    g = build(4, IDS, intel={2: ["B:lock", "B:decode", "B:burn"]}, characters={2: "hai_jun_shang_xiao"})
    assert g.can_declare_now(2)
