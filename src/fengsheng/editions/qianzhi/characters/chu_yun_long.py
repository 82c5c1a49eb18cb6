"""出雲龍 Chu Yunlong — ordinary, male (qianzhi.md §12 no. 17). New in 001.

* QC-CHU_YUN_LONG-1 槍下留情: 「把所有被燒毀的情報加入手牌」: A-96, a standing effect while he is face up and in the game:
  whenever intelligence is burned (by anyone, by a card or a skill; Q-TERM-9: put from in front of a player into the
  discard pile), it goes into his hand instead of staying in the discard pile (a public move: it was face up).
  Compulsory (no 「可」).
* QC-CHU_YUN_LONG-2 定點抹除: 「你的燒毀可以燒毀紅藍情報」: his 燒毀 may target any intelligence, red and blue included (a
  permission the 千智 燒毀 consults, ``cards/burn.py`` ``BURN_RED_BLUE``); its timing is unchanged.
* Mission: 「手上收集6張黑色手牌」: six black cards in his hand, checked live.

Implements: QC-CHU_YUN_LONG-1, QC-CHU_YUN_LONG-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import CharacterDef, Mission, Skill, black_in_hand
from fengsheng.core.events import IntelToHand
from fengsheng.editions.qianzhi.cards.burn import BURN_RED_BLUE

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.chu_yun_long"
SIX = 6


class MercyUnderTheGun(Skill):  # 槍下留情
    __slots__ = ()
    character = CID
    skill_id = "QC-CHU_YUN_LONG-1"
    listens = ("burned",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return self.active(g) and data["card"] in g.discard

    def fire(self, g: Game, kind: str, data: Event) -> None:
        card = data["card"]
        g.discard.remove(card)
        g.seats[self.owner].hand.append(card)
        g.emit(IntelToHand(data["seat"], self.owner, card, self.owner))


class PinpointErasure(Skill):  # 定點抹除
    __slots__ = ()
    character = CID
    skill_id = "QC-CHU_YUN_LONG-2"

    def permits(self, g: Game, seat: int, use: str, window: Window) -> bool:
        return use == BURN_RED_BLUE and seat == self.owner and self.active(g)


class ChuYunLongMission(Mission):
    __slots__ = ()
    character = CID
    live_condition = True  # on the hand

    def mission_met(self, g: Game) -> bool:
        return len(black_in_hand(g, self.owner)) >= SIX


CHARACTER = CharacterDef(CID, rules=(MercyUnderTheGun, PinpointErasure, ChuYunLongMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI  # noqa: E402

# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(rank=32)
"""槍下留情 and the mission on his hand need no decision. 定點抹除 is used through his 燒毀: the policy values a 燒毀 of
a red or blue intelligence as taking that card away (``Policy.g_burn`` reads the colour of the card named), so he
burns an enemy's winning colour and never a friend's."""
