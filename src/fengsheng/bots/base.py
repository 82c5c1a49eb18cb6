"""The bot interface: a bot gets the pending decision plus its own seat's view and events, never the game."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from fengsheng.core.options import Decision, Option


class Bot(ABC):
    """A player program. Deterministic given its seed.

    ``needs_view``: whether the runner must build ``view`` and ``events`` for it (a random bot does not, which keeps
    simulations fast).
    """

    needs_view: bool = True
    editions: tuple[str, ...] | None = None
    """The editions the bot knows how to play (``None``: any, as a bot that only picks among the options)."""

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.seed = seed

    @abstractmethod
    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        """Return one of ``decision.options``."""
