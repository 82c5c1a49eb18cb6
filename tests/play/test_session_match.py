"""The terminal session runs its bots through a Match: the pause after a bot's visible move, never after the human's,
and the human's log is the match's ``new_events`` for that seat, each event once."""

from __future__ import annotations

import io

from fengsheng.bots import RandomBot
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.play.screen import make_console
from fengsheng.play.session import Session
from fengsheng.text import render_events


def test_the_pause_follows_bot_moves_only_and_the_log_is_whole() -> None:
    g = Game.new(Config(players=5, characters=True), 21)
    human = 1
    out = io.StringIO()
    console = make_console(file=out, width=100, colour=False)
    paused: list[int] = []  # the seat whose answer came just before each pause

    def sleep(seconds: float) -> None:
        assert seconds == 0.25
        paused.append(g.history[-1][0])

    bots = {s: RandomBot(s, 70 + s) for s in range(g.n) if s != human}
    session = Session(g, human, bots, console, lambda prompt: "1", delay=0.25, sleep=sleep)
    assert session.run() == 0 and g.result is not None
    assert paused and human not in paused
    assert len(paused) <= sum(1 for seat, _ in g.history if seat != human)
    expected = render_events(g.events_for(human), "zh", viewer=human)
    assert [line for line in session.log if line in expected] == expected  # every event once, in order


def test_a_uniform_prompts_lone_continue_is_answered_for_the_human() -> None:
    """Config.uniform_prompts (issue 9): the human is not asked to type ``continue``; it is answered and recorded."""
    g = Game.new(Config(players=5, characters=True, uniform_prompts=True), 23)
    human = 2
    asked: list[tuple[str, ...]] = []

    def read(prompt: str) -> str:
        d = g.decision
        assert d is not None and d.seat == human
        asked.append(tuple(str(o) for o in d.options))
        return "1"

    console = make_console(file=io.StringIO(), width=100, colour=False)
    bots = {s: RandomBot(s, 90 + s) for s in range(g.n) if s != human}
    assert Session(g, human, bots, console, read, delay=0).run() == 0 and g.result is not None
    assert ("continue",) not in asked and asked
    assert any(seat == human and o.kind == "continue" for seat, o in g.history)
