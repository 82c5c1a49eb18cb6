"""The websocket transport of ``fengsheng serve``: one asyncio ``Protocol`` per connection, plugged into uvicorn as its
websocket protocol class, over the ``websockets`` library's Sans-I/O layer (the same parser and framer that uvicorn's
own ``websockets-sansio`` protocol uses).

Why not an ASGI websocket (Starlette's ``WebSocket``): through ASGI every message received is queued for the
endpoint's task and every message sent is an awaited call, so that a step's five updates need a writer task per
connection (a slow client must not hold up the others). That machinery cost about as much CPU per move as all the
game's own work (``bench/transport.py``, docs/scaling.md). Here a frame received is handed to the table in the
transport's own callback, and an update is framed and written synchronously (``transport.write`` never blocks: the
transport buffers, and a client whose buffer passes :data:`MAX_BUFFER` is dropped as too slow; it reconnects and
gets a snapshot). The HTTP side (the lobby, the static client) stays a Starlette ASGI app on the same uvicorn.

uvicorn hands every websocket upgrade to this class (``uvicorn.run(..., ws=WebSocket)``). The app's lifespan puts
its *accept hook* in the lifespan state under :data:`ACCEPT`; the hook is called once the handshake is done and
sets the connection's ``on_message``/``on_close``/``on_shutdown`` callbacks (or closes it). Paths other than
``/ws/...`` are refused with 404 before the handshake.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast
from urllib.parse import parse_qsl, unquote

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
MAX_BUFFER: Final = 4 << 20  # bytes waiting in the transport before a client is dropped as too slow
CLOSE_TIMEOUT: Final = 10.0  # seconds to wait for the peer's close frame before closing the TCP connection
TOO_SLOW: Final = 1008  # close code for a client that does not read its updates (policy violation)
GOING_AWAY: Final = 1012  # close code at shutdown (service restart)


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
        self.proto = ServerProtocol(max_size=config.ws_max_size, logger=log)
        self.transport: asyncio.Transport | None = None
        self.path = ""
        self.query: dict[str, str] = {}
        self.on_message: Callable[[str | bytes], None] = _ignore
        self.on_close: Callable[[], None] = _nothing
        self.on_shutdown: Callable[[], None] = _nothing
        self.paused = False  # the transport's buffer is over its high-water mark
        self.closed = False  # no more frames are sent or delivered
        self._parts: list[bytes | bytearray | memoryview] = []  # a fragmented message so far
        self._text = True  # the message being received is text (else binary)
        self._timer: asyncio.TimerHandle | None = None  # the next ping, the pong deadline or the close deadline
        self._ping: bytes | None = None
        # the fast path (_receive_fast): on once the handshake ended a chunk; what is held of a frame not whole yet;
        # the bytes still to give ``proto`` of a frame it parses itself
        self._fast = False
        self._held = b""
        self._to_proto = 0
        self._fast_max = min(125, config.ws_max_size or 125)

    # asyncio callbacks ---------------------------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports are not asyncio's classes
        self.connections.add(self)

    def data_received(self, data: bytes) -> None:
        if self._fast:
            self._receive_fast(data)
        else:
            self._receive(data)
            # the handshake done and nothing after it in the chunk: ``proto``'s parser waits at a frame's start
            self._fast = self.proto.state is State.OPEN and data.endswith(b"\r\n\r\n")

    def _receive(self, data: bytes) -> None:
        """Data through ``websockets``' parser (the handshake, and every frame the fast path leaves to it)."""
        self.proto.receive_data(data)
        events = self.proto.events_received()
        if self.proto.handshake_exc is not None and not events:  # not a request websockets can parse
            out = b"".join(self.proto.data_to_send())
            if self.transport is not None:
                self.transport.write(out or self.proto.reject(400, "Not a WebSocket request.\n").serialize())
            self._abort()
            return
        self._flush()  # a pong, the echo of a close frame
        for event in events:
            if isinstance(event, Request):
                self._handshake(event)
            elif isinstance(event, Frame):
                self._frame(event)
        if self.proto.state is not State.CONNECTING and self.proto.close_expected():
            self._closing()
            self._arm(CLOSE_TIMEOUT, self._abort)

    def _receive_fast(self, data: bytes) -> None:
        """The frames of a client's usual message (one unfragmented text frame of at most 125 bytes, masked, no
        reserved bit: an answer) read here, what ``proto`` would do with them (which changes nothing in its state)
        without its parser's generators and ``Frame`` objects; any other frame (control, binary, fragmented, longer,
        malformed, or while a fragmented message is under way or the connection is closing) is given to ``proto``
        byte for byte as it comes, from its first byte to its last (its length read from its header here), so that
        ``proto`` only ever starts parsing at a frame's first byte, as when it parsed everything."""
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
                continue
            if proto.state is not State.OPEN:  # closing: everything to proto, as before the fast path
                self._fast = False
                self._receive(buf[pos:])
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
                except UnicodeDecodeError:  # as _frame, then data_received's end
                    proto.fail(1007, "invalid UTF-8")
                    self._flush()
                    if proto.close_expected():
                        self._closing()
                        self._arm(CLOSE_TIMEOUT, self._abort)
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

    def eof_received(self) -> bool | None:
        if self._held:  # a frame cut short: proto sees what came of it, as before the fast path
            held, self._held = self._held, b""
            self._receive(held)
        self.proto.receive_eof()
        self._flush()
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self.proto.receive_eof()
        self._disarm()
        self.connections.discard(self)
        self._closing()

    def pause_writing(self) -> None:
        self.paused = True

    def resume_writing(self) -> None:
        self.paused = False

    def shutdown(self) -> None:
        """uvicorn's shutdown: the app's last word (``on_shutdown``), then the close handshake (1012)."""
        if self.proto.state is State.OPEN:
            self.on_shutdown()
        self.close(GOING_AWAY, "server restarting")
        if self.transport is not None and self.proto.state is not State.OPEN:
            self._arm(1.0, self._abort)

    # the app's side ----------------------------------------------------------------------------------------------
    def send(self, data: bytes) -> None:
        """Write one text frame (``data``: its UTF-8 payload) now; the transport buffers what the socket does not
        take yet. A client whose unsent data passes :data:`MAX_BUFFER` is dropped: it reads too slowly to follow
        the game."""
        if self.closed or self.proto.state is not State.OPEN:
            return
        t = self.transport
        assert t is not None
        if self.paused and t.get_write_buffer_size() > MAX_BUFFER:
            log.info('{"event": "too_slow", "path": "%s"}', self.path)
            self.close(TOO_SLOW, "too slow: reconnect")
            return
        t.write(text_frame(data))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Start the closing handshake; the TCP connection closes when the peer answers (or after a timeout)."""
        if self.proto.state is State.OPEN:
            self.proto.send_close(code, reason)
            self._flush()
            self._arm(CLOSE_TIMEOUT, self._abort)
        self._closing()

    # inside --------------------------------------------------------------------------------------------------------
    def _handshake(self, request: Request) -> None:
        raw_path, _, query = request.path.partition("?")
        path = unquote(raw_path)
        if not path.startswith(PREFIX) or self.accept_hook is None:
            self._write(self.proto.reject(404, "Not Found\n"))
            self._abort()
            return
        response = self.proto.accept(request)
        self._write(response)
        if self.proto.state is not State.OPEN:  # a malformed upgrade: accept() answered with an error
            self._abort()
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
        elif op is Opcode.PONG and self._ping is not None and bytes(frame.data) == self._ping:
            self._ping = None
            self._schedule_ping()

    def _schedule_ping(self) -> None:
        if self.ping_interval:
            self._arm(self.ping_interval, self._send_ping)

    def _send_ping(self) -> None:
        """Keepalive: a ping every ``ws_ping_interval`` seconds; no pong within ``ws_ping_timeout``: the peer is
        gone (a half-open TCP connection) and the connection is closed."""
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
                t.write(chunk)
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

    def _abort(self) -> None:
        if self.transport is not None:
            self.transport.close()
