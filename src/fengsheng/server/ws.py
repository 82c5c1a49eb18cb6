"""The transport of ``fengsheng serve``: the websocket protocol (one asyncio ``Protocol`` per connection, plugged into
uvicorn as its websocket protocol class, over the ``websockets`` library's Sans-I/O layer: the same parser and framer
that uvicorn's own ``websockets-sansio`` protocol uses), uvicorn's HTTP protocol with the limits it lacks, and the
limits of both (:class:`Limits`, docs/server.md "Limits").

Why not an ASGI websocket (Starlette's ``WebSocket``): through ASGI every message received is queued for the
endpoint's task and every message sent is an awaited call, so that a step's five updates need a writer task per
connection (a slow client must not hold up the others). That machinery cost about as much CPU per move as all the
game's own work (``bench/transport.py``, docs/scaling.md). Here a frame received is handed to the table in the
transport's own callback, and an update is framed and written synchronously (``transport.write`` never blocks: the
transport buffers). The HTTP side (the lobby, the static client) stays a Starlette ASGI app on the same uvicorn.

uvicorn hands every websocket upgrade to :class:`WebSocket` (``uvicorn.run(..., http=HTTP, ws=WebSocket)``). The
app's lifespan puts its *accept hook* in the lifespan state under :data:`ACCEPT`; the hook is called once the
handshake is done and sets the connection's ``on_message``/``on_close``/``on_shutdown`` callbacks (or closes it).
Paths other than ``/ws/...`` are refused with 404 before the handshake.

Against hostile clients (each bound is a field of :class:`Limits`):

* every byte a websocket writes (its frames, pongs and close frames included, and the handshake's answer) goes
  through one path, :meth:`WebSocket._put`: a client with more than ``send_buffer`` bytes waiting is dropped as too
  slow (1008; it reconnects and gets a snapshot); while the transport's buffer is over its high-water mark (64 KiB)
  the socket is not read, so a peer that sends and never reads (a ping flood) cannot make the server buffer more;
* pings and pongs from a client are rate-limited (``control_burst``, ``control_rate``; 1008 beyond);
* once a close frame is sent or received nothing more is delivered or answered: what the peer still sends is
  skipped frame by frame, unparsed, looking only for its close frame; past ``after_close`` bytes, or at the
  ``close_deadline`` (armed once, never moved later), the TCP connection is cut and what waits unsent is dropped;
* a websocket that answers no keepalive ping (uvicorn's ``ws_ping_interval``, ``ws_ping_timeout``) is closed;
* :class:`HTTP`: every connection (HTTP or websocket) is counted per client address and in all, and refused at
  once beyond ``per_address`` (429) or ``connections`` (503); a request whose headers (``header_timeout``) or body
  (``body_timeout``) do not come in time is answered 408 and closed; and the bytes that came after an upgrade
  request in the same read are handed to the websocket (uvicorn drops them).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import ipaddress
import json
import logging
import math
import os
import socket
import struct
import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast
from urllib.parse import parse_qsl, unquote

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol

try:
    from websockets.speedups import apply_mask
except ImportError:  # websockets built without its C extension
    from websockets.utils import apply_mask

if TYPE_CHECKING:
    from uvicorn.config import Config
    from uvicorn.server import ServerState

log = logging.getLogger("fengsheng.server")

ACCEPT: Final = "fengsheng.websocket"  # the lifespan state key of the app's accept hook
PREFIX: Final = "/ws/"  # the only websocket paths served
ENV: Final = "FENGSHENG_TRANSPORT_LIMITS"  # "name=value,…": any field of Limits
TOO_SLOW: Final = 1008  # close code for a client that does not read its updates (policy violation)
FLOOD: Final = 1008  # close code for a client that sends too many pings or pongs (policy violation)
GOING_AWAY: Final = 1012  # close code at shutdown (service restart)
MAX_HEAD: Final = 16 << 10  # bytes of an upgrade request's head (h11's own limit, which reads it first)
_LINGER_0: Final = struct.pack("ii", 1, 0)  # SO_LINGER on, 0 s: close() resets and drops what the kernel holds
LINGER: Final = 1.0  # seconds a refused connection is given to read its refusal before it is cut


@dataclasses.dataclass(frozen=True)
class Limits:
    """The transport's limits (docs/server.md, "Limits"). :data:`LIMITS` is read from ``$FENGSHENG_TRANSPORT_LIMITS``
    ("name=value,…", e.g. ``per_address=1000`` behind a proxy that is the only peer) when the module is imported."""

    send_buffer: int = 1 << 20  # bytes waiting unsent to a websocket before it is dropped as too slow (1008)
    close_deadline: float = 5.0  # seconds from the first close frame (either way) to the TCP connection's end
    after_close: int = 64 << 10  # bytes a websocket may still send after the close began, before it is cut
    control_burst: int = 50  # pings and pongs a client may send at once ...
    control_rate: float = 5.0  # ... and then per second; beyond: closed (1008 "too many pings")
    per_address: int = 256  # open connections (HTTP or websocket) from one address (IPv6: one /64); 429 beyond
    connections: int = 4096  # open connections in all (at most the open-file limit less 64); 503 beyond
    header_timeout: float = 10.0  # seconds for a request's headers, from the connection or the last response; 408
    body_timeout: float = 10.0  # seconds for a request's body, from its headers; 408
    socket_buffer: int = 256 << 10  # a websocket's kernel send buffer (SO_SNDBUF, which Linux doubles); 0: autotuned

    @classmethod
    def parse(cls, text: str) -> Limits:
        """The defaults with ``text``'s "name=value,…" over them; a name that is not a field, or a value that is not
        a positive number of its field's type, is a ``ValueError`` naming it."""
        defaults = cls()
        names = [f.name for f in dataclasses.fields(cls)]
        values: dict[str, Any] = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            name, sep, raw = (s.strip() for s in item.partition("="))
            if not sep or name not in names:
                raise ValueError(f"${ENV}: {item!r} is not name=value with a name among {', '.join(names)}")
            kind = type(getattr(defaults, name))
            try:
                value = kind(raw)
            except ValueError:
                raise ValueError(f"${ENV}: {name} must be a positive {kind.__name__}, not {raw!r}") from None
            if not math.isfinite(value) or value < 0 or (value == 0 and name != "socket_buffer"):
                raise ValueError(f"${ENV}: {name} must be a positive {kind.__name__}, not {raw!r}")
            values[name] = value
        return dataclasses.replace(defaults, **values)


LIMITS: Final = Limits.parse(os.environ.get(ENV, ""))


# connections counted per address and in all ------------------------------------------------------------------------
def address_key(peer: Any) -> str:
    """Whom a connection is counted against: its peer's IP address; an IPv6 address's /64 (one host's usual share,
    so that a client cannot pass the limit by changing its address within it); ``local`` for a Unix socket."""
    if not isinstance(peer, tuple) or not peer:
        return "local"
    host = str(peer[0])
    if ":" not in host:
        return host
    try:
        ip = ipaddress.IPv6Address(host.split("%", 1)[0])
    except ValueError:
        return host
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Network((ip, 64), strict=False))


def _fd_room() -> int:
    """Connections the process's open-file limit leaves room for (64 descriptors kept for the database, logs…)."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return 1 << 30
    return 1 << 30 if soft == resource.RLIM_INFINITY else max(1, soft - 64)


class Gate:
    """The connections open from each address and in all, for one uvicorn server (:func:`gate`)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.most = min(limits.connections, _fd_room())
        self.total = 0
        self.by_address: dict[str, int] = {}

    def enter(self, address: str) -> Slot | int:
        """A slot for one more connection from ``address``, or the HTTP status that refuses it (429: the address
        has ``per_address`` open; 503: the server has ``connections``)."""
        here = self.by_address.get(address, 0)
        if here >= self.limits.per_address:
            return 429
        if self.total >= self.most:
            return 503
        self.by_address[address] = here + 1
        self.total += 1
        return Slot(self, address)

    def leave(self, address: str) -> None:
        self.total -= 1
        here = self.by_address[address] - 1
        if here:
            self.by_address[address] = here
        else:
            del self.by_address[address]


class Slot:
    """One connection's place in its :class:`Gate`, held by the protocol that has the connection (the HTTP one,
    then the websocket it was upgraded to) and given back once when the connection is lost."""

    __slots__ = ("address", "gate")

    def __init__(self, gate: Gate, address: str) -> None:
        self.gate: Gate | None = gate
        self.address = address

    def release(self) -> None:
        if self.gate is not None:
            self.gate.leave(self.address)
            self.gate = None


_GATES: weakref.WeakKeyDictionary[Any, Gate] = weakref.WeakKeyDictionary()


def gate(server_state: ServerState) -> Gate:
    """The gate of the uvicorn server whose shared state is ``server_state`` (made on its first connection)."""
    g = _GATES.get(server_state)
    if g is None:
        g = _GATES[server_state] = Gate(LIMITS)
    return g


# HTTP ----------------------------------------------------------------------------------------------------------------
_NO_PHASE, _HEADERS, _BODY = 0, 1, 2
_REFUSALS: Final = {
    429: b"429 Too Many Requests", 503: b"503 Service Unavailable", 408: b"408 Request Timeout"
}  # fmt: skip


def _plain(status: int, text: str, retry: bool = False) -> bytes:
    """A whole HTTP/1.1 response that closes the connection (written raw: h11 cannot answer a request it has not
    read whole)."""
    body = text.encode() + b"\n"
    return (
        b"HTTP/1.1 " + _REFUSALS[status] + b"\r\ncontent-type: text/plain; charset=utf-8\r\n"
        b"content-length: " + str(len(body)).encode() + b"\r\n" + (b"retry-after: 5\r\n" if retry else b"")
        + b"connection: close\r\n\r\n" + body
    )  # fmt: skip


class HTTP(H11Protocol):  # type: ignore[misc, unused-ignore]  # (Any when the server extra is absent)
    """uvicorn's h11 protocol with the limits it lacks (uvicorn times out only the wait between kept-alive requests,
    and any byte stops that clock): the connection is counted (:class:`Gate`) and refused at once beyond its
    limits; a request's headers must come within ``header_timeout`` of the connection (or of the end of the last
    response), its body within ``body_timeout`` of its headers, else 408 and the connection is closed (the size of
    a body is the app's: ``server/guard.py``). An upgrade goes to :class:`WebSocket` with its slot and with whatever
    came after the request in the same read (uvicorn drops it: a client's first message, sent with the upgrade)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.limits = LIMITS
        self.slot: Slot | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._phase = _NO_PHASE
        self._refused = 0  # the status a connection beyond a limit is answered (0: admitted)
        self._answered = False
        self._discarded = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override, unused-ignore]
        entry = gate(self.server_state).enter(address_key(transport.get_extra_info("peername")))
        if isinstance(entry, int):
            self._refuse(transport, entry)
            return
        self.slot = entry
        super().connection_made(transport)
        self._expect(_HEADERS)

    def _refuse(self, transport: asyncio.Transport, status: int) -> None:
        """A connection beyond a limit: nothing of it is parsed or kept. Its first bytes (the request, whatever it
        is) are answered ``status`` and our side is shut; it is cut when the client closes, after :data:`LINGER`
        seconds, or past 64 KiB (what it sends meanwhile is read and thrown away, so that our close is not a reset
        that could destroy the answer before the client reads it)."""
        self.transport = transport
        self._refused = status
        self._timer = self.loop.call_later(LINGER, transport.abort)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            self._discarded += len(data)
            if self._answered:
                if self._discarded > 64 << 10:
                    self.transport.abort()
                return
            self._answered = True
            status = self._refused
            text = "too many connections from your address" if status == 429 else "the server is full: try again later"
            self.transport.write(_plain(status, text, retry=True))
            if self.transport.can_write_eof():
                self.transport.write_eof()
            return
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._expect(_HEADERS)
            self._follow()  # a pipelined request already read

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """uvicorn's upgrade, plus the slot and the bytes after the request (``trailing_data``) handed over."""
        self._expect(_NO_PHASE)
        self.connections.discard(self)
        output = [event.method, b" ", event.target, b" HTTP/1.1\r\n"]
        for name, value in self.headers:
            output += [name, b": ", value, b"\r\n"]
        output.append(b"\r\n")
        protocol = self.ws_protocol_class(  # type: ignore[call-arg, misc, unused-ignore]
            config=self.config, server_state=self.server_state, app_state=self.app_state
        )
        slot, self.slot = self.slot, None
        if isinstance(protocol, WebSocket):
            protocol.slot = slot
        elif slot is not None:
            slot.release()  # another websocket class: it would not give it back
        sock = self.transport.get_extra_info("socket")
        if isinstance(protocol, WebSocket):
            protocol.sock = sock
        if self.limits.socket_buffer and sock is not None:  # the kernel's share of what waits for the peer, bounded
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.socket_buffer)
        protocol.connection_made(self.transport)
        self.transport.set_protocol(protocol)
        protocol.data_received(b"".join(output))
        rest = self.conn.trailing_data[0]
        if rest:
            protocol.data_received(rest)

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        if self.slot is not None:
            self.slot.release()
            self.slot = None
        if not self._refused:
            super().connection_lost(exc)

    def _follow(self) -> None:
        """The clock that applies to where the request now is (h11's state of the client's side)."""
        state = self.conn.their_state
        if state is h11.IDLE:
            if self._phase != _HEADERS:
                self._expect(_HEADERS)
        elif state is h11.SEND_BODY:
            if self._phase != _BODY:
                self._expect(_BODY)
        elif self._phase != _NO_PHASE:
            self._expect(_NO_PHASE)  # the request is the app's now

    def _expect(self, phase: int) -> None:
        self._cancel()
        self._phase = phase
        if phase == _HEADERS:
            self._timer = self.loop.call_later(self.limits.header_timeout, self._timed_out)
        elif phase == _BODY:
            self._timer = self.loop.call_later(self.limits.body_timeout, self._timed_out)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _timed_out(self) -> None:
        """Headers or a body late: 408 if part of a request came (an idle connection is closed without a word)."""
        self._timer = None
        if self.transport.is_closing():
            return
        if self._phase == _BODY or self.conn.trailing_data[0]:
            self._fail(408, "the request took too long")
        else:
            self.transport.close()

    def _fail(self, status: int, text: str) -> None:
        """Answer ``status`` (unless this request was answered already: the app may answer before the body) and
        close."""
        self._cancel()
        self._phase = _NO_PHASE
        if self.cycle is None or not self.cycle.response_started:
            self.transport.write(_plain(status, text))
        self.transport.close()


# the websocket --------------------------------------------------------------------------------------------------------
_SHORT: Final = [bytes((0x81, n)) for n in range(126)]  # FIN + text, unmasked, 7-bit length


def text_frame(data: bytes) -> bytes:
    """One unfragmented, unmasked text frame (RFC 6455 5.2) holding ``data``: what a server sends, byte for byte
    what ``websockets``' ``Frame(OP_TEXT, data).serialize(mask=False)`` gives without extensions (none are
    negotiated here), written directly because building a ``Frame`` per update cost more than the write
    (``tests/server/test_ws.py`` compares the two)."""
    n = len(data)
    if n < 126:
        return _SHORT[n] + data
    if n < 1 << 16:
        return b"\x81\x7e" + n.to_bytes(2, "big") + data
    return b"\x81\x7f" + n.to_bytes(8, "big") + data


def _nothing() -> None:
    return None


def _ignore(data: str | bytes) -> None:
    return None


class WebSocket(asyncio.Protocol):
    """One websocket connection (uvicorn builds it on an upgrade request). ``send`` writes a text frame now;
    ``on_message`` is called with each message received (``str`` for text, ``bytes`` for binary)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.accept_hook: Callable[[WebSocket], None] | None = app_state.get(ACCEPT)
        self.connections: set[Any] = server_state.connections
        self.ping_interval = config.ws_ping_interval
        self.ping_timeout = config.ws_ping_timeout
        self.limits = LIMITS
        self.proto = ServerProtocol(max_size=config.ws_max_size, logger=log)
        self.transport: asyncio.Transport | None = None
        self.slot: Slot | None = None  # its place among the open connections (given by HTTP), given back when lost
        self.sock: Any = None  # its socket (given by HTTP), to cut it with a reset
        self.path = ""
        self.query: dict[str, str] = {}
        self.on_message: Callable[[str | bytes], None] = _ignore
        self.on_close: Callable[[], None] = _nothing
        self.on_shutdown: Callable[[], None] = _nothing
        self.paused = False  # the transport's buffer is over its high-water mark
        self.closed = False  # no more frames are sent or delivered
        self._parts: list[bytes | bytearray | memoryview] = []  # a fragmented message so far
        self._text = True  # the message being received is text (else binary)
        self._timer: asyncio.TimerHandle | None = None  # keepalive: the next ping, or the pong's deadline
        self._deadline: asyncio.TimerHandle | None = None  # the close deadline: armed once, only ever moved earlier
        self._ping: bytes | None = None
        self._head = b""  # the upgrade request so far
        # the fast path (_receive_fast): on once the handshake is done; what is held of a frame not whole yet (also
        # of a frame header while closing); the bytes still to give ``proto`` of a frame it parses itself
        self._fast = False
        self._held = b""
        self._to_proto = 0
        self._fast_max = min(125, config.ws_max_size or 125)
        self._skip = 0  # closing: bytes still to come of a frame skipped unread
        self._after_close = 0  # bytes received since the close began
        self._reading = True  # the transport is read (not paused: see data_received)
        self._dropping = False  # over ``send_buffer``: its close is under way
        self._gone = False  # the TCP connection is cut (or lost): nothing more is written or read
        self._tokens = float(self.limits.control_burst)  # the ping/pong bucket
        self._tokens_at = time.monotonic()

    # asyncio callbacks ---------------------------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports are not asyncio's classes
        self.connections.add(self)

    def data_received(self, data: bytes) -> None:
        if self._fast:
            self._receive_fast(data)
        elif self._gone:
            return
        elif self.proto.state is State.CONNECTING:
            self._receive_head(data)
        else:
            self._receive_closing(data)
        if self.paused and self._reading:
            # writes wait over the high-water mark: read no more until they drain (resume_writing), so that a
            # peer that sends and never reads (pings, answers) cannot make the server buffer more
            self._reading = False
            if not self._gone:
                cast(asyncio.Transport, self.transport).pause_reading()

    def _receive_head(self, data: bytes) -> None:
        """The upgrade request, to ``proto`` alone and whole; what follows it (the client's first frames, in the same
        read or not) to the fast path, which so starts at a frame's first byte."""
        buf = self._head + data
        end = buf.find(b"\r\n\r\n")
        if end < 0:
            self._head = buf
            if len(buf) > MAX_HEAD:
                self._write(self.proto.reject(431, "Request headers too large.\n"))
                self._abort(hard=False)
            return
        self._head = b""
        self._receive(buf[: end + 4])
        rest = buf[end + 4 :]
        if self.proto.state is State.OPEN:
            self._fast = True
            if rest:
                self._receive_fast(rest)
        elif rest and not self._gone:
            self._receive_closing(rest)

    def _receive(self, data: bytes) -> None:
        """Data through ``websockets``' parser (the handshake, and every frame the fast path leaves to it)."""
        self.proto.receive_data(data)
        events = self.proto.events_received()
        if self.proto.handshake_exc is not None and not events:  # not a request websockets can parse
            out = b"".join(self.proto.data_to_send())
            self._put(out or self.proto.reject(400, "Not a WebSocket request.\n").serialize())
            self._abort(hard=False)
            return
        self._flush()  # a pong, the echo of a close frame
        for event in events:
            if isinstance(event, Request):
                self._handshake(event)
            elif isinstance(event, Frame):
                self._frame(event)
        if self.proto.state is not State.CONNECTING and self.proto.close_expected():
            self._closing()
            self._close_by(self.limits.close_deadline)

    def _receive_fast(self, data: bytes) -> None:
        """The frames of a client's usual message (one unfragmented text frame of at most 125 bytes, masked, no
        reserved bit: an answer) read here, what ``proto`` would do with them (which changes nothing in its state)
        without its parser's generators and ``Frame`` objects; any other frame (control, binary, fragmented, longer,
        malformed, or while a fragmented message is under way) is given to ``proto`` byte for byte as it comes, from
        its first byte to its last (its length read from its header here), so that ``proto`` only ever starts
        parsing at a frame's first byte, as when it parsed everything. Once the close began, the rest goes to
        :meth:`_receive_closing`."""
        buf = self._held + data if self._held else data
        self._held = b""
        pos, n = 0, len(buf)
        proto = self.proto
        while pos < n:
            if self._to_proto:
                take = min(self._to_proto, n - pos)
                self._to_proto -= take
                self._receive(buf[pos : pos + take])
                pos += take
                if proto.eof_sent:  # proto gave up on the frame (too long, malformed): the rest is not read
                    self._to_proto = 0
                continue
            if proto.state is not State.OPEN:  # closing
                self._fast = False
                if not self._gone:
                    self._receive_closing(buf[pos:])
                return
            if n - pos < 2:
                break
            b1 = buf[pos + 1]
            size = b1 & 0x7F
            if buf[pos] == 0x81 and b1 & 0x80 and size <= self._fast_max and proto.current_size is None:
                end = pos + 6 + size
                if end > n:
                    break
                payload = apply_mask(buf[pos + 6 : end], buf[pos + 2 : pos + 6])
                pos = end
                if self.closed:
                    continue
                try:
                    message = str(payload, "utf-8")
                except UnicodeDecodeError:  # as _frame, then _receive's end
                    proto.fail(1007, "invalid UTF-8")
                    self._flush()
                    if proto.close_expected():
                        self._closing()
                        self._close_by(self.limits.close_deadline)
                    continue
                self.on_message(message)
                continue
            head = 2 + (2 if size == 126 else 8 if size == 127 else 0) + (4 if b1 & 0x80 else 0)
            if n - pos < head:
                break
            if size == 126:
                size = int.from_bytes(buf[pos + 2 : pos + 4], "big")
            elif size == 127:
                size = int.from_bytes(buf[pos + 2 : pos + 10], "big")
            self._to_proto = head + size
        self._held = buf[pos:]

    def _receive_closing(self, data: bytes) -> None:
        """After a close frame either way: nothing more is delivered or answered. The frames are skipped unread (no
        unmasking, no ``proto``) but for the peer's close frame, which ``proto`` takes to end the handshake; past
        ``after_close`` bytes the connection is cut at once (a flood does not wait for the deadline)."""
        self._after_close += len(data)
        if self._after_close > self.limits.after_close:
            log.info(json.dumps({"event": "flood_after_close", "path": self.path}))
            self._abort()
            return
        proto = self.proto
        if proto.eof_sent or proto.state is State.CLOSED:  # the close is done on our side: nothing is read
            return
        buf = self._held + data if self._held else data
        self._held = b""
        pos, n = 0, len(buf)
        while pos < n:
            if self._skip:
                take = min(self._skip, n - pos)
                self._skip -= take
                pos += take
                continue
            if n - pos < 2:
                break
            b1 = buf[pos + 1]
            size = b1 & 0x7F
            head = 2 + (2 if size == 126 else 8 if size == 127 else 0) + (4 if b1 & 0x80 else 0)
            if n - pos < head:
                break
            if size == 126:
                size = int.from_bytes(buf[pos + 2 : pos + 4], "big")
            elif size == 127:
                size = int.from_bytes(buf[pos + 2 : pos + 10], "big")
            if buf[pos] & 0x0F != 0x8:  # not a close frame
                self._skip = head + size
                continue
            end = pos + head + size
            if end > n:
                break
            self._receive(buf[pos:end])
            if proto.eof_sent or self._gone:
                return
            pos = end
        self._held = buf[pos:]

    def eof_received(self) -> bool | None:
        if self._held and self._fast:  # a frame cut short: proto sees what came of it, as before the fast path
            held, self._held = self._held, b""
            self._receive(held)
        self.proto.receive_eof()
        self._flush()
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self._gone = True
        self._fast = False
        self.proto.receive_eof()
        self._disarm()
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self.connections.discard(self)
        if self.slot is not None:
            self.slot.release()
            self.slot = None
        self._closing()

    def pause_writing(self) -> None:
        self.paused = True

    def resume_writing(self) -> None:
        self.paused = False
        if not self._reading:
            self._reading = True
            if not self._gone:
                cast(asyncio.Transport, self.transport).resume_reading()

    def shutdown(self) -> None:
        """uvicorn's shutdown: the app's last word (``on_shutdown``), then the close handshake (1012), cut after a
        second."""
        if self.proto.state is State.OPEN:
            self.on_shutdown()
        self.close(GOING_AWAY, "server restarting")
        if self.transport is not None and self.proto.state is not State.OPEN:
            self._close_by(1.0)

    # the app's side ----------------------------------------------------------------------------------------------
    def send(self, data: bytes) -> None:
        """Write one text frame (``data``: its UTF-8 payload) now, through :meth:`_put`."""
        if self.closed or self.proto.state is not State.OPEN:
            return
        self._put(text_frame(data))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Start the closing handshake; the TCP connection closes when the peer answers, or is cut at the close
        deadline."""
        if self.proto.state is State.OPEN:
            self.proto.send_close(code, reason)
            self._flush()
            self._close_by(self.limits.close_deadline)
        self._closing()

    # inside --------------------------------------------------------------------------------------------------------
    def _put(self, data: bytes) -> None:
        """The one way out for every byte (frames of every kind, the handshake's answer): the transport buffers what
        the socket does not take yet, up to ``send_buffer`` bytes; a client past it (while the buffer is over its
        high-water mark) is dropped as too slow (1008): what did not fit is not written, the close frame is, and
        the connection is cut at the close deadline with what still waits."""
        t = self.transport
        if t is None or self._gone:
            return
        if self.paused and not self._dropping and t.get_write_buffer_size() > self.limits.send_buffer:
            self._dropping = True
            log.info(json.dumps({"event": "too_slow", "path": self.path}))
            if self.proto.state is State.OPEN:
                self.close(TOO_SLOW, "too slow: reconnect")
            else:
                self._abort()
            return
        t.write(data)

    def _handshake(self, request: Request) -> None:
        raw_path, _, query = request.path.partition("?")
        path = unquote(raw_path)
        if not path.startswith(PREFIX) or self.accept_hook is None:
            self._write(self.proto.reject(404, "Not Found\n"))
            self._abort(hard=False)
            return
        response = self.proto.accept(request)
        self._write(response)
        if self.proto.state is not State.OPEN:  # a malformed upgrade: accept() answered with an error
            self._abort(hard=False)
            return
        self.path = path
        self.query = dict(parse_qsl(query))
        self._schedule_ping()
        self.accept_hook(self)

    def _frame(self, frame: Frame) -> None:
        op = frame.opcode
        if op is Opcode.TEXT or op is Opcode.BINARY or op is Opcode.CONT:
            if op is not Opcode.CONT:
                self._parts = [frame.data] if not frame.fin else []
                self._text = op is Opcode.TEXT
                data = frame.data
            else:
                self._parts.append(frame.data)
                if not frame.fin:
                    return
                data, self._parts = b"".join(self._parts), []
            if not frame.fin or self.closed:
                return
            message: str | bytes
            if self._text:
                try:
                    message = str(data, "utf-8")
                except UnicodeDecodeError:
                    self.proto.fail(1007, "invalid UTF-8")
                    self._flush()
                    self._closing()  # nothing more is delivered (frames parsed after this one in the same chunk)
                    return
            else:
                message = bytes(data)
            self.on_message(message)
        elif op is Opcode.PING or op is Opcode.PONG:
            self._control()
            if op is Opcode.PONG and self._ping is not None and bytes(frame.data) == self._ping:
                self._ping = None
                if self.proto.state is State.OPEN:
                    self._schedule_ping()

    def _control(self) -> None:
        """A ping or pong received: a token of its bucket (``control_burst``, refilled at ``control_rate`` a
        second); none left: closed (1008). ``proto`` has answered the ping already (at most one read's worth)."""
        now = time.monotonic()
        burst = float(self.limits.control_burst)
        self._tokens = min(burst, self._tokens + (now - self._tokens_at) * self.limits.control_rate) - 1
        self._tokens_at = now
        if self._tokens < 0 and self.proto.state is State.OPEN:
            log.info(json.dumps({"event": "ping_flood", "path": self.path}))
            self.close(FLOOD, "too many pings")

    def _schedule_ping(self) -> None:
        if self.ping_interval:
            self._arm(self.ping_interval, self._send_ping)

    def _send_ping(self) -> None:
        """Keepalive: a ping every ``ws_ping_interval`` seconds; no pong within ``ws_ping_timeout``: the peer is
        gone (a half-open TCP connection) or reads nothing, and the connection is closed."""
        if self.proto.state is not State.OPEN:
            return
        self._ping = os.urandom(4)
        self.proto.send_ping(self._ping)
        self._flush()
        if self.ping_timeout:
            self._arm(self.ping_timeout, self._ping_timed_out)
        else:
            self._schedule_ping()

    def _ping_timed_out(self) -> None:
        self.proto.fail(1011, "keepalive ping timeout")
        self._flush()
        self._closing()
        self._abort()

    def _closing(self) -> None:
        """No more messages either way: tell the app once."""
        if not self.closed:
            self.closed = True
            self.on_close()

    def _write(self, response: Any) -> None:
        self.proto.send_response(response)
        self._flush()

    def _flush(self) -> None:
        t = self.transport
        if t is None:
            return
        for chunk in self.proto.data_to_send():
            if chunk:
                self._put(chunk)
            elif self._gone:
                pass
            elif t.can_write_eof():
                t.write_eof()
            else:
                t.close()

    def _arm(self, seconds: float, fn: Callable[[], None]) -> None:
        self._disarm()
        self._timer = asyncio.get_running_loop().call_later(seconds, fn)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _close_by(self, seconds: float) -> None:
        """The TCP connection is cut ``seconds`` from now at the latest (an earlier deadline stays: whatever the
        peer sends, it never moves later); keepalive stops."""
        self._disarm()
        if self._gone:
            return
        loop = asyncio.get_running_loop()
        if self._deadline is not None:
            if self._deadline.when() <= loop.time() + seconds:
                return
            self._deadline.cancel()
        self._deadline = loop.call_later(seconds, self._abort)

    def _abort(self, hard: bool = True) -> None:
        """End the TCP connection now. ``hard`` (a deadline passed, a flood, a client too slow): what waits unsent is
        thrown away, in the transport (``transport.abort``) and in the kernel (``SO_LINGER`` 0: a reset), since a
        peer that reads nothing would hold it, and the socket, for ever; else (a refused handshake) the answer
        written goes out first."""
        t = self.transport
        if t is None or self._gone:
            return
        self._gone = True
        self._fast = False
        self._disarm()
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        if hard and self.sock is not None:
            with contextlib.suppress(OSError):
                self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _LINGER_0)
            t.abort()
        elif t.get_write_buffer_size():
            t.abort()
        else:
            t.close()
