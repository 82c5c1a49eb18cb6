"""Nothing lost: ``kill -9`` on the server in the middle of 20 games, a restart on the same database, and every game
resumes at the same decision with every acknowledged answer stored; then the games play on to the end and their
replays verify. On SQLite, and on PostgreSQL when FENGSHENG_TEST_PG_URL is set (.ci/run sets it)."""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import websockets

from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.server.loadgen import TableRun, http, leaves, make_tables, play
from fengsheng.server.protocol import ClientState
from fengsheng.server.settings import config_of
from tests.server.conftest import fresh_pg, pg_url_or_skip
from tests.server.helpers import Server, run

TABLES = 20
SETTINGS = {"players": 5, "pace": 0, "min_window": 0, "timer": False, "ask": "all", "characters": True}


@dataclass
class Seen:
    """What one seat's client saw before the crash."""

    events: list[dict[str, Any]] = field(default_factory=list)
    answers: dict[int, str] = field(default_factory=dict)  # seq -> option sent
    acked: set[int] = field(default_factory=set)  # seqs answered whose update came back
    last_seq: int = -1
    question: dict[str, Any] | None = None  # the last question (at last_seq), if any


async def _client(ws_url: str, seen: Seen, rng: random.Random, ready: asyncio.Queue[int]) -> None:
    state = ClientState()
    try:
        async with websockets.connect(ws_url, max_size=1 << 24) as ws:
            ready.put_nowait(1)
            async for raw in ws:
                msg = json.loads(raw)
                if not state.apply(msg):
                    continue
                assert state.view is not None
                seen.events.extend(msg.get("events", []))
                seen.last_seq = msg["seq"]
                seen.acked.update(s for s in seen.answers if s < msg["seq"])
                seen.question = state.question
                if state.view["result"] is not None:
                    return
                q = msg.get("question")  # a new question
                if q is not None:
                    await asyncio.sleep(rng.uniform(0.002, 0.02))  # games stay in progress for a while
                    option = rng.choice(leaves(q["tree"]))
                    seen.answers[q["seq"]] = option
                    await ws.send(json.dumps({"type": "act", "seq": q["seq"], "option": option}))
    except (websockets.ConnectionClosed, OSError):
        return  # the server was killed


async def _until_kill(s: Server, runs: list[TableRun], seen: dict[tuple[str, int], Seen], seconds: float) -> None:
    ready: asyncio.Queue[int] = asyncio.Queue()
    jobs = []
    for i, r in enumerate(runs):
        for seat in range(r.players):
            url = f"{s.ws}/ws/{r.code}?token={r.tokens[seat]}&lang=none"
            seen[(r.code, seat)] = Seen()
            jobs.append(asyncio.ensure_future(_client(url, seen[(r.code, seat)], random.Random(i * 10 + seat), ready)))
    for _ in jobs:
        await ready.get()
    for r in runs:
        await asyncio.to_thread(http, s.base, "POST", f"/api/tables/{r.code}/start", {}, r.tokens[0])
    await asyncio.sleep(seconds)
    s.kill()  # SIGKILL: no shutdown, no flush
    await asyncio.gather(*jobs)


def stored(url: str, code: str) -> tuple[Config, int, list[tuple[int, str]]]:
    eng = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with eng.connect() as conn:
        row = conn.execute(sa.text("SELECT id, settings, seed_text FROM tables WHERE code = :c"), {"c": code}).one()
        ds = conn.execute(
            sa.text("SELECT seat, option FROM decisions WHERE table_id = :t ORDER BY n"), {"t": row[0]}
        ).all()
    eng.dispose()
    settings = json.loads(row[1])
    return config_of(settings), int(row[2]), [(int(a), str(b)) for a, b in ds]


def crash_and_resume(db: str) -> dict[str, int]:
    s = Server(db).start()
    runs = make_tables(s.base, TABLES, SETTINGS)
    seen: dict[tuple[str, int], Seen] = {}
    run(_until_kill(s, runs, seen, 2.0))
    assert s.proc is not None and s.proc.returncode == -9

    # what the database holds agrees with everything the clients were told
    acked = resumed_exactly = 0
    expected_seq: dict[str, tuple[int, int]] = {}
    ended: set[str] = set()  # games that ended just before the kill
    for r in runs:
        config, seed, decisions = stored(db, r.code)
        g = Game.new(config, seed)
        for seat, option in decisions:
            g.act(option, seat=seat)
        n_seen = max(seen[(r.code, k)].last_seq for k in range(r.players))
        in_flight = any(n_seen in seen[(r.code, k)].answers for k in range(r.players))
        assert len(decisions) in ((n_seen, n_seen + 1) if in_flight else (n_seen,)), (r.code, n_seen, len(decisions))
        expected_seq[r.code] = (len(decisions), n_seen)
        if g.decision is None:
            ended.add(r.code)
        for k in range(r.players):
            sn = seen[(r.code, k)]
            for seq in sn.acked:  # 0 actions lost: every acknowledged answer is stored where it was given
                assert decisions[seq] == (k, sn.answers[seq]), (r.code, k, seq)
                acked += 1
            assert sn.events == g.events_for(k)[: len(sn.events)], (r.code, k)

    # restart on the same database: every game resumes at the same decision
    s2 = Server(db, s.port).start()
    try:

        async def snapshots() -> None:
            nonlocal resumed_exactly
            for r in runs:
                for k in range(r.players if r.code not in ended else 0):
                    async with websockets.connect(f"{s2.ws}/ws/{r.code}?token={r.tokens[k]}&lang=none") as ws:
                        snap = json.loads(await ws.recv())
                        assert snap["type"] == "snapshot"
                        n_db, _n_seen = expected_seq[r.code]
                        assert snap["seq"] == n_db
                        sn = seen[(r.code, k)]
                        if n_db == sn.last_seq and sn.question is not None:  # the same question, asked again
                            assert snap["question"]["tree"] == sn.question["tree"]
                            resumed_exactly += 1

        run(snapshots())
        # and every game plays on to its end; the replays verify
        going = [r for r in runs if r.code not in ended]
        t0 = time.monotonic()
        run(play(s2.base, going, seed=7, start=False))
        for r in runs:
            assert r.result is not None or r.code in ended
            assert http(s2.base, "GET", f"/api/replays/{r.code}")["verified"]
        return {
            "tables": TABLES,
            "ended_before_kill": len(ended),
            "acked": acked,
            "resumed_exactly": resumed_exactly,
            "seconds": int(time.monotonic() - t0),
        }
    finally:
        s2.stop()


def test_kill_9_loses_nothing_on_sqlite(tmp_path: Path) -> None:
    out = crash_and_resume(f"sqlite:///{tmp_path / 'crash.db'}")
    assert out["acked"] > 100 and out["resumed_exactly"] > 0, out
    print("crash test (sqlite):", out)


def test_kill_9_loses_nothing_on_postgresql() -> None:
    out = crash_and_resume(fresh_pg(pg_url_or_skip()))
    assert out["acked"] > 100 and out["resumed_exactly"] > 0, out
    print("crash test (postgresql):", out)
