"""Run one game between bots through the public protocol (decision → bot → act).

Bots see only their seat's view and events. Which bot plays which seat may depend on the seat's faction (an
experiment design, e.g. "the underground seats are HeuristicBot"): the harness looks at identities once they are
dealt and builds those seats' bots then, feeding them the seat's whole event log so far. Before that (the character
choice at setup) the default bot answers for the seat.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from fengsheng.bots.base import Bot
from fengsheng.config import Config
from fengsheng.game import Game

MAX_DECISIONS = 1_000_000  # a safety net against an engine bug; a normal game needs a few hundred

BotFactory = Callable[[int, int], Bot]


def derive_seed(*parts: Any) -> int:
    """A 63-bit seed derived from the parts (e.g. run seed and game index), the same on every machine."""
    h = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(h[:8], "big") >> 1


def play_game(
    config: Config,
    seed: int,
    bot_factory: BotFactory,
    on_decision: Callable[[Game], None] | None = None,
    on_start: Callable[[Game], None] | None = None,
    faction_factories: dict[str, BotFactory] | None = None,
) -> Game:
    """Play one game to the end.

    Bots are built per seat as ``bot_factory(seat, bot_seed)``; ``faction_factories`` maps an identity to another
    factory for the seats of that identity. ``on_start(g)`` is called once the game is dealt, ``on_decision(g)``
    after every answered decision.
    """
    g = Game.new(config, seed)
    if on_start is not None:
        on_start(g)
    n = config.players
    bots: list[Bot] = [bot_factory(s, derive_seed(seed, "bot", s)) for s in range(n)]
    final = [not faction_factories] * n  # a seat's bot is final once its identity is known
    seen = [0] * n
    count = 0
    while True:
        d = g.decision
        if d is None:
            return g
        s = d.seat
        if not final[s] and g.seats[s].identity:
            final[s] = True
            factory = (faction_factories or {}).get(g.seats[s].identity)
            if factory is not None:
                bots[s] = factory(s, derive_seed(seed, "bot", s))
                seen[s] = 0  # the new bot reads the seat's whole log
        bot = bots[s]
        if bot.needs_view:
            view = g.view(s)
            events = g.events_for(s, seen[s])
            seen[s] = len(g.events)
            option = bot.choose(d, view, events)
        else:
            option = bot.choose(d, None, None)
        g.act(option)
        count += 1
        if on_decision is not None:
            on_decision(g)
        if count > MAX_DECISIONS:
            raise RuntimeError(f"game {seed} did not end after {MAX_DECISIONS} decisions")
