"""What each seat has been told privately, kept in the state as events are emitted (``State.knowledge``), so that
``view(seat)`` never rescans the log. One learner per event kind that carries private knowledge worth keeping."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.engine.state import State

Learner = Callable[["State", "Event"], None]
LEARNERS: dict[str, Learner] = {}


def learns(kind: str) -> Callable[[Learner], Learner]:
    """Register the learner of an event kind."""

    def register(fn: Learner) -> Learner:
        LEARNERS[kind] = fn
        return fn

    return register


def _audience(e: Event) -> tuple[int, ...]:
    return e.audience or ()


@learns("probe")
def _probe(g: State, e: Event) -> None:
    """The 试探 texts a seat used or received (S-CARD-PROBE-3): both of them read the card."""
    for s in _audience(e):
        g.knowledge[s].probes.append(e.for_seat(s))


@learns("identities_exchanged")
def _identities(g: State, e: Event) -> None:
    """老枪's exchange: each of the two saw the other's identity card (and his own)."""
    a: int = e["seat"]
    b: int = e["target"]
    ids: list[Any] = e["identities"]
    for s in _audience(e):
        k = g.knowledge[s].identities
        k[a], k[b] = ids[0], ids[1]


@learns("characters_dealt")
def _dealt(g: State, e: Event) -> None:
    for s in _audience(e):
        g.knowledge[s].dealt = list(e["characters"])
