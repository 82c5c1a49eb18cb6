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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import BYSTANDER, CharacterDef, FlipAndDraw, Mission, Skill, count_colour, still_dying
from fengsheng.core.cards import RED
from fengsheng.core.events import Event
from fengsheng.core.options import SKILL

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.game import Game

THREE = 3


class Ruse(FlipAndDraw):  # 就计
    __slots__ = ()
    character = "standard.lao_gui"
    skill_id = "C-LAO_GUI-1"
    listens = ("probed", "locked")


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

    def wants(self, g: Game, kind: str, data: dict[str, Any]) -> bool:
        return (
            data["seat"] == self.owner
            and self.active(g)
            and bool(g.seats[self.owner].hand)
            and still_dying(g, self.owner)
        )

    def fire(self, g: Game, kind: str, data: dict[str, Any]) -> None:
        self.offer(g, self._use)

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind == SKILL:
            others = [s.index for s in g.seats if s.in_game and s.index != self.owner]
            if others:
                self.choose_seat(g, others, self._give)

    def _give(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        receiver = option.target
        hand = g.seats[self.owner].hand
        picked = g.rng.sample(hand, min(THREE, len(hand)))  # he picks three blind: at random
        self.log(g, target=receiver, count=len(picked))
        for c in picked:
            hand.remove(c)
            g.obtain(receiver, c, source=self.owner, how="skill")


class LaoGuiMission(Mission):
    __slots__ = ("met",)
    character = "standard.lao_gui"
    listens = ("dying",)

    def __init__(self, owner: int) -> None:
        super().__init__(owner)
        self.met = False

    def wants(self, g: Game, kind: str, data: dict[str, Any]) -> bool:
        return data["seat"] == self.owner and g.seats[self.owner].identity == BYSTANDER and still_dying(g, self.owner)

    def fire(self, g: Game, kind: str, data: dict[str, Any]) -> None:
        hand = list(g.seats[self.owner].hand)
        g.events.append(Event("show_hand", {"seat": self.owner, "cards": hand}))
        self.met = count_colour(g, hand, RED) >= THREE

    def mission_met(self, g: Game) -> bool:
        # only once she has died (or while her death resolves); a rescued 老鬼 has not died
        return self.met and (not g.seats[self.owner].alive or still_dying(g, self.owner))


# The mission comes first: the hand is shown before 遗志 gives it away.
CHARACTER = CharacterDef("standard.lao_gui", rules=(LaoGuiMission, Ruse, PokerFace, LastWill))


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
