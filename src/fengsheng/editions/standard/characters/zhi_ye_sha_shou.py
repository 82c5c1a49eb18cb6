"""职业杀手 Professional Killer — public, male (standard-characters.md §B9).

* C-ZHI_YE_SHA_SHOU-1: when a player obtains false intelligence you sent, you may place another false intelligence
  (from your hand, A-39) in front of him. Sent intelligence only: not 真伪莫辨, not skills, not your own card coming
  back to you (A-47). Asked privately: the question depends on his hand (a black card in it); with
  ``Config.uniform_prompts`` he is asked every time, ``continue`` only without a black card.
* C-ZHI_YE_SHA_SHOU-2: your 识破 may be used as 锁定: a full lock, cancellable by 识破, keeping its colour (A-61).
* Mission: kill with your own hand a player who is the second or later to die (S-TERM-19, A-48, A-76); killing
  yourself does not count. He must be in the game to win by it: a dead player wins only through his faction or a
  mission about his own death (A-37).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Mission, Skill, black_in_hand, place_from_hand, sent_by
from fengsheng.core.cards import LOCK, SEE_THROUGH

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game


class DoubleTap(Skill):
    __slots__ = ()
    character = "standard.zhi_ye_sha_shou"
    skill_id = "C-ZHI_YE_SHA_SHOU-1"
    listens = ("obtain",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        target = data["seat"]
        return (
            target != self.owner
            and sent_by(g, data, self.owner)
            and g.is_black[data["card"]]
            and g.seats[target].in_game
            and self.active(g)
            and (g.config.uniform_prompts or bool(black_in_hand(g, self.owner)))
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        black = black_in_hand(g, self.owner)
        if black:  # private: the question depends on his hand
            self.choose_hand_card(g, black, self._place, {"target": data["seat"]}, optional=True, private=True)
        else:
            self.idle(g)

    def _place(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.card >= 0:
            self.log(g, target=data["target"])
            place_from_hand(g, self.owner, data["target"], option.card)


class Disguise(Skill):
    __slots__ = ()
    character = "standard.zhi_ye_sha_shou"
    skill_id = "C-ZHI_YE_SHA_SHOU-2"
    face = True  # its card_uses need Skill.active (face up)
    converts_to = frozenset({LOCK})

    def card_uses(self, g: Game, card: int) -> tuple[str, ...]:
        return (LOCK,) if g.card_type[card] == SEE_THROUGH and self.active(g) else ()


class ZhiYeShaShouMission(Mission):
    __slots__ = ()
    character = "standard.zhi_ye_sha_shou"

    def mission_met(self, g: Game) -> bool:
        return g.seats[self.owner].in_game and any(
            i >= 1 and killer == self.owner and victim != self.owner
            for i, (victim, killer) in enumerate(zip(g.death_order, g.killers, strict=True))
        )


CHARACTER = CharacterDef("standard.zhi_ye_sha_shou", rules=(DoubleTap, Disguise, ZhiYeShaShouMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402


def _double_tap_card(pos: Deciding, skill_id: str, chooses: list[Option], pass_opt: Option | None) -> Option:
    """Another false intelligence on whoever took his: if he is an enemy."""
    victim = pos.last_obtain.get("seat", -1)
    if victim >= 0 and pos.care[victim] < -0.1:
        return chooses[0]
    return pass_opt if pass_opt is not None else chooses[0]


AI = CharacterAI(
    rank=32,
    mission_rel=(-0.6, -0.6, -0.6),  # kill the second (or later) to die
    skills={DoubleTap: SkillAI(card=_double_tap_card)},
)
