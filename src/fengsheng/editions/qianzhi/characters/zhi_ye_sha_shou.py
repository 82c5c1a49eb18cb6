"""職業殺手 Professional Killer — ordinary, male (qianzhi.md §12 no. 2).

* QC-ZHI_YE_SHA_SHOU-1 連擊: 「當一位玩家獲得你傳出的黑情報時，你抽二張牌，然後可以在他面前再放置一張黑情報」: another
  player (A-47: not his own card coming back) obtains black intelligence he sent (S-TERM-4): he **draws two**
  (compulsory; the standard has no draw), then may place a black card from his hand in front of him (asked
  privately: it depends on his hand; with ``Config.uniform_prompts`` ``continue`` without one).
* QC-ZHI_YE_SHA_SHOU-2 預謀: 「你的調虎離山可以當作鎖定使用」: a 調虎離山 card used as a full 鎖定 (A-61: cancellable,
  keeping its colour), with the 鎖定's timing (his own play phase, A-83) and targets.
* Mission: 「親手讓另一位玩家成為第二位或以後死亡的玩家」: the standard mission (A-48; not himself; he must be in the
  game, A-37).

Implements: QC-ZHI_YE_SHA_SHOU-1, QC-ZHI_YE_SHA_SHOU-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import CharacterDef, Skill, black_in_hand, sent_by
from fengsheng.core.cards import LOCK, LURE_AWAY
from fengsheng.editions.standard.characters import zhi_ye_sha_shou as std

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.game import Game

CID = "qianzhi.zhi_ye_sha_shou"
DRAW = 2


class Combo(std.DoubleTap):  # 連擊
    __slots__ = ()
    character = CID
    skill_id = "QC-ZHI_YE_SHA_SHOU-1"

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        target = data["seat"]
        return target != self.owner and sent_by(g, data, self.owner) and g.is_black[data["card"]] and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g, target=data["seat"])
        g.draw(self.owner, DRAW)
        black = black_in_hand(g, self.owner)
        if black and g.seats[data["seat"]].in_game:  # private: the question depends on his hand
            self.choose_hand_card(g, black, self._place, {"target": data["seat"]}, optional=True, private=True)
        else:
            self.idle(g)


class Premeditation(Skill):  # 預謀
    __slots__ = ()
    character = CID
    skill_id = "QC-ZHI_YE_SHA_SHOU-2"
    face = True  # its card_uses need Skill.active (face up)
    converts_to = frozenset({LOCK})

    def card_uses(self, g: Game, card: int) -> tuple[str, ...]:
        return (LOCK,) if g.card_type[card] == LURE_AWAY and self.active(g) else ()


class ZhiYeShaShouMission(std.ZhiYeShaShouMission):
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(Combo, Premeditation, ZhiYeShaShouMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = inherit(std.AI, {Combo: std.DoubleTap}, rank=44)
"""The standard 職業殺手's 連擊 placement (another black card on an enemy who took his; the draw of two is
compulsory) and mission (a kill of the second or later to die); 預謀 is a card conversion the view lists."""
