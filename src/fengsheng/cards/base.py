"""What every card type provides: when and by whom it may be used, its targets, and its resolution.

One module per card type (``cards/lock.py`` …) subclasses :class:`CardHandler`; ``cards/__init__.py`` registers
them. The window kinds a card may be used in come from S-PASS-13 and the card texts (S-CARD-*).

A card used as a function card has its type's effect; as intelligence it has none (S-COMP-5). CardHandler.windows
holds the steps and phases each type may be used in (S-PASS-13); CardHandler.can_use lets a rule's permission beat
the card's own restriction, the golden rule (S-PRIO-1); CardHandler.dispose sends a used card to the discard pile
(S-TURN-9; 试探 has its own).

Implements: S-COMP-5, S-TURN-9, S-PRIO-1, S-PASS-13.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.core.events import Fizzled

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

NO_TARGET: list[tuple[int, int]] = [(-1, -1)]

ANYONE = "anyone"
CURRENT = "current"
OTHERS = "others"


class CardHandler:
    """Rules of one card type used as a function card (S-COMP-5)."""

    type: ClassVar[str] = ""
    windows: ClassVar[frozenset[str]] = frozenset()
    """Window kinds (``play``, ``step1``, ``step2``, ``end``) in which the card may be used at all."""
    hidden: ClassVar[bool] = False
    """True if the card is handed over face down, so others do not see its face (试探)."""
    users: ClassVar[str] = ANYONE
    """Who the card's own text lets use it: ``CURRENT`` (the current player only: 锁定, 试探, 真伪莫辨), ``OTHERS`` (截获)
    or ``ANYONE``; :meth:`allowed` refuses the rest. With ``needs_stack`` (识破: only against a use on the stack), this
    is what the edition's ``role_cards`` are made of: the rule index does not look at a card its holder cannot use by
    its own text where no rule gives permissions (``tests/contract/test_card_roles.py`` checks the declarations)."""
    needs_stack: ClassVar[bool] = False

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        """The card's own timing and user restrictions (the window kind is already in ``windows``)."""
        return True

    def can_use(self, g: Game, seat: int, win: Window) -> bool:
        """``allowed``, or permitted by a rule (a character skill beats the card text, S-PRIO-1)."""
        if self.allowed(g, seat, win):
            return True
        return bool(g.permit_rules) and g.permits(seat, self.type, win)

    def targets(self, g: Game, seat: int, win: Window) -> list[tuple[int, int]]:
        """Valid (target seat, ref) pairs; ``NO_TARGET`` for a card without a target, ``[]`` if none is valid."""
        return NO_TARGET

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        """Apply the effect. Set ``use.failed`` if it has lost its target. May push frames."""

    def dispose(self, g: Game, use: Use) -> None:
        """Where the card goes after resolving or being cancelled: the discard pile (S-TURN-9)."""
        g.discard.append(use.card)


def fail(g: Game, use: Use, why: str) -> None:
    """Mark a use as having lost its target (S-PRIO-10, A-31) and log it."""
    use.failed = True
    g.emit(Fizzled(use.uid, use.user, use.use, why))
