"""福爾摩斯 Holmes — ordinary, male (qianzhi.md §12 no. 13). New in 001.

* QC-FU_ER_MO_SI-1 揭露: 「情報傳遞到你時，你可以丟棄一張黑色手牌，然後翻開一張傳遞中的情報，若為黑情報，則抽二張牌」: a
  Step-2 action of the player the card reached (「情報傳遞到你時」, R-20), face up, with a black card in hand. The
  discard is the cost (face up, Q-TERM-11); then the card in transit is turned face up for everyone (翻開, Q-TERM-3:
  a public ``revealed`` event, and the pass goes on face up) and, if it is black, he draws two. R-39: 「一張傳遞中的情報」
  is the card in transit (there is only ever one). A skill: it resolves at once (Q-PRIO-4).
* QC-FU_ER_MO_SI-2 真相: 「當一位玩家使用試探時，先檢視該試探」: compulsory, when another player's 試探 takes effect; he
  inspects its card (only he sees it, Q-TERM-4). It resolves with the other triggers of that 試探 in seat order from
  the current player (Q-PRIO-7; 001's example: in 六姐's turn, 拷問, then 真相, then 老鬼's 就計), before the answer.
  R-39: not on a 試探 he uses himself or is the target of (he sees it anyway).
* Mission: 「獲得三張或以上紅色情報」.

Implements: QC-FU_ER_MO_SI-1, QC-FU_ER_MO_SI-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import CharacterDef, Skill, black_in_hand
from fengsheng.core.events import CardRevealed, Inspected
from fengsheng.editions.qianzhi.characters._common import reaches_you
from fengsheng.editions.qianzhi.characters.ying_han import YingHanMission

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.fu_er_mo_si"
DRAW = 2


class Exposure(Skill):  # 揭露
    __slots__ = ()
    face = True  # its actions need Skill.active (face up)
    character = CID
    skill_id = "QC-FU_ER_MO_SI-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.active(g) or not reaches_you(g, seat, window):
            return []
        return [self.option(ref=c) for c in black_in_hand(g, seat)]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        return self.use_paying(g, option.ref)  # the cost: a card of his hand

    def resolve(self, g: Game, use: Use) -> None:
        p = g.passing
        if p is None or p.finished:
            return
        p.face_up = True
        g.emit(CardRevealed(use.uid, p.card))
        if g.is_black[p.card]:
            g.draw(self.owner, DRAW)


class Truth(Skill):  # 真相
    __slots__ = ()
    character = CID
    skill_id = "QC-FU_ER_MO_SI-2"
    listens = ("probe",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return self.owner not in (data["user"], data["target"]) and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g, target=data["user"])
        g.emit(Inspected(self.owner, data["card"], (self.owner,)))


class FuErMoSiMission(YingHanMission):  # three red intelligence
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(Exposure, Truth, FuErMoSiMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import CARD_DRAWN  # noqa: E402
from fengsheng.core.cards import BLACK, RED  # noqa: E402


def _exposure_gain(pos: Deciding, o: Option, context: str) -> float:
    """揭露, with the card in front of him: a black card of the hand (``o.ref``) to turn it face up for everyone and
    decide on it knowing it, and two cards drawn if it is black."""
    tr = pos.transit()
    if tr is None or o.ref < 0 or tr.get("holder") != pos.seat:
        return -1.0
    dist = pos.transit_colours(tr)
    shown = sum(p * pos.receive_value({col: 1.0}, face_up=True) for col, p in dist.items() if p > 0)
    draws = DRAW * CARD_DRAWN * dist.get(BLACK, 0.0)
    return shown - pos.receive_value() + draws - pos.keep(o.ref)


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(rank=35, mission_intel=(RED, 3), skills={Exposure: SkillAI(gain=_exposure_gain)})
"""揭露 when knowing the card (and the draw on a black one) is worth the black card spent; 真相 needs no decision."""
