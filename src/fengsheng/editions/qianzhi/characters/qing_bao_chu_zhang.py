"""情報處長 Intelligence Chief — ordinary, male (qianzhi.md §12 no. 1). Different from the standard 情报处长.

* QC-QING_BAO_CHU_ZHANG-1 隔牆有耳: 「當你成功試探一位玩家時，你可以抽二張牌，然後選擇一張手牌放回牌庫頂」: only his own
  試探 that takes effect (「你成功試探」, Q-TERM-10; the standard skill fires on anyone's), optional; after the draw the
  card back on top is compulsory (face down: only he knows which). It resolves with the other triggers of that 試探 in
  seat order (Q-PRIO-7), before the answer.
* QC-QING_BAO_CHU_ZHANG-2 偷龍轉鳳: 「當情報傳遞到你面前時，你可以丟棄一張手牌，然後將該情報與牌庫頂的第一張牌調換」: a Step-2
  action of the player the card reached (「情報傳遞到你面前時」, R-20), face up, with a card in hand. The discard is the
  cost (face up); then the card in transit and the top card of the deck change places unseen (R-42): the old card
  lies on top of the deck, the new one goes on **face down** with the method of the pass under way and nobody knows
  it (whoever knew the old card knows what lies on the deck). With the deck and the discard pile both empty nothing
  changes. A skill: it resolves at once (Q-PRIO-4); he then decides, as the holder, whether to accept.
* Mission: 「獲得三張或以上的紅色情報」.

Implements: QC-QING_BAO_CHU_ZHANG-1, QC-QING_BAO_CHU_ZHANG-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Skill
from fengsheng.core.events import TransitToDeck
from fengsheng.core.options import SKILL
from fengsheng.editions.qianzhi.characters._common import reaches_you
from fengsheng.editions.qianzhi.characters.ying_han import YingHanMission

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.qing_bao_chu_zhang"
DRAW = 2


class WallsHaveEars(Skill):  # 隔牆有耳
    __slots__ = ()
    character = CID
    skill_id = "QC-QING_BAO_CHU_ZHANG-1"
    listens = ("probe",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["user"] == self.owner and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use)

    def _use(self, g: Game, option: Option, data: Any) -> None:
        if option.kind != SKILL:
            return
        self.log(g)
        self.draw_and_put_back(g, DRAW)


class Switcheroo(Skill):  # 偷龍轉鳳
    __slots__ = ()
    face = True  # its actions need Skill.active (face up)
    character = CID
    skill_id = "QC-QING_BAO_CHU_ZHANG-2"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.active(g) or not reaches_you(g, seat, window):
            return []
        return [self.option(ref=c) for c in g.seats[seat].hand]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        return self.use_paying(g, option.ref)  # the cost: a card of his hand

    def resolve(self, g: Game, use: Use) -> None:
        p = g.passing
        if p is None or p.finished:
            return
        got = g.take_from_deck(1)
        if not got:
            return
        old = p.card
        p.card = got[0]
        p.face_up = False  # the new card goes on face down, unseen
        p.seen = []
        g.deck.append(old)
        g.emit(TransitToDeck(self.owner))


class QingBaoChuZhangMission(YingHanMission):  # three red intelligence
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(WallsHaveEars, Switcheroo, QingBaoChuZhangMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import give_least_useful  # noqa: E402
from fengsheng.core.cards import RED  # noqa: E402


def _switch_gain(pos: Deciding, o: Option, context: str) -> float:
    """偷龍轉鳳, with the card in front of him: a card of the hand (``o.ref``) to change it for the unseen top of the
    deck (face down): worth it when what lies there is bad for him and passing it on does not help (locked, his own
    card back, a third false intelligence)."""
    tr = pos.transit()
    if tr is None or o.ref < 0 or tr.get("holder") != pos.seat:
        return -1.0
    return pos.receive_value(pos.unseen_colours(), face_up=False) - pos.receive_value() - pos.keep(o.ref)


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(
    rank=36,
    mission_intel=(RED, 3),
    skills={WallsHaveEars: SkillAI(offer=True, card=give_least_useful), Switcheroo: SkillAI(gain=_switch_gain)},
)
"""001's 情報處長: 隔牆有耳 always (two cards for one put back: the least useful); 偷龍轉鳳 to escape a bad card."""
