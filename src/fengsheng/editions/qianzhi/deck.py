"""The 108 game cards of 千智风声, from ``data/cards.csv`` (Q-CARD-TABLE, Q-COMP-5).

13 types, each with one fixed method; 30 red, 30 blue, 48 black; 52 密電, 37 直達, 19 文本. 001 does not say which
試探 names which identity or which ones draw and which discard: the table follows A-85 (6 per identity, 2 of each
colour; per identity one card of each colour says "draw one" with the line 「其實我是卧底」, the other three "discard
one" with 「我是一個好人」).

Implements: Q-COMP-1, Q-COMP-2, Q-COMP-5, Q-CARD-TABLE.
"""

from __future__ import annotations

from fengsheng.core.cards import Card
from fengsheng.editions.standard.deck import load_deck

DECK: tuple[Card, ...] = load_deck(__package__ or "fengsheng.editions.qianzhi")
