"""Persistence: players, tables, seats and every answered decision, in SQLite (a file, the default) or PostgreSQL.

SQLAlchemy Core (no ORM) over a versioned schema: ``schema_meta`` holds the version; :meth:`Store.migrate` creates
the tables of a new database, brings an older one up to date (version 2: the seed as decimal text, see
:data:`SEED_DIGITS`) and refuses one written by a newer version. A table's config, seed and decision list
are enough to rebuild its game by replay, so that is what is stored, one row per decision, appended (and committed)
before the decision's result is sent to anyone. SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed
transaction survives ``kill -9`` of the server (it is in the OS's page cache), though not a power cut.
Tokens are stored as SHA-256 hashes (they are random 128-bit strings, so a plain hash is enough: no KDF needed).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import secrets
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event

SCHEMA_VERSION = 2  # 1: the seed in a BIGINT; 2: the seed as decimal text (seed_text), any number of bits
SEED_DIGITS = 80  # the longest seed stored, in decimal digits (a seed is 129 bits: 39 digits)
CHECKPOINT_EVERY = 1.0  # seconds between two WAL checkpoints (SQLite)
log = logging.getLogger("fengsheng.server")

meta = sa.MetaData()
schema_meta = sa.Table(
    "schema_meta", meta, sa.Column("key", sa.String(32), primary_key=True), sa.Column("value", sa.String(64))
)
players = sa.Table(
    "players",
    meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created", sa.Float, nullable=False),
)
tables = sa.Table(
    "tables",
    meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(12), nullable=False, unique=True),
    sa.Column("settings", sa.Text, nullable=False),  # JSON: the lobby settings (config, pacing, timers, seats)
    sa.Column("seed", sa.BigInteger, nullable=False, default=0),  # schema 1's seed; 0 in rows of schema 2
    sa.Column("seed_text", sa.String(SEED_DIGITS), nullable=True),  # the seed in decimal (schema 2)
    sa.Column("status", sa.String(12), nullable=False),  # lobby | playing | over
    sa.Column("host", sa.Integer, nullable=True),
    sa.Column("rematch_of", sa.String(12), nullable=True),
    sa.Column("result", sa.Text, nullable=True),  # JSON
    sa.Column("digest", sa.String(64), nullable=True),
    sa.Column("created", sa.Float, nullable=False),
)
decisions = sa.Table(
    "decisions",
    meta,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("option", sa.String(128), nullable=False),
)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(16)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL (readers never block the writer) and synchronous=NORMAL: a commit survives the process, not a power cut.
    No automatic checkpoints: :class:`Checkpointer` folds the WAL into the database file on its own thread."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()


class Checkpointer(threading.Thread):
    """SQLite's WAL checkpoints, off the event loop: every :data:`CHECKPOINT_EVERY` seconds a ``PASSIVE`` checkpoint
    (it never waits for the writer) copies the committed pages back into the database file and syncs it. Left to
    SQLite, the commit that crossed 1,000 pages of WAL did that itself, on the loop's thread, with an fsync: a few
    milliseconds with every table of the process stopped, about every 50 group commits under load. Commits do not
    depend on it: a committed transaction is in the WAL (and survives the process) whether or not it was
    checkpointed; SQLite checkpoints what is left when the last connection closes."""

    def __init__(self, path: str) -> None:
        super().__init__(name="sqlite-checkpoint", daemon=True)
        self.path = path
        self.done = threading.Event()

    def run(self) -> None:
        conn = sqlite3.connect(self.path)
        try:
            while not self.done.wait(CHECKPOINT_EVERY):
                try:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)")  # the sqlite3 module lets go of the GIL meanwhile
                except sqlite3.Error:
                    log.exception("a WAL checkpoint failed: trying again in %s s", CHECKPOINT_EVERY)
        finally:
            conn.close()

    def stop(self) -> None:
        self.done.set()
        self.join(timeout=10)


def _seed_as_text(conn: sa.Connection) -> None:
    """Schema 1 to 2: a ``seed_text`` column beside the BIGINT ``seed``, holding every table's seed in decimal. A
    server of schema 2 draws 129-bit seeds (``tables.new_seed``), and SQLite's INTEGER and PostgreSQL's BIGINT hold
    64 bits (SQLite would even turn a longer integer into a REAL: the seed rounded). The old column stays (SQLite
    drops a column only from 3.35 on) and gets 0 in new rows; :func:`_seed_of` reads the new one."""
    conn.execute(sa.text(f"ALTER TABLE tables ADD COLUMN seed_text VARCHAR({SEED_DIGITS})"))
    conn.execute(
        tables.update().where(tables.c.seed_text.is_(None)).values(seed_text=sa.cast(tables.c.seed, sa.String))
    )


def _seed_of(row: Any) -> int:
    """A stored table's seed: its decimal text (schema 2), or the BIGINT of a row a schema-1 server wrote."""
    return int(row.seed_text) if row.seed_text is not None else int(row.seed)


@dataclass
class TableRow:
    id: int
    code: str
    settings: dict[str, Any]
    seed: int
    status: str
    host: int | None
    decisions: list[tuple[int, str]]


class Store:
    """One database. Every method is one short transaction; appends are committed before they return."""

    def __init__(self, url: str) -> None:
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://") :]
        self.url = url
        self.engine = sa.create_engine(url, future=True)
        self.checkpointer: Checkpointer | None = None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
            path = self.engine.url.database
            if path and path != ":memory:":
                self.checkpointer = Checkpointer(path)

        self.migrate()
        if self.checkpointer is not None:
            self.checkpointer.start()
        self._ins_decision = decisions.insert()
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        self._ins_sql = f"INSERT INTO decisions (table_id, n, seat, option) VALUES ({mark}, {mark}, {mark}, {mark})"
        self._appender: Any = None  # the pool's driver connection kept for the group commits (append_many)

    def migrate(self) -> None:
        """Create the schema of a new database; check the version of an existing one and bring an older one up to
        this version (in the same transaction: a migration that fails leaves the database as it was)."""
        with self.engine.begin() as conn:
            meta.create_all(conn)
            row = conn.execute(sa.select(schema_meta.c.value).where(schema_meta.c.key == "version")).first()
            if row is None:
                conn.execute(schema_meta.insert().values(key="version", value=str(SCHEMA_VERSION)))
                return
            version = int(row[0])
            if version > SCHEMA_VERSION:
                raise RuntimeError(f"the database has schema version {row[0]}; this server knows {SCHEMA_VERSION}")
            if version < 2:
                _seed_as_text(conn)
            if version < SCHEMA_VERSION:
                conn.execute(
                    schema_meta.update().where(schema_meta.c.key == "version").values(value=str(SCHEMA_VERSION))
                )
                log.info(json.dumps({"event": "schema_migrated", "from": version, "to": SCHEMA_VERSION}))

    def close(self) -> None:
        if self.checkpointer is not None:
            self.checkpointer.stop()
            self.checkpointer = None
        if self._appender is not None:
            self._appender.close()
            self._appender = None
        self.engine.dispose()

    # players ---------------------------------------------------------------------------------------------------
    def new_player(self, name: str) -> tuple[int, str]:
        token = new_token()
        with self.engine.begin() as conn:
            res = conn.execute(players.insert().values(name=name, token_hash=token_hash(token), created=time.time()))
            pk = res.inserted_primary_key
            assert pk is not None
            return int(pk[0]), token

    def player_by_token(self, token: str) -> tuple[int, str] | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(players.c.id, players.c.name).where(players.c.token_hash == token_hash(token))
            ).first()
        return (int(row[0]), str(row[1])) if row else None

    def revoke(self, player_id: int) -> str:
        """A new token for the player; the old one stops working."""
        token = new_token()
        with self.engine.begin() as conn:
            conn.execute(players.update().where(players.c.id == player_id).values(token_hash=token_hash(token)))
        return token

    def player_names(self, ids: Sequence[int]) -> dict[int, str]:
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(players.c.id, players.c.name).where(players.c.id.in_(list(ids)))).all()
        return {int(r[0]): str(r[1]) for r in rows}

    # tables ----------------------------------------------------------------------------------------------------
    def new_table(
        self, code: str, settings: dict[str, Any], seed: int, host: int | None, rematch_of: str | None
    ) -> int:
        """Store a new table in the lobby; its seed whole, as decimal text (a 129-bit seed fits no SQL integer)."""
        text = str(seed)
        if len(text) > SEED_DIGITS:
            raise ValueError(f"a seed of {len(text)} digits: at most {SEED_DIGITS} are stored")
        with self.engine.begin() as conn:
            res = conn.execute(
                tables.insert().values(
                    code=code,
                    settings=json.dumps(settings),
                    seed=0,
                    seed_text=text,
                    status="lobby",
                    host=host,
                    rematch_of=rematch_of,
                    created=time.time(),
                )
            )
            pk = res.inserted_primary_key
            assert pk is not None
            return int(pk[0])

    def save_table(self, table_id: int, settings: dict[str, Any], status: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                tables.update().where(tables.c.id == table_id).values(settings=json.dumps(settings), status=status)
            )

    def finish(self, table_id: int, result: dict[str, Any] | None, digest: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                tables.update()
                .where(tables.c.id == table_id)
                .values(status="over", result=json.dumps(result), digest=digest)
            )

    def append(self, table_id: int, start: int, rows: Sequence[tuple[int, str]]) -> None:
        """Append decisions ``start``, ``start + 1`` … (one transaction, committed on return). A decision already
        stored under the same number is a conflict: the primary key refuses it."""
        if not rows:
            return
        with self.engine.begin() as conn:
            conn.execute(
                self._ins_decision,
                [{"table_id": table_id, "n": start + i, "seat": s, "option": o} for i, (s, o) in enumerate(rows)],
            )

    def append_many(self, rows: Sequence[tuple[int, int, int, str]]) -> None:
        """Append (table id, n, seat, option) rows of several tables in one transaction (a group commit), on a
        driver connection kept for it (the pool's, with its pragmas): the hall commits once per turn of the event
        loop under load, and checking a connection out of the pool and compiling the insert each time cost more than
        the insert itself (about half the time, ``bench/server.py``'s profile); going through SQLAlchemy's
        execution context cost a quarter more than the driver's ``executemany`` and ``commit``. A failed commit drops
        that connection (the next gets a new one) and raises: the caller sends nothing of these rows."""
        if not rows:
            return
        conn = self._appender
        if conn is None:
            conn = self._appender = self.engine.raw_connection()
        try:
            cursor = conn.cursor()
            try:
                cursor.executemany(self._ins_sql, rows)
            finally:
                cursor.close()
            conn.commit()
        except BaseException:
            self._appender = None
            with contextlib.suppress(Exception):
                conn.invalidate()
                conn.close()
            raise

    def load(self, status: Sequence[str] = ("lobby", "playing")) -> list[TableRow]:
        """Every table in one of these states, with its decisions in order."""
        out: list[TableRow] = []
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(tables).where(tables.c.status.in_(list(status))).order_by(tables.c.id)).all()
            for r in rows:
                ds = conn.execute(
                    sa.select(decisions.c.seat, decisions.c.option)
                    .where(decisions.c.table_id == r.id)
                    .order_by(decisions.c.n)
                ).all()
                out.append(
                    TableRow(
                        int(r.id),
                        str(r.code),
                        json.loads(r.settings),
                        _seed_of(r),
                        str(r.status),
                        r.host,
                        [(int(d[0]), str(d[1])) for d in ds],
                    )
                )
        return out

    def table_by_code(self, code: str) -> TableRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(tables).where(tables.c.code == code)).first()
            if r is None:
                return None
            ds = conn.execute(
                sa.select(decisions.c.seat, decisions.c.option)
                .where(decisions.c.table_id == r.id)
                .order_by(decisions.c.n)
            ).all()
        return TableRow(
            int(r.id),
            str(r.code),
            json.loads(r.settings),
            _seed_of(r),
            str(r.status),
            r.host,
            [(int(d[0]), str(d[1])) for d in ds],
        )

    def finished_record(self, table_id: int) -> dict[str, Any]:
        """The stored result and digest of a finished table."""
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(tables.c.result, tables.c.digest).where(tables.c.id == table_id)).first()
        assert r is not None
        return {"result": json.loads(r[0]) if r[0] else None, "digest": r[1]}

    def finished(self) -> list[dict[str, Any]]:
        """Finished tables: code, settings, result and digest (for stats and the replay list)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(tables).where(tables.c.status == "over").order_by(tables.c.id)).all()
        return [
            {
                "code": r.code,
                "settings": json.loads(r.settings),
                "result": json.loads(r.result) if r.result else None,
                "digest": r.digest,
            }
            for r in rows
        ]
