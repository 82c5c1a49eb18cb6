"""浮萍 Duckweed — hidden, female (qianzhi.md §12 no. 27).

* QC-FU_PING-1 先機 (flip): 「翻開此角色牌，抽取另一位玩家的二張手牌，然後他抽一張牌」: no timing (any window where she
  holds priority); she takes two cards blind from another player's hand (Q-TERM-6; fewer if he has fewer), then he
  draws **one** (the standard: two). A skill: it resolves at once (Q-PRIO-4).
* QC-FU_PING-2 后著: 「當你死亡時，可以檢視另一位玩家的手牌，然後把其中一張放置在一位玩家面前」: the standard 后着 (as her
  death begins; a player with an empty hand cannot be chosen; not once she has been rescued, A-30).
* Mission: 「你成為第二位或以後死亡的玩家」 (a mission about her own death: she wins it dead, A-37).

Implements: QC-FU_PING-1, QC-FU_PING-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import CharacterDef, take_blind
from fengsheng.editions.standard.characters import fu_ping as std

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.game import Game

CID = "qianzhi.fu_ping"
TAKES = 2
DRAWS = 1


class HeadStart(std.HeadStart):  # 先機
    __slots__ = ()
    character = CID
    skill_id = "QC-FU_PING-1"

    def resolve(self, g: Game, use: Use) -> None:
        target = use.target
        if not g.seats[target].in_game:
            return
        for _ in range(TAKES):
            take_blind(g, self.owner, target)
        g.draw(target, DRAWS)


class PartingMove(std.PartingMove):  # 后著
    __slots__ = ()
    character = CID
    skill_id = "QC-FU_PING-2"


class FuPingMission(std.FuPingMission):
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(HeadStart, PartingMove, FuPingMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

AI = inherit(std.AI, {HeadStart: std.HeadStart, PartingMove: std.PartingMove})
"""The standard 浮萍's knowledge: the same 先機 (but one card drawn back), 后著 and mission."""
