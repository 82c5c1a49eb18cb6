"""柒佰 Qi Bai — ordinary, male (qianzhi.md §12 no. 4). 001's texts say what the standard 000 texts say; the standard
rules are reused, bound to ``qianzhi.qi_bai``.

* QC-QI_BAI-1 敏銳: 「你可以在他人回合中使用鎖定」: a permission (Q-PRIO-1, the golden rule's own example). A-83: 千智's
  鎖定 is a play-phase card, and 敏銳 removes only "your own": he may lock in **another player's play phase**, never
  in a passing phase. The lock is a card: 識破 can cancel it.
* QC-QI_BAI-2 聯動: 「當你成功使用鎖定時，抽二張牌，然後選擇一張手牌分給另一位玩家」: compulsory, once his lock has gone
  unanswered, before it takes effect (「成功」: a cancelled lock does nothing, Q-TERM-10; A-59).
* QC-QI_BAI-3 風度: 「當你宣告勝利時，選擇一位女性一同勝利」: compulsory when a woman (a female player or a face-up female
  character, Q-TERM-1) is in the game, only if his declaration stands; her win is hers alone, her faction does not
  win (Q-TERM-5's own example: 柒佰 and 老鬼).
* Mission: 「獲得五張或以上的紅藍情報」.

Implements: QC-QI_BAI-1, QC-QI_BAI-2, QC-QI_BAI-3, Q-TERM-5.
"""

from __future__ import annotations

from fengsheng.characters.base import CharacterDef
from fengsheng.editions.standard.characters import qi_bai as std

CID = "qianzhi.qi_bai"


class Keen(std.Keen):  # 敏銳
    __slots__ = ()
    character = CID
    skill_id = "QC-QI_BAI-1"


class Linkage(std.Linkage):  # 聯動
    __slots__ = ()
    character = CID
    skill_id = "QC-QI_BAI-2"


class Gallant(std.Gallant):  # 風度
    __slots__ = ()
    character = CID
    skill_id = "QC-QI_BAI-3"


class QiBaiMission(std.QiBaiMission):
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(Keen, Linkage, Gallant, QiBaiMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

AI = inherit(std.AI, {Keen: std.Keen, Linkage: std.Linkage, Gallant: std.Gallant})
"""The standard 柒佰's knowledge: five red or blue intelligence, the same skills."""
