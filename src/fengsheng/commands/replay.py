"""``fengsheng replay RECORD``: re-run a record and check that it reproduces (exit 0), or say how it differs
(exit 1).

RECORD is a record file (``Game.record()``, or a failure record saved by ``simulate``), or a ``games.jsonl`` written
by ``simulate --out`` with ``--game K`` choosing the game. ``--show`` prints the game's log as a spectator saw it,
or ``--seat K`` as that seat saw it; ``--lang zh|en``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from fengsheng.errors import FengshengError
from fengsheng.text import LANGS, render_events


def _load(path: str, game: int | None) -> dict[str, Any]:
    p = Path(path)
    if p.suffix == ".jsonl":
        for line in p.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if game is None or row.get("index") == game:
                rec: dict[str, Any] = row["record"]
                return rec
        raise FengshengError(f"no game {game} in {path}")
    data: dict[str, Any] = json.loads(p.read_text(encoding="utf-8"))
    inner: dict[str, Any] = data.get("record", data)  # a games.jsonl line saved on its own holds the record
    return inner


def run(args: argparse.Namespace) -> int:
    from fengsheng.record import replay, verify

    en = args.lang == "en"
    try:
        rec = _load(args.record, args.game)
    except (OSError, ValueError, KeyError) as exc:
        print(f"fengsheng replay: cannot read {args.record}: {exc}", file=sys.stderr)
        return 2
    if rec.get("error"):  # a failure record: reproducing it means raising the same error at the same answer
        try:
            replay(rec)
        except Exception as exc:
            same = repr(exc) == rec["error"]
            print(("reproduced the failure: " if en else "复现了同一错误：") + repr(exc) if same else repr(exc))
            return 0 if same else 1
        print("the recorded failure did not happen" if en else "未复现记录中的错误")
        return 1
    try:
        g = verify(rec)
    except FengshengError as exc:
        print(("does not reproduce: " if en else "无法复现：") + str(exc), file=sys.stderr)
        return 1
    if args.show or args.seat is not None:
        for line in render_events(g.events_for(args.seat), args.lang, g.config.character_texts, args.seat):
            print(line)
    print(("reproduced " if en else "复现成功 ") + json.dumps(g.result, ensure_ascii=False, sort_keys=True))
    return 0


def register(sub: Any) -> None:
    r = sub.add_parser("replay", help="re-run a record and check that it reproduces")
    r.add_argument("record", help="a record file, a failure record, or a games.jsonl from simulate --out")
    r.add_argument("--game", type=int, default=None, help="with a games.jsonl: the game index (default: the first)")
    r.add_argument("--show", action="store_true", help="print the log as a spectator saw it")
    r.add_argument("--seat", type=int, default=None, help="print the log as this seat saw it")
    r.add_argument("--lang", choices=LANGS, default="zh")
    r.set_defaults(func=run)
