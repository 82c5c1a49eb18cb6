"""黑手 Black Hand — public, male; supplement (standard-characters.md §C S3, A-51).

"Killing" (杀死 / 亲手): the player whose sent intelligence, 真伪莫辨 or skill put the fatal false card in front of
the victim (S-TERM-19, A-48: ``g.killers``); killing yourself never counts (000: 「若你是打酱油的玩家，你不能通过自杀来获胜」).

* C-HEI_SHOU-1 残忍 (conversion, face up): your 文本 cards (调虎离山, 退回, 真伪莫辨) may be used as 锁定: a full lock,
  with the lock's own timing, cancellable by 识破, keeping its colour (A-61).
* C-HEI_SHOU-2 冷血 (face up, optional): if you killed a player this turn, at the end of the turn (whoever's turn it
  is, A-74) you may move one intelligence lying in front of any player into another player's area (not from your
  hand, A-39/A-74). It is obtained by that player with 黑手 as its source, so a fatal false card makes him the
  killer again (A-48). Ruling: once per turn however many players he killed; he picks the card (A-38). The kill is
  remembered per turn on the rule (``kill_turn``).
* C-HEI_SHOU-3 滥杀 (face up, any identity): once you have killed a 打酱油的 player (not yourself), you may declare a
  victory for yourself alone (S-WIN-6). Ruling: the condition stays true after the kill (declare whenever it holds,
  A-35), and he must still be in the game (A-37).
* Mission: kill a female *character* with your own hand (A-41: the character's sex, not the player's). Ruling: the
  character must count as female when the fatal card arrives, i.e. face up, before death reveals it: a face-down
  hidden character has no sex (S-CHAR-3), nor has a covered public one (S-CHAR-4). 小白 (male and female) counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import BYSTANDER, CharacterDef, Mission, Skill
from fengsheng.core.cards import LOCK, TEXT

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game


def killed_by(g: Game, killer: int) -> list[int]:
    """The players ``killer`` killed, in order of death (self-kills excluded, A-48)."""
    return [v for v, k in zip(g.death_order, g.killers, strict=True) if k == killer and v != killer]


class Cruelty(Skill):  # 残忍
    __slots__ = ()
    character = "standard.hei_shou"
    skill_id = "C-HEI_SHOU-1"
    face = True  # its card_uses need Skill.active (face up)
    converts_to = frozenset({LOCK})

    def card_uses(self, g: Game, card: int) -> tuple[str, ...]:
        return (LOCK,) if self.active(g) and g.send_method(self.owner, card) == TEXT else ()


class ColdBlood(Skill):  # 冷血
    __slots__ = ("kill_turn",)
    character = "standard.hei_shou"
    skill_id = "C-HEI_SHOU-2"
    listens = ("died", "turn_end")

    def __init__(self, owner: int) -> None:
        super().__init__(owner)
        self.kill_turn = -1  # the turn in which he last killed a player

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        if kind == "died":
            return bool(data["killer"] == self.owner and data["seat"] != self.owner)
        return self.kill_turn == g.turn and self.active(g) and bool(self._pairs(g))

    def fire(self, g: Game, kind: str, data: Event) -> None:
        if kind == "died":
            self.kill_turn = g.turn
            return
        self.kill_turn = -1  # used or not, once per turn
        self.choose_intel(g, self._pairs(g), self._card, optional=True)

    def _pairs(self, g: Game) -> list[tuple[int, int]]:
        return [(s.index, c) for s in g.seats if s.in_game for c in s.intel]

    def _card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.target < 0:
            return
        to = [s.index for s in g.seats if s.in_game and s.index != option.target]
        self.choose_seat(g, to, self._move, {"from": option.target, "card": option.ref})

    def _move(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        self.log(g, target=option.target, card=data["card"])
        g.move_intel(data["from"], data["card"], option.target, by=self.owner)


class Massacre(Skill):  # 滥杀
    __slots__ = ()
    rule_id = "C-HEI_SHOU-3"
    character = "standard.hei_shou"
    skill_id = "C-HEI_SHOU-3"

    def can_declare(self, g: Game) -> bool:
        return self.active(g) and any(g.seats[v].identity == BYSTANDER for v in killed_by(g, self.owner))

    def winners(self, g: Game) -> list[int]:
        return [self.owner]  # 单独胜利: alone, whatever his identity


class HeiShouMission(Mission):
    __slots__ = ("women",)
    character = "standard.hei_shou"
    listens = ("dying",)

    def __init__(self, owner: int) -> None:
        super().__init__(owner)
        self.women: list[int] = []  # players who were a face-up female character when their death began

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return g.seats[self.owner].identity == BYSTANDER

    def fire(self, g: Game, kind: str, data: Event) -> None:
        # A snapshot as each death begins (a woman rescued by 礼服蒙面人 may die later, covered: A-30).
        s = g.seats[data["seat"]]
        female = s.character is not None and s.face_up and "F" in s.character_sex
        if female and s.index not in self.women:
            self.women.append(s.index)
        elif not female and s.index in self.women:
            self.women.remove(s.index)

    def mission_met(self, g: Game) -> bool:
        return g.seats[self.owner].in_game and any(v in self.women for v in killed_by(g, self.owner))


CHARACTER = CharacterDef("standard.hei_shou", rules=(HeiShouMission, Cruelty, ColdBlood, Massacre))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Position, SkillAI  # noqa: E402
from fengsheng.bots.skills import place_seat, removal  # noqa: E402


def _cold_blood_intel(pos: Position, seat: int, card: int) -> float:
    """冷血: the intelligence whose move gains most, away from ``seat`` and to the best other seat."""
    col = pos.colour(card)
    there = max((pos.value(x, col) for x in range(pos.n) if x != seat and pos.in_game[x]), default=0.0)
    return removal(pos, seat, card) + there


AI = CharacterAI(rank=35, skills={ColdBlood: SkillAI(seat=place_seat, intel=_cold_blood_intel)})
