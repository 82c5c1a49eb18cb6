"""破译 Decode (S-CARD-DECODE-1..3, A-6).

Step 2, only by the player the card has reached: he looks at it (检视) before deciding; nobody else sees it. It may
be used on 文本 intelligence too (A-6).

Implements: S-CARD-DECODE-1..3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.cards.base import CardHandler, fail
from fengsheng.core.cards import DECODE
from fengsheng.core.events import Decoded
from fengsheng.core.state import W_STEP2

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class Decode(CardHandler):
    type = DECODE
    windows = frozenset({W_STEP2})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        p = g.passing
        return p is not None and not p.finished and p.holder == seat

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        p = g.passing
        if p is None or p.finished or p.holder != use.user:
            fail(g, use, "not_applicable")
            return
        if use.user not in p.seen:
            p.seen.append(use.user)
        g.emit(Decoded(use.user, use.uid, p.card, (use.user,)))  # 译电员's cover trigger (any successful 破译)


HANDLER = Decode()
