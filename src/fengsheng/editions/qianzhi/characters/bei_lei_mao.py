"""貝雷帽 Beret — ordinary, male (qianzhi.md §12 no. 10).

* QC-BEI_LEI_MAO-1 換日: 「你的黑色手牌可以當作鎖定使用」: the standard 换日: any black card of his hand used as a full
  鎖定 (A-61: cancellable, keeping its colour), with the 鎖定's timing (his own play phase, A-83).
* QC-BEI_LEI_MAO-2 偷天: 「當一位玩家獲得你傳出的黑情報時，你可以獲得他面前的一張紅藍情報」: another player (A-47) obtains
  black intelligence he sent (S-TERM-4); he may take one of that player's red/blue intelligence **into his own
  intelligence area** (A-93: 獲得 as the glossary defines it, Q-TERM-2; the standard puts it in any player's hand).
  It is then his intelligence, obtained from a skill (it may win him the game).
* Mission: 「獲得二張紅情報和二張藍情報」: two red and two blue intelligence in front of him (the standard mission is
  about cards in hand).

Implements: QC-BEI_LEI_MAO-1, QC-BEI_LEI_MAO-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Mission, count_colour
from fengsheng.core.cards import BLUE, RED
from fengsheng.editions.standard.characters import bei_lei_mao as std

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.game import Game

CID = "qianzhi.bei_lei_mao"
TWO = 2


class SwitchTheSun(std.SwitchTheSun):  # 換日
    __slots__ = ()
    character = CID
    skill_id = "QC-BEI_LEI_MAO-1"


class StealTheSky(std.StealTheSky):  # 偷天: into his own intelligence
    __slots__ = ()
    character = CID
    skill_id = "QC-BEI_LEI_MAO-2"

    def _card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.ref < 0 or not g.seats[self.owner].in_game:
            return
        self.log(g, target=option.target, card=option.ref)
        g.move_intel(option.target, option.ref, self.owner, by=self.owner)


class BeiLeiMaoMission(Mission):
    __slots__ = ()
    character = CID

    def mission_met(self, g: Game) -> bool:
        intel = g.seats[self.owner].intel
        return count_colour(g, intel, RED) >= TWO and count_colour(g, intel, BLUE) >= TWO


CHARACTER = CharacterDef(CID, rules=(SwitchTheSun, StealTheSky, BeiLeiMaoMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

AI = inherit(std.AI, {StealTheSky: std.StealTheSky}, mission_intel=("true", 4))
"""The standard 貝雷帽's 偷天 (the card goes to a friend); the 001 mission is two red and two blue intelligence in
front of him, counted here as four red or blue (the closest the bot's mission table says)."""
