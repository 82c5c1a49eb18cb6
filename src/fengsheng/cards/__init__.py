"""The nine standard function cards, one module each, registered by type id (S-COMP-6, S-CARD-*)."""

from __future__ import annotations

from fengsheng.cards import (
    burn,
    decode,
    intercept,
    lock,
    lure_away,
    probe,
    return_,
    see_through,
    true_or_false,
)
from fengsheng.cards.base import CardHandler
from fengsheng.core.state import WINDOW_KINDS

HANDLERS: dict[str, CardHandler] = {
    m.HANDLER.type: m.HANDLER
    for m in (lock, lure_away, intercept, return_, decode, burn, see_through, probe, true_or_false)
}

WINDOW_TYPES: dict[str, frozenset[str]] = {
    kind: frozenset(t for t, h in HANDLERS.items() if kind in h.windows) for kind in WINDOW_KINDS
}
"""Card types usable at all in each window kind (S-PASS-13)."""

__all__ = ["HANDLERS", "WINDOW_TYPES", "CardHandler"]
