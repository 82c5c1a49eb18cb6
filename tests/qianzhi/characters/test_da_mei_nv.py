"""大美女 (qianzhi): QC-DA_MEI_NV-1 精明, QC-DA_MEI_NV-2 愛情 (R-34) and the mission (A-41, Q-TERM-5)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_DA_MEI_NV_1_draws_three_in_her_draw_phase() -> None:
    g = build(
        4,
        IDS,
        current=3,
        at="step2",
        characters={0: "da_mei_nv"},
        transit={"card": "K:decode", "sender": 3, "holder": 1},
    )
    s = Script(g)
    s.do("1: accept")
    draws = [(e["seat"], e["count"]) for e in events(g, "draw")]
    assert draws[-1] == (0, 3) and not [e for e in g.events if e.kind == "to_deck"]  # nothing goes back


def test_QC_DA_MEI_NV_2_reveals_her_identity_and_burns_two_black_anywhere() -> None:
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: ["R:decode"]},
        intel={1: ["K:lock"], 2: ["K:decode", "R:lock"]},
        characters={0: "da_mei_nv"},
    )
    assert "skill da_mei_nv.2" in opts(g)
    s = Script(g)
    s.do("0: skill da_mei_nv.2")
    assert g.seats[0].identity_revealed
    assert len(g.decision.options) == 2  # the two black intelligence, anywhere
    s.do("0: choose @1 x{K:lock@1}")  # the other one left is chosen by force
    assert g.seats[1].intel == [] and len(g.seats[2].intel) == 1 and len(events(g, "burned")) == 2
    assert "skill da_mei_nv.2" not in opts(g)  # once: her identity is revealed


def test_QC_DA_MEI_NV_2_needs_a_black_intelligence_and_her_own_play_phase() -> None:
    g = build(
        4, IDS, at="play", auto_pass=False, hands={0: ["R:decode"]}, intel={1: ["R:lock"]}, characters={0: "da_mei_nv"}
    )
    assert "skill da_mei_nv.2" not in opts(g)
    g = build(
        4, IDS, at="play", auto_pass=False, hands={0: ["R:decode"]}, intel={1: ["K:lock"]}, characters={1: "da_mei_nv"}
    )
    Script(g).do("0: pass")
    assert "skill da_mei_nv.2" not in opts(g)


def test_QC_DA_MEI_NV_mission_a_male_character_declares_and_she_has_at_most_one_black() -> None:
    def game(her_intel: list[str]) -> Script:
        g = build(
            4,
            ["ug", "mi", "by", "mi"],
            at="step2",
            characters={0: "dao_feng", 2: "da_mei_nv"},
            intel={0: ["R:lock", "R:decode"], 2: her_intel},
            transit={"card": "R:burn", "holder": 0, "back": True},
        )
        s = Script(g)
        s.do("0: declare")
        return s

    assert sorted(game(["K:lock"]).over()["winners"]) == [0, 2]
    assert game(["K:lock", "K:decode"]).over()["winners"] == [0]
