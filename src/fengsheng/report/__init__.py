"""Balance reports on simulation output (``fengsheng report DIR``).

* :mod:`~fengsheng.report.data` reads ``DIR/games.jsonl`` and ``DIR/summary.json`` (``fengsheng simulate --out``);
* :mod:`~fengsheng.report.build` computes the win rates (with Wilson intervals, :mod:`~fengsheng.report.stats`),
  game lengths and causes of the end;
* :mod:`~fengsheng.report.render` prints it, :mod:`~fengsheng.report.export` writes JSON / CSV and
  :mod:`~fengsheng.report.plots` PNG charts (optional extra ``report``: matplotlib).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fengsheng.report.build import build_report, end_cause
from fengsheng.report.data import GAMES_FILE, SUMMARY_FILE, GameRow, Loaded, ReportError, load
from fengsheng.report.export import csv_rows, dumps, write_csv
from fengsheng.report.render import format_report
from fengsheng.report.stats import describe, rate, wilson


def report(
    path: str | Path, confidence: float = 0.95, find_first_player: bool = True, edition: str | None = None
) -> dict[str, Any]:
    """Load a simulation directory and build its report dict (only ``edition``'s games if it is given)."""
    return build_report(load(path, find_first_player, edition), confidence)


__all__ = [
    "GAMES_FILE",
    "SUMMARY_FILE",
    "GameRow",
    "Loaded",
    "ReportError",
    "build_report",
    "csv_rows",
    "describe",
    "dumps",
    "end_cause",
    "format_report",
    "load",
    "rate",
    "report",
    "wilson",
    "write_csv",
]
