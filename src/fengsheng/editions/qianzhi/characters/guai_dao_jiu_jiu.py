"""怪盜九九 Phantom Thief Jiujiu — ordinary, male (qianzhi.md §12 no. 9; the standard 怪盗阿十 with other texts).

* QC-GUAI_DAO_JIU_JIU-1 陰謀: 「當一位玩家獲得你傳出的黑情報時，你可以抽取任意一位玩家的一張手牌」.
* QC-GUAI_DAO_JIU_JIU-2 陽謀: 「當你獲得另一位玩家傳出的黑情報時，你可以抽取任意一位玩家的一張手牌」.

Both differ from the standard skills (which take from the receiver / the sender): here he takes from **any** player
with a card in hand, blind (Q-TERM-6). Rulings (R-29): 「任意一位玩家」 is any *other* player (taking from your own
hand moves nothing); "intelligence you sent" is the standard S-TERM-4 meaning (passed, forced back, intercepted; not
真偽莫辨, 博弈 or a skill's placement); 陰謀's "a player" is another player, as A-47 reads the standard 职业杀手: his
own card coming back to him fires 陽謀's condition for nobody and 陰謀's not at all.

Mission: 「獲得十張或者以上的手牌」: ten or more cards in hand, checked live.

Implements: QC-GUAI_DAO_JIU_JIU-1, QC-GUAI_DAO_JIU_JIU-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Skill, sent_by, take_blind
from fengsheng.editions.standard.characters import guai_dao_a_shi as std

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

CID = "qianzhi.guai_dao_jiu_jiu"


class _TakeFromAnyone(Skill):
    __slots__ = ()
    character = CID
    listens = ("obtain",)

    def victims(self, g: Game) -> list[int]:
        return [s.index for s in g.seats if s.in_game and s.index != self.owner and s.hand]

    def fires_on(self, g: Game, data: Event) -> bool:
        return False

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return g.is_black[data["card"]] and self.fires_on(g, data) and self.active(g) and bool(self.victims(g))

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.choose_seat(g, self.victims(g), self._take, optional=True)

    def _take(self, g: Game, option: Option, data: Any) -> None:
        if option.target >= 0:
            self.log(g, target=option.target)
            take_blind(g, self.owner, option.target)


class Plot(_TakeFromAnyone):  # 陰謀: another player obtains black intelligence you sent
    __slots__ = ()
    skill_id = "QC-GUAI_DAO_JIU_JIU-1"

    def fires_on(self, g: Game, data: Event) -> bool:
        return data["seat"] != self.owner and sent_by(g, data, self.owner)


class OpenPlot(_TakeFromAnyone):  # 陽謀: you obtain black intelligence another player sent
    __slots__ = ()
    skill_id = "QC-GUAI_DAO_JIU_JIU-2"

    def fires_on(self, g: Game, data: Event) -> bool:
        source = data.get("source", -1)
        return data["seat"] == self.owner and source != self.owner and source >= 0 and sent_by(g, data, source)


class GuaiDaoJiuJiuMission(std.GuaiDaoAShiMission):  # ten cards in hand
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(Plot, OpenPlot, GuaiDaoJiuJiuMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Position, SkillAI  # noqa: E402
from fengsheng.bots.skills import CARD_DRAWN  # noqa: E402


def _take_from(pos: Position, skill_id: str, seat: int) -> float:
    """陰謀 / 陽謀: a card taken blind from that seat's hand: he gains one and that seat loses one, so an enemy's (the
    fuller hand a little better); never a friend's, where the card only changes hands on the same side."""
    hand = int(pos.view["seats"][seat]["hand_count"])
    return CARD_DRAWN * (1.0 - pos.care[seat]) - 0.05 + 0.01 * min(hand, 4)


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(
    rank=32,
    skills={Plot: SkillAI(seat=_take_from), OpenPlot: SkillAI(seat=_take_from)},
)
"""001's 怪盜九九 (from any player, not the standard's receiver or sender): the card comes from an enemy. His
mission (ten cards in hand) is no intelligence mission: the generic bystander's regard."""
