"""The report as JSON or as CSV (one row per rate: every win-rate table and the causes of the end)."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CSV_FIELDS = ("table", "group", "key", "name", "wins", "games", "rate", "ci_low", "ci_high")


def dumps(report: dict[str, Any]) -> str:
    """One line of JSON."""
    return json.dumps(report, ensure_ascii=False, sort_keys=True)


def csv_rows(report: dict[str, Any], lang: str = "zh") -> Iterator[dict[str, Any]]:
    """Rows of :data:`CSV_FIELDS`. ``table`` is faction, identity, character, character_identity (group = the
    character), seat (group = the player count; key = position from the first player, or absolute seat, as
    ``seat_mode`` says), players_faction (group = the player count) or end_cause."""
    from fengsheng.report.render import character_name, end_label, identity_name, seat_label

    def row(table: str, group: str, key: str, name: str, r: dict[str, Any]) -> dict[str, Any]:
        return {"table": table, "group": group, "key": key, "name": name, **{k: r[k] for k in CSV_FIELDS[4:]}}

    for f, r in report["by_faction"].items():
        yield row("faction", "", f, identity_name(f, lang), r)
    for i, r in report["by_identity"].items():
        yield row("identity", "", i, identity_name(i, lang), r)
    for c, r in report["by_character"].items():
        yield row("character", "", c, character_name(c, lang), r)
    for c, table in report["by_character_identity"].items():
        for i, r in table.items():
            yield row("character_identity", c, i, f"{character_name(c, lang)} / {identity_name(i, lang)}", r)
    for p, table in report["by_seat"].items():
        for k, r in table.items():
            yield row("seat", p, k, seat_label(k, report["seat_mode"], lang), r)
    for p, info in report["by_players"].items():
        for f, r in info["by_faction"].items():
            yield row("players_faction", p, f, identity_name(f, lang), r)
    for c, r in report["end_causes"].items():
        yield row("end_cause", "", c, end_label(c, lang), r)


def write_csv(report: dict[str, Any], path: str | Path, lang: str = "zh") -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    with p.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=CSV_FIELDS)
        w.writeheader()
        for r in csv_rows(report, lang):
            w.writerow(r)
    return p
