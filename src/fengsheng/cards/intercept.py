"""截获 Intercept (S-CARD-INTERCEPT-1..5, S-PREC-3, EX-3, A-4, A-5, A-67).

Step 1 only, by any player except the current player: you obtain the card being passed. It is not a pass, so locks,
调虎离山 and the method do not matter (S-PREC-3). Several 截获 resolve LIFO: the last one takes the card and the
earlier ones have lost their target and are discarded (S-CARD-INTERCEPT-4, A-5).

Implements: S-CARD-INTERCEPT-1..5, S-PREC-3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.cards.base import OTHERS, CardHandler, fail
from fengsheng.core.cards import INTERCEPT
from fengsheng.core.state import W_STEP1

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class Intercept(CardHandler):
    users = OTHERS
    type = INTERCEPT
    windows = frozenset({W_STEP1})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        p = g.passing
        return seat != g.current and p is not None and not p.finished

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        p = g.passing
        if p is None or p.finished:
            fail(g, use, "card_gone")  # an earlier-resolving 截获 already took it
            return
        g.take_transit(use.user, "intercept")


HANDLER = Intercept()
