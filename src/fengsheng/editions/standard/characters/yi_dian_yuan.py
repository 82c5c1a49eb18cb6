"""译电员 Cipher Clerk — hidden, female (standard-characters.md §A2).

* C-YI_DIAN_YUAN-1 (flip; Step 2): when intelligence reaches you, you may flip this character: draw 1, then look at
  the intelligence (检视) before you decide. Offered in the Step-2 window of a card that has reached her (she is the
  holder), as an action on the stack like other flips. Order: draw, then inspect (000, A-71, not 004's order). It is
  a skill, not 破译: 识破 cannot cancel it (S-CHAR-6) and it does not trigger her second skill.
* C-YI_DIAN_YUAN-2 (trigger, face up, optional): when intelligence is decoded, you may cover this character. Any
  successful 破译 card, by anyone, in any turn, on any method (文本 included), her own included (A-71): the
  ``decoded`` event. Covered, she is face down again and may flip with skill 1 later.
* Mission: obtain three or more blue intelligence.

Ruling (not covered by an A-item): if the card is no longer with her when the flip resolves (nothing in the
standard game can move it during the Step-2 window, but a skill might), she still draws and inspects nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Mission, Skill, count_colour
from fengsheng.core.cards import BLUE
from fengsheng.core.options import SKILL
from fengsheng.core.state import W_STEP2

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

THREE = 3


def _reached(g: Game, seat: int) -> bool:
    """The intelligence in transit has reached ``seat`` (he is its holder in Step 2)."""
    p = g.passing
    return p is not None and not p.finished and p.step == W_STEP2 and p.holder == seat


class Decipher(Skill):
    __slots__ = ()
    character = "standard.yi_dian_yuan"
    skill_id = "C-YI_DIAN_YUAN-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or window.kind != W_STEP2 or not self.can_flip(g) or not _reached(g, seat):
            return []
        return [self.option()]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the flip is the cost
        self.log(g)
        return g.new_use(self.owner, self.key)

    def resolve(self, g: Game, use: Use) -> None:
        g.draw(self.owner, 1)  # draw first ...
        if _reached(g, self.owner):
            g.inspect_transit(self.owner)  # ... then inspect (only she sees it; not a 破译: no ``decoded`` event)


class Blown(Skill):
    __slots__ = ()
    character = "standard.yi_dian_yuan"
    skill_id = "C-YI_DIAN_YUAN-2"
    listens = ("decoded",)

    def wants(self, g: Game, kind: str, data: dict[str, Any]) -> bool:
        return self.active(g)

    def fire(self, g: Game, kind: str, data: dict[str, Any]) -> None:
        self.offer(g, self._answer)

    def _answer(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind == SKILL and self.active(g):
            self.log(g)
            g.cover(self.owner)


class YiDianYuanMission(Mission):
    __slots__ = ()
    character = "standard.yi_dian_yuan"

    def mission_met(self, g: Game) -> bool:
        return count_colour(g, g.seats[self.owner].intel, BLUE) >= THREE


CHARACTER = CharacterDef("standard.yi_dian_yuan", rules=(Decipher, Blown, YiDianYuanMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import FLIP_COST  # noqa: E402
from fengsheng.core.cards import DECODE  # noqa: E402


def _decipher_gain(pos: Deciding, o: Option, context: str) -> float:
    """The flip that reads the card reaching him: a 破译, and a card more."""
    tr = pos.transit()
    if tr is None or tr.get("holder") != pos.seat or tr.get("card") is not None:
        return -1.0
    return pos.card_gain(DECODE, context) + 0.4 - FLIP_COST


AI = CharacterAI(
    rank=37,
    mission_intel=(BLUE, 3),
    skills={Decipher: SkillAI(gain=_decipher_gain), Blown: SkillAI(offer=False)},
)
