"""IdentityBelief: a posterior over complete identity assignments consistent with the distribution (S-DIST)."""

from __future__ import annotations

import math

import pytest

from fengsheng.bots.belief import BY, MI, UG, IdentityBelief, _assignments


def column_sums(b: IdentityBelief) -> list[float]:
    m = b.marginals()
    return [sum(m[s][i] for s in range(b.n)) for i in (UG, MI, BY)]


def test_prior_is_the_distribution_without_my_own_card() -> None:
    b = IdentityBelief(5, 0, "underground", (2, 2, 1))  # S-DIST-1: 5 players = 2/2/1
    bel = b.belief()
    assert set(bel) == {1, 2, 3, 4}
    for s in bel:
        assert bel[s]["underground"] == pytest.approx(1 / 4)
        assert bel[s]["military_intel"] == pytest.approx(2 / 4)
        assert bel[s]["bystander"] == pytest.approx(1 / 4)
    assert column_sums(b) == pytest.approx([2, 2, 1])


@pytest.mark.parametrize(("n", "dist"), [(3, (1, 1, 1)), (6, (3, 3, 0)), (7, (3, 3, 1)), (9, (3, 3, 3))])
def test_marginals_always_match_the_counts(n: int, dist: tuple[int, int, int]) -> None:
    b = IdentityBelief(n, 1, "military_intel", dist)
    b.observe(0, (0.9, 0.05, 0.05))
    b.observe_pair(0, 2, ((0.1, 2.0, 1.0), (2.0, 0.1, 1.0), (1.0, 1.0, 1.0)))
    assert column_sums(b) == pytest.approx(list(dist))
    for row in b.marginals():
        assert sum(row) == pytest.approx(1.0)


def test_enumeration_size() -> None:
    # 9 players 3/3/3, one seat known: 8! / (2! 3! 3!) assignments of the other eight
    assert len(_assignments(8, (2, 3, 3))) == math.factorial(8) // (2 * 6 * 6) == 560


def test_certainty_removes_a_seat_and_its_identity() -> None:
    b = IdentityBelief(5, 0, "underground", (2, 2, 1))
    b.set_known(3, "underground")  # the other underground seat: nobody else can be one
    bel = b.belief()
    assert bel[3]["underground"] == 1.0
    for s in (1, 2, 4):
        assert bel[s]["underground"] == 0.0
        assert bel[s]["military_intel"] == pytest.approx(2 / 3)


def test_hard_evidence_is_near_certain_and_propagates() -> None:
    b = IdentityBelief(5, 0, "underground", (2, 2, 1))
    b.observe(2, (1.0, 1e-12, 1e-12))  # e.g. drew for "潜伏战线? draw 2"
    bel = b.belief()
    assert bel[2]["underground"] > 0.999
    assert all(bel[s]["underground"] < 0.001 for s in (1, 3, 4))  # only one underground seat was left


def test_pairwise_factor_couples_two_seats() -> None:
    b = IdentityBelief(7, 0, "underground", (3, 3, 1))
    b.set_known(2, "underground")
    before = b.belief()[1]["underground"]
    # seat 1 sent black to seat 2: unlikely between teammates
    b.observe_pair(1, 2, ((0.35, 2.0, 1.0), (2.0, 0.35, 1.0), (1.0, 1.0, 1.0)))
    assert b.belief()[1]["underground"] < before
    assert column_sums(b) == pytest.approx([3, 3, 1])


def test_contradiction_does_not_break() -> None:
    b = IdentityBelief(4, 0, "underground", (1, 1, 2))
    b.observe(1, (1.0, 1e-12, 1e-12))  # says underground, but there is no other underground seat
    for row in b.marginals():
        assert sum(row) == pytest.approx(1.0)
        assert all(0.0 <= x <= 1.0 for x in row)


def brute_force(b: IdentityBelief) -> list[list[float]]:
    """The posterior by its definition: every distinct deal of the remaining identity cards, weighted by every
    factor."""
    from itertools import permutations

    unknown = [s for s in range(b.n) if s not in b.known]
    pool = [i for i in (UG, MI, BY) for _ in range(b.counts[i] - list(b.known.values()).count(i))]
    acc = [[0.0] * 3 for _ in range(b.n)]
    total = 0.0
    for deal in set(permutations(pool)):
        ident = dict(b.known)
        ident.update(zip(unknown, deal, strict=True))
        lw = sum(b.logl[s][ident[s]] for s in unknown)
        lw += sum(t[ident[x]][ident[y]] for (x, y), t in b.pairs.items())
        w = math.exp(lw)
        total += w
        for s in range(b.n):
            acc[s][ident[s]] += w
    return [[x / total for x in row] for row in acc]


@pytest.mark.parametrize("seed", range(6))
def test_marginals_equal_the_brute_force_posterior(seed: int) -> None:
    import random

    rng = random.Random(seed)
    n, dist = [(5, (2, 2, 1)), (7, (3, 3, 1)), (8, (3, 3, 2))][seed % 3]
    b = IdentityBelief(n, 0, "bystander" if seed % 2 else "underground", dist)
    for _ in range(8):
        b.observe(rng.randrange(n), [rng.uniform(0.05, 1.0) for _ in range(3)])
        x, y = rng.sample(range(n), 2)
        b.observe_pair(x, y, [[rng.uniform(0.1, 2.0) for _ in range(3)] for _ in range(3)])
    if seed >= 3:
        b.set_known(n - 1, "military_intel")
    got, want = b.marginals(), brute_force(b)
    for s in range(n):
        assert got[s] == pytest.approx(want[s], abs=1e-9)
