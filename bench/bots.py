"""Bot benchmark: the strength of HeuristicBot against RandomBot, its decision latency, and simulation throughput.

    python bench/bots.py [--games N] [--players P] [--seed S] [--no-characters] [--sim-games N] [--json]
                         [--edition standard|qianzhi] [--mode MODE]

``--edition`` picks the edition (default standard), ``--mode`` one of its modes (千智: ``free``, ``beginner``,
``3v3``; a mode with fixed player counts needs a matching ``--players``).

Strength: three arms of ``--games`` games each (random seats: identities are dealt at random every game):

* arm A: every seat is a RandomBot;
* arm B: the underground (潜伏战线) seats are HeuristicBots, the others RandomBots;
* arm C: the military_intel (军情局) seats are HeuristicBots, the others RandomBots.

Which seat gets which bot is decided by the harness (``play_game(..., faction_factories=...)``, which hands them to
the ``Match`` as ``by_faction``: it looks at the identities once they are dealt, which is the experiment design); the
bots themselves see only their seat's view and events. Each faction's win rate is given with its 95% Wilson interval, and the rise from arm A (the issue's target:
underground +25 percentage points from A to B) with a 95% interval for the difference (Newcombe's hybrid score
method, from the two Wilson intervals).

Latency: every ``choose`` call is timed (``perf_counter_ns``, one process, so one core): HeuristicBot in arms B and C,
RandomBot in arm A; p50, p99 and max (the target for HeuristicBot: p99 < 2 ms). The time to build the view and the
events for the bot is the match's and is not included.

Throughput: ``fengsheng.sim.simulate`` games/s with 1 worker and with all cores (``workers=``) when the simulate
function takes a ``workers`` argument, else 1 worker only (the report says so).
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import platform
import sys
import tempfile
import time
from collections import Counter
from typing import Any

from fengsheng.bots import HeuristicBot, RandomBot
from fengsheng.bots.base import Bot
from fengsheng.config import Config
from fengsheng.core.cards import BYSTANDER, MILITARY_INTEL, UNDERGROUND
from fengsheng.core.options import Decision, Option
from fengsheng.report.stats import wilson  # the one 95% Wilson interval (report and benches)
from fengsheng.sim.runner import derive_seed, play_game

FACTIONS = (UNDERGROUND, MILITARY_INTEL, BYSTANDER)
Z95 = 1.959963984540054


def newcombe(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float, float]:
    """The difference p2 - p1 with its 95% interval (Newcombe 1998, method 10: hybrid Wilson score)."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, low, high


class TimedBot(Bot):
    """Wraps a bot and records the time of each of its ``choose`` calls (ns)."""

    def __init__(self, inner: Bot, sink: list[int]) -> None:
        super().__init__(inner.seat, inner.seed)
        self.inner = inner
        self.needs_view = inner.needs_view
        self.sink = sink

    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        t0 = time.perf_counter_ns()
        o = self.inner.choose(decision, view, events)
        self.sink.append(time.perf_counter_ns() - t0)
        return o


def run_arm(config: Config, games: int, seed: int, heuristic_faction: str | None) -> dict[str, Any]:
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    times: list[int] = []
    random_times: list[int] = []
    heur_seats = 0
    bots: list[HeuristicBot] = []

    def random_bot(seat: int, bot_seed: int) -> Bot:
        return TimedBot(RandomBot(seat, bot_seed), random_times)

    def heuristic(seat: int, bot_seed: int) -> Bot:
        b = HeuristicBot(seat, bot_seed)
        bots.append(b)
        return TimedBot(b, times)

    factories = {heuristic_faction: heuristic} if heuristic_faction else None
    t0 = time.perf_counter()
    for i in range(games):
        g = play_game(config, derive_seed(seed, i), random_bot, faction_factories=factories)
        assert g.result is not None
        for f in g.result["factions"]:
            wins[f] += 1
        reasons[g.result["reason"]] += 1
        if heuristic_faction:
            heur_seats += sum(1 for s in g.seats if s.identity == heuristic_faction)
    seconds = time.perf_counter() - t0
    out: dict[str, Any] = {
        "heuristic": heuristic_faction,
        "games": games,
        "wins": {f: wins[f] for f in FACTIONS},
        "rate": {f: round(wins[f] / games, 4) for f in FACTIONS},
        "ci95": {f: [round(x, 4) for x in wilson(wins[f], games)] for f in FACTIONS},
        "end_reasons": dict(sorted(reasons.items())),
        "seconds": round(seconds, 2),
        "games_per_s": round(games / seconds, 1),
        "random_latency": latency(random_times),
    }
    if heuristic_faction:
        out["heuristic_seats"] = heur_seats
        out["policy_fallbacks"] = sum(b.fallbacks for b in bots)
        out["latency"] = latency(times)
    return out


def latency(ns: list[int]) -> dict[str, Any]:
    if not ns:
        return {"decisions": 0}
    s = sorted(ns)

    def q(p: float) -> float:
        return s[min(len(s) - 1, int(p * len(s)))] / 1e6

    return {
        "decisions": len(s),
        "mean_ms": round(sum(s) / len(s) / 1e6, 4),
        "p50_ms": round(q(0.50), 4),
        "p90_ms": round(q(0.90), 4),
        "p99_ms": round(q(0.99), 4),
        "max_ms": round(s[-1] / 1e6, 3),
    }


def throughput(config: Config, games: int, seed: int) -> dict[str, Any]:
    from fengsheng.sim import simulate as sim_mod

    sim = sim_mod.simulate
    params = inspect.signature(sim).parameters
    has_workers = "workers" in params
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    out: dict[str, Any] = {"workers_supported": has_workers, "cores": cores}
    with tempfile.TemporaryDirectory() as tmp:
        for label, kw in (("random", {}), ("heuristic_underground", {"faction_bots": {UNDERGROUND: "heuristic"}})):
            if kw and "faction_bots" not in params:
                continue
            row: dict[str, Any] = {}
            s1 = sim(config, games, seed, failures_dir=tmp, **kw)
            row["games_per_s_1_worker"] = round(games / s1["seconds"], 1)
            if has_workers and cores > 1:
                sn = sim(config, games, seed, failures_dir=tmp, workers=cores, **kw)
                row["games_per_s_all_cores"] = round(games / sn["seconds"], 1)
                row["speed_up"] = round(s1["seconds"] / sn["seconds"], 2)
                row["same_wins"] = s1["wins_by_faction"] == sn["wins_by_faction"]
            row["errors"] = s1["errors"]
            out[label] = row
    if not has_workers:
        out["note"] = "fengsheng.sim.simulate has no workers argument: 1 worker only"
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000, help="games per arm (default %(default)s)")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-characters", dest="characters", action="store_false", default=True)
    ap.add_argument("--sim-games", type=int, default=400, help="games per throughput run (0: skip)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--edition", default="standard", help="the edition (default %(default)s)")
    ap.add_argument("--mode", default=None, help="the edition's mode (default: its first)")
    args = ap.parse_args(argv)
    extra: dict[str, Any] = {"mode": args.mode} if args.mode else {}
    config = Config(players=args.players, characters=args.characters, auto_pass=True, edition=args.edition, **extra)
    arms = {
        "A_all_random": run_arm(config, args.games, args.seed, None),
        "B_underground_heuristic": run_arm(config, args.games, args.seed, UNDERGROUND),
        "C_military_intel_heuristic": run_arm(config, args.games, args.seed, MILITARY_INTEL),
    }
    a, b, c = arms["A_all_random"], arms["B_underground_heuristic"], arms["C_military_intel_heuristic"]
    n = args.games
    rise = {
        UNDERGROUND: newcombe(a["wins"][UNDERGROUND], n, b["wins"][UNDERGROUND], n),
        MILITARY_INTEL: newcombe(a["wins"][MILITARY_INTEL], n, c["wins"][MILITARY_INTEL], n),
    }
    report: dict[str, Any] = {
        "edition": args.edition,
        "mode": args.mode,
        "players": args.players,
        "characters": args.characters,
        "auto_pass": True,
        "seed": args.seed,
        "games_per_arm": n,
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "arms": arms,
        "rise_pp": {
            f: {"delta": round(100 * d, 2), "ci95": [round(100 * lo, 2), round(100 * hi, 2)]}
            for f, (d, lo, hi) in rise.items()
        },
        "target_met": rise[UNDERGROUND][0] >= 0.25,
    }
    if args.sim_games > 0:
        report["throughput"] = throughput(config, args.sim_games, args.seed)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, sort_keys=True))
        return 0
    mode = f", mode {args.mode}" if args.mode else ""
    print(
        f"{n} games per arm, edition {args.edition}{mode}, {args.players} players,"
        f" characters {'on' if args.characters else 'off'}, auto-pass on"
    )
    for name, arm in arms.items():
        rates = "  ".join(
            f"{f} {100 * arm['rate'][f]:.1f}% [{100 * arm['ci95'][f][0]:.1f}, {100 * arm['ci95'][f][1]:.1f}]"
            for f in FACTIONS
        )
        print(f"  {name:<28} {rates}  ({arm['games_per_s']} games/s)")
    for f, (d, lo, hi) in rise.items():
        arm = "B" if f == UNDERGROUND else "C"
        print(f"  {f} win rate A -> {arm}: {100 * d:+.1f} pp [{100 * lo:+.1f}, {100 * hi:+.1f}]")
    print(f"  target (underground +25 pp): {'met' if report['target_met'] else 'NOT met'}")
    lat = a["random_latency"]
    print(f"  RandomBot latency (A): p50 {lat['p50_ms']} ms, p99 {lat['p99_ms']} ms over {lat['decisions']} decisions")
    for name in ("B_underground_heuristic", "C_military_intel_heuristic"):
        lat = arms[name]["latency"]
        print(
            f"  HeuristicBot latency ({name[0]}): p50 {lat['p50_ms']} ms, p99 {lat['p99_ms']} ms, max {lat['max_ms']} ms"
            f" over {lat['decisions']} decisions; policy fallbacks {arms[name]['policy_fallbacks']}"
        )
    tp = report.get("throughput")
    if tp:
        for label in ("random", "heuristic_underground"):
            row = tp.get(label)
            if not row:
                continue
            line = f"  simulate ({label}): {row['games_per_s_1_worker']} games/s with 1 worker"
            if "games_per_s_all_cores" in row:
                line += (
                    f", {row['games_per_s_all_cores']} with {tp['cores']} workers (x{row['speed_up']},"
                    f" same wins {row['same_wins']})"
                )
            print(line)
        if tp.get("note"):
            print("  " + tp["note"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
