"""Arguments and helpers shared by several subcommands."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from fengsheng.config import VARIANTS, Config
from fengsheng.editions import EDITIONS, get_edition
from fengsheng.errors import ConfigError
from fengsheng.text import LANGS


def add_game_args(sp: argparse.ArgumentParser, players: int = 5) -> None:
    """--players, --seed, --variant, --lang."""
    sp.add_argument("--players", type=int, default=None, help=f"3 to 9 (default {players}, or the mode's own count)")
    sp.set_defaults(players_default=players)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--variant", action="append", default=[], choices=sorted(VARIANTS), help="repeatable")
    sp.add_argument("--lang", choices=LANGS, default="zh")


def add_edition_arg(sp: argparse.ArgumentParser, help: str = "") -> None:
    """--edition standard|qianzhi (default standard)."""
    sp.add_argument(
        "--edition",
        choices=EDITIONS,
        default=None if help else EDITIONS[0],
        help=help or "standard: the 2010 rulebook (default); qianzhi: 千智风声, the online edition (seed 001)",
    )


def add_character_args(sp: argparse.ArgumentParser) -> None:
    """--edition, --characters (default) / --no-characters, --pool base|all, --texts 000|004."""
    add_edition_arg(sp)
    grp = sp.add_mutually_exclusive_group()
    grp.add_argument("--characters", dest="characters", action="store_true", default=True, help="(default)")
    grp.add_argument("--no-characters", dest="characters", action="store_false", help="the first-game mode")
    sp.add_argument(
        "--pool", choices=["base", "all"], default="base", help="base: the 18 of the 2010 rulebook; all: + supplement"
    )
    text_sets = [t for e in EDITIONS for t in get_edition(e).text_sets]
    sp.add_argument(
        "--texts",
        choices=text_sets,
        default="",
        help="the character texts: 000 = the 2010 rulebook (the standard edition's default), 004 = seed 004's "
        "(probably 2009) wording; 001 = 千智风声's",
    )
    modes = [m for e in EDITIONS for m in get_edition(e).modes]
    sp.add_argument(
        "--mode",
        choices=modes,
        default="",
        help="千智风声's modes: free (3-8 players, the default), beginner (新手场: 4 players, identities face up), "
        "3v3 (two teams of three seated alternately, teammates known)",
    )


def players_of(args: argparse.Namespace) -> int:
    """``--players``; when it is not given, the mode's own count if it has one (新手场 4, 3V3 6), else the
    subcommand's default."""
    if args.players is not None:
        return int(args.players)
    mode = get_edition(getattr(args, "edition", None) or EDITIONS[0]).modes.get(getattr(args, "mode", ""))
    if mode is not None and mode.distribution is not None and len(mode.distribution) == 1:
        return next(iter(mode.distribution))
    return int(getattr(args, "players_default", 5))


def add_uniform_arg(sp: argparse.ArgumentParser) -> None:
    """--uniform-prompts (Config.uniform_prompts)."""
    sp.add_argument(
        "--uniform-prompts",
        action="store_true",
        help="ask every seat in the same public situation alike ('continue' when it has nothing to do), so that "
        "who is waited on tells nothing (online tables; not with --auto-pass)",
    )


def add_bot_budget_args(sp: argparse.ArgumentParser) -> None:
    """--bot-iterations, --bot-budget-ms, --bot-horizon, --bot-top: the search budget of the bots that search (``search``)."""
    sp.add_argument(
        "--bot-iterations",
        type=int,
        default=None,
        metavar="N",
        help="iterations per searched decision of a searching bot (deterministic; default: the time budget)",
    )
    sp.add_argument(
        "--bot-budget-ms",
        type=float,
        default=None,
        metavar="MS",
        help="time budget per searched decision of a searching bot, in ms (default 800 when no iterations given)",
    )
    sp.add_argument(
        "--bot-horizon",
        type=int,
        default=None,
        metavar="TURNS",
        help="turns a searching bot's rollouts play before its value function judges the position "
        "(0: to the end of the game; default 1)",
    )
    sp.add_argument(
        "--bot-top",
        type=int,
        default=None,
        metavar="K",
        help="options a searching bot's root compares: its heuristic answer and the next best by the heuristic's "
        "values (0: every option; default 4)",
    )


def bot_options(args: argparse.Namespace) -> dict[str, Any]:
    """The search budget flags as bot keyword arguments (refusing values out of range: ``ConfigError``)."""
    iterations = getattr(args, "bot_iterations", None)
    budget = getattr(args, "bot_budget_ms", None)
    if iterations is not None and iterations < 0:
        raise ConfigError(f"--bot-iterations must be at least 0, not {iterations}")
    if budget is not None and not 0 < budget <= 600_000:  # also refuses inf and nan
        raise ConfigError(f"--bot-budget-ms must be from 0 to 600000 (exclusive of 0), not {budget}")
    horizon = getattr(args, "bot_horizon", None)
    if horizon is not None and not 0 <= horizon <= 1000:
        raise ConfigError(f"--bot-horizon must be from 0 (to the end) to 1000 turns, not {horizon}")
    top = getattr(args, "bot_top", None)
    if top is not None and not 0 <= top <= 1000:
        raise ConfigError(f"--bot-top must be from 0 (every option) to 1000, not {top}")
    return {"iterations": iterations, "budget_ms": budget, "horizon": horizon, "top": top}


def config_from(args: argparse.Namespace) -> Config:
    return Config(
        edition=getattr(args, "edition", None) or EDITIONS[0],
        players=players_of(args),
        mode=getattr(args, "mode", ""),
        auto_pass=getattr(args, "auto_pass", False),
        uniform_prompts=getattr(args, "uniform_prompts", False),
        characters=getattr(args, "characters", False),
        character_pool=getattr(args, "pool", "base"),
        character_texts=getattr(args, "texts", ""),
    ).with_variants(args.variant)


def bad_seat(command: str, seat: int | None, players: int) -> bool:
    """True (after saying why on stderr) if ``seat`` is given and is not a seat of a ``players``-player game: the
    subcommands refuse it alike (``play --seat 7``, ``demo --seat 99``, ``replay --seat 9`` at 5 players)."""
    if seat is None or 0 <= seat < players:
        return False
    if sys.stderr is not None:
        print(f"fengsheng {command}: --seat must be between 0 and {players - 1}", file=sys.stderr)
    return True
