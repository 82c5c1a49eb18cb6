"""六姐 (qianzhi): QC-LIU_JIE-1 拷問, QC-LIU_JIE-2 搜取 (R-35), the mission, and the Q-PRIO-7 order (A-98)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_LIU_JIE_1_takes_a_card_blind_from_the_probed_player() -> None:
    g = build(4, IDS, at="play", hands={0: ["R:probe:mi:draw", "K:decode"], 1: ["B:lock"]}, characters={0: "liu_jie"})
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1")
    s.expect(0, "skill_choice", "QC-LIU_JIE-1")
    s.do("0: skill liu_jie.1")
    took = events(g, "take")[-1]
    assert (took["seat"], took["from"]) == (0, 1) and took["card"] in g.seats[0].hand


def test_Q_PRIO_7_A_98_triggers_of_one_probe_resolve_from_the_current_player_counterclockwise() -> None:
    """六姐 probes 老鬼 in her turn: 拷問 first, then 就計 (with 福爾摩斯 too: test_fu_er_mo_si.py)."""
    g = build(
        4,
        IDS,
        at="play",
        hands={0: ["R:probe:mi:draw", "K:decode"], 2: ["B:lock"]},
        characters={0: "liu_jie", 2: "lao_gui"},
    )
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @2")
    s.expect(0, "skill_choice", "QC-LIU_JIE-1")  # the current player's first
    s.do("0: skill liu_jie.1")
    s.expect(2, "skill_choice", "QC-LAO_GUI-1")  # then counterclockwise, without waiting for answers
    s.do("2: skill lao_gui.1")
    assert [e.data["skill"] for e in g.events if e.kind == "skill"] == ["QC-LIU_JIE-1", "QC-LAO_GUI-1"]


def kill(victim_hand: list[str]) -> Script:
    g = build(
        4,
        IDS,
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"], 1: victim_hand},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        characters={2: "liu_jie"},
    )
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1")
    return s


def test_QC_LIU_JIE_2_inspects_a_random_card_and_keeps_it_in_hand() -> None:
    s = kill(["R:lock", "B:burn"])
    g = s.g
    s.expect(2, "skill_choice", "QC-LIU_JIE-2")
    seen = events(g, "inspect_hand")[-1]
    assert seen["seat"] == 2 and len(seen["cards"]) == 1
    card = seen["cards"][0]
    for other in (0, 1, 3, None):
        assert "cards" not in next(e for e in g.events if e.kind == "inspect_hand").for_seat(other)
    assert opts(g) == [f"choose c{card}", f"choose @2 x{card}", "pass"]
    s.do(f"2: choose c{card}")
    assert card in g.seats[2].hand and not g.seats[1].alive


def test_QC_LIU_JIE_2_or_as_her_intelligence_or_neither() -> None:
    s = kill(["R:lock"])
    card = events(s.g, "inspect_hand")[-1]["cards"][0]
    s.do(f"2: choose @2 x{card}")
    assert s.g.seats[2].intel == [card]
    s = kill(["R:lock"])
    card = events(s.g, "inspect_hand")[-1]["cards"][0]
    s.do("2: pass")
    assert card in s.g.discard


def test_QC_LIU_JIE_2_not_for_an_empty_hand() -> None:
    s = kill([])
    assert not s.g.seats[1].alive and events(s.g, "inspect_hand") == []


def test_QC_LIU_JIE_mission_six_intelligence() -> None:
    g = build(
        4,
        ["ug", "mi", "by", "ug"],
        intel={2: ["R:lock", "B:lock", "R:decode", "B:decode", "K:lock"]},
        characters={2: "liu_jie"},
    )
    assert not g.can_declare_now(2)
    g = build(
        4,
        ["ug", "mi", "by", "ug"],
        intel={2: ["R:lock", "B:lock", "R:decode", "B:decode", "K:lock", "K:burn"]},
        characters={2: "liu_jie"},
    )
    assert g.can_declare_now(2)
