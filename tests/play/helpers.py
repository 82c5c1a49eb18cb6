"""Shared pieces of the terminal-play tests: a scripted session and the snapshot scenario."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path

from fengsheng.bots import RandomBot
from fengsheng.config import Config
from fengsheng.core.options import Option
from fengsheng.game import Game
from fengsheng.play.screen import make_console
from fengsheng.play.session import Session
from fengsheng.scenario import Scenario


def scripted_session(
    game: Game,
    answers: Iterable[str] | Callable[[str], str],
    human: int = 0,
    lang: str = "zh",
    record: Path | None = None,
) -> tuple[Session, io.StringIO]:
    """A session whose input is ``answers`` (then end of input) and whose output is plain text at width 100."""
    out = io.StringIO()
    console = make_console(file=out, width=100, colour=False)
    if callable(answers):
        read = answers
    else:
        it = iter(answers)

        def read(prompt: str) -> str:
            console.print(prompt, end="", markup=False)
            try:
                return next(it)
            except StopIteration:
                raise EOFError from None

    bots = {s: RandomBot(s, 1000 + s) for s in range(game.n) if s != human}
    return Session(game, human, bots, console, read, lang=lang, record_path=record), out


def snapshot_game() -> Game:
    """Seat 1 has sent a face-down 密电; seat 2 uses 截获 and seat 3 识破 on it; seat 4 passes; now seat 0 (the
    human, 老鬼 face down) decides with a pending stack of two cards."""
    g = Scenario(
        players=5,
        identities=["ug", "mi", "ug", "mi", "by"],
        current=1,
        hands={
            0: ["R:see_through", "B:intercept", "K:lock"],
            1: ["R:lock"],
            2: ["K:intercept", "B:lock"],
            3: ["B:see_through"],
            4: ["R:burn"],
        },
        intel={0: ["R:lock"], 1: ["B:decode", "K:burn"], 3: ["K:lure_away", "K:return"], 4: ["R:decode"]},
        at="step1",
        transit={"card": "K:probe:ug:draw", "method": "secret", "sender": 1, "holder": 1},
        characters={0: "lao_gui", 1: "da_mei_nv", 2: "fu_she", 3: "lao_qiang", 4: "xiao_ma_ge"},
        config=Config(players=5, characters=True),
    ).build()
    g.act("pass", seat=1)
    g.act(_first(g, "intercept"), seat=2)
    g.act(_first(g, "see_through"), seat=3)
    g.act("pass", seat=4)
    assert g.decision is not None and g.decision.seat == 0
    return g


def _first(g: Game, use: str) -> Option:
    assert g.decision is not None
    return next(o for o in g.decision.options if o.use == use)
