"""The intelligence pass: Step 1 传递, Step 2 到达, Step 3 接收, repeated until the card is taken (S-PASS, S-METH).

* Step 1 (a ``step1`` window): the card is on its way; 锁定 / 调虎离山 / 截获 may be used (S-PASS-3).
* Then the card moves (``flow/route.py``): to the next seat in the current direction that is in game and not lured
  away (unless locked), or for 直达 to the named target (S-METH-1..3, S-PASS-9). A 直达 whose target is lured away or
  gone turns back to the sender through another Step 1 (S-PREC-6, A-78, A-32). A card that would reach a dead sender
  is discarded (S-PASS-7).
* Step 2 (a ``step2`` window): 破译 / 退回 by the player reached (S-PASS-4).
* Step 3: he accepts or declines; no card or skill may be used (S-PASS-5). A locked player and the sender must
  accept (S-CARD-LOCK-1, S-PASS-6). After 退回 there is no Step 3 (S-PASS-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.core.cards import DIRECT
from fengsheng.core.events import Arrived, Declined, IntelDiscarded, TurnedBack
from fengsheng.core.options import ACCEPT, P_ACCEPT, P_DECLINE, RECEIVE, Decision, Option
from fengsheng.core.state import W_STEP1, W_STEP2, Frame, Passing
from fengsheng.flow.route import DISCARDED, TURN_BACK, route
from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from fengsheng.game import Game


def next_stop(g: Game, p: Passing) -> int:
    """Where the card goes at the end of Step 1: a seat, ``TURN_BACK`` (直达 only) or ``DISCARDED`` (see
    :func:`fengsheng.flow.route.route`, which bots call with what their view shows)."""
    in_game = [s.in_game for s in g.seats]
    return route(p.holder, p.sender, p.direction, p.method, p.target, p.back, in_game, p.lured, g.locks)


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
                p.finished = True
                g.discard.append(p.card)
                g.frames.pop()
                g.emit(IntelDiscarded(p.card, p.sender))
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
        if not g.seats[h].in_game:  # S-PASS-11: the pass goes on
            if p.method == DIRECT:
                p.back = True
            self.stage = self.STEP1
            return None
        if h == p.sender or h in g.locks:
            g.take_transit(h, "forced")  # S-PASS-6, S-CARD-LOCK-1
            return None
        return Decision(h, RECEIVE, (P_ACCEPT, P_DECLINE), "step3")

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


__all__ = ["DISCARDED", "TURN_BACK", "PassFrame", "Window", "next_stop"]
