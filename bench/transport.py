"""The transport's floor: ``bench/server.py``'s load shape through a server that does no game work at all.

    python bench/transport.py [--tables 40] [--players 5] [--moves 500] [--bytes 2300] [--stack S ...] [--json]

Every table is ``--players`` websocket connections. A move is one answer from the seat being asked and, in reply,
one update of ``--bytes`` bytes of JSON to every seat of the table (the next seat to answer marked in it), which
is what ``fengsheng serve`` sends per decision under ``ask=all`` (an update is about 1.9 KB of view and events
plus the table's 0.4 KB at 5 players). The updates are encoded once, up front: what is measured is only the
framework, the event loop, the websocket framing and the sockets. Latency as in ``bench/server.py``: from an
answer to the moment every seat of its table has the update.

Stacks (``--stack``, several to compare them in one run):

* ``fengsheng``: the production path of ``fengsheng serve``: uvicorn with ``fengsheng.server.ws.WebSocket`` as its
  websocket protocol (the ``websockets`` library's Sans-I/O layer, no ASGI): a message is handled in the transport's
  callback and the updates are written synchronously; ``fengsheng-uvloop``: the same on uvloop (what ``fengsheng
  serve`` runs on when uvloop is installed, as the ``server`` extra does);
* ``starlette``: the path ``fengsheng serve`` used before: Starlette's ``WebSocket`` on uvicorn (its
  ``websockets-sansio`` protocol), an outbox queue and a writer task per connection; ``starlette-uvloop``: the same
  on uvloop;
* ``websockets``: the ``websockets`` library's own asyncio server, no ASGI, updates written with its synchronous
  ``broadcast`` (no task per message); ``websockets-uvloop``: the same on uvloop.

The server runs in its own process pinned to CPU 0, the load generator (one asyncio loop) on CPU 1, as in
``bench/server.py``. The figure it gives is the most ``fengsheng serve`` could reach on this machine with that
stack if the engine, the views, the choice trees, the JSON encoding and the database cost nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson

STACKS = ("fengsheng", "fengsheng-uvloop", "starlette", "starlette-uvloop", "websockets", "websockets-uvloop")


def update(seq: int, asked: int, size: int, end: bool) -> str:
    """An update of ``size`` bytes: its sequence number, the seat asked next (or the end), padded like a view."""
    head = f'{{"type":"update","seq":{seq},"asked":{-1 if end else asked},"view":"'
    return head + "x" * max(0, size - len(head) - 2) + '"}'


class Tables:
    """The server's whole state: per table its connections by seat, its sequence number and the seat asked."""

    def __init__(self, players: int, moves: int, size: int) -> None:
        self.players, self.moves, self.size = players, moves, size
        self.conns: dict[int, dict[int, Any]] = {}
        self.seq: dict[int, int] = {}
        self.asked: dict[int, int] = {}
        self.rng = random.Random(1)
        # every update this run can send, encoded before the clock starts: no work per move but the transport's
        self.texts = [[update(s, a, size, s == moves) for a in range(players)] for s in range(moves + 1)]
        self.payloads = [[t.encode() for t in row] for row in self.texts]  # the same as frame payloads (bytes)

    def join(self, table: int, seat: int, conn: Any) -> list[Any] | None:
        """Register a connection; when the table is full, its first update (to every seat)."""
        self.conns.setdefault(table, {})[seat] = conn
        if len(self.conns[table]) < self.players:
            return None
        self.seq[table], self.asked[table] = 0, 0
        return list(self.conns[table].values())

    def act(self, table: int, seat: int, seq: int) -> tuple[list[Any], int, int] | None:
        """An answer: who gets the next update and which it is (``texts[seq][asked]``), or ``None`` if it is not
        the asked seat's latest."""
        if seq != self.seq.get(table) or seat != self.asked[table] or seq >= self.moves:
            return None
        self.seq[table] = seq + 1
        self.asked[table] = self.rng.randrange(self.players)
        return list(self.conns[table].values()), seq + 1, self.asked[table]


def serve_starlette(port: int, tables: Tables, uvloop: bool) -> None:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket

    class Conn:  # as fengsheng.server.conn.Conn: an outbox and a writer task
        def __init__(self, ws: WebSocket) -> None:
            self.outbox: asyncio.Queue[str] = asyncio.Queue()
            self.ws = ws

        def put(self, text: str) -> None:
            self.outbox.put_nowait(text)

        async def write(self) -> None:
            while True:
                await self.ws.send_text(await self.outbox.get())

    async def endpoint(ws: WebSocket) -> None:
        await ws.accept()
        table, seat = int(ws.path_params["table"]), int(ws.path_params["seat"])
        conn = Conn(ws)
        writer = asyncio.get_running_loop().create_task(conn.write())
        first = tables.join(table, seat, conn)
        for c in first or []:
            c.put(tables.texts[0][0])
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                step = tables.act(table, seat, orjson.loads(msg["text"])["seq"])
                if step is not None:
                    conns, s, a = step
                    for c in conns:
                        c.put(tables.texts[s][a])
        finally:
            writer.cancel()

    app = Starlette(routes=[WebSocketRoute("/ws/{table}/{seat}", endpoint)])
    uvicorn.run(
        app,
        host="127.0.0.1",
        port=port,
        ws="websockets-sansio",
        log_level="warning",
        loop="uvloop" if uvloop else "asyncio",
    )


def serve_fengsheng(port: int, tables: Tables, uvloop: bool) -> None:
    """uvicorn with ``fengsheng.server.ws.WebSocket`` as its websocket protocol (production): a message received is
    handled in the transport's callback and the updates are written synchronously, no task per message."""
    import uvicorn

    from fengsheng.server.ws import ACCEPT, WebSocket

    def accept(ws: WebSocket) -> None:
        _, _, table_s, seat_s = ws.path.split("/")
        table, seat = int(table_s), int(seat_s)

        def on_message(data: str | bytes) -> None:
            step = tables.act(table, seat, orjson.loads(data)["seq"])
            if step is not None:
                conns, s, a = step
                for c in conns:
                    c.send(tables.payloads[s][a])

        ws.on_message = on_message
        for c in tables.join(table, seat, ws) or []:
            c.send(tables.payloads[0][0])

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        """An ASGI app with only a lifespan: it hands the accept hook to the websocket protocol."""
        assert scope["type"] == "lifespan"
        while True:
            msg = await receive()
            if msg["type"] == "lifespan.startup":
                scope["state"][ACCEPT] = accept
                await send({"type": "lifespan.startup.complete"})
            else:
                await send({"type": "lifespan.shutdown.complete"})
                return

    uvicorn.run(
        app, host="127.0.0.1", port=port, ws=WebSocket, log_level="warning", loop="uvloop" if uvloop else "asyncio"
    )


def serve_websockets(port: int, tables: Tables, uvloop: bool) -> None:
    from websockets.asyncio.server import ServerConnection, broadcast, serve

    async def handler(ws: ServerConnection) -> None:
        assert ws.request is not None
        _, _, table_s, seat_s = ws.request.path.split("/")
        table, seat = int(table_s), int(seat_s)
        first = tables.join(table, seat, ws)
        if first is not None:
            broadcast(first, tables.texts[0][0])
        async for raw in ws:
            step = tables.act(table, seat, orjson.loads(raw)["seq"])
            if step is not None:
                conns, s, a = step
                broadcast(conns, tables.texts[s][a])

    async def main() -> None:
        async with serve(handler, "127.0.0.1", port, compression=None, max_queue=None) as server:
            await server.serve_forever()

    if uvloop:
        import uvloop as uv

        uv.run(main())
    else:
        asyncio.run(main())


async def load(port: int, tables: int, players: int) -> dict[str, Any]:
    """Every seat of every table: read each update whole, answer it if asked; latencies per answered move."""
    import websockets

    sent: dict[tuple[int, int], float] = {}
    seen: dict[tuple[int, int], int] = {}
    latencies: list[float] = []
    moves = 0

    async def seat(t: int, s: int) -> None:
        nonlocal moves
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{t}/{s}", compression=None, max_size=None) as ws:
            async for raw in ws:
                msg = orjson.loads(raw)
                seq = msg["seq"]
                if seq > 0:
                    key = (t, seq - 1)
                    seen[key] = seen.get(key, 0) + 1
                    if seen[key] == players:
                        latencies.append(time.perf_counter() - sent.pop(key))
                        del seen[key]
                if msg["asked"] < 0:
                    return
                if msg["asked"] == s:
                    sent[(t, seq)] = time.perf_counter()
                    moves += 1
                    await ws.send(json.dumps({"type": "act", "seq": seq}))

    jobs = [asyncio.ensure_future(seat(t, s)) for t in range(tables) for s in range(players)]
    t0 = time.perf_counter()
    done, pending = await asyncio.wait(jobs, timeout=600, return_when=asyncio.FIRST_EXCEPTION)
    elapsed = time.perf_counter() - t0
    for j in done:
        if j.exception() is not None and not isinstance(j.exception(), websockets.ConnectionClosed):
            raise j.exception()  # type: ignore[misc]
    for j in pending:
        j.cancel()
    latencies.sort()
    return {"moves": moves, "seconds": elapsed, "latencies": latencies}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """The process's CPU time: its threads' run time in nanoseconds (``/proc/PID/task/*/schedstat``), since
    ``/proc/PID/stat`` counts clock ticks (10 ms) and a short run would read 0; the ticks where there is none."""
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):  # a thread that just ended
                total += int((task / "schedstat").read_text().split()[0])
    except OSError:
        total = 0
    if total:
        return total / 1e9
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_stack(stack: str, args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--serve",
            stack,
            "--port",
            str(port),
            "--players",
            str(args.players),
            "--moves",
            str(args.moves),
            "--bytes",
            str(args.bytes),
        ]
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            time.sleep(0.05)
        pinned = (os.cpu_count() or 1) >= 2
        if pinned:
            os.sched_setaffinity(proc.pid, {0})
            os.sched_setaffinity(0, {1})
        s0 = cpu_seconds(proc.pid)
        out = asyncio.run(load(port, args.tables, args.players))
        s1 = cpu_seconds(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    lat = out["latencies"]

    def pct(p: float) -> float:
        return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 2) if lat else 0.0

    return {
        "stack": stack,
        "moves": out["moves"],
        "seconds": round(out["seconds"], 2),
        "moves_per_s": round(out["moves"] / out["seconds"], 1),
        "latency_ms": {"p50": pct(0.5), "p99": pct(0.99), "samples": len(lat)},
        "server_cpu_us_per_move": round((s1 - s0) / max(1, out["moves"]) * 1e6, 1),
        "pinned": pinned,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=40)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--moves", type=int, default=500, help="moves per table")
    ap.add_argument("--bytes", type=int, default=2300, help="bytes of one update")
    ap.add_argument("--stack", action="append", choices=STACKS, help="repeat to compare (default: all available)")
    ap.add_argument("--serve", choices=STACKS, help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.serve:
        tables = Tables(args.players, args.moves, args.bytes)
        kind, _, loop = args.serve.partition("-")
        serve = {"starlette": serve_starlette, "websockets": serve_websockets, "fengsheng": serve_fengsheng}[kind]
        serve(args.port, tables, loop == "uvloop")
        return 0
    try:
        import uvloop  # noqa: F401

        have_uvloop = True
    except ImportError:
        have_uvloop = False
    stacks = args.stack or [s for s in STACKS if have_uvloop or not s.endswith("uvloop")]
    rows = [run_stack(s, args) for s in stacks]
    out = {"tables": args.tables, "players": args.players, "bytes": args.bytes, "runs": rows}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for r in rows:
            print(
                f"{r['stack']:18} {r['moves_per_s']:8.1f} moves/s  p50 {r['latency_ms']['p50']:6.2f} ms  "
                f"p99 {r['latency_ms']['p99']:6.2f} ms  server {r['server_cpu_us_per_move']:6.1f} µs/move"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
