"""A match: one game with a player at every seat, a bot or a human. The only loop that asks bots and answers for them.

The simulator, the terminal session and the benchmarks all run their games through a :class:`Match`; a browser
server or an RL adapter would too. A bot gets only its own seat's ``g.view(seat)`` and the events that seat has not
been given yet (one cursor per seat), and only when it ``needs_view``. ``run()`` answers every bot decision and
stops when the game is over or a human seat must answer; ``answer(option)`` gives that human's answer (checked by
the engine) and runs on to the next human decision. ``new_events(seat)`` is a reader's "what happened since I last
looked", so front ends need not keep indexes into the log themselves.

No I/O and no clock here: a front end that wants to pause after a bot's move does it in ``on_decision``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from fengsheng.bots.base import Bot
from fengsheng.core.options import Decision, Option
from fengsheng.errors import IllegalAction
from fengsheng.game import Game

MAX_DECISIONS: Final = 1_000_000  # a safety net (engine bug, players going round in circles); a game needs hundreds


class Human:
    """The marker of a seat whose answers come from outside the match (a person, a server's client, an agent)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "HUMAN"


HUMAN: Final = Human()

Player = Bot | Human
LateBot = Callable[[int], Bot]  # seat -> the bot for that seat
OnDecision = Callable[[Decision, Option], None]


class BotError(RuntimeError):
    """A bot raised, or gave an answer the game refused (the state is then unchanged). The cause is chained.

    A separate type so that a human's refused answer (:class:`IllegalAction` from :meth:`Match.answer`) is never
    confused with a bot's failure that happens after the human's answer was accepted.
    """

    def __init__(self, seat: int, message: str) -> None:
        super().__init__(f"the bot at seat {seat} {message}")
        self.seat = seat


class MatchStuck(RuntimeError):
    """The game did not end within the match's ``max_decisions``: an engine bug, or players going round in circles,
    which the rules allow (they have no turn limit: docs/engine.md §11). A normal game ends long before."""


class Match:
    """One :class:`Game` with a player at every seat: ``players`` maps each seat to a :class:`Bot` or ``HUMAN``.

    ``by_faction`` maps an identity to a bot builder for the bot seats of that identity: at a seat's first decision
    after identities are dealt, its bot is replaced by ``by_faction[identity](seat)``, which is then given the
    seat's whole event log (an experiment design, e.g. "the underground seats are HeuristicBots"; the bot itself
    still sees only its seat). Human seats are never replaced.

    ``on_decision(decision, option)`` is called after every decision the match answers, a bot's or a human's.
    ``max_decisions`` bounds the decisions the match answers; the next bot decision raises :class:`MatchStuck`.
    """

    def __init__(
        self,
        game: Game,
        players: Mapping[int, Player],
        *,
        by_faction: Mapping[str, LateBot] | None = None,
        on_decision: OnDecision | None = None,
        max_decisions: int = MAX_DECISIONS,
    ) -> None:
        if set(players) != set(range(game.n)):
            raise ValueError(f"players must name every seat 0..{game.n - 1} once, not {sorted(players)}")
        for seat, player in players.items():
            if not isinstance(player, (Bot, Human)):
                raise TypeError(f"seat {seat}: a player is a Bot or HUMAN, not {type(player).__name__}")
        self.game = game
        self._players: list[Player] = [players[s] for s in range(game.n)]
        self._by_faction = dict(by_faction or {})
        # a seat's bot is final once its identity is known (or when nothing depends on the identity)
        self._final = [not self._by_faction or isinstance(p, Human) for p in self._players]
        self._fed = [0] * game.n  # per seat: events already given to its bot
        self._read: dict[int | None, int] = {}  # per reader of new_events(): events already returned
        self.on_decision = on_decision
        self.max_decisions = max_decisions
        self.decisions = 0  # decisions answered through this match

    # ------------------------------------------------------------------------------------------------------------
    def is_human(self, seat: int) -> bool:
        return isinstance(self._players[seat], Human)

    def bot(self, seat: int) -> Bot | None:
        """The bot playing ``seat`` now (``None`` for a human seat)."""
        p = self._players[seat]
        return p if isinstance(p, Bot) else None

    @property
    def pending(self) -> Decision | None:
        """The decision a human seat must answer now, or ``None`` (the game is over, or bots are to move)."""
        d = self.game.decision
        return d if d is not None and self.is_human(d.seat) else None

    @property
    def is_over(self) -> bool:
        return self.game.decision is None

    # ------------------------------------------------------------------------------------------------------------
    def run(self, limit: int | None = None) -> Decision | None:
        """Answer every bot decision; stop when the game is over (returns ``None``) or a human seat must answer
        (returns that decision). ``limit``: answer at most that many bot decisions, then return the next decision
        (a bot's, maybe): a server paces bots one move at a time this way, its clock staying outside the match."""
        g = self.game
        done = 0
        while (d := g.decision) is not None:
            seat = d.seat
            bot = self._bot_to_ask(seat)
            if bot is None or (limit is not None and done >= limit):
                return d
            done += 1
            if self.decisions >= self.max_decisions:
                raise MatchStuck(f"game {g.seed} did not end after {self.decisions} decisions")
            if bot.needs_view:
                view = g.view(seat)
                events = g.events_for(seat, self._fed[seat])
                self._fed[seat] = len(g.events)
            else:
                view, events = None, None
            try:
                option: Any = bot.choose(d, view, events)
            except Exception as exc:
                raise BotError(seat, f"raised {exc!r} on {d.kind} ({d.context})") from exc
            try:
                g.act(option)
            except IllegalAction as exc:
                raise BotError(seat, f"answered {option!r}, which the game refused") from exc
            self._answered(d)
        return None

    def answer(
        self, option: Option | str | dict[str, Any], seat: int | None = None, limit: int | None = None
    ) -> Decision | None:
        """Answer the pending human decision, then :meth:`run` on to the next one (``limit``: as in :meth:`run`;
        ``0`` answers only this one). ``seat``, if given, must be the deciding seat (a server passes its client's
        seat).

        Raises :class:`IllegalAction` with the state unchanged (the match stays usable) when the answer is not on
        offer, or when no human decision is pending.
        """
        g = self.game
        d = g.decision
        if d is not None and not self.is_human(d.seat):
            raise IllegalAction(f"seat {d.seat} is played by a bot: call run() before answering for a human")
        g.act(option, seat)  # checked: IllegalAction with the state unchanged, also once the game is over
        assert d is not None
        self._answered(d)
        return self.run(limit)

    def set_player(self, seat: int, player: Player) -> None:
        """Seat a new player at ``seat``: ``HUMAN`` again, or a bot that takes over (a server's stand-in for a
        player who ran out of time). A new bot is given the seat's whole log at its first question, like a faction
        bot; it sees only that seat. ``by_faction`` no longer applies to the seat."""
        if not isinstance(player, (Bot, Human)):
            raise TypeError(f"seat {seat}: a player is a Bot or HUMAN, not {type(player).__name__}")
        self._players[seat] = player
        self._final[seat] = True
        self._fed[seat] = 0

    def new_events(self, seat: int | None) -> list[dict[str, Any]]:
        """The events ``seat`` has not yet read, as that seat saw them (``None``: the spectator's). A reader's own
        cursor, separate from the one feeding a bot, so reading a bot seat's events never hides any from its bot."""
        g = self.game
        start = self._read.get(seat, 0)
        self._read[seat] = len(g.events)
        return g.events_for(seat, start)

    # ------------------------------------------------------------------------------------------------------------
    def _bot_to_ask(self, seat: int) -> Bot | None:
        """The bot that answers for ``seat``: built from its faction the first time it is asked once it has an
        identity (the new bot gets the seat's whole log). ``None`` for a human seat."""
        if not self._final[seat]:
            identity = self.game.seats[seat].identity
            if identity:
                self._final[seat] = True
                late = self._by_faction.get(identity)
                if late is not None:
                    self._players[seat] = late(seat)
                    self._fed[seat] = 0
        p = self._players[seat]
        return p if isinstance(p, Bot) else None

    def _answered(self, decision: Decision) -> None:
        """Count the decision just answered and tell the observer (with the answer as the game recorded it)."""
        self.decisions += 1
        if self.on_decision is not None:
            self.on_decision(decision, self.game.history[-1][1])


__all__ = ["HUMAN", "MAX_DECISIONS", "BotError", "Human", "Match", "MatchStuck", "Player"]
