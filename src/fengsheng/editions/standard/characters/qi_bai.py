"""柒佰 Qi Bai — public, male (standard-characters.md §B11).

* C-QI_BAI-1 敏锐: you may use 锁定 in other players' turns (a skill beats the card text, S-PRIO-1), in the windows
  where the current player could lock: that turn's play phase and Step-1 windows (A-59). The lock is a card, so
  识破 can cancel it.
* C-QI_BAI-2 联动 (compulsory): when you use 锁定, draw 2, then give a card from your hand to another player. It
  resolves once the lock has gone unanswered, before the lock takes effect (003's EX-2, A-59).
* C-QI_BAI-3 (compulsory if a woman is present): when you declare victory, choose a woman to win with you. A woman is
  a female player or a face-up female character (S-CHAR-7, A-41); her win is hers alone (S-WIN-5). Only if the
  declaration stands (A-36).
* Mission: obtain five non-false intelligence.

Text set 004 (seed 004, A-45; where the spec and the seed disagree, the seed is followed):

* C-QI_BAI-1: 004「可在他家回合中使用鎖定」, 「此鎖定技能可被識破」: as 000.
* C-QI_BAI-2: 004「使用「鎖定」時，抽取2張卡牌，並須將1張手牌給任一其他玩家」: as 000 (compulsory, 「須」).
* C-QI_BAI-3: 004「當你宣告勝利時，可選擇與另一位女性共同贏得勝利」,
  「玩家所選擇的女性包括女性角色或女性玩家，但不能選擇覆蓋狀態的角色」: **optional** (「可選擇」; 000: compulsory when a
  woman is present). The choice is asked as under 000, with ``pass`` to choose nobody. 「另一位」: not himself (a
  female player holding 柒佰), as under 000.
* Mission: 004「獲得5張非假情報」, as 000.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from fengsheng.characters.base import CharacterDef, Mission, Skill, give_card, women_in_game
from fengsheng.core.cards import LOCK

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

NON_FALSE = 5


class Keen(Skill):  # 敏锐
    __slots__ = ()
    character = "standard.qi_bai"
    skill_id = "C-QI_BAI-1"

    def permits(self, g: Game, seat: int, use: str, window: Window) -> bool:
        return use == LOCK and seat == self.owner and self.active(g)


class Linkage(Skill):  # 联动
    __slots__ = ()
    character = "standard.qi_bai"
    skill_id = "C-QI_BAI-2"
    listens = ("resolve",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.owner and data["use"] == LOCK and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g)
        g.draw(self.owner, 2)
        hand = g.seats[self.owner].hand
        others = [s.index for s in g.seats if s.in_game and s.index != self.owner]
        if hand and others:
            self.choose_hand_card(g, hand, self._card)

    def _card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        others = [s.index for s in g.seats if s.in_game and s.index != self.owner]
        self.choose_seat(g, others, self._give, {"card": option.card})

    def _give(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        give_card(g, self.owner, option.target, data["card"])


class Gallant(Skill):  # a woman wins with him
    __slots__ = ()
    character = "standard.qi_bai"
    skill_id = "C-QI_BAI-3"
    listens = ("declare",)
    optional: ClassVar[bool] = False
    """000: he must choose a woman if there is one; 004: he may choose nobody."""

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.owner and self.active(g) and bool(women_in_game(g, exclude=self.owner))

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.choose_seat(g, women_in_game(g, exclude=self.owner), self._chosen, data, optional=self.optional)

    def _chosen(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.target < 0:
            return  # 004: nobody chosen
        self.log(g, target=option.target)
        declaration = g.declaration()
        assert declaration is not None  # the trigger runs while his declaration resolves
        declaration.add_co_winner(option.target)


class OptionalGallant(Gallant):  # 004: 「可選擇」
    __slots__ = ()
    optional = True


class QiBaiMission(Mission):
    __slots__ = ()
    character = "standard.qi_bai"

    def mission_met(self, g: Game) -> bool:
        return sum(1 for c in g.seats[self.owner].intel if not g.is_black[c]) >= NON_FALSE


CHARACTER = CharacterDef("standard.qi_bai", rules=(Keen, Linkage, Gallant, QiBaiMission))
TEXT_SETS = {"004": CharacterDef("standard.qi_bai", rules=(Keen, Linkage, OptionalGallant, QiBaiMission))}


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, SkillAI  # noqa: E402
from fengsheng.bots.skills import give_least_useful, help_seat  # noqa: E402

AI = CharacterAI(
    rank=34,
    mission_intel=("true", 5),
    skills={Linkage: SkillAI(seat=help_seat, card=give_least_useful), Gallant: SkillAI(seat=help_seat)},
)
