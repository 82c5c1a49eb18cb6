"""情报处长 Intelligence Chief — public, male (standard-characters.md §B8).

* C-QING_BAO_CHU_ZHANG-1 (trigger, optional): when a player is probed, you may draw a card, then discard a card from
  your hand or burn one of your non-false intelligence. "Probed" means a 试探 that took effect (not cancelled, its
  target still in the game: the ``probed`` event, S-TERM-13), by anyone on anyone (himself included), in any turn:
  000「在任何人的任何回合内有人被试探成功时即可发动该技能」. It resolves with the other "when probed" triggers, in
  S-TRIG order, before the probed player answers (003's 六姐 / 老鬼 example). Once he has drawn, the second part is
  compulsory; he chooses between a hand card (``choose c<card>``) and one of his red/blue intelligence
  (``choose @<him> x<card>``). With neither (no hand, no non-false intelligence) nothing more happens.
* Mission: obtain three or more red intelligence (counted as they lie now, A-63).

Text set 004 (seed 004, A-45): the same rules. 004「當任一玩家被試探時，可抽取1張卡牌。之後，捨棄1張手牌或燒毀1張非假情報」
does not say whose non-false intelligence he burns; ruling: his own, as 000 says, since it is the alternative to
discarding one of his own cards (a cost, not an attack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Mission, Skill, count_colour
from fengsheng.core.cards import RED
from fengsheng.core.events import Discarded
from fengsheng.core.options import CHOOSE, SKILL, SKILL_CHOICE, Option

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.game import Game

RED_NEEDED = 3


class Debrief(Skill):
    __slots__ = ()
    character = "standard.qing_bao_chu_zhang"
    skill_id = "C-QING_BAO_CHU_ZHANG-1"
    listens = ("probe",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use)

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind != SKILL:
            return
        self.log(g)
        g.draw(self.owner, 1)
        me = g.seats[self.owner]
        opts = [Option(CHOOSE, card=c) for c in me.hand]
        opts += [Option(CHOOSE, target=self.owner, ref=c) for c in me.intel if not g.is_black[c]]
        if opts:
            g.ask(self.owner, SKILL_CHOICE, opts, self._pay, self.skill_id)

    def _pay(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.card >= 0:  # discard a card from the hand
            g.seats[self.owner].hand.remove(option.card)
            g.discard.append(option.card)
            g.emit(Discarded(self.owner, option.card))
        else:  # burn one of his own non-false intelligence
            g.burn_intel(self.owner, option.ref, by=self.owner)


class QingBaoChuZhangMission(Mission):
    __slots__ = ()
    character = "standard.qing_bao_chu_zhang"

    def mission_met(self, g: Game) -> bool:
        return count_colour(g, g.seats[self.owner].intel, RED) >= RED_NEEDED


CHARACTER = CharacterDef("standard.qing_bao_chu_zhang", rules=(Debrief, QingBaoChuZhangMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI  # noqa: E402

AI = CharacterAI(rank=38, mission_intel=(RED, 3))  # his payment: the generic policy discards the least useful card
