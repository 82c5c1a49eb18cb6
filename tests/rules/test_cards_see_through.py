"""识破 See Through (S-CARD-SEE-1..6)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fengsheng.core.options import SKILL, Option
from fengsheng.core.state import Use
from fengsheng.flow.window import Window
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import add_rules, events, obtained, uses_offered, window
from tests.helpers import build_table as build


def see_refs(g: Game, seat: int) -> list[int]:
    return [o.ref for o in g.priority_options(seat, window(g)) if o.use == "see_through"]


def test_S_CARD_SEE_1_when_a_card_is_used_the_targeted_card_is_cancelled() -> None:
    g = build(hands={0: ["R:lock", "B:probe", "K:decode"], 3: ["B:see_through"]}, at="play")
    s = Script(g)
    assert see_refs(g, 3) == []  # nothing to target yet
    s.do("0: play c{R:lock} lock @2")
    s.expect(3, "priority", "play")
    lock_uid = events(g, "use")[0]["uid"]
    assert see_refs(g, 3) == [lock_uid]
    s.do("3: play c{B:see_through} see_through ^top", "0: pass")
    lock = events(g, "use")[0]["card"]
    assert events(g, "cancelled") == [
        {"kind": "cancelled", "uid": lock_uid, "by": 3, "use": "lock", "seat": 0, "card": lock}
    ]
    assert g.locks == []


def test_S_CARD_SEE_2_the_cancelled_card_loses_all_effect_and_goes_to_the_discard_pile() -> None:
    g = build(hands={0: ["R:lock", "B:probe", "K:decode"], 3: ["B:see_through"]}, at="play")
    s = Script(g)
    lock, st = s.card("R:lock", 0), s.card("B:see_through", 3)
    s.do(f"0: play c{lock} lock @2", f"3: play c{st} see_through ^top", "0: pass")
    assert [e["use"] for e in events(g, "no_effect")] == ["lock"]
    assert events(g, "locked") == []
    assert lock in g.discard and st in g.discard
    s.do("0: pass", "0: send c{K:decode}", "1: decline")
    s.expect(2, "receive", "step3")  # not locked


def test_S_CARD_SEE_2_a_cancelled_probe_goes_to_the_discard_pile_not_out_of_the_game() -> None:
    g = build(hands={0: ["B:probe:mi:draw", "K:decode"], 3: ["B:see_through"]}, at="play")
    s = Script(g)
    probe = s.card("B:probe", 0)
    hand1 = list(g.seats[1].hand)
    s.do("0: play c{B:probe} probe @1", "3: play c{B:see_through} see_through ^top")
    assert probe in g.discard and probe not in g.probes_out
    assert events(g, "probe") == [] and events(g, "probe_answer") == []
    assert g.seats[1].hand == hand1  # seat 1 (军情局) did not draw
    assert events(g, "revealed") == [{"kind": "revealed", "uid": 1, "card": probe}]


def test_S_CARD_SEE_3_sending_and_the_method_cannot_be_cancelled() -> None:
    g = build(hands={0: ["K:lock", "B:probe"], 3: ["B:see_through", "K:intercept"]}, at="pass")
    s = Script(g)
    s.do("0: send c{K:lock} @3")
    # the Step-1 window opened by the send: the send is not on the stack, so 识破 has nothing to target
    s.expect(3, "priority", "step1")
    assert window(g).stack == []
    assert see_refs(g, 3) == []
    assert uses_offered(g, 3) == {"intercept"}
    s.do("3: pass")
    s.expect(3, "receive", "step3")
    assert g.passing.method == "direct" and g.passing.target == 3  # type: ignore[union-attr]


def _cancel_lock() -> None:
    g = build(hands={0: ["R:lock", "B:probe", "K:decode"], 3: ["B:see_through"]}, at="play")
    Script(g).do("0: play c{R:lock} lock @2", "3: play c{B:see_through} see_through ^top", "0: pass")
    assert g.locks == [] and [e["use"] for e in events(g, "no_effect")] == ["lock"]


def _cancel_lure() -> None:
    g = build(hands={1: ["R:lure_away"], 3: ["B:see_through"]}, transit={"card": "B:decode"}, at="step1")
    Script(g).do("1: play c{R:lure_away} lure_away @2", "3: play c{B:see_through} see_through ^top")
    assert events(g, "lured") == [] and [e["use"] for e in events(g, "no_effect")] == ["lure_away"]


def _cancel_intercept() -> None:
    g = build(hands={1: ["K:intercept"], 3: ["B:see_through"]}, transit={"card": "B:decode"}, at="step1")
    s = Script(g)
    s.do("1: play c{K:intercept} intercept", "3: play c{B:see_through} see_through ^top")
    assert events(g, "obtain") == [] and [e["use"] for e in events(g, "no_effect")] == ["intercept"]
    s.expect(1, "receive", "step3")  # the card went on to seat 1 instead


def _cancel_return() -> None:
    g = build(hands={1: ["R:return"], 3: ["B:see_through"]}, transit={"card": "B:decode", "holder": 1}, at="step2")
    s = Script(g)
    s.do("1: play c{R:return} return", "3: play c{B:see_through} see_through ^top")
    assert events(g, "returned") == [] and [e["use"] for e in events(g, "no_effect")] == ["return"]
    s.expect(1, "receive", "step3")  # he still has his decision


def _cancel_decode() -> None:
    g = build(hands={1: ["R:decode"], 3: ["B:see_through"]}, transit={"card": "B:decode", "holder": 1}, at="step2")
    s = Script(g)
    s.do("1: play c{R:decode} decode", "3: play c{B:see_through} see_through ^top")
    assert events(g, "decoded") == [] and 1 not in g.passing.seen  # type: ignore[union-attr]
    s.expect(1, "receive", "step3")


def _cancel_burn() -> None:
    g = build(hands={1: ["K:burn"], 3: ["B:see_through"]}, intel={4: ["K:decode"]}, at="play")
    Script(g).do("1: play c{K:burn} burn @4 x{K:decode@4}", "3: play c{B:see_through} see_through ^top")
    assert len(g.seats[4].intel) == 1 and events(g, "burned") == []


def _cancel_see_through() -> None:
    g = build(hands={0: ["R:lock", "B:probe", "K:decode"], 3: ["B:see_through"], 4: ["R:see_through"]}, at="play")
    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "3: play c{B:see_through} see_through ^top")
    s.do("4: play c{R:see_through} see_through ^top", "0: pass")
    # 4's 识破 cancels 3's; the lock takes effect
    assert [e["user"] for e in events(g, "no_effect")] == [3]
    assert g.locks == [2]


def _cancel_probe() -> None:
    g = build(hands={0: ["B:probe:mi:draw", "K:decode"], 3: ["B:see_through"]}, at="play")
    Script(g).do("0: play c{B:probe} probe @1", "3: play c{B:see_through} see_through ^top")
    assert events(g, "probe") == [] and [e["use"] for e in events(g, "no_effect")] == ["probe"]


def _cancel_true_or_false() -> None:
    g = build(hands={0: ["R:true_or_false", "B:probe", "K:decode"], 3: ["B:see_through"]}, at="play")
    deck = len(g.deck)
    Script(g).do("0: play c{R:true_or_false} true_or_false", "3: play c{B:see_through} see_through ^top", "0: pass")
    assert events(g, "tof_layout") == [] and len(g.deck) == deck and g.table == []
    assert all(st.intel == [] for st in g.seats)


NINE: dict[str, Callable[[], None]] = {
    "lock": _cancel_lock,
    "lure_away": _cancel_lure,
    "intercept": _cancel_intercept,
    "return": _cancel_return,
    "decode": _cancel_decode,
    "burn": _cancel_burn,
    "see_through": _cancel_see_through,
    "probe": _cancel_probe,
    "true_or_false": _cancel_true_or_false,
}


@pytest.mark.parametrize("card", list(NINE))
def test_S_CARD_SEE_4_all_nine_card_effects_can_be_cancelled(card: str) -> None:
    NINE[card]()


def test_S_CARD_SEE_4_see_through_on_see_through_003_example() -> None:
    # A (seat 1) uses 截获; B (seat 2) uses 识破 on it; C (seat 3) uses 识破 on B's 识破: A obtains the card
    g = build(
        hands={1: ["K:intercept"], 2: ["B:see_through"], 3: ["R:see_through"]}, transit={"card": "B:decode"}, at="step1"
    )
    s = Script(g)
    s.do("1: play c{K:intercept} intercept", "2: play c{B:see_through} see_through ^top")
    s.do("3: play c{R:see_through} see_through ^top")
    assert obtained(g) == [(1, "intercept")]
    order = [(e.kind, e.data.get("uid")) for e in g.events if e.kind in ("resolve", "no_effect")]
    assert order == [("resolve", 3), ("no_effect", 2), ("resolve", 1)]  # LIFO


class Skill(Rule):
    """A test-only activated skill that goes on the stack (like any character skill, S-PRIO-13)."""

    def actions(self, g: Game, seat: int, win: Window) -> list[Option]:
        return [Option(SKILL, use="ping")] if seat == self.owner and win.kind == "play" else []

    def play(self, g: Game, option: Option, win: Window) -> Use | None:
        return g.new_use(self.owner, "ping")

    def resolve(self, g: Game, use: Use) -> None:
        g.draw(self.owner, 1)


def test_S_CARD_SEE_5_skills_cannot_be_cancelled_only_cards() -> None:
    # waiting for characters: the real uncancellable skills (译电员, 闪灵, 峨嵋风, 大美女); here the mechanism
    g = build(hands={0: ["R:lock", "B:probe", "K:decode"], 3: ["B:see_through"]}, at="play")
    add_rules(g, Skill(2))
    s = Script(g)
    s.do("0: play c{R:lock} lock @4", "2: skill ping")
    s.expect(3, "priority", "play")
    uses = {u.uid: u.use for u in window(g).stack}
    assert uses == {1: "lock", 2: "ping"}
    assert see_refs(g, 3) == [1]  # only the card
    hand2 = len(g.seats[2].hand)
    s.do("3: pass", "0: pass", "2: pass")
    assert len(g.seats[2].hand) == hand2 + 1 and g.locks == [4]


def test_S_CARD_SEE_6_any_player_in_any_turn_even_the_current_player() -> None:
    # the current player cancels an opponent's 截获 in his own turn
    g = build(hands={0: ["R:see_through", "B:probe"], 2: ["K:intercept"]}, transit={"card": "B:decode"}, at="step1")
    s = Script(g)
    s.do("2: play c{K:intercept} intercept")
    s.expect(0, "priority", "step1")
    s.do("0: play c{R:see_through} see_through ^top")
    assert obtained(g) == [] and [e["use"] for e in events(g, "no_effect")] == ["intercept"]
    # and another player in someone else's turn (seat 3 in seat 0's turn) was shown above; here seat 4 in seat 0's
    g = build(hands={0: ["R:lock", "B:probe", "K:decode"], 4: ["B:see_through"]}, at="play")
    Script(g).do("0: play c{R:lock} lock @2", "4: play c{B:see_through} see_through ^top", "0: pass")
    assert g.locks == []
