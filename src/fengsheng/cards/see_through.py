"""识破 See Through (S-CARD-SEE-1..6, S-PRIO-6/11, A-17, A-19).

Used when any player uses a card: that card is cancelled, loses all effect and goes to the discard pile. It may
target another 识破; chains resolve LIFO. It targets cards only, never skills (S-CHAR-6). Any player, any turn
(A-19). Targets are named by the stack uid, so a face-down 试探 is not revealed by being targeted.

Implements: S-CARD-SEE-1..6, S-CHAR-6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.cards.base import CardHandler, fail
from fengsheng.core.cards import SEE_THROUGH
from fengsheng.core.events import PUBLIC, Cancelled
from fengsheng.core.state import W_END, W_PLAY, W_STEP1, W_STEP2

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class SeeThrough(CardHandler):
    needs_stack = True
    type = SEE_THROUGH
    windows = frozenset({W_PLAY, W_STEP1, W_STEP2, W_END})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        return bool(win.stack)

    def targets(self, g: Game, seat: int, win: Window) -> list[tuple[int, int]]:
        return [(-1, u.uid) for u in win.stack if u.card >= 0 and not u.uncancellable]

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        for u in win.stack:
            if u.uid == use.ref:
                u.cancelled = True
                g.emit(Cancelled(u.uid, use.user, u.use, u.user, u.card, (u.user,) if u.hidden else PUBLIC))
                return
        fail(g, use, "target_gone")


HANDLER = SeeThrough()
