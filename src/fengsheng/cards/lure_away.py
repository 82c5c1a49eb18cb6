"""调虎离山 Lure the Tiger Away (S-CARD-LURE-1..7, S-PREC-2/6, A-8, A-9, A-66, A-78).

Step 1 only, by any player in any turn: the chosen player takes no part in this card's journey. Never the sender
or a locked player; yourself only when you are not the sender (A-8). Against a 直达 target the card turns back to
the sender (S-PREC-6, A-78). It lasts until the card is obtained or discarded (A-66).

The route of the pass applies it (flow/route.py): the card goes past a lured player, and a lured 直达 target
sends it back (S-CARD-LURE-5).

Implements: S-CARD-LURE-1..7, S-PREC-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.cards.base import CardHandler, fail
from fengsheng.core.cards import LURE_AWAY
from fengsheng.core.events import Lured
from fengsheng.core.state import W_STEP1

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


def _legal_target(g: Game, t: int) -> bool:
    p = g.passing
    return (
        p is not None
        and not p.finished
        and g.seats[t].in_game
        and t != p.sender
        and t not in g.locks
        and t not in p.lured
    )


class LureAway(CardHandler):
    type = LURE_AWAY
    windows = frozenset({W_STEP1})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        p = g.passing
        return p is not None and not p.finished

    def targets(self, g: Game, seat: int, win: Window) -> list[tuple[int, int]]:
        return [(s.index, -1) for s in g.seats if _legal_target(g, s.index)]

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        t = use.target
        if not _legal_target(g, t):
            fail(g, use, "target_illegal")  # a lock that resolved first makes the target illegal
            return
        p = g.passing
        assert p is not None
        p.lured.append(t)
        g.emit(Lured(t, use.user, use.uid))


HANDLER = LureAway()
