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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Mission, Skill, give_card, women_in_game
from fengsheng.core.cards import LOCK

if TYPE_CHECKING:
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
    listens = ("resolving",)

    def wants(self, g: Game, kind: str, data: dict[str, Any]) -> bool:
        return data["seat"] == self.owner and data["use"] == LOCK and self.active(g)

    def fire(self, g: Game, kind: str, data: dict[str, Any]) -> None:
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
    listens = ("declaring",)

    def wants(self, g: Game, kind: str, data: dict[str, Any]) -> bool:
        return data["seat"] == self.owner and self.active(g) and bool(women_in_game(g, exclude=self.owner))

    def fire(self, g: Game, kind: str, data: dict[str, Any]) -> None:
        self.choose_seat(g, women_in_game(g, exclude=self.owner), self._chosen, data)

    def _chosen(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        self.log(g, target=option.target)
        data["extra"].append(option.target)


class QiBaiMission(Mission):
    __slots__ = ()
    character = "standard.qi_bai"

    def mission_met(self, g: Game) -> bool:
        return sum(1 for c in g.seats[self.owner].intel if not g.is_black[c]) >= NON_FALSE


CHARACTER = CharacterDef("standard.qi_bai", rules=(Keen, Linkage, Gallant, QiBaiMission))


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
