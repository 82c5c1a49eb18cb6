"""黑玫瑰 Black Rose — hidden, female (qianzhi.md §12 no. 22).

* QC-HEI_MEI_GUI-1 血染玫瑰 (flip): 「在你的出牌階段，翻開此角色牌，指定一位玩家，然後展示牌庫頂的第一張牌，若那張牌是黑色，
  你可以在他面前放置最多三張黑情報，否則你只能放置一張」. Only in the play window of her own turn (the standard: any
  time), and the player is named when she flips, **before** the reveal (the standard names him after it, A-72). Any
  player in the game, herself included (「一位玩家」, as A-72). The top card is shown to everyone (Q-TERM-3) and stays
  on top. Then, if she has a black card in hand, she is asked privately (the question depends on her hand) whether
  to place (「可以」, R-33: she may place none), and then up to three black cards from her hand if the shown card was
  black, else one, all put down before deaths settle (視為同時). A skill: it resolves at once (Q-PRIO-4).
* Mission: 「親手讓一位獲得了三張或以上紅藍情報的玩家死亡」: she kills (A-48) a player with three or more red/blue
  intelligence in front of him as his death begins, while she is in the game.

Implements: QC-HEI_MEI_GUI-1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Skill, black_in_hand
from fengsheng.core.options import SKILL
from fengsheng.editions.qianzhi.characters._common import KillMission, own_play_phase

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.hei_mei_gui"
MAX_IF_BLACK = 3
MAX_OTHERWISE = 1


class BloodRose(Skill):  # 血染玫瑰
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = CID
    skill_id = "QC-HEI_MEI_GUI-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g) or not own_play_phase(g, seat, window):
            return []
        return [self.option(target=s.index) for s in g.seats if s.in_game]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the flip is the cost
        self.log(g, target=option.target)
        return g.new_use(self.owner, self.key, target=option.target)

    def resolve(self, g: Game, use: Use) -> None:
        top = g.reveal_top(self.owner)  # compulsory, even if she will place nothing
        most = MAX_IF_BLACK if top is not None and g.is_black[top] else MAX_OTHERWISE
        if not g.seats[use.target].in_game or not black_in_hand(g, self.owner):
            self.idle(g)
            return
        self.offer(g, self._place, {"target": use.target, "most": most, "cards": []}, private=True)

    def _place(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind == SKILL:
            self.ask_black_cards(g, data)  # the first card once she said yes, then she may stop


class HeiMeiGuiMission(KillMission):
    __slots__ = ()
    character = CID

    def victim_fits(self, g: Game, victim: int) -> bool:
        return sum(1 for c in g.seats[victim].intel if not g.is_black[c]) >= 3


CHARACTER = CharacterDef(CID, rules=(BloodRose, HeiMeiGuiMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import FLIP_COST, more_false_on_enemy  # noqa: E402
from fengsheng.core.cards import BLACK  # noqa: E402


def _blood_rose_gain(pos: Deciding, o: Option, context: str) -> float:
    """血染玫瑰, in her own play phase: the seat named at the flip gets (at least) one false intelligence from her
    hand; worth it on an enemy, less the black card spent."""
    t = o.target
    if t < 0 or context != "play" or pos.view.get("current") != pos.seat:
        return -1.0
    blacks = [c for c in pos.hand if pos.colour(c) == BLACK]
    if not blacks:
        return -1.0
    return pos.value(t, BLACK) - min(pos.keep(c) for c in blacks) - FLIP_COST


AI = CharacterAI(skills={BloodRose: SkillAI(gain=_blood_rose_gain, card=more_false_on_enemy)})
