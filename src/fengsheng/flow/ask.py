"""A generic question to one seat, answered through the decision protocol (for skills and effects).

``Ask`` holds the options and a continuation ``then(g, option, data)``: a bound method of a Rule (or a module-level
function), which keeps the frame plain data that pickles and copies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fengsheng.core.options import Decision, Option
from fengsheng.core.state import Frame

if TYPE_CHECKING:
    from fengsheng.game import Game

Then = Callable[["Game", Option, Any], None]


class Ask(Frame):
    __slots__ = ("context", "data", "kind", "options", "private", "seat", "then")

    def __init__(
        self,
        seat: int,
        kind: str,
        options: tuple[Option, ...],
        then: Then,
        context: str = "",
        data: Any = None,
        private: bool = False,
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.options = options
        self.then = then
        self.context = context
        self.data = data if data is not None else {}
        self.private = private

    def run(self, g: Game) -> Decision | None:
        if not self.options:
            raise AssertionError(f"Ask without options ({self.context})")
        return tuple.__new__(Decision, (self.seat, self.kind, self.options, self.context, self.private))

    def answer(self, g: Game, option: Option) -> None:
        g.frames.pop()
        self.then(g, option, self.data)

    def describe(self) -> dict[str, Any]:
        return {"frame": "Ask", "seat": self.seat, "kind": self.kind, "context": self.context}


Later = Callable[["Game", Any], None]


class Continue(Frame):
    """Run ``then(g, data)`` once the frames pushed above it are done (sequencing a multi-step effect after, e.g.,
    the deaths an earlier step caused have settled)."""

    __slots__ = ("data", "then")

    def __init__(self, then: Later, data: Any = None) -> None:
        self.then = then
        self.data = data if data is not None else {}

    def run(self, g: Game) -> Decision | None:
        g.frames.pop()
        self.then(g, self.data)
        return None

    def describe(self) -> dict[str, Any]:
        return {"frame": "Continue"}
