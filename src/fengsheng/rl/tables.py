"""The tables of ``docs/rl.md``: the action catalogue's blocks and the observation's slices for one configuration.

    .venv/bin/python -m fengsheng.rl.tables [--write]

``--write`` replaces the tables between their markers in ``docs/rl.md``; ``tests/rl/test_docs.py`` fails when the
document and the code disagree. Needs the ``rl`` extra (the observation layout uses numpy).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from fengsheng.config import Config
from fengsheng.rl.actions import Catalogue
from fengsheng.rl.encode import Layout

CONFIGS = (Config(players=5, characters=True), Config(players=5, characters=False))
BEGIN, END = "<!-- {name} table: made by python -m fengsheng.rl.tables --write -->", "<!-- end of the {name} table -->"


def actions_table() -> str:
    on, off = (Catalogue(c) for c in CONFIGS)
    sizes_off = {b.name: b for b in off.blocks}
    lines = [
        "| block | form | actions (5 players, characters) | first | actions (5 players, no characters) | first |",
        "|---|---|---|---|---|---|",
    ]
    for b in on.blocks:
        o = sizes_off.get(b.name)
        lines.append(
            f"| {b.name} | `{b.form}` | {b.size} | {b.start} | {o.size if o else 0} | {o.start if o else '–'} |"
        )
    lines.append(f"| **N** | | **{len(on)}** | | **{len(off)}** | |")
    return "\n".join(lines)


def observation_table() -> str:
    on, off = (Layout(c) for c in CONFIGS)
    sizes_off = {s.name: s for s in off.slices}
    lines = [
        "| slice | what | size (5 players, characters) | offset | size (no characters) | offset |",
        "|---|---|---|---|---|---|",
    ]
    for s in on.slices:
        o = sizes_off[s.name]
        lines.append(f"| `{s.name}` | {s.what} | {s.size} | {s.start} | {o.size} | {o.start} |")
    lines.append(f"| **total** | | **{on.size}** | | **{off.size}** | |")
    return "\n".join(lines)


TABLES = {"actions": actions_table, "observation": observation_table}


def write(doc: Path) -> str:
    text = doc.read_text("utf-8")
    for name, make in TABLES.items():
        begin, end = BEGIN.format(name=name), END.format(name=name)
        pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
        if not pattern.search(text):
            raise SystemExit(f"{doc}: no {name} table markers")
        block = f"{begin}\n{make()}\n{end}"
        start, stop = pattern.search(text).span()  # type: ignore[union-attr]  # checked just above
        text = text[:start] + block + text[stop:]
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--doc", default="docs/rl.md")
    args = ap.parse_args(argv)
    if args.write:
        doc = Path(args.doc)
        doc.write_text(write(doc), "utf-8")
    else:
        for make in TABLES.values():
            print(make() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
