"""Opponents in a world who know what the real ones could know: each other seat's memory of the public events.

A world's other seats used to start with a fresh HeuristicBot: a flat identity belief, no memory of the game. The
real opponents have watched the searching seat accept, decline and send for many turns, and a rollout in which
nobody suspects it overrates every risky answer (an underground agent that has shown its colour is not sent red
by a real rival; in a fresh world it is). :class:`PublicModels` keeps, for every other seat and each identity it
may hold, a :class:`~fengsheng.bots.heuristic.memory.Memory` fed the searching seat's events *as that seat would
have seen them* (:func:`public_to`: the private fields of an event are dropped unless the seat is a party to it);
a world whose sampled identity of seat ``j`` is ``X`` plays ``j`` with a copy of the memory kept for ``(j, X)``.

What this does not model: what another seat saw privately and the searching seat did not (its own draws, a 试探
between two other seats, a card it inspected): those are not in the searching seat's events, so the model knows
less than the real seat there. Everything it is fed is the searching seat's own (its events), so it adds no
information the seat does not have: it is a model of the opponents, built from the seat's observations.
"""

from __future__ import annotations

from typing import Any

from fengsheng.bots.heuristic import HeuristicBot
from fengsheng.bots.heuristic.memory import Memory
from fengsheng.core.cards import BYSTANDER, MILITARY_INTEL, UNDERGROUND
from fengsheng.core.events import KINDS

IDENTITIES = (UNDERGROUND, MILITARY_INTEL, BYSTANDER)
ACTOR = ("seat", "user")
"""The keys naming the seat that sees an event's private fields (who drew, sent, used, decoded …)."""
AUDIENCE = {
    "probe": ("user", "target"),
    "take": ("seat", "from"),
    "give": ("seat", "to"),
    "identities_exchanged": ("seat", "target"),
}
"""The kinds whose private fields two seats see, and the keys naming them (the target of a face-down send or of a
card used on it does not see the card: the actor alone). ``tests/bots/test_search_opponents.py`` checks over whole
games that a seat is never given a field its own event stream does not hold."""
_HIDDEN_KEYS: dict[str, frozenset[str]] = {
    kind: frozenset(cls.renames.get(n, n) for n in cls.hidden) for kind, cls in KINDS.items() if cls.hidden
}
"""Event kind -> the keys of its dict form that only its audience sees."""


def public_to(e: dict[str, Any], seat: int) -> dict[str, Any]:
    """Event ``e`` (as the searching seat saw it) as ``seat`` would have seen it, as far as the searcher can tell:
    its private fields dropped unless ``seat`` is in its audience (:data:`AUDIENCE`). The dict is shared when
    nothing is dropped."""
    kind = e["kind"]
    hidden = _HIDDEN_KEYS.get(kind)
    if hidden is None or hidden.isdisjoint(e) or any(e.get(k) == seat for k in AUDIENCE.get(kind, ACTOR)):
        return e
    return {k: v for k, v in e.items() if k not in hidden}


class PublicModels:
    """Per other seat and identity, the memory that seat would have built from the public events (module doc)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.memories: dict[tuple[int, str], Memory] = {}
        self.events: list[dict[str, Any]] = []  # every event so far, until the player count is known
        self.n = 0

    def observe(self, events: list[dict[str, Any]]) -> None:
        """Take in the searching seat's new events."""
        if not self.n:
            self.events += events
            setup = next((e for e in self.events if e["kind"] == "setup"), None)
            if setup is None:
                return
            self.n = int(setup["players"])
            for s in range(self.n):
                if s != self.seat:
                    for ident in IDENTITIES:
                        m = self.memories[(s, ident)] = Memory(s)
                        m.identity = ident
            events, self.events = self.events, []
        for s in range(self.n):
            if s != self.seat:
                seen = [public_to(e, s) for e in events]  # once per seat, for the memory of each identity
                for ident in IDENTITIES:
                    self.memories[(s, ident)].observe(seen)

    def bot(self, seat: int, identity: str | None, seed: int) -> HeuristicBot:
        """A HeuristicBot for ``seat`` holding ``identity`` in a world, with a copy of the public memory (a fresh
        bot when there is none: an identity outside the three, or no setup seen)."""
        bot = HeuristicBot(seat, seed)
        m = self.memories.get((seat, identity or ""))
        if m is not None:
            bot.memory = m.copy()
        return bot


__all__ = ["ACTOR", "AUDIENCE", "PublicModels", "public_to"]
