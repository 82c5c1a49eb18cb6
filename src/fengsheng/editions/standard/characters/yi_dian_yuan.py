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

Text set 004 (seed 004, A-45; where the spec and the seed disagree, the seed is followed):

* C-YI_DIAN_YUAN-1: 004「當情報傳遞到你時，可翻開此張角色卡牌。然後檢視該情報再決定是否接收，並抽取1張卡牌」,
  「此技能為角色技能，將無法被識破」: she inspects **first**, then draws (000 and A-71: draw, then inspect). Ruling: both
  happen when the flip resolves, in the Step-2 window: 「再決定是否接收」 says the decision (Step 3) comes after the
  inspection, and 「並」 joins the draw to the flip's effect, not to the decision. Still not a 破译.
* C-YI_DIAN_YUAN-2: 004「當情報被破譯時，可覆蓋此角色」, 「當任何玩家進行自家回合時使用破譯技能成功時可觸發此技能」:
  read as A-71 reads it (any successful 破译, in any turn; 破译 is never used in its user's own turn, so 「自家回合」
  can only be the turn in progress): the same rule as 000.
* Mission: 004「獲得3張以上的藍色情報」, as 000.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from fengsheng.characters.base import CharacterDef, Mission, Skill, count_colour
from fengsheng.core.cards import BLUE
from fengsheng.core.options import SKILL
from fengsheng.core.state import W_STEP2

if TYPE_CHECKING:
    from fengsheng.core.events import Event
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
    face = False  # its actions need Skill.can_flip (face down)
    character = "standard.yi_dian_yuan"
    skill_id = "C-YI_DIAN_YUAN-1"
    inspect_first: ClassVar[bool] = False
    """000 (A-71): draw, then inspect; 004: inspect, then draw."""

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or window.kind != W_STEP2 or not self.can_flip(g) or not _reached(g, seat):
            return []
        return [self.option()]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the flip is the cost
        self.log(g)
        return g.new_use(self.owner, self.key)

    def resolve(self, g: Game, use: Use) -> None:
        if self.inspect_first:
            self._inspect(g)
        g.draw(self.owner, 1)
        if not self.inspect_first:
            self._inspect(g)

    def _inspect(self, g: Game) -> None:
        if _reached(g, self.owner):
            g.inspect_transit(self.owner)  # only she sees it; not a 破译: no ``decoded`` event


class InspectFirst(Decipher):  # 004: inspect, then draw
    __slots__ = ()
    inspect_first = True


class Blown(Skill):
    __slots__ = ()
    character = "standard.yi_dian_yuan"
    skill_id = "C-YI_DIAN_YUAN-2"
    listens = ("decoded",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
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
TEXT_SETS = {"004": CharacterDef("standard.yi_dian_yuan", rules=(InspectFirst, Blown, YiDianYuanMission))}


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
