"""潮汐 Tide — public, male; supplement (standard-characters.md §C S5, A-51).

* C-CHAO_XI-1 城府 (face up): when probed, you may do either action printed on the probe (S-CARD-PROBE-7).
* C-CHAO_XI-2 时差 (trigger, face up, optional): when you obtain false intelligence (any way: sent, 真伪莫辨, placed by
  a skill), you may put one intelligence of another player (any colour, your choice, A-38) into your hand. Death is
  immediate (S-DEATH-3): a third false card kills him before 时差 could act.
* Mission (hijack, S-WIN-4, A-36): a player declares victory because he obtained intelligence you sent; your win
  makes his declaration fail. Reading: the declarer's last obtained card (from the event log) is intelligence 潮汐
  sent (S-TERM-4: accepted, forced or intercepted, never 真伪莫辨 or a skill; A-47) and it made his condition true:
  without it in front of him, none of his victory conditions would hold. Ruling: a declarer who died (or is dying)
  of that card, i.e. 潮汐 is his killer (A-48), declares because of it too (小白, 老鬼, 浮萍: missions about their own
  death). 潮汐 must be in the game himself (A-37). Under 醬油同盟 the win is shared by the bystanders (A-77).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import BYSTANDER, CharacterDef, Mission, Skill

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

SENT = ("accept", "forced", "intercept")


class PokerFace(Skill):  # 城府
    __slots__ = ()
    character = "standard.chao_xi"
    skill_id = "C-CHAO_XI-1"

    def may_conceal(self, g: Game, seat: int) -> bool:
        return seat == self.owner and self.active(g)


class TimeLag(Skill):  # 时差
    __slots__ = ()
    character = "standard.chao_xi"
    skill_id = "C-CHAO_XI-2"
    listens = ("obtain",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.owner and g.is_black[data["card"]] and self.active(g) and bool(self._pairs(g))

    def _pairs(self, g: Game) -> list[tuple[int, int]]:
        return [(s.index, c) for s in g.seats if s.in_game and s.index != self.owner for c in s.intel]

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.choose_intel(g, self._pairs(g), self._take, optional=True)

    def _take(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.target < 0:
            return
        self.log(g, target=option.target, card=option.ref)
        g.intel_to_hand(option.target, option.ref, self.owner, by=self.owner)


def last_obtained(g: Game, seat: int) -> dict[str, Any] | None:
    """The data of the latest ``obtain`` event of ``seat`` (card, how, source), or None."""
    for e in reversed(g.events):
        if e.kind == "obtain" and e["seat"] == seat:
            return dict(e.data)
    return None


def because_of(g: Game, declarer: int, card: int, sender: int) -> bool:
    """Whether ``card`` (the last card ``declarer`` obtained, which ``sender`` sent) made his victory condition true:
    it killed him (a mission about his own death), or without it none of his victory conditions would hold."""
    seat = g.seats[declarer]
    if g.is_black[card]:
        if declarer in g.dying:
            return g.killer_of(declarer) == sender
        if declarer in g.death_order:
            return g.killers[g.death_order.index(declarer)] == sender
    if card not in seat.intel:
        return False
    rules = [r for r in g.victory_rules if r.owner == declarer]
    i = seat.intel.index(card)
    seat.intel.pop(i)
    try:
        return not any(r.can_declare(g) for r in rules)
    finally:
        seat.intel.insert(i, card)


class ChaoXiMission(Mission):
    __slots__ = ()
    character = "standard.chao_xi"

    def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> tuple[list[int], bool] | None:
        me = g.seats[self.owner]
        if me.identity != BYSTANDER or not me.in_game or declarer == self.owner:
            return None
        last = last_obtained(g, declarer)
        if last is None or last["how"] not in SENT or last["source"] != self.owner:
            return None
        if not because_of(g, declarer, last["card"], self.owner):
            return None
        return list(self.winners(g)), True


CHARACTER = CharacterDef("standard.chao_xi", rules=(PokerFace, TimeLag, ChaoXiMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI  # noqa: E402

AI = CharacterAI(rank=28, conceals=True)  # 城府
