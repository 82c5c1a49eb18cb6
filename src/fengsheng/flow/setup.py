"""Setting up a game (S-SETUP, S-DIST): identities, the deck, starting hands and the first player.

Order: (characters: the characters issue) → identities dealt face down (S-SETUP-4) → the 81 cards shuffled and 3
dealt to each player (S-SETUP-5) → a random first player (S-SETUP-6, A-53).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.core.cards import STANDARD_DECK
from fengsheng.core.events import Event
from fengsheng.core.options import Decision
from fengsheng.core.state import Frame
from fengsheng.flow.turn import TurnCycle
from fengsheng.rules.victory import IDENTITY_RULES

if TYPE_CHECKING:
    from fengsheng.game import Game

STARTING_HAND = 3


def assign_identities(g: Game, identities: list[str]) -> None:
    """Give each seat its identity (private to that seat) and the victory rule it brings (S-ID)."""
    for seat, ident in zip(g.seats, identities, strict=True):
        seat.identity = ident
        g.events.append(Event("identity", {"seat": seat.index}, {"identity": ident}, (seat.index,)))
        rule = IDENTITY_RULES.get(ident)
        if rule is not None:
            g.add_rule(rule(seat.index))


class Setup(Frame):
    __slots__ = ()

    def run(self, g: Game) -> Decision | None:
        pool = g.config.identity_pool()
        g.rng.shuffle(pool)
        g.events.append(
            Event(
                "setup",
                {"players": g.n, "distribution": list(g.config.distribution), "variants": list(g.config.variants)},
            )
        )
        assign_identities(g, pool)
        g.deck = list(range(len(STANDARD_DECK)))
        g.rng.shuffle(g.deck)
        for s in range(g.n):
            g.draw(s, STARTING_HAND)
        first = g.rng.randrange(g.n)
        g.current = first
        g.events.append(Event("first_player", {"seat": first}))
        g.frames[-1] = TurnCycle(first)
        return None
