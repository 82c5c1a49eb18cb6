"""真偽莫辨 True or False in 千智风声 (Q-CARD-TOF, A-97).

001「從自己開始，逆時針每人抽取牌庫頂一張牌作為情報。只能在自己的出牌階段使用」: in your own play phase. Starting
with the user and going counterclockwise, every player still in the game takes the top card of the deck as
intelligence, face up; nothing is laid out or picked (A-97). Deaths settle after each card, and a player who died
before his turn is skipped; when the deck and the discard pile are both empty the rest get nothing (A-7, A-25). The
cards were not sent; the user counts as their source.

Implements: Q-CARD-TOF.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from fengsheng.cards.base import CURRENT, CardHandler
from fengsheng.core.cards import TRUE_OR_FALSE
from fengsheng.core.state import W_PLAY, Frame

if TYPE_CHECKING:
    from fengsheng.core.options import Decision
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class QianzhiTrueOrFalse(CardHandler):
    users = CURRENT
    type: ClassVar[str] = TRUE_OR_FALSE
    windows: ClassVar[frozenset[str]] = frozenset({W_PLAY})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        return seat == g.current

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        n = g.n
        order = [(use.user + k) % n for k in range(n) if g.seats[(use.user + k) % n].in_game]
        g.frames.append(TofDraws(use.user, order))


class TofDraws(Frame):
    """One card from the top of the deck to each player in ``order``, one per step, so that deaths settle between."""

    __slots__ = ("i", "order", "user")

    def __init__(self, user: int, order: list[int]) -> None:
        self.user = user
        self.order = order
        self.i = 0

    def run(self, g: Game) -> Decision | None:
        while self.i < len(self.order):
            s = self.order[self.i]
            self.i += 1
            if not g.seats[s].in_game:
                continue  # died before his card
            got = g.take_from_deck(1)
            if not got:
                break  # nothing left to take
            g.obtain(s, got[0], source=self.user, how=TRUE_OR_FALSE)
            return None
        g.frames.pop()
        return None

    def describe(self) -> dict[str, Any]:
        return {"frame": "TofDraws", "user": self.user, "next": self.i}


HANDLER = QianzhiTrueOrFalse()
