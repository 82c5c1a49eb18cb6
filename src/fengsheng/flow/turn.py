"""Turn order and the phases of a turn (S-TURN-1..13, S-LOSE-1, A-1, A-2, A-7, A-26, A-33, A-55).

Phases: start, draw (2 cards), play (a response window), pass (send exactly one card, S-PASS), end (a response
window, then the loss of a player who could not send). Turns go to the next seat in game counterclockwise (A-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.core.cards import DIRECT, TEXT
from fengsheng.core.events import Event
from fengsheng.core.options import SEND, SEND_KIND, Decision, Option
from fengsheng.core.state import PH_DRAW, PH_END, PH_PASS, PH_PLAY, PH_START, W_END, W_PLAY, Frame, Passing
from fengsheng.flow.passing import PassFrame
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
    """One player's turn, phase by phase."""

    __slots__ = ("seat", "stage")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stage = 0

    def run(self, g: Game) -> Decision | None:
        seat = self.seat
        st = self.stage
        if st == 0:  # start phase (S-TURN-3)
            g.turn += 1
            g.current = seat
            g.phase = PH_START
            g.locks.clear()
            g.failed_send = False
            g.passing = None
            g.events.append(Event("turn", {"seat": seat, "turn": g.turn}))
            self.stage = 1
            g.fire("phase", {"seat": seat, "phase": PH_START})
            return None
        if st == 1:  # draw phase (S-TURN-4..6)
            g.phase = PH_DRAW
            self.stage = 2
            if g.seats[seat].in_game:
                g.draw(seat, g.draw_count(seat))
                g.fire("phase", {"seat": seat, "phase": PH_DRAW})
            return None
        if st == 2:  # play phase (S-TURN-8): a response window
            self.stage = 3
            if g.seats[seat].in_game:
                g.phase = PH_PLAY
                g.events.append(Event("phase", {"seat": seat, "phase": PH_PLAY}))
                g.frames.append(Window(W_PLAY, seat))
            return None
        if st == 3:  # pass phase (S-TURN-10, S-PASS-1, A-2)
            if not g.seats[seat].in_game:
                self.stage = 5  # his turn ends at once
                return None
            g.phase = PH_PASS
            self.stage = 4
            g.frames.append(Send(seat))
            return None
        if st == 4:  # end phase (S-TURN-11): a response window
            g.phase = PH_END
            self.stage = 5
            if g.seats[seat].in_game:
                g.events.append(Event("phase", {"seat": seat, "phase": PH_END}))
                g.frames.append(Window(W_END, g.current))
            return None
        if st == 5:
            self.stage = 6
            if g.failed_send and g.seats[seat].in_game:
                g.lose(seat, "cannot_send")  # S-LOSE-1, A-26: at the end of that turn
            g.fire("turn_end", {"seat": seat})
            return None
        g.passing = None
        g.frames.pop()
        return None

    def describe(self) -> dict[str, Any]:
        return {"frame": "Turn", "seat": self.seat, "stage": self.stage}


class Send(Frame):
    """The current player chooses the card to send, and for 直达 its target (S-PASS-1..3, S-METH)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, g: Game) -> Decision | None:
        seat = self.seat
        hand = g.seats[seat].hand
        if not hand:
            g.failed_send = True  # only an empty hand means "cannot send"
            g.events.append(Event("cannot_send", {"seat": seat}))
            g.frames.pop()
            return None
        return Decision(seat, SEND_KIND, tuple(g.send_options(seat)), PH_PASS)

    def answer(self, g: Game, option: Option) -> None:
        seat = self.seat
        card = option.card
        g.seats[seat].hand.remove(card)
        method = g.send_method(seat, card)
        target = option.target if method == DIRECT else -1
        face_up = method == TEXT
        g.passing = Passing(card, seat, method, target, face_up)
        if option.name == CLOCKWISE:
            g.passing.direction = -1  # S-METH-6, A-75: a skill let him choose the direction
        data: dict[str, Any] = {"seat": seat, "method": method, "target": target, "direction": g.passing.direction}
        if face_up:
            data["card"] = card
            g.events.append(Event("send", data))
        else:
            g.events.append(Event("send", data, {"card": card}, (seat,)))
        g.frames[-1] = PassFrame()
        g.fire("sent", {"seat": seat, "method": method, "target": target})

    def describe(self) -> dict[str, Any]:
        return {"frame": "Send", "seat": self.seat}


__all__ = ["Send", "Turn", "TurnCycle", "send_options_default"]


CLOCKWISE = "cw"


def send_options_default(g: Game, seat: int) -> list[Option]:
    """Every card in hand; a 直达 card once per other player in game (S-METH-2, A-57); a 密电/文本 card once per
    direction the sender may choose (``send c17 cw`` = clockwise, S-METH-6)."""
    opts: list[Option] = []
    others = [s.index for s in g.seats if s.in_game and s.index != seat]
    dir_rules = g.direction_rules
    for c in g.seats[seat].hand:
        if g.send_method(seat, c) == DIRECT:
            opts.extend(Option(SEND, card=c, target=t) for t in others)
        else:
            opts.append(Option(SEND, card=c))
            if dir_rules and -1 in g.send_directions(seat, c):
                opts.append(Option(SEND, card=c, name=CLOCKWISE))
    return opts
