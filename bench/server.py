"""Server benchmark: 40 tables of 5 seats (200 websocket connections) on loopback, every seat a client answering
its questions as fast as the server allows (tables set to ``ask=all``: every decision goes to its seat's client, a
lone ``pass`` too; bots-only pacing 0, no minimum window, no timers).

    python bench/server.py [--tables 40] [--players 5] [--db sqlite:///FILE | postgresql://…] [--no-pin]
                           [--lang none|zh|en] [--json]

Moves/s: decisions answered by clients per second of wall clock, from the first start to the last game's end.
Latency: from a client sending an answer until every seat of that table has an update past it (p50, p99, max).
Cores: the server (one process, ``fengsheng serve``) is pinned to CPU 0 and the load generator (this process, one
asyncio loop) to CPU 1 when the machine has two or more; the CPU seconds each used are reported. Every decision is
committed to the database (SQLite in a temporary file by default) before its update is sent, as in production.
The clients ask for no words (``lang=none``: no log lines, questions without words or help, as a bot's client);
``--lang zh`` makes them ask for what a browser gets.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def run_load(coro: Coroutine[Any, Any, float]) -> float:
    """The load generator's event loop: uvloop when installed (the server runs on it too), so that the one Python
    process that plays 200 clients is not what limits the measurement (a browser parses and sends in native code)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=40)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--db", default="")
    ap.add_argument("--no-pin", action="store_true", help="do not pin the server and the load to separate cores")
    ap.add_argument(
        "--lang",
        default="none",
        choices=["none", "zh", "en"],
        help="the clients' language: none (default) asks for no log lines and no words in the questions; zh or en "
        "gets them as a browser does",
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    from bench.transport import cpu_seconds
    from tests.server.helpers import Server

    from fengsheng.server.loadgen import make_tables, play

    tmp = tempfile.mkdtemp(prefix="fengsheng-bench-")
    db = args.db or f"sqlite:///{tmp}/bench.db"
    server = Server(db).start()
    cores = os.cpu_count() or 1
    pinned = cores >= 2 and not args.no_pin
    assert server.proc is not None
    if pinned:
        os.sched_setaffinity(server.proc.pid, {0})
        os.sched_setaffinity(0, {1})
    try:
        settings = {"players": args.players, "pace": 0, "min_window": 0, "timer": False, "ask": "all"}
        runs = make_tables(server.base, args.tables, settings)
        s0, c0 = cpu_seconds(server.proc.pid), time.process_time()
        elapsed = run_load(play(server.base, runs, seed=1, lang=args.lang))
        s1, c1 = cpu_seconds(server.proc.pid), time.process_time()
    finally:
        server.stop()
    moves = sum(r.moves for r in runs)
    lat = sorted(x for r in runs for x in r.latencies)

    def pct(p: float) -> float:
        return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 2)

    out = {
        "tables": args.tables,
        "players": args.players,
        "connections": args.tables * args.players,
        "lang": args.lang,
        "db": db.split(":")[0],
        "games": sum(1 for r in runs if r.result is not None),
        "moves": moves,
        "seconds": round(elapsed, 2),
        "moves_per_s": round(moves / elapsed, 1),
        "latency_ms": {"p50": pct(0.5), "p99": pct(0.99), "max": round(lat[-1] * 1000, 2), "samples": len(lat)},
        "cores": {
            "machine": cores,
            "pinned": pinned,
            "server": "cpu 0" if pinned else "any",
            "load_generator": "cpu 1" if pinned else "any",
            "server_cpu_s": round(s1 - s0, 2),
            "load_cpu_s": round(c1 - c0, 2),
            "server_cpu_us_per_move": round((s1 - s0) / max(1, moves) * 1e6, 1),
            "server_busy": round((s1 - s0) / elapsed, 2),
            "load_busy": round((c1 - c0) / elapsed, 2),
        },
        "target": {"moves_per_s": 4000, "p99_ms": 30},
    }
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(
            f"{out['connections']} connections, {out['games']} games: {out['moves_per_s']} moves/s, "
            f"p50 {out['latency_ms']['p50']} ms, p99 {out['latency_ms']['p99']} ms; server "
            f"{out['cores']['server_cpu_us_per_move']} µs/move, {out['cores']['server_busy']:.0%} "
            f"of {out['cores']['server']}, load {out['cores']['load_busy']:.0%} of {out['cores']['load_generator']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
