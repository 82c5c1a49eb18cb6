"""No table hangs (issue 33, item 10b): an asked seat whose player has no connection is played by its bot after
``abandon_after`` seconds, with or without the timer, and taken back when he returns; the seats away and the time
banks survive a restart as they were (they are stored with the table), not full banks with everyone back."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from fengsheng.server import protocol as P
from fengsheng.server.conn import Conn
from fengsheng.server.hall import Hall
from fengsheng.server.loadgen import leaves
from fengsheng.server.store import Store
from fengsheng.server.table import Table
from tests.server.helpers import Sink

NO_TIMER = {"players": 4, "pace": 0, "min_window": 0, "timer": False, "ask": "all", "bots": "random"}


def _seated(hall: Hall, humans: int, settings: dict[str, Any]) -> tuple[Table, list[int]]:
    pids = [hall.store.new_player(f"p{i}")[0] for i in range(humans)]
    t = hall.create(pids[0], dict(settings))
    for i, pid in enumerate(pids):
        t.sit(pid, f"p{i}", i)
    return t, pids


def _answering(t: Table, seat: int, rng: random.Random, delay: float = 0.0) -> tuple[Conn, Sink]:
    """A connection of ``seat`` that answers every question it is asked at random (after ``delay`` seconds)."""

    def on(sink: Sink, msg: dict[str, Any]) -> None:
        q = msg.get("question")
        if q is not None and msg["type"] in ("snapshot", "update"):
            opts = leaves(q["tree"])
            m = P.ClientMessage("act", q["seq"], opts[rng.randrange(len(opts))])
            asyncio.get_running_loop().call_later(delay, t.receive, conn, m)

    sink = Sink(on)
    conn = Conn(seat, "en", sink)
    t.join(conn)
    return conn, sink


async def _until(pred: Any, seconds: float) -> bool:
    for _ in range(int(seconds / 0.01)):
        if pred():
            return True
        await asyncio.sleep(0.01)
    return bool(pred())


def test_a_game_without_a_timer_ends_when_a_player_never_connects(tmp_path: Path) -> None:
    async def go() -> None:
        hall = Hall(Store(f"sqlite:///{tmp_path / 'a.db'}"), abandon_after=0.3)
        t, pids = _seated(hall, 2, NO_TIMER)
        _answering(t, 0, random.Random(1))  # seat 1's player never comes
        t.start(pids[0])
        assert await _until(lambda: 1 in t.away, 10), "seat 1 was never handed to its bot"
        assert await _until(lambda: t.status == "over", 60), f"the game hangs at {t.seq}"
        assert t.game is not None and t.game.result is not None

    asyncio.run(go())


def test_a_player_who_leaves_mid_game_is_replaced_then_takes_his_seat_back(tmp_path: Path) -> None:
    async def go() -> None:
        hall = Hall(Store(f"sqlite:///{tmp_path / 'b.db'}"), abandon_after=0.3)
        t, pids = _seated(hall, 2, NO_TIMER)
        rng = random.Random(2)
        _answering(t, 0, rng)
        c1, _ = _answering(t, 1, rng)
        t.start(pids[0])
        assert await _until(lambda: t.seq > 20, 20)
        assert not t.away
        c1.close()
        t.part(c1)  # his socket is gone (as app.py reports a close)
        assert 1 in t.offline_since
        assert await _until(lambda: 1 in t.away, 10), "seat 1 was never handed to its bot"
        back, _ = _answering(t, 1, rng)  # he returns: connected again, and asks for his seat back
        assert 1 not in t.offline_since
        t.receive(back, P.ClientMessage("back"))
        assert 1 not in t.away
        assert await _until(lambda: t.status == "over", 60), f"the game hangs at {t.seq}"

    asyncio.run(go())


def test_seats_away_and_time_banks_survive_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'c.db'}"
    timed = dict(NO_TIMER, timer=True, clock=1, bank=3)

    async def before() -> tuple[str, list[float]]:
        hall = Hall(Store(db), abandon_after=3600)
        t, pids = _seated(hall, 3, timed)
        rng = random.Random(3)
        _answering(t, 0, rng)
        _answering(t, 1, rng, delay=1.4)  # seat 1 answers late: past its 1 s clock, into its bank
        # seat 2's player never connects: with abandon_after long, his clock and bank run out first
        t.start(pids[0])
        assert await _until(lambda: 2 in t.away and t.bank[1] < 3, 30), (t.away, t.bank)
        bank = list(t.bank)
        assert bank[2] == 0 and 0 < bank[1] < 3 and bank[0] == 3, bank
        assert t.task is not None
        t.task.cancel()  # the server dies here (everything above is already stored)
        hall.store.close()
        return t.code, bank

    code, bank = asyncio.run(before())

    async def after() -> None:
        hall = Hall(Store(db), abandon_after=3600)
        assert hall.restore() == 1
        t = hall.tables[code]
        assert t.away == {2}, t.away  # still away: his bot plays on
        assert t.bank == [round(b, 3) for b in bank], (t.bank, bank)
        assert t.match is not None and t.match.bot(2) is not None and t.match.bot(1) is None
        assert t.task is not None
        t.task.cancel()
        hall.store.close()

    asyncio.run(after())
