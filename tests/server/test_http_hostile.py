"""Hostile HTTP requests, as an outside tester sent them: every one gets the API's ``{"error": …}`` and a bounded cost.

The report: a table name (a lone surrogate) stored and then every ``GET /api/tables`` a 500, across restarts; names
with NUL, bidi overrides, invisible characters and duplicates at one table; a 300 MB body read whole before its
413 (647 MB of RSS); 5,000 tables from one token in 8 s and a 6.2 MB lobby list; tracebacks and bare 500s for a
5,000-deep JSON body, ``as=²`` and ``as=`` with 5,000 digits; no security headers. Each test here repeats an attack
over real HTTP (the server as a subprocess; raw sockets where the body's framing matters) and checks the fix; each
fails on the server before ``server/guard.py`` (docs/server.md, "Limits"). Every server started here must leave no
"Traceback" in its log.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import ARTEFACTS
from tests.server.helpers import Server, run
from tests.suite import sized

SECURITY = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}
BAD_NAMES = [
    "a\x00b",  # NUL
    "\x07bell",  # a control character
    "line\nbreak",
    "\u202eadmin",  # RIGHT-TO-LEFT OVERRIDE: shown as "nimda"
    "\u2066x\u2069",  # an isolate
    "a\u202ab",  # an embedding
    "\u200b",  # ZERO WIDTH SPACE alone
    "x\u200dy",  # ZERO WIDTH JOINER
    "\u2060",  # WORD JOINER
    "\ufeffbom",
    "   ",  # blank
    "\u3164",  # HANGUL FILLER: an invisible "letter"
    "\u2800",  # the blank Braille pattern
    "\u0301abc",  # beginning with a combining mark
    "Z" + "\u0335" * 8,  # a "Zalgo" stack of marks
    "\ue000",  # private use
    "a" * 25,  # over 24 characters
    "",
    123,
    None,
]


def _finish_log(s: Server) -> None:
    s.stop()
    text = s.log.read_text()
    assert "Traceback" not in text, text[-3000:]


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the default limits (as on the internet)."""
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('guarded') / 'db.sqlite'}", limits="").start()
    yield s
    _finish_log(s)


@pytest.fixture()
def fresh(tmp_path: Path) -> Iterator[Server]:
    """A server of its own with the default limits (nothing else has spent its buckets)."""
    s = Server(f"sqlite:///{tmp_path / 'db.sqlite'}", limits="").start()
    yield s
    _finish_log(s)


@pytest.fixture()
def unlimited(tmp_path: Path) -> Iterator[Server]:
    s = Server(f"sqlite:///{tmp_path / 'db.sqlite'}").start()  # limits off, as the other tests have them
    yield s
    _finish_log(s)


def finished_game(s: Server, token: str, players: int = 3) -> str:
    """A game of bots only (the host leaves his seat and starts) played to its end; its code."""
    code = str(s.post("/api/tables", {"players": players, "timer": False}, token)["code"])
    s.post(f"/api/tables/{code}/leave", {}, token)
    s.post(f"/api/tables/{code}/start", {}, token)
    deadline = time.monotonic() + 60
    while s.get(f"/api/tables/{code}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.05)
    return code


@pytest.fixture(scope="module")
def finished(guarded: Server) -> str:
    return finished_game(guarded, guarded.player("host"))


def raw(port: int, data: bytes, timeout: float = 5) -> tuple[int, dict[str, str], bytes, float]:
    """Send ``data`` (a whole request, or its head) on a fresh socket and read the answer until the server closes
    or it is complete: (status, headers, body, seconds until the status line)."""
    t0 = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        return _read_answer(sock, t0)


def _read_answer(sock: socket.socket, t0: float) -> tuple[int, dict[str, str], bytes, float]:
    buf = b""
    took = -1.0
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise AssertionError(f"the connection closed before an answer: {buf!r}")
        buf += chunk
        took = time.monotonic() - t0 if took < 0 else took
    head, _, body = buf.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, headers, body, took


def rss_kb(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM: the peak) of a process, in kB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def is_api_error(status: int, body: Any, want: int) -> None:
    """The API's error: status ``want`` and ``{"error": one line}`` (``body`` parsed, or the raw bytes)."""
    assert status == want, (status, body)
    if isinstance(body, bytes):
        body = json.loads(body)
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"], body


# names ---------------------------------------------------------------------------------------------------------------
def test_a_player_or_table_name_that_is_not_a_plain_printable_name_is_400_and_the_lobby_still_answers(
    guarded: Server,
) -> None:
    for bad in BAD_NAMES:
        status, out = guarded.request("POST", "/api/players", {"name": bad})
        is_api_error(status, out, 400)
    # the lone surrogate, as the tester sent it (valid JSON: "\ud800"), and as raw bytes (CESU-8)
    for body in (b'{"name": "\\ud800"}', b'{"name": "x\\udfff"}', b'{"name": "\xed\xa0\x80"}'):
        status, _, answer, _ = raw(
            guarded.port,
            b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body,
        )
        is_api_error(status, answer, 400)
    tok = guarded.player("  Table   Host ")
    assert guarded.get("/api/me", tok)["name"] == "Table Host"  # spaces collapsed, none at the ends
    assert guarded.post("/api/players", {"name": "e\u0301"})["name"] == "\u00e9"  # NFC
    for bad in [b for b in BAD_NAMES if b not in ("", "a" * 25)] + ["\ud800", "a" * 41]:
        status, out = guarded.request("POST", "/api/tables", {"players": 3, "name": bad}, tok)
        is_api_error(status, out, 400)
    for path in ("/api/tables", "/api/replays"):
        status, out = guarded.request("GET", path)
        assert status == 200, (path, out)
    assert guarded.get("/api/tables")["tables"] == []  # none of the refused tables was made


def test_two_seated_players_cannot_share_a_name(guarded: Server) -> None:
    alice = guarded.player("Alice")
    code = str(guarded.post("/api/tables", {"players": 4, "timer": False}, alice)["code"])
    for twin in ("Alice", "alice", "ＡＬＩＣＥ", " Alice "):
        status, out = guarded.request("POST", f"/api/tables/{code}/sit", {"seat": 1}, guarded.player(twin))
        is_api_error(status, out, 400)
    guarded.post(f"/api/tables/{code}/sit", {"seat": 1}, guarded.player("Bob"))
    guarded.post(f"/api/tables/{code}/sit", {"seat": 2}, alice)  # moving is not a duplicate of oneself
    names = [s["name"] for s in guarded.get(f"/api/tables/{code}")["seats"] if s["kind"] == "human"]
    assert sorted(names) == ["Alice", "Bob"]


def test_names_an_older_version_stored_cannot_break_the_lobby_the_replays_or_a_snapshot(tmp_path: Path) -> None:
    import websockets

    db = tmp_path / "old.sqlite"
    s = Server(f"sqlite:///{db}").start()
    try:
        host = s.player("host")
        done = finished_game(s, host)
        lobby = str(s.post("/api/tables", {"players": 3, "timer": False}, host)["code"])
        playing = s.table(host, {"players": 3, "timer": False, "pace": 0.01, "min_window": 0})
    finally:
        _finish_log(s)
    # what the server before the name checks stored for {"name": "\ud800…"}: the JSON escape in the settings
    with sqlite3.connect(db) as conn:
        n = conn.execute(
            'UPDATE tables SET settings = replace(settings, \'"name": ""\', \'"name": "\\ud800\\u202eevil"\')'
        ).rowcount
    assert n == 3
    s = Server(f"sqlite:///{db}").start()
    try:
        status, out = s.request("GET", "/api/tables")
        assert status == 200, out
        shown = {t["code"]: t["settings"]["name"] for t in out["tables"]}
        assert shown[lobby] == shown[playing] == "\ufffdevil"
        status, out = s.request("GET", "/api/replays")
        assert status == 200, out
        assert [g["settings"]["name"] for g in out["games"] if g["code"] == done] == ["\ufffdevil"]

        async def first(url: str) -> dict[str, Any]:
            async with websockets.connect(url) as ws:
                return dict(json.loads(await asyncio.wait_for(ws.recv(), 10)))

        snap = run(first(f"{s.ws}/ws/{playing}?token={host}"))
        assert snap["type"] == "snapshot" and snap["table"]["settings"]["name"] == "\ufffdevil", snap
        msg = run(first(f"{s.ws}/ws/{lobby}"))
        assert msg["type"] == "table" and msg["table"]["settings"]["name"] == "\ufffdevil", msg
    finally:
        _finish_log(s)


# bodies --------------------------------------------------------------------------------------------------------------
def test_a_300_mb_body_is_refused_by_its_length_before_it_is_read(guarded: Server) -> None:
    assert guarded.proc is not None
    pid = guarded.proc.pid
    before = rss_kb(pid)
    head = (
        b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 300000000\r\n\r\n"
    )
    answers: list[tuple[int, dict[str, str], bytes, float]] = []

    def attack() -> None:
        """The head, then the body as fast as the server takes it, the answer read meanwhile."""
        t0 = time.monotonic()
        with socket.create_connection(("127.0.0.1", guarded.port), timeout=5) as sock:
            sock.sendall(head)

            def pour() -> None:
                block = b"x" * (1 << 20)
                try:
                    for _ in range(300):
                        sock.sendall(block)
                except OSError:
                    pass  # the server closed the connection: it reads no more

            pourer = threading.Thread(target=pour, daemon=True)
            pourer.start()
            answers.append(_read_answer(sock, t0))
            pourer.join(10)

    attackers = [threading.Thread(target=attack) for _ in range(2)]  # two in parallel, as the tester did
    for a in attackers:
        a.start()
    for a in attackers:
        a.join(20)
    assert len(answers) == 2
    for status, headers, body, took in answers:
        assert took < 2, took  # was: after the whole body
        is_api_error(status, body, 413)
        assert headers.get("connection") == "close"
    after = rss_kb(pid)
    assert after[0] - before[0] < 20_000 and after[1] - before[1] < 20_000, (before, after)  # kB: was +1.2 GB
    assert guarded.get("/health")["ok"]


def test_a_chunked_body_is_refused_once_what_arrived_passes_the_limit(guarded: Server) -> None:
    t0 = time.monotonic()
    with socket.create_connection(("127.0.0.1", guarded.port), timeout=5) as sock:
        sock.sendall(
            b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        # 17 KB (the limit is 16 KB) and never the last chunk: the body "goes on"; nothing is sent after the chunk
        # that passes the limit (more would meet the server's close and reset the answer away)
        sock.sendall(b"".join(b"400\r\n" + b" " * 1024 + b"\r\n" for _ in range(17)))
        status, headers, body, _ = _read_answer(sock, t0)
    is_api_error(status, body, 413)
    assert headers.get("connection") == "close"
    assert time.monotonic() - t0 < 3
    # a chunked body under the limit is read as any other
    body = b'{"name": "chunky"}'
    status, _, answer, _ = raw(
        guarded.port,
        b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n" + f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n",
    )
    assert status == 200 and json.loads(answer)["name"] == "chunky"


def test_a_deep_json_body_is_400_not_a_recursion_error(guarded: Server) -> None:
    tok = guarded.player("deep")
    for depth in (5000, 1100, 9):
        data = b"[" * depth + b"]" * depth
        status, _, answer, _ = raw(
            guarded.port,
            b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
            + f"Content-Length: {len(data)}\r\n\r\n".encode()
            + data,
        )
        is_api_error(status, answer, 400)
    deep: Any = []
    for _ in range(8):
        deep = [deep]
    status, out = guarded.request("POST", "/api/tables", {"players": 3, "variants": deep}, tok)
    is_api_error(status, out, 400)
    assert "deeper" in out["error"]


# query parameters ----------------------------------------------------------------------------------------------------
def test_query_parameters_are_checked_before_they_reach_int(guarded: Server, finished: str) -> None:
    for query in (
        "as=%C2%B2",  # ²: str.isdigit() says yes, int() says no
        "as=" + "9" * 5000,  # more digits than int() takes
        "as=%D9%A3",  # Arabic-Indic 3: int() would take it
        "as=-1",
        "as=99",
        "as=seat",
        "step=%C2%B2",
        "step=" + "9" * 5000,
        "step=-1",
        "step=%2B3",
        "step=100000",
        "lang=xx",
    ):
        status, out = guarded.request("GET", f"/api/replays/{finished}?{query}")
        is_api_error(status, out, 400)
    assert guarded.get(f"/api/replays/{finished}?as=0&step=0")["step"] == 0
    assert guarded.get(f"/api/replays/{finished}?as=all&lang=en")["verified"]
    for query in ("limit=0", "limit=101", "limit=%C2%B2", "before=x", "status=over"):
        status, out = guarded.request("GET", f"/api/tables?{query}")
        is_api_error(status, out, 400)
    status, out = guarded.request("GET", "/api/replays/" + "A" * 5000)
    is_api_error(status, out, 404)


# creation limits -----------------------------------------------------------------------------------------------------
def test_a_creation_flood_gets_429_with_retry_after_past_the_limits(fresh: Server) -> None:
    def refused(status: int, out: Any, headers: Any) -> None:
        is_api_error(status, out, 429)
        assert int(headers["retry-after"]) >= 1

    def post(path: str, body: Any, token: str = "") -> tuple[int, Any, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", fresh.port, timeout=10)
        headers = {"content-type": "application/json"}
        if token:
            headers["authorization"] = f"Bearer {token}"
        conn.request("POST", path, json.dumps(body), headers)
        resp = conn.getresponse()
        out = json.loads(resp.read())
        conn.close()
        return resp.status, out, resp.headers

    settings = {"players": 3, "timer": False}
    tokens = [post("/api/players", {"name": f"p{i}"})[1]["token"] for i in range(7)]
    for _ in range(3):
        assert post("/api/tables", settings, tokens[0])[0] == 200
    refused(*post("/api/tables", settings, tokens[0]))  # a 4th open table hosted by one player
    made = 3
    for tok in tokens[1:]:
        for _ in range(3):
            status, out, headers = post("/api/tables", settings, tok)
            if made < 20:
                assert status == 200, out
                made += 1
            else:
                refused(status, out, headers)  # the 21st table of one address within the minute
    status, out = fresh.request("GET", "/api/tables?limit=100")
    assert status == 200 and len(out["tables"]) == 20
    for i in range(7, 20):  # 20 players per address per 10 minutes
        assert post("/api/players", {"name": f"p{i}"})[0] == 200
    for i in range(5):
        refused(*post("/api/players", {"name": f"late{i}"}))


def test_the_limits_token_buckets_and_their_setting() -> None:
    from fengsheng.server.guard import Limits, TooMany, client_key

    now = [1000.0]
    lim = Limits.parse("", clock=lambda: now[0])
    keys = {"tables_player": "7", "tables_player_day": "7", "tables_ip": "a", "tables_ip_day": "a"}
    for _ in range(5):  # 5 a minute per player
        lim.check("tables", keys)
        lim.take(keys)
    with pytest.raises(TooMany) as refused:
        lim.check("tables", keys)
    assert refused.value.status == 429 and refused.value.retry_after == 12  # one token back every 12 s
    now[0] += 12
    lim.check("tables", keys)
    lim.take(keys)
    taken = 0  # the address's 20 a minute: 6 taken, 4 back after 12 s, then other players of the same address
    with pytest.raises(TooMany):
        for p in range(100, 200):
            other = {"tables_player": str(p), "tables_player_day": str(p), "tables_ip": "a", "tables_ip_day": "a"}
            lim.check("tables", other)
            lim.take(other)
            taken += 1
    assert taken == 18
    assert Limits.parse("off").off
    custom = Limits.parse("tables_player=50/60, open_tables=10")
    assert custom.open_tables == 10 and custom.buckets["tables_player"].capacity == 50
    for bad in ("bogus=1", "tables_ip=0/60", "tables_ip=5"):
        with pytest.raises(ValueError):
            Limits.parse(bad)
    assert client_key({"client": ("2001:db8:1:2:3:4:5:6", 1)}) == client_key({"client": ("2001:db8:1:2::9", 1)})
    assert client_key({"client": ("::ffff:10.0.0.1", 1)}) == "10.0.0.1"


def test_the_lobby_list_is_one_page_whatever_the_number_of_tables(unlimited: Server) -> None:
    count = sized(500, 2000)
    tok = unlimited.player("many")
    conn = http.client.HTTPConnection("127.0.0.1", unlimited.port, timeout=10)
    made = []
    for _ in range(count):
        conn.request("POST", "/api/tables", '{"players": 3}', {"authorization": f"Bearer {tok}"})
        resp = conn.getresponse()
        made.append(json.loads(resp.read())["code"])
        assert resp.status == 200
    conn.request("GET", "/api/tables")
    resp = conn.getresponse()
    first = resp.read()
    page = json.loads(first)
    assert len(page["tables"]) == 50 and len(first) < 64_000, len(first)  # 5,000 tables were 6.2 MB
    assert [t["code"] for t in page["tables"]] == made[::-1][:50]  # newest first
    seen: list[str] = []
    cursor = ""
    while True:
        conn.request("GET", "/api/tables?limit=100" + (f"&before={cursor}" if cursor else ""))
        page = json.loads(conn.getresponse().read())
        seen += [t["code"] for t in page["tables"]]
        cursor = page["next"]
        if cursor is None:
            break
    assert seen == made[::-1]
    conn.close()


# errors and headers --------------------------------------------------------------------------------------------------
def test_security_headers_on_every_page_and_api_answer_and_errors_are_the_apis(guarded: Server) -> None:
    checks = [
        ("GET", "/", 200, "text/html"),
        ("GET", "/t/ABCDE", 200, "text/html"),
        ("GET", "/static/lobby.js", 200, "javascript"),
        ("GET", "/static/style.css", 200, "text/css"),
        ("GET", "/api/tables", 200, "application/json"),
        ("GET", "/health", 200, "application/json"),
        ("GET", "/api/me", 401, "application/json"),
        ("GET", "/api/nothing", 404, "application/json"),
        ("GET", "/static/nothing.js", 404, "application/json"),
        ("GET", "/api/players", 405, "application/json"),
        ("POST", "/api/players", 400, "application/json"),
    ]
    for method, path, want, kind in checks:
        body = b"{}" if method == "POST" else b""
        status, headers, answer, _ = raw(
            guarded.port,
            f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {len(body)}\r\n\r\n".encode()
            + body,
        )
        assert status == want, (path, status, answer[:200])
        assert kind in headers["content-type"], (path, headers)
        for name, value in SECURITY.items():
            assert headers.get(name) == value, (path, name, headers)
        csp = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "'unsafe-inline'" not in csp
        if want >= 400:
            assert isinstance(json.loads(answer)["error"], str)
    status, headers, answer, _ = raw(
        guarded.port, b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\n\r\n"
    )
    assert status == 413 and headers["x-frame-options"] == "DENY" and json.loads(answer)["error"]


def test_an_exception_in_a_handler_is_the_apis_500_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    from fengsheng.server.guard import Guard

    async def broken(scope: Any, receive: Any, send: Any) -> None:
        raise RuntimeError("a bug")

    async def half(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        raise RuntimeError("a bug after the start")

    async def call(app: Any, scope: dict[str, Any]) -> list[dict[str, Any]]:
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: Any) -> None:
            sent.append(dict(message))

        await Guard(app)(scope, receive, send)
        return sent

    http_scope = {"type": "http", "method": "GET", "path": "/api/x", "headers": []}
    with caplog.at_level(logging.ERROR, logger="fengsheng.server"):
        sent = asyncio.run(call(broken, http_scope))
    assert sent[0]["status"] == 500 and json.loads(sent[1]["body"]) == {"error": "internal error"}
    assert (b"x-frame-options", b"DENY") in sent[0]["headers"]
    assert len(caplog.records) == 1 and caplog.records[0].exc_info is not None
    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="fengsheng.server"):
        sent = asyncio.run(call(half, http_scope))
    assert [m["type"] for m in sent] == ["http.response.start"] and len(caplog.records) == 1

    seen: list[Any] = []

    async def other(scope: Any, receive: Any, send: Any) -> None:
        seen.append((scope["type"], receive, send))

    async def untouched() -> None:
        async def r() -> dict[str, Any]:
            return {}

        async def s(message: Any) -> None:
            return None

        for kind in ("websocket", "lifespan"):
            await Guard(other)({"type": kind}, r, s)
            assert seen[-1] == (kind, r, s)  # not wrapped: nothing of a websocket passes through the middleware

    asyncio.run(untouched())


def test_names_checked_normalised_compared_and_cleaned() -> None:
    from fengsheng.server.guard import PLAYER_NAME_MAX, check_name, dumps, name_key, shown
    from fengsheng.server.settings import LobbyError

    for bad in [*BAD_NAMES, "\ud800", "a\udc00"]:
        with pytest.raises(LobbyError) as exc:
            check_name(bad, "name", PLAYER_NAME_MAX)
        assert exc.value.status == 400
    assert check_name("  小明\u3000 \t".replace("\t", ""), "name", 24) == "小明"
    assert check_name("Ana\u0301", "name", 24) == "An\u00e1"
    assert check_name("שלום", "name", 24) == "שלום"  # right-to-left letters are letters
    assert check_name("क्षत्रिय", "name", 24) == "क्षत्रिय"  # marks between letters
    assert check_name("❤️ fan", "name", 24) == "❤️ fan"  # an emoji with its variation selector
    assert name_key("Alice") == name_key("ＡＬＩＣＥ") == name_key("alice")
    assert name_key("Straße") == name_key("STRASSE")
    assert shown("\ud800\u202eevil") == "\ufffdevil" and shown("ok") == "ok" and shown("\u202e") == "?"
    assert json.loads(dumps({"name": "\ud800x", "n": [1, 2]})) == {"name": "\ufffdx", "n": [1, 2]}


# the lobby page in a browser -----------------------------------------------------------------------------------------
def test_the_lobby_page_shows_the_open_tables_a_page_at_a_time_under_the_csp(unlimited: Server) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    host = unlimited.player("小明")
    names = ["مريم", "Bob", "Ann"]
    for i in range(45):
        code = unlimited.post("/api/tables", {"players": 5, "name": f"桌 {i}" if i % 3 else ""}, host)["code"]
        if i % 4 == 0:
            unlimited.post(f"/api/tables/{code}/sit", {"seat": 1}, unlimited.player(names[i % 3] + str(i)))
    finished_game(unlimited, host)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(chromium), args=["--no-sandbox"])
        try:
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            ctx.add_init_script("localStorage.setItem('fs-lang', 'en');")
            page = ctx.new_page()
            problems: list[str] = []
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
            page.goto(unlimited.base + "/")
            page.wait_for_selector("#tables tr")
            page.wait_for_selector("#replays tr")
            assert page.locator("#tables tr").count() == 20
            assert page.is_visible("#older") and not page.is_visible("#newer")
            ARTEFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTEFACTS / "lobby-pages-1.png"), full_page=True)
            page.click("#older")
            page.wait_for_selector("#newer:not([hidden])")  # (wait_for_function evaluates a string: CSP says no)
            assert page.locator("#tables tr").count() == 20
            page.click("#older")
            sync_api.expect(page.locator("#tables tr")).to_have_count(5)
            assert not page.is_visible("#older")
            page.screenshot(path=str(ARTEFACTS / "lobby-pages-3.png"), full_page=True)
            page.click("#newer")
            page.click("#newer")
            page.wait_for_selector("#newer[hidden]", state="attached")
            assert not problems, problems  # no script error, nothing refused by the Content-Security-Policy
            ctx.close()
        finally:
            browser.close()
