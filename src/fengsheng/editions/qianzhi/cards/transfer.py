"""轉移 Transfer (Q-CARD-TRANSFER, A-100).

001「把傳遞到自己的情報傳遞到另一位玩家，他必須接收。只能在情報傳遞到你時使用」: in Step 2, by the player the card has
reached, on another player in the game who is not lured away. He may not if he must accept it himself: a locked
player or the sender the card came back to (A-100; compare 退回, A-12). The card is passed on, 直達, to the target,
who must accept it (he is bound like a locked player: ``g.locks``); it goes through a new Step 1, where it may still
be intercepted (A-100). The holder gets no receive decision.

Implements: Q-CARD-TRANSFER.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.cards.base import CardHandler, fail
from fengsheng.core.cards import DIRECT, TRANSFER
from fengsheng.core.events import Transferred
from fengsheng.core.state import W_STEP2

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


def _may_transfer(g: Game, seat: int) -> bool:
    p = g.passing
    return p is not None and not p.finished and p.holder == seat and seat != p.sender and seat not in g.locks


def _legal_target(g: Game, seat: int, t: int) -> bool:
    p = g.passing
    return p is not None and t != seat and g.seats[t].in_game and t not in p.lured


class Transfer(CardHandler):
    type: ClassVar[str] = TRANSFER
    windows: ClassVar[frozenset[str]] = frozenset({W_STEP2})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        return _may_transfer(g, seat)

    def targets(self, g: Game, seat: int, win: Window) -> list[tuple[int, int]]:
        return [(s.index, -1) for s in g.seats if _legal_target(g, seat, s.index)]

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        user, t = use.user, use.target
        p = g.passing
        if p is None or not _may_transfer(g, user) or not _legal_target(g, user, t):
            fail(g, use, "not_applicable")
            return
        p.method = DIRECT
        p.target = t
        p.back = False
        p.returned = True  # no receive decision for the holder: the card travels on at once
        if t not in g.locks:
            g.locks.append(t)  # 「他必須接收」
        g.emit(Transferred(user, t))


HANDLER = Transfer()
