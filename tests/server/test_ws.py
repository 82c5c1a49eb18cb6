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


def _open(ping: float | None = None) -> tuple[WebSocket, _Transport, list[str]]:
    """A WebSocket past its handshake on a stand-in transport (uvicorn's config and state reduced to what it reads)."""
    from types import SimpleNamespace

    events: list[str] = []

    def accept(ws: WebSocket) -> None:
        ws.on_close = lambda: events.append("closed")

    config = SimpleNamespace(ws_ping_interval=ping, ws_ping_timeout=ping, ws_max_size=1 << 20)
    ws = WebSocket(config, SimpleNamespace(connections=set()), {ACCEPT: accept})  # type: ignore[arg-type]
    t = _Transport()
    ws.connection_made(t)  # type: ignore[arg-type]
    ws.data_received(
        b"GET /ws/X HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    assert t.data.startswith(b"HTTP/1.1 101")
    t.data = b""
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
