"""Play one game between bots: :func:`play_game`, a thin wrapper over :class:`fengsheng.match.Match`.

Bots see only their seat's view and events. Which bot plays which seat may depend on the seat's faction (an
experiment design, e.g. "the underground seats are HeuristicBot"): the match looks at identities once they are
dealt and builds those seats' bots then, feeding them the seat's whole event log so far. Before that (the character
choice at setup) the default bot answers for the seat.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from fengsheng.bots.base import Bot
from fengsheng.config import Config
from fengsheng.core.options import Decision, Option
from fengsheng.game import Game
from fengsheng.match import MAX_DECISIONS, LateBot, Match

BotFactory = Callable[[int, int], Bot]  # (seat, bot seed) -> bot


def derive_seed(*parts: Any) -> int:
    """A 63-bit seed derived from the parts (e.g. run seed and game index), the same on every machine."""
    h = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(h[:8], "big") >> 1


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game of seed ``game_seed`` (a faction bot built later gets the same)."""
    return derive_seed(game_seed, "bot", seat)


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
    after every answered decision. Raises :class:`fengsheng.match.MatchStuck` after ``MAX_DECISIONS``.
    """
    g = Game.new(config, seed)
    if on_start is not None:
        on_start(g)
    players = {s: bot_factory(s, bot_seed(seed, s)) for s in range(config.players)}
    by_faction = {f: _late(factory, seed) for f, factory in (faction_factories or {}).items()}

    def observe(_d: Decision, _o: Option) -> None:
        assert on_decision is not None
        on_decision(g)

    match = Match(g, players, by_faction=by_faction, on_decision=observe if on_decision is not None else None)
    match.run()
    return g


def _late(factory: BotFactory, seed: int) -> LateBot:
    return lambda seat: factory(seat, bot_seed(seed, seat))


__all__ = ["MAX_DECISIONS", "BotFactory", "bot_seed", "derive_seed", "play_game"]
