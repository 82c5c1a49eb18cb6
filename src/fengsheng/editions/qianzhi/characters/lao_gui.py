"""老鬼 Old Ghost — hidden, female (qianzhi.md §12 no. 18).

001's three skills and mission say what the standard 000 texts say, so the standard rules are reused, bound to
``qianzhi.lao_gui``:

* QC-LAO_GUI-1 就計 (flip): 「當你被試探或者鎖定時，可以翻開此角色，然後抽二張牌」: probed (a 試探 that took effect) or
  locked (a 鎖定, or a skill that locks: 刀鋒's 亮劍), optional; asked privately (being asked would reveal her).
  Several triggers on one 試探 resolve from the current player counterclockwise (Q-PRIO-7, A-98): 六姐's 拷問, then
  福爾摩斯's 真相, then 就計 in 001's own example (tests/qianzhi/characters/test_examples.py).
* QC-LAO_GUI-2 城府: 「你被試探時可以隱瞞身份」: face up, she answers a 試探 as she likes (the effect or the line).
* QC-LAO_GUI-3 遺志: 「當你死亡時，可以把全部手牌面朝下遞給一位玩家，他隨機選擇其中的三張作為情報」: the receiver takes
  three at random (all if fewer); the rest go to the discard pile with her other cards (A-80).
* Mission: 「當你死亡時，展示你的手牌，其中有三張或以上的紅色卡牌」: the hand is shown when her death begins, before 遺志
  gives it away (A-80); a dead player wins by a mission about her own death (A-37).

Implements: QC-LAO_GUI-1, QC-LAO_GUI-2, QC-LAO_GUI-3.
"""

from __future__ import annotations

from fengsheng.characters.base import CharacterDef
from fengsheng.editions.standard.characters import lao_gui as std

CID = "qianzhi.lao_gui"


class Ruse(std.Ruse):  # 就計
    __slots__ = ()
    character = CID
    skill_id = "QC-LAO_GUI-1"


class PokerFace(std.PokerFace):  # 城府
    __slots__ = ()
    character = CID
    skill_id = "QC-LAO_GUI-2"


class LastWill(std.LastWill):  # 遺志
    __slots__ = ()
    character = CID
    skill_id = "QC-LAO_GUI-3"


class LaoGuiMission(std.LaoGuiMission):
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(LaoGuiMission, Ruse, PokerFace, LastWill))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

AI = inherit(std.AI, {Ruse: std.Ruse, PokerFace: std.PokerFace, LastWill: std.LastWill})
"""The standard 老鬼's knowledge: 城府 (a 試探 answer from him says little), 遺志, the mission about her death."""
