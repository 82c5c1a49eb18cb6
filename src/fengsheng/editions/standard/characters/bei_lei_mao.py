"""贝雷帽 Beret — public, male (standard-characters.md §B17; the 000 texts, not 004's, A-45).

* C-BEI_LEI_MAO-1 换日: your black cards in hand may be used as 锁定. The card is a full 锁定 (A-61): his own turn
  only, in the play phase and his Step-1 windows (A-3), cancellable by 识破, it triggers 「被锁定」 skills, and it keeps
  its colour.
* C-BEI_LEI_MAO-2 偷天 (trigger, face up, optional): when a player obtains false intelligence you sent, you may put
  one true (red or blue) intelligence in front of him into any player's hand.
  * Sent intelligence only (S-TERM-4): accepted, forced by a lock, or intercepted (A-47); not 真伪莫辨, not a skill's
    placement, and not his own card coming back to him (A-47).
  * He picks the card (A-38) and the player: anyone still in the game, himself and that player included (「任意一位
    玩家」). The card leaves the table (``g.intel_to_hand``): it is no longer intelligence.
  * Death is immediate (S-DEATH-3): if the false card kills the player, his cards are already discarded and nothing
    happens.
* Mission: hold three red cards and three blue cards in your hand. A ``live_condition``: the hand changes with no
  intelligence settling, so windows check it live (``Game.can_declare_now``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Mission, Skill, count_colour, sent_by
from fengsheng.core.cards import BLUE, LOCK, RED

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.game import Game

THREE = 3


class SwitchTheSun(Skill):  # 换日
    __slots__ = ()
    character = "standard.bei_lei_mao"
    skill_id = "C-BEI_LEI_MAO-1"

    def card_uses(self, g: Game, card: int) -> tuple[str, ...]:
        return (LOCK,) if g.is_black[card] and self.active(g) else ()


class StealTheSky(Skill):  # 偷天
    __slots__ = ()
    character = "standard.bei_lei_mao"
    skill_id = "C-BEI_LEI_MAO-2"
    listens = ("obtained",)

    def true_intel(self, g: Game, seat: int) -> list[tuple[int, int]]:
        return [(seat, c) for c in g.seats[seat].intel if not g.is_black[c]]

    def wants(self, g: Game, kind: str, data: dict[str, Any]) -> bool:
        target = data["seat"]
        return (
            target != self.owner
            and sent_by(g, data, self.owner)
            and g.is_black[data["card"]]
            and g.seats[target].in_game
            and bool(self.true_intel(g, target))
            and self.active(g)
        )

    def fire(self, g: Game, kind: str, data: dict[str, Any]) -> None:
        self.choose_intel(g, self.true_intel(g, data["seat"]), self._card, optional=True)

    def _card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.ref < 0:
            return
        seats = [s.index for s in g.seats if s.in_game]
        self.choose_seat(g, seats, self._give, {"from": option.target, "card": option.ref})

    def _give(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        self.log(g, target=data["from"], card=data["card"], to=option.target)
        g.intel_to_hand(data["from"], data["card"], option.target, by=self.owner)


class BeiLeiMaoMission(Mission):
    __slots__ = ()
    character = "standard.bei_lei_mao"
    live_condition = True  # on the hand: it changes with draws and cards used, with no intelligence settling

    def mission_met(self, g: Game) -> bool:
        hand = g.seats[self.owner].hand
        return count_colour(g, hand, RED) >= THREE and count_colour(g, hand, BLUE) >= THREE


CHARACTER = CharacterDef("standard.bei_lei_mao", rules=(SwitchTheSun, StealTheSky, BeiLeiMaoMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, SkillAI  # noqa: E402
from fengsheng.bots.skills import help_seat  # noqa: E402

AI = CharacterAI(rank=33, skills={StealTheSky: SkillAI(seat=help_seat)})  # 偷天: the card goes to a friend
