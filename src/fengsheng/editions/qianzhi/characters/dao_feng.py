"""刀鋒 Blade — ordinary, male (qianzhi.md §12 no. 5). Different from the standard 刀锋 (whose 亮剑 turns 试探/退回
into locks and whose 嗜血 draws four and gives one).

* QC-DAO_FENG-1 亮劍: 「在你的出牌階段，指定一位玩家被鎖定。一回合只能使用一次」: an action in the play window of his own
  turn, once per turn; no card is used. Rulings (R-30): the player named is another player in the game (a 鎖定 names
  「另一位玩家」; being locked yourself only takes away your own choice); he is locked exactly as by a 鎖定 (he must
  accept this turn's intelligence when it reaches him, a lock beats an earlier 調虎離山, and 「被鎖定」 skills such as
  就計 fire), but it is not a 鎖定 card: 識破 has nothing to target, 柒佰's 「成功使用鎖定」 does not apply. As a skill it
  cannot be answered and resolves at once (Q-PRIO-4).
* QC-DAO_FENG-2 嗜血: 「當另一位玩家死亡時，你可以抽三牌」: optional, when another player's death begins; not for a
  player already rescued, nor while 刀鋒 is dying himself (as the standard 嗜血, A-30).
* Mission: 「一位潛伏戰線玩家和一位軍情處玩家死亡」, while he is in the game (A-37).

Implements: QC-DAO_FENG-1, QC-DAO_FENG-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Skill, still_dying
from fengsheng.core.cards import LOCK
from fengsheng.core.options import SKILL
from fengsheng.editions.qianzhi.characters._common import own_play_phase
from fengsheng.editions.standard.characters import dao_feng as std
from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.game import Game

CID = "qianzhi.dao_feng"
DRAW = 3


class DrawnSword(Skill):  # 亮劍
    __slots__ = ("used_turn",)
    face = True  # its actions need Skill.active (face up)
    character = CID
    skill_id = "QC-DAO_FENG-1"

    def __init__(self, owner: int) -> None:
        super().__init__(owner)
        self.used_turn = -1  # the turn in which he last used it (once per turn)

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or self.used_turn == g.turn or not own_play_phase(g, seat, window) or not self.active(g):
            return []
        return [self.option(target=s.index) for s in g.seats if s.in_game and s.index != seat]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        self.used_turn = g.turn
        self.log(g, target=option.target)
        return g.new_use(self.owner, self.key, target=option.target)

    def resolve(self, g: Game, use: Use) -> None:
        window = next(f for f in reversed(g.frames) if isinstance(f, Window))
        g.handlers[LOCK].resolve(g, use, window)  # locked as by a 鎖定: the same effect and the same event


class Bloodthirst(Skill):  # 嗜血
    __slots__ = ()
    character = CID
    skill_id = "QC-DAO_FENG-2"
    listens = ("dying",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        victim = data["seat"]
        return victim != self.owner and self.active(g) and self.owner not in g.dying and still_dying(g, victim)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use)

    def _use(self, g: Game, option: Option, data: Any) -> None:
        if option.kind == SKILL:
            self.log(g)
            g.draw(self.owner, DRAW)


class DaoFengMission(std.DaoFengMission):  # a 潜伏战线 and a 军情处 player dead
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(DrawnSword, Bloodthirst, DaoFengMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.core.state import W_PLAY  # noqa: E402


def _drawn_sword_gain(pos: Deciding, o: Option, context: str) -> float:
    """亮劍, in his own play phase: a 鎖定 with no card spent (the seat named must take what he sends this turn): the
    best send with that lock over the best without."""
    if o.target < 0 or context != W_PLAY or pos.view.get("current") != pos.seat:
        return -1.0
    return pos.card_gain(LOCK, context, target=o.target)


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(
    rank=43,
    mission_rel=(-0.7, -0.7, -0.2),  # one 潛伏戰線 and one 軍情處 player dead
    skills={DrawnSword: SkillAI(gain=_drawn_sword_gain, acts_as=LOCK), Bloodthirst: SkillAI(offer=True)},
)
"""001's 刀鋒 (not the standard texts): 亮劍 valued as a 鎖定 card before the send; 嗜血 always draws its three."""
