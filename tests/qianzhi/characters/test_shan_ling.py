"""閃靈 (qianzhi): QC-SHAN_LING-1 狙擊 (up to three) and her kill mission (R-31, A-48)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def snipe(g: object) -> list[str]:
    return [o for o in opts(g) if o.startswith("skill shan_ling")]  # type: ignore[arg-type]


def test_QC_SHAN_LING_1_flips_and_discards_up_to_three_at_once() -> None:
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: ["R:decode"]},
        intel={3: ["R:lock", "K:burn", "B:lock", "K:lock"]},
        characters={0: "shan_ling"},
    )
    assert snipe(g) == ["skill shan_ling.1 @1", "skill shan_ling.1 @2", "skill shan_ling.1 @3"]  # another player
    s = Script(g)
    s.do("0: skill shan_ling.1 @3")
    assert g.seats[0].face_up
    s.expect(0, "skill_choice", "QC-SHAN_LING-1")  # at once: no window for answers (Q-PRIO-4)
    assert "pass" not in opts(g)  # at least one
    s.do("0: choose @3 x{R:lock@3}")
    assert "pass" in opts(g)  # then she may stop
    s.do("0: choose @3 x{B:lock@3}", "0: pass")
    assert len(g.seats[3].intel) == 2 and len(events(g, "burned")) == 2
    assert all(c in g.discard for c in [e["card"] for e in events(g, "burned")])  # 置入棄牌堆


def test_QC_SHAN_LING_1_at_most_three_and_in_any_turn() -> None:
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: ["R:decode"]},
        intel={3: ["R:lock", "K:burn", "B:lock", "K:lock"]},
        characters={1: "shan_ling"},
    )
    s = Script(g)
    s.do("0: pass")
    assert snipe(g)  # another player's turn: no timing printed
    s.do("1: skill shan_ling.1 @3", "1: choose @3 x{R:lock@3}", "1: choose @3 x{B:lock@3}", "1: choose @3 x{K:lock@3}")
    assert g.seats[3].intel == [s.card("K:burn", 3, "intel")]
    assert not snipe(g)  # face up now


def kill(victim_intel: list[str]) -> Script:
    g = build(
        4,
        IDS,
        current=2,
        at="play",
        hands={2: ["K:gamble", "R:decode", "B:decode"]},
        intel={1: victim_intel},
        deck=["K:burn"],
        characters={2: "shan_ling"},
    )
    s = Script(g)
    s.do("2: play c{K:gamble} gamble @1", "2: pass")  # face down, she could still answer with 狙擊
    return s


def test_QC_SHAN_LING_mission_she_kills_a_player_without_red_or_blue() -> None:
    s = kill(["K:lock", "K:decode"])
    assert not s.g.seats[1].alive
    s.expect(2, "declare")
    s.do("2: declare")
    assert s.over()["winners"] == [2]


def test_QC_SHAN_LING_mission_not_if_the_victim_had_red_or_blue() -> None:
    s = kill(["K:lock", "K:decode", "R:burn"])
    assert not s.g.seats[1].alive
    assert s.g.decision is not None and s.g.decision.kind != "declare" and s.g.result is None
