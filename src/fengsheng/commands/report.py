"""``fengsheng report DIR``: a balance report on the output of ``fengsheng simulate --out DIR``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from fengsheng.commands.common import add_edition_arg
from fengsheng.text import LANGS


def run(args: argparse.Namespace) -> int:
    from fengsheng.report import ReportError, dumps, format_report, report, write_csv
    from fengsheng.report.plots import write_plots

    if not 0.0 < args.confidence < 1.0:
        raise ReportError(f"--confidence must be between 0 and 1, not {args.confidence}")
    rep = report(args.dir, confidence=args.confidence, find_first_player=not args.absolute_seats, edition=args.edition)
    if args.no_plots:
        rep["plots"] = {"dir": None, "written": [], "skipped": "disabled", "labels": None}
    else:
        base = Path(args.dir)
        default = (base if base.is_dir() else base.parent) / "plots"
        rep["plots"] = write_plots(rep, args.plots or default, args.lang)
    if args.csv:
        rep["csv"] = str(write_csv(rep, args.csv, args.lang))
    if args.json:
        print(dumps(rep))
    else:
        print(format_report(rep, args.lang))
    return 0


def register(sub: Any) -> None:
    r = sub.add_parser(
        "report",
        help="balance report (win rates with 95%% Wilson intervals, game length, end causes) on `simulate --out DIR`",
    )
    r.add_argument("dir", help="the directory written by `fengsheng simulate --out DIR` (or its games.jsonl)")
    r.add_argument("--lang", choices=LANGS, default="zh")
    add_edition_arg(r, help="count only the games of this edition (default: every game)")
    r.add_argument("--json", action="store_true", help="print the report as one JSON object")
    r.add_argument("--csv", metavar="PATH", help="also write every rate as a CSV row to PATH")
    r.add_argument("--plots", metavar="DIR", help="where the PNG charts go (default: DIR/plots)")
    r.add_argument("--no-plots", action="store_true", help="draw no charts")
    r.add_argument("--confidence", type=float, default=0.95, help="confidence level of the intervals (default 0.95)")
    r.add_argument(
        "--absolute-seats",
        action="store_true",
        help="seat numbers as dealt, not counted from the first player (skips finding the first player)",
    )
    r.set_defaults(func=run)
