"""The card tables the HeuristicBot knows: the standard edition's deck (card ids are public facts about it)."""

from __future__ import annotations

from fengsheng.core.cards import BLACK, BLUE, DRAW_2, PROBE, RED
from fengsheng.editions.standard.deck import DECK as STANDARD_DECK

COLOURS3 = (RED, BLUE, BLACK)
CARD_TYPE = tuple(c.type for c in STANDARD_DECK)
CARD_COLOUR = tuple(c.colour for c in STANDARD_DECK)
CARD_METHOD = tuple(c.method for c in STANDARD_DECK)
PROBE_IDS = tuple(c.id for c in STANDARD_DECK if c.type == PROBE)
DRAW_LINE = next(c.probe_line for c in STANDARD_DECK if c.probe_effect == DRAW_2)
TOTAL_COLOURS = {col: sum(1 for c in STANDARD_DECK if c.colour == col) for col in COLOURS3}
CARD_TYPES = frozenset(CARD_TYPE)

__all__ = [
    "CARD_COLOUR",
    "CARD_METHOD",
    "CARD_TYPE",
    "CARD_TYPES",
    "COLOURS3",
    "DRAW_LINE",
    "PROBE_IDS",
    "STANDARD_DECK",
    "TOTAL_COLOURS",
]
