"""調包 Swap (Q-CARD-SWAP, A-86).

001「把此牌和傳遞中的情報調換，並且以面朝上方式展示，傳遞方式不變。只能在情報傳遞階段使用」: in the passing phase
(Step 1), by anyone. The 調包 card becomes the intelligence, face up, and goes on along the same route with the
original method, not its own 文本 stamp; the card it replaced goes to the discard pile (face up, Q-TERM-11). A
cancelled 調包 goes to the discard pile like any card.

Implements: Q-CARD-SWAP.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.cards.base import CardHandler, fail
from fengsheng.core.cards import SWAP
from fengsheng.core.events import Swapped
from fengsheng.core.state import W_STEP1

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class Swap(CardHandler):
    type: ClassVar[str] = SWAP
    windows: ClassVar[frozenset[str]] = frozenset({W_STEP1})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        p = g.passing
        return p is not None and not p.finished

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        p = g.passing
        if p is None or p.finished:
            fail(g, use, "card_gone")
            return
        old = p.card
        p.card = use.card
        p.face_up = True  # 「以面朝上方式展示」; the method stays
        g.discard.append(old)
        g.emit(Swapped(use.user, use.card, old))

    def dispose(self, g: Game, use: Use) -> None:
        if use.cancelled or use.failed:
            g.discard.append(use.card)
        # otherwise the card is the intelligence in transit now


HANDLER = Swap()
