"""锁定 Lock (S-CARD-LOCK-1..5)."""

from __future__ import annotations

from typing import ClassVar

from fengsheng.core.events import Event
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import (
    CARD_COLOUR,
    CARD_TYPE,
    AnyTurnLock,
    Clockwise,
    add_rules,
    arrivals,
    events,
    obtained,
    uses_offered,
    window,
)
from tests.helpers import build_table as build


def lock_targets(g: Game, seat: int) -> set[int]:
    return {o.target for o in g.priority_options(seat, window(g)) if o.use == "lock"}


# ----------------------------------------------------------------------------------------------------------------


def test_S_CARD_LOCK_1_own_turn_on_any_other_player() -> None:
    g = build(hands={0: ["R:lock", "B:probe"], 2: ["B:lock", "K:burn"]}, intel={4: ["K:decode"]}, dead=[3], at="play")
    Script(g).expect(0, "priority", "play")
    assert lock_targets(g, 0) == {1, 2, 4}  # not himself, not a dead player
    assert lock_targets(g, 2) == set()  # not in another player's turn
    assert uses_offered(g, 2) == {"burn"}


def test_S_CARD_LOCK_1_the_locked_player_must_accept() -> None:
    g = build(hands={0: ["R:lock", "K:decode", "B:probe"]}, at="play")
    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "0: pass")  # the lock resolves
    assert g.locks == [2] and events(g, "locked") == [{"kind": "locked", "seat": 2, "user": 0, "uid": 1}]
    s.do("0: pass", "0: send c{K:decode}", "1: decline")
    # no receive decision for seat 2: the strict script would have failed otherwise
    assert arrivals(g) == [1, 2]
    assert obtained(g) == [(2, "forced")]


def test_S_CARD_LOCK_1_the_lock_is_for_this_turns_intelligence_only() -> None:
    g = build(hands={0: ["R:lock", "K:decode", "B:probe"]}, deck=["R:decode", "B:decode"], at="play")
    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "0: pass", "0: pass", "0: send c{K:decode}", "1: accept")
    assert g.current == 1 and g.locks == []
    s.do("1: send c{R:decode}")
    # seat 1's card reaches seat 2, who now has a choice again
    s.expect(2, "receive", "step3")
    s.do("2: decline")


def test_S_CARD_LOCK_2_usable_in_every_step1_window_of_your_turn_including_after_a_decline() -> None:
    g = build(hands={0: ["R:lock", "B:lock"]}, transit={"card": "K:decode"}, at="step1")
    s = Script(g)
    s.expect(0, "priority", "step1")
    assert lock_targets(g, 0) == {1, 2, 3, 4}
    s.do("0: pass", "1: decline")
    s.expect(0, "priority", "step1")  # the Step-1 window after the decline
    s.do("0: play c{R:lock} lock @3", "0: pass")
    s.do("0: pass", "2: decline", "0: pass")
    assert obtained(g) == [(3, "forced")]


def test_S_CARD_LOCK_2_not_in_step2_step3_or_the_end_phase() -> None:
    g = build(
        hands={0: ["R:lock", "K:burn"]}, intel={4: ["K:decode"]}, transit={"card": "B:decode", "holder": 1}, at="step2"
    )
    Script(g).expect(0, "priority", "step2")
    assert uses_offered(g, 0) == {"burn"}
    g2 = build(
        hands={0: ["R:lock", "K:burn"]}, intel={4: ["K:decode"]}, transit={"card": "B:decode", "holder": 1}, at="step3"
    )
    d = Script(g2).expect(1, "receive", "step3")
    assert {str(o) for o in d.options} == {"accept", "decline"}
    g3 = build(hands={0: ["R:lock", "K:burn"]}, intel={4: ["K:decode"]}, at="end")
    Script(g3).expect(0, "priority", "end")
    assert uses_offered(g3, 0) == {"burn"}


def test_S_CARD_LOCK_3_several_locked_players_the_first_in_passing_order_takes() -> None:
    g = build(hands={0: ["R:lock", "B:lock"]}, transit={"card": "K:decode"}, at="step1")
    s = Script(g)
    s.do("0: play c{R:lock} lock @3", "0: play c{B:lock} lock @2")
    assert sorted(g.locks) == [2, 3]
    s.do("1: decline")
    assert obtained(g) == [(2, "forced")]
    assert arrivals(g) == [1, 2]


def test_S_CARD_LOCK_3_the_first_locked_player_the_card_actually_reaches() -> None:
    # the actual route, not the seat numbering: going clockwise, seat 4 is reached before seat 1
    g = build(hands={0: ["R:lock", "B:lock", "K:decode", "B:probe"]}, at="play")
    add_rules(g, Clockwise(0))
    s = Script(g)
    s.do("0: play c{R:lock} lock @1", "0: play c{B:lock} lock @4", "0: pass", "0: pass", "0: send c{K:decode}")
    assert obtained(g) == [(4, "forced")]
    assert arrivals(g) == [4]


def test_S_CARD_LOCK_4_locked_player_no_return_no_lure_and_lock_beats_lure() -> None:
    g = build(
        hands={0: ["R:lock", "B:probe"], 1: ["R:lure_away"], 2: ["R:return", "R:decode"]},
        transit={"card": "K:decode", "lured": [2]},
        at="step1",
    )
    s = Script(g)
    s.do("0: play c{R:lock} lock @2")  # seat 2 was lured away; the lock overrides it
    s.expect(1, "priority", "step1")
    s.do("1: pass")
    assert g.passing.lured == []  # type: ignore[union-attr]
    s.expect(1, "priority", "step1")
    assert 2 not in {o.target for o in g.priority_options(1, window(g)) if o.use == "lure_away"}  # cannot lure him
    s.do("1: pass", "1: decline", "1: pass")
    s.expect(2, "priority", "step2")  # the card reached him; 破译 only, 退回 is not offered
    assert uses_offered(g, 2) == {"decode"}
    s.do("2: pass")
    assert obtained(g) == [(2, "forced")]


# ----------------------------------------------------------------------------------------------------------------
# S-CARD-LOCK-5: locks from skills (test-only rules for the engine mechanisms; the real characters are pending)
# ----------------------------------------------------------------------------------------------------------------


class SeeThroughAsLock(Rule):
    """Like 职业杀手: "你的识破可以当作锁定使用" (S-CARD-LOCK-5, A-61)."""

    def card_uses(self, g: Game, card: int) -> tuple[str, ...]:
        return ("lock",) if CARD_TYPE[card] == "see_through" else ()


class WhenLocked(Rule):
    """A "被锁定" trigger (like 老鬼's 就计): records every lock on its owner."""

    listens: ClassVar[tuple[str, ...]] = ("locked",)

    def __init__(self, owner: int) -> None:
        super().__init__(owner)
        self.seen: list[int] = []

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.owner

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.seen.append(data["user"])


def test_S_CARD_LOCK_5_a_card_played_as_lock_is_a_full_lock_and_keeps_its_colour() -> None:
    g = build(hands={0: ["R:see_through", "K:decode", "B:probe"]}, at="play")
    trigger = WhenLocked(2)
    add_rules(g, SeeThroughAsLock(0), trigger)
    s = Script(g)
    st = s.card("R:see_through", 0)
    assert f"play c{st} lock @2" in s.options()
    s.do(f"0: play c{st} lock @2", "0: pass")
    assert events(g, "use")[0]["use"] == "lock" and events(g, "use")[0]["card"] == st
    assert g.locks == [2] and trigger.seen == [0]  # it triggers "when locked" skills
    assert st in g.discard and CARD_COLOUR[st] == "red" and CARD_TYPE[st] == "see_through"  # discarded, still red
    s.do("0: pass", "0: send c{K:decode}", "1: decline")
    assert obtained(g) == [(2, "forced")]


def test_S_CARD_LOCK_5_a_converted_lock_can_be_cancelled_by_see_through() -> None:
    g = build(hands={0: ["R:see_through", "K:decode", "B:probe"], 3: ["B:see_through"]}, at="play")
    trigger = WhenLocked(2)
    add_rules(g, SeeThroughAsLock(0), trigger)
    s = Script(g)
    st = s.card("R:see_through", 0)
    s.do(f"0: play c{st} lock @2", "3: play c{B:see_through} see_through ^top", "0: pass")
    assert g.locks == [] and trigger.seen == []
    assert [e["use"] for e in events(g, "no_effect")] == ["lock"]
    assert st in g.discard
    s.do("0: pass", "0: send c{K:decode}", "1: decline")
    s.expect(2, "receive", "step3")  # not locked: he may decline


def test_S_CARD_LOCK_5_a_converted_lock_keeps_the_lock_timing() -> None:
    # seat 3 may use 识破 as 锁定, but only in his own turn: in seat 0's turn only the real 识破 is offered
    g = build(hands={0: ["R:lure_away", "B:probe"], 3: ["B:see_through"]}, transit={"card": "K:decode"}, at="step1")
    add_rules(g, SeeThroughAsLock(3))
    s = Script(g)
    s.do("0: play c{R:lure_away} lure_away @1")
    s.expect(3, "priority", "step1")
    assert uses_offered(g, 3) == {"see_through"}
    s.do("3: pass")


def test_S_CARD_LOCK_5_a_skill_may_allow_locks_in_other_players_turns() -> None:
    g = build(hands={0: ["K:decode", "B:probe"], 2: ["B:lock", "R:lock"]}, at="play")
    add_rules(g, AnyTurnLock(2))
    s = Script(g)
    s.do("0: pass")
    s.expect(2, "priority", "play")
    assert lock_targets(g, 2) == {0, 1, 3, 4}  # still never himself
    s.do("2: play c{B:lock} lock @3")
    s.do("0: pass", "2: pass", "0: pass", "2: pass")
    assert g.locks == [3]
    s.do("0: send c{K:decode}")
    s.expect(2, "priority", "step1")  # and in the Step-1 windows of that turn
    s.do("2: pass", "1: decline", "2: pass", "2: decline", "2: pass")
    assert obtained(g) == [(3, "forced")]
