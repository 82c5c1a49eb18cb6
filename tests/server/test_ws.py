"""``server.ws``: the frames it writes are the ``websockets`` library's own, and the protocol class behaves over a real
socket (uvicorn with ``ws=WebSocket``): the handshake, text and binary messages (fragmented too), a path that is not
``/ws/...``, pings answered, the close handshake, and uvicorn's shutdown telling the app first; on a stand-in
transport: a client too slow to read is dropped (1008), a peer that answers no ping is closed."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any

import pytest
import websockets
from websockets.frames import Frame, Opcode

from fengsheng.server.ws import ACCEPT, WebSocket, text_frame


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_text_frame_is_websockets_own(size: int) -> None:
    data = ("风" * size).encode()[:size]
    assert text_frame(data) == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_protocol_over_a_socket() -> None:
    import uvicorn

    seen: list[Any] = []
    events: list[str] = []

    def accept(ws: WebSocket) -> None:
        events.append(f"open {ws.path} {ws.query}")

        def on_message(data: str | bytes) -> None:
            seen.append(data)
            ws.send(data.encode() if isinstance(data, str) else b"binary %d" % len(data))

        ws.on_message = on_message
        ws.on_close = lambda: events.append("closed")
        ws.on_shutdown = lambda: ws.send(b"bye")

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while True:
                msg = await receive()
                if msg["type"] == "lifespan.startup":
                    scope["state"][ACCEPT] = accept
                    await send({"type": "lifespan.startup.complete"})
                else:
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        assert scope["type"] == "http"
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": b"http"})

    port = _port()

    async def main() -> None:
        config = uvicorn.Config(app, host="127.0.0.1", port=port, ws=WebSocket, log_level="warning")
        server = uvicorn.Server(config)
        task = asyncio.get_running_loop().create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        url = f"ws://127.0.0.1:{port}"
        async with websockets.connect(f"{url}/ws/AB?token=t&lang=en", compression=None) as ws:
            await ws.send("héllo")
            assert await ws.recv() == "héllo"
            await ws.send(["frag", "mented"])  # one message in two frames
            assert await ws.recv() == "fragmented"
            await ws.send(b"\x00\x01\x02")
            assert await ws.recv() == "binary 3"
            pong = await ws.ping()
            await asyncio.wait_for(pong, 5)
        with pytest.raises(websockets.InvalidStatus) as exc:
            async with websockets.connect(f"{url}/elsewhere"):
                pass
        assert exc.value.response.status_code == 404
        # uvicorn's shutdown: the app's last word, then the close handshake (1012)
        async with websockets.connect(f"{url}/ws/CD") as ws:
            server.should_exit = True
            assert await asyncio.wait_for(ws.recv(), 5) == "bye"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 10)

    asyncio.run(main())
    assert seen == ["héllo", "fragmented", b"\x00\x01\x02"]
    assert events[0] == "open /ws/AB {'token': 't', 'lang': 'en'}" and events.count("closed") == 2


class _Transport:
    """A stand-in transport: what was written, a buffer size to report, closed or not."""

    def __init__(self) -> None:
        self.data = b""
        self.buffered = 0
        self.closed = False

    def write(self, data: bytes) -> None:
        self.data += data

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def can_write_eof(self) -> bool:
        return True

    def write_eof(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True


def _upgraded(accept: Any, ping: float | None = None, cls: type[WebSocket] = WebSocket) -> tuple[WebSocket, _Transport]:
    """A ``cls`` past its handshake on a stand-in transport (uvicorn's config and state reduced to what it reads),
    ``accept`` its accept hook; the transport's data emptied after the 101."""
    from types import SimpleNamespace

    config = SimpleNamespace(ws_ping_interval=ping, ws_ping_timeout=ping, ws_max_size=1 << 20)
    ws = cls(config, SimpleNamespace(connections=set()), {ACCEPT: accept})  # type: ignore[arg-type]
    t = _Transport()
    ws.connection_made(t)  # type: ignore[arg-type]
    ws.data_received(
        b"GET /ws/X HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    assert t.data.startswith(b"HTTP/1.1 101")
    t.data = b""
    return ws, t


def _open(ping: float | None = None) -> tuple[WebSocket, _Transport, list[str]]:
    """A WebSocket past its handshake whose closes are recorded in the list returned."""
    events: list[str] = []

    def accept(ws: WebSocket) -> None:
        ws.on_close = lambda: events.append("closed")

    ws, t = _upgraded(accept, ping)
    return ws, t, events


def test_a_client_too_slow_to_read_is_dropped() -> None:
    async def go() -> None:
        ws, t, events = _open()
        ws.send(b"x" * 10)
        assert t.data == text_frame(b"x" * 10)
        ws.pause_writing()  # the transport's buffer passed its high-water mark
        t.buffered = 1 << 20
        ws.send(b"y")  # still under MAX_BUFFER: buffered by the transport
        assert t.data.endswith(text_frame(b"y")) and not ws.closed
        t.buffered = (4 << 20) + 1
        t.data = b""
        ws.send(b"z")  # over it: not sent; the connection is closed (1008) and the app told
        assert ws.closed and events == ["closed"]
        assert t.data[:1] == b"\x88" and t.data[2:4] == (1008).to_bytes(2, "big")  # a close frame, code 1008
        ws.send(b"late")
        assert b"late" not in t.data

    asyncio.run(go())


def test_a_peer_that_does_not_answer_pings_is_closed() -> None:
    async def go() -> None:
        ws, t, events = _open(ping=0.05)
        await asyncio.sleep(0.3)  # a ping at 0.05 s, no pong by 0.1 s
        assert t.data[:1] == b"\x89"  # the ping frame
        assert ws.closed and t.closed and events == ["closed"]

    asyncio.run(go())


class _SlowOnly(WebSocket):
    """The transport without its fast path: every byte through ``websockets``' parser (the reference)."""

    def data_received(self, data: bytes) -> None:
        self._receive(data)


def _frame(opcode: int, payload: bytes, fin: bool = True, mask: bool = True, rsv: int = 0) -> bytes:
    """A client frame, byte by byte (RFC 6455 5.2), possibly malformed (no mask, reserved bits)."""
    import os

    head = bytes([(0x80 if fin else 0) | rsv << 4 | opcode])
    n = len(payload)
    bit = 0x80 if mask else 0
    if n < 126:
        head += bytes([bit | n])
    elif n < 1 << 16:
        head += bytes([bit | 126]) + n.to_bytes(2, "big")
    else:
        head += bytes([bit | 127]) + n.to_bytes(8, "big")
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def _stream(rng: Any) -> bytes:
    """Frames a client may send, well-formed or not: mostly short text answers, and every other kind."""
    out = b""
    for _ in range(rng.randrange(5, 40)):
        kind = rng.random()
        if kind < 0.5:
            out += _frame(0x1, f'{{"type": "act", "seq": {rng.randrange(999)}, "option": "pass"}}'.encode())
        elif kind < 0.55:
            out += _frame(0x1, "风声".encode() * rng.randrange(0, 200))  # 0 to 1,200 bytes: short and long
        elif kind < 0.6:
            out += _frame(0x2, bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300))))
        elif kind < 0.68:
            out += _frame(0x1, b"frag", fin=False) + _frame(0x9, b"p") + _frame(0x0, b"mented")
        elif kind < 0.73:
            out += _frame(0x9, b"ping")
        elif kind < 0.76:
            out += _frame(0xA, b"pong")
        elif kind < 0.78:  # not UTF-8: 1007 (the last frame: websockets, parsing a whole chunk before the app
            # reads its text, would report a protocol error in a later frame of the chunk first)
            out += _frame(0x1, b"\xff\xfe")
            break
        elif kind < 0.8:
            out += _frame(0x1, b"unmasked", mask=False)  # a client frame must be masked: 1002
        elif kind < 0.82:
            out += _frame(0x1, b"rsv", rsv=4)  # no extension was negotiated: 1002
        elif kind < 0.84:
            out += _frame(0x0, b"orphan")  # a continuation of nothing: 1002
        elif kind < 0.85:  # a new message while a fragmented one is under way: 1002
            out += _frame(0x1, b"half", fin=False) + _frame(0x1, b'{"type": "ping"}')
        elif kind < 0.865:
            out += _frame(0x8, (1000).to_bytes(2, "big") + b"bye")
        elif kind < 0.87:
            out += _frame(0x1, b"x" * 300)[:10]  # cut short: the rest never comes
            break
        else:
            out += _frame(0x1, b'{"type": "ping"}')
    return out


def test_the_fast_path_reads_what_websockets_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Streams of client frames of every kind (short answers, long and binary messages, fragments with a ping between
    them, pings, pongs, bad UTF-8, an unmasked frame, reserved bits, a stray continuation, a new message inside a
    fragmented one, a close, a frame cut short), cut into chunks at random places: the transport delivers the same messages, writes the same bytes
    (pongs, close frames) and closes alike with its fast path and with every byte through ``websockets``."""
    import random

    import fengsheng.server.ws as ws_module

    fast = 0
    unmask = ws_module.apply_mask

    def counted(data: bytes, mask: bytes) -> bytes:  # the fast path unmasks each frame it reads
        nonlocal fast
        fast += 1
        return unmask(data, mask)

    monkeypatch.setattr(ws_module, "apply_mask", counted)

    def run(cls: type[WebSocket], chunks: list[bytes]) -> tuple[list[Any], bytes, bool, bool]:
        got: list[Any] = []

        def accept(ws: WebSocket) -> None:
            ws.on_message = got.append

        ws, t = _upgraded(accept, cls=cls)
        for chunk in chunks:
            ws.data_received(chunk)
        ws.eof_received()
        return got, t.data, ws.closed, t.closed

    async def go() -> None:
        for seed in range(300):
            rng = random.Random(seed)
            data = _stream(rng)
            cuts = sorted(rng.sample(range(1, len(data)), min(len(data) - 1, rng.randrange(0, 12))))
            chunks = [data[a:b] for a, b in zip([0, *cuts], [*cuts, len(data)], strict=True)]
            want = run(_SlowOnly, chunks)
            got = run(WebSocket, chunks)
            assert got == want, seed

    asyncio.run(go())
    assert fast > 1000, fast  # the answers the fast path read (the others went through websockets)
