"""退回 Return (S-CARD-RETURN-1..4)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import arrivals, events, obtained, uses_offered
from tests.helpers import build_table as build


def test_S_CARD_RETURN_1_the_card_travels_in_the_opposite_direction() -> None:
    g = build(hands={0: ["R:lure_away", "B:probe"], 2: ["B:return"], 3: ["K:return"]}, at="pass")
    s = Script(g)
    card = s.card("R:lure_away", 0)
    s.do(f"0: send c{card}", "1: decline")  # a 文本: everyone sees it
    s.expect(2, "priority", "step2")
    assert uses_offered(g, 2) == {"return"}
    assert uses_offered(g, 3) == set()  # only the player the card reached
    s.do("2: play c{B:return} return")
    assert events(g, "returned") == [{"kind": "returned", "seat": 2, "direction": -1}]
    s.do("1: decline")  # back towards seat 1, then the sender
    assert arrivals(g) == [1, 2, 1, 0]
    assert g.seats[0].intel == [card]


def test_S_CARD_RETURN_1_a_second_return_reverses_the_direction_again() -> None:
    # the reversed direction holds for the rest of the journey, and another 退回 reverses it again
    g = build(hands={1: ["K:return"], 2: ["B:return"]}, transit={"card": "B:decode"}, at="step1")
    s = Script(g)
    s.do("1: pass", "1: decline")
    s.do("2: play c{B:return} return")
    s.do("1: play c{K:return} return")
    s.do("2: decline", "3: accept")
    assert arrivals(g) == [1, 2, 1, 2, 3]
    assert [e["direction"] for e in events(g, "returned")] == [-1, 1]
    assert obtained(g) == [(3, "accept")]


def test_S_CARD_RETURN_2_a_locked_player_may_not_return_but_may_decode() -> None:
    g = build(hands={2: ["B:return", "R:decode"]}, locks=[2], transit={"card": "B:decode", "holder": 1}, at="step1")
    s = Script(g)
    s.expect(2, "priority", "step2")
    assert uses_offered(g, 2) == {"decode"}
    s.do("2: play c{R:decode} decode")
    assert obtained(g) == [(2, "forced")]
    assert events(g, "returned") == []


def test_S_CARD_RETURN_3_not_on_your_own_card() -> None:
    g = build(
        hands={0: ["R:return", "K:burn"]},
        intel={3: ["K:probe"]},
        transit={"card": "B:decode", "holder": 4},
        at="step1",
    )
    s = Script(g)
    s.expect(0, "priority", "step1")
    s.do("0: pass")
    s.expect(0, "priority", "step2")  # the card is back at its sender
    assert uses_offered(g, 0) == {"burn"}
    s.do("0: pass")
    assert obtained(g) == [(0, "forced")]


def test_S_CARD_RETURN_3_sender_holding_return_after_a_direct_comes_back() -> None:
    g = build(hands={0: ["K:lock", "R:return", "B:return"]}, at="pass")
    s = Script(g)
    s.do("0: send c{K:lock} @3", "3: decline")
    assert arrivals(g) == [3, 0] and obtained(g) == [(0, "forced")]  # 0 was never offered 退回


def test_S_CARD_RETURN_4_on_a_direct_pass_the_card_goes_back_to_the_sender_who_must_take_it() -> None:
    g = build(hands={0: ["K:lock", "B:probe"], 2: ["R:return"], 4: ["K:intercept"]}, at="pass")
    s = Script(g)
    card = s.card("K:lock", 0)
    s.do(f"0: send c{card} @2", "4: pass")
    s.do("2: play c{R:return} return")
    # no receive decision for 2; a Step-1 window on the way back
    s.expect(4, "priority", "step1")
    s.do("4: pass")
    assert arrivals(g) == [2, 0]
    assert g.seats[0].intel == [card] and obtained(g) == [(0, "forced")]
