"""``fengsheng simulate``: many games between bots, summarised (see :mod:`fengsheng.sim.simulate`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from fengsheng.commands.common import (
    add_bot_budget_args,
    add_character_args,
    add_game_args,
    add_uniform_arg,
    bot_options,
    config_from,
)
from fengsheng.errors import ConfigError


def _faction_bots(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        faction, sep, name = item.partition("=")
        if not sep or not faction or not name:
            raise ConfigError(f"--faction-bot wants FACTION=NAME (e.g. underground=heuristic), not {item!r}")
        out[faction] = name
    return out


def run(args: argparse.Namespace) -> int:
    from fengsheng.sim.simulate import default_workers, dumps, format_summary, simulate

    workers = args.workers or default_workers()
    on_outcome = None
    progress = None
    if sys.stdout.isatty() and not args.json:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        progress = Progress(
            "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn()
        )
        task = progress.add_task("simulate", total=args.games)

        def on_outcome(_: dict[str, Any]) -> None:
            assert progress is not None
            progress.advance(task)

        progress.start()
    config = config_from(args)
    try:
        summary = simulate(
            config,
            args.games,
            args.seed,
            bot=args.bots,
            failures_dir=args.failures,
            faction_bots=_faction_bots(args.faction_bot),
            workers=workers,
            backend=args.backend,
            address=args.address,
            out=args.out,
            on_outcome=on_outcome,
            force=args.force,
            bot_options=bot_options(args),
        )
    finally:
        if progress is not None:
            progress.stop()
    if summary.get("interrupted"):
        print(
            "interrupted (Ctrl-C): the summary covers the games finished so far"
            if args.lang == "en"
            else "已中断（Ctrl-C）：以下为已完成对局的统计",
            file=sys.stderr,
        )
    from fengsheng.text import edition_texts

    with edition_texts(config.character_texts):  # the edition's words (001: 军情处)
        print(dumps(summary) if args.json else format_summary(summary, args.lang))
    if summary.get("interrupted"):
        return 130
    return 1 if summary["errors"] else 0


def register(sub: Any) -> None:
    from fengsheng.bots import BOTS

    s = sub.add_parser("simulate", help="play many games between bots and summarise")
    add_game_args(s)
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--bots", choices=sorted(BOTS), default="random", help="the bot for every seat")
    s.add_argument(
        "--faction-bot",
        action="append",
        default=[],
        metavar="FACTION=NAME",
        help="another bot for one faction's seats (underground, military_intel, bystander); repeatable",
    )
    add_bot_budget_args(s)
    add_character_args(s)
    s.add_argument("--auto-pass", action="store_true", help="skip asking seats that can only pass")
    add_uniform_arg(s)
    s.add_argument("--workers", type=int, default=0, help="processes (default: all cores)")
    s.add_argument("--backend", choices=["local", "ray"], default="local")
    s.add_argument("--address", default=None, help="Ray cluster address (default: start a local Ray)")
    s.add_argument("--out", default=None, help="save every game's record (games.jsonl) and the summary here")
    s.add_argument(
        "--force", action="store_true", help="with --out: replace an earlier run's output in a non-empty directory"
    )
    s.add_argument("--json", action="store_true", help="print the summary as one JSON object (last line)")
    s.add_argument("--failures", default="failures", help="where records of games that raised are saved")
    s.set_defaults(func=run)
