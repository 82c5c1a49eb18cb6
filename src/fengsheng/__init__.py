"""fengsheng: 风声 (The Message), the hidden-role spy card game, as a deterministic rules engine."""

from __future__ import annotations

from fengsheng.config import Config
from fengsheng.core.cards import Card
from fengsheng.core.options import Decision, Option, parse_option
from fengsheng.editions import get_edition
from fengsheng.errors import ConfigError, FengshengError, IllegalAction, ReplayError, ScenarioError
from fengsheng.game import Game

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Config",
    "ConfigError",
    "Decision",
    "FengshengError",
    "Game",
    "IllegalAction",
    "Option",
    "ReplayError",
    "ScenarioError",
    "get_edition",
    "parse_option",
]
