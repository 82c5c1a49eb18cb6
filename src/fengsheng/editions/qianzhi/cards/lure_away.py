"""調虎離山 Lure Away in 千智风声 (Q-CARD-LURE, Q-CARD-LURE-1).

001「指定另一位玩家不參與本次的情報傳遞。只能在情報傳遞階段使用」: in the passing phase (Step 1, while the card is on
its way), on **another** player: never yourself (the standard edition allows that, A-8). 001 is silent on the sender
and a locked player; the standard restriction is kept (S-CARD-LURE: neither may be lured away, since the sender must
take his card back and a locked player must accept). The route of the pass applies it, as for the standard card.

Implements: Q-CARD-LURE, Q-CARD-LURE-1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.cards.lure_away import LureAway

if TYPE_CHECKING:
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class QianzhiLureAway(LureAway):
    def targets(self, g: Game, seat: int, win: Window) -> list[tuple[int, int]]:
        return [t for t in super().targets(g, seat, win) if t[0] != seat]  # Q-CARD-LURE-1: another player only


HANDLER = QianzhiLureAway()
