"""Hidden information over the wire: 1,000 bot games (the full suite; 50 in the quick one) played through real
websocket connections, and every message each connected seat and each table's spectator received checked by the
engine leak test's independent oracle
(``tests/contract/test_leaks.py``: what each seat may know, derived from the true state, never from the view code).

How: the server runs the games (RandomBots at the server's seats, pace 0; at each table one seat is a websocket
client answering its questions at random, the seat rotating over the games, plus a spectator; and a few tables
where every seat is a client). Afterwards each game is replayed here from the stored decisions, step by step,
with the oracle kept up to date: every event a reader received is checked at the step that emitted it (the k-th
event a reader gets is event k of the log: the server sends each reader every event, censored for it) and must be
exactly the engine's censored event for that reader. Updates carry view patches: after every message the view the
client rebuilt (``protocol.ClientState``, as the browser merges them) is checked by the oracle at the step of the
message's ``seq``, and must equal the engine's view of that reader then; a question may only go to the seat that
decides, with exactly that decision's options, and the question a client holds is always the present one.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from fengsheng.config import VARIANTS
from fengsheng.game import Game
from fengsheng.server.loadgen import Received, TableRun, leaves, make_bot_tables, make_tables, play
from fengsheng.server.settings import LobbyError, check_settings, config_of
from tests.contract.test_leaks import Oracle, Where
from tests.server.helpers import Server
from tests.suite import sized

# 1,000 games in the full suite, 50 in the quick one; $FENGSHENG_WIRE_GAMES overrides either
GAMES = int(os.environ.get("FENGSHENG_WIRE_GAMES") or sized(50, 1000))
ALL_CLIENT_GAMES = sized(4, 10)  # tables where every seat is a client
BATCH = 50


def settings_for(i: int) -> dict[str, Any]:
    """A legal table of the i-th game: 3–9 players, characters on or off, variants, both editions."""
    rng = random.Random(i)
    while True:
        edition = "qianzhi" if rng.random() < 0.15 else "standard"
        players = rng.choice([3, 3, 4, 4, 5, 5, 5, 6, 7, 8, 9] if edition == "standard" else [3, 4, 5, 6, 7, 8])
        raw = {
            "players": players,
            "edition": edition,
            "characters": edition == "standard" and rng.random() < 0.6,
            "pool": rng.choice(["base", "all"]),
            "texts": rng.choice(["000", "004"]) if edition == "standard" else "",
            "variants": [v for v in sorted(VARIANTS) if rng.random() < 0.2] if edition == "standard" else [],
            "pace": 0,
            "min_window": 0,
            "timer": False,
            "bots": "random",
        }
        try:
            return check_settings(raw)
        except LobbyError:
            continue


def stored_games(db: str) -> dict[str, tuple[dict[str, Any], int, list[tuple[int, str]]]]:
    eng = sa.create_engine(db)
    out = {}
    with eng.connect() as conn:
        rows = conn.execute(sa.text("SELECT id, code, settings, seed_text FROM tables")).all()  # the seed: decimal
        for tid, code, settings, seed in rows:
            ds = conn.execute(
                sa.text("SELECT seat, option FROM decisions WHERE table_id = :t ORDER BY n"), {"t": tid}
            ).all()
            out[code] = (json.loads(settings), int(seed), [(int(a), str(b)) for a, b in ds])
    eng.dispose()
    return out


def public_refs(view: dict[str, Any], burns: set[tuple[int, int]]) -> dict[str, Any]:
    """The view with the ``ref`` of each pending 烧毁 the reader saw played in public taken out of the oracle's card
    check (the event check covered it): the card it names was face up in front of a seat when the use was played,
    and stays named on the stack when a skill moves it away before the burn resolves (黄雀-1 putting it on the deck
    in public, ``intel_to_deck``). The engine's own leak oracle would flag that too; it is no new knowledge."""
    if not any(u.get("use") == "burn" and (u["uid"], u["ref"]) in burns for u in view.get("stack", [])):
        return view
    stack = [
        dict(u, ref=None) if u.get("use") == "burn" and (u["uid"], u["ref"]) in burns else u for u in view["stack"]
    ]
    return dict(view, stack=stack)


def check_game(run: TableRun, settings: dict[str, Any], seed: int, decisions: list[tuple[int, str]]) -> dict[str, int]:
    """Replay one game and check every message its readers received against the oracle: the events, and after
    every message the view the client rebuilt from the snapshot and the patches so far (so every patch value is
    checked at its message's step) and its pending question."""
    config = config_of(settings)
    g = Game.new(config, seed)
    oracle = Oracle(g)
    readers = list(run.messages)
    updates: dict[Any, list[Received]] = {}
    for r in readers:
        assert not [x for x in run.messages[r] if x.msg["type"] == "error"], (run.code, r)
        updates[r] = [x for x in run.messages[r] if x.msg["type"] in ("snapshot", "update")]
        assert updates[r] and updates[r][-1].view is not None, (run.code, r)
        assert updates[r][-1].view["result"] is not None, (run.code, r, "the game did not end")
        assert updates[r][0].msg["type"] == "update", "connected before the start: no snapshot, every event"
        for x in updates[r]:
            patch = x.msg.get("view", {})
            assert isinstance(patch, dict) and not x.msg.get("drop"), (run.code, r)  # a view never loses a key
            assert "seq" not in x.msg.get("table", {}), (run.code, r)
    received = {r: [e for x in updates[r] for e in x.msg.get("events", [])] for r in readers}
    by_seq: dict[Any, dict[int, list[Received]]] = {r: {} for r in readers}
    for r in readers:
        for x in updates[r]:
            by_seq[r].setdefault(x.msg["seq"], []).append(x)
    counts = {"messages": sum(len(v) for v in updates.values()), "events": 0, "views": 0}
    # (uid, ref) of every 烧毁 its reader saw played in public: the card it names was face up then
    burns: dict[Any, set[tuple[int, int]]] = {r: set() for r in readers}
    start = 0
    k = 0
    while True:
        where = Where(config, seed, k)
        for i in range(start, len(g.events)):
            for r in readers:
                got = received[r][i]
                assert got == g.events[i].for_seat(r), f"{where}: reader {r} got {got}, not its event {i}"
                oracle.check_event(g, r, got, where)
                counts["events"] += 1
                if got["kind"] == "use" and got.get("use") == "burn":
                    burns[r].add((got["uid"], got["ref"]))
        start = len(g.events)
        d = g.decision
        for r in readers:
            for x in by_seq[r].get(k, []):
                assert x.view is not None
                oracle.check_view(g, r, where, public_refs(x.view, burns[r]))
                assert x.view == g.view(r), f"{where}: reader {r} rebuilt another view than its own"
                counts["views"] += 1
                q = x.msg.get("question")
                if q is not None:  # a question sent
                    assert d is not None and d.seat == r, f"{where}: reader {r} was sent another seat's question"
                    assert set(leaves(q["tree"])) <= {str(o) for o in d.options}, where
                if x.question is not None:  # the question the client holds now is this step's, for this seat
                    assert x.question["seq"] == k and d is not None and d.seat == r, f"{where}: a stale question"
        if k == len(decisions):
            break
        seat, option = decisions[k]
        g.act(option, seat=seat)
        k += 1
        oracle.update(g)
    assert g.result is not None
    for r in readers:
        assert len(received[r]) == len(g.events), (run.code, r)
    return counts


def test_no_leaks_over_the_wire(tmp_path: Path) -> None:
    games = GAMES
    db = f"sqlite:///{tmp_path / 'wire.db'}"
    s = Server(db).start()
    totals = {"games": 0, "messages": 0, "events": 0, "views": 0}
    try:
        runs: list[TableRun] = []
        plan = [(settings_for(i), i) for i in range(games)]
        for lo in range(0, games, BATCH):
            batch = make_bot_tables(s.base, [(st, i % st["players"]) for st, i in plan[lo : lo + BATCH]])
            asyncio.run(play(s.base, batch, seed=lo, keep=True, spectators=True))
            runs += batch
        for j in range(ALL_CLIENT_GAMES):
            st = dict(settings_for(10_000 + j), ask="all")
            batch = make_tables(s.base, 1, st)
            asyncio.run(play(s.base, batch, seed=j, keep=True, spectators=True))
            runs += batch
        stored = stored_games(db)
        for r in runs:
            settings, seed, decisions = stored[r.code]
            settings.pop("seats", None)
            settings.pop("outcome", None)
            c = check_game(r, settings, seed, decisions)
            totals["games"] += 1
            for key in ("messages", "events", "views"):
                totals[key] += c[key]
    finally:
        s.stop()
    assert "Traceback" not in s.log.read_text()
    assert totals["games"] >= games + ALL_CLIENT_GAMES
    print("wire leak test:", totals)
