"""A table: one ``Game`` driven by one ``Match``, with its seats, bots, timers and connections.

A :class:`Table` is in the lobby (seats taken, bots added), playing, or over. Playing, one asyncio task drives it
(:meth:`Table.drive`): it paces bots (``Match.run(limit=1)`` after the table's pace), answers for a human what the
choice layer's policy would not ask (after the response window's minimum time), waits for the human's answer or
the clock, and after every step appends the new decisions to the store **before** anyone is sent the result. When
a clock and the seat's time bank run out, the seat's own bot (seeing only the seat's view) takes over
(``Match.set_player``) and the seat is away until its player comes back. Every message to or from a connection
passes :meth:`Table.holds`, its binding's check; :meth:`Table.broadcast` sends each connection the patch of its view.

The server's other parts: ``hall.py`` (every table, the group commit), ``settings.py`` (a table's lobby settings),
``conn.py`` (a connection), ``draws.py`` (seeds and codes from the CSPRNG).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from fengsheng.bots import BOTS
from fengsheng.bots.base import Bot
from fengsheng.choices import AskPolicy, tree_dict
from fengsheng.choices.policy import Recall
from fengsheng.core.options import Decision, parse_option
from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from fengsheng.match import HUMAN, Match
from fengsheng.server import protocol as P
from fengsheng.server.conn import Conn
from fengsheng.server.draws import bot_seed
from fengsheng.server.guard import seat_taken_by_name
from fengsheng.server.settings import DEFAULT_MIN_WINDOW, LobbyError, config_of
from fengsheng.server.stats import dealt_identities
from fengsheng.text import edition_texts, render_events
from fengsheng.views import ViewBuilder

log = logging.getLogger("fengsheng.server")
MAX_STRIKES: Final = 400  # rate-limited messages before the connection is closed

WINDOW_KINDS: Final = frozenset({"priority", "declare"})  # response windows: the minimum time applies
SNAPSHOT_EVENTS: Final = 300  # the seat's last events sent on (re)connect
LANGS_OF: Final = {"zh": ("zh",), "en": ("en",), "none": ()}  # a connection's language: the words it is sent

if TYPE_CHECKING:
    from fengsheng.server.hall import Hall


@dataclass(frozen=True)
class Seat:
    """A seat in the lobby's terms (a new one replaces it on every change: the table's data compares them)."""

    kind: str = "empty"  # empty | human | bot
    player: int | None = None
    name: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "name": self.name}


@dataclass
class Posed:
    """The decision being waited on: when it was posed, and what the table decided about it."""

    key: tuple[int, int, str]
    at: float
    auto: Any = None  # the option the policy answers for a human, if any
    asked: bool = False  # a human was asked (the clock runs)
    view: dict[str, Any] | None = None
    trees: dict[str, dict[str, Any]] = field(default_factory=dict)  # the question's tree by language, built once


@dataclass(frozen=True)
class Spectated:
    """The game as a delayed spectator will see it after ``seq`` decisions: the spectator view then, and the end
    of the event log then (events ``[previous events_end, events_end)`` are the ones that step brought)."""

    seq: int
    events_end: int
    view: dict[str, Any]


@dataclass
class Table:
    hall: Hall
    id: int
    code: str
    settings: dict[str, Any]
    seed: int
    host: int | None
    status: str = "lobby"
    seats: list[Seat] = field(default_factory=list)
    game: Game | None = None
    match: Match | None = None
    saved: int = 0  # decisions in the store
    conns: set[Conn] = field(default_factory=set)
    away: set[int] = field(default_factory=set)
    offline_since: dict[int, float] = field(default_factory=dict)  # seat -> when its last connection closed
    bank: list[float] = field(default_factory=list)
    recall: dict[int, Recall] = field(default_factory=dict)
    recalled: dict[int, int] = field(default_factory=dict)
    answer: tuple[int, Any, Conn | None] | None = None
    posed: Posed | None = None
    task: asyncio.Task[None] | None = None
    rematch: str | None = None
    failed: str | None = None
    spec_buffer: deque[Spectated] = field(default_factory=deque)  # recorded, not yet shown to delayed spectators
    spec_shown: Spectated | None = None  # the newest step delayed spectators have been shown
    _views: dict[int | None, dict[str, Any]] = field(default_factory=dict)  # this step's, by seat (view_of)
    _builder: ViewBuilder | None = None  # the game's views, step after step (view_of)
    _views_at: tuple[Game | None, int, int] = (None, -1, -1)  # the game, its decisions and events then
    _idle: bool = False  # the drive task waits for an answer and nothing else (answer_now)
    _table_sig: tuple[Any, ...] = ()  # what the table data was built from (table_data)
    _conns_changed: int = 0  # bumped when a connection joins or leaves (join, part)
    _table_version: int = 0
    _table: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wake = asyncio.Event()
        if not self.seats:
            self.seats = [Seat() for _ in range(self.settings["players"])]
        self.policy = AskPolicy()

    # ----------------------------------------------------------------------------------------------------------
    @property
    def seq(self) -> int:
        return len(self.game.history) if self.game is not None else 0

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def min_window(self) -> float:
        mw = self.settings.get("min_window")
        if mw is not None:
            return float(mw)
        return DEFAULT_MIN_WINDOW if self.humans else 0.0

    @property
    def pace(self) -> float:
        return float(self.settings["pace"]) if self.humans else 0.0

    @property
    def spectator_delay(self) -> int:
        """Decisions by which spectators lag the game (0: live); tables stored before the setting have 0."""
        return int(self.settings.get("spectator_delay", 0))

    def seat_of(self, player: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.kind == "human" and s.player == player), None)

    def public(self) -> dict[str, Any]:
        """What anyone may know of the table: settings, seats (names, bots, away, connected), status, and ``seq`` as
        far as a spectator may know it (:meth:`seq_for`)."""
        return dict(self.table_data()[1], seq=self.seq_for(None))

    def seq_for(self, seat: int | None) -> int:
        """The table's ``seq`` as the connection of ``seat`` may know it: a spectator held back by the table's
        spectator delay knows only the step it was shown (its pongs and errors must not tell it the live pace)."""
        if seat is None and self.spectator_delay:
            shown = self.spec_shown
            return shown.seq if shown is not None else 0
        return self.seq

    def table_data(self) -> tuple[int, dict[str, Any]]:
        """The table's public data as the websocket sends it (no ``seq``: every message has its own), and its
        version: rebuilt, with a new version, only when what it is built from changed, so that an update carries
        it only then (each connection remembers the version it has)."""
        sig = (self.status, self.rematch, self.failed, frozenset(self.away), self._conns_changed, tuple(self.seats))
        if sig != self._table_sig:
            self._table_sig = sig
            self._table_version += 1
            online = {c.seat for c in self.conns if not c.closed}
            self._table = {
                "code": self.code,
                "status": self.status,
                "settings": {k: v for k, v in self.settings.items() if k not in ("seats", "outcome")},
                "host": self.host,
                "seats": [
                    dict(s.to_dict(), seat=i, away=i in self.away, online=i in online) for i, s in enumerate(self.seats)
                ],
                "rematch": self.rematch,
                "failed": self.failed,
            }
        return self._table_version, self._table

    def view_of(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view of the game now (read-only). A step's views are built once, for every connected seat at
        the first request (``fengsheng.views.views``: their public parts shared), then reused by the pose, the
        update and a snapshot of the same step."""
        g = self.game
        assert g is not None
        at = self._views_at
        if g is not at[0] or len(g.history) != at[1] or len(g.events) != at[2]:
            self._views, self._views_at = {}, (g, len(g.history), len(g.events))
        v = self._views.get(seat)
        if v is None:
            b = self._builder
            if b is None or b.g is not g:
                b = self._builder = ViewBuilder(g)
            wanted = {seat, *(c.seat for c in self.conns if not c.ws.closed)} - self._views.keys()
            self._views.update(b.views(wanted))
            v = self._views[seat]
        return v

    def persist_settings(self) -> None:
        """The settings, the seats and, playing, the seats away and their time banks (``play``): what a restart
        resumes as it was (:meth:`resume_play`)."""
        stored = dict(self.settings, seats=[s.to_dict() for s in self.seats])
        if self.game is not None:
            stored["play"] = {"away": sorted(self.away), "bank": [round(b, 3) for b in self.bank]}
        self.hall.store.save_table(self.id, stored, self.status)

    def resume_play(self, play: dict[str, Any]) -> None:
        """After a restart's replay (:meth:`begin`): the seats away (their bots play on) and the time banks as they
        were stored, not full banks and everyone back."""
        assert self.match is not None
        bank = play.get("bank")
        if isinstance(bank, list) and len(bank) == len(self.bank):
            self.bank = [max(0.0, float(b)) for b in bank]
        for seat in play.get("away", []):
            if isinstance(seat, int) and 0 <= seat < len(self.seats) and self.seats[seat].kind == "human":
                self.away.add(seat)
                self.match.set_player(seat, self.make_bot(seat, "stand-in"))

    # lobby -----------------------------------------------------------------------------------------------------
    def sit(self, player: int, name: str, seat: int) -> None:
        if self.status != "lobby":
            raise LobbyError("the game has started")
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise LobbyError(f"seat must be 0 to {len(self.seats) - 1}")
        if self.seats[seat].kind != "empty":
            raise LobbyError(f"seat {seat} is taken")
        if seat_taken_by_name(((s.player, s.name) for s in self.seats if s.kind == "human"), player, name):
            raise LobbyError(f"a player named {name} already sits at this table: join under another name")
        old = self.seat_of(player)
        if old is not None:
            self.seats[old] = Seat()
        self.seats[seat] = Seat("human", player, name)
        self.unbind_stale()
        self.persist_settings()

    def leave(self, player: int) -> None:
        old = self.seat_of(player)
        if self.status != "lobby" or old is None:
            raise LobbyError("not seated at a table in the lobby")
        self.seats[old] = Seat()
        self.unbind_stale()
        self.persist_settings()

    def set_bot(self, player: int, seat: int, on: bool) -> None:
        if player != self.host:
            raise LobbyError("only the host adds or removes bots", 403)
        if self.status != "lobby":
            raise LobbyError("the game has started")
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise LobbyError(f"seat must be 0 to {len(self.seats) - 1}")
        cur = self.seats[seat].kind
        if on and cur != "empty":
            raise LobbyError(f"seat {seat} is taken")
        if not on and cur != "bot":
            raise LobbyError(f"seat {seat} has no bot")
        self.seats[seat] = Seat("bot", None, self.settings["bots"]) if on else Seat()
        self.unbind_stale()
        self.persist_settings()

    def start(self, player: int | None) -> None:
        """Fill the empty seats with bots and deal."""
        if player != self.host:
            raise LobbyError("only the host starts the game", 403)
        if self.status != "lobby":
            raise LobbyError("the game has started")
        for i, s in enumerate(self.seats):
            if s.kind == "empty":
                self.seats[i] = Seat("bot", None, self.settings["bots"])
        self.unbind_stale()
        self.status = "playing"
        self.persist_settings()
        self.begin([])

    def make_bot(self, seat: int, why: str = "bot") -> Bot:
        cls = BOTS[self.settings["bots"]]
        return cls(seat, bot_seed(self.seed, why, seat))

    def without_seed(self, text: str) -> str:
        """``text`` with the table's seed blotted out: a failure message goes to every seat and spectator of a game
        that is not over (``MatchStuck`` names the game's seed), and the seed would tell them every hand."""
        return text.replace(str(self.seed), "<seed>")

    def begin(self, history: list[tuple[int, str]]) -> None:
        """Deal the game (and replay ``history``, the stored decisions, after a restart), then start driving."""
        g = Game.new(config_of(self.settings), self.seed)
        self.game = g
        self.spec_buffer.clear()
        self.spec_shown = None
        first = len(history) - self.spectator_delay  # the oldest step a delayed spectator may be shown now
        self.record_spectated(first <= 0)
        for i, (seat, option) in enumerate(history):
            g.act(option, seat=seat)
            self.record_spectated(i + 1 >= first)
        self.release_spectated()
        self.saved = len(history)
        players = {i: HUMAN if s.kind == "human" else self.make_bot(i) for i, s in enumerate(self.seats)}
        self.match = Match(g, players)
        self.bank = [float(self.settings["bank"])] * g.n
        for i in self.humans:
            self.recall[i] = Recall(i)
            self.recalled[i] = 0
        self.task = asyncio.get_running_loop().create_task(self.drive())

    # driving ---------------------------------------------------------------------------------------------------
    async def drive(self) -> None:
        try:
            await self._drive()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # an engine or bot bug: the table stops, the server goes on
            self._stop(exc)

    def _stop(self, exc: Exception) -> None:
        """An engine or bot bug: the table stops (everyone is told it failed), the server goes on."""
        log.exception("table %s stopped", self.code)
        self.failed = self.without_seed(f"{type(exc).__name__}: {exc}")
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        self.broadcast()

    async def _drive(self) -> None:
        clock = self.hall.clock
        g, m = self.game, self.match
        assert g is not None and m is not None
        while True:
            d = g.decision
            if d is None:
                self.finish()
                return
            now = clock()
            fresh = self.posed is None or self.posed.key != (self.seq, d.seat, d.kind)
            posed = self._pose(d, now)
            if fresh and posed.asked:
                self.broadcast()  # the question (a step's own update carries it; this is the first decision)
            wait_min = self.min_window if d.kind in WINDOW_KINDS else 0.0
            bot = m.bot(d.seat)
            if bot is not None:
                due = posed.at + max(self.pace, wait_min)
                if due > now:
                    await self._sleep(due - now)
                    continue
                paced = self.pace > 0 or self.min_window > 0
                m.run(1 if paced else 32)
                self.after_step()
                if not paced:
                    await asyncio.sleep(0)  # a bots-only table lets the others run between batches
                continue
            due = posed.at + wait_min
            if posed.auto is not None:
                if due > now:
                    await self._sleep(due - now)
                    continue
                self.apply(d.seat, posed.auto, None)
                continue
            if self.answer is not None:
                if due > now:
                    await self._sleep(due - now)
                    continue
                seat, option, conn = self.answer
                self.answer = None
                if conn is None or self.holds(conn):  # not from a socket unbound while it waited (a revoked token)
                    self.apply(seat, option, conn)
                continue
            deadline = self.deadline(d.seat, posed)
            if deadline is not None and now >= deadline:
                timer = self.clock_deadline(d.seat, posed)
                self.timeout(d.seat, "clock" if timer is not None and now >= timer else "abandoned")
                continue
            await self._sleep(None if deadline is None else deadline - now)

    async def _sleep(self, seconds: float | None) -> None:
        """Wait for ``seconds`` or until something wakes the table (an answer, a take-back, the shutdown)."""
        self.wake.clear()
        if seconds is None:
            self._idle = True  # waiting for an answer and nothing else: receive() may apply it (answer_now)
            try:
                await self.wake.wait()
            finally:
                self._idle = False
        else:
            # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a cancel that arrives as the wait
            # ends (the table's task then never stops: a test awaiting it after cancel() hung so)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(seconds, 0.0)):
                    await self.wake.wait()

    def _pose(self, d: Decision, now: float) -> Posed:
        """The record of the decision being waited on (new when the decision changed): for a human seat, whether
        the choice layer's policy answers it (from the seat's view and events only), else the question is asked."""
        key = (self.seq, d.seat, d.kind)
        if self.posed is not None and self.posed.key == key:
            return self.posed
        posed = Posed(key, now)
        g, m = self.game, self.match
        assert g is not None and m is not None
        if m.is_human(d.seat):
            seat = d.seat
            posed.view = view = self.view_of(seat)
            if self.settings.get("ask") == "all":
                posed.auto = None  # every question goes to the client, a lone `pass` or `continue` too
            else:
                recall = self.recall.setdefault(seat, Recall(seat))  # the policy's memory of the seat's log
                recall.saw(g.events_for(seat, self.recalled.get(seat, 0)))
                self.recalled[seat] = len(g.events)
                if len(d.options) == 1:
                    posed.auto = d.options[0]
                else:
                    with edition_texts(g.config.character_texts):  # card ids are the table's edition's
                        posed.auto = self.policy.answer(view, recall)
            posed.asked = posed.auto is None
        self.posed = posed
        return posed

    def deadline(self, seat: int, posed: Posed) -> float | None:
        """When the asked seat is handed to its bot: its clock and bank run out (with the timer), or it has had no
        connection for ``Hall.abandon_after`` seconds while asked (with or without the timer: nobody waits forever
        on a player who left; he takes the seat back when he returns)."""
        clock, gone = self.clock_deadline(seat, posed), self.abandon_deadline(seat, posed)
        return clock if gone is None else gone if clock is None else min(clock, gone)

    def clock_deadline(self, seat: int, posed: Posed) -> float | None:
        """When the asked seat's clock and bank run out (with the timer)."""
        if not self.settings["timer"] or not posed.asked:
            return None
        return posed.at + float(self.settings["clock"]) + self.bank[seat]

    def abandon_deadline(self, seat: int, posed: Posed) -> float | None:
        """When the asked seat, without a connection, is taken to be abandoned."""
        if not posed.asked or self.online(seat):
            return None
        return max(posed.at, self.offline_since.get(seat, posed.at)) + self.hall.abandon_after

    def online(self, seat: int) -> bool:
        """Whether the seat has an open connection."""
        return any(c.seat == seat and not c.ws.closed for c in self.conns)

    def apply(self, seat: int, option: Any, conn: Conn | None) -> None:
        """A human seat's answer through ``Match.answer`` (checked by the engine; an error goes back to ``conn``)."""
        g, m = self.game, self.match
        assert g is not None and m is not None
        posed = self.posed
        try:
            m.answer(option, seat, limit=0)
        except IllegalAction as exc:
            if conn is not None:
                conn.put(P.error(P.ILLEGAL, str(exc), self.seq))
            return
        if posed is not None:
            if posed.asked and self.settings["timer"]:
                used = self.hall.clock() - posed.at - float(self.settings["clock"])
                if used > 0:
                    self.bank[seat] = max(0.0, self.bank[seat] - used)
                    self.persist_settings()
            if posed.view is not None and self.settings.get("ask") != "all":
                recall = self.recall.get(seat)
                if recall is not None:
                    recall.answered(posed.view, g.history[-1][1])
        self.after_step()

    def timeout(self, seat: int, why: str = "clock") -> None:
        """The clock and the bank ran out (``why`` "clock"), or the seat's player left while asked and stayed away
        ``Hall.abandon_after`` seconds ("abandoned"): the seat's bot plays it (seeing only its view) until its player
        is back."""
        assert self.match is not None
        log.info(json.dumps({"event": "timeout", "table": self.code, "seat": seat, "why": why}))
        self.away.add(seat)
        if why == "clock":
            self.bank[seat] = 0.0
        self.match.set_player(seat, self.make_bot(seat, "stand-in"))
        self.persist_settings()
        self.posed = None
        self.broadcast()
        self.wake.set()

    def take_back(self, seat: int) -> None:
        if seat in self.away and self.match is not None:
            self.away.discard(seat)
            self.match.set_player(seat, HUMAN)
            self.persist_settings()
            self.posed = None
            g = self.game
            if g is not None and g.decision is not None:
                self._pose(g.decision, self.hall.clock())
            self.broadcast()
            self.wake.set()

    def received(self, conn: Conn, data: str | bytes) -> None:
        """One raw client message: the rate limit, the strict parse, then ``receive``; a refusal is an error message.
        An answer taken costs no token: the server asked for it, so only unasked-for messages can drain the bucket
        (a client answering as fast as the table asks, a bot over a websocket, is never refused). Nothing of a
        connection whose binding no longer holds is read (it is closed)."""
        if not self.holds(conn):
            return
        if not conn.rate.allow(self.hall.clock()):
            conn.strikes += 1
            if conn.strikes <= 3 or conn.strikes % 50 == 0:
                conn.put(P.error(P.RATE_LIMITED, "too many messages: slow down", self.seq_for(conn.seat)))
            if conn.strikes > MAX_STRIKES:
                conn.close(1008, "too many messages")
            return
        try:
            if self.receive(conn, P.parse(data)):
                conn.rate.refund()
        except P.ProtocolError as exc:
            log.info(json.dumps({"event": "refused", "table": self.code, "seat": conn.seat, "code": exc.code}))
            conn.put(P.error(exc.code, exc.message, self.seq_for(conn.seat)))

    def receive(self, conn: Conn, msg: P.ClientMessage) -> bool:
        """A checked client message for this table. ``True``: it was an answer to the seat's question, taken (the
        first one for that question: a second before the first is applied replaces it, and is not refunded). A
        connection whose binding no longer holds is closed and its message dropped: it never answers for a seat."""
        if not self.holds(conn):
            return False
        if msg.type == "ping":
            conn.put({"type": "pong", "seq": self.seq_for(conn.seat)})
            return False
        if conn.seat is None:
            raise P.ProtocolError(P.SPECTATOR, "a spectator cannot act")
        if msg.type == "back":
            self.take_back(conn.seat)
            return False
        g = self.game
        if g is None or self.status != "playing":
            raise P.ProtocolError(P.OVER, "no game in progress")
        if conn.seat in self.away:
            self.take_back(conn.seat)  # acting again takes the seat back
        if msg.seq != self.seq:
            raise P.ProtocolError(P.STALE, f"seq {msg.seq} is not the table's {self.seq}: answer the latest question")
        d = g.decision
        posed = self.posed
        if d is None or d.seat != conn.seat or posed is None or not posed.asked or posed.key[0] != self.seq:
            raise P.ProtocolError(P.NOT_YOUR_TURN, "your seat is not being asked now")
        offered = posed.view["decision"].get("options") if posed.view is not None else None
        if offered is not None and msg.option in offered:  # an option's own notation (the view lists them in order)
            option = d.options[offered.index(msg.option)]
        else:
            try:
                option = parse_option(msg.option)
            except IllegalAction as exc:
                raise P.ProtocolError(P.ILLEGAL, str(exc)) from None
            if option not in d.options:
                raise P.ProtocolError(P.ILLEGAL, f"{P.MAX_OPTION and msg.option[:40]!r} is not on offer")
        fresh = self.answer is None
        self.answer = (conn.seat, option, conn)  # the parsed option: the engine need not parse it again
        if not (self._idle and self.answer_now()):
            self.wake.set()
        return fresh

    def answer_now(self) -> bool:
        """Apply the answer just received here, in the message's callback, when the drive task is idle waiting for
        it and nothing else (no clock, no minimum window still to run): what the task would do on waking, without
        the wake. The task is woken only if what comes next needs it (a bot, an answer the policy gives, a clock,
        the end). ``False``: leave it to the task."""
        g, m, posed = self.game, self.match, self.posed
        assert g is not None and m is not None and self.answer is not None
        d = g.decision
        if (
            d is None
            or posed is None
            or posed.at + (self.min_window if d.kind in WINDOW_KINDS else 0.0) > self.hall.clock()
        ):
            return False
        seat, option, conn = self.answer
        self.answer = None
        try:
            self.apply(seat, option, conn)
        except Exception as exc:
            self._stop(exc)
            return True
        d, nxt = g.decision, self.posed
        if (
            d is None
            or nxt is None
            or nxt.key[0] != self.seq
            or m.bot(d.seat) is not None
            or not nxt.asked
            or self.deadline(d.seat, nxt) is not None
        ):
            self.wake.set()
        return True

    # after a step: store, then send -----------------------------------------------------------------------------
    def after_step(self) -> None:
        """Pose the next decision (so the update carries its question) and hand the table to the hall, which
        commits the new decisions of every table in one transaction and only then sends the updates."""
        g = self.game
        assert g is not None
        if g.decision is not None:
            self._pose(g.decision, self.hall.clock())
        self.hall.dirty(self)

    def unsaved(self) -> list[tuple[int, int, str]]:
        """The decisions not in the store yet, as (n, seat, option); the caller commits them, then marks them
        saved (``saved += len(rows)``), so that rows whose commit failed are tried again and never sent."""
        g = self.game
        if g is None or len(g.history) <= self.saved:
            return []
        return [(self.saved + i, s, str(o)) for i, (s, o) in enumerate(g.history[self.saved :])]

    def asking(self, seat: int | None) -> Posed | None:
        """The posed decision if ``seat`` is being asked it now (its client has a question), else ``None``."""
        g, posed = self.game, self.posed
        if seat is None or g is None or posed is None or not posed.asked:
            return None
        d = g.decision
        if d is None or d.seat != seat or posed.key[0] != self.seq or seat in self.away:
            return None
        return posed

    def question(self, posed: Posed, lang: str) -> dict[str, Any]:
        """The question of a posed decision for a connection in ``lang``: the choice layer's tree with the words and
        help of that language (none for ``none``; built once per decision and language) and the clock."""
        g = self.game
        assert g is not None
        seq, seat, kind = posed.key
        d = g.decision
        assert d is not None
        tree = posed.trees.get(lang)
        if tree is None:
            with edition_texts(g.config.character_texts):  # card ids are the table's edition's
                tree = posed.trees[lang] = tree_dict(d.options, posed.view, d.kind, d.context, LANGS_OF[lang])
        q: dict[str, Any] = {"seq": seq, "kind": kind, "context": d.context, "tree": tree}
        dl = self.clock_deadline(seat, posed)
        if dl is not None:
            q["seconds"] = round(dl - self.hall.clock(), 1)
            q["clock"] = float(self.settings["clock"])
            q["bank"] = round(self.bank[seat], 1)
        return q

    def _stored(self) -> None:
        """Nothing of a decision is sent before it is stored: commit what the hall's flush has not (yet)."""
        rows = self.unsaved()
        if rows:
            self.hall.store.append_many([(self.id, n, s, o) for n, s, o in rows])
            self.saved += len(rows)

    def join(self, conn: Conn) -> None:
        """A connection to this table (it is sent its snapshot next), bound now to (player, this table, seat) and
        the player's token as it is (``epoch``). A seat's connection made in process without a player (the tests,
        ``bench/hall.py``) is bound to the seat's present player; to a seat without one, it never holds."""
        if conn.seat is not None:
            if conn.player is None:
                s = self.seats[conn.seat]
                conn.player = s.player if s.kind == "human" else None
            conn.epoch = self.hall.revocations.get(conn.player, 0)
        conn.home = self
        self.conns.add(conn)
        self._conns_changed += 1
        if conn.seat is not None and self.offline_since.pop(conn.seat, None) is not None:
            self.wake.set()  # the seat is back: no longer abandoned (the drive loop recomputes its deadline)

    def holds(self, conn: Conn) -> bool:
        """Whether ``conn``'s binding still holds: the one check of every send (``Conn.put``) and every receive
        (``received``, ``receive``, an answer waiting to be applied), O(1). A spectator's always holds (it is never
        sent a seat's view, nor acts); a seat's holds while its seat is its player's and the token it was opened
        with is not revoked. One that does not hold is closed at once (:meth:`unbind`) and ``False`` returned, then
        and ever after (a player who moves away and back opens a new socket)."""
        if not conn.bound:
            return False
        seat = conn.seat
        if seat is None:
            return True
        s = self.seats[seat]
        if (
            conn.home is self
            and s.player == conn.player
            and s.kind == "human"
            and self.hall.revocations.get(s.player, 0) == conn.epoch
        ):
            return True
        self.unbind(conn)
        return False

    def unbind(self, conn: Conn) -> None:
        """Forget a connection whose binding no longer holds and close it, saying why: ``P.CLOSE_REVOKED`` (its
        token was revoked) or ``P.CLOSE_SEAT_CHANGED`` (its player moved or left, or a bot or another player has
        the seat); a player still seated reconnects and is bound to the seat he has now. An answer of it still
        waiting to be applied is dropped."""
        conn.bound = False
        self.part(conn)
        if self.answer is not None and self.answer[2] is conn:
            self.answer = None
        if conn.ws.closed:
            return
        player, seat = conn.player, conn.seat
        assert seat is not None
        s = self.seats[seat]
        now = self.seat_of(player) if player is not None else None
        if conn.home is self and player is not None and self.hall.revocations.get(player, 0) != conn.epoch:
            code, reason = P.CLOSE_REVOKED, "token revoked"
        elif now is not None and now != seat:
            code, reason = P.CLOSE_SEAT_CHANGED, f"moved to seat {now}: reconnect"
        elif s.kind == "bot":
            code, reason = P.CLOSE_SEAT_CHANGED, "seat taken by a bot"
        elif s.kind == "human" and s.player != player:
            code, reason = P.CLOSE_SEAT_CHANGED, "seat taken by another player"
        elif s.kind == "empty":
            code, reason = P.CLOSE_SEAT_CHANGED, "left the seat"
        else:
            code, reason = P.CLOSE_SEAT_CHANGED, "not seated here"
        log.info(json.dumps({"event": "unbound", "table": self.code, "seat": seat, "player": player, "code": code}))
        conn.close(code, reason)

    def unbind_stale(self) -> None:
        """After seats changed hands (sit, move, leave, a bot added, the start) or a token was revoked: close now
        every connection whose binding no longer holds, rather than at its next message."""
        for c in list(self.conns):
            self.holds(c)

    def part(self, conn: Conn) -> None:
        """A connection gone (closed)."""
        if conn in self.conns:
            self.conns.discard(conn)
            self._conns_changed += 1
            seat = conn.seat
            if seat is not None and self.seats[seat].kind == "human" and not self.online(seat):
                self.offline_since[seat] = self.hall.clock()
                self.wake.set()  # the drive loop may now wait on the seat's abandonment (deadline)

    def _live(self) -> list[Conn]:
        """The open connections (closed ones are forgotten)."""
        live = []
        for c in list(self.conns):
            if c.ws.closed:
                self.part(c)
            else:
                live.append(c)
        return live

    def broadcast(self) -> None:
        """Tell every connection what changed for it: after every step, and when the table's public data changed.
        A seat's connection gets its seat's view patch, its new events and their log lines, its question when it
        changed, the table data when it changed (a spectator: the spectator's, delayed by ``spectator_delay``)."""
        conns = self._live()
        version, table = self.table_data()
        g, m = self.game, self.match
        if g is None or m is None:
            for c in conns:
                if c.table != version:
                    c.table = version
                    c.put({"type": "table", "seq": 0, "table": table})
            return
        self._stored()
        by_seat: dict[int | None, list[Conn]] = {}
        for c in conns:
            by_seat.setdefault(c.seat, []).append(c)
        if self.spectator_delay > 0:
            self.record_spectated()
            before = self.spec_shown
            shown = self.release_spectated()
            specs = by_seat.pop(None, [])
            over = g.decision is None  # the end (and a rematch after it) reaches them too
            if specs and shown is not None and (shown is not before or over):
                for c in specs:
                    self.put_spectated(c, shown, version, table)
        seq = self.seq
        texts = g.config.character_texts
        for seat, group in by_seat.items():
            view = self.view_of(seat)
            posed = self.asking(seat)
            qkey = posed.key if posed is not None else None
            events: dict[int, list[dict[str, Any]]] = {}  # by where the connection's events end
            lines: dict[tuple[int, str], list[str]] = {}
            for c in group:
                msg: dict[str, Any] = {"type": "update", "seq": seq}
                self._changes(msg, c, view, version, table)
                start = c.events_at
                if start < len(g.events):
                    new = events.get(start)
                    if new is None:
                        new = events[start] = g.events_for(seat, start)
                    msg["events"] = new
                    c.events_at = len(g.events)
                    if c.lang != "none":
                        ln = lines.get((start, c.lang))
                        if ln is None:
                            ln = lines[(start, c.lang)] = render_events(new, c.lang, texts, viewer=seat)
                        msg["lines"] = ln
                if c.question != qkey:
                    c.question = qkey
                    msg["question"] = self.question(posed, c.lang) if posed is not None else None
                c.put(msg)

    def _changes(self, msg: dict[str, Any], c: Conn, view: dict[str, Any], version: int, table: dict[str, Any]) -> None:
        """Into ``msg``: the patch from the view ``c`` has to ``view`` (the view builder's when ``c`` has the view it
        built before, else a comparison), and the table data if ``c``'s is older."""
        if c.view is not view:
            b = self._builder
            changed = b.patch(c.seat, c.view, view) if b is not None else None
            if changed is None:
                changed, dropped = P.patch(c.view, view)
                if dropped:
                    msg["drop"] = dropped
            if changed:
                msg["view"] = changed
            c.view = view
        if c.table != version:
            c.table = version
            msg["table"] = table

    # delayed spectators -----------------------------------------------------------------------------------------
    def record_spectated(self, keep: bool = True) -> None:
        """Buffer the spectator payload of the present step (once per step, whoever is connected), so that a
        delayed spectator is later shown exactly what a live one saw then. ``keep=False``: nothing (a restore's
        replay skips the steps that delayed spectators have already been shown)."""
        g = self.game
        if not keep or g is None or self.spectator_delay <= 0:
            return
        last = self.spec_buffer[-1] if self.spec_buffer else self.spec_shown
        if last is not None and last.seq >= self.seq:
            return
        self.spec_buffer.append(Spectated(self.seq, len(g.events), self.view_of(None)))

    def release_spectated(self) -> Spectated | None:
        """Move the buffered steps at least ``spectator_delay`` decisions old (every step once the game is over:
        the end shows every identity at once) to the shown side; the newest shown step, if any."""
        g = self.game
        over = g is None or g.decision is None
        horizon = self.seq - self.spectator_delay
        while self.spec_buffer and (over or self.spec_buffer[0].seq <= horizon):
            self.spec_shown = self.spec_buffer.popleft()
        return self.spec_shown

    def put_spectated(self, c: Conn, shown: Spectated, version: int, table: dict[str, Any]) -> None:
        """A delayed spectator's update to the step ``shown``: the patch to that step's view, the spectator's events
        up to that step, the table data if changed; ``seq`` is that step's (nothing newer of the game)."""
        g = self.game
        assert g is not None
        msg: dict[str, Any] = {"type": "update", "seq": shown.seq, "delay": self.spectator_delay}
        self._changes(msg, c, shown.view, version, table)
        if c.events_at < shown.events_end:
            events = [e.for_seat(None) for e in g.events[c.events_at : shown.events_end]]
            msg["events"] = events
            if c.lang != "none":
                msg["lines"] = render_events(events, c.lang, g.config.character_texts, viewer=None)
            c.events_at = shown.events_end
        c.put(msg)

    def snapshot(self, conn: Conn) -> None:
        """On (re)connect: the whole view, the seat's last events and their log lines, the pending question, the
        table (a delayed spectator: the newest step shown, never a newer one). Later updates are patches to it."""
        version, table = self.table_data()
        conn.table = version
        g = self.game
        if g is None or self.match is None:
            conn.put({"type": "table", "seq": 0, "table": table})
            return
        self._stored()
        seat = conn.seat
        if seat is None and self.spectator_delay > 0:  # the delayed snapshot, never a newer one
            shown = self.spec_shown
            if shown is None:  # nothing is old enough yet: the table only
                conn.put({"type": "table", "seq": 0, "table": table, "delay": self.spectator_delay})
                return
            seq, view, end = shown.seq, shown.view, shown.events_end
            first = max(0, end - SNAPSHOT_EVENTS)
            events = [e.for_seat(None) for e in g.events[first:end]]
            posed = None
        else:
            seq, view, end = self.seq, self.view_of(seat), len(g.events)
            first = max(0, end - SNAPSHOT_EVENTS)
            events = g.events_for(seat, first)
            posed = self.asking(seat)
        conn.view, conn.events_at = view, end
        conn.question = posed.key if posed is not None else None
        msg: dict[str, Any] = {
            "type": "snapshot",
            "seq": seq,
            "seat": seat,
            "table": table,
            "view": view,
            "events": events,
            "first_event": first,
            "question": self.question(posed, conn.lang) if posed is not None else None,
        }
        if seat is None and self.spectator_delay > 0:
            msg["delay"] = self.spectator_delay
        if conn.lang != "none":
            msg["lines"] = render_events(events, conn.lang, g.config.character_texts, viewer=seat)
        conn.put(msg)

    def release(self) -> None:
        """The table leaves the hall (``Hall.sweep``): drop the game and everything built from it now, rather than
        when the cyclic collector next runs a full collection (rarely, as the server tunes it: ``app.tune_gc``),
        so that memory does not climb with the games that finished since."""
        for c in list(self.conns):
            c.home = None
        self.conns.clear()
        self.game = self.match = self._builder = self.posed = self.task = None
        self.answer = None
        self.spec_buffer.clear()
        self.spec_shown = None
        self._views.clear()
        self._views_at = (None, -1, -1)
        self.recall.clear()

    def finish(self) -> None:
        g = self.game
        assert g is not None
        self.hall.flush()  # the last decisions first
        self.status = "over"
        self.settings["outcome"] = {
            "identities": [s.identity for s in g.seats],
            # what each seat was dealt (a card taken with 臨危受命 moved): the faction it is rated in
            "dealt": dealt_identities(g),
            "winners": list((g.result or {}).get("winners", [])),
            "players": [s.player if s.kind == "human" else None for s in self.seats],
            "names": [s.name for s in self.seats],
        }
        self.hall.store.finish(self.id, g.result, g.digest())
        self.persist_settings()
        log.info(json.dumps({"event": "game_over", "table": self.code, "decisions": len(g.history)}))
        self.broadcast()
        self.hall.on_finish(self)
