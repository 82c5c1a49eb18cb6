"""小白 (qianzhi): QC-XIAO_BAI-1 喬裝, QC-XIAO_BAI-2 收買 (five cards, own play phase, no 敗露) and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]
FIVE = ["R:lock", "B:lock", "K:lock", "R:decode", "B:decode"]


def test_QC_XIAO_BAI_1_counts_as_man_and_woman_face_up() -> None:
    g = build(4, IDS, characters={1: "xiao_bai"})
    assert g.seats[1].sex_matches("M") and g.seats[1].sex_matches("F")


def test_QC_XIAO_BAI_2_gives_five_cards_then_takes_an_intelligence() -> None:
    g = build(
        4, IDS, at="play", auto_pass=False, hands={0: FIVE}, intel={2: ["K:burn", "R:burn"]}, characters={0: "xiao_bai"}
    )
    assert [o for o in opts(g) if "xiao_bai" in o] == ["skill xiao_bai.2 @2"]  # a player with intelligence
    s = Script(g)
    s.do("0: skill xiao_bai.2 @2")
    assert g.seats[0].hand == [] and len(g.seats[2].hand) == 5
    s.expect(0, "skill_choice", "QC-XIAO_BAI-2")
    s.do("0: choose @2 x{R:burn@2}")
    assert len(g.seats[0].intel) == 1 and len(g.seats[2].intel) == 1


def test_QC_XIAO_BAI_2_picks_five_of_more_and_needs_five() -> None:
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: [*FIVE, "K:decode"]},
        intel={2: ["K:burn"]},
        characters={0: "xiao_bai"},
    )
    s = Script(g)
    s.do("0: skill xiao_bai.2 @2")
    for _ in range(5):
        s.expect(0, "skill_choice", "QC-XIAO_BAI-2")
        s.do(f"0: choose c{g.decision.options[0].card}")
    assert len(g.seats[0].hand) == 1 and len(g.seats[2].hand) == 5 and len(g.seats[0].intel) == 1
    g = build(
        4, IDS, at="play", auto_pass=False, hands={0: FIVE[:4]}, intel={2: ["K:burn"]}, characters={0: "xiao_bai"}
    )
    assert not [o for o in opts(g) if "xiao_bai" in o]


def test_QC_XIAO_BAI_no_exposure_at_six_intelligence() -> None:
    g = build(
        4,
        IDS,
        current=1,
        at="step2",
        characters={2: "xiao_bai"},
        intel={2: ["R:lock", "B:lock", "R:decode", "B:decode", "K:lock"]},
        transit={"card": "K:burn", "sender": 1, "holder": 2},
    )
    Script(g).do("2: accept")
    assert len(g.seats[2].intel) == 6 and g.seats[2].in_game and not events(g, "lost")


def test_QC_XIAO_BAI_mission_first_to_die() -> None:
    g = build(
        4,
        ["ug", "by", "mi", "ug"],
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"]},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        characters={1: "xiao_bai"},
    )
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1")
    s.expect(1, "declare")
