"""峨嵋风 Emei Wind — hidden, male (standard-characters.md §A6).

* C-E_MEI_FENG-1 (flip; any time): flip this character: it counts as using 截获.
  * He may flip in any window where he holds priority, in anyone's turn (000「可以在任意人回合翻开角色牌」), never in
    Step 3. The flip is the cost, paid when he uses the skill.
  * The 截获 effect happens only where a 截获 card would be legal (A-46): a Step-1 window of another player's turn
    while the intelligence is in transit (S-CARD-INTERCEPT-1/2, A-67). There the use goes on the stack and joins the
    LIFO chain of 截获 (A-5): the last one to resolve first takes the card, earlier ones have lost it. Like the card,
    it ignores locks, 调虎离山 and the method (S-PREC-3). Anywhere else the flip has no effect
    (000「你也可以在不需要使用截获时翻开此角色牌，视为无截获效果」) and nothing goes on the stack.
  * It is a skill, so 识破 cannot cancel it (S-CHAR-6; 000「该截获属于角色技能无法被【识破】」).
  * The card he takes stays intelligence sent by its sender (``how="intercept"``, A-47).
* C-E_MEI_FENG-2 (trigger, face up, optional): when another player obtains false intelligence you sent, you may burn
  one false intelligence in front of yourself or of a woman (S-CHAR-7, A-41). "Sent" as in A-47: accepted, forced or
  intercepted, never his own card coming back to him. It cannot save anyone who already has three false
  intelligence (000, A-60): a player being killed is not a valid target.
* Mission: obtain three or more blue intelligence.

Text set 004 (seed 004, A-45; where the spec and the seed disagree, the seed is followed):

* C-E_MEI_FENG-1: 004「可在自家回合或他家回合宣告傳遞情報時，翻開此張角色卡，視為截獲」,
  「此截獲技能為角色技能，將無法被識破」: he may flip **only while intelligence is being passed**, in a Step-1 window
  (「宣告傳遞情報時」 is Step 1 of every transit, A-79), in anyone's turn (000: at any time, in any window). The effect
  is A-46's: a 截获 in another player's turn; in his own turn the flip has no effect (「自家回合或他家回合」 says when
  he may flip, as 000's 「任意人回合」 does).
* C-E_MEI_FENG-2: 004「當任一玩家獲得你傳出的假情報時，你可燒毀自己或1位女性面前的1張假情報」,
  「若某女性因獲得此傳出的假情報而死亡時，你將無法使用燒毀技能拯救」, 「當自家傳出的假情報返回自家手中時，
  不能觸發此技能」: the same rule as 000 (「任一玩家」, but not his own card coming back).
* Mission: 004「獲得3張以上的藍色情報」, as 000.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.cards.base import fail
from fengsheng.characters.base import CharacterDef, Mission, Skill, black_count, count_colour, sent_by
from fengsheng.core.cards import BLUE
from fengsheng.core.state import W_STEP1

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

THREE = 3


def intercept_legal(g: Game, seat: int, window: Window) -> bool:
    """Where a 截获 card would be legal for ``seat`` (S-CARD-INTERCEPT-1/2, A-46, A-67)."""
    p = g.passing
    return window.kind == W_STEP1 and seat != g.current and p is not None and not p.finished


class Intercept(Skill):
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = "standard.e_mei_feng"
    skill_id = "C-E_MEI_FENG-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g):
            return []
        return [self.option()]

    def play(self, g: Game, option: Option, window: Window) -> Use | None:
        g.flip(self.owner)  # the cost
        effective = intercept_legal(g, self.owner, window)
        self.log(g)
        if not effective:
            return None  # a flip without effect
        return g.new_use(self.owner, self.key)

    def resolve(self, g: Game, use: Use) -> None:
        p = g.passing
        if p is None or p.finished:
            fail(g, use, "card_gone")  # a later 截获 resolved first and took it
            return
        g.take_transit(self.owner, "intercept")


class InterceptInTransit(Intercept):  # 004: only while intelligence is being passed (Step 1)
    __slots__ = ()

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        p = g.passing
        if window.kind != W_STEP1 or p is None or p.finished:
            return []
        return super().actions(g, seat, window)


class CleanUp(Skill):
    __slots__ = ()
    character = "standard.e_mei_feng"
    skill_id = "C-E_MEI_FENG-2"
    listens = ("obtain",)

    def _choices(self, g: Game) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        for s in g.seats:
            if not s.in_game or s.index in g.dying or black_count(g, s.index) >= THREE:
                continue  # nobody who already has his third false intelligence can be saved
            if s.index == self.owner or s.sex_matches("F"):
                out.extend((s.index, c) for c in s.intel if g.is_black[c])
        return out

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return (
            data["seat"] != self.owner
            and g.is_black[data["card"]]
            and sent_by(g, data, self.owner)
            and self.active(g)
            and bool(self._choices(g))
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.choose_intel(g, self._choices(g), self._burn, optional=True)

    def _burn(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.target >= 0:
            self.log(g, target=option.target)
            g.burn_intel(option.target, option.ref, by=self.owner)


class EMeiFengMission(Mission):
    __slots__ = ()
    character = "standard.e_mei_feng"

    def mission_met(self, g: Game) -> bool:
        return count_colour(g, g.seats[self.owner].intel, BLUE) >= THREE


CHARACTER = CharacterDef("standard.e_mei_feng", rules=(Intercept, CleanUp, EMeiFengMission))
TEXT_SETS = {"004": CharacterDef("standard.e_mei_feng", rules=(InterceptInTransit, CleanUp, EMeiFengMission))}


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import FLIP_COST  # noqa: E402
from fengsheng.core.cards import INTERCEPT  # noqa: E402


def _intercept_gain(pos: Deciding, o: Option, context: str) -> float:
    """The flip that intercepts: a 截获, at the price of the flip."""
    if pos.transit() is None or context != W_STEP1:
        return -1.0
    return pos.card_gain(INTERCEPT, context) - FLIP_COST


AI = CharacterAI(rank=37, mission_intel=(BLUE, 3), skills={Intercept: SkillAI(gain=_intercept_gain)})
