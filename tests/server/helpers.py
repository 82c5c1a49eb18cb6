"""Test helpers: a real server in a subprocess on a free port, a small HTTP client, a websocket seat client."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from fengsheng.server import protocol as P

ROOT = Path(__file__).resolve().parents[2]
PG_URL = os.environ.get("FENGSHENG_TEST_PG_URL", "")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``fengsheng serve`` as a subprocess (so that it can be killed with SIGKILL and restarted on its database)."""

    def __init__(self, db: str, port: int | None = None, args: tuple[str, ...] = (), limits: str = "off") -> None:
        self.db = db
        self.args = args  # more flags of ``fengsheng serve``
        self.limits = limits  # $FENGSHENG_LIMITS: "off" (tests make players and tables fast), "" the defaults
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = Path(os.environ.get("TMPDIR", "/tmp")) / f"fengsheng-server-{self.port}.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fengsheng.cli", "serve", "--port", str(self.port), "--db", self.db, *self.args],
            stdout=out,
            stderr=out,
            cwd=ROOT,
            env={**os.environ, "FENGSHENG_LIMITS": self.limits},
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(OSError):
                if self.get("/health")["ok"]:
                    return self
            time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> int:
        if self.proc is None:
            return 0
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return int(self.proc.returncode)

    def request(self, method: str, path: str, body: Any = None, token: str = "") -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("content-type", "application/json")
        if token:
            req.add_header("authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return resp.status, json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def get(self, path: str, token: str = "") -> Any:
        status, out = self.request("GET", path, token=token)
        assert status == 200, (status, out)
        return out

    def post(self, path: str, body: Any = None, token: str = "") -> Any:
        status, out = self.request("POST", path, body if body is not None else {}, token)
        assert status == 200, (status, out)
        return out

    def player(self, name: str) -> str:
        return str(self.post("/api/players", {"name": name})["token"])

    def table(self, token: str, settings: dict[str, Any], humans: list[str] | None = None, start: bool = True) -> str:
        """A table hosted by ``token`` at seat 0, the other ``humans`` (tokens) at seats 1, 2 …; bots elsewhere."""
        code = str(self.post("/api/tables", settings, token)["code"])
        for i, tok in enumerate(humans or [], start=1):
            self.post(f"/api/tables/{code}/sit", {"seat": i}, tok)
        if start:
            self.post(f"/api/tables/{code}/start", {}, token)
        return code


def first_leaf(tree: dict[str, Any], pick: int = 0) -> str:
    """An option of a question's tree: walk the children (the ``pick``-th, wrapping) down to a leaf."""
    node = tree
    while "option" not in node:
        kids = node["children"]
        node = kids[pick % len(kids)]
    return str(node["option"])


def leaves(tree: dict[str, Any]) -> list[str]:
    if "option" in tree:
        return [tree["option"]]
    return [o for k in tree["children"] for o in leaves(k)]


class Client:
    """A websocket client that merges what it receives as the browser does (``protocol.ClientState``)."""

    def __init__(self, ws: Any) -> None:
        from fengsheng.server.protocol import ClientState

        self.ws = ws
        self.state = ClientState()
        self.events: list[dict[str, Any]] = []  # every event received, in order

    @property
    def view(self) -> dict[str, Any]:
        assert self.state.view is not None, "no game message yet"
        return self.state.view

    async def recv(self, want: str | None = None, timeout: float = 10) -> dict[str, Any]:
        """The next message (of type ``want``), merged into the state."""
        while True:
            msg = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
            if self.state.apply(msg):
                self.events += msg.get("events", [])
            if want is None or msg["type"] == want:
                return dict(msg)

    async def until_question(self) -> dict[str, Any]:
        """The next message that brings this seat a question (``msg["question"]``)."""
        while True:
            msg = await self.recv()
            if msg["type"] in ("snapshot", "update") and msg.get("question"):
                return msg

    async def until_question_or_out(self, seat: int) -> dict[str, Any] | None:
        """The next message asking ``seat`` a question, or None once the game is over or the seat is out of it (dead
        or lost: it is never asked again)."""
        while True:
            msg = await self.recv()
            if msg["type"] not in ("snapshot", "update"):
                continue
            if msg.get("question"):
                return msg
            view = self.view
            me = view["seats"][seat]
            if view.get("result") is not None or not me["alive"] or me["lost"]:
                return None

    async def act(self, seq: int, option: str) -> None:
        await self.ws.send(json.dumps({"type": "act", "seq": seq, "option": option}))


async def play_seat(url: str, rng: Any = None, record: list[dict[str, Any]] | None = None) -> Any:
    """Connect and answer every new question (a random leaf, or the first) until the game is over; every message
    received is appended to ``record``. Returns the client's state at the end (``protocol.ClientState``)."""
    import websockets

    async with websockets.connect(url, max_size=1 << 24) as ws:
        c = Client(ws)
        while True:
            msg = await c.recv(timeout=120)
            if record is not None:
                record.append(msg)
            if msg["type"] == "error" and msg["code"] == "auth":
                raise AssertionError(msg)
            if msg["type"] not in ("snapshot", "update"):
                continue
            if c.view["result"] is not None:
                return c.state
            q = msg.get("question")
            if q is not None:
                opts = leaves(q["tree"])
                await c.act(q["seq"], opts[rng.randrange(len(opts))] if rng is not None else opts[0])


def run(coro: Any) -> Any:
    return asyncio.run(coro)


class Sink:
    """A connection's far end, for tables driven in process (``Conn(seat, lang, Sink())``): every message decoded
    and merged (``protocol.ClientState``), the close code and reason kept, nothing accepted after the close."""

    def __init__(self, on: Callable[[Sink, dict[str, Any]], None] | None = None) -> None:
        self.closed = False
        self.code: int | None = None
        self.reason = ""
        self.state = P.ClientState()
        self.msgs: list[dict[str, Any]] = []
        self.on = on

    def send(self, data: bytes) -> None:
        assert not self.closed, "a message after the close"
        msg = orjson.loads(data)
        self.msgs.append(msg)
        self.state.apply(msg)
        if self.on is not None:
            self.on(self, msg)

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.closed, self.code, self.reason = True, code, reason

    @property
    def events(self) -> list[dict[str, Any]]:
        return [e for m in self.msgs if m["type"] in ("snapshot", "update") for e in m.get("events", [])]
