"""RandomBot: chooses uniformly among the legal options."""

from __future__ import annotations

import random
from typing import Any

from fengsheng.bots.base import Bot
from fengsheng.core.options import Decision, Option


class RandomBot(Bot):
    needs_view = False

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.rng = random.Random(seed)

    def choose(
        self, decision: Decision, view: dict[str, Any] | None = None, events: list[dict[str, Any]] | None = None
    ) -> Option:
        opts = decision.options
        return opts[int(self.rng.random() * len(opts))]  # uniform; cheaper than randrange
