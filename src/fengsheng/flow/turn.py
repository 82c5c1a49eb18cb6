"""Turn order and the phases of a turn (S-TURN; A-1, A-2, A-7, A-26, A-33, A-55).

Phases: start, draw (2 cards), play (a response window), pass (send exactly one card, S-PASS), end (a response
window, then the loss of a player who could not send). Turns go to the next seat in game counterclockwise (A-1).

The send itself is flow/passing.py (S-PASS-1), the loss of a player who could not send flow/settle.py (S-LOSE-1),
and where a used card goes is its card type's (cards/base.py, S-TURN-9).

Implements: S-TURN-1..8, S-TURN-10..13.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fengsheng.core.events import PhaseStarted, Reshuffled, TurnEnded, TurnStarted
from fengsheng.core.options import Decision
from fengsheng.core.state import PH_DRAW, PH_END, PH_PASS, PH_PLAY, PH_START, W_END, W_PLAY, Frame
from fengsheng.flow.passing import CLOCKWISE, Send, send_options_default
from fengsheng.flow.settle import lose_for_not_sending
from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from fengsheng.game import Game


class TurnCycle(Frame):
    """The bottom frame: starts one turn after another until the game ends."""

    __slots__ = ("first",)

    def __init__(self, first: int) -> None:
        self.first = first

    def run(self, g: Game) -> Decision | None:
        if self.first >= 0:
            seat, self.first = self.first, -1
            if not g.seats[seat].in_game:
                seat = g.next_in_game(seat)
        else:
            seat = g.next_in_game(g.current)  # S-TURN-1: the right-hand (next counterclockwise) seat in game
        g.frames.append(Turn(seat))
        return None


class Turn(Frame):
    """One player's turn, phase by phase, in the order of the edition's turn plan (S-TURN-2, A-2).

    ``stage`` names the phase to run next (``start``, ``draw``, ``play``, ``pass``, ``end``), then ``finish`` (the
    loss of a player who could not send, S-LOSE-1) and ``done``. :meth:`at` builds a turn that starts at a phase.
    """

    __slots__ = ("seat", "stage")

    FINISH = "finish"
    DONE = "done"

    def __init__(self, seat: int, stage: str = PH_START) -> None:
        self.seat = seat
        self.stage = stage

    @classmethod
    def at(cls, seat: int, phase: str) -> Turn:
        """A turn of ``seat`` about to run ``phase`` (for the scenario builder)."""
        return cls(seat, phase)

    @classmethod
    def after(cls, g: Game, phase: str) -> str:
        """The stage that follows ``phase`` in the edition's turn plan (``finish`` after the last phase)."""
        return g.edition.next_phase.get(phase, cls.FINISH)

    def run(self, g: Game) -> Decision | None:
        frames = g.frames
        while True:
            st = self.stage
            if st == self.DONE:
                g.passing = None
                frames.pop()
                return None
            if st == self.FINISH:
                self.stage = self.DONE
                self.finish(g)
            else:
                self.stage = g.edition.next_phase.get(st, self.FINISH)  # Turn.after, inlined (once per phase)
                PHASES[st](self, g)
            # the next stage at once when the machine would run this frame again anyway: nothing emitted waits to be
            # scheduled, no frame was pushed, the game goes on (one loop of Machine._advance less per phase)
            if g._pending or frames[-1] is not self or g.result is not None:
                return None

    def start(self, g: Game) -> None:  # S-TURN-3
        seat = self.seat
        g.turn += 1
        g.current = seat
        g.phase = PH_START
        g.locks.clear()
        g.failed_send = False
        g.passing = None
        g.emit(TurnStarted(seat, g.turn))
        g.emit(PhaseStarted(seat, PH_START))

    def draw(self, g: Game) -> None:  # S-TURN-4..6
        seat = self.seat
        g.phase = PH_DRAW
        if g.seats[seat].in_game:
            g.draw(seat, g.draw_count(seat))
            g.emit(PhaseStarted(seat, PH_DRAW))

    def play(self, g: Game) -> None:  # S-TURN-8: a response window
        seat = self.seat
        if g.seats[seat].in_game:
            g.phase = PH_PLAY
            g.emit(PhaseStarted(seat, PH_PLAY))
            g.frames.append(Window(W_PLAY, seat))

    def pass_(self, g: Game) -> None:  # S-TURN-10, S-PASS-1, A-2
        seat = self.seat
        if not g.seats[seat].in_game:
            self.stage = self.FINISH  # his turn ends at once
            return
        g.phase = PH_PASS
        g.frames.append(Send(seat))

    def end(self, g: Game) -> None:  # S-TURN-11: a response window
        seat = self.seat
        g.phase = PH_END
        if g.seats[seat].in_game:
            g.emit(PhaseStarted(seat, PH_END))
            g.frames.append(Window(W_END, g.current))

    def finish(self, g: Game) -> None:
        seat = self.seat
        lose_for_not_sending(g, seat)  # S-LOSE-1, A-26: at the end of that turn
        g.emit(TurnEnded(seat))

    def describe(self) -> dict[str, Any]:
        return {"frame": "Turn", "seat": self.seat, "stage": self.stage}


PHASES: dict[str, Callable[[Turn, Game], None]] = {
    PH_START: Turn.start,
    PH_DRAW: Turn.draw,
    PH_PLAY: Turn.play,
    PH_PASS: Turn.pass_,
    PH_END: Turn.end,
}
"""What each phase of a turn plan does."""


# Send and send_options_default live in flow/passing.py (S-PASS-1, S-METH); they are re-exported here.
__all__ = ["CLOCKWISE", "Send", "Turn", "TurnCycle", "refill_deck", "send_options_default", "take_from_deck"]


def refill_deck(g: Game) -> None:
    """S-TURN-5, A-7 (1): an empty deck is rebuilt at once from the discard pile, shuffled; with both empty nothing
    happens (S-TURN-6: the next draw takes what is there by then)."""
    if not g.deck and g.discard:
        deck = g.deck
        deck.extend(g.discard)
        g.discard.clear()
        g.rng.shuffle(deck)
        g.emit(Reshuffled(len(deck)))


def take_from_deck(g: Game, count: int) -> list[int]:
    """Up to ``count`` cards from the top of the deck. The moment the deck runs out, even in the middle of an effect,
    the discard pile is shuffled into a new deck (S-TURN-5, A-7 (1)), so a card discarded later goes to the new
    discard pile; with both empty, fewer (possibly none) are taken (S-TURN-6, A-7 (2))."""
    got: list[int] = []
    deck = g.deck
    refill_deck(g)  # the deck may have been empty with the discard pile empty too, which has since grown
    for _ in range(count):
        if not deck:
            break
        got.append(deck.pop())
        if not deck:
            refill_deck(g)
    return got
