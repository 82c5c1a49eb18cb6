"""The intelligence pass: Step 1 传递, Step 2 到达, Step 3 接收, repeated until the card is taken (S-PASS, S-METH).

* Step 1 (a ``step1`` window): the card is on its way; 锁定 / 调虎离山 / 截获 may be used (S-PASS-3).
* Then the card moves (``flow/route.py``): to the next seat in the current direction that is in game and not lured
  away (unless locked), or for 直达 to the named target (S-METH-1..3, S-PASS-9). A 直达 whose target is lured away or
  gone turns back to the sender through another Step 1 (S-PREC-6, A-78, A-32). A card that would reach a dead sender
  is discarded, and so is one that came back to its sender if he dies in his own Step 2: it went round once and
  nobody accepted it (S-PASS-7).
* Step 2 (a ``step2`` window): 破译 / 退回 by the player reached (S-PASS-4).
* Step 3: he accepts or declines; no card or skill may be used (S-PASS-5). A locked player and the sender must
  accept (S-CARD-LOCK-1, S-PASS-6). After 退回 there is no Step 3 (S-PASS-10).

The pass starts with Send: the current player must send exactly one card from his hand, its method set by its stamp;
a 直达 names its target now; a skill may let him send the other way (S-PASS-1, S-PASS-2, S-METH-2, S-METH-6). A
face-down card reaches its holder unseen (Arrived shows it only when face up, S-METH-5); whatever the method, the
card is obtained face up (S-METH-4). Locked players are never skipped, so the first one the card reaches must take
it (S-PREC-4). A player who dies during the pass is skipped and the pass goes on (S-PASS-11, S-DEATH-7).

Implements: S-PASS-1..6, S-PASS-8, S-PASS-10..12, S-METH-4..6, S-PREC-4, S-PREC-7, S-DEATH-7.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.core.cards import DIRECT, TEXT
from fengsheng.core.events import PUBLIC, Arrived, CannotSend, Declined, IntelDiscarded, Sent, TurnedBack
from fengsheng.core.options import ACCEPT, P_ACCEPT, P_DECLINE, RECEIVE, SEND, SEND_KIND, Decision, Option
from fengsheng.core.state import PH_PASS, W_STEP1, W_STEP2, Frame, Passing
from fengsheng.flow.route import DISCARDED, TURN_BACK, route
from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from fengsheng.game import Game

ACCEPT_OR_DECLINE = (P_ACCEPT, P_DECLINE)
"""The options of Step 3 (S-PASS-7), one tuple for every question."""


CLOCKWISE = "cw"
"""The option name of a send in the other direction (``send c17 cw``, S-METH-6)."""


def next_stop(g: Game, p: Passing) -> int:
    """Where the card goes at the end of Step 1: a seat, ``TURN_BACK`` (直达 only) or ``DISCARDED`` (see
    :func:`fengsheng.flow.route.route`, which bots call with what their view shows)."""
    in_game = [s.in_game for s in g.seats]
    return route(p.holder, p.sender, p.direction, p.method, p.target, p.back, in_game, p.lured, g.locks)


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
            g.emit(CannotSend(seat))
            g.frames.pop()
            return None
        return tuple.__new__(Decision, (seat, SEND_KIND, tuple(g.send_options(seat)), PH_PASS, False))

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
        g.frames[-1] = PassFrame()
        g.emit(Sent(seat, method, target, g.passing.direction, card, PUBLIC if face_up else (seat,)))

    def describe(self) -> dict[str, Any]:
        return {"frame": "Send", "seat": self.seat}


def send_options_default(g: Game, seat: int) -> list[Option]:
    """Every card in hand; a 直达 card once per other player in game (S-METH-2, A-57); a 密电/文本 card once per
    direction the sender may choose (``send c17 cw`` = clockwise, S-METH-6)."""
    opts: list[Option] = []
    others = [s.index for s in g.seats if s.in_game and s.index != seat]
    dir_rules = g.direction_rules
    new = tuple.__new__  # Option(SEND, card=…) without its __new__: every send, every card, every target
    for c in g.seats[seat].hand:
        if g.send_method(seat, c) == DIRECT:
            for t in others:
                opts.append(new(Option, (SEND, c, "", t, -1, "")))
        else:
            opts.append(new(Option, (SEND, c, "", -1, -1, "")))
            if dir_rules and -1 in g.send_directions(seat, c):
                opts.append(new(Option, (SEND, c, "", -1, -1, CLOCKWISE)))
    return opts


def discard_transit(g: Game, p: Passing) -> None:
    """Nobody accepted the card and its sender is out of the game: it goes to the discard pile and the pass ends
    (S-PASS-7, S-PASS-12). Called by the PassFrame on top."""
    p.finished = True
    g.discard.append(p.card)
    g.frames.pop()
    g.emit(IntelDiscarded(p.card, p.sender))


class PassFrame(Frame):
    """Drives ``g.passing`` through the three steps until it is obtained or discarded.

    Stages: ``step1`` (open the Step-1 window), ``move`` (the card moves on, then the Step-2 window opens),
    ``step3`` (the receive decision).
    """

    __slots__ = ("stage",)

    STEP1 = "step1"
    MOVE = "move"
    STEP3 = "step3"

    def __init__(self, stage: str = STEP1) -> None:
        self.stage = stage

    @classmethod
    def at(cls, step: str) -> PassFrame:
        """A pass about to run ``step`` (``step1``; ``step2`` and ``step3`` resume at Step 3, the Step-2 window being
        pushed above it by the caller for ``step2``)."""
        return cls(cls.STEP1 if step == W_STEP1 else cls.STEP3)

    def run(self, g: Game) -> Decision | None:
        p = g.passing
        assert p is not None
        if p.finished:
            g.frames.pop()
            return None
        st = self.stage
        if st == self.STEP1:
            p.step = W_STEP1
            self.stage = self.MOVE
            g.frames.append(Window(W_STEP1, g.current))
            return None
        if st == self.MOVE:
            dest = next_stop(g, p)
            if dest == TURN_BACK:
                p.back = True
                g.emit(TurnedBack(p.target))
                self.stage = self.STEP1
                return None
            if dest == DISCARDED:
                discard_transit(g, p)
                return None
            p.holder = dest
            p.step = W_STEP2
            self.stage = self.STEP3
            g.frames.append(Window(W_STEP2, g.current))
            g.emit(Arrived(dest, p.card if p.face_up else None))
            return None
        # Step 3 (S-PASS-5)
        p.step = "step3"
        if p.returned:  # S-PASS-10: no receive decision after 退回
            p.returned = False
            self.stage = self.STEP1
            return None
        h = p.holder
        if h == p.sender and not g.seats[h].in_game:
            # S-PASS-7, S-DEATH-7: the card came back to its sender, who died in his own Step 2: nobody accepted it
            # (000「情报传递一圈后如无人接收则做弃掉处理」); it does not go round again
            discard_transit(g, p)
            return None
        if not g.seats[h].in_game:  # S-PASS-11: the pass goes on
            if p.method == DIRECT:
                p.back = True
            self.stage = self.STEP1
            return None
        if h == p.sender or h in g.locks:
            g.take_transit(h, "forced")  # S-PASS-6, S-CARD-LOCK-1
            return None
        return tuple.__new__(Decision, (h, RECEIVE, ACCEPT_OR_DECLINE, "step3", False))

    def answer(self, g: Game, option: Option) -> None:
        p = g.passing
        assert p is not None
        h = p.holder
        if option.kind == ACCEPT:
            g.take_transit(h, "accept")
            return
        g.emit(Declined(h))
        if p.method == DIRECT:
            p.back = True  # S-METH-2: back to the sender
        self.stage = self.STEP1

    def describe(self) -> dict[str, Any]:
        return {"frame": "PassFrame", "stage": self.stage}


__all__ = ["CLOCKWISE", "DISCARDED", "TURN_BACK", "PassFrame", "Send", "Window", "next_stop", "send_options_default"]
