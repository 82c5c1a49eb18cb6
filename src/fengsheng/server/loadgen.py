"""A load generator: tables whose every seat is a websocket client answering as fast as the server allows.

Used by ``bench/server.py`` (moves/s, latency from an answer until every seat of the table has the update) and by
the wire leak test (every message every seat and the spectator received, with the view and question the client
rebuilt from it, kept for the oracle). Each client merges the messages as the browser does (``protocol.ClientState``:
a snapshot, then patches) and answers each new question with a random leaf of its choice tree (seeded), so the
games are the same kind of random games the engine's own leak test plays.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import orjson
import websockets

from fengsheng.server.protocol import RATE_LIMITED, ClientState


def http(base: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=60) as resp:
        return json.loads(resp.read())


def leaves(tree: dict[str, Any]) -> list[str]:
    if "option" in tree:
        return [str(tree["option"])]
    return [o for k in tree["children"] for o in leaves(k)]


class Received(NamedTuple):
    """One message as a client got it, and what the client knew after merging it: the whole view (rebuilt from the
    snapshot and the patches so far; ``None`` before any), the pending question and the table's public data."""

    msg: dict[str, Any]
    view: dict[str, Any] | None
    question: dict[str, Any] | None
    table: dict[str, Any] | None


@dataclass
class TableRun:
    """One table of the load: its code, the messages each reader got (if kept), latencies, moves."""

    code: str
    players: int
    tokens: list[str]
    messages: dict[int | None, list[Received]] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    sent: dict[int, float] = field(default_factory=dict)  # seq answered -> when
    seen: dict[int, set[int]] = field(default_factory=dict)  # seq answered -> seats that have an update past it
    final_seq: int = -1
    result: Any = None

    @property
    def clients(self) -> int:
        """Seats played by a client here (a seat without a token is a server bot)."""
        return sum(1 for t in self.tokens if t)


def make_tables(base: str, count: int, settings: dict[str, Any]) -> list[TableRun]:
    """``count`` tables of ``settings['players']`` human seats (one player per seat), not started yet."""
    runs = []
    for t in range(count):
        players = int(settings["players"])
        tokens = [http(base, "POST", "/api/players", {"name": f"load{t}-{s}"})["token"] for s in range(players)]
        code = http(base, "POST", "/api/tables", settings, tokens[0])["code"]
        for s in range(1, players):
            http(base, "POST", f"/api/tables/{code}/sit", {"seat": s}, tokens[s])
        runs.append(TableRun(code, players, tokens))
    return runs


def make_bot_tables(base: str, settings: list[tuple[dict[str, Any], int]]) -> list[TableRun]:
    """One table per (settings, seat): a client at that seat, server bots at the others (not started yet)."""
    runs = []
    for t, (st, seat) in enumerate(settings):
        token = http(base, "POST", "/api/players", {"name": f"wire{t}"})["token"]
        code = http(base, "POST", "/api/tables", st, token)["code"]
        if seat != 0:
            http(base, "POST", f"/api/tables/{code}/sit", {"seat": seat}, token)
        tokens = [""] * int(st["players"])
        tokens[seat] = token
        runs.append(TableRun(code, int(st["players"]), tokens))
    return runs


async def _seat(
    ws_base: str, run: TableRun, seat: int | None, rng: random.Random, keep: bool, lang: str, ready: asyncio.Queue[int]
) -> None:
    url = f"{ws_base}/ws/{run.code}?lang={lang}" + (f"&token={run.tokens[seat]}" if seat is not None else "")
    kept = run.messages.setdefault(seat, []) if keep else None
    state = ClientState()
    async with websockets.connect(url, max_size=1 << 24, compression=None) as ws:
        ready.put_nowait(1)
        async for raw in ws:
            msg = orjson.loads(raw)  # the client decodes every message whole, as a browser would (JSON.parse)
            game = state.apply(msg)
            if kept is not None:
                view = dict(state.view) if state.view is not None else None  # patches replace keys: a shallow copy
                kept.append(Received(msg, view, state.question, state.table))
            if msg["type"] == "error":
                if msg["code"] in ("auth", "shutdown", RATE_LIMITED):  # a dropped answer would leave the game waiting
                    raise RuntimeError(f"table {run.code} seat {seat}: {msg}")
                continue
            if not game:
                continue
            if state.table is not None and state.table.get("failed"):
                raise RuntimeError(f"table {run.code} failed: {state.table['failed']}")
            seq = msg["seq"]
            if seat is not None:
                now = time.perf_counter()
                for s in [s for s in run.sent if s < seq]:
                    got = run.seen.setdefault(s, set())
                    got.add(seat)
                    if len(got) == run.clients:
                        run.latencies.append(now - run.sent.pop(s))
                        del run.seen[s]
            assert state.view is not None
            if state.view["result"] is not None:
                run.final_seq = seq
                run.result = state.view["result"]
                return
            q = msg.get("question")  # present when the question changed: a new one to answer
            if q is not None and seat is not None:
                opts = leaves(q["tree"])
                option = opts[rng.randrange(len(opts))]
                run.sent[q["seq"]] = time.perf_counter()
                run.moves += 1
                await ws.send(orjson.dumps({"type": "act", "seq": q["seq"], "option": option}).decode())


async def play(
    base: str,
    runs: list[TableRun],
    seed: int = 0,
    keep: bool = False,
    spectators: bool = False,
    lang: str = "none",
    start: bool = True,
    timeout: float = 600.0,
) -> float:
    """Connect every seat of every table (and a spectator per table if asked), start the tables, play them to the
    end. Returns the seconds from the first start to the last game's end."""
    ws_base = "ws" + base[len("http") :]
    ready: asyncio.Queue[int] = asyncio.Queue()
    jobs = []
    for i, r in enumerate(runs):
        for s in range(r.players):
            if not r.tokens[s]:
                continue
            rng = random.Random(seed * 1_000_003 + i * 101 + s)
            jobs.append(asyncio.ensure_future(_seat(ws_base, r, s, rng, keep, lang, ready)))
        if spectators:
            jobs.append(asyncio.ensure_future(_seat(ws_base, r, None, random.Random(0), keep, lang, ready)))
    for _ in jobs:
        await ready.get()
    t0 = time.perf_counter()
    for r in runs if start else []:
        host = next(t for t in r.tokens if t)
        await asyncio.to_thread(http, base, "POST", f"/api/tables/{r.code}/start", {}, host)
    await asyncio.wait_for(asyncio.gather(*jobs), timeout)
    return time.perf_counter() - t0
