"""Match.run(limit) and Match.set_player: a server paces bots and seats a stand-in bot without a copy of the loop."""

from __future__ import annotations

from fengsheng import Config, Game
from fengsheng.bots import RandomBot
from fengsheng.match import HUMAN, Match


def test_run_with_a_limit_answers_at_most_that_many_bot_decisions() -> None:
    g = Game.new(Config(players=4), 3)
    m = Match(g, {s: RandomBot(s, s) for s in range(4)})
    before = len(g.history)
    d = m.run(limit=1)
    assert d is g.decision and d is not None
    assert m.decisions == 1 and len(g.history) == before + 1
    assert m.run(limit=0) is g.decision and m.decisions == 1
    assert m.run() is None and g.result is not None  # unlimited: to the end


def test_a_stand_in_bot_takes_a_human_seat_and_gives_it_back() -> None:
    g = Game.new(Config(players=4), 5)
    m = Match(g, {0: HUMAN, 1: RandomBot(1, 1), 2: RandomBot(2, 2), 3: RandomBot(3, 3)})
    d = m.run()
    assert d is not None and d.seat == 0 and m.pending is d
    m.set_player(0, RandomBot(0, 9))  # the player's time ran out
    assert m.pending is None and m.bot(0) is not None
    before = m.decisions
    d = m.run(limit=5)
    assert m.decisions - before == 5 or g.result is not None
    m.set_player(0, HUMAN)  # the player is back
    d = m.run()
    assert d is None or d.seat == 0
    if d is not None:
        assert m.answer(d.options[0], 0, limit=0) is g.decision
