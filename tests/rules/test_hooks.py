"""The character mechanism: :class:`fengsheng.rules.base.Rule` hooks, exercised with test-only rules.

No real character exists yet, so each hook is driven by a small Rule subclass defined here. Other rule tests
(test_prio, test_death, test_win, test_trig …) import the reusable ones:

* :class:`PlaceBlack`: an activated skill (黑玫瑰-like): "place up to three black cards from your hand in front of
  one player". Its use goes on the LIFO stack like a card (S-PRIO-13).
* :func:`listener`: builds a trigger rule listening to some event kinds, logging what it saw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.core.cards import SEE_THROUGH
from fengsheng.core.events import Event
from fengsheng.core.options import SKILL, Option
from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.scenario import Scenario
from fengsheng.testing import Script
from tests.helpers import CARD_COLOUR, CARD_TYPE, IS_BLACK, opts

PLACE = "test.place"
PING = "test.ping"


class PlaceBlack(Rule):
    """Test-only activated skill: up to three black cards from the owner's hand are placed, together, as
    intelligence in front of one player in the game (compare 黑玫瑰, A-39). No stated timing: any window."""

    rule_id = "TEST-PLACE"

    def actions(self, g: Game, seat: int, window: Any) -> list[Option]:
        if seat != self.owner or not any(IS_BLACK[c] for c in g.seats[seat].hand):
            return []
        return [Option(SKILL, use=PLACE, target=s.index) for s in g.seats if s.in_game]

    def play(self, g: Game, option: Option, window: Any) -> Any:
        return g.new_use(self.owner, PLACE, target=option.target)

    def resolve(self, g: Game, use: Any) -> None:
        t = use.target
        if not g.seats[t].in_game:
            return
        hand = g.seats[self.owner].hand
        black = [c for c in hand if IS_BLACK[c]][:3]
        for c in black:
            hand.remove(c)
        for c in black:
            g.obtain(t, c, self.owner, "skill")


class Ping(Rule):
    """Test-only activated skill with no effect but a log line: shows where a skill may be used."""

    rule_id = "TEST-PING"
    log: list[tuple[int, str]]

    def __init__(self, owner: int, log: list[tuple[int, str]] | None = None) -> None:
        super().__init__(owner)
        self.log = log if log is not None else []

    def actions(self, g: Game, seat: int, window: Any) -> list[Option]:
        return [Option(SKILL, use=PING)] if seat == self.owner else []

    def play(self, g: Game, option: Option, window: Any) -> Any:
        return g.new_use(self.owner, PING)

    def resolve(self, g: Game, use: Any) -> None:
        self.log.append((use.uid, "ping"))


def listener(
    kinds: tuple[str, ...],
    log: list[Any],
    want: Callable[[Game, Rule, str, dict[str, Any]], bool] | None = None,
    effect: Callable[[Game, Rule, str, dict[str, Any]], None] | None = None,
) -> type[Rule]:
    """A trigger rule class listening to ``kinds``. Each firing logs ``(owner, kind, dict(data))`` and runs
    ``effect``. ``want`` filters (default: every event of those kinds)."""

    class Listener(Rule):
        rule_id = "TEST-LISTENER"
        listens = kinds

        def wants(self, g: Game, kind: str, data: Event) -> bool:
            return want(g, self, kind, data) if want is not None else True

        def fire(self, g: Game, kind: str, data: Event) -> None:
            log.append((self.owner, kind, dict(data)))
            if effect is not None:
                effect(g, self, kind, data)

    return Listener


# ---------------------------------------------------------------------------------------------------------------
# Rule registration
# ---------------------------------------------------------------------------------------------------------------


def test_hooks_add_rule_indexes_only_the_hooks_a_rule_overrides() -> None:
    g = Game.new(Config(players=5), 3)
    before = {
        "listeners": dict(g.listeners),
        "actions": list(g.action_rules),
        "draw": list(g.draw_rules),
        "loss": list(g.loss_rules),
    }
    log: list[Any] = []
    r = listener(("obtain",), log)(1)
    g.add_rule(r)
    assert g.listeners["obtain"] == [r]
    assert g.action_rules == before["actions"] and g.draw_rules == before["draw"] and g.loss_rules == before["loss"]
    p = PlaceBlack(2)
    g.add_rule(p)
    assert p in g.action_rules and p not in g.draw_rules and p not in g.conversion_rules
    # a game without characters carries only the identity victory rules
    assert all(type(x).__name__.endswith("Victory") for x in g.victory_rules)


# ---------------------------------------------------------------------------------------------------------------
# Activated skills: where they may be used (S-CHAR-1), the stack (S-PRIO-13), 识破 (S-CHAR-6)
# ---------------------------------------------------------------------------------------------------------------


def test_S_CHAR_1_skill_without_timing_is_offered_in_every_window_but_never_in_step3() -> None:
    g = Scenario(
        players=3,
        identities=["ug", "mi", "by"],
        current=0,
        hands={0: ["R:lure_away", "B:lure_away"], 1: ["R:decode"], 2: ["R:see_through"]},
        at="play",
    ).build()
    g.add_rule(Ping(1))
    s = Script(g)
    s.do("0: pass")
    assert "skill test.ping" in opts(g) and g.decision.context == "play"
    s.do("1: pass", "2: pass")
    s.expect(0, "send")
    s.do("0: send c{R:lure_away}")  # 文本 to seat 1
    s.expect(0, "priority", "step1")
    s.do("0: pass")
    assert "skill test.ping" in opts(g) and g.decision.context == "step1"
    s.do("1: pass", "2: pass")
    s.expect(0, "priority", "step2")
    s.do("0: pass")
    assert "skill test.ping" in opts(g) and g.decision.context == "step2"
    s.do("1: pass", "2: pass")
    # Step 3: a receive decision, no cards or skills (S-PASS-5)
    d = s.expect(1, "receive", "step3")
    assert [str(o) for o in d.options] == ["accept", "decline"]
    s.do("1: accept")
    s.expect(0, "priority", "end")
    s.do("0: pass")
    assert "skill test.ping" in opts(g) and g.decision.context == "end"


def test_S_CHAR_1_no_skill_while_an_effect_resolves() -> None:
    """While a 试探 resolves, the probed player's discard is the only decision: nothing can be inserted (S-PRIO-3)."""
    g = Scenario(
        players=3,
        identities=["ug", "mi", "by"],
        current=0,
        hands={0: ["R:probe:mi:discard"], 1: ["K:lock", "K:burn"]},
        at="play",
        config=Config(players=3, auto_pass=True),
    ).build()
    g.add_rule(Ping(1))
    s = Script(g)
    s.do("0: play c{R:probe:mi:discard} probe @1", "1: pass")  # seats 2 and 0 hold nothing: auto-passed
    d = s.expect(1, "discard", "probe")
    assert all(o.kind == "discard" for o in d.options)
    assert "skill test.ping" not in opts(g)


def test_S_PRIO_13_skill_goes_on_the_stack_and_cards_answer_it_lifo() -> None:
    log: list[tuple[int, str]] = []
    g = Scenario(
        players=3,
        identities=["ug", "mi", "by"],
        current=0,
        hands={0: ["K:burn"]},
        intel={2: ["K:lock"]},
        at="play",
    ).build()
    g.add_rule(Ping(1, log))
    s = Script(g)
    s.do("0: pass", "1: skill test.ping")
    assert [u.use for u in s.stack()] == [PING]
    s.expect(2, "priority")
    s.do("2: pass", "0: play c{K:burn} burn @2 x{K:lock@2}", "1: pass", "2: pass", "0: pass")
    # LIFO: the burn (used last) resolved first, then the skill
    resolved = [e.data["use"] for e in g.events if e.kind == "resolve"]
    assert resolved == ["burn", PING]
    assert log == [(1, "ping")]
    assert g.seats[2].intel == []


def test_S_CHAR_6_see_through_cannot_target_a_skill_only_cards() -> None:
    g = Scenario(
        players=3,
        identities=["ug", "mi", "by"],
        current=0,
        hands={2: ["R:see_through"]},
        at="play",
    ).build()
    g.add_rule(Ping(1))
    s = Script(g)
    s.do("0: pass", "1: skill test.ping")
    s.expect(2, "priority")
    assert opts(g) == ["pass"]  # the only pending use is a skill: 识破 has no target


def test_S_CARD_LOCK_5_card_converted_by_a_skill_is_a_lock_keeps_its_colour_and_can_be_see_through() -> None:
    class SeeAsLock(Rule):  # 职业杀手: 你的识破可以当作锁定使用
        def card_uses(self, g: Game, card: int) -> tuple[str, ...]:
            return ("lock",) if CARD_TYPE[card] == SEE_THROUGH else ()

    g = Scenario(
        players=3,
        identities=["ug", "mi", "by"],
        current=0,
        hands={0: ["B:see_through"], 1: ["R:see_through"]},
        at="play",
    ).build()
    g.add_rule(SeeAsLock(0))
    s = Script(g)
    card = s.card("B:see_through", 0)
    assert f"play c{card} lock @1" in opts(g)
    s.do(f"0: play c{card} lock @1")
    s.do("1: play c{R:see_through} see_through ^top", "2: pass", "0: pass", "1: pass")
    assert g.locks == []
    assert card in g.discard and CARD_COLOUR[card] == "blue"
    # without a cancel, the converted card locks
    g2 = Scenario(players=3, identities=["ug", "mi", "by"], current=0, hands={0: ["B:see_through"]}, at="play").build()
    g2.add_rule(SeeAsLock(0))
    g2._advance()
    Script(g2).do(f"0: play c{card} lock @2", "1: pass", "2: pass", "0: pass")
    assert g2.locks == [2]
    assert [e.data["use"] for e in g2.events if e.kind == "resolve"] == ["lock"]


def test_S_CARD_PROBE_7_may_conceal_lets_the_probed_player_choose_either_action() -> None:
    class Chengfu(Rule):  # 城府
        def may_conceal(self, g: Game, seat: int) -> bool:
            return seat == self.owner

    g = Scenario(
        players=3,
        identities=["ug", "mi", "by"],
        current=0,
        hands={0: ["R:probe:ug:draw", "K:lock"]},
        at="play",
        config=Config(players=3, auto_pass=True),
    ).build()
    g.add_rule(Chengfu(1))
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @1", "0: pass")  # seats 1 and 2 hold nothing: auto-passed
    d = s.expect(1, "respond", "probe")
    assert sorted(o.name for o in d.options) == ["effect", "line"]
    s.do("1: respond effect")  # he is 军情局, yet draws as if he were 潜伏战线
    s.expect(0, "priority", "play")
    assert len(g.seats[1].hand) == 2
    assert [e.data["answer"] for e in g.events if e.kind == "probe_answer"] == ["draw"]


def test_S_PRIO_1_permits_hook_overrides_card_timing() -> None:
    class LockAnyTurn(Rule):  # 柒佰: 你可以在他人回合中使用锁定
        def permits(self, g: Game, seat: int, use: str, window: Any) -> bool:
            return seat == self.owner and use == "lock"

    def build(with_rule: bool) -> Game:
        g = Scenario(players=3, identities=["ug", "mi", "by"], current=0, hands={1: ["R:lock"]}, at="play").build()
        if with_rule:
            g.add_rule(LockAnyTurn(1))
        return g

    g = build(False)
    Script(g).do("0: pass")
    assert opts(g) == ["pass"]
    g = build(True)
    s = Script(g)
    s.do("0: pass")
    assert "play c{} lock @2".format(s.card("R:lock", 1)) in opts(g)
    s.do("1: play c{R:lock} lock @2", "2: pass", "0: pass", "1: pass")
    assert g.locks == [2]


def test_hooks_trigger_condition_is_rechecked_when_its_turn_comes() -> None:
    """Triggers fire in order; one that no longer wants the event when its turn comes is skipped."""
    log: list[Any] = []
    flag = {"on": True}

    def off(g: Game, r: Rule, kind: str, data: dict[str, Any]) -> None:
        flag["on"] = False

    g = Scenario(players=3, identities=["ug", "mi", "by"], current=0, hands={0: ["K:lock"]}, at="play").build()
    g.add_rule(listener(("locked",), log, effect=off)(0))
    g.add_rule(listener(("locked",), log, want=lambda g, r, k, d: flag["on"])(1))
    Script(g).do("0: play c{K:lock} lock @2", "1: pass", "2: pass", "0: pass")
    assert [o for o, _, _ in log] == [0]


def test_S_PRIO_2_skill_option_from_wrong_seat_is_illegal() -> None:
    g = Scenario(players=3, identities=["ug", "mi", "by"], current=0, at="play").build()
    g.add_rule(Ping(1))
    assert "skill test.ping" not in opts(g)  # seat 0 decides; the skill is seat 1's
    with pytest.raises(IllegalAction):
        g.act("skill test.ping")
    with pytest.raises(IllegalAction):
        g.act("pass", seat=1)


# ---------------------------------------------------------------------------------------------------------------
# Character state: sex (S-CHAR-7), flip and cover (S-TERM-8, S-TERM-9)
# ---------------------------------------------------------------------------------------------------------------


def test_S_CHAR_7_a_woman_is_a_female_player_or_a_face_up_female_character() -> None:
    g = Game.new(Config(players=4, player_sexes=("F", "M", "", "")), 0)
    s0, s1, s2, s3 = g.seats
    assert s0.sex_matches("F") and not s0.sex_matches("M")
    assert s1.sex_matches("M") and not s1.sex_matches("F")
    assert not s2.sex_matches("F") and not s2.sex_matches("M")  # unknown, no character
    s2.character, s2.character_sex, s2.face_up = "test_woman", "F", False
    assert not s2.sex_matches("F")  # a face-down character has no sex
    g.flip(2)
    assert s2.sex_matches("F") and not s2.sex_matches("M")
    s3.character, s3.character_sex, s3.face_up = "test_both", "FM", True  # 小白: both sexes
    assert s3.sex_matches("F") and s3.sex_matches("M")
    s1.character, s1.character_sex, s1.face_up = "test_woman", "F", True
    assert s1.sex_matches("F") and s1.sex_matches("M")  # a male player with a female character
    g.cover(1)
    assert not s1.sex_matches("F") and s1.sex_matches("M")  # covering takes the character's sex, not his own


def test_S_TERM_8_S_TERM_9_flip_and_cover_fire_triggers_and_a_face_down_card_cannot_be_covered() -> None:
    class FlipCover(Rule):  # a skill that flips its owner's character, or covers it when face up
        def actions(self, g: Game, seat: int, window: Any) -> list[Option]:
            if seat != self.owner:
                return []
            return [Option(SKILL, use="test.cover" if g.seats[seat].face_up else "test.flip")]

        def play(self, g: Game, option: Option, window: Any) -> Any:
            (g.cover if option.use == "test.cover" else g.flip)(self.owner)
            return None  # resolved at once, no stack

    log: list[Any] = []
    g = Scenario(players=3, identities=["ug", "mi", "by"], current=0, at="play").build()
    g.seats[0].character = "test_hidden"
    g.add_rule(FlipCover(0))
    g.add_rule(listener(("flip", "cover"), log)(2))
    assert g.view(2)["seats"][0]["character"] is None
    Script(g).do("0: skill test.flip")
    assert g.seats[0].face_up and g.view(2)["seats"][0]["character"] == "test_hidden"
    Script(g).do("1: pass", "2: pass", "0: skill test.cover")
    assert not g.seats[0].face_up and g.view(2)["seats"][0]["character"] is None
    assert [(k, d["seat"]) for _, k, d in log] == [("flip", 0), ("cover", 0)]
    assert [e.kind for e in g.events if e.kind in ("flip", "cover")] == ["flip", "cover"]
    with pytest.raises(AssertionError):
        g.cover(0)  # already face down
