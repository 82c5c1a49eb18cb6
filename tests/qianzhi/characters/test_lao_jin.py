"""老金 (qianzhi): QC-LAO_JIN-1 棄卒保帥, QC-LAO_JIN-2 釜底抽薪 and the mission (the standard rules)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_LAO_JIN_1_flips_when_his_card_is_seen_through_draws_five_puts_two_back() -> None:
    g = build(
        4,
        IDS,
        at="play",
        hands={0: ["R:lock", "R:decode", "K:decode"], 1: ["B:see_through"]},
        characters={0: "lao_jin"},
    )
    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "1: play c{B:see_through} see_through ^top")
    assert s.expect(0, "skill_choice", "QC-LAO_JIN-1").private
    hand = len(g.seats[0].hand)
    s.do("0: skill lao_jin.1")
    assert g.seats[0].face_up and len(g.seats[0].hand) == hand + 5
    first = g.decision.options[0].card
    s.do(f"0: choose c{first}")
    second = g.decision.options[0].card
    s.do(f"0: choose c{second}")
    assert g.deck[-2:] == [first, second] and len(g.seats[0].hand) == hand + 3  # the second on top


def test_QC_LAO_JIN_2_black_on_himself_cover_then_place() -> None:
    g = build(
        4,
        IDS,
        at="step2",
        characters={1: "lao_jin"},
        face_up={1: True},
        hands={1: ["K:lock", "R:lock"]},
        transit={"card": "K:decode", "holder": 1},
    )
    s = Script(g)
    s.do("1: accept")
    assert s.expect(1, "skill_choice", "QC-LAO_JIN-2").private
    s.do("1: choose c{K:lock}")
    assert not g.seats[1].face_up and len(g.seats[1].intel) == 2
    s.do("1: choose @3")  # his one card left is chosen by force; the seat is his choice
    last = events(g, "obtain")[-1]
    assert (last["seat"], last["how"], last["source"], last["card"]) == (3, "skill", 1, s.card("R:lock", 3, "intel"))


def test_QC_LAO_JIN_mission_three_red_and_three_blue_in_hand() -> None:
    g = build(
        4,
        ["ug", "by", "mi", "ug"],
        at="play",
        auto_pass=False,
        hands={0: ["K:decode"], 1: ["R:lock", "R:decode", "R:burn", "B:lock", "B:decode"]},
        characters={1: "lao_jin"},
    )
    assert not g.can_declare_now(1)
    g = build(
        4,
        ["ug", "by", "mi", "ug"],
        at="play",
        auto_pass=False,
        hands={0: ["K:decode"], 1: ["R:lock", "R:decode", "R:burn", "B:lock", "B:decode", "B:burn"]},
        characters={1: "lao_jin"},
    )
    assert g.can_declare_now(1)
    s = Script(g)
    s.do("0: pass")
    assert "declare" in opts(g)
