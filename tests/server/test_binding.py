"""A socket is bound to (player, table, seat) when it opens: when its player moves or leaves, when a bot or another
player takes the seat, when the player's token is revoked, the server closes it (``P.CLOSE_SEAT_CHANGED``,
``P.CLOSE_REVOKED``) and from that moment it is sent nothing of the seat and answers nothing for it.

In one process (the real hall, tables, store and connections; sinks in place of the sockets, as
``test_tables.py``): one test per path, each failing before the binding existed (the old socket kept its seat:
it was sent the new occupant's view and its answer was stored as the seat's decision); then a property test over
random sequences of sit / move / leave / bots / revoke / reconnect / start / answers, checking at every message
that each socket is sent exactly what its binding (kept by an independent model) may see, and that no answer of
an unbound socket is ever taken. Last, the move and the revocation over real sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import websockets

from fengsheng.server import protocol as P
from fengsheng.server.conn import Conn
from fengsheng.server.hall import Hall
from fengsheng.server.settings import LobbyError
from fengsheng.server.store import Store
from fengsheng.server.table import Seat, Table
from tests.server.helpers import Server, Sink, run
from tests.suite import sized

FAST = {"players": 4, "pace": 0, "min_window": 0, "timer": False, "ask": "all", "bots": "random"}


def private(msgs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages that carry anything of a seat: a view, events, a question."""
    return [m for m in msgs if m["type"] in ("snapshot", "update") and ({"view", "events", "question"} & m.keys())]


class Lobby:
    """A fresh hall, players host, b and c with their tokens, and one table hosted by ``host`` (not seated). On a
    fresh SQLite file in ``tmp``, or on ``store`` with its ``players`` (name: (id, token)) when given."""

    def __init__(
        self,
        tmp: Path | None,
        settings: dict[str, Any] | None = None,
        store: Store | None = None,
        players: dict[str, tuple[int, str]] | None = None,
    ) -> None:
        if store is None:
            assert tmp is not None
            store = Store(f"sqlite:///{tmp / 'b.db'}")
        self.store = store
        self.hall = Hall(self.store)
        if players is None:
            players = {name: self.store.new_player(name) for name in ("host", "b", "c")}
        self.ids = {n: p[0] for n, p in players.items()}
        self.tokens = {n: p[1] for n, p in players.items()}
        self.t = self.hall.create(self.ids["host"], dict(settings or FAST))

    def sit(self, name: str, seat: int) -> None:
        self.t.sit(self.ids[name], name, seat)
        self.t.broadcast()  # as the lobby's HTTP handler does after every action

    def open(self, name: str, token: str | None = None) -> tuple[Sink, Conn]:
        sink = Sink()
        conn = self.hall.connect(sink, self.t.code, self.tokens[name] if token is None else token, "none")
        assert conn is not None, sink.msgs
        self.t.snapshot(conn)
        return sink, conn

    def start(self) -> None:
        self.t.start(self.ids["host"])
        self.t.broadcast()

    async def asked(self, seat: int, others: dict[int, Conn] | None = None) -> None:
        """Let the table run until ``seat`` is asked a question (the ``others`` seats answering theirs)."""
        for _ in range(2000):
            if self.t.asking(seat) is not None:
                for _ in range(3):
                    await asyncio.sleep(0)  # the group commit, then the update that carries the question
                return
            g = self.t.game
            d = g.decision if g is not None else None
            if d is not None and others and d.seat in others and self.t.asking(d.seat) is not None:
                assert self.answer(others[d.seat])
            await asyncio.sleep(0)
        raise AssertionError(f"seat {seat} was never asked")

    def answer(self, conn: Conn) -> bool:
        """``conn`` answers the pending decision (its first option, as the client would): whether it was taken
        (stored now, or waiting in the table to be applied)."""
        g = self.t.game
        assert g is not None and g.decision is not None
        before = len(g.history)
        raw = json.dumps({"type": "act", "seq": self.t.seq, "option": str(g.decision.options[0])})
        self.t.received(conn, raw)
        waiting = self.t.answer is not None and self.t.answer[2] is conn
        return len(g.history) > before or waiting

    def stored(self) -> list[tuple[int, str]]:
        self.hall.flush()
        row = self.store.table_by_code(self.t.code)
        assert row is not None
        return list(row.decisions)

    async def close(self) -> None:
        task = self.t.task
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.store.close()


def assert_unbound(sink: Sink, conn: Conn, lobby: Lobby, code: int, reason: str, sent: int) -> None:
    """The socket is closed with ``code`` (its reason contains ``reason``), was sent nothing after its first
    ``sent`` messages, and an answer on it is refused and not stored."""
    assert sink.closed and sink.code == code and reason in sink.reason, (sink.code, sink.reason)
    assert sink.msgs[sent:] == [] and conn not in lobby.t.conns
    g = lobby.t.game
    if g is not None and g.decision is not None:
        stored = lobby.stored()
        assert not lobby.answer(conn)
        assert lobby.stored() == stored and len(g.history) == len(stored)


def test_a_player_who_moves_loses_his_old_seat_and_reconnects_to_the_new_one(tmp_path: Path) -> None:
    """The tester's case: b opens his socket at seat 1, moves to 2, c sits at 1, the game starts: b's old socket
    was sent seat 1's view (c's identity, character, hand) and answered seat 1's first question. Now it is closed
    at the move (4409), gets nothing of seat 1, its answer is refused; b reconnects to seat 2, c has seat 1."""

    async def go() -> None:
        lb = Lobby(tmp_path)
        lb.sit("b", 1)
        old, old_conn = lb.open("b")
        sent = len(old.msgs)
        lb.sit("b", 2)
        assert old.closed and old.code == P.CLOSE_SEAT_CHANGED and old.reason == "moved to seat 2: reconnect"
        lb.sit("c", 1)
        c, c_conn = lb.open("c")
        new, new_conn = lb.open("b")
        lb.start()
        await lb.asked(1, {2: new_conn})
        assert c.state.view is not None and c.state.view["seat"] == 1 and c.state.question is not None
        assert new.state.view is not None and new.state.view["seat"] == 2  # bound to the seat he has now
        assert "me" in new.state.view and "me" in c.state.view
        assert_unbound(old, old_conn, lb, P.CLOSE_SEAT_CHANGED, "moved", sent)
        assert lb.answer(c_conn)  # the seat's player answers it
        await lb.close()

    asyncio.run(go())


def test_a_player_who_leaves_loses_the_seat(tmp_path: Path) -> None:
    """b leaves seat 1; it stays empty until the start gives it a bot: b's socket is closed at the leave (4409),
    and is sent nothing of the seat in the game."""

    async def go() -> None:
        lb = Lobby(tmp_path)
        lb.sit("b", 1)
        lb.sit("c", 2)
        old, old_conn = lb.open("b")
        sent = len(old.msgs)
        lb.t.leave(lb.ids["b"])
        assert old.closed and old.code == P.CLOSE_SEAT_CHANGED and old.reason == "left the seat"
        lb.t.broadcast()
        lb.start()
        await lb.asked(2)
        assert_unbound(old, old_conn, lb, P.CLOSE_SEAT_CHANGED, "left", sent)
        assert lb.hall.connect(Sink(), lb.t.code, lb.tokens["b"], "none") is None  # b has no seat here any more
        await lb.close()

    asyncio.run(go())


def test_a_bot_takes_the_seat(tmp_path: Path) -> None:
    """The host gives seat 1 to a bot after b left it; and, should a seat change hands without the lobby's own
    check (set here behind its back), the first message for the old socket finds the binding gone: closed,
    ``seat taken by a bot``, nothing sent. The bot's seat's view never reaches either old socket."""

    async def go() -> None:
        lb = Lobby(tmp_path)
        lb.sit("b", 1)
        lb.sit("c", 2)
        old, old_conn = lb.open("b")
        sent = len(old.msgs)
        lb.t.leave(lb.ids["b"])
        lb.t.set_bot(lb.ids["host"], 1, True)
        lb.t.broadcast()
        c_old, c_conn = lb.open("c")
        c_sent = len(c_old.msgs)
        lb.t.seats[2] = Seat("bot", None, "random")  # behind the lobby's back: only the binding check sees it
        lb.t.broadcast()
        assert c_old.closed and c_old.code == P.CLOSE_SEAT_CHANGED and c_old.reason == "seat taken by a bot"
        lb.start()
        g = lb.t.game
        assert g is not None
        while not g.history:
            await asyncio.sleep(0)
        assert_unbound(old, old_conn, lb, P.CLOSE_SEAT_CHANGED, "left", sent)
        assert_unbound(c_old, c_conn, lb, P.CLOSE_SEAT_CHANGED, "bot", c_sent)
        await lb.close()

    asyncio.run(go())


def test_another_player_takes_the_seat(tmp_path: Path) -> None:
    """b leaves seat 1 and c sits there: b's socket is closed (4409) at the leave; c is asked seat 1's question
    and answers it; b's old socket is sent nothing of it and its answer is refused, not stored."""

    async def go() -> None:
        lb = Lobby(tmp_path)
        lb.sit("b", 1)
        old, old_conn = lb.open("b")
        sent = len(old.msgs)
        lb.t.leave(lb.ids["b"])
        lb.sit("c", 1)
        c, c_conn = lb.open("c")
        lb.start()
        await lb.asked(1)
        assert c.state.question is not None
        assert_unbound(old, old_conn, lb, P.CLOSE_SEAT_CHANGED, "left", sent)
        assert lb.answer(c_conn)
        # a seat given to another player behind the lobby's back: the check itself says so
        (tmp_path / "2").mkdir()
        lb2 = Lobby(tmp_path / "2")
        lb2.sit("b", 1)
        stale, stale_conn = lb2.open("b")
        lb2.t.seats[1] = Seat("human", lb2.ids["c"], "c")
        assert not lb2.t.holds(stale_conn)
        assert stale.code == P.CLOSE_SEAT_CHANGED and stale.reason == "seat taken by another player"
        await lb.close()
        await lb2.close()

    asyncio.run(go())


def test_a_revoked_token_closes_what_it_opened(tmp_path: Path) -> None:
    """b's socket at seat 1 mid-game, its question pending: revoking b's token closes it at once (4403); its
    answer is refused; an answer it sent just before, still waiting in the table when the token was revoked, is
    dropped; the old token opens nothing; the new one reconnects to seat 1 and answers."""

    async def go() -> None:
        lb = Lobby(tmp_path, dict(FAST, timer=True, clock=60))  # the clock runs: an answer waits for the task
        lb.sit("b", 1)
        old, old_conn = lb.open("b")
        lb.start()
        await lb.asked(1)
        stored = lb.stored()
        assert lb.answer(old_conn)  # taken, waiting for the table's task (it sleeps on the clock)
        sent = len(old.msgs)
        token = lb.hall.revoke(lb.ids["b"])
        for _ in range(50):
            await asyncio.sleep(0)
        assert lb.stored() == stored and lb.t.asking(1) is not None  # the waiting answer was dropped
        assert_unbound(old, old_conn, lb, P.CLOSE_REVOKED, "revoked", sent)
        refused = Sink()
        assert lb.hall.connect(refused, lb.t.code, lb.tokens["b"], "none") is None
        assert refused.code == P.CLOSE_REFUSED and refused.msgs[0]["code"] == "auth"
        new, new_conn = lb.open("b", token)
        assert new.msgs[0]["type"] == "snapshot" and new.msgs[0]["seat"] == 1 and new.state.question is not None
        assert lb.answer(new_conn)
        for _ in range(50):
            await asyncio.sleep(0)
        assert len(lb.stored()) > len(stored)
        await lb.close()

    asyncio.run(go())


# ------------------------------------------------------------------------------------------------------------------
# the property: random sequences against an independent model of the bindings


@dataclass
class Sock:
    """A socket in the model: who opened it, for which seat, with which token epoch; ``expect``: the close code it
    must have been closed with (set by the model at the op that unbound it; ``None``: bound)."""

    sink: Sink
    conn: Conn | None
    player: int | None  # None: a spectator
    seat: int | None
    epoch: int
    expect: int | None = None
    first: int = 0  # where its events start (a snapshot's first_event)
    events: list[dict[str, Any]] = field(default_factory=list)


class Model:
    """The bindings as they must be, kept apart from the server: seats (a player id, ``"bot"`` or ``None``),
    tokens and their epochs, every socket opened; and the checks of every message against them."""

    def __init__(self, lobby: Lobby, rng: random.Random) -> None:
        self.lb, self.rng = lobby, rng
        self.t: Table = lobby.t
        self.seats: list[int | str | None] = [None] * self.t.settings["players"]
        self.epoch = {pid: 0 for pid in lobby.ids.values()}
        self.old_tokens: dict[int, list[str]] = {pid: [] for pid in lobby.ids.values()}
        self.socks: list[Sock] = []
        self.messages = self.stale_taken = self.stale_tried = self.taken = self.refused = 0
        self.trail: list[str] = []

    # what each socket may see --------------------------------------------------------------------------------
    def check(self, s: Sock, msg: dict[str, Any]) -> None:
        """At every message: its socket is bound, and what it has now is exactly its seat's (a spectator's: the
        spectator's): the rebuilt view equals the engine's, events are the seat's from where it started, a
        question only while the seat is asked."""
        self.messages += 1
        assert s.expect is None, f"a message to an unbound socket: {msg['type']} ({self.trail})"
        if msg["type"] not in ("snapshot", "update"):
            return
        g = self.t.game
        assert g is not None
        if msg["type"] == "snapshot":
            assert msg["seat"] == s.seat
            s.first, s.events = msg["first_event"], []
        s.events += msg.get("events", [])
        assert s.sink.state.view == g.view(s.seat), self.trail
        assert s.events == g.events_for(s.seat, s.first), self.trail
        if s.sink.state.question is not None:
            assert s.seat is not None and g.decision is not None and g.decision.seat == s.seat, self.trail

    def unbind(self) -> None:
        """After the model's seats or epochs changed: the sockets it unbinds, with the code they must get."""
        for s in self.socks:
            if s.expect is not None or s.player is None:
                continue
            if self.epoch[s.player] != s.epoch:
                s.expect = P.CLOSE_REVOKED
            elif s.seat is None or self.seats[s.seat] != s.player:
                s.expect = P.CLOSE_SEAT_CHANGED

    def verify(self) -> None:
        """Every socket the model unbound is closed with its code and gone from the table; every bound one open."""
        for s in self.socks:
            if s.expect is None:
                assert not s.sink.closed, (s.sink.code, s.sink.reason, self.trail)
            else:
                assert s.sink.closed and s.sink.code == s.expect, (s.expect, s.sink.code, s.sink.reason, self.trail)
                assert s.conn not in self.t.conns

    # the ops ---------------------------------------------------------------------------------------------------
    def seat_of(self, pid: int) -> int | None:
        return next((i for i, p in enumerate(self.seats) if p == pid), None)

    def lobby_op(self, fn: Callable[[], None], change: Callable[[], None]) -> None:
        """A lobby action: refused once the game started (nothing changes), else the model first, then the table,
        then the broadcast the HTTP handler sends."""
        if self.t.status != "lobby":
            with pytest.raises(LobbyError):
                fn()
            return
        change()
        self.unbind()
        fn()
        self.t.broadcast()

    def step(self) -> None:
        rng, t, ids = self.rng, self.t, self.lb.ids
        pid = rng.choice(list(ids.values()))
        empty = [i for i, p in enumerate(self.seats) if p is None]
        lobby = ["sit"] * 6 + ["leave"] * 2 + ["bot", "revoke", "spectate", "start"] + ["open"] * 5
        kind = rng.choice(lobby)
        if t.status == "playing":
            kind = rng.choice([kind] * 3 + ["answer"] * 4 + ["stale"] * 3 + ["wait"])
        if kind == "open" and rng.random() < 0.8:
            pid = rng.choice([p for p in self.seats if isinstance(p, int)] or [pid])  # mostly a seated player
        self.trail.append(kind)
        if kind == "sit" and empty:
            seat = rng.choice(empty)

            def sit() -> None:
                old = self.seat_of(pid)
                if old is not None:
                    self.seats[old] = None
                self.seats[seat] = pid

            self.lobby_op(lambda: t.sit(pid, f"p{pid}", seat), sit)
        elif kind == "leave" and (old := self.seat_of(pid)) is not None:
            self.lobby_op(lambda: t.leave(pid), lambda: self.seats.__setitem__(old, None))
        elif kind == "bot":
            seat = rng.randrange(len(self.seats))
            if self.seats[seat] in (None, "bot"):
                on = self.seats[seat] is None
                self.lobby_op(
                    lambda: t.set_bot(ids["host"], seat, on),
                    lambda: self.seats.__setitem__(seat, "bot" if on else None),
                )
        elif kind == "revoke":
            self.epoch[pid] += 1
            self.unbind()
            name = next(n for n, i in ids.items() if i == pid)
            self.old_tokens[pid].append(self.lb.tokens[name])
            self.lb.tokens[name] = self.lb.hall.revoke(pid)
        elif kind in ("open", "spectate"):
            self.open(pid if kind == "open" else None)
        elif kind == "start":

            def fill() -> None:
                self.seats = [p if p is not None else "bot" for p in self.seats]

            if t.status == "lobby":
                self.lobby_op(lambda: t.start(ids["host"]), fill)
            else:
                self.lobby_op(lambda: t.start(ids["host"]), lambda: None)
        elif kind in ("answer", "stale"):
            self.answer(stale=kind == "stale")

    def open(self, pid: int | None) -> None:
        """A socket by token (the player's present one, or sometimes a revoked one) or a spectator's."""
        token = current = ""
        if pid is not None:
            current = token = self.lb.tokens[next(n for n, i in self.lb.ids.items() if i == pid)]
            if self.old_tokens[pid] and self.rng.random() < 0.3:
                token = self.rng.choice(self.old_tokens[pid])
        seat = self.seat_of(pid) if pid is not None else None
        ok = pid is None or (seat is not None and token == current)
        sink = Sink()
        s = Sock(sink, None, pid, seat, self.epoch[pid] if pid is not None else 0)
        if ok:
            sink.on = lambda _sink, msg: self.check(s, msg)
            self.socks.append(s)
        s.conn = self.lb.hall.connect(sink, self.t.code, token, "none")
        if not ok:
            assert s.conn is None and sink.code == P.CLOSE_REFUSED and [m["code"] for m in sink.msgs] == ["auth"]
            self.refused += 1
            return
        assert s.conn is not None
        self.t.snapshot(s.conn)

    def answer(self, stale: bool) -> None:
        """A socket of the asked seat answers (a stale one, if any, with ``stale``); a bound one is taken, an
        unbound one never."""
        g = self.t.game
        if g is None or g.decision is None:
            return
        asked = g.decision.seat
        pool = [s for s in self.socks if s.conn is not None and s.seat == asked and (s.expect is not None) == stale]
        if not pool:
            pool = [s for s in self.socks if s.conn is not None and (s.expect is not None) == stale]
        if not pool:
            return
        s = self.rng.choice(pool)
        assert s.conn is not None
        taken = self.lb.answer(s.conn)
        if s.expect is not None:
            assert not taken, f"an answer of an unbound socket was taken ({self.trail})"
            self.stale_taken += taken
            self.stale_tried += 1
        elif taken:
            self.taken += 1


def test_random_sequences_send_each_socket_only_what_its_binding_may_see(tmp_path: Path) -> None:
    """Random sequences of sit / move / leave / bots / revoke / (re)connect / spectate / start, then answers by
    bound and unbound sockets: at every message the model's checks (``Model.check``), after every op every
    socket closed exactly when and how the model says (``Model.verify``), and 0 answers taken from an unbound
    socket, while the bound ones are taken."""
    sequences = sized(200, 3000)

    async def go() -> dict[str, int]:
        totals = dict.fromkeys(("messages", "taken", "stale_taken", "stale_tried", "refused", "unbound", "started"), 0)
        store = Store(f"sqlite:///{tmp_path / 'p.db'}")
        ids = {n: store.new_player(n) for n in ("host", "b", "c")}
        for k in range(sequences):
            rng = random.Random(k)
            lb = Lobby(None, dict(FAST, players=rng.choice([3, 4])), store, ids)
            m = Model(lb, rng)
            m.trail.append(f"sequence {k}")
            for _ in range(rng.randrange(10, 60)):
                m.step()
                for _ in range(rng.choice([0, 1, 3])):
                    await asyncio.sleep(0)  # the table's task and the group commit run
                m.verify()
            task = lb.t.task
            if task is not None:
                totals["started"] += 1
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            ids = {n: (lb.ids[n], lb.tokens[n]) for n in lb.ids}  # tokens revoked in this sequence stay revoked
            totals["messages"] += m.messages
            totals["taken"] += m.taken
            totals["stale_taken"] += m.stale_taken
            totals["stale_tried"] += m.stale_tried
            totals["refused"] += m.refused
            totals["unbound"] += sum(1 for s in m.socks if s.expect is not None)
        store.close()
        return totals

    totals = asyncio.run(go())
    assert totals["stale_taken"] == 0
    # the sequences did exercise every path
    assert totals["started"] > sequences // 4 and totals["taken"] > sequences // 4, totals
    assert totals["unbound"] > sequences and totals["stale_tried"] > sequences // 2, totals
    assert totals["refused"] > sequences // 10 and totals["messages"] > 20 * sequences, totals


# ------------------------------------------------------------------------------------------------------------------
# over real sockets


async def _closed(ws: Any, timeout: float = 10) -> tuple[int, str, list[dict[str, Any]]]:
    """Read until the server closes the socket: its close code, reason and the messages before."""
    msgs = []
    with contextlib.suppress(websockets.ConnectionClosed):
        while True:
            msgs.append(json.loads(await asyncio.wait_for(ws.recv(), timeout)))
    assert ws.close_code is not None
    return int(ws.close_code), str(ws.close_reason), msgs


def test_move_and_revoke_over_real_sockets(server: Server) -> None:
    """b opens a socket at seat 1 and moves to 2 over HTTP: closed with 4409 and nothing of the game; c sits at
    1; b's new socket is seat 2's; revoking b's token mid-game closes it with 4403; the new token reconnects."""
    host, b, c = server.player("h"), server.player("b"), server.player("c")
    code = str(server.post("/api/tables", dict(FAST, timer=False), host)["code"])
    server.post(f"/api/tables/{code}/sit", {"seat": 1}, b)

    async def go() -> None:
        async with websockets.connect(f"{server.ws}/ws/{code}?token={b}&lang=none") as old:
            assert json.loads(await old.recv())["type"] == "table"
            server.post(f"/api/tables/{code}/sit", {"seat": 2}, b)
            server.post(f"/api/tables/{code}/sit", {"seat": 1}, c)
            server.post(f"/api/tables/{code}/start", {}, host)
            close, reason, msgs = await _closed(old)
            assert close == P.CLOSE_SEAT_CHANGED and "seat 2" in reason and private(msgs) == []
        async with websockets.connect(f"{server.ws}/ws/{code}?token={b}&lang=none") as ws:
            snap = json.loads(await ws.recv())
            assert snap["type"] == "snapshot" and snap["seat"] == 2 and snap["view"]["seat"] == 2
            new = server.post("/api/players/revoke", {}, b)["token"]
            close, reason, msgs = await _closed(ws)
            assert close == P.CLOSE_REVOKED and "revoked" in reason
        async with websockets.connect(f"{server.ws}/ws/{code}?token={b}&lang=none") as ws:
            close, _, msgs = await _closed(ws)
            assert close == P.CLOSE_REFUSED and msgs[0]["code"] == "auth"
        async with websockets.connect(f"{server.ws}/ws/{code}?token={new}&lang=none") as ws:
            snap = json.loads(await ws.recv())
            assert snap["type"] == "snapshot" and snap["seat"] == 2

    run(go())
