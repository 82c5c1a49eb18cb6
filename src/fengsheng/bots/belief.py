"""The identity belief of one seat: a probability distribution over the identities of the other seats.

The belief is a distribution over **complete assignments** of the identities the seat does not know, consistent with
the identity distribution of the game (S-DIST: the counts in the ``setup`` event). Each assignment is weighted by the
product of the likelihoods of everything observed so far:

* **unary factors** ``L_s(identity)`` about one seat (a 试探 answer, taking or refusing a face-up card, …);
* **pairwise factors** ``L_ab(identity_a, identity_b)`` about two seats (a seat sending black to another, burning his
  false intelligence, cancelling his card …);
* **certainties**: identities the seat knows (its own, a dead or lost player's, one revealed by a skill or seen
  through 老枪's exchange). They remove the seat from the enumeration and reduce the counts left to deal.

With at most 9 seats there are at most 8! / (2! 3! 3!) = 560 assignments, so the exact posterior is enumerated. The
factors are kept in log space and only re-summed when something changed since the last query (``dirty``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import compress
from typing import Any

from fengsheng.core.cards import BYSTANDER, IDENTITIES, MILITARY_INTEL, UNDERGROUND

UG, MI, BY = 0, 1, 2
IDENTITY_INDEX = {UNDERGROUND: UG, MILITARY_INTEL: MI, BYSTANDER: BY}
FLOOR = 1e-9  # the smallest likelihood a factor may carry (certain evidence, without zeroing every assignment)

Triple = tuple[float, float, float]
Table = tuple[Triple, Triple, Triple]


def _log(x: float) -> float:
    return math.log(x if x > FLOOR else FLOOR)


def _assignments(seats: int, counts: tuple[int, int, int]) -> list[tuple[int, ...]]:
    """Every sequence of ``seats`` identity indexes using exactly ``counts`` of each identity."""
    out: list[tuple[int, ...]] = []
    cur: list[int] = []
    left = list(counts)

    def rec(k: int) -> None:
        if k == seats:
            out.append(tuple(cur))
            return
        for i in (UG, MI, BY):
            if left[i]:
                left[i] -= 1
                cur.append(i)
                rec(k + 1)
                cur.pop()
                left[i] += 1

    rec(0)
    return out


class IdentityBelief:
    """Posterior over the identities of ``n`` seats as seen by ``me`` (whose identity is known)."""

    __slots__ = ("_marginals", "counts", "dirty", "known", "logl", "me", "n", "pairs")

    def __init__(self, n: int, me: int, my_identity: str | None, distribution: Sequence[int]) -> None:
        self.n = n
        self.me = me
        self.counts = (int(distribution[0]), int(distribution[1]), int(distribution[2]))
        self.known: dict[int, int] = {}
        if my_identity in IDENTITY_INDEX:
            self.known[me] = IDENTITY_INDEX[my_identity]
        self.logl = [[0.0, 0.0, 0.0] for _ in range(n)]
        self.pairs: dict[tuple[int, int], list[list[float]]] = {}
        self._marginals: list[list[float]] = []
        self.dirty = True

    def copy(self) -> IdentityBelief:
        """An independent copy (a search copies its seat's belief for every rollout): the factors, changed in place
        by observations, are copied; the marginals (replaced, never changed, when recomputed) are shared."""
        new = IdentityBelief.__new__(IdentityBelief)
        new.n, new.me, new.counts = self.n, self.me, self.counts
        new.known = dict(self.known)
        new.logl = [list(row) for row in self.logl]
        new.pairs = {k: [list(row) for row in tbl] for k, tbl in self.pairs.items()}
        new._marginals = self._marginals
        new.dirty = self.dirty
        return new

    # --- observations ------------------------------------------------------------------------------------------
    def set_known(self, seat: int, identity: str) -> None:
        """The identity of ``seat`` is certain (revealed, or the seat's own)."""
        i = IDENTITY_INDEX.get(identity)
        if i is None or self.known.get(seat) == i:
            return
        self.known[seat] = i
        self.dirty = True

    def observe(self, seat: int, likelihood: Sequence[float], weight: float = 1.0) -> None:
        """A unary factor: ``likelihood[i]`` = P(observation | seat has identity i). ``weight`` tempers it."""
        if seat == self.me or seat in self.known:
            return
        row = self.logl[seat]
        for i in (UG, MI, BY):
            row[i] += weight * _log(likelihood[i])
        self.dirty = True

    def observe_pair(self, a: int, b: int, table: Sequence[Sequence[float]], weight: float = 1.0) -> None:
        """A pairwise factor: ``table[i][j]`` = P(observation | a has identity i, b has identity j)."""
        if a == b:
            return
        if a > b:
            a, b = b, a
            table = [[table[j][i] for j in (UG, MI, BY)] for i in (UG, MI, BY)]
        acc = self.pairs.get((a, b))
        if acc is None:
            acc = self.pairs[(a, b)] = [[0.0, 0.0, 0.0] for _ in range(3)]
        for i in (UG, MI, BY):
            for j in (UG, MI, BY):
                acc[i][j] += weight * _log(table[i][j])
        self.dirty = True

    def swap(self, a: int, b: int) -> None:
        """The identity cards of ``a`` and ``b`` change places in the model (致命香水's 臨危受命: the taker ``a`` now
        holds ``b``'s card; the index ``b`` stands for the taker's old card, out of the game: still one of the cards
        dealt, so the counts hold)."""
        if a == b:
            return
        swap = {a: b, b: a}
        self.known = {swap.get(s, s): i for s, i in self.known.items()}
        self.logl[a], self.logl[b] = self.logl[b], self.logl[a]
        pairs: dict[tuple[int, int], list[list[float]]] = {}
        for (x, y), tbl in self.pairs.items():
            x2, y2 = swap.get(x, x), swap.get(y, y)
            if x2 > y2:
                x2, y2 = y2, x2
                tbl = [[tbl[j][i] for j in (UG, MI, BY)] for i in (UG, MI, BY)]
            pairs[(x2, y2)] = tbl
        self.pairs = pairs
        self.dirty = True

    # --- queries -----------------------------------------------------------------------------------------------
    def marginals(self) -> list[list[float]]:
        """``m[seat][i]`` = P(seat has identity i), for every seat (known seats are one-hot); read only (the lists
        are shared by every belief in the same state, :data:`_MARGINALS`)."""
        if self.dirty or not self._marginals:
            key = self._state()
            m = _MARGINALS.get(key)
            if m is None:
                if len(_MARGINALS) >= MARGINALS_KEPT:
                    _MARGINALS.clear()
                m = _MARGINALS[key] = self._compute()
            self._marginals = m
            self.dirty = False
        return self._marginals

    def _state(self) -> _State:
        """Everything the marginals are computed from, hashable (the key of :data:`_MARGINALS`)."""
        pairs = tuple((k, tuple(map(tuple, t))) for k, t in sorted(self.pairs.items()))
        return (self.n, self.counts, tuple(sorted(self.known.items())), tuple(map(tuple, self.logl)), pairs)

    def belief(self) -> dict[int, dict[str, float]]:
        """Per other seat: ``{"underground": p, "military_intel": p, "bystander": p}``."""
        m = self.marginals()
        return {s: {IDENTITIES[i]: m[s][i] for i in (UG, MI, BY)} for s in range(self.n) if s != self.me}

    def _compute(self) -> list[list[float]]:
        n = self.n
        known = self.known
        unknown, rem, unary, pair_terms = self._factors()
        out = [[0.0, 0.0, 0.0] for _ in range(n)]
        for s, i in known.items():
            out[s][i] = 1.0
        if not unknown:
            return out
        if min(rem) < 0 or sum(rem) != len(unknown):
            # the certainties contradict the distribution (cannot happen in a real game): independent marginals
            for k, s in enumerate(unknown):
                out[s] = _normalise(unary[k])
            return out
        table, ws, total = self._weights(unknown, rem, unary, pair_terms)
        for k, s in enumerate(unknown):
            masks = table.masks[k]
            out[s] = [sum(compress(ws, masks[i])) / total for i in (UG, MI, BY)]
        return out

    def _factors(self) -> tuple[list[int], list[int], list[list[float]], list[tuple[int, int, list[list[float]]]]]:
        """The unknown seats, the identity counts left to deal, their unary log-likelihoods (with the pairwise
        factors involving a known seat folded in) and the pairwise factors between two unknown seats."""
        known = self.known
        unknown = [s for s in range(self.n) if s not in known]
        rem = list(self.counts)
        for i in known.values():
            rem[i] -= 1
        unary = [list(self.logl[s]) for s in unknown]
        pos = {s: k for k, s in enumerate(unknown)}
        pair_terms: list[tuple[int, int, list[list[float]]]] = []
        for (a, b), tbl in self.pairs.items():
            ka, kb = a in known, b in known
            if ka and kb:
                continue
            if ka:
                ia = known[a]
                row = unary[pos[b]]
                for j in (UG, MI, BY):
                    row[j] += tbl[ia][j]
            elif kb:
                ib = known[b]
                row = unary[pos[a]]
                for i in (UG, MI, BY):
                    row[i] += tbl[i][ib]
            else:
                pair_terms.append((pos[a], pos[b], tbl))
        return unknown, rem, unary, pair_terms

    def _weights(
        self,
        unknown: list[int],
        rem: list[int],
        unary: list[list[float]],
        pair_terms: list[tuple[int, int, list[list[float]]]],
    ) -> tuple[_Assignments, list[float], float]:
        """Every assignment of the unknown seats (by column) with its unnormalised weight, and their sum."""
        table = _assignments_of(len(unknown), (rem[0], rem[1], rem[2]))
        cols = table.cols
        # log-weight of every assignment, seat by seat (column-wise list operations: fast in CPython)
        rows = [[u[i] for i in col] for u, col in zip(unary, cols, strict=True)]
        for ia, ib, tbl in pair_terms:
            rows.append([tbl[a][b] for a, b in zip(cols[ia], cols[ib], strict=True)])
        logs = list(map(sum, zip(*rows, strict=True)))
        top = max(logs)
        exp = math.exp
        ws = [exp(x - top) for x in logs]
        return table, ws, sum(ws)

    def joint(self) -> tuple[list[int], list[tuple[int, ...]], list[float]]:
        """The posterior over complete assignments: the unknown seats, every assignment of identity indexes to
        them (in that order) and its probability. What a searcher samples whole worlds from: the marginals lose
        the correlations (two seats cannot both be the one bystander)."""
        unknown, rem, unary, pair_terms = self._factors()
        if not unknown:
            return [], [()], [1.0]
        if min(rem) < 0 or sum(rem) != len(unknown):
            return [], [()], [1.0]  # contradictory certainties (not in a real game): nothing to sample from
        table, ws, total = self._weights(unknown, rem, unary, pair_terms)
        assigns = list(zip(*table.cols, strict=True))
        return unknown, assigns, [w / total for w in ws]

    def sample(self, rng: random.Random) -> dict[int, str]:
        """One complete assignment of the unknown seats' identities drawn from the posterior (seat -> identity);
        deterministic given ``rng``'s state."""
        unknown, assigns, probs = self.joint()
        if not unknown:
            return {}
        pick = rng.choices(range(len(assigns)), weights=probs)[0]
        return {s: IDENTITIES[i] for s, i in zip(unknown, assigns[pick], strict=True)}


class _Assignments:
    """The assignments of one (seats, counts) case, stored by column: ``cols[k][j]`` is the identity of the k-th
    unknown seat in assignment j, ``masks[k][i][j]`` whether it is identity i."""

    __slots__ = ("cols", "masks")

    def __init__(self, assigns: list[tuple[int, ...]]) -> None:
        m = len(assigns[0]) if assigns else 0
        self.cols = [[a[k] for a in assigns] for k in range(m)]
        self.masks = [[[x == i for x in col] for i in (UG, MI, BY)] for col in self.cols]


_State = tuple[Any, ...]
MARGINALS_KEPT = 4096
"""The most belief states whose marginals :data:`_MARGINALS` keeps (it starts again empty when full)."""
_MARGINALS: dict[_State, list[list[float]]] = {}
"""Marginals by belief state (:meth:`IdentityBelief._state`), shared by the beliefs of one process: a search's
rollouts start fresh bots whose beliefs are mostly in the same few states (the flat prior, a 试探 answer or two), so
most queries are answered without enumerating the assignments again. A pure function's memo: no seat's knowledge
reaches another seat through it."""
_ASSIGNMENTS: dict[tuple[int, tuple[int, int, int]], _Assignments] = {}


def _assignments_of(seats: int, counts: tuple[int, int, int]) -> _Assignments:
    """The assignments of ``seats`` seats with ``counts`` of each identity, built once per process: they are pure
    combinatorics (no seat's knowledge in them), and the fresh bots of every rollout ask for the same few cases."""
    key = (seats, counts)
    table = _ASSIGNMENTS.get(key)
    if table is None:
        table = _ASSIGNMENTS[key] = _Assignments(_assignments(seats, counts))
    return table


def entropy(p: Sequence[float]) -> float:
    """The entropy (bits) of a distribution over identities: how much a seat's identity is still uncertain."""
    return -sum(x * math.log2(x) for x in p if x > 1e-12)


def _normalise(logs: Sequence[float]) -> list[float]:
    top = max(logs)
    ws = [math.exp(x - top) for x in logs]
    t = sum(ws)
    return [w / t for w in ws]


__all__ = ["BY", "FLOOR", "IDENTITY_INDEX", "MI", "UG", "IdentityBelief", "entropy"]
