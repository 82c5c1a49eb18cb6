"""千智风声 priority and responses (Q-PRIO)."""

from __future__ import annotations

from typing import Any

from fengsheng.core.options import SKILL, Option
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import AnyTurnLock, events, obtained, uses_offered
from tests.qianzhi.common import QZ, build


def test_Q_PRIO_6_the_seeds_example_A_intercepts_B_sees_through_C_sees_through_B() -> None:
    # 001: A 截獲; B 識破 A's card; C 識破 B's card: C's cancels B's, A's 截獲 takes effect, A obtains the card
    g = build(
        4,
        at="step1",
        current=3,
        auto_pass=False,
        hands={0: ["K:intercept"], 1: ["K:see_through"], 2: ["R:see_through"]},
        transit={"card": "B:decode", "sender": 3},
    )
    s = Script(g)
    s.do("3: pass", "0: play c{K:intercept} intercept", "1: play c{K:see_through} see_through ^top")
    s.do("2: play c{R:see_through} see_through ^top")
    s.do("3: pass", "0: pass", "1: pass")
    assert obtained(g) == []  # nothing resolves before everyone has passed
    s.do("2: pass")
    assert [(e["kind"], e["use"]) for e in g.events if e.kind in ("resolve", "no_effect") and "use" in e] == [
        ("resolve", "see_through"),
        ("no_effect", "see_through"),
        ("resolve", "intercept"),
    ]
    assert obtained(g) == [(0, "intercept")]


def test_Q_PRIO_5_current_player_first_then_right_after_a_use_the_users_right_hand_player() -> None:
    g = build(
        4,
        at="step1",
        auto_pass=False,
        hands={2: ["K:burn"], 3: ["K:see_through"]},
        intel={1: ["K:lock"]},
        transit={"card": "B:decode"},
    )
    s = Script(g)
    s.expect(0, "priority", "step1")
    s.do("0: pass", "1: pass", "2: play c{K:burn} burn @1 x{K:lock@1}")
    s.expect(3, "priority", "step1")  # the user's right-hand player decides next
    s.do("3: pass", "0: pass", "1: pass", "2: pass")
    assert g.seats[1].intel == []


def test_Q_PRIO_3_a_card_resolves_once_everyone_has_responded_or_declined() -> None:
    g = build(4, at="play", auto_pass=False, hands={0: ["R:lock"], 2: ["K:see_through"]})
    s = Script(g)
    s.do("0: play c{R:lock} lock @1", "1: pass")
    assert events(g, "locked") == []  # still waiting for responses
    s.do("2: pass", "3: pass")
    assert events(g, "locked") == []
    s.do("0: pass")
    assert [e["seat"] for e in events(g, "locked")] == [1]


def test_Q_PRIO_2_timing_priority_and_a_target_are_needed() -> None:
    g = build(4, at="play", hands={0: ["R:decode", "R:lure_away", "K:gamble"], 1: ["R:lock"]})
    assert uses_offered(g, 0) == {"gamble"}  # decode and lure away: not their timing
    assert uses_offered(g, 1) == set()  # not his play phase
    g2 = build(3, at="step1", auto_pass=False, hands={1: ["R:lure_away"]}, transit={"card": "B:decode"}, locks=[2])
    assert uses_offered(g2, 1) == set()  # the only other candidates: the sender, a locked player


def test_Q_PRIO_1_a_characters_permission_beats_the_cards_timing() -> None:
    g = build(4, at="play", auto_pass=False, hands={0: ["K:decode"], 2: ["R:lock"]})
    assert "lock" not in uses_offered(g, 2)
    g.add_rule(AnyTurnLock(2))  # stand-in for 柒佰's 敏銳 (001's own example)
    assert "lock" in uses_offered(g, 2)


def test_Q_PRIO_4_skills_cannot_be_answered() -> None:
    assert QZ.switches.skills_answerable is False
    used: list[int] = []

    class Instant(Rule):
        def actions(self, g: Game, seat: int, window: Any) -> list[Option]:
            return [Option(SKILL, use="test.instant")] if not used else []

        def play(self, g: Game, option: Option, window: Any) -> Any:
            return g.new_use(self.owner, "test.instant")

        def resolve(self, g: Game, use: Any) -> None:
            used.append(use.uid)

    g = build(4, at="play", auto_pass=False, hands={0: ["R:lock"], 1: ["K:see_through"]})
    g.add_rule(Instant(0))
    s = Script(g)
    s.do("0: skill test.instant")
    assert used  # resolved at once: nobody was asked to respond
    assert not any(o.use == "see_through" for o in g.priority_options(1, g.frames[-1]))
