"""Events: the game's log. Each event is public, or has a private part seen only by an audience of seats.

``Event(kind, data, private, audience)``:

* ``data`` is what every seat (and a spectator) sees;
* ``private`` (optional) is merged in for the seats in ``audience`` only. Everyone else sees the event without it,
  which is how draws, 检视 (破译) and 试探 texts stay hidden.

The list of event kinds and their fields is in ``docs/engine.md``.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    kind: str
    data: dict[str, Any]
    private: dict[str, Any] | None = None
    audience: tuple[int, ...] = ()

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` sees it (``None`` = spectator)."""
        d = {"kind": self.kind, **self.data}
        if self.private is not None and seat is not None and seat in self.audience:
            d.update(self.private)
        return d

    def full(self) -> dict[str, Any]:
        """The uncensored event (for records and tests, never for a seat)."""
        d = {"kind": self.kind, **self.data}
        if self.private is not None:
            d.update(self.private)
            d["audience"] = list(self.audience)
        return d
