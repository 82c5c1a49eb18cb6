"""千金小姐 Rich Young Lady — ordinary, female (qianzhi.md §12 no. 16). New in 001.

* QC-QIAN_JIN_XIAO_JIE-1 香氣傳達: 「棄掉一張手牌，你本回合的情報都以直達方式傳遞」: A-95: in her own turn before she sends,
  that is in the play window of her turn (the passing phase begins with the send), face up, once per turn (a second
  use changes nothing). The discard is the cost (face up, Q-TERM-11); from then on, this turn, the card she sends
  goes 直達 to a player she chooses, whatever its stamp (the engine's ``send_method`` reads the permission
  ``SEND_DIRECT``). A skill: it resolves at once (Q-PRIO-4).
* QC-QIAN_JIN_XIAO_JIE-2 心智迷茫: 「當其他玩家使用的調虎離山結算后，將其加入手牌」: compulsory, face up: once another
  player's 調虎離山 **card** has taken effect (a card used as something else, or 蝮蛇's skill that counts as one, is
  not a 調虎離山 card), the card goes into her hand instead of the discard pile (a public move: it was face up;
  R-40). A 調虎離山 that was cancelled or failed did not resolve (Q-TERM-10).
* Mission: 「在你的回合中，有其他玩家宣告勝利」: a co-win (A-36) when another player's declaration stands during her turn,
  while she is in the game.

Implements: QC-QIAN_JIN_XIAO_JIE-1, QC-QIAN_JIN_XIAO_JIE-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import BYSTANDER, CharacterDef, Mission, Skill
from fengsheng.core.cards import LURE_AWAY, SEND_DIRECT
from fengsheng.core.events import UsedCardTaken
from fengsheng.editions.qianzhi.characters._common import own_play_phase
from fengsheng.flow.window import Resolve

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.qian_jin_xiao_jie"


class Fragrance(Skill):  # 香氣傳達
    __slots__ = ("direct_turn",)
    face = True  # its actions need Skill.active (face up)
    character = CID
    skill_id = "QC-QIAN_JIN_XIAO_JIE-1"

    def __init__(self, owner: int) -> None:
        super().__init__(owner)
        self.direct_turn = -1  # the turn whose intelligence she sends 直達

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or self.direct_turn == g.turn or not own_play_phase(g, seat, window):
            return []
        if not self.active(g):
            return []
        return [self.option(ref=c) for c in g.seats[seat].hand]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        return self.use_paying(g, option.ref)  # the cost: a card of his hand

    def resolve(self, g: Game, use: Use) -> None:
        self.direct_turn = g.turn

    def permits(self, g: Game, seat: int, use: str, window: Window) -> bool:
        return use == SEND_DIRECT and seat == self.owner and self.direct_turn == g.turn and g.current == seat


class Bewitched(Skill):  # 心智迷茫
    __slots__ = ()
    character = CID
    skill_id = "QC-QIAN_JIN_XIAO_JIE-2"
    listens = ("lured",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["user"] != self.owner and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        uid = data["uid"]
        for f in reversed(g.frames):
            if isinstance(f, Resolve) and f.use.uid == uid:
                use = f.use
                if use.use != LURE_AWAY or use.card < 0:
                    return  # not a 調虎離山 card (蝮蛇's skill)
                card = use.card
                use.card = -1  # it does not go to the discard pile now
                break
        else:
            card = next((e["card"] for e in reversed(g.events) if e.kind == "use" and e["uid"] == uid), -1)
            if card < 0 or card not in g.discard or g.card_type[card] != LURE_AWAY:
                return
            g.discard.remove(card)
        g.seats[self.owner].hand.append(card)
        self.log(g)
        g.emit(UsedCardTaken(self.owner, card))


class QianJinXiaoJieMission(Mission):
    __slots__ = ()
    character = CID

    def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> tuple[list[int], bool] | None:
        me = g.seats[self.owner]
        if me.identity != BYSTANDER or not me.in_game or declarer == self.owner or g.current != self.owner:
            return None
        return [self.owner], False


CHARACTER = CharacterDef(CID, rules=(Fragrance, Bewitched, QianJinXiaoJieMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.core.state import W_PLAY  # noqa: E402


def _fragrance_gain(pos: Deciding, o: Option, context: str) -> float:
    """香氣傳達, in her own play phase: the card ``o.ref`` discarded so that this turn's send goes 直達 to the seat of
    her choice: the best direct send over the best send as the cards print it, less the card."""
    if o.ref < 0 or context != W_PLAY or pos.view.get("current") != pos.seat:
        return -1.0
    return pos.send_value(direct=True, skip=o.ref) - pos.keep(o.ref) - pos.send_value()


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(rank=32, skills={Fragrance: SkillAI(gain=_fragrance_gain)})
"""香氣傳達 when a direct send is worth a card (the winning card to a friend who would not get it otherwise); 心智迷茫
needs no decision. Her mission (someone else declares in her turn) favours no faction: the generic regard."""
