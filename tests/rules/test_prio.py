"""S-PRIO: priority, responses and LIFO resolution; worked example EX-1 (with a stand-in for 闪灵's skill)."""

from __future__ import annotations

from typing import Any

import pytest

from fengsheng.core.options import SKILL, Option
from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from fengsheng.invariants import card_zones
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import build_asked as build
from tests.helpers import opts
from tests.rules.test_hooks import PlaceBlack, listener


def resolution(g: Game) -> list[tuple[str, str, int]]:
    """(what happened, use, user) for every pending use that left the stack, in order."""
    return [
        (e.kind, e.data["use"], e.data["user"])
        for e in g.events
        if e.kind in ("resolve", "no_effect") or (e.kind == "fizzle" and e.data.get("why") == "user_gone")
    ]


def test_S_PRIO_1_skill_beats_card_text_lock_in_another_players_step1() -> None:
    class LockAnyTurn(Rule):  # 柒佰: 你可以在他人回合中使用锁定 (003's example: E locks B during A's turn)
        def permits(self, g: Game, seat: int, use: str, window: Any) -> bool:
            return seat == self.owner and use == "lock"

    g = build(4, at="step1", transit={"card": "R:decode"}, current=0, hands={3: ["K:lock"], 2: ["K:lock"]})
    g.add_rule(LockAnyTurn(3))
    s = Script(g)
    s.do("0: pass", "1: pass")
    assert opts(g) == ["pass"]  # seat 2 holds a lock too, but it is not his turn
    s.do("2: pass")
    assert any(o.startswith("play c") and " lock @1" in o for o in opts(g))
    s.do("3: play c{K:lock} lock @1", "0: pass", "1: pass", "2: pass", "3: pass")
    assert g.locks == [1]
    s.do("0: pass", "1: pass", "2: pass", "3: pass")  # Step 1 closes; the card reaches seat 1
    s.do("0: pass", "1: pass", "2: pass", "3: pass")  # Step 2
    assert g.seats[1].intel != [] and g.passing.finished  # locked: taken without a choice


def test_S_PRIO_2_timing_priority_and_a_valid_target() -> None:
    g = build(
        3,
        current=0,
        at="play",
        hands={0: ["R:probe:mi:draw", "K:lock", "B:lock", "R:burn"], 1: ["B:see_through", "K:probe:ug:draw"]},
    )
    # (3) valid target: no false intelligence anywhere, so no 烧毁; an empty stack, so no 识破
    assert not any(" burn " in o for o in opts(g))
    s = Script(g)
    s.do("0: play c{K:lock} lock @1")
    # (2) priority: only the seat holding it may act; a wrong seat changes nothing
    before = len(g.events)
    with pytest.raises(IllegalAction):
        g.act("pass", seat=0)
    with pytest.raises(IllegalAction):
        g.act("play c{} probe @0".format(s.card("R:probe:mi:draw", 0)))
    assert len(g.events) == before and g.decision.seat == 1
    # (1) timing: seat 1's 试探 is for his own play phase only; his 识破 has a target now
    assert [o for o in opts(g) if "probe" in o] == []
    assert any("see_through" in o for o in opts(g))
    s.do("1: pass", "2: pass", "0: pass")
    # (3) again: a 锁定 targets any other player, never himself; seat 1, locked already, still is one (R-6: a lock
    # on him may do something, e.g. trigger 「当你被锁定时」)
    assert g.locks == [1]
    lock = s.card("B:lock", 0)
    assert [o for o in opts(g) if " lock " in o] == [f"play c{lock} lock @1", f"play c{lock} lock @2"]


def test_S_PRIO_3_use_waits_for_responses_then_resolves_with_nothing_inserted() -> None:
    g = build(
        3,
        current=0,
        at="play",
        hands={0: ["K:lock", "R:true_or_false"], 1: ["R:burn"], 2: ["B:see_through"]},
        intel={1: ["K:decode"]},
        deck=["R:lock", "B:lock", "K:return"],
    )
    s = Script(g)
    s.do("0: play c{K:lock} lock @2")
    use = next(e for e in g.events if e.kind == "use")
    assert use.data["target"] == 2  # 1. named with its target
    assert g.locks == [] and [u.use for u in s.stack()] == ["lock"]  # 2. pending: others may respond
    s.do("1: pass", "2: pass", "0: pass")
    assert g.locks == [2]  # 3. resolved
    # 4. while 真伪莫辨 resolves, the only decisions are the picks
    s.do("0: play c{R:true_or_false} true_or_false", "1: pass", "2: pass", "0: pass")
    for seat in (0, 1):
        d = s.expect(seat, "pick")
        assert all(o.kind == "pick" for o in d.options)
        g.act(d.options[0])
    # (the last pick, a single option, is automated)
    assert [e.data["seat"] for e in g.events if e.kind == "obtain"] == [0, 1, 2]


def test_S_PRIO_4_current_first_then_right_hand_after_a_pass_or_an_action() -> None:
    g = build(
        5,
        current=2,
        at="play",
        hands={2: ["R:decode", "K:decode"], 3: ["R:burn"], 0: ["B:see_through"]},
        intel={1: ["K:lock"]},
    )
    s = Script(g)
    s.expect(2, "priority", "play")  # the current player first
    s.do("2: pass")
    s.expect(3)  # his right-hand neighbour
    s.do("3: play c{R:burn} burn @1 x{K:lock@1}")
    s.expect(4)  # the actor's right-hand neighbour
    s.do("4: pass", "0: pass", "1: pass", "2: pass", "3: pass")
    assert g.seats[1].intel == []
    s.expect(2, "priority", "play")  # after a resolution: the current player again
    s.do("2: pass", "3: pass", "4: pass", "0: pass", "1: pass")
    s.do("2: send c{R:decode}")
    s.expect(2, "priority", "step1")  # a new window opens with the current player, not right of the sender
    s.do("2: pass", "3: pass", "4: pass", "0: pass", "1: pass")
    s.expect(2, "priority", "step2")
    s.do("2: pass", "3: pass", "4: pass", "0: pass", "1: pass")
    s.expect(3, "receive")


def test_S_PRIO_5_a_used_card_is_set_aside_until_it_resolves() -> None:
    g = build(3, current=0, at="play", hands={0: ["K:lock", "R:decode"]})
    s = Script(g)
    lock = s.card("K:lock", 0)
    s.do(f"0: play c{lock} lock @1")
    assert card_zones(g)[lock] == ["stack"]
    assert lock not in g.seats[0].hand and lock not in g.discard
    assert [x["card"] for x in g.view(2)["stack"]] == [lock]  # a face-up card, set aside for all to see
    s.do("1: pass", "2: pass", "0: pass")
    assert card_zones(g)[lock] == ["discard"]


def test_S_PRIO_6_last_in_first_resolved_intercept_see_through_chain() -> None:
    """003: A uses 截获; B uses 识破 on it; C uses 识破 on B's 识破. A obtains the intelligence."""
    g = build(
        4,
        current=0,
        at="step1",
        transit={"card": "B:decode"},
        hands={1: ["K:intercept"], 2: ["R:see_through"], 3: ["B:see_through"]},
    )
    s = Script(g)
    used = [s.card("K:intercept", 1), s.card("R:see_through", 2), s.card("B:see_through", 3)]
    s.do("0: pass", "1: play c{K:intercept} intercept", "2: play c{R:see_through} see_through ^top")
    s.do("3: play c{B:see_through} see_through ^top", "0: pass", "1: pass", "2: pass", "3: pass")
    assert resolution(g) == [
        ("resolve", "see_through", 3),
        ("no_effect", "see_through", 2),
        ("resolve", "intercept", 1),
    ]
    assert len(g.seats[1].intel) == 1 and g.passing.finished
    assert s.stack() == [] and sorted(g.discard) == sorted(used)


def test_S_PRIO_7_full_round_of_passes_resolves_lifo_then_current_player_again() -> None:
    g = build(
        4, current=0, at="play", hands={0: ["R:decode"], 2: ["R:burn", "B:burn"]}, intel={1: ["K:lock", "K:burn"]}
    )
    s = Script(g)
    s.do("0: pass", "1: pass", "2: play c{R:burn} burn @1 x{K:lock@1}", "3: pass", "0: pass", "1: pass")
    assert len(g.seats[1].intel) == 2 and len(s.stack()) == 1  # three passes are not a full round
    s.expect(2)
    s.do("2: play c{B:burn} burn @1 x{K:burn@1}", "3: pass", "0: pass", "1: pass", "2: pass")
    assert [(k, u) for k, u, _ in resolution(g)] == [("resolve", "burn"), ("resolve", "burn")]
    assert g.seats[1].intel == []
    s.expect(0, "priority", "play")  # the current player gets priority again
    s.do("0: pass", "1: pass", "2: pass", "3: pass")  # a full round with nothing pending ends the phase
    assert g.phase == "pass"


def test_S_PRIO_7_resolution_order_is_lifo() -> None:
    g = build(
        4, current=0, at="play", hands={0: ["R:decode"], 2: ["R:burn"], 3: ["B:burn"]}, intel={1: ["K:lock", "K:burn"]}
    )
    s = Script(g)
    x_lock, x_burn = s.card("K:lock", 1, "intel"), s.card("K:burn", 1, "intel")
    s.do("0: pass", "1: pass", f"2: play c{{R:burn}} burn @1 x{x_lock}", f"3: play c{{B:burn}} burn @1 x{x_burn}")
    s.do("0: pass", "1: pass", "2: pass", "3: pass")
    assert [e.data["card"] for e in g.events if e.kind == "burned"] == [x_burn, x_lock]  # seat 3's first


def test_S_PRIO_8_right_of_the_last_user_acts_first_but_the_last_use_resolves_first() -> None:
    g = build(
        5,
        current=0,
        at="play",
        hands={0: ["R:decode"], 2: ["R:burn"], 3: ["B:see_through"], 1: ["R:see_through"]},
        intel={4: ["K:lock"]},
    )
    s = Script(g)
    s.do("0: pass", "1: pass", "2: play c{R:burn} burn @4 x{K:lock@4}")
    s.expect(3)  # both 1 and 3 could answer: seat 3, right of the user, is asked first
    s.do("3: play c{B:see_through} see_through ^top")
    s.expect(4)
    s.do(
        "4: pass",
        "0: pass",
        "1: play c{R:see_through} see_through ^top",
        "2: pass",
        "3: pass",
        "4: pass",
        "0: pass",
        "1: pass",
    )
    assert resolution(g) == [("resolve", "see_through", 1), ("no_effect", "see_through", 3), ("resolve", "burn", 2)]
    assert g.seats[4].intel == []


def test_S_PRIO_8_several_locks_the_first_locked_player_on_the_route_takes_the_card() -> None:
    g = build(5, current=0, at="play", hands={0: ["K:lock", "R:lock", "B:decode"]})
    s = Script(g)
    s.do("0: play c{K:lock} lock @3", "1: pass", "2: pass", "3: pass", "4: pass", "0: pass")
    s.do("0: play c{R:lock} lock @2", "1: pass", "2: pass", "3: pass", "4: pass", "0: pass")
    assert g.locks == [3, 2]
    s.do("0: pass", "1: pass", "2: pass", "3: pass", "4: pass")  # 密电 to seat 1, who declines
    for _ in range(2):
        s.do("0: pass", "1: pass", "2: pass", "3: pass", "4: pass")
    s.do("1: decline")
    for _ in range(2):
        s.do("0: pass", "1: pass", "2: pass", "3: pass", "4: pass")
    assert len(g.seats[2].intel) == 1 and g.seats[3].intel == []  # locked second, reached first


def test_S_PRIO_9_automatic_triggers_current_first_then_counterclockwise_without_responses() -> None:
    log: list[Any] = []
    g = build(5, current=2, at="step2", transit={"card": "R:decode", "holder": 3, "sender": 2})
    for seat in (1, 4, 0, 3):
        g.add_rule(listener(("obtain",), log)(seat))
    s = Script(g)
    s.do("2: pass", "3: pass", "4: pass", "0: pass", "1: pass")
    n = len(g.history)
    s.do("3: accept")
    assert [owner for owner, _, _ in log] == [3, 4, 0, 1]  # (current 2 has none): 3, 4, 0, 1
    assert len(g.history) == n + 1  # all fired within one answer: nobody was asked in between


def test_S_PRIO_10_pending_card_whose_user_died_has_no_effect() -> None:
    """003: D plays 截获 and is then killed in response; his 截获 fails and the card goes on."""
    g = build(
        5,
        current=0,
        at="step1",
        transit={"card": "B:decode"},
        hands={3: ["K:intercept"], 1: ["K:lock", "K:burn"]},
        intel={3: ["K:return", "K:decode"]},
    )
    g.add_rule(PlaceBlack(1))
    s = Script(g)
    intercept = s.card("K:intercept", 3)
    s.do("0: pass", "1: pass", "2: pass", "3: play c{K:intercept} intercept")
    s.do("4: pass", "0: pass", "1: skill test.place @3", "2: pass", "3: pass", "4: pass", "0: pass", "1: pass")
    assert not g.seats[3].alive
    assert resolution(g)[-2:] == [("resolve", "test.place", 1), ("fizzle", "intercept", 3)]
    assert intercept in g.discard and not g.passing.finished
    s.do("0: pass", "1: pass", "2: pass", "4: pass")  # Step 1 again, without the dead seat
    s.expect(0, "priority", "step2")
    assert g.passing.holder == 1


def test_S_PRIO_11_a_cancelled_card_has_no_effect_and_is_discarded() -> None:
    g = build(3, current=0, at="play", hands={0: ["K:lock", "R:decode"], 2: ["B:see_through"]})
    s = Script(g)
    lock, see = s.card("K:lock", 0), s.card("B:see_through", 2)
    s.do(f"0: play c{lock} lock @1", "1: pass", f"2: play c{see} see_through ^top", "0: pass", "1: pass", "2: pass")
    assert g.locks == []
    assert sorted(g.discard) == sorted([lock, see])
    assert [e.data["uid"] for e in g.events if e.kind == "cancelled"] == [1]


def test_S_PRIO_12_sending_is_not_a_card_use_and_cannot_be_see_through() -> None:
    g = build(3, current=0, at="pass", hands={0: ["K:lock", "R:decode"], 1: ["B:see_through"], 2: ["R:see_through"]})
    s = Script(g)
    s.do("0: send c{K:lock} @2")
    assert s.stack() == []  # the send is not on the stack
    s.do("0: pass")
    assert opts(g) == ["pass"]  # 识破 has nothing to target
    s.do("1: pass")
    assert opts(g) == ["pass"]
    s.do("2: pass")
    s.do("0: pass", "1: pass")
    s.expect(2, "priority", "step2")
    assert opts(g) == ["pass"]
    assert g.passing.method == "direct" and g.passing.holder == 2


def test_EX_1_play_phase_example_burn_skill_see_through_resolve_lifo() -> None:
    """003's play-phase example with five players A..E (seats 0..4). 闪灵's 狙击 is played by a test-only stand-in
    skill with its effect (burn up to three of another player's intelligence); the procedure is the point."""

    snipe = "test.snipe"

    class Snipe(Rule):
        def actions(self, g: Game, seat: int, window: Any) -> list[Option]:
            if seat != self.owner:
                return []
            return [Option(SKILL, use=snipe, target=s.index) for s in g.seats if s.index != seat and s.intel]

        def play(self, g: Game, option: Option, window: Any) -> Any:
            return g.new_use(self.owner, snipe, target=option.target)

        def resolve(self, g: Game, use: Any) -> None:
            for c in list(g.seats[use.target].intel)[:3]:
                g.burn_intel(use.target, c, by=self.owner)

    g = build(
        5,
        current=0,
        at="play",
        hands={0: ["R:decode"], 1: ["R:burn"], 3: ["B:see_through"]},
        intel={2: ["K:lock"], 4: ["R:lock", "B:lock"]},
    )
    g.add_rule(Snipe(2))
    s = Script(g)
    burn, see = s.card("R:burn", 1), s.card("B:see_through", 3)
    false = s.card("K:lock", 2, "intel")
    s.do("0: pass")  # A passes
    s.do(f"1: play c{burn} burn @2 x{false}")  # B burns a false intelligence (and priority moves on)
    s.do("2: skill test.snipe @4")  # C responds with the skill
    s.do(f"3: play c{see} see_through ^top-1")  # D cancels B's 烧毁
    s.do("4: pass", "0: pass", "1: pass", "2: pass", "3: pass")  # E, A, B, C, D pass: everything resolves
    assert resolution(g) == [("resolve", "see_through", 3), ("resolve", snipe, 2), ("no_effect", "burn", 1)]
    assert g.seats[2].intel == [false]  # the cancelled 烧毁 burned nothing
    assert g.seats[4].intel == []  # the skill resolved
    assert burn in g.discard and see in g.discard
    s.expect(0, "priority", "play")  # A again
    s.do("0: pass", "1: pass", "2: pass", "3: pass", "4: pass")
    assert g.phase == "pass"
