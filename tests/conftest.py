"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest

from fengsheng.config import Config
from fengsheng.game import Game
from tests.suite import ENV, full


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full",
        action="store_true",
        help="run the full suite: the thousands of random games and full-size samples (also FENGSHENG_FULL=1)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--full"):
        os.environ[ENV] = "1"  # before collection, so that module-level sizes see it (and subprocesses too)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if full():
        return
    skip = pytest.mark.skip(reason="full suite only: python -m pytest --full")
    for item in items:
        if "full" in item.keywords:
            item.add_marker(skip)


def pytest_report_header(config: pytest.Config) -> str:
    return "suite: full" if full() else "suite: quick (python -m pytest --full runs the full suite)"


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
