"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from fengsheng.config import Config
from fengsheng.game import Game


def play_random(g: Game, seed: int = 0, check: Callable[[Game], None] | None = None, limit: int = 200_000) -> Game:
    """Answer every decision with a uniformly random legal option until the game ends."""
    rng = random.Random(seed)
    n = 0
    while g.decision is not None:
        g.step(rng.randrange(len(g.decision.options)))
        n += 1
        if check is not None:
            check(g)
        assert n < limit, "game did not end"
    return g


@pytest.fixture
def random_game() -> Callable[..., Game]:
    def make(players: int = 5, seed: int = 0, **kw: object) -> Game:
        return play_random(Game.new(Config(players=players, **kw), seed), seed)  # type: ignore[arg-type]

    return make
