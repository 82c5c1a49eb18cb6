"""Fit SearchBot's value of a position (``fengsheng.bots.search.value``) from HeuristicBot self-play.

    python scripts/fit_search_value.py [--games N] [--seed S] [--holdout F] [--out FILE]

Plays ``--games`` 5-player games with characters, every seat a HeuristicBot, and records, at the first decision of
every turn (where a truncated rollout stops), :func:`~fengsheng.bots.search.value.features` for every seat with the
label "this seat is among the winners". Fits one L2-regularised logistic regression per identity (Newton's method,
pure Python) on the first games and reports log loss and accuracy on the held-out last ``--holdout`` fraction of
games (split by game, since positions of one game are correlated), against a constant (the training base rate).
Deterministic given its seed: the same arguments write the same file.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from fengsheng.bots import HeuristicBot
from fengsheng.bots.base import Bot
from fengsheng.bots.search.value import DATA, FEATURES, features, group, logistic
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.sim.runner import derive_seed, play_game

Row = tuple[str, list[float], float]


def positions(seed: int, players: int) -> list[Row]:
    """One self-play game's (group, features, won) rows, one per seat at the first decision of every turn."""
    snaps: list[tuple[int, list[tuple[str, list[float]]]]] = []
    last = [-1]

    def on_decision(g: Game) -> None:
        if g.decision is not None and g.turn != last[0]:
            last[0] = g.turn
            snaps.append((g.turn, [(group(s.identity), features(g, s.index)) for s in g.seats]))

    def factory(seat: int, bot_seed: int) -> Bot:
        return HeuristicBot(seat, bot_seed)

    g = play_game(Config(players=players, characters=True, auto_pass=True), seed, factory, on_decision=on_decision)
    winners = set((g.result or {}).get("winners", ()))
    return [(grp, x, float(seat in winners)) for _, seats in snaps for seat, (grp, x) in enumerate(seats)]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b (Gaussian elimination with partial pivoting; a is small and positive definite here)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(xs: list[list[float]], ys: list[float], l2: float, steps: int = 12) -> list[float]:
    """L2-regularised logistic regression by Newton's method (the bias is not penalised)."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys, strict=True):
            p = logistic(w, x)
            e = p - y
            s = p * (1.0 - p)
            for i in range(k):
                if x[i]:
                    grad[i] += e * x[i]
                    xi = s * x[i]
                    row = hess[i]
                    for j in range(k):
                        if x[j]:
                            row[j] += xi * x[j]
        for i in range(1, k):
            grad[i] += l2 * w[i]
            hess[i][i] += l2
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def metrics(ps: list[float], ys: list[float]) -> dict[str, float]:
    """Mean log loss and accuracy (threshold 0.5) of predictions ``ps``."""
    eps = 1e-12
    loss = -sum(y * math.log(max(p, eps)) + (1 - y) * math.log(max(1 - p, eps)) for p, y in zip(ps, ys, strict=True))
    acc = sum((p >= 0.5) == (y >= 0.5) for p, y in zip(ps, ys, strict=True))
    return {"log_loss": round(loss / len(ys), 4), "accuracy": round(acc / len(ys), 4)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=1500)
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--seed", type=int, default=14)
    p.add_argument("--holdout", type=float, default=0.2)
    p.add_argument("--l2", type=float, default=1.0)
    p.add_argument("--out", default=str(DATA))
    a = p.parse_args(argv)
    train_games = int(a.games * (1 - a.holdout))
    train: dict[str, tuple[list[list[float]], list[float]]] = {}
    test: dict[str, tuple[list[list[float]], list[float]]] = {}
    for i in range(a.games):
        for grp, x, y in positions(derive_seed(a.seed, "value", i), a.players):
            xs, ys = (train if i < train_games else test).setdefault(grp, ([], []))
            xs.append(x)
            ys.append(y)
    coefficients: dict[str, list[float]] = {}
    report: dict[str, Any] = {}
    for grp in sorted(train):
        xs, ys = train[grp]
        w = fit(xs, ys, a.l2)
        coefficients[grp] = [round(v, 6) for v in w]
        base = sum(ys) / len(ys)
        txs, tys = test.get(grp, ([], []))
        if tys:
            report[grp] = {
                "train_positions": len(ys),
                "test_positions": len(tys),
                "model": metrics([logistic(w, x) for x in txs], tys),
                "constant": metrics([base] * len(tys), tys),
            }
    out = {
        "features": list(FEATURES),
        "coefficients": coefficients,
        "fit": {"games": a.games, "players": a.players, "seed": a.seed, "holdout": a.holdout, "l2": a.l2},
        "held_out": report,
    }
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    json.dump(report, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
