"""小馬哥 Brother Ma — ordinary, male (qianzhi.md §12 no. 8).

* QC-XIAO_MA_GE-1 英雄本色: 「當你獲得傳出的黑情報時，抽二張牌，然後可以在一位玩家面前放置一張黑情報」. A-92: only
  black intelligence **another player** sent (the standard text's 「另一位玩家传出的」); sent = passed, forced back or
  intercepted (S-TERM-4). Compulsory draw of **two** (the standard draws one), then an optional black card from his
  hand in front of any player in the game, himself included; the card question is private (it depends on his hand).
* Mission: 「一位潛伏戰線玩家和一位軍情處玩家死亡」 (the standard mission is 军情局 wiped out), while he is in the game.

Implements: QC-XIAO_MA_GE-1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import CharacterDef, black_in_hand
from fengsheng.editions.qianzhi.characters.dao_feng import DaoFengMission
from fengsheng.editions.standard.characters import xiao_ma_ge as std

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.game import Game

CID = "qianzhi.xiao_ma_ge"
DRAW = 2


class HeroicBloodshed(std.HitBack):  # 英雄本色
    __slots__ = ()
    character = CID
    skill_id = "QC-XIAO_MA_GE-1"

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g)
        g.draw(self.owner, DRAW)
        black = black_in_hand(g, self.owner)
        if black:  # private: the question depends on his hand
            self.choose_hand_card(g, black, self._card, optional=True, private=True)
        else:
            self.idle(g)


class XiaoMaGeMission(DaoFengMission):  # a 潜伏战线 and a 军情处 player dead
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(HeroicBloodshed, XiaoMaGeMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = inherit(std.AI, {HeroicBloodshed: std.HitBack}, mission_rel=(-0.7, -0.7, -0.2), rank=33)
"""The standard 小馬哥's placement (a black card of the hand on an enemy, the question being the standard one: two
cards drawn instead of one changes no choice); the 001 mission is one 潛伏戰線 and one 軍情處 player dead (刀鋒's)."""
