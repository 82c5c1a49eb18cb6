"""六姐 Sixth Sister — public, female (standard-characters.md §B14).

* C-LIU_JIE-1 拷问 (trigger, optional): when you probe a player, you may take a card from his hand. Only once her
  试探 has taken effect (not cancelled: 000「【试探】卡牌必须被成功使用后（即未被识破）方可抽取」), i.e. on the ``probed``
  event; it resolves with the other "when probed" triggers in S-TRIG order, before the probed player answers (003's
  example: 六姐's 拷问 first, then 福尔摩斯, then 老鬼's 就计). Taken blind, at random (S-TERM-12, A-38). Not offered
  if he has no cards.
* C-LIU_JIE-2 (death trigger, optional): when a player dies, you may take a card at random from his hand as **your**
  intelligence (face down, unseen, 000「牌面朝下随机抽取，不可查看牌面」; it is then laid face up in front of her). A
  ``dying`` trigger in seat order with the other death triggers (A-30): if he has been rescued (礼服蒙面人) by then, it
  does not happen; nothing happens if he has no cards (000); not for her own death (000), nor while she is dying
  herself. A false card so taken can kill her; the killer is then herself, her skill having placed it (A-48).
* Mission: obtain six intelligence, of any colours (counted as they lie now, A-63).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Mission, Skill, still_dying, take_blind
from fengsheng.core.options import SKILL

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

INTEL_NEEDED = 6


class Interrogation(Skill):  # 拷问
    __slots__ = ()
    character = "standard.liu_jie"
    skill_id = "C-LIU_JIE-1"
    listens = ("probe",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        target = data["seat"]
        return (
            data["user"] == self.owner
            and target != self.owner
            and self.active(g)
            and g.seats[target].in_game
            and bool(g.seats[target].hand)
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use, {"target": data["seat"]})

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind == SKILL:
            self.log(g, target=data["target"])
            take_blind(g, self.owner, data["target"])


class Scavenge(Skill):
    __slots__ = ()
    character = "standard.liu_jie"
    skill_id = "C-LIU_JIE-2"
    listens = ("dying",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        victim = data["seat"]
        return (
            victim != self.owner
            and still_dying(g, victim)  # not once he has been rescued
            and bool(g.seats[victim].hand)
            and self.active(g)
            and self.owner not in g.dying
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use, {"target": data["seat"]})

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind != SKILL:
            return
        victim = data["target"]
        hand = g.seats[victim].hand
        if not hand:
            return
        self.log(g, target=victim)
        card = hand.pop(g.rng.randrange(len(hand)))  # blind: nobody chooses or sees it before it lands
        g.obtain(self.owner, card, source=self.owner, how="skill")


class LiuJieMission(Mission):
    __slots__ = ()
    character = "standard.liu_jie"

    def mission_met(self, g: Game) -> bool:
        return len(g.seats[self.owner].intel) >= INTEL_NEEDED


CHARACTER = CharacterDef("standard.liu_jie", rules=(Interrogation, Scavenge, LiuJieMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Position, SkillAI  # noqa: E402


def _scavenge_offer(pos: Position) -> bool:
    """A random card of the victim's hand as his intelligence: not with two false intelligence already."""
    return pos.counts[pos.seat][2] < 2


AI = CharacterAI(rank=42, mission_intel=("any", 6), skills={Scavenge: SkillAI(offer=_scavenge_offer)})
