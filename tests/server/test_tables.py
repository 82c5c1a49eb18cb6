"""The table's sending side in one process (no sockets: connections with a stand-in sink): a second connection of a
seat that joins mid-game gets a snapshot and then patches, like the first, each with its own event cursor; every
message rebuilds exactly the seat's view; nothing is sent of a decision before its row is committed, and a group
commit that fails is tried again (and nothing of it sent before it succeeds)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import orjson

from fengsheng.server import protocol as P
from fengsheng.server.conn import Conn
from fengsheng.server.hall import Hall
from fengsheng.server.loadgen import leaves
from fengsheng.server.store import Store
from fengsheng.server.table import Table
from tests.server.helpers import Sink

FAST = {"players": 5, "pace": 0, "min_window": 0, "timer": False, "ask": "all"}


def _table(hall: Hall, humans: int) -> tuple[Table, list[int]]:
    pids = [hall.store.new_player(f"p{i}")[0] for i in range(humans)]
    t = hall.create(pids[0], dict(FAST))
    for i, pid in enumerate(pids):
        t.sit(pid, f"p{i}", i)
    return t, pids


def test_a_late_second_connection_of_a_seat(tmp_path: Path) -> None:
    async def go() -> None:
        hall = Hall(Store(f"sqlite:///{tmp_path / 't.db'}"))
        t, pids = _table(hall, 1)  # seat 0 a client, the others the server's bots
        rng = random.Random(1)
        checked = {"a": 0, "b": 0}
        done = asyncio.Event()

        def check(name: str, sink: Sink, msg: dict[str, Any]) -> None:
            if msg["type"] not in ("snapshot", "update"):
                return
            g = t.game
            assert g is not None and sink.state.view is not None
            assert msg["seq"] == t.seq
            assert sink.state.view == g.view(0), (name, msg["seq"])  # rebuilt exactly
            checked[name] += 1
            if g.decision is None:
                done.set()

        def answer(sink: Sink, msg: dict[str, Any]) -> None:
            check("a", sink, msg)
            q = msg.get("question")
            if q is not None:
                opts = leaves(q["tree"])
                m = P.ClientMessage("act", q["seq"], opts[rng.randrange(len(opts))])
                asyncio.get_running_loop().call_soon(t.receive, a, m)

        sa = Sink(answer)
        a = Conn(0, "en", sa)
        t.join(a)
        t.start(pids[0])
        while t.seq < 40:
            await asyncio.sleep(0.01)
        sb = Sink(lambda s, m: check("b", s, m))
        b = Conn(0, "zh", sb)
        t.join(b)
        t.snapshot(b)
        await asyncio.wait_for(done.wait(), 60)
        g = t.game
        assert g is not None
        assert sa.events == g.events_for(0)  # every event once, in order
        first = sb.msgs[0]
        assert first["type"] == "snapshot" and sb.events == g.events_for(0, first["first_event"])
        assert checked["a"] > 40 and checked["b"] > 10
        assert all("lines" in m for m in sb.msgs if m.get("events"))  # log lines in the seat's language
        hall.store.close()

    asyncio.run(go())


def test_nothing_is_sent_before_its_commit_and_a_failed_commit_is_retried(tmp_path: Path, monkeypatch: Any) -> None:
    async def go() -> None:
        store = Store(f"sqlite:///{tmp_path / 'c.db'}")
        hall = Hall(store)
        t, pids = _table(hall, 1)
        real = store.append_many
        failures = {"left": 1, "seen": 0}

        def flaky(rows: Any) -> None:
            if rows and failures["left"]:
                failures["left"] -= 1
                failures["seen"] += 1
                raise OSError("the database is away")
            real(rows)

        monkeypatch.setattr(store, "append_many", flaky)

        def stored() -> int:
            return len(store.table_by_code(t.code).decisions)  # type: ignore[union-attr]

        sent: list[int] = []
        rng = random.Random(2)

        def on(sink: Sink, msg: dict[str, Any]) -> None:
            if msg["type"] not in ("snapshot", "update"):
                return
            assert msg["seq"] <= stored(), "an update was sent before its decisions were stored"
            sent.append(msg["seq"])
            q = msg.get("question")
            if q is not None and len(sent) < 30:
                opts = leaves(q["tree"])
                m = P.ClientMessage("act", q["seq"], opts[rng.randrange(len(opts))])
                asyncio.get_running_loop().call_soon(t.receive, c, m)

        c = Conn(0, "none", Sink(on))
        t.join(c)
        t.start(pids[0])
        for _ in range(500):
            if len(sent) >= 30:
                break
            await asyncio.sleep(0.01)
        assert failures["seen"] == 1 and len(sent) >= 30, (failures, sent)
        assert t.failed is None and sent == sorted(sent) and sent[-1] <= stored()
        store.close()

    asyncio.run(go())


def test_an_answer_in_another_spelling_of_an_option_is_taken(tmp_path: Path) -> None:
    """An answer is found among the options by its notation (as the question's leaves write it) or, in any other
    spelling the engine's parser reads (spaces), parsed: both are taken; an option not on offer is refused
    (``illegal``), and nothing steps."""

    async def go() -> None:
        hall = Hall(Store(f"sqlite:///{tmp_path / 't.db'}"))
        t, pids = _table(hall, 5)
        sinks = [Sink() for _ in range(5)]
        conns = [Conn(i, "none", s) for i, s in enumerate(sinks)]
        for c in conns:
            t.join(c)
        t.start(pids[0])
        spelled = refused = 0
        for k in range(300):
            await asyncio.sleep(0)
            g = t.game
            assert g is not None
            d = g.decision
            if d is None:
                break
            seq = t.seq
            if k % 7 == 0:
                before = len(g.history)
                for bad in ("play c0 lock @9", "nonsense"):
                    try:
                        t.receive(conns[d.seat], P.ClientMessage("act", seq, bad))
                    except P.ProtocolError as exc:
                        assert exc.code == P.ILLEGAL
                        refused += 1
                assert len(g.history) == before
            option = str(d.options[k % len(d.options)])
            if k % 2:
                option = "  " + option.replace(" ", "   ") + " "  # another spelling of the same option
                spelled += 1
            t.receive(conns[d.seat], P.ClientMessage("act", seq, option))
            await asyncio.sleep(0)
            assert t.seq == seq + 1 and g.history[-1][1] == d.options[k % len(d.options)]
        assert spelled > 50 and refused > 20
        hall.store.close()

    asyncio.run(go())


def test_answers_as_fast_as_the_table_asks_are_never_rate_limited(tmp_path: Path) -> None:
    """The rate limit counts only what the server did not ask for: with the clock frozen (no token ever comes back
    with time) and a bucket of 10, five clients answer every question of a whole game at once (the busiest far more
    than 10; the table's seed is random, so a seat out early may answer fewer) and none is refused; then 10 pings
    from one of them pass and the 11th is refused (``rate_limited``). Before the refund, a websocket bot answering
    at full speed could run dry and its answer was dropped: the game waited."""

    async def go() -> None:
        hall = Hall(Store(f"sqlite:///{tmp_path / 'r.db'}"), clock=lambda: 1000.0)
        t, pids = _table(hall, 5)
        rng = random.Random(3)
        done = asyncio.Event()
        answered = [0] * 5

        def on(sink: Sink, msg: dict[str, Any]) -> None:
            if msg["type"] == "error":
                done.set()
                return
            if sink.state.view is not None and sink.state.view["result"] is not None:
                done.set()
            q = msg.get("question")
            if q is not None:
                seat = sinks.index(sink)
                opts = leaves(q["tree"])
                raw = orjson.dumps({"type": "act", "seq": q["seq"], "option": opts[rng.randrange(len(opts))]})
                answered[seat] += 1
                asyncio.get_running_loop().call_soon(t.received, conns[seat], raw.decode())

        sinks = [Sink(on) for _ in range(5)]
        conns = [Conn(i, "none", s) for i, s in enumerate(sinks)]
        for c in conns:
            c.rate = P.RateLimit(rate=100, burst=10)
            t.join(c)
        t.start(pids[0])
        await asyncio.wait_for(done.wait(), 60)
        assert not [m for s in sinks for m in s.msgs if m["type"] == "error"]
        assert t.game is not None and t.game.result is not None
        assert max(answered) > 30 and sum(answered) > 100, answered
        for _ in range(11):
            t.received(conns[0], '{"type": "ping"}')
        codes = [m.get("code") for m in sinks[0].msgs[-11:] if m["type"] == "error"]
        assert codes == [P.RATE_LIMITED] and sum(1 for m in sinks[0].msgs if m["type"] == "pong") == 10
        hall.store.close()

    asyncio.run(go())
