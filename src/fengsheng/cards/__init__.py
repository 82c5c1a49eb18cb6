"""The function card types, one module each (S-COMP-6, S-CARD-*): the shared rules an edition plugs in by type id.

An edition lists the handlers it uses (``editions/standard/__init__.py``); a game reaches them as ``g.handlers``.
A card type that differs between editions gets its own module in that edition.
"""

from __future__ import annotations

from fengsheng.cards.base import CardHandler

__all__ = ["CardHandler"]
