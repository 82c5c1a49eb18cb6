#!/usr/bin/env python3
"""The event table of ``docs/engine.md`` §5, made from the code (``fengsheng.core.events.KINDS``).

    python tools/events_doc.py            # print the table
    python tools/events_doc.py --write    # put it in docs/engine.md, between the two markers
    python tools/events_doc.py --check    # exit 1 if docs/engine.md has another table

One row per event kind, in the order and the sections of ``core/events.py``: the kind and its class, the fields of
the dict a seat sees (``card?`` is left out when it is ``None``; ``info…`` is a dict whose items are keys of the
event itself; ``.seat = target`` is an attribute a rule can read that is not in the dict), the hidden fields, who sees
them (the class's default audience: public unless the emitter names seats, or only the seats the emitter names) and
what the machine settles after the event (``Event.settles``). ``tests/test_events_doc.py`` fails when the docs and
the code disagree.
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
from pathlib import Path

from fengsheng.core import events as ev

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "engine.md"
BEGIN = "<!-- events table: made by tools/events_doc.py --write; do not edit by hand -->"
END = "<!-- end of the events table -->"

_SECTION = re.compile(r"^# ([A-Z].*)$")
_ALIAS = re.compile(r"return self\.(\w+)\s*$")


def sections() -> dict[int, str]:
    """Section titles of ``core/events.py`` by the line they start on (``# Setup (S-SETUP)`` between rules)."""
    lines = Path(inspect.getfile(ev)).read_text(encoding="utf-8").splitlines()
    return {i + 1: m.group(1) for i, text in enumerate(lines) if (m := _SECTION.match(text))}


def fields_of(cls: type[ev.Event]) -> list[str]:
    out = []
    for name, key in zip(cls._names, cls._keys, strict=True):
        if name == cls.flatten:
            out.append(f"{key}…")
        elif name in cls.optional:
            out.append(f"{key}?")
        else:
            out.append(key)
    for attr, value in vars(cls).items():
        if isinstance(value, property) and value.fget is not None:
            m = _ALIAS.search(inspect.getsource(value.fget).strip())
            out.append(f".{attr} = {m.group(1)}" if m else f".{attr}")
    return out


def audience_rule(cls: type[ev.Event]) -> str:
    if not cls.hidden:
        return "public"
    default = inspect.signature(cls).parameters["audience"].default
    if default is ev.PUBLIC:
        return "everyone, unless emitted with seats"
    return "the seats it is emitted with"


def settles(cls: type[ev.Event]) -> str:
    if cls.settles == ev.DEATH_FIRST:
        return "deaths before its triggers; all after them (S-DEATH-3)"
    if cls.settles == ev.SETTLE:
        return "after its triggers (S-WIN-10)"
    return ""


def table() -> str:
    """The markdown table, one row per kind of ``KINDS``, with a row for each section of ``core/events.py``."""
    heads = sections()
    starts = sorted(heads)
    rows = [
        "| kind (class) | fields | hidden fields | hidden fields seen by | settles |",
        "|---|---|---|---|---|",
    ]
    current = None
    for kind, cls in ev.KINDS.items():
        title = None
        if cls.__module__ == ev.__name__:  # an event class made elsewhere (a test's) stays in the last section
            line = inspect.getsourcelines(cls)[1]
            title = next((heads[s] for s in reversed(starts) if s <= line), None)
        if title is not None and title != current:
            rows.append(f"| **{title}** | | | | |")
            current = title
        hidden = [k for n, k in zip(cls._names, cls._keys, strict=True) if n in cls.hidden]
        rows.append(
            f"| `{kind}` ({cls.__name__}) | {', '.join(fields_of(cls))} | {', '.join(hidden)} "
            f"| {audience_rule(cls) if cls.hidden else ''} | {settles(cls)} |"
        )
    return "\n".join(rows)


def replace(doc: str, new_table: str) -> str:
    """``doc`` with the text between the markers replaced by ``new_table``."""
    try:
        a = doc.index(BEGIN) + len(BEGIN)
        b = doc.index(END, a)
    except ValueError:
        raise SystemExit(f"the markers are missing from {DOC}:\n{BEGIN}\n{END}") from None
    return doc[:a] + "\n" + new_table + "\n" + doc[b:]


def in_doc(doc: str) -> str:
    """The table now between the markers."""
    a = doc.index(BEGIN) + len(BEGIN)
    return doc[a : doc.index(END, a)].strip("\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="The event table of docs/engine.md §5, from the code.")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--write", action="store_true", help="write the table into docs/engine.md")
    g.add_argument("--check", action="store_true", help="exit 1 if docs/engine.md has another table")
    args = ap.parse_args(argv)
    made = table()
    if args.write:
        DOC.write_text(replace(DOC.read_text(encoding="utf-8"), made), encoding="utf-8")
        print(f"wrote {len(ev.KINDS)} event kinds to {DOC.relative_to(REPO)}")
        return 0
    if args.check:
        if in_doc(DOC.read_text(encoding="utf-8")) != made:
            print(f"{DOC.relative_to(REPO)} §5 differs from the code: run `python tools/events_doc.py --write`")
            return 1
        print("OK")
        return 0
    print(made)
    return 0


if __name__ == "__main__":
    sys.exit(main())
