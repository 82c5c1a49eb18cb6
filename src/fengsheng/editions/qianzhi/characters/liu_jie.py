"""六姐 Sixth Sister — ordinary, female (qianzhi.md §12 no. 7).

* QC-LIU_JIE-1 拷問: 「當你成功試探一位玩家時，你可以抽取他的一張手牌」: the standard 拷问: when her 試探 takes effect
  (Q-TERM-10), she may take a card blind from the target's hand, before he answers. With other triggers of the same
  試探 it resolves in seat order from the current player (Q-PRIO-7, A-98): in her turn, first.
* QC-LIU_JIE-2 搜取: 「當一位玩家死亡時，你隨機檢視他的一張手牌，然後你可以將該牌加入手牌或者作為情報」: when another
  player's death begins (A-30: not once he has been rescued; not while she is dying herself) and he has a card in
  hand, a card of his hand is drawn at random and only she sees it (檢視, Q-TERM-4); compulsory (no 「可」 before
  「隨機檢視」). Then she chooses (R-35): into her hand (``choose c<card>``), as her intelligence in front of herself
  (``choose @<her> x<card>``, obtained from a skill), or neither (``pass``: it goes to the discard pile with his
  other cards). The standard 搜取 only takes it as intelligence.
* Mission: 「獲得六張或以上的情報」.

Implements: QC-LIU_JIE-1, QC-LIU_JIE-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Skill, still_dying
from fengsheng.core.events import HandInspected, Took
from fengsheng.core.options import CHOOSE, P_PASS, SKILL_CHOICE, Option
from fengsheng.editions.standard.characters import liu_jie as std

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.game import Game

CID = "qianzhi.liu_jie"


class Interrogation(std.Interrogation):  # 拷問
    __slots__ = ()
    character = CID
    skill_id = "QC-LIU_JIE-1"


class Search(Skill):  # 搜取
    __slots__ = ()
    character = CID
    skill_id = "QC-LIU_JIE-2"
    listens = ("dying",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        victim = data["seat"]
        return (
            victim != self.owner
            and still_dying(g, victim)
            and bool(g.seats[victim].hand)
            and self.active(g)
            and self.owner not in g.dying
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        victim = data["seat"]
        hand = g.seats[victim].hand
        card = hand[g.rng.randrange(len(hand))]  # at random: nobody chooses it
        self.log(g, target=victim)
        g.emit(HandInspected(self.owner, victim, [card], (self.owner,)))
        opts = (Option(CHOOSE, card=card), Option(CHOOSE, target=self.owner, ref=card), P_PASS)
        g.ask(self.owner, SKILL_CHOICE, opts, self._keep, self.skill_id, {"victim": victim, "card": card})

    def _keep(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        victim, card = data["victim"], data["card"]
        hand = g.seats[victim].hand
        if card not in hand or not g.seats[self.owner].in_game:
            return
        if option.card >= 0:  # into her hand
            hand.remove(card)
            g.seats[self.owner].hand.append(card)
            g.emit(Took(self.owner, victim, card, (self.owner, victim)))
        elif option.ref >= 0:  # as her intelligence
            hand.remove(card)
            g.obtain(self.owner, card, source=self.owner, how="skill")


class LiuJieMission(std.LiuJieMission):  # six intelligence
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(Interrogation, Search, LiuJieMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

AI = inherit(std.AI, {})
"""The standard 六姐's mission (six intelligence of any colour); 拷問 answers with the generic skill policy."""
