"""调虎离山 Lure the Tiger Away (S-CARD-LURE-1..7)."""

from __future__ import annotations

from fengsheng.core.options import SKILL, Option
from fengsheng.core.state import Use
from fengsheng.flow.window import Window
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import HANDLERS, add_rules, arrivals, events, lure_targets, obtained, uses_offered, window
from tests.helpers import build_table as build


def test_S_CARD_LURE_1_the_lured_player_takes_no_part_in_this_pass_in_either_direction() -> None:
    g = build(
        hands={0: ["K:decode", "B:probe"], 1: ["R:lure_away"], 3: ["R:return"]},
        deck=["R:probe", "K:probe"],
        at="pass",
    )
    s = Script(g)
    s.do("0: send c{K:decode}", "1: play c{R:lure_away} lure_away @2")
    assert events(g, "lured") == [{"kind": "lured", "seat": 2, "user": 1, "uid": 1}]
    s.do("1: decline")
    s.do("3: play c{R:return} return")  # the card went past 2 to 3; back it goes, past 2 again
    s.do("1: decline")
    assert arrivals(g) == [1, 3, 1, 0]
    assert obtained(g) == [(0, "forced")]
    # the effect ended with this card: in the next turn seat 2 takes part again
    assert g.current == 1
    s.do("1: pass", "1: send c{R:probe}")
    s.expect(2, "receive", "step3")


def test_S_CARD_LURE_2_neither_the_sender_nor_a_locked_player() -> None:
    g = build(
        hands={0: ["R:lure_away", "B:probe"], 2: ["B:lure_away", "K:lure_away"]},
        locks=[3],
        transit={"card": "K:decode"},
        at="step1",
    )
    s = Script(g)
    s.expect(0, "priority", "step1")
    assert lure_targets(g, 0) == {1, 2, 4}
    assert lure_targets(g, 2) == {1, 2, 4}
    s.do("0: play c{R:lure_away} lure_away @4")
    s.do("2: play c{B:lure_away} lure_away @1")
    s.do("2: pass")
    # resolved: already lured players are not offered again (nothing would change, R-6)
    s.expect(2, "priority", "step1")
    assert lure_targets(g, 2) == {2}
    assert sorted(g.passing.lured) == [1, 4]  # type: ignore[union-attr]


def test_S_CARD_LURE_3_on_yourself_in_another_players_turn() -> None:
    g = build(hands={0: ["K:decode", "B:probe"], 2: ["R:lure_away"]}, at="pass")
    s = Script(g)
    s.do("0: send c{K:decode}")
    s.expect(2, "priority", "step1")  # another player's turn
    assert 2 in lure_targets(g, 2)
    s.do("2: play c{R:lure_away} lure_away @2", "1: decline")
    s.do("3: accept")
    assert arrivals(g) == [1, 3]  # he went past himself


def test_S_CARD_LURE_3_the_sender_may_not_lure_himself() -> None:
    g = build(hands={0: ["R:lure_away", "B:probe"]}, transit={"card": "K:decode"}, at="step1")
    Script(g).expect(0, "priority", "step1")
    assert 0 not in lure_targets(g, 0)


def test_S_CARD_LURE_4_step1_only() -> None:
    hands = {0: ["R:lure_away", "K:burn"], 1: ["B:lure_away", "B:burn"]}
    intel = {4: ["K:decode"]}
    g = build(hands=hands, intel=intel, at="play")
    Script(g).expect(0, "priority", "play")
    assert uses_offered(g, 0) == {"burn"} and uses_offered(g, 1) == {"burn"}
    g = build(hands=hands, intel=intel, transit={"card": "B:decode", "holder": 1}, at="step2")
    Script(g).expect(0, "priority", "step2")
    assert uses_offered(g, 0) == {"burn"} and uses_offered(g, 1) == {"burn"}
    g = build(hands=hands, intel=intel, at="end")
    Script(g).expect(0, "priority", "end")
    assert uses_offered(g, 0) == {"burn"} and uses_offered(g, 1) == {"burn"}
    g = build(hands=hands, intel=intel, transit={"card": "B:decode"}, at="step1")
    Script(g).expect(0, "priority", "step1")
    assert uses_offered(g, 0) == {"burn", "lure_away"} and "lure_away" in uses_offered(g, 1)


def test_S_CARD_LURE_5_lured_direct_target_the_card_goes_to_the_sender() -> None:
    g = build(hands={0: ["K:lock", "B:probe"], 3: ["R:lure_away"]}, at="pass")
    s = Script(g)
    card = s.card("K:lock", 0)
    s.do(f"0: send c{card} @1", "3: play c{R:lure_away} lure_away @1")
    assert arrivals(g) == [0]  # 1 never got it
    assert events(g, "turn_back") == [{"kind": "turn_back", "target": 1}]
    assert g.seats[0].intel == [card] and obtained(g) == [(0, "forced")]


def test_S_CARD_LURE_6_a_later_lock_cancels_a_lure_that_has_resolved() -> None:
    g = build(hands={0: ["R:lock", "B:probe", "K:decode"], 1: ["R:lure_away"]}, at="pass")
    s = Script(g)
    s.do("0: send c{K:decode}", "0: pass", "1: play c{R:lure_away} lure_away @2", "0: pass")
    assert g.passing.lured == [2]  # type: ignore[union-attr]
    s.do("0: pass", "1: decline")
    # a later Step-1 window: the current player locks the lured-away player
    s.expect(0, "priority", "step1")
    s.do("0: play c{R:lock} lock @2")
    assert events(g, "locked") == [{"kind": "locked", "seat": 2, "user": 0, "uid": 2}]
    assert arrivals(g) == [1, 2]
    assert obtained(g) == [(2, "forced")]  # the card reaches him and he must take it


def test_S_CARD_LURE_6_a_player_under_both_counts_as_locked() -> None:
    # a position where both apply at once (e.g. a lure from a skill): the lock wins
    g = build(locks=[2], transit={"card": "K:decode", "lured": [2], "holder": 1}, at="step1")
    assert arrivals(g) == [2] and obtained(g) == [(2, "forced")]


class ShengDongJiXi(Rule):
    """Test-only stand-in for 蝮蛇's 声东击西: "counts as using 调虎离山, with the same timing and effect". An activated
    skill offered where the card would be, with the card's targets, resolving with the card's effect."""

    def actions(self, g: Game, seat: int, win: Window) -> list[Option]:
        h = HANDLERS["lure_away"]
        if seat != self.owner or win.kind not in h.windows or not h.can_use(g, seat, win):
            return []
        return [Option(SKILL, use="sheng_dong_ji_xi", target=t) for t, _ in h.targets(g, seat, win)]

    def play(self, g: Game, option: Option, win: Window) -> Use | None:
        self.win = win
        return g.new_use(self.owner, "lure_away", option.target)

    def resolve(self, g: Game, use: Use) -> None:
        HANDLERS["lure_away"].resolve(g, use, self.win)


def test_S_CARD_LURE_7_a_skill_counting_as_lure_same_timing_targets_and_effect_but_not_cancellable() -> None:
    # waiting for characters: the real 蝮蛇 (it also covers the character); here the engine mechanism
    g = build(hands={0: ["K:decode", "B:probe"], 4: ["B:see_through"]}, locks=[3], at="play")
    add_rules(g, ShengDongJiXi(1))
    s = Script(g)
    s.expect(0, "priority", "play")
    assert not [o for o in g.priority_options(1, window(g)) if o.kind == "skill"]  # same timing: not in the play phase
    s.do("0: pass", "0: send c{K:decode}")
    s.expect(1, "priority", "step1")
    assert sorted(o.target for o in g.decision.options if o.kind == "skill") == [1, 2, 4]  # type: ignore[union-attr]
    s.do("1: skill sheng_dong_ji_xi @2")
    # 识破 targets cards only: the skill on the stack is not a target (S-CARD-SEE-5), so seat 4 is not even asked
    s.expect(1, "priority", "step1")
    assert uses_offered(g, 4) == set()
    s.do("1: pass")
    assert events(g, "lured") == [{"kind": "lured", "seat": 2, "user": 1, "uid": 1}]
    s.do("1: pass", "1: decline", "1: pass")
    assert arrivals(g) == [1, 3]  # the card went past 2 (and locked 3 must take it)
    assert obtained(g) == [(3, "forced")]
