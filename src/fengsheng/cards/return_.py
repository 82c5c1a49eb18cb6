"""退回 Return (S-CARD-RETURN-1..4, S-PASS-10, S-PREC-5, A-11, A-12, A-13).

Step 2, only by the player the card has reached: the card travels on in the opposite direction and he gets no
receive decision. Not on your own card; not if you are locked (it would have no effect, A-12). On a 直达 pass the
card goes back to the sender, who must take it (A-11). The reversal holds for the rest of the journey (A-13).

Implements: S-CARD-RETURN-1..4, S-PREC-5.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.cards.base import CardHandler, fail
from fengsheng.core.cards import RETURN
from fengsheng.core.events import Returned
from fengsheng.core.state import W_STEP2

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class Return(CardHandler):
    type = RETURN
    windows = frozenset({W_STEP2})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        p = g.passing
        return (
            p is not None
            and not p.finished
            and p.holder == seat
            and seat != p.sender  # S-CARD-RETURN-3
            and seat not in g.locks  # S-CARD-RETURN-2 / A-12
        )

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        p = g.passing
        if p is None or p.finished or p.holder != use.user or use.user in g.locks:
            fail(g, use, "not_applicable")
            return
        p.direction = -p.direction
        p.returned = True
        if p.method == "direct":
            p.back = True  # back to the sender, who must take it
        g.emit(Returned(use.user, p.direction))


HANDLER = Return()
