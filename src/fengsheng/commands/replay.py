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

from fengsheng.commands.common import add_edition_arg, bad_seat
from fengsheng.core.options import quote
from fengsheng.errors import FengshengError, RecordError
from fengsheng.text import LANGS, render_events


def _load(path: str, game: int | None) -> dict[str, Any]:
    """The record in ``path`` (a record file, or the ``game``-th line of a games.jsonl). :class:`RecordError` if it
    is not one (not UTF-8, not JSON, too large, no such game); ``OSError`` if the file cannot be read."""
    from fengsheng.record import MAX_RECORD_BYTES, loads, read_bytes

    p = Path(path)
    if p.suffix == ".jsonl":
        with p.open("rb") as fh:
            for lineno, raw in enumerate(fh, 1):
                if len(raw) > MAX_RECORD_BYTES:
                    raise RecordError(f"{path}:{lineno}: a line larger than {MAX_RECORD_BYTES // 2**20} MB")
                if not raw.strip():
                    continue
                row = loads(raw, f"{path}:{lineno}")
                if game is None or (row.get("index") == game and type(row.get("index")) is int):
                    return _inner(row, f"{path}:{lineno}")
        raise RecordError(f"no game {game} in {path}" if game is not None else f"no game in {path}")
    data = loads(read_bytes(p), path)
    return _inner(data, path)


def _inner(data: dict[str, Any], source: str) -> dict[str, Any]:
    """A games.jsonl line (saved on its own or not) holds the record under ``record``; a record file is one."""
    if "record" not in data:
        return data
    inner = data["record"]
    if not isinstance(inner, dict):
        raise RecordError(f"{source}: 'record' must be a JSON object, not {type(inner).__name__}")
    return inner


def run(args: argparse.Namespace) -> int:
    from fengsheng.record import verify

    en = args.lang == "en"
    try:
        rec = _load(args.record, args.game)
        if args.edition is not None:
            config = rec.get("config")
            named = config.get("edition", "standard") if isinstance(config, dict) else None
            if named != args.edition:
                raise RecordError(f"the record is a game of the {quote(named)} edition, not {args.edition}")
        if rec.get("error") is not None:  # a failure record: reproducing it means the same error at the same answer
            return _failure(rec, en)
        g = verify(rec)
    except RecordError as exc:
        print(f"fengsheng replay: {args.record}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"fengsheng replay: cannot read {args.record}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except FengshengError as exc:
        print(("does not reproduce: " if en else "无法复现：") + str(exc), file=sys.stderr)
        return 1
    if bad_seat("replay", args.seat, g.n):
        return 2
    if args.show or args.seat is not None:
        for line in render_events(g.events_for(args.seat), args.lang, g.config.character_texts, args.seat):
            print(line)
    print(("reproduced " if en else "复现成功 ") + json.dumps(g.result, ensure_ascii=False, sort_keys=True))
    return 0


def _failure(rec: dict[str, Any], en: bool) -> int:
    """Replay a failure record (``simulate``'s): 0 if it raises the recorded error again, else 1. A malformed
    record raises :class:`RecordError` (the caller's exit 2), never counts as the failure reproduced."""
    from fengsheng.record import check_record, replay

    if not isinstance(rec["error"], str):
        raise RecordError(f"'error' must be a string, not {type(rec['error']).__name__}")
    check_record(rec)
    try:
        replay(rec)
    except RecordError:
        raise
    except Exception as exc:
        same = repr(exc) == rec["error"]
        print(("reproduced the failure: " if en else "复现了同一错误：") + repr(exc) if same else repr(exc))
        return 0 if same else 1
    print("the recorded failure did not happen" if en else "未复现记录中的错误")
    return 1


def register(sub: Any) -> None:
    r = sub.add_parser("replay", help="re-run a record and check that it reproduces")
    r.add_argument("record", help="a record file, a failure record, or a games.jsonl from simulate --out")
    r.add_argument("--game", type=int, default=None, help="with a games.jsonl: the game index (default: the first)")
    r.add_argument("--show", action="store_true", help="print the log as a spectator saw it")
    r.add_argument("--seat", type=int, default=None, help="print the log as this seat saw it")
    r.add_argument("--lang", choices=LANGS, default="zh")
    add_edition_arg(r, help="check that the record is a game of this edition (the record names its edition)")
    r.set_defaults(func=run)
