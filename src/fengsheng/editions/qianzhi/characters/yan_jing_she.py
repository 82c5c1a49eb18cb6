"""眼鏡蛇 Cobra — hidden, male (qianzhi.md §12 no. 25). New in 001.

* QC-YAN_JING_SHE-1 警覺 (flip): 「玩家使用卡牌時，可以翻開此角色卡，然後視為使用了識破」: A-99: in a window where a card is
  waiting to resolve (the 識破 window, A-84), face down, he flips and it counts as a 識破 on one pending **card** (not
  a skill, and not a use that cannot be seen through): that card is cancelled. As a skill it cannot be answered
  (Q-PRIO-4), so it takes effect at once; a card it cancels triggers 「被識破」 skills (老金's 棄卒保帥) as a 識破 does.
* QC-YAN_JING_SHE-2 掩護: 「你可以獲得玩家面前的一張黑情報，然後蓋伏此角色牌」: no timing (any window where he holds
  priority), face up: he takes one black intelligence from in front of another player in the game into **his own**
  intelligence (A-99, A-93: 獲得 in the glossary's meaning), then covers. The card is obtained from a skill, with
  himself as its source: if it is his third black card he dies of it (and is not covered). Covered, he may flip
  again with 警覺 (Q-CHAR-2).
* Mission: 「手牌集齊四張鎖定」: four 鎖定 cards in his hand, checked live.

Implements: QC-YAN_JING_SHE-1, QC-YAN_JING_SHE-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.cards.base import fail
from fengsheng.characters.base import CharacterDef, Mission, Skill
from fengsheng.core.cards import LOCK
from fengsheng.core.events import PUBLIC, Cancelled
from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.game import Game

CID = "qianzhi.yan_jing_she"
LOCKS = 4


class Alert(Skill):  # 警覺: a 識破 on a pending card
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = CID
    skill_id = "QC-YAN_JING_SHE-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g):
            return []
        return [self.option(ref=u.uid) for u in window.stack if u.card >= 0 and not u.uncancellable and not u.cancelled]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the cost
        self.log(g, uid=option.ref)
        return g.new_use(self.owner, self.key, ref=option.ref)

    def resolve(self, g: Game, use: Use) -> None:
        for f in reversed(g.frames):
            if isinstance(f, Window):
                for u in f.stack:
                    if u.uid == use.ref and not u.cancelled:
                        u.cancelled = True
                        g.emit(Cancelled(u.uid, self.owner, u.use, u.user, u.card, (u.user,) if u.hidden else PUBLIC))
                        return
        fail(g, use, "target_gone")


class Cover(Skill):  # 掩護
    __slots__ = ()
    face = True  # its actions need Skill.active (face up)
    character = CID
    skill_id = "QC-YAN_JING_SHE-2"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.active(g):
            return []
        return [
            self.option(target=s.index, ref=c)
            for s in g.seats
            if s.in_game and s.index != seat
            for c in s.intel
            if g.is_black[c]
        ]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        self.log(g, target=option.target, card=option.ref)
        return g.new_use(self.owner, self.key, target=option.target, ref=option.ref)

    def resolve(self, g: Game, use: Use) -> None:
        s = g.seats[use.target]
        if not s.in_game or use.ref not in s.intel:
            fail(g, use, "target_gone")
            return
        g.later(self._cover)  # once the card has settled: a third black card kills him first
        g.move_intel(use.target, use.ref, self.owner, by=self.owner)

    def _cover(self, g: Game, data: object) -> None:
        if self.active(g):
            g.cover(self.owner)


class YanJingSheMission(Mission):
    __slots__ = ()
    character = CID
    live_condition = True  # on the hand

    def mission_met(self, g: Game) -> bool:
        return sum(1 for c in g.seats[self.owner].hand if g.card_type[c] == LOCK) >= LOCKS


CHARACTER = CharacterDef(CID, rules=(Alert, Cover, YanJingSheMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import FLIP_COST, removal  # noqa: E402
from fengsheng.core.cards import BLACK, SEE_THROUGH  # noqa: E402


def _alert_gain(pos: Deciding, o: Option, context: str) -> float:
    """警覺: a 識破 on the pending card ``o.ref``, as the bot values a 識破 card (cancelling what is worst for it)."""
    return pos.card_gain(SEE_THROUGH, context, ref=o.ref) - FLIP_COST


def _cover_gain(pos: Deciding, o: Option, context: str) -> float:
    """掩護: a black intelligence taken from in front of another seat into his own (worth it to save a friend, at
    the price of a false intelligence for himself), then covered."""
    if o.target < 0 or o.ref < 0:
        return -1.0
    return removal(pos, o.target, o.ref) + pos.value(pos.seat, BLACK) - FLIP_COST


AI = CharacterAI(skills={Alert: SkillAI(gain=_alert_gain), Cover: SkillAI(gain=_cover_gain)})
