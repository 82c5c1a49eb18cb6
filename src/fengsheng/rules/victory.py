"""Victory conditions as rules (S-ID, S-WIN, S-VAR).

Every seat gets the victory rule of its identity at setup; character missions (the characters issue) are further
rules of the same kind. The engine only asks rules; it has no victory logic of its own beyond "last player
standing" (S-WIN-8, A-28).

Red intelligence is what 潜伏战线 needs, blue what 军情局 needs (S-INTEL-1). A faction's win is shared by the faction, the
dead included, never by a player who lost; a bystander wins alone (S-WIN-2, A-27). A mission counts only for a
bystander (S-ID-4, S-WIN-9).

Implements: S-ID-1..4, S-INTEL-1, S-VAR-1, S-VAR-2, S-WIN-2, S-WIN-9.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.core.cards import BLUE, BYSTANDER, MILITARY_INTEL, RED, UNDERGROUND
from fengsheng.rules.base import Rule

if TYPE_CHECKING:
    from fengsheng.game import Game


class FactionVictory(Rule):
    """潜伏战线 / 军情局: one player of the faction obtains 3 (S-VAR-2: 4) red / blue intelligence (S-ID-1, S-ID-2).

    Ruling (docs/rulings.md, R-1): the declaration is offered to the player whose own intelligence meets the
    condition. Offering it to his teammates would tell them who their teammate is.
    """

    __slots__ = ()
    identity: ClassVar[str] = ""
    colour: ClassVar[str] = ""

    def can_declare(self, g: Game) -> bool:
        seat = g.seats[self.owner]
        target = g.faction_target
        intel = seat.intel
        if len(intel) < target or not seat.in_game or seat.identity != self.identity:
            return False
        colour = self.colour
        card_colour = g.card_colour
        count = 0
        for c in intel:  # a loop, not a generator: asked for every faction rule whenever intelligence settles
            if card_colour[c] == colour:
                count += 1
        return count >= target

    def winners(self, g: Game) -> list[int]:
        # S-WIN-2, A-27: the whole faction wins, the dead included; players who have lost never win.
        return [s.index for s in g.seats if s.identity == self.identity and not s.lost]


class UndergroundVictory(FactionVictory):
    __slots__ = ()
    rule_id = "S-ID-1"
    identity = UNDERGROUND
    colour = RED


class MilitaryIntelVictory(FactionVictory):
    __slots__ = ()
    rule_id = "S-ID-2"
    identity = MILITARY_INTEL
    colour = BLUE


class BystanderMission(Rule):
    """Base of the 打酱油的 secret missions (S-ID-3, S-ID-4): a mission is a victory condition only for a bystander.

    Subclasses (one per character, in the characters issue) implement :meth:`mission_met`. The win is personal,
    except under 醬油同盟 (S-VAR-1), where every bystander who has not lost shares it.
    """

    __slots__ = ()
    rule_id = "S-ID-3"
    bystander_only = True

    def mission_met(self, g: Game) -> bool:
        return False

    def can_declare(self, g: Game) -> bool:
        if not g.counts_missions(self.owner):
            return False  # S-ID-4; Q-MODE-3: in the mission mode every player's mission counts, whatever his identity
        return self.mission_met(g)

    def winners(self, g: Game) -> list[int]:
        if g.config.bystander_alliance and not g.missions_for_all:
            return [s.index for s in g.seats if s.identity == BYSTANDER and not s.lost]
        return [self.owner]
