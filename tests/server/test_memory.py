"""Finished tables leave memory (issue 33, item 9): a table stays in the hall ``keep_finished`` seconds after its game
ended (its end shown, a rematch asked for), then leaves it, its sockets closed with ``CLOSE_GONE``; its game stays in
the store, where replays and stats read it. Over many finished games the server's memory stays flat."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fengsheng.server import protocol as P
from fengsheng.server.conn import Conn
from fengsheng.server.hall import Hall
from fengsheng.server.loadgen import make_bot_tables, play
from fengsheng.server.store import Store
from tests.server.helpers import Server, Sink
from tests.suite import full, sized

BOTS_ONLY = {"players": 5, "pace": 0, "min_window": 0, "timer": False, "ask": "all", "bots": "random"}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_finished_table_leaves_the_hall_after_keep_finished(tmp_path: Path) -> None:
    async def go() -> None:
        clock = Clock()
        store = Store(f"sqlite:///{tmp_path / 'm.db'}")
        hall = Hall(store, clock, keep_finished=60)
        pid = store.new_player("host")[0]
        ended: list[tuple[str, Sink]] = []
        for _ in range(3):  # tables of bots only (the host starts them without sitting), a spectator at each
            t = hall.create(pid, dict(BOTS_ONLY))
            sink = Sink()
            t.join(Conn(None, "en", sink))
            t.start(pid)
            ended.append((t.code, sink))
        for _ in range(3000):
            if all(hall.tables[c].status == "over" for c, _ in ended):
                break
            await asyncio.sleep(0.01)
        assert all(hall.tables[c].status == "over" for c, _ in ended)
        assert set(hall.finished) == {c for c, _ in ended}
        clock.now += 59  # still within keep_finished: the end is shown, a rematch may be asked for
        hall.create(pid, dict(BOTS_ONLY))  # creating a table sweeps
        assert all(c in hall.tables for c, _ in ended) and not any(s.closed for _, s in ended)
        clock.now += 2
        assert hall.sweep() == 3
        assert all(c not in hall.tables for c, _ in ended) and not hall.finished
        assert all(s.code == P.CLOSE_GONE for _, s in ended)
        assert hall.sweep() == 0
        for c, _ in ended:  # the games stay in the store, where replays and stats read them
            row = store.table_by_code(c)
            assert row is not None and row.status == "over"
        assert {c for c, _ in ended} <= {g["code"] for g in store.finished()}

    asyncio.run(go())


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_memory_stays_flat_over_many_finished_games(tmp_path: Path) -> None:
    """Finished games through one server (``--keep-finished 0``): the hall keeps none of them, and (full suite,
    1,000 games) the server's RSS after the first 100 grows by less than 20 MB."""
    warm, games, batch = sized(25, 100), sized(75, 1000), 25
    s = Server(f"sqlite:///{tmp_path / 'flat.db'}", args=("--keep-finished", "0")).start()
    try:
        assert s.proc is not None
        rss: dict[int, int] = {}
        health: list[dict[str, Any]] = []
        for lo in range(0, games, batch):
            runs = make_bot_tables(s.base, [(dict(BOTS_ONLY), i % 5) for i in range(lo, lo + batch)])
            asyncio.run(play(s.base, runs, seed=lo))
            done = lo + batch
            health.append(s.get("/health"))
            if done >= warm:
                rss[done] = _rss_kb(s.proc.pid)
        assert all(h["tables"] <= batch for h in health), health  # never more than the batch being played
        assert health[-1]["tables"] == 0 and health[-1]["playing"] == 0, health[-1]
        growth_mb = (rss[games] - rss[warm]) / 1024
        print("RSS (MB) after n games:", {n: round(kb / 1024) for n, kb in rss.items()})
        if full():
            assert growth_mb < 20, rss
    finally:
        s.stop()
