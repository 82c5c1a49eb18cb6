"""Run one game between bots through the public protocol (decision → bot → act)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from fengsheng.bots.base import Bot
from fengsheng.config import Config
from fengsheng.game import Game

MAX_DECISIONS = 1_000_000  # a safety net against an engine bug; a normal game needs a few hundred


def derive_seed(*parts: Any) -> int:
    """A 63-bit seed derived from the parts (e.g. run seed and game index), the same on every machine."""
    h = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(h[:8], "big") >> 1


def play_game(
    config: Config,
    seed: int,
    bot_factory: Callable[[int, int], Bot],
    on_decision: Callable[[Game], None] | None = None,
    on_start: Callable[[Game], None] | None = None,
) -> Game:
    """Play one game to the end. Bots are built per seat as ``bot_factory(seat, bot_seed)``.

    ``on_start(g)`` is called once the game is dealt, ``on_decision(g)`` after every answered decision.
    """
    g = Game.new(config, seed)
    if on_start is not None:
        on_start(g)
    bots: Sequence[Bot] = [bot_factory(s, derive_seed(seed, "bot", s)) for s in range(config.players)]
    seen = [0] * config.players
    count = 0
    while True:
        d = g.decision
        if d is None:
            return g
        bot = bots[d.seat]
        if bot.needs_view:
            view = g.view(d.seat)
            events = g.events_for(d.seat, seen[d.seat])
            seen[d.seat] = len(g.events)
            option = bot.choose(d, view, events)
        else:
            option = bot.choose(d, None, None)
        g.act(option)
        count += 1
        if on_decision is not None:
            on_decision(g)
        if count > MAX_DECISIONS:
            raise RuntimeError(f"game {seed} did not end after {MAX_DECISIONS} decisions")
