"""老金 Old Jin — hidden, male (qianzhi.md §12 no. 23).

001's texts say what the standard 000 texts say, so the standard rules are reused, bound to ``qianzhi.lao_jin``:

* QC-LAO_JIN-1 棄卒保帥 (flip): 「當你的卡牌被識破時，可以翻開此角色牌，抽五張牌，然後把二張手牌按任意順序放回牌庫頂」:
  optional, asked privately; he puts back any two cards of his hand, one at a time (the second ends on top).
* QC-LAO_JIN-2 釜底抽薪: 「當你獲得黑情報時，可以放置一張黑情報到自己面前。然後蓋伏此角色牌，在任意位玩家面前各放置一張
  情報」: asked privately (it depends on a black card in hand); the black card on himself and the cover are the cost and
  settle first (if it is his third, he dies and places nothing); then at least one placement, at most one per player,
  all put down before deaths settle (A-58, A-76).
* Mission: 「手牌集齊三張紅色卡牌和三張藍色卡牌」, checked live (it is about the hand).

Implements: QC-LAO_JIN-1, QC-LAO_JIN-2.
"""

from __future__ import annotations

from fengsheng.characters.base import CharacterDef
from fengsheng.editions.standard.characters import lao_jin as std

CID = "qianzhi.lao_jin"


class Restock(std.Restock):  # 棄卒保帥
    __slots__ = ()
    character = CID
    skill_id = "QC-LAO_JIN-1"


class Scatter(std.Scatter):  # 釜底抽薪
    __slots__ = ()
    character = CID
    skill_id = "QC-LAO_JIN-2"


class LaoJinMission(std.LaoJinMission):
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(Restock, Scatter, LaoJinMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

AI = inherit(std.AI, {Restock: std.Restock, Scatter: std.Scatter})
"""The standard 老金's knowledge: the same skills and mission."""
