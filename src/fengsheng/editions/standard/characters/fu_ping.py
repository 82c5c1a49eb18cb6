"""浮萍 Duckweed — hidden (A-51), female; supplement (standard-characters.md §C S6).

* C-FU_PING-1 先机 (flip, any time): flip this character: take two cards blind from another player's hand (all he
  has if fewer, S-TERM-12), then he draws 2. No timing is printed, so she may flip in any window where she holds
  priority (S-CHAR-1, S-CHAR-3); the flip is the cost, the effect resolves from the stack (like 闪灵, EX-1). The
  target is named when the skill is used; if he has left the game by then, nothing happens. 000's 「他抽二张牌」 is
  used (001 has one card).
* C-FU_PING-2 后着 (death trigger, face up, optional): when you die, you may look at another player's hand (a private
  event for the two of them), then place one of those cards in front of a player. Only while face up (S-DEATH-6).
  It resolves before the identity is revealed (S-DEATH-5). Not once 礼服蒙面人 has rescued her (she has not died,
  A-30). The card comes from the other player's hand (A-39
  exception) and may be of any colour; 浮萍 is its source, so she is the killer if it is a fatal false card (A-48).
  Ruling: only a player with cards in hand can be looked at; 「一位玩家」 is any player still in the game, herself
  included (pointless: her cards go to the discard pile, S-DEATH-4).
* Mission: be the second or later player to die (A-76: deaths from one event are numbered in S-TRIG order). It is
  about her own death, so she declares it dead (A-37); face up or down (A-65).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Mission, Skill, still_dying, take_blind
from fengsheng.core.events import HandInspected

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

TAKES = 2
DRAWS = 2


class HeadStart(Skill):  # 先机
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = "standard.fu_ping"
    skill_id = "C-FU_PING-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g):
            return []
        return [self.option(target=s.index) for s in g.seats if s.in_game and s.index != seat]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the cost
        self.log(g, target=option.target)
        return g.new_use(self.owner, self.key, target=option.target)

    def resolve(self, g: Game, use: Use) -> None:
        target = use.target
        if not g.seats[target].in_game:
            return
        for _ in range(TAKES):
            take_blind(g, self.owner, target)
        g.draw(target, DRAWS)


class PartingMove(Skill):  # 后着
    __slots__ = ()
    character = "standard.fu_ping"
    skill_id = "C-FU_PING-2"
    listens = ("dying",)

    def _others(self, g: Game) -> list[int]:
        return [s.index for s in g.seats if s.in_game and s.index != self.owner and s.hand]

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        # not once she has been rescued (she has not died)
        return data["seat"] == self.owner and still_dying(g, self.owner) and self.active(g) and bool(self._others(g))

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.choose_seat(g, self._others(g), self._look, optional=True)

    def _look(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        t = option.target
        if t < 0:
            return
        hand = list(g.seats[t].hand)
        self.log(g, target=t)
        g.emit(HandInspected(self.owner, t, hand, (self.owner, t)))
        self.choose_hand_card(g, hand, self._card, {"from": t})

    def _card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        to = [s.index for s in g.seats if s.in_game]
        self.choose_seat(g, to, self._place, {**data, "card": option.card})

    def _place(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        g.seats[data["from"]].hand.remove(data["card"])
        g.obtain(option.target, data["card"], source=self.owner, how="skill")


class FuPingMission(Mission):
    __slots__ = ()
    character = "standard.fu_ping"

    def mission_met(self, g: Game) -> bool:
        return self.owner in g.death_order[1:]


CHARACTER = CharacterDef("standard.fu_ping", rules=(HeadStart, PartingMove, FuPingMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, Position, SkillAI  # noqa: E402
from fengsheng.bots.skills import FLIP_COST, best_placed, chosen_card, place_seat  # noqa: E402


def _head_start_gain(pos: Deciding, o: Option, context: str) -> float:
    """先机, in his own play phase: cards taken from a hand, the more so from an enemy's."""
    t = o.target
    if t < 0 or context != "play" or pos.view.get("current") != pos.seat:
        return -1.0
    hand: int = pos.view["seats"][t]["hand_count"]
    return 0.3 * min(2, hand) - 0.3 * pos.care[t] - FLIP_COST


def _parting_seat(pos: Position, skill_id: str, seat: int) -> float:
    """后着: whose hand to look at (an enemy with many cards), then where to place the card taken."""
    if chosen_card(pos, skill_id) is None:
        return -pos.care[seat] + 0.1 * float(pos.view["seats"][seat]["hand_count"])
    return place_seat(pos, skill_id, seat)


def _parting_card(pos: Deciding, skill_id: str, chooses: list[Option], pass_opt: Option | None) -> Option:
    return best_placed(pos, chooses)


def _death_wins(pos: Position) -> bool:
    return bool(pos.view.get("death_order") or [])  # the second or later to die


AI = CharacterAI(
    rank=38,
    death_wins=_death_wins,
    skills={
        HeadStart: SkillAI(gain=_head_start_gain),
        PartingMove: SkillAI(seat=_parting_seat, card=_parting_card),
    },
)
