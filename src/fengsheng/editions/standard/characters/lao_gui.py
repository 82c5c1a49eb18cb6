"""老鬼 Old Ghost — hidden, female (standard-characters.md §A1).

* C-LAO_GUI-1 就计 (flip, trigger): when you are probed or locked, you may flip this character, then draw 2 (A-44:
  the named 就计 text, optional, probe or lock). Asked privately: being asked would reveal the face-down card.
* C-LAO_GUI-2 城府 (face up): when probed, you may do either action printed on the probe (S-CARD-PROBE-7).
* C-LAO_GUI-3 遗志 (death trigger, face up): when you die you may hand your whole hand face down to a player; he takes
  three at random as intelligence (all if three or fewer). It resolves before the identity is revealed (S-DEATH-5);
  the cards beyond three go to the discard pile with your other cards (A-80).
* Mission: when you die, show your hand: it holds three or more red cards. Shown first, then 遗志 (A-80); a dead
  bystander may still declare through it (A-37).
* A-30: a woman rescued by 礼服蒙面人 has not died: once the rescue has resolved, neither 遗志 nor the mission happens,
  and a mission shown before the rescue no longer counts.

Text set 004 (seed 004, A-45; where the spec and the seed disagree, the seed is followed):

* C-LAO_GUI-1: 004「若被試探時翻開此角色，可從卡牌堆上抽取2張卡牌」: probed only (not locked), optional. Ruling: 「可」
  makes the draw optional, but the flip and the draw stay one choice, asked privately as under 000: declining two
  free cards never helps her.
* C-LAO_GUI-2: 004「被試探時可隱瞞身分」, 「隱瞞身分係指可不根據自家身分作出行動，但仍須做出「試探」卡牌中的所述行動」:
  the same rule as 000.
* C-LAO_GUI-3: 004「死亡時可將全部手牌正面朝下給任何一位玩家，該玩家可從中選擇3張做為情報」, 「若死亡時處於覆蓋狀態，
  將無法觸發此技能」, 「若死亡時手牌不足3張，接收手牌的玩家須全數接收」: the receiver **chooses** the three (000: at
  random). Rulings: he looks at the hand he is given (only he sees it: the options are asked of him alone) and must
  take exactly three, one question each (all of them if she holds three or fewer, without a question); as under 000
  (A-80) the cards he does not take stay with her and go to the discard pile with her other cards.
* Mission: 004「當你死亡時展示手牌，須有4張以上的紅色卡牌」: **four** red cards (000: three).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from fengsheng.characters.base import BYSTANDER, CharacterDef, FlipAndDraw, Mission, Skill, count_colour, still_dying
from fengsheng.core.cards import RED
from fengsheng.core.events import HandShown
from fengsheng.core.options import SKILL

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

THREE = 3


class Ruse(FlipAndDraw):  # 就计
    __slots__ = ()
    character = "standard.lao_gui"
    skill_id = "C-LAO_GUI-1"
    listens: ClassVar[tuple[str, ...]] = ("probe", "locked")


class ProbedRuse(Ruse):  # 004: probed only
    __slots__ = ()
    listens = ("probe",)


class PokerFace(Skill):  # 城府
    __slots__ = ()
    character = "standard.lao_gui"
    skill_id = "C-LAO_GUI-2"

    def may_conceal(self, g: Game, seat: int) -> bool:
        return seat == self.owner and self.active(g)


class LastWill(Skill):  # 遗志
    __slots__ = ()
    character = "standard.lao_gui"
    skill_id = "C-LAO_GUI-3"
    listens = ("dying",)
    receiver_chooses: ClassVar[bool] = False
    """000: the receiver takes three at random; 004: he chooses them."""

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return (
            data["seat"] == self.owner
            and self.active(g)
            and bool(g.seats[self.owner].hand)
            and still_dying(g, self.owner)
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use)

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind == SKILL:
            others = [s.index for s in g.seats if s.in_game and s.index != self.owner]
            if others:
                self.choose_seat(g, others, self._give)

    def _give(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        receiver = option.target
        hand = g.seats[self.owner].hand
        if self.receiver_chooses and len(hand) > THREE:
            self._ask_pick(g, {"receiver": receiver, "picked": []})
        elif self.receiver_chooses:
            self._deliver(g, receiver, list(hand))  # 004: three or fewer, he takes them all
        else:  # 000: he picks three blind, at random (all of them, in a random order, if three or fewer)
            self._deliver(g, receiver, g.rng.sample(hand, min(THREE, len(hand))))

    def _ask_pick(self, g: Game, data: dict[str, Any]) -> None:
        left = [c for c in g.seats[self.owner].hand if c not in data["picked"]]
        self.choose_hand_card(g, left, self._picked, data, seat=data["receiver"])

    def _picked(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        data["picked"].append(option.card)
        if len(data["picked"]) < THREE:
            self._ask_pick(g, data)
        else:
            self._deliver(g, data["receiver"], data["picked"])

    def _deliver(self, g: Game, receiver: int, picked: list[int]) -> None:
        hand = g.seats[self.owner].hand
        self.log(g, target=receiver, count=len(picked))
        for c in picked:
            hand.remove(c)
            g.obtain(receiver, c, source=self.owner, how="skill")


class ChosenLastWill(LastWill):  # 004: the receiver chooses the three
    __slots__ = ()
    receiver_chooses = True


class LaoGuiMission(Mission):
    __slots__ = ("met",)
    character = "standard.lao_gui"
    listens = ("dying",)
    red_needed: ClassVar[int] = THREE

    def __init__(self, owner: int) -> None:
        super().__init__(owner)
        self.met = False

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.owner and g.seats[self.owner].identity == BYSTANDER and still_dying(g, self.owner)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        hand = list(g.seats[self.owner].hand)
        g.emit(HandShown(self.owner, hand))
        self.met = count_colour(g, hand, RED) >= self.red_needed

    def mission_met(self, g: Game) -> bool:
        # only once she has died (or while her death resolves); a rescued 老鬼 has not died
        return self.met and (not g.seats[self.owner].alive or still_dying(g, self.owner))


class LaoGuiMission004(LaoGuiMission):  # 004: four red cards
    __slots__ = ()
    red_needed = 4


# The mission comes first: the hand is shown before 遗志 gives it away.
CHARACTER = CharacterDef("standard.lao_gui", rules=(LaoGuiMission, Ruse, PokerFace, LastWill))
TEXT_SETS = {
    "004": CharacterDef("standard.lao_gui", rules=(LaoGuiMission004, ProbedRuse, PokerFace, ChosenLastWill)),
}


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Position, SkillAI  # noqa: E402


def _last_will_seat(pos: Position, skill_id: str, seat: int) -> float:
    """遗志: three cards of the hand at random become his intelligence: the seat where they are worth most."""
    hand = pos.hand
    if not hand:
        return 0.0
    return sum(pos.value(seat, pos.colour(c)) for c in hand) / len(hand)


def _death_wins(pos: Position) -> bool:
    return sum(1 for c in pos.hand if pos.colour(c) == RED) >= 3  # dies holding three red cards


AI = CharacterAI(rank=37, conceals=True, death_wins=_death_wins, skills={LastWill: SkillAI(seat=_last_will_seat)})
