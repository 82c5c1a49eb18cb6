"""試探 Probe in 千智风声 (Q-CARD-PROBE, Q-CARD-PROBE-1, A-85).

001「試探一位玩家是否是潛伏戰線/軍情處/打醬油，如果是，他抽/棄一張牌，你抽一張牌，否則宣稱“其實我是卧底/我是一個好人”。
之後將此牌面朝下移出遊戲。只能在自己的出牌階段使用」: in your own play phase, on another player, handed face down. If
he has the named identity he draws or discards **one** card (the card says which, A-85) **and the user draws one**;
otherwise he says the card's line. The probe then leaves the game face down (Q-PASS-6). As in the standard edition,
only the user and the target see its text, a player with nothing to discard just says so (the user still draws), and
a cancelled probe goes face up to the discard pile: its text, which sends it out of the game, never happened.

Implements: Q-CARD-PROBE, Q-CARD-PROBE-1, Q-PASS-6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.cards.probe import Probe, ProbeAnswer
from fengsheng.core.cards import DRAW_1

if TYPE_CHECKING:
    from fengsheng.game import Game


class QianzhiProbeAnswer(ProbeAnswer):
    """The probed player's answer: draw one / discard one and the user draws one, or the line."""

    __slots__ = ()

    DRAW_EFFECT: ClassVar[str] = DRAW_1
    DRAW_COUNT: ClassVar[int] = 1
    DRAW_ANSWER: ClassVar[str] = "draw_1"

    def _after_effect(self, g: Game) -> None:
        if g.seats[self.user].in_game:
            g.draw(self.user, 1)  # 「你抽一張牌」, also when the target had nothing to discard


class QianzhiProbe(Probe):
    def answer_frame(self, user: int, target: int, card: int) -> ProbeAnswer:
        return QianzhiProbeAnswer(user, target, card)


HANDLER = QianzhiProbe()
