"""The card and identity tables the HeuristicBot knows, per edition: the edition's deck (card ids are public facts
about it) and its identity table (the rows per player count), read from the edition object so that the bot plays
each edition from that edition's own data, never a copy of it.

:func:`tables_for` gives the tables of an edition by id; the module constants are the standard edition's (kept for
the code and tests that name them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from fengsheng.core.cards import BLACK, BLUE, DRAW_1, DRAW_2, PROBE, RED, Card
from fengsheng.editions import get_edition

COLOURS3 = (RED, BLUE, BLACK)
DRAW_EFFECTS = frozenset({DRAW_2, DRAW_1})
"""The 试探 effects by which the probed player draws (standard: two, S-CARD-PROBE; 千智: one, Q-CARD-PROBE-1)."""


@dataclass(frozen=True)
class Tables:
    """One edition's public card facts and identity table, as the bot reads them."""

    edition: str
    deck: tuple[Card, ...]
    card_type: tuple[str, ...]
    card_colour: tuple[str, ...]
    card_method: tuple[str, ...]
    probe_ids: tuple[int, ...]
    draw_line: str | None
    """The line printed on a 试探 whose effect makes the target draw (it names the effect when said aloud)."""
    total_colours: dict[str, int]
    card_types: frozenset[str]
    distribution: dict[int, tuple[int, int, int]]
    """The identity rows (underground, military_intel, bystander) per player count: the default a seat assumes when
    no setup event told it the game's row."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Tables:
        """Itself: one edition's tables are built once and never changed, so a copied bot (a search's model of
        itself, copied for every rollout) shares them instead of copying 81–108 cards."""
        return self


@cache
def tables_for(edition: str) -> Tables:
    """The tables of edition ``edition`` (built once, from the edition object)."""
    ed = get_edition(edition)
    deck = ed.deck
    return Tables(
        edition=edition,
        deck=deck,
        card_type=tuple(c.type for c in deck),
        card_colour=tuple(c.colour for c in deck),
        card_method=tuple(c.method for c in deck),
        probe_ids=tuple(c.id for c in deck if c.type == PROBE),
        draw_line=next((c.probe_line for c in deck if c.probe_effect in DRAW_EFFECTS), None),
        total_colours={col: sum(1 for c in deck if c.colour == col) for col in COLOURS3},
        card_types=frozenset(c.type for c in deck),
        distribution=dict(ed.distribution),
    )


STANDARD = tables_for("standard")
STANDARD_DECK = STANDARD.deck
CARD_TYPE = STANDARD.card_type
CARD_COLOUR = STANDARD.card_colour
CARD_METHOD = STANDARD.card_method
PROBE_IDS = STANDARD.probe_ids
DRAW_LINE = STANDARD.draw_line
TOTAL_COLOURS = STANDARD.total_colours
CARD_TYPES = STANDARD.card_types

__all__ = [
    "CARD_COLOUR",
    "CARD_METHOD",
    "CARD_TYPE",
    "CARD_TYPES",
    "COLOURS3",
    "DRAW_EFFECTS",
    "DRAW_LINE",
    "PROBE_IDS",
    "STANDARD",
    "STANDARD_DECK",
    "TOTAL_COLOURS",
    "Tables",
    "tables_for",
]
