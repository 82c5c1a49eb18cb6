"""血牡丹 Blood Peony — hidden, female (qianzhi.md §12 no. 29). New in 001.

* QC-XUE_MU_DAN-1 光影浮華 (flip): 「在你的出牌階段，你可以翻開此角色牌，然後抽取另一位玩家的一張手牌，並將該牌放給你以外的一
  位玩家作為情報」: in the play window of her own turn, face down, naming another player in the game. She takes a card
  blind from his hand (Q-TERM-6; nothing if his hand is empty), then places that card face up as intelligence in
  front of a player other than herself, her choice (R-36: compulsory once taken, the player he took it from
  included; she is its source, so the killer if it is a third black card, A-48). A skill: it resolves at once
  (Q-PRIO-4).
* QC-XUE_MU_DAN-2 歲月留痕: 「當另一位玩家死亡時，蓋伏此角色牌」: compulsory, when another player's death begins (not for a
  player already rescued, A-30), while she is face up; covered, she may flip again with 光影浮華 (Q-CHAR-2).
* Mission: 「一位潛伏戰線玩家和一位軍情處玩家死亡」, while she is in the game.

Implements: QC-XUE_MU_DAN-1, QC-XUE_MU_DAN-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Skill, place_from_hand, still_dying, take_blind
from fengsheng.editions.qianzhi.characters._common import own_play_phase
from fengsheng.editions.qianzhi.characters.dao_feng import DaoFengMission

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.xue_mu_dan"


class FleetingGlamour(Skill):  # 光影浮華
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = CID
    skill_id = "QC-XUE_MU_DAN-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g) or not own_play_phase(g, seat, window):
            return []
        return [self.option(target=s.index) for s in g.seats if s.in_game and s.index != seat]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the cost
        self.log(g, target=option.target)
        return g.new_use(self.owner, self.key, target=option.target)

    def resolve(self, g: Game, use: Use) -> None:
        if not g.seats[use.target].in_game:
            return
        card = take_blind(g, self.owner, use.target)
        others = [s.index for s in g.seats if s.in_game and s.index != self.owner]
        if card is not None and others:
            self.choose_seat(g, others, self._place, {"card": card})

    def _place(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if data["card"] in g.seats[self.owner].hand and g.seats[option.target].in_game:
            place_from_hand(g, self.owner, option.target, data["card"])


class TracesOfTime(Skill):  # 歲月留痕
    __slots__ = ()
    character = CID
    skill_id = "QC-XUE_MU_DAN-2"
    listens = ("dying",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] != self.owner and still_dying(g, data["seat"]) and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g)
        g.cover(self.owner)


class XueMuDanMission(DaoFengMission):  # a 潜伏战线 and a 军情处 player dead
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(FleetingGlamour, TracesOfTime, XueMuDanMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, Position, SkillAI  # noqa: E402
from fengsheng.bots.skills import CARD_DRAWN, FLIP_COST  # noqa: E402
from fengsheng.core.state import W_PLAY  # noqa: E402


def _glamour_gain(pos: Deciding, o: Option, context: str) -> float:
    """光影浮華, in her own play phase: a card taken blind from that seat (he loses it), then placed as intelligence
    where its colour is worth most (another player: she sees the card first, so the best seat per colour, on the
    unseen colour odds), at the price of the flip (歲月留痕 covers her again at the next death)."""
    t = o.target
    if t < 0 or context != W_PLAY or pos.view.get("current") != pos.seat:
        return -1.0
    if not pos.view["seats"][t]["hand_count"]:
        return -1.0
    others = [s for s in range(pos.n) if pos.in_game[s] and s != pos.seat]
    dist = pos.unseen_colours()
    placed = sum(p * max(pos.value(s, col) for s in others) for col, p in dist.items() if p > 0)
    return placed - CARD_DRAWN * pos.care[t] - FLIP_COST


def _glamour_seat(pos: Position, skill_id: str, seat: int) -> float:
    """Where the card taken goes: where its colour is worth most to her."""
    card = pos.last_take
    if card < 0:
        return -pos.care[seat]
    return pos.value(seat, pos.colour(card))


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(
    rank=38,
    mission_rel=(-0.7, -0.7, -0.2),  # one 潛伏戰線 and one 軍情處 player dead
    skills={FleetingGlamour: SkillAI(gain=_glamour_gain, seat=_glamour_seat)},
)
"""光影浮華 from an enemy's hand onto the seat where the card taken helps most; 歲月留痕 needs no decision."""
