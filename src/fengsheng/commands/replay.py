"""``fengsheng replay RECORD``: re-run a record and check that it reproduces."""

from __future__ import annotations

import argparse
from typing import Any

from fengsheng.text import LANGS, render_event


def run(args: argparse.Namespace) -> int:
    from fengsheng.record import load, verify

    g = verify(load(args.record))
    if args.show:
        for e in g.events_for(args.seat):
            line = render_event(e, args.lang)
            if line:
                print(line)
    print("reproduced" if args.lang == "en" else "复现成功", g.result)
    return 0


def register(sub: Any) -> None:
    r = sub.add_parser("replay", help="re-run a record and check that it reproduces")
    r.add_argument("record")
    r.add_argument("--show", action="store_true")
    r.add_argument("--seat", type=int, default=None)
    r.add_argument("--lang", choices=LANGS, default="zh")
    r.set_defaults(func=run)
