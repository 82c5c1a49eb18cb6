"""A websocket fuzz: thousands of malformed, mutated, oversized, stale and out-of-turn messages from a seat and from
spectators, in the middle of a game. Every one is answered with an error or dropped by the rate limit (never a
crash: the process lives, logs no traceback, and the game then plays on to its end)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import websockets

from fengsheng.server.protocol import ClientState
from tests.server.helpers import Server, play_seat, run

MESSAGES_PER_CONNECTION = 400
SPECTATORS = 4


def junk(rng: random.Random, seq: int, options: list[str]) -> str | bytes:
    """One hostile message."""
    good = {"type": "act", "seq": seq, "option": rng.choice(options) if options else "pass"}
    kind = rng.randrange(12)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if kind == 1:
        return "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(0, 80)))
    if kind == 2:
        return json.dumps(dict(good, seq=rng.choice([-1, seq + rng.randrange(1, 9), 2**70, "1", None, 1.5, True])))
    if kind == 3:
        return json.dumps(dict(good, option=rng.choice(["", "x" * 200, "play c999 lock @99", "PASS", " pass\t", 3])))
    if kind == 4:
        return "[" * rng.randrange(100, 3000) + "]" * rng.randrange(0, 10)
    if kind == 5:
        return json.dumps(good) + " " * 5000  # oversized
    if kind == 6:
        return json.dumps({"type": rng.choice(["ack", "admin", "view", "", None, 7]), "seat": rng.randrange(9)})
    if kind == 7:
        return json.dumps(dict(good, seat=rng.randrange(9), token="x"))
    if kind == 8:
        text = json.dumps(good)
        i = rng.randrange(len(text))
        return text[:i] + chr(rng.randrange(32, 127)) + text[i + 1 :]
    if kind == 9:
        return json.dumps([good, good])
    if kind == 10:
        return json.dumps({"type": "act", "seq": seq, "option": {"kind": "pass"}})
    return json.dumps(good)  # a legal-looking answer, usually stale or out of turn by now


async def _fuzz(url: str, rng: random.Random, tally: dict[str, int]) -> None:
    async with websockets.connect(url, max_size=1 << 24) as ws:
        seq, options = 0, ["pass"]

        async def reader() -> None:
            nonlocal seq, options
            state = ClientState()
            async for raw in ws:
                msg = json.loads(raw)
                if msg["type"] == "error":
                    tally["errors"] += 1
                    tally[msg["code"]] = tally.get(msg["code"], 0) + 1
                elif state.apply(msg) and state.view is not None:
                    seq = msg["seq"]
                    d = state.view["decision"] or {}
                    options = d.get("options") or options

        task = asyncio.ensure_future(reader())
        for _ in range(MESSAGES_PER_CONNECTION):
            await ws.send(junk(rng, seq, options))
            tally["sent"] += 1
            if rng.random() < 0.3:
                await asyncio.sleep(0.002)
        await asyncio.sleep(1.0)
        task.cancel()


def test_websocket_fuzz(server: Server) -> None:
    tok = server.player("fuzzer")
    code = server.table(tok, {"players": 5, "pace": 0.01, "min_window": 0, "timer": False})
    tally: dict[str, Any] = {"sent": 0, "errors": 0}

    async def go() -> None:
        jobs = [_fuzz(f"{server.ws}/ws/{code}?token={tok}", random.Random(1), tally)]
        jobs += [_fuzz(f"{server.ws}/ws/{code}", random.Random(2 + i), tally) for i in range(SPECTATORS)]
        await asyncio.gather(*jobs)

    run(go())
    assert server.get("/health")["ok"] and server.get("/health")["failed"] == 0
    # the game is unharmed: the seat plays it to the end
    last = run(play_seat(f"{server.ws}/ws/{code}?token={tok}", random.Random(3)))
    assert last.view["result"] is not None
    assert server.proc is not None and server.proc.poll() is None  # crashes: 0
    assert "Traceback" not in server.log.read_text()
    assert tally["sent"] == MESSAGES_PER_CONNECTION * (1 + SPECTATORS)
    assert tally["errors"] >= tally["sent"] // 2, tally
    for key in ("malformed", "oversized", "stale", "spectator"):
        assert tally.get(key, 0) > 0, tally
    print("websocket fuzz:", tally)
