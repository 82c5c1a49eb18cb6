"""小馬哥 (qianzhi): QC-XIAO_MA_GE-1 英雄本色 (A-92) and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build


def test_QC_XIAO_MA_GE_1_draws_two_then_may_place_a_black_card() -> None:
    g = build(
        4,
        current=1,
        at="step2",
        characters={2: "xiao_ma_ge"},
        hands={2: ["K:lock"]},
        deck=["R:decode", "B:decode"],
        transit={"card": "K:decode", "sender": 1, "holder": 2},
    )
    s = Script(g)
    s.do("2: accept")
    assert [(e["seat"], e["count"]) for e in events(g, "draw")][-1] == (2, 2)
    assert s.expect(2, "skill_choice", "QC-XIAO_MA_GE-1").private
    s.do("2: choose c{K:lock}")
    assert opts(g) == ["choose @0", "choose @1", "choose @2", "choose @3"]  # any player, himself included
    s.do("2: choose @0")
    last = events(g, "obtain")[-1]
    assert (last["seat"], last["how"], last["source"]) == (0, "skill", 2)


def test_QC_XIAO_MA_GE_1_A_92_not_on_his_own_card_nor_on_red() -> None:
    g = build(4, at="step2", characters={0: "xiao_ma_ge"}, transit={"card": "K:decode", "holder": 0, "back": True})
    assert [e["seat"] for e in events(g, "obtain")] == [0] and all(e["seat"] != 0 for e in events(g, "draw")[-1:])
    assert not [e for e in g.events if e.kind == "skill"]
    g = build(
        4, current=1, at="step2", characters={2: "xiao_ma_ge"}, transit={"card": "R:decode", "sender": 1, "holder": 2}
    )
    Script(g).do("2: accept")
    assert not [e for e in g.events if e.kind == "skill"]


def test_QC_XIAO_MA_GE_mission_a_red_and_a_blue_player_dead() -> None:
    g = build(5, ["ug", "mi", "by", "ug", "mi"], characters={2: "xiao_ma_ge"}, dead=[0, 3])
    assert not g.can_declare_now(2)
    g = build(5, ["ug", "mi", "by", "ug", "mi"], characters={2: "xiao_ma_ge"}, dead=[0, 4])
    assert g.can_declare_now(2)
