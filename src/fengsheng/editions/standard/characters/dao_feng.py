"""刀锋 Blade — public, male (standard-characters.md §B12; 000 texts, not 004's, A-45).

* C-DAO_FENG-1 亮剑 (conversion): your 试探 and 退回 may be used as 锁定: a full lock (own turn, the lock's windows,
  cancellable by 识破, triggers "when locked" skills, discarded afterwards) that keeps its colour (A-61).
* C-DAO_FENG-2 嗜血 (trigger, optional): when a player dies, you may draw four cards, then give a card from your hand to
  any player (yourself included: 000「可以分给自己」, which keeps it). A ``dying`` trigger in seat order with the other
  death triggers; it still happens if the dying player is rescued (A-30, as 004 says for 刀锋). He chooses the player
  first, then (for another player) the card. Ruling (not covered by the A-items): not for his own death, nor while he
  is dying himself: a dying character has lost its skills (000 on 礼服蒙面人「因为角色死亡视为失去其相关技能」, and
  六姐's 「自己死亡不能发动该技能」).
* Mission: a 潜伏战线 player and a 军情局 (军情处) player have died (a rescued player has not, A-30; a player who lost
  has not died, S-LOSE-2). Ruling: he must be in the game to declare, since a dead player wins only through his
  faction or a mission about his own death (A-37).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import (
    MILITARY_INTEL,
    UNDERGROUND,
    CharacterDef,
    Mission,
    Skill,
    give_card,
    is_dead_with,
)
from fengsheng.core.cards import LOCK, PROBE, RETURN
from fengsheng.core.options import SKILL

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.game import Game

DRAW = 4


class DrawnSword(Skill):  # 亮剑
    __slots__ = ()
    character = "standard.dao_feng"
    skill_id = "C-DAO_FENG-1"

    def card_uses(self, g: Game, card: int) -> tuple[str, ...]:
        return (LOCK,) if g.card_type[card] in (PROBE, RETURN) and self.active(g) else ()


class Bloodthirst(Skill):  # 嗜血
    __slots__ = ()
    character = "standard.dao_feng"
    skill_id = "C-DAO_FENG-2"
    listens = ("dying",)

    def wants(self, g: Game, kind: str, data: dict[str, Any]) -> bool:
        return data["seat"] != self.owner and self.active(g) and self.owner not in g.dying

    def fire(self, g: Game, kind: str, data: dict[str, Any]) -> None:
        self.offer(g, self._use)

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind != SKILL:
            return
        self.log(g)
        g.draw(self.owner, DRAW)
        if g.seats[self.owner].hand:
            self.choose_seat(g, [s.index for s in g.seats if s.in_game], self._seat)

    def _seat(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.target != self.owner:  # giving it to himself leaves the card where it is
            self.choose_hand_card(g, g.seats[self.owner].hand, self._give, {"to": option.target})

    def _give(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        give_card(g, self.owner, data["to"], option.card)


class DaoFengMission(Mission):
    __slots__ = ()
    character = "standard.dao_feng"

    def mission_met(self, g: Game) -> bool:
        return g.seats[self.owner].in_game and is_dead_with(g, UNDERGROUND) and is_dead_with(g, MILITARY_INTEL)


CHARACTER = CharacterDef("standard.dao_feng", rules=(DrawnSword, Bloodthirst, DaoFengMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, SkillAI  # noqa: E402
from fengsheng.bots.skills import give_least_useful, help_seat  # noqa: E402

AI = CharacterAI(
    rank=40,
    mission_rel=(-0.7, -0.7, -0.2),  # one of each faction dead
    skills={Bloodthirst: SkillAI(seat=help_seat, card=give_least_useful)},
)
