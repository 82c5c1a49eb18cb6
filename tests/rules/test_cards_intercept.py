"""截获 Intercept (S-CARD-INTERCEPT-1..5)."""

from __future__ import annotations

from fengsheng.core.options import SKILL, Option
from fengsheng.core.state import Use
from fengsheng.flow.window import Window
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import HANDLERS, add_rules, arrivals, events, obtained, uses_offered
from tests.helpers import build_table as build


def test_S_CARD_INTERCEPT_1_another_player_obtains_the_card_being_passed() -> None:
    g = build(hands={0: ["R:intercept", "R:lock"], 3: ["K:intercept"]}, transit={"card": "B:decode"}, at="step1")
    s = Script(g)
    card = g.passing.card  # type: ignore[union-attr]
    s.expect(0, "priority", "step1")
    assert "intercept" not in uses_offered(g, 0)  # never the current player
    s.do("0: pass", "3: play c{K:intercept} intercept", "0: pass")
    assert g.seats[3].intel == [card]
    assert events(g, "obtain") == [{"kind": "obtain", "seat": 3, "card": card, "how": "intercept", "source": 0}]
    assert arrivals(g) == []


def test_S_CARD_INTERCEPT_1_a_player_who_declined_may_intercept_later() -> None:
    g = build(hands={1: ["K:intercept"]}, transit={"card": "B:decode"}, at="step1")
    s = Script(g)
    s.do("1: pass", "1: decline", "1: play c{K:intercept} intercept")
    assert obtained(g) == [(1, "intercept")]


def test_S_CARD_INTERCEPT_2_step1_only() -> None:
    hands = {2: ["K:intercept", "K:burn"]}
    intel = {4: ["K:decode"]}
    for at, extra in (("play", {}), ("end", {}), ("step2", {"transit": {"card": "B:decode", "holder": 1}})):
        g = build(hands=hands, intel=intel, at=at, **extra)
        assert g.decision is not None and g.decision.seat == 2
        assert uses_offered(g, 2) == {"burn"}, at
    g = build(hands=hands, intel=intel, transit={"card": "B:decode", "holder": 1}, at="step3")
    d = Script(g).expect(1, "receive", "step3")
    assert {str(o) for o in d.options} == {"accept", "decline"}
    g = build(hands=hands, intel=intel, transit={"card": "B:decode"}, at="step1")
    Script(g).expect(2, "priority", "step1")
    assert uses_offered(g, 2) == {"burn", "intercept"}


def test_S_CARD_INTERCEPT_3_ignores_locks_lures_and_the_direct_method() -> None:
    # a 直达 to seat 2, who is locked; seat 4 is lured away; seat 4 intercepts and obtains it
    g = build(
        hands={4: ["K:intercept"]},
        locks=[2],
        transit={"card": "K:lock", "target": 2, "lured": [4]},
        at="step1",
    )
    s = Script(g)
    card = g.passing.card  # type: ignore[union-attr]
    s.do("4: play c{K:intercept} intercept")
    assert g.seats[4].intel == [card] and obtained(g) == [(4, "intercept")]
    assert arrivals(g) == []


def test_S_CARD_INTERCEPT_3_a_face_up_text_card_on_the_return_leg() -> None:
    g = build(hands={2: ["K:intercept"]}, transit={"card": "R:return", "holder": 4}, at="step1")
    s = Script(g)
    s.do("2: play c{K:intercept} intercept")
    assert obtained(g) == [(2, "intercept")]


def test_S_CARD_INTERCEPT_4_chains_resolve_lifo_the_last_one_takes_the_rest_are_discarded() -> None:
    g = build(
        hands={1: ["K:intercept"], 2: ["B:intercept"], 3: ["R:intercept"]}, transit={"card": "B:decode"}, at="step1"
    )
    s = Script(g)
    ids = {seat: g.seats[seat].hand[0] for seat in (1, 2, 3)}
    s.do("1: play c{K:intercept} intercept", "2: play c{B:intercept} intercept", "3: play c{R:intercept} intercept")
    assert obtained(g) == [(3, "intercept")]
    assert [e["user"] for e in events(g, "fizzle")] == [2, 1]
    assert all(ids[seat] in g.discard for seat in (1, 2, 3))


def test_S_CARD_INTERCEPT_4_if_the_last_is_cancelled_the_previous_one_takes_it() -> None:
    g = build(
        hands={0: ["R:see_through", "K:decode"], 1: ["K:intercept"], 2: ["B:intercept"]},
        transit={"card": "B:decode"},
        at="step1",
    )
    s = Script(g)
    s.do("1: play c{K:intercept} intercept", "2: play c{B:intercept} intercept")
    s.do("0: play c{R:see_through} see_through ^top")  # the current player cancels seat 2's 截获 (A-19)
    assert obtained(g) == [(1, "intercept")]
    assert [e["user"] for e in events(g, "no_effect")] == [2]


def test_S_CARD_INTERCEPT_4_one_player_may_intercept_twice() -> None:
    g = build(hands={1: ["K:intercept", "B:intercept"], 2: ["R:intercept"]}, transit={"card": "B:decode"}, at="step1")
    s = Script(g)
    s.do("1: play c{K:intercept} intercept", "2: play c{R:intercept} intercept", "1: play c{B:intercept} intercept")
    assert obtained(g) == [(1, "intercept")]
    assert [e["user"] for e in events(g, "fizzle")] == [2, 1]


class EmeiFeng(Rule):
    """Test-only stand-in for 峨嵋风's flip: "视为使用了截获" (S-CARD-INTERCEPT-5, A-46): a skill offered where a 截获
    card would be legal, resolving with 截获's effect on the same LIFO stack."""

    def actions(self, g: Game, seat: int, win: Window) -> list[Option]:
        h = HANDLERS["intercept"]
        if seat != self.owner or win.kind not in h.windows or not h.can_use(g, seat, win):
            return []
        return [Option(SKILL, use="e_mei_feng")]

    def play(self, g: Game, option: Option, win: Window) -> Use | None:
        self.win = win
        return g.new_use(self.owner, "intercept")

    def resolve(self, g: Game, use: Use) -> None:
        HANDLERS["intercept"].resolve(g, use, self.win)


def test_S_CARD_INTERCEPT_5_intercept_like_skill_mechanism_on_the_same_stack_not_cancellable() -> None:
    # waiting for characters: the real 峨嵋风 / 海军上校; here the engine mechanism they rely on
    g = build(hands={1: ["K:intercept"], 4: ["R:see_through"]}, transit={"card": "B:decode"}, at="step1")
    add_rules(g, EmeiFeng(3))
    s = Script(g)
    s.do("1: play c{K:intercept} intercept", "3: skill e_mei_feng")
    # seat 4's 识破 may target the 截获 card but not the skill
    s.expect(4, "priority", "step1")
    stack_uids = [o.ref for o in g.decision.options if o.use == "see_through"]  # type: ignore[union-attr]
    assert stack_uids == [1]
    s.do("4: pass", "3: pass")
    assert obtained(g) == [(3, "intercept")]  # the later "截获" (the skill) takes it
    assert [e["user"] for e in events(g, "fizzle")] == [1]


def test_S_CARD_INTERCEPT_5_intercept_like_skill_not_in_your_own_turn() -> None:
    g = build(hands={0: ["K:decode", "B:probe"]}, at="pass")
    add_rules(g, EmeiFeng(0))
    s = Script(g)
    s.do("0: send c{K:decode}")
    assert obtained(g) == [] and arrivals(g) == [1]  # seat 0 was never offered the skill in his own Step 1
