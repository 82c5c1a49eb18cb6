"""增援 Reinforce (Q-CARD-REINFORCE, A-87).

001「你每擁有一張黑情報，就抽黑情報數量+1的牌」, in your own play phase: draw B + 1 cards, B being the number of black
intelligence in front of you when it resolves (no black intelligence: one card), A-87.

Implements: Q-CARD-REINFORCE.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.cards.base import CURRENT, CardHandler
from fengsheng.core.cards import REINFORCE
from fengsheng.core.state import W_PLAY
from fengsheng.flow.settle import black_count

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class Reinforce(CardHandler):
    users = CURRENT
    type: ClassVar[str] = REINFORCE
    windows: ClassVar[frozenset[str]] = frozenset({W_PLAY})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        return seat == g.current

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        g.draw(use.user, black_count(g, use.user) + 1)


HANDLER = Reinforce()
