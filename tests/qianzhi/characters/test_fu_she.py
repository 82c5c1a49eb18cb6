"""蝮蛇 (qianzhi): QC-FU_SHE-1 聲東擊西, QC-FU_SHE-2 彈藥無限 and the mission; ordinary (face up) per A-88."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import arrivals, events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def feint(g: object) -> list[str]:
    return [o for o in opts(g) if o.startswith("skill fu_she.1")]  # type: ignore[arg-type]


def test_QC_FU_SHE_1_covers_and_lures_a_player_away_at_once() -> None:
    g = build(
        4,
        IDS,
        at="step1",
        auto_pass=False,
        characters={3: "fu_she"},
        hands={1: ["K:lock"]},
        transit={"card": "K:decode"},
    )
    assert g.seats[3].face_up  # ordinary
    s = Script(g)
    s.do("0: pass", "1: pass", "2: pass")
    assert feint(g) == ["skill fu_she.1 @1", "skill fu_she.1 @2"]  # 千智's 調虎離山: another player, not the sender
    s.do("3: skill fu_she.1 @1")
    assert not g.seats[3].face_up and events(g, "lured")[0]["seat"] == 1  # resolved at once (Q-PRIO-4)
    while g.decision is not None and g.decision.kind == "priority":
        s.do(f"{g.decision.seat}: pass")
    assert arrivals(g) == [2]


def test_QC_FU_SHE_1_not_in_the_play_phase() -> None:
    g = build(4, IDS, at="play", auto_pass=False, characters={0: "fu_she"}, hands={0: ["K:decode"]})
    assert feint(g) == []


def test_QC_FU_SHE_2_face_down_with_no_hand_flips_and_draws_one() -> None:
    g = build(4, IDS, at="play", auto_pass=False, characters={1: "fu_she"}, face_up={1: False}, hands={0: ["K:decode"]})
    s = Script(g)
    s.do("0: pass")
    assert "skill fu_she.2" in opts(g)
    s.do("1: skill fu_she.2")
    assert g.seats[1].face_up and len(g.seats[1].hand) == 1
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        characters={1: "fu_she"},
        face_up={1: False},
        hands={0: ["K:decode"], 1: ["R:lock"]},
    )
    Script(g).do("0: pass")
    assert "skill fu_she.2" not in opts(g)  # he has a card


def test_QC_FU_SHE_mission_hijacks_a_declaration_while_nobody_died() -> None:
    g = build(
        4,
        ["ug", "mi", "by", "ug"],
        at="step2",
        characters={2: "fu_she"},
        intel={1: ["B:lock", "B:decode"]},
        transit={"card": "B:burn", "holder": 1},
    )
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["winners"] == [2] and r["reason"] == "hijacked"
