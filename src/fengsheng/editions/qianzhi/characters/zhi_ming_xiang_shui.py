"""致命香水 Deadly Perfume — ordinary, female (qianzhi.md §12 no. 14). New in 001.

* QC-ZHI_MING_XIANG_SHUI-1 攻守兼備: 「當你使用鎖定或者調虎離山時，抽二張牌，然後把一張手牌放回牌庫頂」: compulsory, face
  up, when a 鎖定 or 調虎離山 she used takes effect (Q-TERM-10: a cancelled one did nothing; the ``locked`` / ``lured``
  event). She draws two, then puts one card of her hand face down on top of the deck (only she knows which).
* QC-ZHI_MING_XIANG_SHUI-2 臨危受命: 「當另一位玩家死亡時，在其翻開身份牌前，你可以把你的身份牌面朝下移出遊戲，然後得到他的
  身份牌，並且將一位玩家面前的一張情報與牌庫頂的第一張牌調換」: optional, face up, when another player's death begins
  (a death trigger, before his cards are discarded and his cards revealed, Q-DEATH-2; not for a player already
  rescued, A-30). A-91: her own card goes out of the game face down and stays unseen (to the end); she takes his
  card (``Game.take_identity``) and with it its victory condition, which is hers at once; **his identity is not
  revealed** — he holds no identity card from then on. Rulings (R-43, within A-91):

  - a player whose card was taken belongs to no faction: he shares no faction's win, and a mission that counts the
    dead by identity does not count him (001: a player's victory is the task on *his* identity card, Q-WIN-1); a
    later death trigger may still rescue him (A-30): he plays on without an identity card (he can win only as the
    last player standing);
  - the exchange that follows is compulsory (「並且」): one intelligence in front of a player still in the game
    (herself included), **not** the dying player's (his cards are about to be discarded; taking one of his black
    cards away could undo the very death that triggered the skill and leave a living player with no identity card);
    that card goes face up, so publicly, on top of the deck, and the deck's top card goes face up in front of that
    player as intelligence he obtains (she is its source: the killer if it is his third black card, A-48). With no
    such intelligence, or the deck and the discard pile both empty, there is no exchange;
  - she may use it at each death, again and again (no limit is printed); in the mission mode (Q-MODE-3) a card taken
    brings no victory (there a mission is the only one, and she has none: A-82, A-91).
* Mission: 「無」 — none (A-91): as a 打酱油的 she wins only as the last player standing (Q-WIN-2), or with the faction
  whose card she took.

Implements: QC-ZHI_MING_XIANG_SHUI-1, QC-ZHI_MING_XIANG_SHUI-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Skill, still_dying
from fengsheng.core.cards import NO_IDENTITY
from fengsheng.core.options import SKILL

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

CID = "qianzhi.zhi_ming_xiang_shui"
DRAW = 2


class SwordAndShield(Skill):  # 攻守兼備
    __slots__ = ()
    character = CID
    skill_id = "QC-ZHI_MING_XIANG_SHUI-1"
    listens = ("locked", "lured")

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["user"] == self.owner and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g)
        self.draw_and_put_back(g, DRAW)


class TakeUpTheCharge(Skill):  # 臨危受命
    __slots__ = ()
    character = CID
    skill_id = "QC-ZHI_MING_XIANG_SHUI-2"
    listens = ("dying",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        dead = data["seat"]
        return dead != self.owner and still_dying(g, dead) and g.seats[dead].identity != NO_IDENTITY and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._take, {"dead": data["seat"]})

    def _take(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        dead = data["dead"]
        if option.kind != SKILL or not self.active(g) or not still_dying(g, dead):
            return
        self.log(g, target=dead)
        g.take_identity(self.owner, dead)
        pairs = [(s.index, c) for s in g.seats if s.in_game and s.index not in g.dying for c in s.intel]
        if pairs and (g.deck or g.discard):
            self.choose_intel(g, pairs, self._exchange)

    def _exchange(self, g: Game, option: Option, data: Any) -> None:
        seat, card = option.target, option.ref
        if card not in g.seats[seat].intel:
            return
        top = g.take_from_deck(1)  # refilled from the discard pile if need be (S-TURN-5, shared)
        if not top:
            return
        g.intel_to_deck(seat, card, by=self.owner)
        g.obtain(seat, top[0], source=self.owner, how="skill")


CHARACTER = CharacterDef(CID, rules=(SwordAndShield, TakeUpTheCharge))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Position, SkillAI  # noqa: E402
from fengsheng.core.cards import BYSTANDER, IDENTITIES, MILITARY_INTEL, UNDERGROUND  # noqa: E402

_COLOUR_INDEX = {UNDERGROUND: 0, MILITARY_INTEL: 1}  # red, blue in Position.counts


def _progress(pos: Position, faction: str) -> float:
    """How near ``faction`` is to its three: the most of its colour in front of a seat in the game, weighted by the
    belief that the seat is of that faction."""
    i, c = IDENTITIES.index(faction), _COLOUR_INDEX[faction]
    return max((pos.p[s][i] * pos.counts[s][c] for s in range(pos.n) if pos.in_game[s]), default=0.0)


def _take_offer(pos: Position) -> bool:
    """臨危受命: always as a 打酱油的 (she has no mission: a faction's card is her only way to win but standing
    alone); as a faction member, only for a card likely of the other faction that is nearer to its three."""
    dead = pos.last_dying
    mine = pos.view["me"]["identity"]
    if dead < 0 or mine not in IDENTITIES:
        return False
    if mine == BYSTANDER:
        return True
    other = MILITARY_INTEL if mine == UNDERGROUND else UNDERGROUND
    return pos.p[dead][IDENTITIES.index(other)] > 0.6 and _progress(pos, other) > _progress(pos, mine)


AI = CharacterAI(rank=38, skills={TakeUpTheCharge: SkillAI(offer=_take_offer)})  # bench/ranks.py: 37.8% of 502 games
"""攻守兼備 needs no choice but the card put back (the default: the least useful); 臨危受命's exchange takes away the
intelligence it most gains to take away (the default)."""
