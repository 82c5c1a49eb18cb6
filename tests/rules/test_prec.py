"""锁定 vs 调虎离山 vs 截获 (S-PREC-1..7)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fengsheng.testing import Script
from tests.helpers import arrivals, events, lure_targets, obtained, seat_opts
from tests.helpers import build_table as build


def test_S_PREC_1_lock_played_after_a_resolved_lure_cancels_it() -> None:
    g = build(hands={0: ["R:lock", "R:probe"], 1: ["R:lure_away"]}, transit={"card": "B:decode"}, at="step1")
    s = Script(g)
    s.do("0: pass", "1: play c{R:lure_away} lure_away @2")
    s.do("0: pass")  # the lure resolves
    assert g.passing.lured == [2]  # type: ignore[union-attr]
    s.do("0: play c{R:lock} lock @2")  # the current player answers in the same Step 1, after the resolution
    assert g.passing.lured == []  # type: ignore[union-attr]
    assert g.locks == [2]
    s.do("1: decline")
    # the card reaches seat 2 after all, and he must take it (no receive decision)
    assert arrivals(g) == [1, 2]
    assert obtained(g) == [(2, "forced")]


def test_S_PREC_1_lock_and_lure_both_pending_the_lock_wins_and_the_lure_fails() -> None:
    # the lock resolves first (LIFO) and the 调虎离山 has lost its (now illegal) target
    g = build(hands={0: ["R:lock", "R:probe"], 1: ["R:lure_away"]}, transit={"card": "B:decode"}, at="step1")
    s = Script(g)
    s.do("0: pass", "1: play c{R:lure_away} lure_away @2", "0: play c{R:lock} lock @2")
    assert events(g, "fizzle") == [{"kind": "fizzle", "uid": 1, "user": 1, "use": "lure_away", "why": "target_illegal"}]
    assert events(g, "lured") == []
    s.do("1: decline")
    assert obtained(g) == [(2, "forced")]


def test_S_PREC_2_lure_cannot_target_the_sender_or_a_locked_player() -> None:
    g = build(
        hands={0: ["R:lure_away", "R:probe"], 3: ["B:lure_away"]}, locks=[2], transit={"card": "B:decode"}, at="step1"
    )
    Script(g).expect(0, "priority", "step1")
    assert lure_targets(g, 0) == {1, 3, 4}  # the sender: not himself, not locked seat 2
    assert lure_targets(g, 3) == {1, 3, 4}  # another player: himself allowed, not the sender, not seat 2


def test_S_PREC_3_intercept_beats_lock_and_lure() -> None:
    g = build(
        hands={3: ["K:intercept"]},
        locks=[1],
        transit={"card": "B:decode", "lured": [2]},
        at="step1",
    )
    s = Script(g)
    card = g.passing.card  # type: ignore[union-attr]
    s.do("3: play c{K:intercept} intercept")
    # seat 1 is locked and the card is on its way to him, yet the interceptor obtains it
    assert obtained(g) == [(3, "intercept")]
    assert g.seats[3].intel == [card] and arrivals(g) == []


def test_S_PREC_3_a_lured_away_player_may_still_intercept() -> None:
    g = build(hands={2: ["K:intercept"]}, transit={"card": "B:decode", "lured": [2]}, at="step1")
    s = Script(g)
    s.do("2: play c{K:intercept} intercept")
    assert obtained(g) == [(2, "intercept")]


def test_S_PREC_4_several_locked_the_first_the_card_reaches_takes_it() -> None:
    g = build(hands={0: ["R:lock", "B:lock", "R:probe", "K:decode"]}, at="play")
    s = Script(g)
    s.do("0: play c{R:lock} lock @4", "0: pass")  # seat 4 is locked first ...
    s.do("0: play c{B:lock} lock @2", "0: pass")  # ... seat 2 second
    s.do("0: pass")
    assert g.locks == [4, 2]
    s.do("0: send c{R:probe}", "1: decline")
    # the card reaches 2 before 4 in passing order: 2 must take it
    assert arrivals(g) == [1, 2]
    assert obtained(g) == [(2, "forced")]


def test_S_PREC_5_a_locked_players_return_does_nothing() -> None:
    g = build(hands={1: ["R:return", "R:decode"]}, locks=[1], transit={"card": "B:decode"}, at="step1")
    s = Script(g)
    s.expect(1, "priority", "step2")  # the card reached him; he may 破译 but not 退回
    assert "return" not in {o.split()[2] for o in seat_opts(g, 1) if o.startswith("play")}
    s.do("1: pass")
    assert obtained(g) == [(1, "forced")]


def test_S_PREC_6_lure_on_a_direct_target_sends_the_card_back_to_the_sender_through_a_step1_window() -> None:
    g = build(
        hands={0: ["K:lock", "R:probe"], 1: ["R:lure_away"], 3: ["K:intercept"]},
        at="pass",
    )
    s = Script(g)
    s.do("0: send c{K:lock} @2")
    s.do("1: play c{R:lure_away} lure_away @2", "3: pass")  # resolves: 2 is lured away
    s.do("3: pass")  # Step 1 closes: the card turns back
    assert events(g, "turn_back") == [{"kind": "turn_back", "target": 2}]
    # on the way back there is another Step-1 window, one more chance to intercept
    s.expect(3, "priority", "step1")
    s.do("3: pass")
    assert arrivals(g) == [0]
    assert obtained(g) == [(0, "forced")]


def test_S_PREC_6_intercept_on_the_way_back_after_a_lured_direct() -> None:
    g = build(hands={0: ["K:lock", "R:probe"], 1: ["R:lure_away"], 3: ["K:intercept"]}, at="pass")
    s = Script(g)
    s.do("0: send c{K:lock} @2", "1: play c{R:lure_away} lure_away @2", "3: pass", "3: pass")
    s.do("3: play c{K:intercept} intercept")
    assert obtained(g) == [(3, "intercept")]


# S-PREC-7: the summary table, one row per case ------------------------------------------------------------------


def _row_locked_reached() -> None:
    g = build(hands={1: ["R:return"]}, locks=[1], transit={"card": "B:decode"}, at="step1")
    assert obtained(g) == [(1, "forced")]  # he never had a choice; 退回 was never offered (auto-passed)


def _row_lured_not_locked() -> None:
    g = build(transit={"card": "B:decode", "lured": [1]}, at="step1")
    s = Script(g)
    s.do("2: accept")
    assert arrivals(g) == [2]
    g2 = build(transit={"card": "K:lock", "target": 1, "lured": [1]}, at="step1")
    assert arrivals(g2) == [0] and obtained(g2) == [(0, "forced")]


def _row_lured_then_locked() -> None:
    g = build(hands={0: ["R:lock", "R:probe"]}, transit={"card": "B:decode", "lured": [1]}, at="step1")
    s = Script(g)
    s.do("0: play c{R:lock} lock @1")
    assert obtained(g) == [(1, "forced")]


def _row_locked_then_lure() -> None:
    g = build(hands={3: ["R:lure_away"]}, locks=[1], transit={"card": "B:decode"}, at="step1")
    Script(g).expect(3, "priority", "step1")
    assert 1 not in lure_targets(g, 3)


def _row_intercept_while_locked_or_lured() -> None:
    g = build(
        hands={3: ["K:intercept"], 4: ["B:intercept"]},
        locks=[1],
        transit={"card": "B:decode", "lured": [2]},
        at="step1",
    )
    s = Script(g)
    s.do("3: play c{K:intercept} intercept", "4: play c{B:intercept} intercept")
    assert obtained(g) == [(4, "intercept")]  # LIFO among several 截获


def _row_direct_locked_intercepted() -> None:
    g = build(hands={3: ["K:intercept"]}, locks=[1], transit={"card": "K:lock", "target": 1}, at="step1")
    s = Script(g)
    s.do("3: play c{K:intercept} intercept")
    assert obtained(g) == [(3, "intercept")] and arrivals(g) == []


ROWS: dict[str, Callable[[], None]] = {
    "locked_reached": _row_locked_reached,
    "lured_not_locked": _row_lured_not_locked,
    "lured_then_locked": _row_lured_then_locked,
    "locked_then_lure": _row_locked_then_lure,
    "intercept_while_locked_or_lured": _row_intercept_while_locked_or_lured,
    "direct_locked_intercepted": _row_direct_locked_intercepted,
}


@pytest.mark.parametrize("row", list(ROWS))
def test_S_PREC_7_summary_table(row: str) -> None:
    ROWS[row]()
