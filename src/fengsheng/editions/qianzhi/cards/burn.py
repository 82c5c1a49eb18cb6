"""燒毀 Burn in 千智风声 (Q-CARD-BURN).

001「燒毀一張黑情報。只能在情報傳遞階段和自己的出牌階段使用」: one black intelligence in front of any player; in the
passing phase (its Step-1 and Step-2 windows) by anyone, in the play phase only by the current player. A character
text beats the card (Q-PRIO-1): 出雲龍's 定點抹除 lets his 燒毀 take red/blue intelligence too (a permission,
``BURN_RED_BLUE``).

Implements: Q-CARD-BURN.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.cards.burn import Burn
from fengsheng.core.state import W_PLAY, W_STEP1, W_STEP2

if TYPE_CHECKING:
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


BURN_RED_BLUE = "burn_red_blue"
"""The permission (``Rule.permits``) to burn red or blue intelligence with a 燒毀 (出雲龍's 定點抹除)."""


class QianzhiBurn(Burn):
    windows: ClassVar[frozenset[str]] = frozenset({W_PLAY, W_STEP1, W_STEP2})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        return win.kind != W_PLAY or seat == g.current

    def targets(self, g: Game, seat: int, win: Window) -> list[tuple[int, int]]:
        if g.permit_rules and g.permits(seat, BURN_RED_BLUE, win):
            return [(s.index, c) for s in g.seats if s.in_game for c in s.intel]
        return super().targets(g, seat, win)


HANDLER = QianzhiBurn()
