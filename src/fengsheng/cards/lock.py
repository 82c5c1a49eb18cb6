"""锁定 Lock (S-CARD-LOCK-1..5, S-PREC-1/2/4/5, A-3, A-9, A-10, A-61).

Used in your own turn on another player: if this turn's intelligence reaches him, he must accept it. Usable in the
play phase and in every Step-1 window of your own pass (A-3). A lock cancels an 调虎离山 already on that player
(S-PREC-1, A-9). Cards played *as* 锁定 through a skill are full locks (A-61).

The pass applies it (flow/passing.py): a locked player the card reaches must accept, the first in passing order if
several are locked (S-CARD-LOCK-1, S-CARD-LOCK-3).

Implements: S-CARD-LOCK-1..5, S-PREC-1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.cards.base import CURRENT, CardHandler, fail
from fengsheng.core.cards import LOCK
from fengsheng.core.events import Locked
from fengsheng.core.state import W_PLAY, W_STEP1

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class Lock(CardHandler):
    users = CURRENT
    type = LOCK
    windows = frozenset({W_PLAY, W_STEP1})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        return seat == g.current  # S-CARD-LOCK-1: in your own turn

    def targets(self, g: Game, seat: int, win: Window) -> list[tuple[int, int]]:
        """Any other player in the game (000「对（自己以外）任意一位玩家使用」), one already locked included: the
        lock still does something there (柒佰's 联动 draws two, 「当你被锁定时」 skills such as 老枪's fire, and the
        locker cannot see a face-down character), so R-6 does not leave him out."""
        return [(s.index, -1) for s in g.seats if s.in_game and s.index != seat]

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        t = use.target
        if not g.seats[t].in_game:
            fail(g, use, "target_gone")
            return
        if t not in g.locks:
            g.locks.append(t)
        p = g.passing
        if p is not None and t in p.lured:
            p.lured.remove(t)  # S-PREC-1 / S-CARD-LURE-6: the lock wins over an earlier 调虎离山
        g.emit(Locked(t, use.user, use.uid))


HANDLER = Lock()
