"""Binomial rates with Wilson score intervals, and summary statistics of game lengths."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from statistics import NormalDist
from typing import Any


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile of a confidence level (1.959964 for 0.95)."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval (without continuity correction) of ``successes`` out of ``trials``.

    Unlike the normal ("Wald") interval it stays within [0, 1] and is sound for small counts and rates near 0 or 1:
    0/10 gives (0, 0.2775), 81/263 gives (0.2553, 0.3662) (Newcombe 1998).
    """
    if trials <= 0:
        raise ValueError(f"trials must be positive, not {trials!r}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be from 0 to trials ({trials}), not {successes!r}")
    z = z_value(confidence)
    n = trials
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denom
    # the exact bounds at 0 and n (rounding would otherwise leave e.g. 1e-17 or 0.99999999)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def rate(wins: int, games: int, confidence: float = 0.95) -> dict[str, Any]:
    """``{"wins", "games", "rate", "ci_low", "ci_high"}`` (``games`` > 0)."""
    low, high = wilson(wins, games, confidence)
    return {"wins": wins, "games": games, "rate": wins / games, "ci_low": low, "ci_high": high}


def describe(values: Sequence[float], confidence: float = 0.95) -> dict[str, Any]:
    """Count, mean (with a normal-approximation confidence interval), standard deviation, min, median and max."""
    n = len(values)
    if n == 0:
        return {
            "n": 0,
            "mean": None,
            "ci_low": None,
            "ci_high": None,
            "sd": None,
            "min": None,
            "median": None,
            "max": None,
        }
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if n > 1 else 0.0
    half = z_value(confidence) * sd / math.sqrt(n)
    return {
        "n": n,
        "mean": mean,
        "ci_low": mean - half,
        "ci_high": mean + half,
        "sd": sd,
        "min": min(values),
        "median": statistics.median(values),
        "max": max(values),
    }
