"""議長 Speaker — hidden, male (qianzhi.md §12 no. 28). New in 001.

* QC-YI_ZHANG-1 移花接木 (flip): 「當情報傳遞到你時，你可以翻開此角色牌，然後打出一張手牌替換傳遞的情報」: a Step-2 action of
  the player the card reached (「情報傳遞到你時」, R-20), face down, with a card in hand. He flips and plays a card of
  his hand in place of the card in transit. A-94: the replaced card goes face up to the discard pile; the new card
  goes on face down with the method of the pass under way, and only he knows it (the sender's and decoders'
  knowledge is of the old card). A skill: it resolves at once (Q-PRIO-4); he then decides, as the holder, whether
  to accept it.
* QC-YI_ZHANG-2 金蟬脫殼: 「當玩家使用截獲或掉包時，蓋伏此角色」: A-94: 「掉包」 is 調包. Compulsory, whenever anyone uses a
  截獲 or a 調包 card (as that card type), while he is face up; covered, he may flip again (Q-CHAR-2).
* Mission: 「獲得四張以上的紅情報，或者四張以上的藍情報」: R-41: 「以上」 includes the number (four or more), as 001's other
  missions 「三張或以上」 read.

Implements: QC-YI_ZHANG-1, QC-YI_ZHANG-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import CharacterDef, Mission, Skill, count_colour
from fengsheng.core.cards import BLUE, INTERCEPT, RED, SWAP
from fengsheng.core.events import TransitReplaced
from fengsheng.editions.qianzhi.characters._common import reaches_you

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.yi_zhang"
FOUR = 4


class Graft(Skill):  # 移花接木
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = CID
    skill_id = "QC-YI_ZHANG-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g) or not reaches_you(g, seat, window):
            return []
        return [self.option(ref=c) for c in g.seats[seat].hand]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the cost
        self.log(g)
        return g.new_use(self.owner, self.key, ref=option.ref)

    def resolve(self, g: Game, use: Use) -> None:
        p = g.passing
        hand = g.seats[self.owner].hand
        if p is None or p.finished or use.ref not in hand:
            return
        old = p.card
        hand.remove(use.ref)
        p.card = use.ref
        p.face_up = False  # face down
        p.seen = [self.owner]
        g.discard.append(old)
        g.emit(TransitReplaced(self.owner, use.ref, old, (self.owner,)))


class ShedTheSkin(Skill):  # 金蟬脫殼
    __slots__ = ()
    character = CID
    skill_id = "QC-YI_ZHANG-2"
    listens = ("use",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["use"] in (INTERCEPT, SWAP) and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g)
        g.cover(self.owner)


class YiZhangMission(Mission):
    __slots__ = ()
    character = CID

    def mission_met(self, g: Game) -> bool:
        intel = g.seats[self.owner].intel
        return count_colour(g, intel, RED) >= FOUR or count_colour(g, intel, BLUE) >= FOUR


CHARACTER = CharacterDef(CID, rules=(Graft, ShedTheSkin, YiZhangMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import FLIP_COST  # noqa: E402


def _graft_gain(pos: Deciding, o: Option, context: str) -> float:
    """移花接木, with the card in front of him: the hand card ``o.ref`` in its place (face down, only he knows it),
    then he takes it or passes it on: worth it when the card he puts there is better for him than the one there (a
    card of his colour instead of false intelligence he must take), less the card and the flip."""
    tr = pos.transit()
    if tr is None or o.ref < 0 or tr.get("holder") != pos.seat:
        return -1.0
    mine = pos.receive_value({pos.colour(o.ref): 1.0}, face_up=False)
    return mine - pos.receive_value() - pos.keep(o.ref) - FLIP_COST


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(
    rank=38,
    mission_intel=("true", 4),  # four red or four blue: counted as four red or blue (the closest the table says)
    skills={Graft: SkillAI(gain=_graft_gain)},
)
"""移花接木 to put a card of his choice in the place of a bad one; 金蟬脫殼 needs no decision."""
