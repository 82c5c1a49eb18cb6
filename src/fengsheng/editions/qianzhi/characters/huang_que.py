"""黃雀 Oriole — hidden, female (qianzhi.md §12 no. 26).

* QC-HUANG_QUE-1 潛藏伏擊 (flip): 「在你的出牌階段，可以翻開此角色牌，把另一位玩家的一張情報放回牌庫頂」: only in the play
  window of her own turn (the standard: any time); she chooses the intelligence; she may flip with nobody to target
  (as the standard, A-49). A skill: it resolves at once (Q-PRIO-4).
* QC-HUANG_QUE-2 黃雀在後: 「當另一位玩家死亡時，抽一張牌。可以翻開你的身份牌，然後在一位玩家面前放置最多二張黑情報」.
  When another player's death begins (not once he has been rescued, A-30), face up: she **draws one** (compulsory, no
  「可」; the standard has no draw), then may reveal her identity card and place up to two black cards from her hand
  in front of any player in the game. Revealing is the cost, so that part works once per game (A-43); the draw
  comes on every death. The offer to reveal is private (R-6, as the standard: it is made with or without a black card
  in hand; with none she reveals and places nothing, A-39).
* Mission: 「一位潛伏戰線玩家和一位軍情處玩家死亡」, while she is in the game.

Implements: QC-HUANG_QUE-1, QC-HUANG_QUE-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import CharacterDef, black_count, still_dying
from fengsheng.editions.qianzhi.characters._common import own_play_phase
from fengsheng.editions.qianzhi.characters.dao_feng import DaoFengMission
from fengsheng.editions.standard.characters import huang_que as std

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.huang_que"


class Ambush(std.Ambush):  # 潛藏伏擊: her own play phase only
    __slots__ = ()
    character = CID
    skill_id = "QC-HUANG_QUE-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        return super().actions(g, seat, window) if own_play_phase(g, seat, window) else []


class OrioleBehind(std.OrioleBehind):  # 黃雀在後: draw one, then the standard reveal-and-place
    __slots__ = ()
    character = CID
    skill_id = "QC-HUANG_QUE-2"

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return (
            data["seat"] != self.owner and still_dying(g, data["seat"]) and self.active(g) and self.owner not in g.dying
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g)
        g.draw(self.owner, 1)
        if not g.seats[self.owner].identity_revealed and black_count(g, self.owner) < std.DEATH:
            self.offer(g, self._use, private=True)


class HuangQueMission(DaoFengMission):  # a 潜伏战线 and a 军情处 player dead
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(Ambush, OrioleBehind, HuangQueMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

AI = inherit(std.AI, {Ambush: std.Ambush, OrioleBehind: std.OrioleBehind})
"""The standard 黃雀's knowledge: the same mission (one of each faction dead) and skills (潛藏伏擊 only in her own
play phase: the standard valuation already asks for it there)."""
