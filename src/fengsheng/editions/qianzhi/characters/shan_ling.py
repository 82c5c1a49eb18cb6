"""閃靈 Shining — hidden, female (qianzhi.md §12 no. 21).

* QC-SHAN_LING-1 狙擊 (flip): 「翻開此角色牌，然後將另一個玩家最多三張情報置入棄牌堆」: no timing, so any window where she
  holds priority (Q-PRIO-2); on another player in the game. 「置入棄牌堆」 is burning (Q-TERM-9: 燒毀情報 = put the
  intelligence in front of a player into the discard pile). 「最多三張」: up to three, her choice which and how many,
  at least one if he has any (the standard 004 reading of 「最多3張」); nothing happens if he has none (A-49). As a
  skill it cannot be answered and resolves at once (Q-PRIO-4). 001 has none of 004's extra limit (no flip while
  someone holds three black intelligence).
* Mission: 「親手讓一位沒有獲得紅藍情報的玩家死亡」: she kills (A-48) a player who, as his death begins, has no red or
  blue intelligence in front of him (R-31: 「沒有獲得」 is read on the cards in front of him then, as the other
  missions count intelligence as it lies, A-63), while she is in the game.

Implements: QC-SHAN_LING-1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import CharacterDef
from fengsheng.editions.qianzhi.characters._common import KillMission
from fengsheng.editions.standard.characters import shan_ling as std

if TYPE_CHECKING:
    from fengsheng.game import Game

CID = "qianzhi.shan_ling"


class Snipe(std.Snipe):  # 狙擊: up to three
    __slots__ = ()
    character = CID
    skill_id = "QC-SHAN_LING-1"
    up_to = True


class ShanLingMission(KillMission):
    __slots__ = ()
    character = CID

    def victim_fits(self, g: Game, victim: int) -> bool:
        return all(g.is_black[c] for c in g.seats[victim].intel)


CHARACTER = CharacterDef(CID, rules=(Snipe, ShanLingMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

AI = inherit(std.AI, {Snipe: std.Snipe}, mission_rel=None)
"""The standard 閃靈's 狙擊 valuation (it burns the intelligence that helps this seat most to remove); her 001
mission (kill a player without red or blue intelligence) is not the standard one: no faction is her enemy."""
