"""The HTTP side's defences against hostile input: names, bodies, query parameters, creation limits, answers that
always encode, security headers and the last-resort error (docs/server.md, "Limits").

An outside tester broke the lobby with one table name (a lone surrogate: stored, then every ``GET /api/tables``
was a 500), drew 647 MB of RSS with one 300 MB body before its 413, created 5,000 tables in 8 s and left
tracebacks and bare 500s with a 5,000-deep JSON body and ``as=²``. Here:

* :func:`check_name`: a player's or a table's name is valid Unicode, NFC, printable (no control, format, private
  use, unassigned or invisible filler characters: no NUL, no bidi overrides, no zero-width characters), not blank,
  at most :data:`PLAYER_NAME_MAX` / :data:`TABLE_NAME_MAX` characters; :func:`name_key` is what "the same name"
  means at a table (NFKC, case-folded). :func:`shown` cleans a name an older version stored.
* :class:`Guard`, a pure ASGI middleware on the HTTP side only (the websockets never pass through ASGI, see
  ``server/ws.py``): a body whose ``Content-Length`` passes :data:`MAX_BODY` is refused with 413 before a byte of
  it is read, a chunked one as soon as what arrived passes it; every response gets the security headers
  (:data:`SECURITY_HEADERS`); an exception that escapes a handler is logged once and answered
  ``{"error": "internal error"}`` with 500.
* :func:`parse_body` (strict JSON, an object, at most :data:`MAX_DEPTH` deep) and :func:`query_digits`.
* :class:`Limits`: token buckets per player and per client address for what creates rows (players, tables), and
  the number of open tables a player may host; set by ``$FENGSHENG_LIMITS`` (:meth:`Limits.from_env`).
* :func:`dumps`: the JSON of an answer (orjson), which never fails on a string that does not encode.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import json
import logging
import math
import os
import time
import unicodedata
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

import orjson
from starlette.requests import ClientDisconnect
from starlette.responses import Response

from fengsheng.server.settings import LobbyError

log = logging.getLogger("fengsheng.server")

MAX_BODY: Final = 16_384  # bytes of a request body (the API's are under 1 KB: settings, a seat, a name)
MAX_DEPTH: Final = 8  # nesting of a request body's JSON (the settings are 2 deep: an object holding a list)
PLAYER_NAME_MAX: Final = 24  # characters (code points, after NFC), as the lobby page's input allows
TABLE_NAME_MAX: Final = 40  # characters of a table's name
MAX_MARKS: Final = 4  # combining marks in a row (a letter stacked with dozens is a "Zalgo" name)
PAGE_DEFAULT: Final = 50  # tables (or finished games) in one page of a list
PAGE_MAX: Final = 100
ENV: Final = "FENGSHENG_LIMITS"  # the creation limits: "off", or overrides (Limits.from_env)

# Unicode categories never allowed in a name: control (NUL, tab, newline …), format (the bidi embeddings,
# overrides and isolates U+202A–U+202E and U+2066–U+2069, zero-width U+200B–U+200F, U+2060, U+FEFF, soft hyphen,
# tags), surrogates, private use, unassigned, line and paragraph separators.
REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Letters and marks that show nothing (Unicode's Default_Ignorable_Code_Point outside the categories above, and
# the blank Braille pattern): invisible names were made of them.
INVISIBLE: Final = frozenset(
    {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800, 0x3164, 0xFFA0}
)

_CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# On every HTTP response. The client is plain files from /static (no inline script or style, no other origin);
# 'self' in connect-src covers the websocket on the same host and port (CSP Level 3, every current browser).
SECURITY_HEADERS: Final = (
    (b"content-security-policy", _CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


# names ---------------------------------------------------------------------------------------------------------------
def _char_name(c: str) -> str:
    return f"U+{ord(c):04X}" + (f" {unicodedata.name(c)}" if unicodedata.name(c, "") else "")


def check_name(raw: object, what: str, longest: int) -> str:
    """``raw`` as a name (``what``: "name", for the message) or :class:`LobbyError` (400) saying why not: a string
    that encodes to UTF-8, NFC-normalised, with no character of :data:`REFUSED_CATEGORIES` or :data:`INVISIBLE`,
    each run of white space one space and none at the ends, at least one visible character, not beginning with a
    combining mark, at most :data:`MAX_MARKS` combining marks in a row, and at most ``longest`` characters."""
    if not isinstance(raw, str):
        raise LobbyError(f"{what} must be a string")
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        raise LobbyError(f"{what} is not valid Unicode (a lone surrogate)") from None
    text = unicodedata.normalize("NFC", raw)
    for c in text:
        if unicodedata.category(c) in REFUSED_CATEGORIES or ord(c) in INVISIBLE:
            raise LobbyError(f"{what} may not contain {_char_name(c)} (control, format or invisible characters)")
    text = " ".join(text.split())  # every kind of space (U+3000, no-break …) as one ASCII space, none at the ends
    marks = 0
    visible = False
    for c in text:
        if unicodedata.category(c).startswith("M"):
            marks += 1
            if marks > MAX_MARKS:
                raise LobbyError(f"{what} has more than {MAX_MARKS} combining marks in a row")
        else:
            marks = 0
            visible = visible or c != " "
    if not visible:
        raise LobbyError(f"{what} must have a visible character")
    if unicodedata.category(text[0]).startswith("M"):
        raise LobbyError(f"{what} may not begin with a combining mark")
    if len(text) > longest:
        raise LobbyError(f"{what} must be at most {longest} characters")
    return text


def name_key(name: str) -> str:
    """What two names share when they are "the same name" at a table: NFKC, case-folded (``Alice``, ``alice`` and
    the full-width ``Ａｌｉｃｅ`` are one name)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def _unsurrogated(text: str) -> str:
    """``text`` with each lone surrogate as U+FFFD (a pair of halves, as two code points, joined into its
    character)."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def shown(name: str) -> str:
    """A name as stored, made safe to send: an older version stored names unchecked, so a lone surrogate (which
    no JSON encoder writes as UTF-8) becomes U+FFFD and control and format characters are dropped."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        name = _unsurrogated(name)
    if name.isprintable():
        return name
    out = "".join(c for c in name if unicodedata.category(c) not in REFUSED_CATEGORIES)
    return out if out.strip() else "?"


def scrub_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """A table's stored settings with every name in them made safe to send (:func:`shown`): the table's, its seats'
    (``seats``) and the finished game's (``outcome.names``); changed in place, and returned."""
    name = settings.get("name")
    if isinstance(name, str):
        settings["name"] = shown(name)
    for seat in settings.get("seats") or ():
        if isinstance(seat, dict) and isinstance(seat.get("name"), str):
            seat["name"] = shown(seat["name"])
    outcome = settings.get("outcome")
    if isinstance(outcome, dict) and isinstance(outcome.get("names"), list):
        outcome["names"] = [shown(n) if isinstance(n, str) else n for n in outcome["names"]]
    return settings


def scrub_tables(tables: Iterable[Any]) -> int:
    """The tables restored from the store with every name made safe to send (:func:`shown`): each seat's and the
    table's own. An older version stored them unchecked, and one lone surrogate in a seat's name made every
    snapshot of its table fail to encode (the socket dropped). Returns how many tables changed."""
    changed = 0
    for t in tables:
        seats = [s if shown(s.name) == s.name else dataclasses.replace(s, name=shown(s.name)) for s in t.seats]
        name = t.settings.get("name")
        if seats != t.seats or (isinstance(name, str) and shown(name) != name):
            t.seats = seats
            scrub_settings(t.settings)
            changed += 1
    return changed


def seat_taken_by_name(seats: Iterable[tuple[int | None, str]], player: int, name: str) -> bool:
    """Whether another player than ``player`` already sits at the table (``seats``: (player, name) of its human
    seats) under the same name (:func:`name_key`)."""
    key = name_key(name)
    return any(p != player and name_key(n) == key for p, n in seats)


# bodies and query parameters -----------------------------------------------------------------------------------------
def _depth(obj: Any) -> int:
    """How deep ``obj`` nests (a scalar: 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(obj, 0)]
    while stack:
        o, d = stack.pop()
        if isinstance(o, dict):
            o = o.values()
        elif not isinstance(o, list):
            continue
        deepest = max(deepest, d + 1)
        if deepest > MAX_DEPTH:
            break
        stack.extend((x, d + 1) for x in o)
    return deepest


def parse_body(raw: bytes) -> dict[str, Any]:
    """A request body as a JSON object (empty: ``{}``), strictly (orjson: UTF-8, no lone surrogates, no NaN), at
    most :data:`MAX_BODY` bytes and :data:`MAX_DEPTH` deep; anything else a :class:`LobbyError` (400, 413)."""
    if len(raw) > MAX_BODY:
        raise LobbyError(f"body larger than {MAX_BODY} bytes", 413)
    if not raw:
        return {}
    try:
        obj = orjson.loads(raw)  # its own nesting limit is 1,024: a deeper body is a JSONDecodeError, no recursion
    except ValueError as exc:
        raise LobbyError(f"the body is not JSON: {str(exc).splitlines()[0][:120]}") from None
    if not isinstance(obj, dict):
        raise LobbyError("the body must be a JSON object")
    if _depth(obj) > MAX_DEPTH:
        raise LobbyError(f"the body nests deeper than {MAX_DEPTH}")
    return obj


def query_digits(params: Mapping[str, str], key: str, default: int, digits: int) -> int:
    """The query parameter ``key`` as a non-negative integer of at most ``digits`` ASCII digits, or ``default`` when
    absent; else 400. (``str.isdigit`` is true of ``²``, which ``int()`` refuses with a ValueError; ``int()`` takes
    ``٣``, ``+3`` and `` 3``, and raises on 5,000 digits.)"""
    text = params.get(key)
    if text is None:
        return default
    if not (0 < len(text) <= digits and text.isascii() and text.isdigit()):
        raise LobbyError(f"{key} must be a number of at most {digits} digits")
    return int(text)


def is_code(text: str) -> bool:
    """Whether ``text`` could be a table's code (at most 12 ASCII letters and digits): anything else is looked up
    nowhere."""
    return 0 < len(text) <= 12 and text.isascii() and text.isalnum()


# answers ---------------------------------------------------------------------------------------------------------------
def _tuple_like(obj: Any) -> list[Any]:
    if isinstance(obj, tuple):  # NamedTuples (orjson writes plain tuples only)
        return list(obj)
    raise TypeError(f"Object of type {type(obj).__name__} is not JSON serializable")


def _encodable(obj: Any) -> Any:
    """``obj`` with every string that does not encode (a lone surrogate) made to, by :func:`shown`'s replacement."""
    if isinstance(obj, str):
        try:
            obj.encode("utf-8")
        except UnicodeEncodeError:
            return _unsurrogated(obj)
        return obj
    if isinstance(obj, dict):
        return {_encodable(k): _encodable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_encodable(x) for x in obj]
    return obj


def dumps(data: Any) -> bytes:
    """The JSON of an answer, as UTF-8. orjson first (ten times ``json``); what it refuses (a lone surrogate in a
    name an older version stored, a key that is not a string, an integer beyond 64 bits) goes through ``json``
    with every such string replaced, so that one stored name can never turn a list into a 500."""
    try:
        out: bytes = orjson.dumps(data, default=_tuple_like)
        return out
    except TypeError:
        pass
    clean = _encodable(data)
    return json.dumps(clean, ensure_ascii=False, separators=(",", ":"), default=_tuple_like).encode("utf-8")


class JSONAnswer(Response):  # type: ignore[misc, unused-ignore]  # (Any without the server extra)
    """A JSON answer written by :func:`dumps`."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return dumps(content)


# creation limits -----------------------------------------------------------------------------------------------------
class TooMany(LobbyError):
    """A creation refused by a limit: 429 with ``Retry-After`` (whole seconds)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message, 429)
        self.retry_after = max(1, math.ceil(retry_after))


@dataclass
class Bucket:
    """A token bucket: ``capacity`` tokens, one back every ``period / capacity`` seconds."""

    capacity: int
    period: float
    clock: Callable[[], float] = time.monotonic
    tokens: dict[str, tuple[float, float]] = field(default_factory=dict)  # key -> (tokens, when)
    MAX_KEYS: ClassVar[int] = 100_000  # keys kept before the full buckets are forgotten

    def level(self, key: str) -> float:
        now = self.clock()
        have, at = self.tokens.get(key, (self.capacity, now))
        return min(float(self.capacity), have + (now - at) * self.capacity / self.period)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` has a token (0: it has one now)."""
        return max(0.0, (1 - self.level(key)) * self.period / self.capacity)

    def take(self, key: str) -> None:
        """One token of ``key``'s (the caller checked that it has one). The keys are bounded: past
        :data:`MAX_KEYS`, the full buckets are forgotten (a forgotten key is full), then if need be the older half."""
        if len(self.tokens) >= self.MAX_KEYS:
            self.tokens = {k: v for k, v in self.tokens.items() if self.level(k) < self.capacity}
            if len(self.tokens) >= self.MAX_KEYS // 2:
                self.tokens = dict(list(self.tokens.items())[len(self.tokens) // 2 :])
        self.tokens[key] = (self.level(key) - 1, self.clock())


def _rate(spec: str) -> tuple[int, float]:
    count, _, seconds = spec.partition("/")
    n, s = int(count), float(seconds)
    if n < 1 or not s > 0:
        raise ValueError(spec)
    return n, s


@dataclass
class Limits:
    """How fast players and tables may be created, and how many open tables (in the lobby or playing) a player may
    host. Each rate is (count, seconds): a token bucket of ``count`` refilled over ``seconds``; two of a kind (a
    minute's and a day's) must both have a token, as Lichess's composite limits (its game setup: 5 a minute per
    address; its sign-up: 10 per 10 minutes and 150 a day per address). ``off``: no rate and no cap (the tests and
    benches on loopback). The client's address is the socket's peer (uvicorn takes ``X-Forwarded-For`` only from
    a proxy on 127.0.0.1); an IPv6 address counts by its /64, which one client usually holds whole."""

    players_ip: tuple[int, float] = (20, 600.0)  # POST /api/players per address: 20 per 10 min …
    players_ip_day: tuple[int, float] = (200, 86400.0)  # … and 200 a day
    tables_player: tuple[int, float] = (5, 60.0)  # POST /api/tables and rematches per player: 5 a minute …
    tables_player_day: tuple[int, float] = (100, 86400.0)  # … and 100 a day
    tables_ip: tuple[int, float] = (20, 60.0)  # per address: 20 a minute …
    tables_ip_day: tuple[int, float] = (500, 86400.0)  # … and 500 a day
    open_tables: int = 3  # tables in the lobby or playing that one player hosts
    off: bool = False
    clock: Callable[[], float] = time.monotonic
    buckets: dict[str, Bucket] = field(default_factory=dict)

    RATES: ClassVar[tuple[str, ...]] = (
        "players_ip",
        "players_ip_day",
        "tables_player",
        "tables_player_day",
        "tables_ip",
        "tables_ip_day",
    )

    def __post_init__(self) -> None:
        for name in self.RATES:
            n, s = getattr(self, name)
            self.buckets[name] = Bucket(n, s, self.clock)

    @classmethod
    def parse(cls, spec: str, clock: Callable[[], float] = time.monotonic) -> Limits:
        """``""``: the defaults; ``off``; or overrides such as ``tables_player=10/60,open_tables=5``."""
        spec = spec.strip()
        if spec == "off":
            return cls(off=True, clock=clock)
        kw: dict[str, Any] = {}
        for item in filter(None, (s.strip() for s in spec.split(","))):
            key, _, value = item.partition("=")
            key = key.strip()
            if key == "open_tables":
                kw[key] = int(value)
            elif key in cls.RATES:
                kw[key] = _rate(value)
            else:
                raise ValueError(f"{ENV}: unknown limit {key!r} (known: off, open_tables, {', '.join(cls.RATES)})")
        return cls(clock=clock, **kw)

    @classmethod
    def from_env(cls) -> Limits:
        return cls.parse(os.environ.get(ENV, ""))

    def check(self, what: str, keys: dict[str, str]) -> None:
        """:class:`TooMany` if any bucket of ``keys`` (bucket name -> key) has no token; takes none (:meth:`take`
        does, once the creation succeeded: a refused request costs its sender nothing but is not counted)."""
        if self.off:
            return
        waits = [self.buckets[b].wait(k) for b, k in keys.items()]
        if max(waits, default=0) > 0:
            raise TooMany(f"too many {what} created: try again later", max(waits))

    def take(self, keys: dict[str, str]) -> None:
        if not self.off:
            for b, k in keys.items():
                self.buckets[b].take(k)


def client_key(scope: MutableMapping[str, Any]) -> str:
    """The client's address for the limits (the socket's peer, as uvicorn sets it): an IPv6 address by its /64
    network, an IPv4-mapped one as the IPv4 address."""
    client = scope.get("client")
    host = str(client[0]) if client else ""
    try:
        addr = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.IPv6Network((addr, 64), strict=False))
    return str(addr)


# the middleware --------------------------------------------------------------------------------------------------------
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyTooLarge(LobbyError):
    """Raised by :class:`Guard`'s ``receive`` once a body passes the limit (413); the handler's ``LobbyError``
    path answers it, or :class:`Guard` does."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"body larger than {limit} bytes", 413)


async def _answer(send: Send, status: int, message: str, close: bool = False) -> None:
    body = dumps({"error": message})
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """Pure ASGI middleware for HTTP requests (anything else passes straight through): the body limit, by the
    declared length before reading and by counting while streaming; the security headers on every response (and
    ``Connection: close`` on one sent before its request's body was read, so that the rest is not read either);
    and the last resort: an exception that escapes is logged once, with its traceback, and answered
    ``{"error": "internal error"}`` (500) if nothing was sent yet."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.max_body
        has_body = False
        for k, v in scope["headers"]:
            if k == b"content-length":
                if not (v.isdigit() and len(v) <= 18):
                    await _answer(self._headers(send), 400, "bad Content-Length", close=True)
                    return
                if int(v) > limit:  # refused unread
                    await _answer(self._headers(send), 413, f"body larger than {limit} bytes", close=True)
                    return
                has_body = has_body or int(v) > 0
            elif k == b"transfer-encoding":
                has_body = True
        state = {"read": 0, "done": not has_body, "started": False}

        async def counted() -> Message:
            message = await receive()
            if message["type"] == "http.request":
                state["read"] += len(message.get("body", b""))
                if state["read"] > limit:
                    raise BodyTooLarge(limit)
                if not message.get("more_body", False):
                    state["done"] = True
            return message

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                state["started"] = True
                headers = [*message.get("headers", ()), *SECURITY_HEADERS]
                if not state["done"]:
                    headers.append((b"connection", b"close"))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, counted, sending)
        except BodyTooLarge as exc:
            if not state["started"]:
                await _answer(sending, 413, str(exc), close=True)
        except ClientDisconnect:  # the client left mid-body (or its body timed out): nobody to answer, no bug
            log.info("client left: %s %r", scope.get("method"), scope.get("path"))
        except Exception:
            log.exception("internal error: %s %r", scope.get("method"), scope.get("path"))
            if not state["started"]:
                await _answer(sending, 500, "internal error", close=not state["done"])

    @staticmethod
    def _headers(send: Send) -> Send:
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *SECURITY_HEADERS]}
            await send(message)

        return sending
