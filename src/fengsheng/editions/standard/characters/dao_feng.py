"""刀锋 Blade — public, male (standard-characters.md §B12; 000 texts, not 004's, A-45).

* C-DAO_FENG-1 亮剑 (conversion): your 试探 and 退回 may be used as 锁定: a full lock (own turn, the lock's windows,
  cancellable by 识破, triggers "when locked" skills, discarded afterwards) that keeps its colour (A-61).
* C-DAO_FENG-2 嗜血 (trigger, optional): when a player dies, you may draw four cards, then give a card from your hand to
  any player (yourself included: 000「可以分给自己」, which keeps it). A ``dying`` trigger in seat order with the other
  death triggers (A-30). One reading of 「当一位玩家死亡时」 for every death trigger: a player rescued by 礼服蒙面人 has
  not died, so once the rescue has resolved 嗜血 is not offered for him (as 六姐's C-LIU_JIE-2); if 刀锋 comes first
  in seat order, the player is still dying and 嗜血 stands. (004's text says otherwise for its own skill, below.) He chooses the player
  first, then (for another player) the card. Ruling (not covered by the A-items): not for his own death, nor while he
  is dying himself: a dying character has lost its skills (000 on 礼服蒙面人「因为角色死亡视为失去其相关技能」, and
  六姐's 「自己死亡不能发动该技能」).
* Mission: a 潜伏战线 player and a 军情局 (军情处) player have died (a rescued player has not, A-30; a player who lost
  has not died, S-LOSE-2). Ruling: he must be in the game to declare, since a dead player wins only through his
  faction or a mission about his own death (A-37).

Text set 004 (seed 004, A-45): three unnamed skills and another mission. The skill ids follow the printed slots.

* C-DAO_FENG-1: 004「你的鎖定不能被識破」: every 锁定 he uses (a 锁定 card or a 试探 used as one) cannot be cancelled.
  As soon as he has used a lock (its ``use`` event, before anyone else holds priority) the use is marked
  ``uncancellable``, which 识破 does not target (``cards/see_through.py``). It resolves as a 锁定 (「被锁定」 skills
  trigger, 调虎离山 on the target ends) and its card goes to the discard pile afterwards, like any card.
* C-DAO_FENG-2: 004「你的試探可以當作鎖定使用」: only 试探 converts (000 亮剑: 试探 and 退回); a full lock otherwise
  (A-61), which C-DAO_FENG-1 then makes uncancellable.
* C-DAO_FENG-3: 004「當一位玩家死亡時，可抽取2張卡牌。之後，將1張手牌給其左手邊玩家」, 「即使死亡的玩家被拯救，
  仍可觸發此技能」: draw **two** (000: four), then give a card of his choice to the **dying player's left-hand
  neighbour** (「其」 is the dying player; left-hand = clockwise, A-1): the nearest player clockwise from him who is
  still in the game. Compulsory once he has drawn (no 「可」); if that neighbour is 刀锋 himself, he keeps the card.
  As under 000: optional, not for his own death nor while he is dying; unlike 000, it still happens after the dying
  player has been rescued, as 004 says (the seed wins over the one reading 000's texts get).
* Mission: 004「潛伏戰線皆被消滅」: 潜伏战线 wiped out (A-27c; 000: one 潜伏战线 and one 军情处 player dead), while he
  is in the game (A-37).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from fengsheng.characters.base import (
    MILITARY_INTEL,
    UNDERGROUND,
    CharacterDef,
    Mission,
    Skill,
    give_card,
    is_dead_with,
    still_dying,
    wiped_out,
)
from fengsheng.core.cards import LOCK, PROBE, RETURN
from fengsheng.core.options import SKILL
from fengsheng.editions.standard.characters.qian_mian_nv_lang import previous_in_game
from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

DRAW = 4


class DrawnSword(Skill):  # 亮剑
    __slots__ = ()
    character = "standard.dao_feng"
    skill_id = "C-DAO_FENG-1"
    face = True  # its card_uses need Skill.active (face up)
    converts_to = frozenset({LOCK})
    converts: ClassVar[tuple[str, ...]] = (PROBE, RETURN)
    """The card types he may use as 锁定 (000: 试探 and 退回; 004: 试探)."""

    def card_uses(self, g: Game, card: int) -> tuple[str, ...]:
        return (LOCK,) if g.card_type[card] in self.converts and self.active(g) else ()


class ProbeAsLock(DrawnSword):  # 004, the second printed skill
    __slots__ = ()
    skill_id = "C-DAO_FENG-2"
    converts = (PROBE,)


class Unstoppable(Skill):  # 004: your locks cannot be seen through
    __slots__ = ()
    character = "standard.dao_feng"
    skill_id = "C-DAO_FENG-1"
    listens = ("use",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.owner and data["use"] == LOCK and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        for f in reversed(g.frames):
            if isinstance(f, Window):
                for use in f.stack:
                    if use.uid == data["uid"]:
                        use.uncancellable = True  # 识破 cannot target it (S-CARD-SEE-1 gives way to the skill)
                        self.log(g, uid=use.uid)
                        return
                return


class Bloodthirst(Skill):  # 嗜血
    __slots__ = ()
    character = "standard.dao_feng"
    skill_id = "C-DAO_FENG-2"
    listens = ("dying",)
    draws: ClassVar[int] = DRAW
    after_rescue: ClassVar[bool] = False
    """000: not once the dying player has been rescued (she has not died, A-30); 004: 「即使死亡的玩家被拯救，仍可觸發此技能」."""

    def recipients(self, g: Game, dying: int) -> list[int]:
        """Who may get the card (000: any player in the game, himself included)."""
        return [s.index for s in g.seats if s.in_game]

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        victim = data["seat"]
        return (
            victim != self.owner
            and self.active(g)
            and self.owner not in g.dying
            and (self.after_rescue or still_dying(g, victim))
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use, {"dying": data["seat"]})

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind != SKILL:
            return
        self.log(g)
        g.draw(self.owner, self.draws)
        if not g.seats[self.owner].hand:
            return
        seats = self.recipients(g, data["dying"])
        if len(seats) == 1:
            self._to(g, seats[0])
        else:
            self.choose_seat(g, seats, self._seat)

    def _seat(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        self._to(g, option.target)

    def _to(self, g: Game, seat: int) -> None:
        if seat != self.owner:  # giving it to himself leaves the card where it is
            self.choose_hand_card(g, g.seats[self.owner].hand, self._give, {"to": seat})

    def _give(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        give_card(g, self.owner, data["to"], option.card)


class LeftHandBloodthirst(Bloodthirst):  # 004, the third printed skill
    __slots__ = ()
    skill_id = "C-DAO_FENG-3"
    draws = 2
    after_rescue = True

    def recipients(self, g: Game, dying: int) -> list[int]:
        return [previous_in_game(g, dying)]  # his left-hand neighbour: the nearest clockwise still in the game


class DaoFengMission(Mission):
    __slots__ = ()
    character = "standard.dao_feng"

    def mission_met(self, g: Game) -> bool:
        return g.seats[self.owner].in_game and is_dead_with(g, UNDERGROUND) and is_dead_with(g, MILITARY_INTEL)


class DaoFengMission004(Mission):  # 004: 潜伏战线 wiped out
    __slots__ = ()
    character = "standard.dao_feng"

    def mission_met(self, g: Game) -> bool:
        return g.seats[self.owner].in_game and wiped_out(g, UNDERGROUND)


CHARACTER = CharacterDef("standard.dao_feng", rules=(DrawnSword, Bloodthirst, DaoFengMission))
TEXT_SETS = {
    "004": CharacterDef("standard.dao_feng", rules=(Unstoppable, ProbeAsLock, LeftHandBloodthirst, DaoFengMission004)),
}


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
