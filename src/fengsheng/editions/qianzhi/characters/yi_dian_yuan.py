"""譯電員 Cipher Clerk — hidden, female (qianzhi.md §12 no. 20).

* QC-YI_DIAN_YUAN-1 速譯 (flip): 「情報傳遞時，可以翻開此角色牌，然後檢視一張傳遞中的情報，並抽一張牌」: while intelligence is
  in transit (R-37: the Step-1 and Step-2 windows of any passing phase, whoever holds it; the standard flips only
  when the card reaches her), face down: she flips, inspects the card in transit (only she sees it, Q-TERM-4), then
  draws one (001's order). It is not a 破譯, so it does not trigger 洞悉. A skill: it resolves at once (Q-PRIO-4).
* QC-YI_DIAN_YUAN-2 洞悉: 「當情報被破譯時，蓋伏此角色牌」: compulsory (no 「可」), whenever anyone's 破譯 takes effect,
  while she is face up; covered, she may flip again with 速譯 (Q-CHAR-2).
* Mission: 「獲得三張或以上的藍色情報」.

Implements: QC-YI_DIAN_YUAN-1, QC-YI_DIAN_YUAN-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import CharacterDef, Skill
from fengsheng.core.state import W_STEP1, W_STEP2
from fengsheng.editions.qianzhi.characters.jie_ke import JieKeMission

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.yi_dian_yuan"


class QuickDecode(Skill):  # 速譯
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = CID
    skill_id = "QC-YI_DIAN_YUAN-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        p = g.passing
        if seat != self.owner or window.kind not in (W_STEP1, W_STEP2) or p is None or p.finished:
            return []
        return [self.option()] if self.can_flip(g) else []

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the cost
        self.log(g)
        return g.new_use(self.owner, self.key)

    def resolve(self, g: Game, use: Use) -> None:
        p = g.passing
        if p is not None and not p.finished:
            g.inspect_transit(self.owner)
        g.draw(self.owner, 1)


class Insight(Skill):  # 洞悉
    __slots__ = ()
    character = CID
    skill_id = "QC-YI_DIAN_YUAN-2"
    listens = ("decoded",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g)
        g.cover(self.owner)


class YiDianYuanMission(JieKeMission):  # three blue intelligence
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(QuickDecode, Insight, YiDianYuanMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import CARD_DRAWN, FLIP_COST  # noqa: E402
from fengsheng.core.cards import BLUE  # noqa: E402


def _quick_decode_gain(pos: Deciding, o: Option, context: str) -> float:
    """速譯, with an unseen card in front of her: deciding on it knowing it (as a 破譯) and a card drawn, at the price
    of the flip (洞悉 covers her again at the next 破譯). Elsewhere the sight is worth less than keeping the flip for
    a card that reaches her."""
    tr = pos.transit()
    if tr is None or context != W_STEP2 or tr.get("holder") != pos.seat or tr.get("card") is not None:
        return -1.0
    dist = pos.transit_colours(tr)
    read = sum(p * pos.receive_value({col: 1.0}) for col, p in dist.items() if p > 0)
    return read - pos.receive_value() + CARD_DRAWN - FLIP_COST


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(rank=36, mission_intel=(BLUE, 3), skills={QuickDecode: SkillAI(gain=_quick_decode_gain)})
"""速譯 on a card in front of her that she cannot see; 洞悉 needs no decision."""
