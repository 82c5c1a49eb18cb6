"""The hall: every table of this server process and the store behind them. It creates tables and rematches, restores
unfinished ones at start (replaying their decision lists), authenticates and binds websocket connections, revokes
tokens, commits the tables' new decisions in one group commit per loop turn, and shuts down by flushing and closing
connections."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any, Final

from fengsheng.errors import FengshengError
from fengsheng.server import protocol as P
from fengsheng.server.conn import Conn, Sink
from fengsheng.server.draws import new_code, new_seed
from fengsheng.server.settings import LobbyError, check_settings
from fengsheng.server.store import Store
from fengsheng.server.table import Seat, Table

log = logging.getLogger("fengsheng.server")
RETRY_COMMIT: Final = 0.5  # seconds before a failed group commit is tried again
KEEP_FINISHED: Final = 600.0  # seconds a finished table stays in memory (its end shown, a rematch asked for)
ABANDON_AFTER: Final = 90.0  # seconds an asked seat without a connection waits before its bot plays it


class Hall:
    """Every table of this server process, and the store behind them."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.monotonic,
        keep_finished: float = KEEP_FINISHED,
        abandon_after: float = ABANDON_AFTER,
    ) -> None:
        self.store = store
        self.clock = clock
        self.keep_finished = keep_finished
        self.abandon_after = abandon_after
        self.tables: dict[str, Table] = {}
        self.finished: dict[str, float] = {}  # code -> when its game ended, oldest first (sweep)
        self.finished_hooks: list[Callable[[Table], None]] = []
        self.revocations: dict[int | None, int] = {}  # token revocations per player since start (Conn.epoch)
        self._dirty: dict[int, Table] = {}
        self._scheduled = False

    def dirty(self, t: Table) -> None:
        """``t`` has stepped: flush soon (once per turn of the event loop, for every table that stepped)."""
        self._dirty[t.id] = t
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Group commit: the new decisions of every table that stepped, in one transaction; then their updates."""
        self._scheduled = False
        tables, self._dirty = list(self._dirty.values()), {}
        pending = [(t, t.unsaved()) for t in tables]
        try:
            self.store.append_many([(t.id, n, s, o) for t, rows in pending for n, s, o in rows])
        except Exception:  # the database is away: nobody is told anything; try again shortly
            log.exception("the group commit failed: retrying in %s s", RETRY_COMMIT)
            for t in tables:
                self._dirty.setdefault(t.id, t)
            self._scheduled = True
            asyncio.get_running_loop().call_later(RETRY_COMMIT, self.flush)
            return
        for t, rows in pending:  # committed before anyone hears of these decisions
            t.saved += len(rows)
        for t in tables:
            try:
                t.broadcast()
            except Exception as exc:  # a bug in one table must not silence the others
                log.exception("table %s: broadcast failed", t.code)
                t.failed = t.without_seed(f"{type(exc).__name__}: {exc}")
                if t.task is not None:
                    t.task.cancel()

    def restore(self) -> int:
        """Rebuild every table of the store still in the lobby or playing (games by replay). Returns how many."""
        n = 0
        for row in self.store.load():
            settings = dict(row.settings)
            seats = [Seat(**s) for s in settings.pop("seats", [])]
            play = settings.pop("play", None)
            t = Table(self, row.id, row.code, settings, row.seed, row.host, row.status, seats)
            self.tables[row.code] = t
            if row.status == "playing":
                try:
                    t.begin(row.decisions)
                    if isinstance(play, dict):
                        t.resume_play(play)
                except FengshengError as exc:
                    t.failed = f"could not replay: {exc}"
                    log.error(json.dumps({"event": "restore_failed", "table": row.code, "error": str(exc)}))
            n += 1
        log.info(json.dumps({"event": "restored", "tables": n}))
        return n

    def create(self, host: int | None, raw: dict[str, Any], rematch_of: str | None = None) -> Table:
        self.sweep()
        settings = check_settings(raw)
        code = new_code(set(self.tables))
        seed = new_seed()  # a rematch too: every game its own 128 bits from the CSPRNG
        stored = dict(settings, seats=[Seat().to_dict() for _ in range(settings["players"])])
        tid = self.store.new_table(code, stored, seed, host, rematch_of)
        t = Table(self, tid, code, settings, seed, host)
        self.tables[code] = t
        log.info(json.dumps({"event": "table_created", "table": code, "players": settings["players"]}))
        return t

    def get(self, code: str) -> Table:
        t = self.tables.get(code.upper() if isinstance(code, str) else "")
        if t is None:
            raise LobbyError("no such table", 404)
        return t

    def rematch(self, t: Table, player: int) -> Table:
        """A new table with the same settings and the same people in the same seats, started at once."""
        if t.status != "over":
            raise LobbyError("the game is not over")
        if t.seat_of(player) is None and player != t.host:
            raise LobbyError("only the players of the table ask for a rematch", 403)
        if t.rematch is not None:
            return self.get(t.rematch)
        new = self.create(t.host, {k: v for k, v in t.settings.items() if k not in ("seats", "outcome")}, t.code)
        new.seats = [Seat(s.kind, s.player, s.name) for s in t.seats]
        new.status = "playing"
        new.persist_settings()
        new.begin([])
        t.rematch = new.code
        t.broadcast()
        return new

    def connect(self, ws: Sink, code: str, token: str, lang: str) -> Conn | None:
        """A websocket's handshake is done: the token (from the URL) names a player seated at table ``code``, whose
        connection is then bound to (player, table, seat) and joins the table; no token: a spectator, if the table
        allows them. ``None``: refused (an ``auth`` error, then the socket is closed with ``P.CLOSE_REFUSED``).
        The caller sends the snapshot."""
        t = self.tables.get(code.upper())
        seat = player = None
        refusal = ""
        if t is None:
            refusal = "no such table"
        elif token:
            who = self.store.player_by_token(token)
            if who is None:
                refusal = "unknown or revoked token"
            else:
                player = who[0]
                seat = t.seat_of(player)
                if seat is None:
                    refusal = "that player has no seat at this table"
        elif not t.settings["spectators"]:
            refusal = "this table allows no spectators"
        if refusal or t is None:
            ws.send(P.encode(P.error("auth", refusal, 0)))
            ws.close(P.CLOSE_REFUSED, "refused")
            return None
        conn = Conn(seat, lang, ws, player)
        t.join(conn)
        return conn

    def revoke(self, player: int) -> str:
        """A new token for ``player`` (the old one stops working) and, at once, every socket the old one opened
        closed (``P.CLOSE_REVOKED``): from now on they get nothing and answer nothing. Returns the new token."""
        token = self.store.revoke(player)
        self.revocations[player] = self.revocations.get(player, 0) + 1
        for t in self.tables.values():
            for c in list(t.conns):
                if c.player == player:
                    t.holds(c)
        return token

    def on_finish(self, t: Table) -> None:
        for hook in self.finished_hooks:
            hook(t)
        self.finished[t.code] = self.clock()
        self.sweep()

    def sweep(self) -> int:
        """Finished tables leave memory ``keep_finished`` seconds after their game ended (each is in the store:
        replays and stats read it there), their sockets closed with ``P.CLOSE_GONE``; so the hall holds the tables
        being played and the recent ends, however many games the server has seen. Called when a game ends and when
        a table is created. Returns how many left."""
        now, gone = self.clock(), 0
        for code, at in list(self.finished.items()):
            if now - at < self.keep_finished:
                break  # the rest ended later
            del self.finished[code]
            t = self.tables.pop(code, None)
            if t is None:
                continue
            for c in list(t.conns):
                c.close(P.CLOSE_GONE, "the game is over: see its replay")
            t.release()
            gone += 1
        if gone:
            log.info(json.dumps({"event": "swept", "tables": gone, "left": len(self.tables)}))
        return gone

    async def shutdown(self) -> None:
        """Stop driving (every decision is already stored), tell the clients, close the store."""
        for t in self.tables.values():
            if t.task is not None:
                t.task.cancel()
        for t in self.tables.values():
            if t.task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await t.task
            for c in list(t.conns):
                c.put(P.error("shutdown", "the server is restarting: reconnect in a moment", t.seq))
                c.close(1012, "server restarting")
        self.store.close()
        log.info(json.dumps({"event": "shutdown"}))
