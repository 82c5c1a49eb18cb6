"""貝雷帽 (qianzhi): QC-BEI_LEI_MAO-1 換日, QC-BEI_LEI_MAO-2 偷天 (A-93) and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_BEI_LEI_MAO_1_black_hand_cards_as_locks_in_his_play_phase() -> None:
    g = build(4, IDS, at="play", auto_pass=False, hands={0: ["K:decode", "R:decode"]}, characters={0: "bei_lei_mao"})
    s = Script(g)
    black, red = s.card("K:decode", 0), s.card("R:decode", 0)
    assert f"play c{black} lock @1" in opts(g) and not [o for o in opts(g) if o.startswith(f"play c{red} lock")]
    s.do(f"0: play c{black} lock @1", "1: pass", "2: pass", "3: pass", "0: pass")
    assert g.locks == [1]


def test_QC_BEI_LEI_MAO_2_A_93_takes_a_red_or_blue_into_his_own_intelligence() -> None:
    g = build(
        4,
        IDS,
        at="step2",
        characters={0: "bei_lei_mao"},
        intel={1: ["R:lock", "K:burn"]},
        transit={"card": "K:decode", "holder": 1},
    )
    s = Script(g)
    s.do("1: accept")
    s.expect(0, "skill_choice", "QC-BEI_LEI_MAO-2")
    red = s.card("R:lock", 1, "intel")
    assert opts(g) == [f"choose @1 x{red}", "pass"]  # red/blue only
    s.do(f"0: choose @1 x{red}")
    assert g.seats[0].intel == [red] and red not in g.seats[1].intel
    assert events(g, "obtain")[-1]["seat"] == 0


def test_QC_BEI_LEI_MAO_mission_two_red_and_two_blue_intelligence() -> None:
    g = build(4, ["ug", "mi", "by", "ug"], intel={2: ["R:lock", "B:lock", "R:decode"]}, characters={2: "bei_lei_mao"})
    assert not g.can_declare_now(2)
    g = build(
        4,
        ["ug", "mi", "by", "ug"],
        intel={2: ["R:lock", "B:lock", "R:decode", "B:decode"]},
        characters={2: "bei_lei_mao"},
    )
    assert g.can_declare_now(2)
