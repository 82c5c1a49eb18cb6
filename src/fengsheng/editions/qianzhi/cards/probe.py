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

from fengsheng.cards.probe import LINE, Probe, ProbeAnswer
from fengsheng.core.cards import DRAW_1
from fengsheng.core.events import ProbeAnswered, Probed

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class QianzhiProbeAnswer(ProbeAnswer):
    """The probed player's answer: draw one / discard one and the user draws one, or the line."""

    __slots__ = ()

    def _user_draws(self, g: Game) -> None:
        if g.seats[self.user].in_game:
            g.draw(self.user, 1)  # 「你抽一張牌」

    def _answer(self, g: Game, how: str) -> None:
        t = self.target
        card = g.edition.deck[self.card]
        if how == LINE:
            g.frames.pop()
            g.emit(ProbeAnswered(t, self.user, "line", line=card.probe_line))
        elif card.probe_effect == DRAW_1:
            g.frames.pop()
            g.emit(ProbeAnswered(t, self.user, "draw_1"))
            g.draw(t, 1)
            self._user_draws(g)
        elif not g.seats[t].hand:
            g.frames.pop()
            g.emit(ProbeAnswered(t, self.user, "discard_none"))
            self._user_draws(g)
        else:
            self.stage = self.DISCARD

    def answer(self, g: Game, option: Option) -> None:
        conceal = self.stage == self.CONCEAL
        super().answer(g, option)
        if not conceal:
            self._user_draws(g)  # after the target's discard


class QianzhiProbe(Probe):
    hidden: ClassVar[bool] = True

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        t = use.target
        if not g.seats[t].in_game:
            super().resolve(g, use, win)  # fails: target gone
            return
        card = g.edition.deck[use.card]
        g.frames.append(QianzhiProbeAnswer(use.user, t, use.card))
        g.emit(
            Probed(
                use.user, t, use.uid, use.card, card.probe_identity, card.probe_effect, card.probe_line, (use.user, t)
            )
        )


HANDLER = QianzhiProbe()
