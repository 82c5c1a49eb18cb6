"""A server table's seed (docs/server.md, "The seed"): 128 bits from the operating system's CSPRNG for every table
and every rematch, taken whole by the engine, kept whole by the store (SQLite, PostgreSQL, and a database written by
schema 1 migrated in place, its tables resumed), reproduced from its record, and never in anything a seat or a
spectator receives before the end (the lobby, the table's data, the websocket's snapshots and updates, a failure
message). A 31-bit seed was found from seat 0's deal in about 14 CPU-minutes; these tests fail on that server."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
import websockets

from fengsheng import Config, Game
from fengsheng.bots import HeuristicBot
from fengsheng.match import Match
from fengsheng.record import load, save, verify
from fengsheng.server import protocol as P
from fengsheng.server.conn import Conn
from fengsheng.server.draws import SEED_BITS, new_seed
from fengsheng.server.hall import Hall
from fengsheng.server.loadgen import leaves
from fengsheng.server.settings import check_settings, config_of
from fengsheng.server.store import SCHEMA_VERSION, Store
from fengsheng.server.table import Seat, Table
from tests.server.conftest import fresh_pg, pg_url_or_skip
from tests.server.helpers import Client, Server, Sink, play_seat, run

FAST = {"players": 5, "pace": 0, "min_window": 0, "timer": False}


def forms(seed: int) -> list[str]:
    """How a seed could be written in a message: decimal, hexadecimal, and the leading digits of a float (what a
    browser's ``JSON.parse`` would make of a 129-bit number, e.g. ``6.805647338418769e+38``)."""
    digits = str(seed)
    return [digits, format(seed, "x"), f"{digits[0]}.{digits[1:12]}"]


def mentions(text: str, seed: int) -> bool:
    return any(f in text for f in forms(seed))


def test_the_checks_find_a_seed_written_any_of_those_ways() -> None:
    """The leak checks below would see the seed: as a JSON number, a string, a float, in hex."""
    seed = new_seed()
    for msg in ({"seed": seed}, {"seed": str(seed)}, {"seed": float(seed)}, {"seed": hex(seed)}):
        assert mentions(json.dumps(msg), seed), msg
    assert not mentions(json.dumps({"seed": new_seed()}), seed)


def test_every_tables_seed_is_128_bits_from_the_csprng(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new table asks ``secrets`` (the OS's CSPRNG) for at least 128 bits and its seed is what it got (with bit
    128 set): 100 tables, 100 distinct seeds, each 129 bits long, and every one of the 128 random bit positions is
    0 in some seeds and 1 in others (a 31-bit seed, as before, leaves bits 31 to 127 always 0)."""
    drawn: list[tuple[int, int]] = []
    real = secrets.randbits

    def spy(k: int) -> int:
        v = real(k)
        drawn.append((k, v))
        return v

    monkeypatch.setattr(secrets, "randbits", spy)
    store = Store(f"sqlite:///{tmp_path / 'seeds.db'}")
    hall = Hall(store)
    pid = store.new_player("host")[0]
    seeds = []
    for _ in range(100):
        drawn.clear()
        seed = hall.create(pid, dict(FAST)).seed
        assert [k for k, _ in drawn] == [SEED_BITS] and SEED_BITS >= 128
        assert seed == drawn[0][1] | 1 << 128 and seed.bit_length() == 129
        seeds.append(seed)
    assert len(set(seeds)) == 100
    for bit in range(128):
        assert 0 < sum(s >> bit & 1 for s in seeds) < 100, bit
    store.close()


def test_the_engine_takes_every_bit_of_the_seed() -> None:
    """``random.Random`` seeds from every bit of an integer: two seeds that differ only in bit 127 (or bit 64) deal
    different games, and one seed deals the same game twice."""
    seed = new_seed()
    cfg = Config(players=5, characters=False)  # dealt at once: identities, hands, the deck's order

    def deal(s: int) -> tuple[list[int], dict[str, Any]]:
        g = Game.new(cfg, s)
        return g.deck, g.view(0)

    assert deal(seed) == deal(seed)
    for bit in (127, 64):
        assert deal(seed ^ 1 << bit)[0] != deal(seed)[0], bit


def test_a_128_bit_seeded_game_is_reproduced_from_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game on a server's seed, played to the end, saved as a record (JSON) and loaded: the record keeps the seed
    whole, ``verify`` reproduces its result and event-log digest, and ``fengsheng replay`` says it reproduced."""
    from fengsheng.cli import main

    seed = new_seed()
    assert seed.bit_length() == 129  # a record of 64 bits at most would refuse it
    g = Game.new(Config(players=5), seed)
    Match(g, {s: HeuristicBot(s, s) for s in range(g.n)}).run()
    path = save(g.record(), tmp_path / "game.json")
    rec = load(path)
    assert rec["seed"] == seed and str(seed) in path.read_text()
    again = verify(rec)
    assert again.digest() == g.digest() and again.result == g.result
    assert main(["replay", str(path), "--lang", "en"]) == 0
    assert "reproduced" in capsys.readouterr().out


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, or the test PostgreSQL (skipped without ``FENGSHENG_TEST_PG_URL``)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    return fresh_pg(pg_url_or_skip())


def test_the_store_keeps_the_whole_seed(db_url: str) -> None:
    """A 129-bit seed (and a longer one) comes back from the store exactly, by code and in the tables it restores,
    also after the database is closed and opened again; a SQL BIGINT would have refused it or rounded it."""
    store = Store(db_url)
    seeds = {"SEED1": new_seed(), "SEED2": new_seed(), "SEED3": 2**200 + 12345}
    for code, seed in seeds.items():
        store.new_table(code, dict(FAST, seats=[]), seed, None, None)
    store.close()
    store = Store(db_url)
    for code, seed in seeds.items():
        row = store.table_by_code(code)
        assert row is not None and row.seed == seed and type(row.seed) is int
    assert {r.code: r.seed for r in store.load()} == seeds
    with pytest.raises(ValueError, match="digits"):
        store.new_table("TOOLONG", dict(FAST, seats=[]), 10**90, None, None)
    store.close()


def _schema_1(url: str, code: str, seed: int, decisions: list[tuple[int, str]], settings: dict[str, Any]) -> None:
    """Write a database as the server of schema 1 did (its tables, verbatim; the seed in a BIGINT), with one table
    playing: its settings, its 31-bit seed and its first decisions."""
    m = sa.MetaData()
    meta_t = sa.Table(
        "schema_meta", m, sa.Column("key", sa.String(32), primary_key=True), sa.Column("value", sa.String(64))
    )
    players_t = sa.Table(
        "players",
        m,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    tables_t = sa.Table(
        "tables",
        m,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(12), nullable=False, unique=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("host", sa.Integer, nullable=True),
        sa.Column("rematch_of", sa.String(12), nullable=True),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("digest", sa.String(64), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    decisions_t = sa.Table(
        "decisions",
        m,
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("option", sa.String(128), nullable=False),
    )
    eng = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with eng.begin() as conn:
        m.create_all(conn)
        conn.execute(meta_t.insert().values(key="version", value="1"))
        pid = conn.execute(players_t.insert().values(name="old", token_hash="0" * 64, created=0.0)).inserted_primary_key
        assert pid is not None
        seats = [Seat("human", int(pid[0]), "old").to_dict()] + [Seat("bot", None, "heuristic").to_dict()] * 4
        tid = conn.execute(
            tables_t.insert().values(
                code=code,
                settings=json.dumps(dict(settings, seats=seats)),
                seed=seed,
                status="playing",
                host=int(pid[0]),
                created=0.0,
            )
        ).inserted_primary_key
        assert tid is not None
        conn.execute(
            decisions_t.insert(),
            [{"table_id": int(tid[0]), "n": n, "seat": s, "option": o} for n, (s, o) in enumerate(decisions)],
        )
    eng.dispose()


def test_a_schema_1_database_opens_and_its_tables_resume(db_url: str) -> None:
    """A database of the server before 128-bit seeds (schema 1, the seed in a BIGINT) is migrated when opened:
    version 2, its table's 31-bit seed read back, the table resumed by replay at its stored decision (the same
    game), and a new table in it keeps a 129-bit seed whole; opened again, nothing changes."""
    settings = check_settings(dict(FAST))
    old_seed = 1_234_567_890  # what randbelow(2**31) drew
    g = Game.new(config_of(settings), old_seed)
    rnd = random.Random(4)
    while len(g.history) < 25 and g.decision is not None:
        g.act(g.decision.options[rnd.randrange(len(g.decision.options))])
    history = [(s, str(o)) for s, o in g.history]
    _schema_1(db_url, "OLD01", old_seed, history, settings)

    async def go() -> None:
        store = Store(db_url)
        with store.engine.connect() as conn:
            version = conn.execute(sa.text("SELECT value FROM schema_meta WHERE key = 'version'")).scalar()
        assert version == str(SCHEMA_VERSION) == "2"
        hall = Hall(store)
        assert hall.restore() == 1
        t = hall.tables["OLD01"]
        assert t.seed == old_seed and t.failed is None and t.game is not None
        assert t.seq == len(history) and t.game.digest() == g.digest() and t.game.view(0) == g.view(0)
        seed = hall.create(None, dict(FAST)).seed
        await hall.shutdown()
        again = Store(db_url)  # migrated once: opening it again changes nothing
        assert again.table_by_code("OLD01").seed == old_seed  # type: ignore[union-attr]
        assert {r.seed for r in again.load(("lobby",))} == {seed}
        again.close()

    asyncio.run(go())


async def _answer_until(t: Table, seat: int, pid: int, decisions: int) -> Conn:
    """Join ``seat``'s connection (in process) and answer its questions (the first leaf) until the table has
    answered ``decisions`` decisions in all or the game is over; the connection is left open, answering no more."""
    done = asyncio.Event()

    def on(sink: Sink, msg: dict[str, Any]) -> None:
        if t.seq >= decisions or (sink.state.view is not None and sink.state.view["result"] is not None):
            done.set()
            return
        q = msg.get("question")
        if q is not None:
            m = P.ClientMessage("act", q["seq"], leaves(q["tree"])[0])
            asyncio.get_running_loop().call_soon(t.receive, conn, m)

    conn = Conn(seat, "none", Sink(on))
    t.join(conn)
    t.start(pid)
    await asyncio.wait_for(done.wait(), 60)
    return conn


def test_a_table_resumes_on_its_whole_seed_after_a_restart(db_url: str) -> None:
    """A table playing on a 129-bit seed, the server stopped and a new one started on the same database: the table
    is rebuilt from the stored seed and decisions, the same game to the last event."""

    async def go() -> None:
        hall = Hall(Store(db_url))
        pid = hall.store.new_player("p")[0]
        t = hall.create(pid, dict(FAST, ask="all"))
        t.sit(pid, "p", 2)
        await _answer_until(t, 2, pid, 30)
        seed, game = t.seed, t.game
        assert seed.bit_length() == 129 and game is not None
        await hall.shutdown()
        hall2 = Hall(Store(db_url))
        hall2.restore()
        t2 = hall2.tables[t.code]
        assert t2.seed == seed and t2.failed is None and t2.game is not None
        assert t2.game.history == game.history and t2.game.digest() == game.digest()
        await hall2.shutdown()

    asyncio.run(go())


class RawSink:
    """A connection's far end that keeps every frame as sent (bytes), to search for the seed."""

    def __init__(self) -> None:
        self.closed = False
        self.frames: list[bytes] = []

    def send(self, data: bytes) -> None:
        self.frames.append(data)

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = True


def test_a_bots_game_and_its_rematch_send_no_seed_and_the_rematch_draws_a_new_one(tmp_path: Path) -> None:
    """A table of bots watched by a spectator to the end: no frame sent before the last names the seed, nor the
    table's data; the rematch (a new table, started at once, through ``Hall.create``) gets a new 129-bit seed of its
    own, stored whole and not in its table's data."""

    async def go() -> None:
        hall = Hall(Store(f"sqlite:///{tmp_path / 'bots.db'}"))
        pid = hall.store.new_player("host")[0]
        t = hall.create(pid, dict(FAST))
        spec = RawSink()
        t.join(Conn(None, "en", spec))
        t.start(pid)
        for _ in range(3000):
            if t.status == "over":
                break
            await asyncio.sleep(0.01)
        assert t.status == "over" and len(spec.frames) > 5  # bots only: up to 32 moves a frame
        before = [f.decode() for f in spec.frames[:-1]]  # the last one brings the end
        assert not [f for f in before if mentions(f, t.seed)]
        assert not mentions(json.dumps(t.public()), t.seed)
        new = hall.rematch(t, pid)
        assert new.seed != t.seed and new.seed.bit_length() == 129
        assert hall.store.table_by_code(new.code).seed == new.seed  # type: ignore[union-attr]
        assert not mentions(json.dumps(new.public()), new.seed)
        await hall.shutdown()

    asyncio.run(go())


def test_a_failure_message_does_not_name_the_seed(tmp_path: Path) -> None:
    """A table stopped by an engine or bot error tells every seat and spectator why, and ``MatchStuck`` names the
    game's seed: the message sent has it blotted out (the game is not over, the seed would show every hand)."""

    async def go() -> None:
        hall = Hall(Store(f"sqlite:///{tmp_path / 'stuck.db'}"))
        pid = hall.store.new_player("host")[0]
        t = hall.create(pid, dict(FAST))
        spec = RawSink()
        t.join(Conn(None, "en", spec))
        t.start(pid)
        assert t.match is not None
        t.match.max_decisions = 0  # the match gives up at its next bot move, as it would after a million
        for _ in range(500):
            if t.failed is not None:
                break
            await asyncio.sleep(0.01)
        assert t.failed is not None and "MatchStuck" in t.failed and "<seed>" in t.failed
        assert not mentions(t.failed, t.seed)
        assert not [f for f in spec.frames if mentions(f.decode(), t.seed)]
        assert any(b"MatchStuck" in f for f in spec.frames)
        await hall.shutdown()

    asyncio.run(go())


def _stored_seed(server: Server, code: str) -> int:
    """The seed the server stored for table ``code`` (read from its SQLite file, as nobody else can)."""
    path = server.db[len("sqlite:///") :]
    with sqlite3.connect(path) as conn:
        (text,) = conn.execute("SELECT seed_text FROM tables WHERE code = ?", (code,)).fetchone()
    return int(text)


def test_no_seed_in_anything_a_seat_or_spectator_receives_before_the_end(server: Server) -> None:
    """Over real HTTP and websockets: the lobby list, the table's JSON (before, during and after the start), the
    replay list, the stats, and every snapshot and update of a seat and of a spectator until the game is over: none
    names the table's 129-bit seed. After the end the stored record, seed and all, verifies (the replay)."""
    tok = server.player("seedless")
    code = server.table(tok, dict(FAST, spectators=True), start=False)
    seed = _stored_seed(server, code)
    assert seed.bit_length() == 129
    seen: list[str] = []

    def http(path: str) -> None:
        seen.append(json.dumps(server.get(path, tok)))

    for path in ("/api/tables", f"/api/tables/{code}", "/api/replays", "/api/stats", "/api/me"):
        http(path)
    seen.append(json.dumps(server.post(f"/api/tables/{code}/start", {}, tok)))

    async def watch() -> int:
        """A spectator to the end, asking for the lobby's and the table's JSON every few messages."""
        n = 0
        async with websockets.connect(f"{server.ws}/ws/{code}", max_size=1 << 24) as ws:
            c = Client(ws)
            while True:
                msg = await c.recv(timeout=60)
                if c.state.view is not None and c.state.view["result"] is not None:
                    return n
                seen.append(json.dumps(msg))
                n += 1
                if n % 10 == 0:
                    await asyncio.to_thread(http, f"/api/tables/{code}")
                    await asyncio.to_thread(http, "/api/tables")

    async def both() -> tuple[int, list[dict[str, Any]]]:
        spectator = asyncio.create_task(watch())
        got: list[dict[str, Any]] = []
        await play_seat(f"{server.ws}/ws/{code}?token={tok}", random.Random(9), got)
        return await spectator, got

    watched, got = run(both())
    before = [m for m in got if (m.get("view") or {}).get("result") is None]
    seen += [json.dumps(m) for m in before]
    assert watched > 10 and len(before) > 10
    assert not [text for text in seen if mentions(text, seed)]
    assert server.get(f"/api/replays/{code}?as=all")["verified"]  # the record on the 129-bit seed verifies
