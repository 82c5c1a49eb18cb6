"""A websocket connection as a table sees it (:class:`Conn`): its seat, language, rate limit, its binding to (player,
table, seat), and what it was last sent; and the :class:`Sink` its frames go to (``server.ws.WebSocket``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from fengsheng.server import protocol as P

if TYPE_CHECKING:
    from fengsheng.server.table import Table


class Sink(Protocol):
    """Where a connection's frames go: ``server.ws.WebSocket`` (or a test's stand-in); ``send`` takes the UTF-8
    payload of one text frame."""

    closed: bool

    def send(self, data: bytes) -> None: ...

    def close(self, code: int = 1000, reason: str = "") -> None: ...


class Conn:
    """One websocket connection: its seat (``None``: a spectator), its language, its rate limit, and what it was
    last sent (the view, the table's version, the question, the end of the events it has), against which its
    next update is a patch. A seat's connection is bound to (player, table, seat) when it joins its table
    (``home``; ``epoch``: the player's token revocations then): :meth:`Table.holds` checks that binding on every
    send and receive, and closes the connection once it no longer holds."""

    __slots__ = (
        "bound", "epoch", "events_at", "home", "lang", "player", "question", "rate", "seat", "strikes", "table",
        "view", "ws",
    )  # fmt: skip

    def __init__(self, seat: int | None, lang: str, ws: Sink, player: int | None = None) -> None:
        self.seat = seat
        self.player = player  # who the socket authenticated as (None: bound at join to the seat's player)
        self.epoch = 0  # the player's token revocations when it joined (Hall.revocations)
        self.home: Table | None = None  # the table it is bound to (Table.join)
        self.bound = True  # False for good once its binding failed (Table.unbind), even if the seat is his again
        self.lang = lang if lang in ("zh", "en", "none") else "zh"
        self.ws = ws
        self.rate = P.RateLimit()
        self.strikes = 0  # messages refused by the rate limit
        self.view: dict[str, Any] | None = None  # the whole view as the client has it now (read-only)
        self.table = -1  # the version of the table data it has
        self.question: tuple[int, int, str] | None = None  # the key of the question it has
        self.events_at = 0  # the events of the log it has been sent: [0, events_at)

    @property
    def closed(self) -> bool:
        return self.ws.closed

    def put(self, msg: dict[str, Any]) -> None:
        """Send one message now (the transport buffers; a client too slow to read is dropped by it). Every message
        to a client is sent here, so nothing reaches a connection whose binding no longer holds (Table.holds)."""
        home = self.home
        if not self.ws.closed and (home is None or home.holds(self)):
            self.ws.send(P.encode(msg))

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.ws.close(code, reason)
