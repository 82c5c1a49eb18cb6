"""The 81 cards of the standard edition, from ``data/cards.csv`` (the specification's ``standard-cards.csv``).

9 types, each with one method (S-COMP-6).

Implements: S-COMP-6.
"""

from __future__ import annotations

import csv
from importlib import resources

from fengsheng.core.cards import Card


def load_deck(package: str = __package__ or "fengsheng.editions.standard") -> tuple[Card, ...]:
    """One :class:`Card` per physical card of ``package``'s ``data/cards.csv``, ids in row order (each row repeated
    ``count`` times). Every edition's card table has the same columns."""
    cards: list[Card] = []
    text = resources.files(package).joinpath("data/cards.csv").read_text(encoding="utf-8")
    for row in csv.DictReader(text.splitlines()):
        for _ in range(int(row["count"])):
            effect = row["probe_effect"].split(" ")[0] or None
            cards.append(
                Card(
                    id=len(cards),
                    type=row["card_type_id"],
                    colour=row["color"],
                    method=row["method"],
                    probe_identity=row["probe_identity_id"] or None,
                    probe_effect=effect,
                    probe_line=row["probe_else_declaration_zh"] or None,
                )
            )
    return tuple(cards)


DECK: tuple[Card, ...] = load_deck()
