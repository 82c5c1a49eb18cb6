"""The Wilson score interval against published values, and the length statistics."""

from __future__ import annotations

import pytest

from fengsheng.report import describe, rate, wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3 (Wilson)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (29, 29, 0.8830, 1.0),
        # symmetric and boundary cases
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_matches_published_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_wilson_other_confidence_and_symmetry() -> None:
    assert wilson(5, 10, 0.99) == pytest.approx((0.18423, 0.81577), abs=5e-5)
    lo, hi = wilson(3, 17)
    lo2, hi2 = wilson(14, 17)
    assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
    assert wilson(500, 1000)[1] - wilson(500, 1000)[0] < wilson(50, 100)[1] - wilson(50, 100)[0]  # narrows with n


@pytest.mark.parametrize(("k", "n", "conf"), [(1, 0, 0.95), (-1, 5, 0.95), (6, 5, 0.95), (1, 5, 1.0), (1, 5, 0.0)])
def test_wilson_rejects_bad_input(k: int, n: int, conf: float) -> None:
    with pytest.raises(ValueError):
        wilson(k, n, conf)


def test_rate_and_describe() -> None:
    r = rate(3, 12)
    assert r["wins"] == 3 and r["games"] == 12 and r["rate"] == 0.25
    assert (r["ci_low"], r["ci_high"]) == wilson(3, 12)
    d = describe([2, 4, 4, 4, 5, 5, 7, 9])
    assert d["n"] == 8 and d["mean"] == 5.0 and d["median"] == 4.5 and d["min"] == 2 and d["max"] == 9
    assert d["sd"] == pytest.approx(2.13809, abs=1e-5)
    assert d["ci_low"] < 5.0 < d["ci_high"]
    assert describe([])["mean"] is None
