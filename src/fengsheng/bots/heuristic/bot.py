"""HeuristicBot: plays from an identity belief and a one-step look-ahead on where intelligence ends up.

**What it sees.** Only its seat's view and the events its seat saw (``Bot.choose``): it accumulates the events itself
(the runner passes only the new ones) in its :class:`~fengsheng.bots.heuristic.memory.Memory`, which also keeps the
identity belief (:mod:`fengsheng.bots.belief`, fed the likelihoods of :mod:`~fengsheng.bots.heuristic.evidence`).

**At each decision** it builds a :class:`~fengsheng.bots.heuristic.policy.Policy` from the view and the memory: the
derived values of :mod:`~fengsheng.bots.heuristic.features` (what a card is worth in front of each seat, where a card
in transit would go) and the choice among the options. What it knows of each character (rank, 城府, missions, how to
value and answer its skills) is declared beside the character (:mod:`fengsheng.bots.ai`). Ties and blind choices
use the bot's own seeded RNG, so the bot is deterministic given its seed.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from fengsheng.bots.base import Bot
from fengsheng.bots.belief import IdentityBelief
from fengsheng.bots.heuristic.memory import Memory
from fengsheng.bots.heuristic.policy import HANDLERS, Policy, fallback
from fengsheng.core.options import Decision, Option


class HeuristicBot(Bot):
    needs_view = True
    editions = ("standard", "qianzhi")  # it reads each one's card and identity tables (heuristic.tables)

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.rng = random.Random(seed)
        self.memory = Memory(seat)
        self.strict = False  # raise policy errors instead of falling back (tests)
        self.fallbacks = 0  # decisions answered by the fallback after a policy error

    @property
    def identity(self) -> str | None:
        return self.memory.identity

    @property
    def model(self) -> IdentityBelief | None:
        return self.memory.model

    def fork(self, seed: int) -> HeuristicBot:
        """An independent copy that knows what this bot knows (its memory and belief, copied) and draws from a new
        RNG seeded ``seed``: what a search plays its own seat with in a rollout. Cheaper than ``copy.deepcopy``,
        which would also copy the 625-word state of an RNG that is replaced at once, and walk the memory generically
        (:meth:`Memory.copy` copies only what changes)."""
        new = copy.copy(self)
        new.memory = self.memory.copy()
        new.rng = random.Random(seed)
        return new

    # --- the interface -----------------------------------------------------------------------------------------
    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        mem = self.memory
        if view is not None:
            mem.view = view
        if events:
            mem.observe(events)
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        if view is None or decision.kind not in HANDLERS:  # nothing to see, or an unknown kind: a safe answer
            return fallback(decision)
        try:
            mem.take_view(view)
            choice = Policy(mem, view, self.rng).decide(decision)
        except Exception:
            if self.strict:
                raise
            self.fallbacks += 1  # a policy bug must never stop a game: a safe legal answer instead
            return fallback(decision)
        if choice in opts:
            return choice
        if self.strict:
            raise AssertionError(f"policy chose {choice} not among {[str(o) for o in opts]}")
        self.fallbacks += 1
        return fallback(decision)

    def rank(self, decision: Decision) -> list[Option]:
        """The options of ``decision``, best first by the policy's values, at the position of the last view this bot
        was given (:meth:`choose` or :meth:`update` on the same decision first): what a search tries first
        (``Policy.ranked``). Draws nothing from the bot's RNG, so asking does not change its later answers."""
        mem = self.memory
        if not mem.view or decision.kind not in HANDLERS:
            return list(decision.options)
        return Policy(mem, mem.view, random.Random(0)).ranked(decision)

    def update(self, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> None:
        """Take in new events (and the current view) without deciding anything, e.g. to inspect :meth:`belief`."""
        mem = self.memory
        if view is not None:
            mem.view = view
        if events:
            mem.observe(events)
        if view is not None:
            mem.take_view(view)

    def belief(self) -> dict[int, dict[str, float]]:
        """Per other seat, the probabilities of its identities: ``{seat: {"underground": p, ...}}``."""
        m = self.memory.model
        if m is None:
            n = self.memory.n or 0
            dist = self.memory.distribution or [0, 0, 0]
            tot = sum(dist) or 1
            return {
                s: {"underground": dist[0] / tot, "military_intel": dist[1] / tot, "bystander": dist[2] / tot}
                for s in range(n)
                if s != self.seat
            }
        return m.belief()


__all__ = ["HeuristicBot"]
