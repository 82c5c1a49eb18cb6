"""``fengsheng serve``: the browser server (needs ``pip install fengsheng[server]``; docs/server.md)."""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from fengsheng.server.app import create_app
        from fengsheng.server.ws import HTTP, WebSocket
    except ImportError as exc:
        print(f"fengsheng serve: needs the server extra (pip install 'fengsheng[server]'): {exc}", file=sys.stderr)
        return 2
    if not 0 < args.port < 65536:
        print("fengsheng serve: --port must be 1 to 65535", file=sys.stderr)
        return 2
    if not 0 <= args.keep_finished <= 86_400 or not 0 <= args.abandon_after <= 86_400:
        print("fengsheng serve: --keep-finished and --abandon-after must be 0 to 86400 seconds", file=sys.stderr)
        return 2
    from fengsheng.server.store import Store

    try:  # a bad URL, an unreachable or newer database: one line, not a traceback from inside the server
        Store(args.db).close()
    except Exception as exc:
        print(f"fengsheng serve: cannot open the database {args.db!r}: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    app = create_app(args.db, keep_finished=args.keep_finished, abandon_after=args.abandon_after)
    print(f"fengsheng: open http://{args.host}:{args.port}/ in a browser (database {args.db})", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        http=HTTP,  # uvicorn's h11 protocol with connection limits and header/body timeouts (docs/server.md, Limits)
        ws=WebSocket,  # the websockets bypass ASGI: fengsheng.server.ws (docs/scaling.md)
        ws_max_size=1 << 20,
        log_level="warning",
        timeout_graceful_shutdown=5,
    )
    return 0


def register(sub: Any) -> None:
    s = sub.add_parser("serve", help="play in the browser with friends: the lobby, tables, bots, spectators")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--db", default="sqlite:///fengsheng.db", help="sqlite:///FILE (default) or postgresql://…")
    s.add_argument(
        "--keep-finished",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="how long a finished table stays in memory after its game (default 600; it stays in the replays)",
    )
    s.add_argument(
        "--abandon-after",
        type=float,
        default=90.0,
        metavar="SECONDS",
        help="how long an asked seat without a connection waits before its bot plays it, timer or not (default 90)",
    )
    s.set_defaults(func=run)
