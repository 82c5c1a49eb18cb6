"""The wire protocol: what a client may send, how it is checked, the one error shape, the rate limit, and how a
client rebuilds its state from the server's messages (view patches).

Client → server (JSON text frames, at most :data:`MAX_MESSAGE` bytes):

* ``{"type": "act", "seq": N, "option": "pass"}``: answer the pending question; ``seq`` is the table's sequence
  number the client last saw (the number of answered decisions), so a stale or replayed answer is refused;
* ``{"type": "back"}``: take the seat back from its stand-in bot after a timeout;
* ``{"type": "ping"}``: answered with ``pong``.

Server → client: ``snapshot`` (on connect: the whole view, the seat's recent events and log lines, the pending
question, the table), ``update`` (after every step: only what changed for this connection since its last message:
``view`` holds the top-level view keys whose value changed, ``drop`` the keys gone, ``events``/``lines`` the new
events, ``question`` when the seat's question changed (``null``: none now), ``table`` when the table's public data
changed), ``table`` (before the game), ``error``, ``pong``. :class:`ClientState` is the reference merge;
``static/table.js`` does the same. Every error is ``{"type": "error", "code": CODE, "message": one line, "seq": N}``;
the connection stays open. A seat's socket is closed by the server, with one of the ``CLOSE_*`` codes below, when its
binding (player, table, seat) no longer holds (``table.Table.holds``).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import orjson

MAX_MESSAGE: Final = 4096  # bytes: an answer is a few dozen; anything longer is refused unread
MAX_OPTION: Final = 120  # the engine's MAX_NOTATION
CLIENT_TYPES: Final = frozenset({"act", "back", "ping"})

# error codes (docs/server.md)
MALFORMED: Final = "malformed"
OVERSIZED: Final = "oversized"
STALE: Final = "stale"
NOT_YOUR_TURN: Final = "not_your_turn"
ILLEGAL: Final = "illegal"
RATE_LIMITED: Final = "rate_limited"
SPECTATOR: Final = "spectator"
OVER: Final = "over"

# websocket close codes of the application (4000-4999; docs/server.md): a socket is bound to (player, table, seat)
CLOSE_REFUSED: Final = 4401  # at the handshake: unknown or revoked token, no seat at the table, no spectators
CLOSE_REVOKED: Final = 4403  # the token the socket was opened with has been revoked: a new one must reconnect
CLOSE_SEAT_CHANGED: Final = 4409  # the seat is no longer its player's (moved, left, taken): reconnect to rebind
CLOSE_GONE: Final = 4410  # the game is over and its table left memory: it is in the replays (no reconnect)


_ORJSON_OPTS: Final = orjson.OPT_NON_STR_KEYS


def _tuple_like(obj: Any) -> list[Any]:
    """What orjson does not write by itself and ``json`` does: tuple subclasses (the engine's options are
    NamedTuples) as arrays; anything else is a bug and raises as ``json`` would."""
    if isinstance(obj, tuple):
        return list(obj)
    raise TypeError(f"Object of type {type(obj).__name__} is not JSON serializable")


def encode(msg: dict[str, Any]) -> bytes:
    """A server message as the payload of the JSON text frame sent (UTF-8): compact, no ``\\u`` escapes, the same
    JSON value as ``json.dumps`` gives. orjson (a well-kept Rust library) writes it some ten times faster than
    ``json``, and as bytes, which is what the frame carries (docs/scaling.md). A dict key that is not a string
    (``json`` writes ``1`` as ``"1"``) needs orjson's ``OPT_NON_STR_KEYS``, which makes every message take twice
    as long; no message of a game has one, so a message is written without it first and again with it only if
    orjson refused it (anything else it refuses, it refuses again)."""
    try:
        data: bytes = orjson.dumps(msg, default=_tuple_like)
    except TypeError:
        data = orjson.dumps(msg, default=_tuple_like, option=_ORJSON_OPTS)
    return data


class ProtocolError(Exception):
    """A client message refused: ``code`` (one of the codes above) and a one-line message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class ClientMessage(NamedTuple):
    """A checked client message (a named tuple: one is built per message received)."""

    type: str
    seq: int = -1
    option: str = ""


def parse(text: str | bytes) -> ClientMessage:
    """Check one client frame; :class:`ProtocolError` if it is oversized, not a JSON object of a known type, or has
    fields of the wrong type (never coerced: ``"seq": "3"`` or ``true`` is refused)."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(OVERSIZED, f"message of {len(text)} bytes: at most {MAX_MESSAGE}")
    if isinstance(text, bytes):
        raise ProtocolError(MALFORMED, "binary frames are not accepted: send JSON text")
    try:
        obj = orjson.loads(text)  # strict JSON (no NaN, integers within 64 bits); its errors are ValueErrors
    except (ValueError, RecursionError):
        raise ProtocolError(MALFORMED, "not JSON") from None
    if not isinstance(obj, dict):
        raise ProtocolError(MALFORMED, "a message is a JSON object")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        raise ProtocolError(MALFORMED, f"unknown message type (one of {sorted(CLIENT_TYPES)})")
    if kind != "act":
        if len(obj) != 1:
            raise ProtocolError(MALFORMED, f"{kind!r} takes no fields")
        return ClientMessage(kind)
    if len(obj) != 3 or "seq" not in obj or "option" not in obj:
        raise ProtocolError(MALFORMED, "act needs exactly type, seq and option")
    seq, option = obj["seq"], obj["option"]
    if type(seq) is not int or seq < 0:
        raise ProtocolError(MALFORMED, "seq must be a non-negative integer")
    if not isinstance(option, str) or not option or len(option) > MAX_OPTION:
        raise ProtocolError(MALFORMED, f"option must be a non-empty string of at most {MAX_OPTION} characters")
    return ClientMessage("act", seq, option)


def error(code: str, message: str, seq: int) -> dict[str, Any]:
    """The one error shape."""
    return {"type": "error", "code": code, "message": message, "seq": seq}


class RateLimit:
    """A token bucket per connection: ``rate`` messages a second on average, bursts of ``burst``. The caller passes
    the time (the protocol has no clock of its own, so tests drive it). It limits what the server did not ask for:
    the caller refunds the token of an answer taken, so a client as fast as the game never runs dry."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float = 100.0, burst: float = 200.0) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp: float | None = None

    def allow(self, now: float) -> bool:
        if self.stamp is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def refund(self) -> None:
        """Give back the token of a message that turned out to be wanted (an answer to the seat's question)."""
        self.tokens = min(self.burst, self.tokens + 1.0)


def patch(old: dict[str, Any] | None, new: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """What turns ``old`` into ``new`` at the top level: the keys whose value changed (or is new) and the keys gone.
    ``old`` is what the connection was last sent (``None``: nothing yet, so everything). Values are compared whole
    (``==``, after the cheap ``is``): a changed ``seats`` entry resends the ``seats`` list."""
    if old is None:
        return new, []
    missing = _MISSING
    changed = {k: v for k, v in new.items() if (o := old.get(k, missing)) is not v and o != v}
    dropped = [k for k in old if k not in new] if old.keys() != new.keys() else []
    return changed, dropped


class _Missing:
    __slots__ = ()


_MISSING: Final = _Missing()


class ClientState:
    """What a client knows after the messages so far: the reference for a client's merge (``static/table.js``
    mirrors it line by line; the wire leak test and the load generator use this one). ``view`` is the whole view
    rebuilt from the snapshot and the patches, ``question`` the pending question, ``table`` the table's public
    data, ``seq`` the sequence number of the last message."""

    __slots__ = ("delay", "question", "seq", "table", "view")

    def __init__(self) -> None:
        self.seq = 0
        self.view: dict[str, Any] | None = None
        self.question: dict[str, Any] | None = None
        self.table: dict[str, Any] | None = None
        self.delay = 0

    def apply(self, msg: dict[str, Any]) -> bool:
        """Merge one server message; ``True`` if it was a game message (``snapshot`` or ``update``)."""
        kind = msg.get("type")
        if kind == "table":
            self.table = msg["table"]
            self.seq = msg["seq"]
            self.delay = msg.get("delay", 0)
            return False
        if kind == "snapshot":
            self.view = dict(msg["view"])
        elif kind == "update":
            if self.view is None:
                self.view = {}
            if "view" in msg:
                self.view.update(msg["view"])
            for key in msg.get("drop", ()):
                del self.view[key]
        else:
            return False
        if kind == "snapshot" or "question" in msg:
            self.question = msg["question"]
        if "table" in msg:
            self.table = msg["table"]
        self.seq = msg["seq"]
        self.delay = msg.get("delay", 0)
        return True
