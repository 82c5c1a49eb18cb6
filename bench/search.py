"""SearchBot against HeuristicBot: seat-paired matches, decision latency, and strength against budget.

    python bench/search.py [--games N] [--iterations K] [--table K1,K2,...] [--table-games N] [--latency-games G]
                           [--players P] [--seed S] [--workers W] [--png FILE] [--rows FILE [--resume]] [--json]
    python bench/search.py --from-rows FILE... [--iterations K] [--png FILE] [--json]

Two arms, 5 players (``--players``), characters on, auto-pass on (bots only):

* ``underground``: the underground (潜伏战线) seats are SearchBots (``--iterations`` rollouts per searched decision),
  every other seat a HeuristicBot;
* ``military_intel``: the same with the military_intel (军情局) seats.

**Paired seats.** Game ``i`` of every arm is played twice from the same seed: once with every seat a HeuristicBot
(the baseline) and once with the arm's faction searching. The deal, the identities, the characters (chosen before
identities are dealt, by the default bot) and every bot's seed are the same, so the pair differs only by the search.
The result is the difference of the faction's win rate, search − baseline, with a 95% interval from the per-game
differences (normal approximation), and each win rate with its 95% Wilson interval. Target (issue 14): ≥ +8 points,
interval above zero, in both arms.

**Latency**: every searched decision (``SearchBot.last_searched``) is timed around ``choose`` (``perf_counter``, in
the worker: on a machine whose cores are busy the figures are high); p50 and p95 per arm at ``--iterations``, and
at the default time budget (``DEFAULT_BUDGET_MS``) over ``--latency-games`` games of the underground arm.

**Budget table**: the paired difference for each budget of ``--table`` (``--table-games`` games per arm and
budget), and with ``--png`` a plot of it (matplotlib, ``.[report]``).

``--rows FILE`` keeps every game's outcome, written as each game ends (a run stopped early keeps its games);
``--resume`` continues such a run (the same command) from its file: the games it holds are kept and only the
rest are played; ``--from-rows`` summarises such files together (runs with other ``--seed`` are other games, so
they pool). Either way a measurement too long for one sitting is made in parts.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from fengsheng.bots import HeuristicBot, SearchBot
from fengsheng.bots.base import Bot
from fengsheng.bots.search import DEFAULT_BUDGET_MS
from fengsheng.config import Config
from fengsheng.core.cards import MILITARY_INTEL, UNDERGROUND
from fengsheng.core.options import Decision, Option
from fengsheng.report.stats import wilson
from fengsheng.sim.runner import derive_seed, play_game

Z95 = 1.959963984540054
ARMS = (UNDERGROUND, MILITARY_INTEL)


class Timed(SearchBot):
    """A SearchBot whose searched decisions are timed (the bot itself reads no clock on an iteration budget)."""

    def __init__(self, seat: int, seed: int, **kw: Any) -> None:
        super().__init__(seat, seed, **kw)
        self.latencies: list[float] = []

    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        t = time.perf_counter()
        option = super().choose(decision, view, events)
        if self.last_searched:
            self.latencies.append((time.perf_counter() - t) * 1000.0)
        return option


def play(job: tuple[Any, ...]) -> dict[str, Any]:
    """One game: ``(run seed, index, players, faction or None for the baseline, iterations or None for the default
    time budget)``. Returns which factions won, and the searching seats' latencies."""
    run_seed, index, players, faction, iterations, kw = job
    seed = derive_seed(run_seed, "game", index)
    config = Config(players=players, characters=True, auto_pass=True)
    bots: list[Timed] = []

    def factory(seat: int, bot_seed: int) -> Bot:
        bot = Timed(seat, bot_seed, iterations=iterations, **kw)
        bots.append(bot)
        return bot

    t = time.perf_counter()
    g = play_game(
        config,
        seed,
        lambda s, b: HeuristicBot(s, b),
        faction_factories={faction: factory} if faction else None,
    )
    assert g.result is not None
    return {
        "run_seed": run_seed,
        "index": index,
        "faction": faction,
        "iterations": iterations,
        "bot": kw,
        "factions": list(g.result.get("factions") or []),
        "latencies": [x for b in bots for x in b.latencies],
        "searched": sum(b.searched for b in bots),
        "unbuilt": sum(b.unbuilt for b in bots),
        "seconds": time.perf_counter() - t,
    }


def percentile(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]


def paired(base: dict[tuple[int, int], dict[str, Any]], rows: list[dict[str, Any]], faction: str) -> dict[str, Any]:
    """The faction's win rate with and without search on the same games, and the paired difference."""
    rows = [r for r in rows if (r["run_seed"], r["index"]) in base]
    n = len(rows)
    won = [faction in r["factions"] for r in rows]
    was = [faction in base[(r["run_seed"], r["index"])]["factions"] for r in rows]
    diffs = [int(a) - int(b) for a, b in zip(won, was, strict=True)]
    mean = sum(diffs) / n if n else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    half = Z95 * math.sqrt(var / n) if n else 0.0
    lat = [x for r in rows for x in r["latencies"]]
    return {
        "games": n,
        "search_win_rate": sum(won) / n if n else None,
        "search_win_rate_95": wilson(sum(won), n) if n else None,
        "heuristic_win_rate": sum(was) / n if n else None,
        "heuristic_win_rate_95": wilson(sum(was), n) if n else None,
        "difference": mean,
        "difference_95": (mean - half, mean + half),
        "games_changed": sum(1 for d in diffs if d),
        "searched_decisions_per_game": sum(r["searched"] for r in rows) / n if n else None,
        "unbuilt_per_game": sum(r["unbuilt"] for r in rows) / n if n else None,
        "latency_ms_p50": percentile(lat, 0.5),
        "latency_ms_p95": percentile(lat, 0.95),
        "seconds_per_game": sum(r["seconds"] for r in rows) / n if n else None,
    }


def plot(table: list[dict[str, Any]], path: str) -> None:
    import matplotlib
    import matplotlib.ticker

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    colours = {UNDERGROUND: "#c0392b", MILITARY_INTEL: "#2c3e80"}
    for k, faction in enumerate(ARMS):
        rows = [r for r in table if r["faction"] == faction]
        xs = [r["iterations"] * (1.0 + 0.03 * (k - 0.5)) for r in rows]  # a small offset so the bars do not overlap
        ys = [100 * r["difference"] for r in rows]
        lo = [100 * (r["difference"] - r["difference_95"][0]) for r in rows]
        hi = [100 * (r["difference_95"][1] - r["difference"]) for r in rows]
        ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3, label=faction, color=colours[faction])
        for x, y, r in zip(xs, ys, rows, strict=True):
            ax.annotate(f"{y:+.1f} ({r['games']})", (x, y), textcoords="offset points", xytext=(4, 4), fontsize=7)
    ax.axhline(0, color="grey", lw=0.8)
    ax.axhline(8, color="grey", lw=0.8, ls="--")
    ax.set_xscale("log")
    budgets = sorted({r["iterations"] for r in table})
    ax.set_xticks(budgets, [str(b) for b in budgets])
    ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    ax.set_xlabel("rollouts per searched decision")
    ax.set_ylabel("win rate, search − heuristic (points, 95%)")
    ax.set_title("SearchBot vs HeuristicBot, seat-paired, 5 players")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def job_key(run_seed: int, index: int, faction: str | None, iterations: int | None, bot: dict[str, Any]) -> str:
    """What makes a game of a run the same game: its seed, index, searching faction, budget and bot settings."""
    return json.dumps([run_seed, index, faction, iterations, bot], sort_keys=True)


def resumed(path: str, jobs: list[tuple[Any, ...]]) -> tuple[list[dict[str, Any]], list[tuple[Any, ...]]]:
    """The rows of ``path`` that are games of ``jobs`` (a run of the same command stopped early), and the jobs left.
    A truncated last line (the run was killed while writing it) is dropped and that game played again."""
    wanted = {job_key(j[0], j[1], j[3], j[4], j[5]): j for j in jobs}
    kept: dict[str, dict[str, Any]] = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        good = []
        for line in lines:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            key = job_key(r["run_seed"], r["index"], r["faction"], r["iterations"], r["bot"])
            if key in wanted and key not in kept:
                kept[key] = r
                good.append(line)
        with open(path, "w", encoding="utf-8") as f:  # the file holds exactly the kept games before it grows
            f.write("".join(line + "\n" for line in good))
    return list(kept.values()), [j for k, j in wanted.items() if k not in kept]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=2000, help="games per arm at --iterations (default %(default)s)")
    p.add_argument("--iterations", type=int, default=50, help="rollouts per searched decision (default %(default)s)")
    p.add_argument("--table", default="", help="budgets for the strength table, e.g. 50,200,1000 (default: none)")
    p.add_argument("--table-games", type=int, default=0, help="games per arm and budget of --table (default --games)")
    p.add_argument("--latency-games", type=int, default=1, help="games at the default time budget (default 1)")
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--seed", type=int, default=14)
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--png", default=None, help="write the strength-vs-budget plot here")
    p.add_argument("--rows", default=None, help="also write every game's outcome here (JSON lines)")
    p.add_argument(
        "--resume",
        action="store_true",
        help="with --rows: keep the games that file already holds (a run stopped early) and play only the rest",
    )
    p.add_argument(
        "--from-rows",
        nargs="+",
        default=None,
        metavar="FILE",
        help="play nothing: summarise the games of earlier --rows files (runs of other seeds pool; their budgets "
        "must include --iterations)",
    )
    p.add_argument(
        "--horizon",
        type=int,
        default=None,
        help="truncate rollouts after this many turns, 0 = to the end (default: the bot's)",
    )
    p.add_argument("--z", type=float, default=None, help="the control's margin in standard errors (default: the bot's)")
    p.add_argument(
        "--top", type=int, default=None, help="options the root compares, 0 = every one (default: the bot's)"
    )
    p.add_argument(
        "--opponents",
        choices=("public", "fresh"),
        default=None,
        help="how a world's other seats are played: with their public memory, or fresh (default: the bot's)",
    )
    p.add_argument(
        "--stack",
        action="store_true",
        help="the bot also searches its responses on a non-empty stack (the bot's default since 2026-12-07)",
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    given = (
        ("horizon", args.horizon),
        ("z", args.z),
        ("top", args.top),
        ("opponents", args.opponents),
        ("stack", args.stack or None),
    )
    kw: dict[str, Any] = {k: v for k, v in given if v is not None}
    budgets = sorted({int(x) for x in args.table.split(",") if x.strip()} | {args.iterations})
    table_games = args.table_games or args.games
    per_budget = {b: (args.games if b == args.iterations else table_games) for b in budgets}
    n_base = max(per_budget.values())
    jobs: list[tuple[Any, ...]] = [(args.seed, i, args.players, None, None, {}) for i in range(n_base)]
    for b in budgets:
        jobs += [(args.seed, i, args.players, f, b, kw) for i in range(per_budget[b]) for f in ARMS]
    jobs += [(args.seed, n_base + i, args.players, UNDERGROUND, None, kw) for i in range(args.latency_games)]
    start = time.perf_counter()
    if args.from_rows:
        rows = []
        for path in args.from_rows:
            with open(path, encoding="utf-8") as f:
                rows += [json.loads(line) for line in f if line.strip()]
        budgets = sorted({r["iterations"] for r in rows if r["faction"] and r["iterations"] is not None})
    else:
        rows = []
        if args.resume:
            if not args.rows:
                p.error("--resume needs --rows")
            rows, jobs = resumed(args.rows, jobs)
        # each game's row is written as it comes (a long run stopped early keeps its games for --from-rows)
        with contextlib.ExitStack() as stack:
            mode = "a" if args.resume else "w"
            out = stack.enter_context(open(args.rows, mode, encoding="utf-8")) if args.rows else None
            if args.workers > 1:
                done: Iterable[dict[str, Any]] = stack.enter_context(ProcessPoolExecutor(args.workers)).map(
                    play, jobs, chunksize=1
                )
            else:
                done = map(play, jobs)
            for r in done:
                rows.append(r)
                if out is not None:
                    out.write(json.dumps(r) + "\n")
                    out.flush()
    base = {(r["run_seed"], r["index"]): r for r in rows if r["faction"] is None}
    table = []
    for b in budgets:
        for f in ARMS:
            got = [r for r in rows if r["faction"] == f and r["iterations"] == b]
            table.append({"faction": f, "iterations": b, **paired(base, got, f)})
    timed = [x for r in rows if r["faction"] and r["iterations"] is None for x in r["latencies"]]
    main_rows = {f: next(t for t in table if t["faction"] == f and t["iterations"] == args.iterations) for f in ARMS}
    report: dict[str, Any] = {
        "players": args.players,
        "characters": True,
        "seed": args.seed,
        "workers": args.workers,
        "cpus": os.cpu_count(),
        "iterations": args.iterations,
        "bot": kw,
        "games_per_arm": main_rows[UNDERGROUND]["games"],
        "run_seeds": sorted({r["run_seed"] for r in rows}),
        "arms": main_rows,
        "latency_default_budget": {
            "budget_ms": DEFAULT_BUDGET_MS,
            "decisions": len(timed),
            "p50_ms": percentile(timed, 0.5),
            "p95_ms": percentile(timed, 0.95),
            "max_ms": max(timed) if timed else None,
        },
        "table": table,
        "target": {
            "difference_at_least": 0.08,
            "met": all(r["difference"] >= 0.08 and r["difference_95"][0] > 0 for r in main_rows.values()),
        },
        "seconds": round(time.perf_counter() - start, 1),
    }
    if args.png:
        plot(table, args.png)
        report["png"] = args.png
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(
        f"{args.players} players, characters on, {args.iterations} rollouts per searched decision, "
        f"{report['games_per_arm']} games per arm, {report['seconds']} s on {args.workers} workers"
    )
    for f, r in main_rows.items():
        lo, hi = r["difference_95"]
        latency = (
            f"latency p50 {r['latency_ms_p50']:.0f} ms p95 {r['latency_ms_p95']:.0f} ms"
            if r["latency_ms_p50"] is not None
            else "no latencies in the rows"  # the kept rows files have theirs emptied (bench/results/README.md)
        )
        print(
            f"{f:15}: search {r['search_win_rate']:.3f} vs heuristic {r['heuristic_win_rate']:.3f}: "
            f"{100 * r['difference']:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]; "
            f"{r['searched_decisions_per_game']:.1f} searched decisions/game, {latency}"
        )
    lat = report["latency_default_budget"]
    if lat["decisions"]:
        print(
            f"default budget ({DEFAULT_BUDGET_MS:.0f} ms): {lat['decisions']} decisions, p50 {lat['p50_ms']:.0f} ms, "
            f"p95 {lat['p95_ms']:.0f} ms, max {lat['max_ms']:.0f} ms"
        )
    print("rollouts  faction          games  difference (95%)")
    for r in table:
        lo, hi = r["difference_95"]
        print(
            f"{r['iterations']:8}  {r['faction']:15} {r['games']:6}  {100 * r['difference']:+.1f} "
            f"[{100 * lo:+.1f}, {100 * hi:+.1f}]"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
