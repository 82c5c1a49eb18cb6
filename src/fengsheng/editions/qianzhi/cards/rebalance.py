"""權衡 Rebalance (Q-CARD-REBALANCE).

001「將你的手牌全部棄掉，然後重新抽取數量相等的牌」, in your own play phase: discard your whole hand (face up,
Q-TERM-11) and draw as many cards as you discarded (the 權衡 itself is not in your hand any more). With an empty hand
nothing happens.

Implements: Q-CARD-REBALANCE.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.cards.base import CURRENT, CardHandler
from fengsheng.core.cards import REBALANCE
from fengsheng.core.events import Discarded
from fengsheng.core.state import W_PLAY

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class Rebalance(CardHandler):
    users = CURRENT
    type: ClassVar[str] = REBALANCE
    windows: ClassVar[frozenset[str]] = frozenset({W_PLAY})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        return seat == g.current

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        seat = g.seats[use.user]
        hand = list(seat.hand)
        seat.hand.clear()
        for c in hand:
            g.discard.append(c)
            g.emit(Discarded(use.user, c))
        if hand:
            g.draw(use.user, len(hand))


HANDLER = Rebalance()
