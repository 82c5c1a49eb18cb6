"""``fengsheng simulate``: many games between bots, summarised (see fengsheng.sim.simulate)."""

from __future__ import annotations

import argparse
from typing import Any

from fengsheng.commands.common import add_character_args, add_game_args, config_from


def run(args: argparse.Namespace) -> int:
    from fengsheng.sim.simulate import dumps, format_summary, simulate

    summary = simulate(config_from(args), args.games, args.seed, bot=args.bots, failures_dir=args.failures)
    if args.json:
        print(dumps(summary))
    else:
        print(format_summary(summary, args.lang))
    return 1 if summary["errors"] else 0


def register(sub: Any) -> None:
    s = sub.add_parser("simulate", help="play many games between bots and summarise")
    add_game_args(s)
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--bots", choices=["random"], default="random")
    add_character_args(s)
    s.add_argument("--auto-pass", action="store_true", help="skip asking seats that can only pass")
    s.add_argument("--json", action="store_true", help="print the summary as one JSON object (last line)")
    s.add_argument("--failures", default="failures", help="where records of games that raised are saved")
    s.set_defaults(func=run)
