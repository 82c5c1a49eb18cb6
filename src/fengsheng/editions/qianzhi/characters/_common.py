"""Pieces several 千智风声 characters share: their kill missions (「親手讓…死亡」), their play-phase and
「傳遞到你」 timings, the turn-wide uses.

A personal kill (親手) is the standard meaning (A-48): the killer is the player whose black intelligence was the
fatal one (``Game.killer_of``); killing yourself never counts. A kill mission names a property of the victim
**as he dies** (no red/blue intelligence, no hand card, three or more red/blue intelligence): it is judged when his
death begins (the ``dying`` event, before his cards are discarded, Q-DEATH-2) and counts once he is dead (a rescued
player has not died, A-30). The owner must be in the game to win by it (A-37).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import Mission
from fengsheng.core.state import W_PLAY, W_STEP2

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


def own_play_phase(g: Game, seat: int, window: Window) -> bool:
    """「在你的出牌階段」: the play window of ``seat``'s own turn."""
    return window.kind == W_PLAY and g.current == seat


def reaches_you(g: Game, seat: int, window: Window) -> bool:
    """「當情報傳遞到你面前時」: the Step-2 window of a pass whose intelligence is in front of ``seat`` now."""
    p = g.passing
    return window.kind == W_STEP2 and p is not None and not p.finished and p.step == W_STEP2 and p.holder == seat


class KillMission(Mission):
    """「親手讓一位…的玩家死亡」: the owner killed a player who, as his death began, met :meth:`victim_fits`."""

    __slots__ = ("victims",)
    listens = ("dying",)

    def __init__(self, owner: int) -> None:
        super().__init__(owner)
        self.victims: list[int] = []

    def victim_fits(self, g: Game, victim: int) -> bool:
        return False

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        victim = data["seat"]
        return bool(data["killer"] == self.owner) and victim != self.owner and self.victim_fits(g, victim)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.victims.append(data["seat"])

    def mission_met(self, g: Game) -> bool:
        return g.seats[self.owner].in_game and any(not g.seats[v].alive for v in self.victims)
