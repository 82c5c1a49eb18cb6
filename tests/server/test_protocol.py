"""The wire protocol over real websockets: a whole game, every kind of bad message answered with an error (never a
crash), stale and out-of-turn answers, another player's token, spectators, reconnect snapshots, timers."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
import websockets

from fengsheng.server import protocol as P
from tests.server.helpers import Client, Server, leaves, play_seat, run

FAST = {"players": 5, "pace": 0, "min_window": 0, "timer": False}


def test_parse_refuses_bad_messages() -> None:
    assert P.parse('{"type": "act", "seq": 3, "option": "pass"}') == P.ClientMessage("act", 3, "pass")
    assert P.parse('{"type": "ping"}').type == "ping"
    bad = [
        "", "null", "[]", "{}", '{"type": "act"}', '{"type": "act", "seq": "3", "option": "pass"}',
        '{"type": "act", "seq": true, "option": "pass"}', '{"type": "act", "seq": -1, "option": "pass"}',
        '{"type": "act", "seq": 1, "option": 5}', '{"type": "act", "seq": 1, "option": ""}',
        '{"type": "ping", "x": 1}', '{"type": "nope"}', "[" * 5000, '{"type": "act", "seq": 1.0, "option": "pass"}',
        '{"type": "act", "seq": 1, "option": "pass", "seat": 2}',
    ]  # fmt: skip
    for text in bad:
        with pytest.raises(P.ProtocolError) as exc:
            P.parse(text)
        assert exc.value.code in (P.MALFORMED, P.OVERSIZED)
    with pytest.raises(P.ProtocolError, match="bytes"):
        P.parse('{"type": "ping"}' + " " * P.MAX_MESSAGE)


def test_encode_writes_the_json_value_json_would() -> None:
    """P.encode (orjson) gives the JSON value ``json.dumps`` gives, for what an update carries: every seat's and a
    spectator's view, their censored events and the asked seat's choice tree, over random games of both editions
    with characters; and it writes UTF-8 as is, compactly."""
    from fengsheng.choices import choice_tree
    from fengsheng.config import Config
    from fengsheng.game import Game
    from fengsheng.text import edition_texts

    checked = 0
    for seed, edition in enumerate(["standard", "qianzhi"] * 4):
        g = Game.new(Config(players=5, edition=edition, characters=True), seed)
        rnd = random.Random(seed)
        k = 0
        while g.decision is not None:
            d = g.decision
            if k % 7 == 0:
                for seat in [*range(g.n), None]:
                    msg: dict[str, Any] = {
                        "view": g.view(seat),
                        "events": g.events_for(seat, max(0, len(g.events) - 30)),
                    }
                    if seat == d.seat:
                        with edition_texts(g.config.character_texts):  # as the server builds it
                            msg["question"] = choice_tree(d.options, msg["view"], d.kind, d.context).to_dict()
                        msg["options"] = list(d.options)  # NamedTuples, as json writes them: arrays
                    text = P.encode(msg)
                    assert json.loads(text) == json.loads(json.dumps(msg)), (seed, k, seat)
                    checked += 1
            g.act(d.options[rnd.randrange(len(d.options))])
            k += 1
    assert checked > 1000
    assert P.encode({"名": "风声", 1: [1.5, None, True]}) == '{"名":"风声","1":[1.5,null,true]}'.encode()
    with pytest.raises(TypeError):
        P.encode({"x": object()})


def test_rate_limit_bucket() -> None:
    rl = P.RateLimit(rate=10, burst=5)
    assert all(rl.allow(0.0) for _ in range(5))
    assert not rl.allow(0.0)
    assert rl.allow(0.2)  # two tokens back after 0.2 s
    assert rl.allow(0.2) and not rl.allow(0.2)


def test_a_whole_game_over_a_socket(server: Server) -> None:
    tok = server.player("alice")
    code = server.table(tok, FAST)
    last = run(play_seat(f"{server.ws}/ws/{code}?token={tok}", random.Random(5)))
    assert last.view["result"] is not None
    assert server.get(f"/api/tables/{code}")["status"] == "over"
    # the replay verifies (record digest) and shows everything after the end
    rep = server.get(f"/api/replays/{code}?as=all")
    assert rep["verified"] and rep["step"] == rep["steps"] == last.seq
    assert all(v["me"]["identity"] for v in rep["views"])
    mid = server.get(f"/api/replays/{code}?as=1&step=10")
    assert mid["step"] == 10 and mid["view"]["seat"] == 1
    # the finished human game counts in the player's statistics and faction rating
    mine = [p for p in server.get("/api/stats")["players"] if p["name"] == "alice"]
    assert len(mine) == 1 and mine[0]["games"] >= 1
    (faction,) = [f for f in mine[0]["by_faction"].values() if "elo" in f][:1]
    assert faction["elo"] != 1500.0


async def _recv(ws: Any, want: str | None = None, timeout: float = 10) -> dict[str, Any]:
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if want is None or msg["type"] == want:
            return msg


def test_bad_messages_get_errors_and_the_table_goes_on(server: Server) -> None:
    a, b = server.player("a"), server.player("b")
    code = server.table(a, dict(FAST, ask="all"), humans=[b])

    async def go() -> None:
        async with (
            websockets.connect(f"{server.ws}/ws/{code}?token={a}") as wa,
            websockets.connect(f"{server.ws}/ws/{code}?token={b}") as wb,
        ):
            msg = await Client(wa).until_question()
            q = msg["question"]
            # malformed, oversized, binary, stale, illegal, someone else's turn
            cases = [
                ("not json", P.MALFORMED),
                (json.dumps({"type": "act", "seq": q["seq"], "option": "x" * 5000}), P.OVERSIZED),
                (b"\x00\x01", P.MALFORMED),
                (json.dumps({"type": "act", "seq": q["seq"] + 7, "option": "pass"}), P.STALE),
                (json.dumps({"type": "act", "seq": q["seq"], "option": "play c999 lock @9"}), P.ILLEGAL),
                (json.dumps({"type": "act", "seq": q["seq"], "option": "PASS"}), P.ILLEGAL),
            ]
            for text, code_ in cases:
                await wa.send(text)
                err = await _recv(wa, "error")
                assert err["code"] == code_, (text, err)
                assert set(err) == {"type", "code", "message", "seq"}
            await wb.send(json.dumps({"type": "act", "seq": q["seq"], "option": leaves(q["tree"])[0]}))
            err = await _recv(wb, "error")
            assert err["code"] in (P.NOT_YOUR_TURN, P.ILLEGAL)
            await wa.send(json.dumps({"type": "ping"}))
            assert (await _recv(wa, "pong"))["seq"] == q["seq"]
            # the real answer still goes through
            await wa.send(json.dumps({"type": "act", "seq": q["seq"], "option": leaves(q["tree"])[0]}))
            upd = await _recv(wa, "update")
            assert upd["seq"] == q["seq"] + 1
            # a replayed (now stale) answer is refused
            await wa.send(json.dumps({"type": "act", "seq": q["seq"], "option": leaves(q["tree"])[0]}))
            assert (await _recv(wa, "error"))["code"] in (P.STALE, P.NOT_YOUR_TURN)

    run(go())
    assert server.get("/health")["ok"]


def test_tokens_seats_and_spectators(server: Server) -> None:
    a, b, c = server.player("a"), server.player("b"), server.player("c")
    code = server.table(a, FAST, humans=[b], start=False)
    status, out = server.request("POST", f"/api/tables/{code}/start", {}, b)
    assert status == 403  # only the host starts
    status, out = server.request("POST", f"/api/tables/{code}/sit", {"seat": 1}, c)
    assert status == 400 and "taken" in out["error"]
    server.post(f"/api/tables/{code}/start", {}, a)

    async def go() -> None:
        # a player without a seat at the table, a forged token, a revoked token
        revoked = server.post("/api/players/revoke", {}, c)["token"]
        assert server.get("/api/me", revoked)["name"] == "c"
        for tok in (c, "forged-token"):
            async with websockets.connect(f"{server.ws}/ws/{code}?token={tok}") as ws:
                err = await _recv(ws)
                assert err["type"] == "error" and err["code"] == "auth"
        status, _ = server.request("GET", "/api/me", token=c)
        assert status == 401
        # a spectator sees no hand and cannot act
        async with websockets.connect(f"{server.ws}/ws/{code}") as ws:
            snap = await _recv(ws, "snapshot")
            assert snap["seat"] is None and "me" not in snap["view"] and snap["question"] is None
            await ws.send(json.dumps({"type": "act", "seq": snap["seq"], "option": "pass"}))
            assert (await _recv(ws, "error"))["code"] == P.SPECTATOR

    run(go())


def test_reconnect_gets_the_same_question(server: Server) -> None:
    a = server.player("a")

    async def go() -> None:
        for _ in range(5):  # a game in which the seat is still asked after 20 answers (it may die or lose first)
            code = server.table(a, dict(FAST, ask="all"))
            url = f"{server.ws}/ws/{code}?token={a}"
            async with websockets.connect(url) as ws:
                c = Client(ws)
                before: dict[str, Any] | None = await c.until_question()
                assert before is not None
                seat = c.state.view["seat"] if c.state.view else None
                for _ in range(20):  # play a little
                    q = c.state.question
                    assert q is not None
                    await c.act(q["seq"], leaves(q["tree"])[-1])
                    before = await c.until_question_or_out(seat)
                    if before is None:
                        break
                rebuilt, question, events = dict(c.view), c.state.question, c.events
            if before is None:
                continue
            async with websockets.connect(url) as ws:
                snap = await _recv(ws, "snapshot")
                assert question is not None and snap["seq"] == before["seq"] == question["seq"]
                assert snap["question"]["tree"] == question["tree"]
                assert snap["view"] == rebuilt  # the patches rebuilt exactly the view a snapshot gives
                assert len(events) > 5 and snap["events"][-5:] == events[-5:]  # the seat's latest events
            return
        raise AssertionError("in five games the seat was out (or the game over) within 20 answers")

    run(go())


def test_timeout_hands_the_seat_to_its_bot_and_back(server: Server) -> None:
    a = server.player("a")
    code = server.table(a, {"players": 3, "pace": 0, "min_window": 0, "timer": True, "clock": 1, "bank": 0})

    async def go() -> None:
        async with websockets.connect(f"{server.ws}/ws/{code}?token={a}") as ws:
            c = Client(ws)
            await c.until_question()  # and do not answer
            while True:
                msg = await c.recv(timeout=10)
                if msg["type"] == "update" and c.state.table and c.state.table["seats"][0]["away"]:
                    break
            assert "table" in msg and msg["question"] is None  # the table changed; the question is withdrawn
            seq_away = msg["seq"]
            while msg["seq"] < seq_away + 3 and c.view["result"] is None:  # the bot plays the seat
                msg = await c.recv("update")
                assert c.state.question is None
            await ws.send(json.dumps({"type": "back"}))
            while True:
                msg = await c.recv(timeout=10)
                if msg["type"] == "update" and c.state.table and not c.state.table["seats"][0]["away"]:
                    break

    run(go())
    assert '"event": "timeout"' in server.log.read_text()


def test_delayed_spectators_lag_and_get_everything_at_the_end(server: Server) -> None:
    """With ``spectator_delay`` N, nothing a spectator receives (updates or a fresh snapshot) is of a step less than
    N decisions old: checked while the game waits on the human seat at ``seq`` s (so the live game is at s); at the
    end the spectator is flushed to the last decision with every identity shown."""
    a = server.player("a")
    delay = 6
    code = server.table(a, dict(FAST, ask="all", spectator_delay=delay))
    seen: list[tuple[dict[str, Any], dict[str, Any] | None]] = []  # each message, the view rebuilt after it

    async def spectate() -> None:
        async with websockets.connect(f"{server.ws}/ws/{code}", max_size=1 << 24) as ws:
            c = Client(ws)
            while True:
                msg = await c.recv(timeout=30)
                seen.append((msg, dict(c.view) if c.state.view is not None else None))
                if msg["type"] == "update" and c.view["result"] is not None:
                    return

    async def go() -> None:
        spec = asyncio.get_running_loop().create_task(spectate())
        rng = random.Random(7)
        checks = 0
        async with websockets.connect(f"{server.ws}/ws/{code}?token={a}", max_size=1 << 24) as ws:
            c = Client(ws)
            while True:
                msg = await c.recv(timeout=30)
                if msg["type"] not in ("snapshot", "update"):
                    continue
                if c.view["result"] is not None:
                    break
                q = msg.get("question")
                if q is None:
                    continue
                s = q["seq"]
                await asyncio.sleep(0.02)  # the spectator reads what the server sent so far
                for m, _ in seen:
                    assert m["type"] == "table" or m["seq"] <= s - delay, (m["seq"], s)
                    assert "seq" not in m.get("table", {})  # the live table's seq never reaches them
                if checks == 3:  # a spectator (re)connecting now gets the delayed snapshot, never a newer one
                    async with websockets.connect(f"{server.ws}/ws/{code}", max_size=1 << 24) as late:
                        first = await _recv(late)
                        assert first["type"] == "table" or first["seq"] <= s - delay
                        # nor does a pong, an error or the table's public data tell it the live seq (the pace)
                        await late.send(json.dumps({"type": "ping"}))
                        await late.send(json.dumps({"type": "act", "seq": s, "option": "pass"}))
                        got = [await _recv(late) for _ in range(2)]
                        while {m["type"] for m in got} != {"pong", "error"}:
                            got = [*got[1:], await _recv(late)]
                        assert all(m["seq"] <= s - delay for m in got), (got, s)
                    assert server.get(f"/api/tables/{code}")["seq"] <= s - delay
                checks += 1
                opts = leaves(q["tree"])
                await c.act(s, opts[rng.randrange(len(opts))])
            last_seq = c.state.seq
        await asyncio.wait_for(spec, 30)
        assert checks > 3
        assert any(m["type"] == "update" and m["seq"] > 0 for m, _ in seen[:-1])  # it did watch, not only the end
        end, view = seen[-1]
        assert end["seq"] == last_seq and view is not None and view["result"] is not None
        assert all(s["identity"] for s in view["seats"])
        shown = [m["seq"] for m, _ in seen if m["type"] != "table"]
        assert shown == sorted(shown)
        # the view rebuilt from the patches is the spectator's view of the step shown (the replay's, verified)
        games = [(m, v) for m, v in seen if m["type"] != "table"]
        for m, v in games[:: max(1, len(games) // 12)] + games[-1:]:
            assert v == server.get(f"/api/replays/{code}?as=spectator&step={m['seq']}")["view"], m["seq"]

    run(go())


def test_spectator_delay_is_checked() -> None:
    from fengsheng.server.settings import LobbyError, check_settings

    assert check_settings({})["spectator_delay"] == 0
    assert check_settings({"spectator_delay": 12})["spectator_delay"] == 12
    for bad in (-1, 1.5, "3", True, 10**6, None):
        with pytest.raises(LobbyError, match="spectator_delay"):
            check_settings({"spectator_delay": bad})


def test_delayed_spectators_after_a_restart(tmp_path: Any) -> None:
    """``kill -9`` mid-game and a restart: the buffer is rebuilt from the replayed decisions, so a spectator
    reconnecting to the restored table gets the step N decisions back, not the present."""
    delay = 5
    s = Server(f"sqlite:///{tmp_path / 'restart.db'}").start()
    try:
        a = s.player("a")
        code = s.table(a, dict(FAST, ask="all", spectator_delay=delay))

        async def answer(n: int) -> int:
            """Answer ``n`` questions (or until the seat is out); the live seq now (the game waits on the seat)."""
            rng = random.Random(3)
            async with websockets.connect(f"{s.ws}/ws/{code}?token={a}", max_size=1 << 24) as ws:
                c = Client(ws)
                msg = await c.until_question()
                for _ in range(n):
                    q = msg["question"]
                    opts = leaves(q["tree"])
                    await c.act(q["seq"], opts[rng.randrange(len(opts))])
                    nxt = await c.until_question_or_out(c.view["seat"])
                    if nxt is None:
                        break
                    msg = nxt
                return int(msg["seq"])

        live = run(answer(8))  # ask=all: 8 answers come within the first turns, long before the seat can be out
        s.kill()
        s.start()

        async def watch() -> dict[str, Any]:
            async with websockets.connect(f"{s.ws}/ws/{code}", max_size=1 << 24) as ws:
                return await _recv(ws)

        first = run(watch())
        now = s.get(f"/api/tables/{code}")
        assert now["status"] == "playing" and now["seq"] == live - delay  # as a spectator may know it (no timer)
        assert first["type"] == "snapshot" and first["seq"] == live - delay, (first["seq"], live)
        assert "seq" not in first["table"] and first["view"]["result"] is None
    finally:
        s.stop()


def test_the_help_catalog_gives_each_editions_own_card_texts(server: Server) -> None:
    """``/api/help``: the browser's card help is the edition's (001 prints its own 鎖定, for the play phase, and the
    five new types); the standard catalog has no 轉移."""
    from fengsheng.text import text_data

    qz = server.get("/api/help?edition=qianzhi")
    printed = text_data("001")["cards"]
    assert set(qz["types"]) == set(printed)
    for t, own in printed.items():
        assert qz["types"][t]["zh"]["text"] == own["zh"] and qz["types"][t]["en"]["text"] == own["en"]
    std = server.get("/api/help?edition=standard")
    assert "transfer" not in std["types"] and "出牌阶段" not in std["types"]["lock"]["zh"]["text"]
