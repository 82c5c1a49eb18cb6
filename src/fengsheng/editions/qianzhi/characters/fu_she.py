"""蝮蛇 Viper — ordinary (face up at setup), male (qianzhi.md §12 no. 15; A-88: 001 lists it among the ordinary
characters, and its cover skill gives it a flip, Q-CHAR-2).

001's texts say what the standard ones say, so the standard rules are reused, bound to ``qianzhi.fu_she``:

* QC-FU_SHE-1 聲東擊西 (cover): 「情報傳遞時，可以蓋伏此角色牌，然後視為使用了調虎離山」: in a Step-1 window of the
  passing phase (千智's 調虎離山 timing, R-20), on a player 千智's 調虎離山 may target (another player only,
  Q-CARD-LURE-1; not the sender or a locked player, R-24). The cover is the cost; as a skill it cannot be answered
  (Q-PRIO-4) and resolves at once.
* QC-FU_SHE-2 彈藥無限 (flip): 「若你沒有手牌，可以翻開此角色，然後抽一張牌」: any window while face down with an empty
  hand; resolves at once.
* Mission: 「當一位玩家宣告勝利時，沒有玩家死亡。你的勝利會導致他的宣告失敗」: a hijack (A-36), while he is in the game.

Implements: QC-FU_SHE-1, QC-FU_SHE-2.
"""

from __future__ import annotations

from fengsheng.characters.base import CharacterDef
from fengsheng.editions.standard.characters import fu_she as std

CID = "qianzhi.fu_she"


class Feint(std.Feint):  # 聲東擊西
    __slots__ = ()
    character = CID
    skill_id = "QC-FU_SHE-1"


class EndlessAmmo(std.EndlessAmmo):  # 彈藥無限
    __slots__ = ()
    character = CID
    skill_id = "QC-FU_SHE-2"


class FuSheMission(std.FuSheMission):
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(Feint, EndlessAmmo, FuSheMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

AI = inherit(std.AI, {Feint: std.Feint, EndlessAmmo: std.EndlessAmmo})
"""The standard 蝮蛇's knowledge: the same texts (聲東擊西 counts as a 調虎離山)."""
