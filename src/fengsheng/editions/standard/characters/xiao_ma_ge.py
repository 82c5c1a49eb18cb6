"""小马哥 Brother Ma — public, male (standard-characters.md §B15).

* C-XIAO_MA_GE-1 (trigger, face up): when you obtain false intelligence sent by another player, draw one card
  (compulsory), then you may place a false intelligence in front of a player.
  * Sent intelligence only (S-TERM-4): accepted, forced on him by a lock, or intercepted by him (the card stays
    "sent by" its sender, A-47). Not 真伪莫辨, not cards placed by a skill, and not his own card coming back to him
    (000「获得自己传出的假情报时不触发该技能」).
  * Death is immediate (S-DEATH-3): if the card is his third false intelligence he dies before the trigger resolves,
    and nothing happens.
  * The placed card is a black card from his hand (A-39), the card just drawn included; he picks it, then the player.
    「一位玩家」 is any player still in the game, himself included (ruling: the text says 一位, not 另一位). He is the
    killer if it is the victim's third false card (A-48).
  * The card and the player are asked privately: the question depends on his hand (a black card in it); with
    ``Config.uniform_prompts`` he is asked after every draw, ``continue`` only without a black card.
* Mission: 军情局全灭 (A-27c: none of the 军情局 players is still in the game, and there was one). He must be in the
  game to win through it: a dead player wins only through his faction or a mission about his own death (A-37).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import (
    MILITARY_INTEL,
    CharacterDef,
    Mission,
    Skill,
    black_in_hand,
    place_from_hand,
    wiped_out,
)

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

SENT = ("accept", "forced", "intercept")  # how sent intelligence is obtained (S-TERM-4)


class HitBack(Skill):
    __slots__ = ()
    character = "standard.xiao_ma_ge"
    skill_id = "C-XIAO_MA_GE-1"
    listens = ("obtain",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return (
            data["seat"] == self.owner
            and g.is_black[data["card"]]
            and data.get("how") in SENT
            and data.get("source", -1) not in (-1, self.owner)
            and self.active(g)
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g)
        g.draw(self.owner, 1)
        black = black_in_hand(g, self.owner)
        if black:  # private: the question depends on his hand
            self.choose_hand_card(g, black, self._card, optional=True, private=True)
        else:
            self.idle(g)

    def _card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.card < 0:
            return
        seats = [s.index for s in g.seats if s.in_game]
        self.choose_seat(g, seats, self._place, {"card": option.card}, private=True)

    def _place(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        self.log(g, target=option.target)
        place_from_hand(g, self.owner, option.target, data["card"])


class XiaoMaGeMission(Mission):
    __slots__ = ()
    character = "standard.xiao_ma_ge"

    def mission_met(self, g: Game) -> bool:
        return g.seats[self.owner].in_game and wiped_out(g, MILITARY_INTEL)


CHARACTER = CharacterDef("standard.xiao_ma_ge", rules=(HitBack, XiaoMaGeMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import any_enemy, place_seat  # noqa: E402


def _hit_back_card(pos: Deciding, skill_id: str, chooses: list[Option], pass_opt: Option | None) -> Option:
    """A black card to place: while there is an enemy for it."""
    if any_enemy(pos, -0.2):
        return chooses[0]
    return pass_opt if pass_opt is not None else chooses[0]


AI = CharacterAI(
    rank=33,
    mission_rel=(-0.1, -1.0, -0.2),  # military intelligence wiped out
    skills={HitBack: SkillAI(seat=place_seat, card=_hit_back_card)},
)
