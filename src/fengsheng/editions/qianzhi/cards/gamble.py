"""博弈 Gamble (Q-CARD-GAMBLE, Q-CARD-GAMBLE-1).

001「指定一位玩家，獲得牌庫頂牌作為情報」, in your own play phase: the chosen player, yourself included (「一位玩家」),
obtains the top card of the deck as intelligence, face up. It was not sent; the user counts as its source (a death it
causes is the user's doing). With the deck and the discard pile both empty it does nothing.

Implements: Q-CARD-GAMBLE, Q-CARD-GAMBLE-1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.cards.base import CURRENT, CardHandler, fail
from fengsheng.core.cards import GAMBLE
from fengsheng.core.state import W_PLAY

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class Gamble(CardHandler):
    users = CURRENT
    type: ClassVar[str] = GAMBLE
    windows: ClassVar[frozenset[str]] = frozenset({W_PLAY})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        return seat == g.current

    def targets(self, g: Game, seat: int, win: Window) -> list[tuple[int, int]]:
        return [(s.index, -1) for s in g.seats if s.in_game]

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        t = use.target
        if not g.seats[t].in_game:
            fail(g, use, "target_gone")
            return
        got = g.take_from_deck(1)
        if not got:
            fail(g, use, "not_applicable")
            return
        g.obtain(t, got[0], source=use.user, how=GAMBLE)


HANDLER = Gamble()
