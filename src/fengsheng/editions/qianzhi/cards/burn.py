"""燒毀 Burn in 千智风声 (Q-CARD-BURN).

001「燒毀一張黑情報。只能在情報傳遞階段和自己的出牌階段使用」: one black intelligence in front of any player; in the
passing phase (its Step-1 and Step-2 windows) by anyone, in the play phase only by the current player.

Implements: Q-CARD-BURN.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.cards.burn import Burn
from fengsheng.core.state import W_PLAY, W_STEP1, W_STEP2

if TYPE_CHECKING:
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class QianzhiBurn(Burn):
    windows: ClassVar[frozenset[str]] = frozenset({W_PLAY, W_STEP1, W_STEP2})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        return win.kind != W_PLAY or seat == g.current


HANDLER = QianzhiBurn()
