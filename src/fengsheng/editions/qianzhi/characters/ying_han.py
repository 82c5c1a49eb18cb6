"""硬漢 Tough Guy — hidden, male (qianzhi.md §12 no. 19). New in 001 (his skills resemble the standard 老枪's).

* QC-YING_HAN-1 就計 (flip): 「當你被試探或鎖定時，可以翻開此角色，然後抽二張牌」: 老鬼's 就計 (the shared
  ``FlipAndDraw``), asked privately.
* QC-YING_HAN-2 合謀: 「在你的出牌階段，蓋伏此角色牌，然後你們互相查看對方的身份牌」: in the play window of his own
  turn, while face up. A-90: he chooses one other player in the game; the cover is the cost (Q-TERM-7), only 硬漢 is
  covered, and the two see each other's identity card (a private event to the two of them: nobody else learns
  either identity). Covered, he may flip again with 就計 (Q-CHAR-2). A skill: it resolves at once (Q-PRIO-4).
* Mission: 「獲得三張或以上的紅色情報」.

Implements: QC-YING_HAN-1, QC-YING_HAN-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.cards.base import fail
from fengsheng.characters.base import CharacterDef, FlipAndDraw, Mission, Skill, count_colour
from fengsheng.core.cards import RED
from fengsheng.core.events import IdentitiesExchanged
from fengsheng.editions.qianzhi.characters._common import own_play_phase

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.ying_han"
THREE = 3


class Ruse(FlipAndDraw):  # 就計
    __slots__ = ()
    character = CID
    skill_id = "QC-YING_HAN-1"
    listens: ClassVar[tuple[str, ...]] = ("probe", "locked")


class Conspiracy(Skill):  # 合謀
    __slots__ = ()
    face = True  # its actions need Skill.active (face up)
    character = CID
    skill_id = "QC-YING_HAN-2"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not own_play_phase(g, seat, window) or not self.active(g):
            return []
        return [self.option(target=s.index) for s in g.seats if s.in_game and s.index != seat]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        self.log(g, target=option.target)
        g.cover(self.owner)  # the cost
        return g.new_use(self.owner, self.key, target=option.target)

    def resolve(self, g: Game, use: Use) -> None:
        t = use.target
        if not g.seats[t].in_game:
            fail(g, use, "target_gone")
            return
        me, other = g.seats[self.owner], g.seats[t]
        g.emit(IdentitiesExchanged(self.owner, t, [me.identity, other.identity], (self.owner, t)))  # [his, the other's]


class YingHanMission(Mission):
    __slots__ = ()
    character = CID

    def mission_met(self, g: Game) -> bool:
        return count_colour(g, g.seats[self.owner].intel, RED) >= THREE


CHARACTER = CharacterDef(CID, rules=(Ruse, Conspiracy, YingHanMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402
from fengsheng.editions.standard.characters import lao_qiang  # noqa: E402

# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = inherit(lao_qiang.AI, {Conspiracy: lao_qiang.Exchange}, rank=38)
"""合謀 is the standard 老槍's exchange of identity cards (here only 硬漢 is covered): worth what he does not know of
the other seat; 就計 (老鬼's, a flip that draws two) is used by the generic policy; the mission is 老槍's, three red."""
