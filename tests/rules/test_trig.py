"""S-TRIG: the order of simultaneous triggers, deaths and declarations (with test-only trigger rules)."""

from __future__ import annotations

from typing import Any

from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import IS_BLACK, kinds
from tests.helpers import build_asked as build
from tests.rules.test_hooks import listener


def place_black_on(seats: tuple[int, ...]) -> Any:
    """A trigger effect putting one black card from the owner's hand in front of each of ``seats`` at once."""

    def effect(g: Game, r: Rule, kind: str, data: dict[str, Any]) -> None:
        hand = g.seats[r.owner].hand
        for seat in seats:
            c = next(c for c in hand if IS_BLACK[c])
            hand.remove(c)
            g.obtain(seat, c, r.owner, "skill")

    return effect


def test_S_TRIG_1_simultaneous_triggers_current_player_first_then_counterclockwise() -> None:
    log: list[Any] = []
    g = build(5, current=3, at="pass", hands={3: ["R:decode", "B:decode"]})
    for seat in (1, 0, 4, 2, 3):
        g.add_rule(listener(("send",), log)(seat))
    n = len(g.history)
    Script(g).do("3: send c{R:decode}")
    assert [owner for owner, _, _ in log] == [3, 4, 0, 1, 2]
    assert len(g.history) == n + 1  # no response window among them


def test_S_TRIG_2_death_triggers_in_the_same_order_including_the_dying_player() -> None:
    log: list[Any] = []
    g = build(5, current=2, at="step3", transit={"card": "K:decode", "holder": 4}, intel={4: ["K:lock", "K:burn"]})
    for seat in range(5):
        g.add_rule(listener(("dying",), log)(seat))
    Script(g).do("4: accept")
    assert [owner for owner, _, _ in log] == [2, 3, 4, 0, 1]
    assert all(d["seat"] == 4 for _, _, d in log)


def test_S_TRIG_3_used_in_seat_order_from_the_last_user_resolved_lifo() -> None:
    g = build(4, current=0, at="step1", transit={"card": "R:decode"}, hands={1: ["K:intercept"], 3: ["B:intercept"]})
    s = Script(g)
    s.do("0: pass")
    s.expect(1)  # right of the sender: first to use
    s.do("1: play c{K:intercept} intercept", "2: pass", "3: play c{B:intercept} intercept")
    s.do("0: pass", "1: pass", "2: pass", "3: pass")
    assert [e.data["seat"] for e in g.events if e.kind == "obtain"] == [3]  # the later use resolved first
    assert [e.data["user"] for e in g.events if e.kind == "fizzle"] == [1]


def test_S_TRIG_4_a_trigger_fires_only_if_the_card_took_effect() -> None:
    log: list[Any] = []
    g = build(
        3,
        current=0,
        at="play",
        hands={0: ["K:lock", "R:probe:mi:draw", "R:lock", "B:lock"], 1: ["R:see_through", "B:see_through"]},
    )
    for seat in range(3):
        g.add_rule(listener(("locked", "probe"), log)(seat))
    s = Script(g)
    s.do("0: play c{K:lock} lock @2", "1: play c{R:see_through} see_through ^top", "2: pass", "0: pass", "1: pass")
    s.do("0: play c{R:probe:mi:draw} probe @2", "1: play c{B:see_through} see_through ^top", "2: pass", "0: pass")
    s.do("1: pass")
    assert log == [] and g.locks == []
    s.do("0: play c{R:lock} lock @1", "1: pass", "2: pass", "0: pass")
    assert [(o, k) for o, k, _ in log] == [(0, "locked"), (1, "locked"), (2, "locked")]


def test_S_TRIG_5_deaths_from_one_event_are_numbered_current_player_first() -> None:
    log: list[Any] = []
    g = build(
        5,
        current=3,
        at="step3",
        transit={"card": "R:decode", "holder": 4},
        hands={2: ["K:lock", "K:burn"]},
        intel={1: ["K:return", "K:decode"], 4: ["K:intercept", "K:see_through"]},
    )
    g.add_rule(
        listener(("obtain",), log, want=lambda g, r, k, d: d["how"] == "accept", effect=place_black_on((1, 4)))(2)
    )
    Script(g).do("4: accept")
    assert g.death_order == [4, 1]  # seat 4 comes first counterclockwise from the current seat 3
    assert [(e.data["seat"], e.data["order"]) for e in g.events if e.kind == "died"] == [(4, 1), (1, 2)]


def test_S_TRIG_6_deaths_then_losses_then_declarations() -> None:
    class Exposed(Rule):  # loses with 3+ intelligence (a 败露 stand-in)
        def loses(self, g: Game) -> bool:
            return len(g.seats[self.owner].intel) >= 3

    log: list[Any] = []
    g = build(
        5,
        current=0,
        at="step3",
        transit={"card": "R:decode", "holder": 1},
        identities=["mi", "ug", "mi", "ug", "by"],
        intel={1: ["R:lock", "R:burn"], 2: ["K:lock", "K:burn"], 4: ["B:lock", "B:burn"]},
        hands={0: ["K:return", "K:decode"]},
    )
    # one event (seat 1 accepts his third red) puts a card in front of seats 2 (third false: dies) and 4 (third card)
    g.add_rule(
        listener(("obtain",), log, want=lambda g, r, k, d: d["how"] == "accept", effect=place_black_on((4, 2)))(0)
    )
    g.add_rule(Exposed(4))
    start = len(g.events)
    s = Script(g)
    s.do("1: accept")
    s.expect(1, "declare")
    ev = [k for k in kinds(g, start) if k in ("died", "lost")]
    assert ev == ["died", "lost"]
    assert not g.seats[2].alive and g.seats[4].lost
    s.do("1: declare")
    assert g.result["winners"] == [1, 3]
