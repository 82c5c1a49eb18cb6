"""烧毁 Burn (S-CARD-BURN-1..3, A-18, A-60).

Burn one false (black) intelligence in front of any player, in any window (never in Step 3, never while something
resolves). A player with three false intelligence is already dead, so it cannot save him (S-CARD-BURN-3).

Implements: S-CARD-BURN-1..3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.cards.base import CardHandler, fail
from fengsheng.core.cards import BURN
from fengsheng.core.state import W_END, W_PLAY, W_STEP1, W_STEP2

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class Burn(CardHandler):
    type = BURN
    windows = frozenset({W_PLAY, W_STEP1, W_STEP2, W_END})

    def targets(self, g: Game, seat: int, win: Window) -> list[tuple[int, int]]:
        return [(s.index, c) for s in g.seats if s.in_game for c in s.intel if g.is_black[c]]

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        t, c = use.target, use.ref
        seat = g.seats[t]
        if not seat.in_game or c not in seat.intel:
            fail(g, use, "target_gone")
            return
        g.burn_intel(t, c, by=use.user)


HANDLER = Burn()
