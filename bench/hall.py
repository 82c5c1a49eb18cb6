"""The server's own work per move, in one process and without sockets: ``bench/server.py``'s load shape (tables of
5 seats, ``ask=all``, every seat a client answering at once with a random leaf of its question's tree) driven
through the real :class:`~fengsheng.server.hall.Hall`, tables, connections, store (SQLite in a temporary file) and
group commit, with in-process clients in place of the websockets. Deterministic: the tables' seeds and the clients'
choices are fixed, so two versions of the server play the same games (the same moves) and their instruction
counts under callgrind compare exactly.

    python bench/hall.py [--tables 40] [--games 2] [--check] [--profile FILE] [--json]

Reported: moves, the server's CPU per move (process time minus the clients' own time: decoding and merging the
messages, choosing an answer) and, with ``--check``, that every client's view rebuilt from the snapshot and the
patches equals the engine's ``view`` after every message (slow: for tests of a change, not for timing).
Under callgrind (``valgrind --tool=callgrind --callgrind-out-file=F python bench/hall.py --tables 3 --games 1``),
divide the instructions by the moves printed; the clients' share is included and the same for both versions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fengsheng.server import protocol as P  # noqa: E402
from fengsheng.server.conn import Conn  # noqa: E402
from fengsheng.server.hall import Hall  # noqa: E402
from fengsheng.server.store import Store  # noqa: E402
from fengsheng.server.table import Table  # noqa: E402
from fengsheng.views import view as engine_view  # noqa: E402

SETTINGS = {"players": 5, "pace": 0, "min_window": 0, "timer": False, "ask": "all"}


def leaves(tree: dict[str, Any]) -> list[str]:
    if "option" in tree:
        return [str(tree["option"])]
    return [o for k in tree["children"] for o in leaves(k)]


class Client:
    """A seat's client: a sink for the table (``Conn.ws``) that merges what it gets and answers new questions."""

    def __init__(self, bench: Bench, table: Table, seat: int, rng: random.Random) -> None:
        self.bench, self.table, self.seat, self.rng = bench, table, seat, rng
        self.closed = False
        self.state = P.ClientState()
        self.inbox: list[bytes] = []
        self.conn: Conn | None = None

    def send(self, data: bytes) -> None:
        self.inbox.append(data)
        if len(self.inbox) == 1:
            asyncio.get_running_loop().call_soon(self.read)

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = True

    def read(self) -> None:
        t0 = time.process_time()
        inbox, self.inbox = self.inbox, []
        answer = None
        for raw in inbox:
            msg = orjson.loads(raw)
            self.state.apply(msg)
            if self.bench.check and msg["type"] in ("snapshot", "update"):
                g = self.table.game
                assert g is not None
                want = json.loads(json.dumps(engine_view(g, self.seat)))
                got = json.loads(json.dumps(self.state.view))
                if got != want:
                    raise AssertionError(f"table {self.table.code} seat {self.seat}: the rebuilt view differs")
                self.bench.checked += 1
            q = msg.get("question")
            if q is not None:
                opts = leaves(q["tree"])
                answer = orjson.dumps({"type": "act", "seq": q["seq"], "option": opts[self.rng.randrange(len(opts))]})
            if msg["type"] == "update" and self.state.view is not None and self.state.view.get("result") is not None:
                self.bench.over(self)
        self.bench.client_time += time.process_time() - t0
        if answer is not None:
            self.bench.moves += 1
            asyncio.get_running_loop().call_soon(self.bench.received, self.table, self.conn, answer)


class Bench:
    def __init__(self, tables: int, games: int, check: bool, db: str) -> None:
        self.store = Store(db)
        self.hall = Hall(self.store)
        self.tables, self.games, self.check = tables, games, check
        self.client_time = 0.0
        self.moves = 0
        self.checked = 0
        self.done: asyncio.Future[None] | None = None
        self.playing = 0
        self.started = 0
        self.player = self.store.new_player("bench")[0]

    def received(self, t: Table, conn: Conn, data: bytes) -> None:
        """What ``app.received`` does with a client frame: the rate limit, the strict parse, the table."""
        if not conn.rate.allow(self.hall.clock()):
            raise AssertionError("rate limited")
        try:
            t.receive(conn, P.parse(data.decode()))
        except P.ProtocolError as exc:
            raise AssertionError(f"refused: {exc.code} {exc.message}") from None

    def new_table(self, n: int) -> None:
        t = self.hall.create(self.player, dict(SETTINGS))
        t.seed = 1_000 + n  # fixed games
        for s in range(SETTINGS["players"]):
            t.seats[s] = t.seats[s].__class__("human", self.player + s, f"p{s}")
        clients = []
        for s in range(SETTINGS["players"]):
            c = Client(self, t, s, random.Random(n * 101 + s))
            c.conn = Conn(s, "none", c)
            t.join(c.conn)
            clients.append(c)
        t.status = "playing"
        t.begin([])
        for c in clients:
            assert c.conn is not None
            t.snapshot(c.conn)
        self.playing += 1
        self.started += 1

    def over(self, c: Client) -> None:
        if c.seat != 0:
            return
        self.playing -= 1
        if self.started < self.tables * self.games:
            asyncio.get_running_loop().call_soon(self.new_table, self.started)
        elif self.playing == 0 and self.done is not None:
            self.done.set_result(None)

    async def run(self) -> float:
        self.done = asyncio.get_running_loop().create_future()
        t0 = time.process_time()
        for n in range(self.tables):
            self.new_table(n)
        await self.done
        return time.process_time() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=40)
    ap.add_argument("--games", type=int, default=2, help="games per table slot (played one after the other)")
    ap.add_argument("--check", action="store_true", help="compare every rebuilt view with the engine's (slow)")
    ap.add_argument("--profile", default="", help="write a cProfile of the run to this file")
    ap.add_argument(
        "--callgrind",
        action="store_true",
        help="under valgrind --tool=callgrind --instr-atstart=no: count the run only",
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from fengsheng.server.app import tune_gc

    tmp = tempfile.mkdtemp(prefix="fengsheng-hall-")
    bench = Bench(args.tables, args.games, args.check, f"sqlite:///{tmp}/bench.db")
    tune_gc()
    if args.profile:
        import cProfile

        prof = cProfile.Profile()
        prof.enable()
        cpu = asyncio.run(bench.run())
        prof.disable()
        prof.dump_stats(args.profile)
    else:
        if args.callgrind:
            subprocess.run(["callgrind_control", "--instr=on", str(os.getpid())], check=True, capture_output=True)
        cpu = asyncio.run(bench.run())
        if args.callgrind:
            subprocess.run(["callgrind_control", "--instr=off", str(os.getpid())], check=True, capture_output=True)
    bench.store.close()
    server = cpu - bench.client_time
    out = {
        "tables": args.tables,
        "games": bench.started,
        "moves": bench.moves,
        "cpu_s": round(cpu, 3),
        "client_s": round(bench.client_time, 3),
        "server_us_per_move": round(server / max(1, bench.moves) * 1e6, 1),
        "views_checked": bench.checked,
    }
    print(json.dumps(out) if args.json else out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
