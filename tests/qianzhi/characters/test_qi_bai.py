"""柒佰 (qianzhi): QC-QI_BAI-1 敏銳 (A-83), QC-QI_BAI-2 聯動, QC-QI_BAI-3 風度 (Q-TERM-5) and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def locks(g: object) -> list[str]:
    return [o for o in opts(g) if " lock " in o]  # type: ignore[arg-type]


def test_QC_QI_BAI_1_A_83_locks_in_another_players_play_phase_not_in_passing() -> None:
    g = build(4, IDS, at="play", auto_pass=False, hands={0: ["K:decode"], 1: ["R:lock"]}, characters={1: "qi_bai"})
    s = Script(g)
    s.do("0: pass")
    lock = s.card("R:lock", 1)
    assert locks(g) == [f"play c{lock} lock @{t}" for t in (0, 2, 3)]  # another player's play phase
    g = build(
        4,
        IDS,
        at="step1",
        auto_pass=False,
        hands={1: ["R:lock"]},
        characters={1: "qi_bai"},
        transit={"card": "K:decode"},
    )
    s = Script(g)
    s.do("0: pass")
    s.expect(1, "priority", "step1")
    assert locks(g) == []  # not in the passing phase


def test_QC_QI_BAI_2_a_lock_that_takes_effect_draws_two_and_gives_one() -> None:
    g = build(4, IDS, at="play", hands={0: ["R:lock", "K:decode", "B:decode"]}, characters={0: "qi_bai"})
    s = Script(g)
    s.do("0: play c{R:lock} lock @2")
    assert [(e["seat"], e["count"]) for e in events(g, "draw")][-1] == (0, 2)
    s.expect(0, "skill_choice", "QC-QI_BAI-2")
    card = g.decision.options[0].card
    s.do(f"0: choose c{card}", "0: choose @3")
    assert card in g.seats[3].hand and g.locks == [2]


def test_QC_QI_BAI_2_not_when_the_lock_is_seen_through() -> None:
    g = build(
        4, IDS, at="play", hands={0: ["R:lock", "K:decode", "B:decode"], 1: ["K:see_through"]}, characters={0: "qi_bai"}
    )
    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "1: play c{K:see_through} see_through ^top")
    assert not [e for e in g.events if e.kind == "skill"] and g.locks == []


def test_QC_QI_BAI_3_Q_TERM_5_the_woman_wins_but_not_her_faction() -> None:
    g = build(
        4,
        ["by", "mi", "ug", "ug"],
        at="step2",
        characters={0: "qi_bai", 2: "lao_gui"},
        face_up={2: True},
        intel={0: ["R:lock", "B:lock", "R:decode", "B:decode"]},
        transit={"card": "R:burn", "holder": 0, "back": True},
    )
    s = Script(g)
    s.expect(0, "declare")
    s.do("0: declare")
    r = s.over()
    assert sorted(r["winners"]) == [0, 2] and 3 not in r["winners"]  # 老鬼's teammate (seat 3) does not win
