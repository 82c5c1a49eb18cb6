"""Bots: they see only their seat's view and events, and answer the pending decision from its options."""

from __future__ import annotations

from fengsheng.bots.base import Bot
from fengsheng.bots.heuristic import HeuristicBot
from fengsheng.bots.random_bot import RandomBot
from fengsheng.bots.search import SearchBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "SearchBot"]
