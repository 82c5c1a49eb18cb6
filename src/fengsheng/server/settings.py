"""A table's lobby settings: checked and completed from what a client sends (:func:`check_settings`), and the engine
config they make (:func:`config_of`). Refusals are :class:`LobbyError` (the API's 400/403/404 with one line)."""

from __future__ import annotations

from typing import Any, Final

from fengsheng.bots import BOTS
from fengsheng.config import VARIANTS, Config
from fengsheng.editions import EDITIONS, get_edition
from fengsheng.errors import ConfigError

DEFAULT_MIN_WINDOW: Final = 1.5  # seconds, with a human at the table (0 with bots only)
DEFAULT_PACE: Final = 0.8  # seconds per bot move with humans at the table
MAX_SPECTATOR_DELAY: Final = 500  # decisions a table may hold its spectators back


class LobbyError(Exception):
    """A lobby request refused (HTTP 400/403/404 with one line)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def check_settings(raw: dict[str, Any]) -> dict[str, Any]:
    """The lobby settings of a new table, checked and completed; the engine checks the config itself."""
    if not isinstance(raw, dict):
        raise LobbyError("settings must be a JSON object")
    known = {
        "players", "edition", "characters", "pool", "texts", "variants", "timer", "clock", "bank", "pace",
        "min_window", "spectators", "spectator_delay", "bots", "name", "ask",
    }  # fmt: skip
    extra = set(raw) - known
    if extra:
        raise LobbyError(f"unknown settings {sorted(extra)}")

    def num(key: str, default: float, lo: float, hi: float) -> float:
        v = raw.get(key, default)
        if type(v) not in (int, float) or not lo <= v <= hi:
            raise LobbyError(f"{key} must be a number from {lo:g} to {hi:g}")
        return float(v)

    def flag(key: str, default: bool) -> bool:
        v = raw.get(key, default)
        if type(v) is not bool:
            raise LobbyError(f"{key} must be true or false")
        return v

    edition = raw.get("edition", EDITIONS[0])
    if edition not in EDITIONS:
        raise LobbyError(f"edition must be one of {list(EDITIONS)}")
    players = raw.get("players", 5)
    lo, hi = get_edition(edition).players
    if type(players) is not int or not lo <= players <= hi:
        raise LobbyError(f"players must be an integer from {lo} to {hi}")
    variants = raw.get("variants", [])
    if not isinstance(variants, list) or any(v not in VARIANTS for v in variants):
        raise LobbyError(f"variants must be a list of {sorted(VARIANTS)}")
    bots = raw.get("bots", "heuristic")
    if bots not in BOTS:
        raise LobbyError(f"bots must be one of {sorted(BOTS)}")
    known_eds = BOTS[bots].editions
    if known_eds is not None and edition not in known_eds:
        bots = "random"  # HeuristicBot knows the standard edition only (as `fengsheng play` does)
    ask = raw.get("ask", "default")
    if ask not in ("default", "all"):
        raise LobbyError("ask must be default (the choice layer's policy answers what does not concern you) or all")
    delay = raw.get("spectator_delay", 0)
    if type(delay) is not int or not 0 <= delay <= MAX_SPECTATOR_DELAY:
        raise LobbyError(f"spectator_delay must be an integer from 0 to {MAX_SPECTATOR_DELAY} (decisions)")
    name = raw.get("name", "")
    if not isinstance(name, str) or len(name) > 40:
        raise LobbyError("name must be a string of at most 40 characters")
    s = {
        "players": players,
        "edition": edition,
        "characters": flag("characters", edition == "standard"),
        "pool": raw.get("pool", "base"),
        "texts": raw.get("texts", ""),
        "variants": list(variants),
        "timer": flag("timer", True),
        "clock": num("clock", 30, 1, 600),
        "bank": num("bank", 120, 0, 3600),
        "pace": num("pace", DEFAULT_PACE, 0, 10),
        "min_window": raw.get("min_window"),
        "spectators": flag("spectators", True),
        "spectator_delay": delay,
        "bots": bots,
        "name": name,
        "ask": ask,
    }
    if s["min_window"] is not None:
        s["min_window"] = num("min_window", 0, 0, 10)
    if s["pool"] not in ("base", "all") or not isinstance(s["texts"], str):
        raise LobbyError("pool must be base or all; texts a text set name")
    try:
        config_of(s)
    except ConfigError as exc:
        raise LobbyError(str(exc)) from None
    return s


def config_of(s: dict[str, Any]) -> Config:
    """The engine config of a table: uniform prompts on (an online table), auto-pass off."""
    return Config(
        edition=s["edition"],
        players=s["players"],
        characters=s["characters"] and s["edition"] == "standard",
        character_pool=s["pool"],
        character_texts=s["texts"],
        uniform_prompts=True,
    ).with_variants(s["variants"])
