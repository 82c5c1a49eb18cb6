"""千金小姐 (qianzhi): QC-QIAN_JIN_XIAO_JIE-1 香氣傳達 (A-95), QC-QIAN_JIN_XIAO_JIE-2 心智迷茫 (R-40) and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_QIAN_JIN_XIAO_JIE_1_A_95_discard_a_card_and_this_turns_intelligence_goes_direct() -> None:
    g = build(
        4, IDS, at="play", auto_pass=False, hands={0: ["R:decode", "B:decode"]}, characters={0: "qian_jin_xiao_jie"}
    )
    s = Script(g)
    red, blue = s.card("R:decode", 0), s.card("B:decode", 0)
    assert [o for o in opts(g) if "qian_jin_xiao_jie" in o] == [f"skill qian_jin_xiao_jie.1 x{c}" for c in (red, blue)]
    s.do(f"0: skill qian_jin_xiao_jie.1 x{red}")
    assert red in g.discard and events(g, "discarded")[-1]["card"] == red
    assert not [o for o in opts(g) if "qian_jin_xiao_jie" in o]  # once a turn
    s.do("1: pass", "2: pass", "3: pass", "0: pass")
    s.expect(0, "send")
    assert opts(g) == [f"send c{blue} @1", f"send c{blue} @2", f"send c{blue} @3"]  # a 密電 card, sent 直達
    s.do(f"0: send c{blue} @2")
    assert g.passing.method == "direct"


def test_QC_QIAN_JIN_XIAO_JIE_1_only_this_turn_and_only_hers() -> None:
    g = build(
        4, IDS, at="play", auto_pass=False, hands={0: ["R:decode", "B:decode"]}, characters={1: "qian_jin_xiao_jie"}
    )
    Script(g).do("0: pass")
    assert not [o for o in opts(g) if "qian_jin_xiao_jie" in o]  # another player's turn


def test_QC_QIAN_JIN_XIAO_JIE_2_R_40_another_players_lure_away_goes_to_her_hand() -> None:
    g = build(
        4,
        IDS,
        at="step1",
        hands={3: ["R:lure_away"]},
        characters={2: "qian_jin_xiao_jie"},
        transit={"card": "K:decode"},
    )
    s = Script(g)
    lure = s.card("R:lure_away", 3)
    s.do("3: play c{R:lure_away} lure_away @1")
    assert lure in g.seats[2].hand and lure not in g.discard
    taken = events(g, "used_card_taken")[-1]
    assert (taken["seat"], taken["card"]) == (2, lure)


def test_QC_QIAN_JIN_XIAO_JIE_2_not_her_own_nor_a_cancelled_one() -> None:
    g = build(
        4,
        IDS,
        at="step1",
        hands={2: ["R:lure_away"]},
        characters={2: "qian_jin_xiao_jie"},
        transit={"card": "K:decode"},
    )
    s = Script(g)
    lure = s.card("R:lure_away", 2)
    s.do("2: play c{R:lure_away} lure_away @1")
    assert lure in g.discard
    g = build(
        4,
        IDS,
        at="step1",
        hands={3: ["R:lure_away"], 1: ["K:see_through"]},
        characters={2: "qian_jin_xiao_jie"},
        transit={"card": "K:decode"},
    )
    s = Script(g)
    lure = s.card("R:lure_away", 3)
    s.do("3: play c{R:lure_away} lure_away @1", "1: play c{K:see_through} see_through ^top")
    assert lure in g.discard and events(g, "used_card_taken") == []


def test_QC_QIAN_JIN_XIAO_JIE_mission_another_player_declares_in_her_turn() -> None:
    def game(current: int) -> Script:
        g = build(
            4,
            ["ug", "mi", "by", "mi"],
            current=current,
            at="step2",
            characters={2: "qian_jin_xiao_jie"},
            intel={0: ["R:lock", "R:decode"]},
            transit={"card": "R:burn", "holder": 0, "sender": current},
        )
        s = Script(g)
        s.do("0: accept")
        s.do("0: declare")
        return s

    assert sorted(game(2).over()["winners"]) == [0, 2]
    assert game(1).over()["winners"] == [0]
