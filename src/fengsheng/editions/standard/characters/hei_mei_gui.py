"""黑玫瑰 Black Rose — hidden, female (standard-characters.md §A5).

* C-HEI_MEI_GUI-1 血染玫瑰 (flip; any time): flip this character: show the top card of the deck; if it is black you
  may place up to three false intelligence in front of one player, otherwise only one.
  * No timing is printed, so she may flip in any window where she holds priority, in anyone's turn (S-CHAR-1), never
    in Step 3 (S-PASS-5). The flip is the cost; the effect resolves from the stack, so it can answer a 截获 and kill
    its user before it resolves (EX-2, S-PRIO-10).
  * The reveal is compulsory; the card stays on top of the deck (``g.reveal_top``). An empty deck is refilled from
    the discard pile first; with nothing to show, it counts as not black.
  * The target is chosen **after** the reveal, and may be anyone in the game, herself included (A-72). She may then
    place nothing (000「判定后可以选择不放假情报」).
  * The cards are black cards from her hand (A-39), which she picks; with fewer black cards she places what she has.
    The player and the cards are asked privately (the question depends on her hand); with ``Config.uniform_prompts``
    she is asked after every reveal, ``continue`` only without a black card.
  * Three cards are placed **at once**: all of them are put down first, and only then do deaths settle (the
    ``Settle`` frames that ``obtain`` pushes run after the last placement), so the target dies at once and no window
    opens in which 烧毁 could save him (S-DEATH-3). The killer is 黑玫瑰 (A-48).
  * A pass in progress goes on (S-PASS-11, S-DEATH-7): that is the engine's pass logic.
* Mission: 军情局全灭 (A-27c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import (
    MILITARY_INTEL,
    CharacterDef,
    Mission,
    Skill,
    black_in_hand,
    wiped_out,
)

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

MAX_IF_BLACK = 3
MAX_OTHERWISE = 1


class BloodRose(Skill):  # 血染玫瑰
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = "standard.hei_mei_gui"
    skill_id = "C-HEI_MEI_GUI-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g):
            return []
        return [self.option()]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the flip is the cost
        self.log(g)
        return g.new_use(self.owner, self.key)

    def resolve(self, g: Game, use: Use) -> None:
        top = g.reveal_top(self.owner)  # compulsory, even if she will place nothing
        most = MAX_IF_BLACK if top is not None and g.is_black[top] else MAX_OTHERWISE
        if not black_in_hand(g, self.owner):
            self.idle(g)
            return
        targets = [s.index for s in g.seats if s.in_game]  # anyone, herself included
        # private until she places: the question depends on her hand
        self.choose_seat(g, targets, self._target, {"most": most, "cards": []}, optional=True, private=True)

    def _target(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.target < 0:
            return  # she places nothing
        data["target"] = option.target
        # the first card is compulsory once a target is named; after it she may stop
        self.ask_black_cards(g, data)


class HeiMeiGuiMission(Mission):
    __slots__ = ()
    character = "standard.hei_mei_gui"

    def mission_met(self, g: Game) -> bool:
        return wiped_out(g, MILITARY_INTEL)


CHARACTER = CharacterDef("standard.hei_mei_gui", rules=(BloodRose, HeiMeiGuiMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import FLIP_COST, harm_seat, more_false_on_enemy  # noqa: E402
from fengsheng.core.cards import BLACK  # noqa: E402


def _blood_rose_gain(pos: Deciding, o: Option, context: str) -> float:
    """血染玫瑰: up to three of the black cards in hand as false intelligence on the worst enemy."""
    blacks = [c for c in pos.hand if pos.colour(c) == BLACK]
    if not blacks:
        return -1.0
    best = 0.0
    for s in range(pos.n):
        if not pos.in_game[s] or s == pos.seat:
            continue
        one = pos.value(s, BLACK)
        three = sum(pos.value(s, BLACK, extra=k) for k in range(min(3, len(blacks))))
        best = max(best, 0.62 * one + 0.38 * three)
    return best - FLIP_COST - 0.2 * min(3, len(blacks))


AI = CharacterAI(
    rank=31,
    mission_rel=(-0.1, -1.0, -0.2),  # military intelligence wiped out
    skills={BloodRose: SkillAI(gain=_blood_rose_gain, seat=harm_seat, card=more_false_on_enemy)},
)
