"""Shared pieces of the terminal-play tests: a scripted session, a game in a pseudo-terminal, the snapshot scenario."""

from __future__ import annotations

import io
import os
import select
import subprocess
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

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


PROMPT_EN = b"(? for help)> "


def answer_in_pty(
    cmd: list[str], answer: Callable[[bytes], bytes | None], size: tuple[int, int] = (50, 100), guard: float = 120
) -> tuple[int, str]:
    """Run ``cmd`` with a pseudo-terminal of ``size`` (rows, columns) as its terminal; at every English prompt write
    ``answer(what the child wrote since the last prompt)`` (``None`` writes nothing). Returns the exit code and all
    the child wrote. ``guard`` only stops a hung child, it is never a speed assertion."""
    pty = pytest.importorskip("pty")
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[0], size[1], 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    env["TERM"] = "xterm-256color"
    proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    out = bytearray()
    pending = bytearray()
    deadline = time.monotonic() + guard
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
            pending += chunk
            if PROMPT_EN in pending:
                reply = answer(bytes(pending))
                pending.clear()
                if reply is not None:
                    os.write(master, reply)
        rc = proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    return rc, out.decode("utf-8", "replace")


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
