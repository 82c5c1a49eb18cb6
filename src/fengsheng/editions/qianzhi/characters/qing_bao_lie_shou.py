"""情報獵手 Intelligence Hunter — hidden, male (qianzhi.md §12 no. 30). New in 001.

* QC-QING_BAO_LIE_SHOU-1 化劍為犁 (flip): 「翻開此角色牌，指定一名其他玩家棄掉一張手牌」: no timing, so any window where
  he holds priority (Q-PRIO-2). Rulings (R-32): the named player chooses which card he discards (棄 is his act, as
  for a 試探's discard); the discard is face up (Q-TERM-11); a player with no hand card may be named and then
  discards nothing (as A-49 reads 闪灵's flip). A skill: no answer, resolves at once (Q-PRIO-4).
* QC-QING_BAO_LIE_SHOU-2 斗轉星移: 「當你獲得黑情報時，蓋伏此角色」: compulsory (no 「可」), while he is face up (a covered
  character cannot be covered again, Q-TERM-7); covered, he may flip again with 化劍為犁 (Q-CHAR-2). If the black card
  kills him, his death comes first (S-DEATH-3) and nothing is covered.
* Mission: 「親手讓一位沒有手牌的玩家死亡」: he kills (A-48) a player whose hand is empty as his death begins, while he
  is in the game.

Implements: QC-QING_BAO_LIE_SHOU-1, QC-QING_BAO_LIE_SHOU-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Skill
from fengsheng.core.events import Discarded
from fengsheng.editions.qianzhi.characters._common import KillMission

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.qing_bao_lie_shou"


class Ploughshares(Skill):  # 化劍為犁
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = CID
    skill_id = "QC-QING_BAO_LIE_SHOU-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g):
            return []
        return [self.option(target=s.index) for s in g.seats if s.in_game and s.index != seat]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the flip is the cost
        self.log(g, target=option.target)
        return g.new_use(self.owner, self.key, target=option.target)

    def resolve(self, g: Game, use: Use) -> None:
        t = use.target
        if g.seats[t].in_game and g.seats[t].hand:
            self.choose_hand_card(g, g.seats[t].hand, self._discard, {"seat": t}, seat=t)

    def _discard(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        seat = data["seat"]
        g.seats[seat].hand.remove(option.card)
        g.discard.append(option.card)
        g.emit(Discarded(seat, option.card))


class ShiftOfStars(Skill):  # 斗轉星移
    __slots__ = ()
    character = CID
    skill_id = "QC-QING_BAO_LIE_SHOU-2"
    listens = ("obtain",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.owner and g.is_black[data["card"]] and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g)
        g.cover(self.owner)


class QingBaoLieShouMission(KillMission):
    __slots__ = ()
    character = CID

    def victim_fits(self, g: Game, victim: int) -> bool:
        return not g.seats[victim].hand


CHARACTER = CharacterDef(CID, rules=(Ploughshares, ShiftOfStars, QingBaoLieShouMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import FLIP_COST  # noqa: E402

DISCARD_HARM = 0.3
"""What one card discarded from a hand costs its holder (about a card's worth kept)."""


def _ploughshares_gain(pos: Deciding, o: Option, context: str) -> float:
    """化劍為犁: an enemy with cards in hand loses one (his choice, so the least useful); worth a flip only then."""
    t = o.target
    if t < 0 or not pos.view["seats"][t]["hand_count"]:
        return -1.0
    return DISCARD_HARM * -pos.care[t] - FLIP_COST


AI = CharacterAI(skills={Ploughshares: SkillAI(gain=_ploughshares_gain)})
