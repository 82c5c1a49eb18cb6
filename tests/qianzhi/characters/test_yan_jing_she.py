"""眼鏡蛇 (qianzhi): QC-YAN_JING_SHE-1 警覺, QC-YAN_JING_SHE-2 掩護 (A-99) and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts, window
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def alert(g: object) -> list[str]:
    return [o for o in opts(g) if o.startswith("skill yan_jing_she.1")]  # type: ignore[arg-type]


def test_QC_YAN_JING_SHE_1_A_99_counts_as_see_through_on_a_card_at_once() -> None:
    g = build(4, IDS, at="play", auto_pass=False, hands={0: ["R:lock", "K:decode"]}, characters={2: "yan_jing_she"})
    s = Script(g)
    assert alert(g) == []  # nothing is pending
    s.do("0: play c{R:lock} lock @1", "1: pass")
    assert len(alert(g)) == 1
    s.do(f"2: {alert(g)[0]}")
    assert g.seats[2].face_up
    c = events(g, "cancelled")[-1]
    assert (c["by"], c["use"], c["seat"]) == (2, "lock", 0)
    assert [u.cancelled for u in window(g).stack] == [True]  # the lock waits, cancelled: it will do nothing
    s.do("3: pass", "0: pass", "1: pass", "2: pass")
    assert g.locks == [] and [e["use"] for e in events(g, "no_effect")] == ["lock"]


def test_QC_YAN_JING_SHE_2_takes_a_black_intelligence_then_covers() -> None:
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: ["K:decode"]},
        intel={1: ["K:lock", "R:lock"]},
        characters={0: "yan_jing_she"},
        face_up={0: True},
    )
    black = Script(g).card("K:lock", 1, "intel")
    assert [o for o in opts(g) if "yan_jing_she.2" in o] == [f"skill yan_jing_she.2 @1 x{black}"]
    Script(g).do(f"0: skill yan_jing_she.2 @1 x{black}")
    assert g.seats[0].intel == [black] and black not in g.seats[1].intel and not g.seats[0].face_up


def test_QC_YAN_JING_SHE_2_a_third_black_kills_him_first() -> None:
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: ["K:decode"]},
        intel={0: ["K:burn", "K:probe"], 1: ["K:lock"]},
        characters={0: "yan_jing_she"},
        face_up={0: True},
    )
    black = Script(g).card("K:lock", 1, "intel")
    Script(g).do(f"0: skill yan_jing_she.2 @1 x{black}")
    assert not g.seats[0].alive and events(g, "cover") == []


def test_QC_YAN_JING_SHE_mission_four_locks_in_hand() -> None:
    g = build(4, ["ug", "mi", "by", "ug"], hands={2: ["R:lock", "B:lock", "K:lock"]}, characters={2: "yan_jing_she"})
    assert not g.can_declare_now(2)
    g = build(
        4, ["ug", "mi", "by", "ug"], hands={2: ["R:lock", "B:lock", "K:lock", "R:lock"]}, characters={2: "yan_jing_she"}
    )
    assert g.can_declare_now(2)
