"""Engine benchmark: decisions/s and games/s on one core, random legal choices, auto-pass on and off; the cost of
``view(seat)``, of a deep copy, and the size of a pickled state.

    python bench/engine.py [--games N] [--players P] [--json]

Figures depend on the machine; the issue's target is >= 100,000 decisions/s and >= 500 games/s at 5 players.
"""

from __future__ import annotations

import argparse
import copy
import json
import pickle
import platform
import random
import sys
import time
from typing import Any

from fengsheng.config import Config
from fengsheng.game import Game


def run_games(
    players: int, games: int, auto_pass: bool, seed0: int = 0, characters: bool = False
) -> dict[str, float]:
    config = Config(players=players, auto_pass=auto_pass, characters=characters)
    decisions = 0
    turns = 0
    t0 = time.perf_counter()
    for i in range(games):
        g = Game.new(config, seed0 + i)
        rnd = random.Random(seed0 + i).random
        act = g.act
        while True:
            d = g.decision
            if d is None:
                break
            opts = d.options
            act(opts[int(rnd() * len(opts))])  # uniform choice (cheaper than randrange)
            decisions += 1
        turns += g.turn
    dt = time.perf_counter() - t0
    return {
        "decisions_per_s": decisions / dt,
        "games_per_s": games / dt,
        "decisions_per_game": decisions / games,
        "turns_per_game": turns / games,
        "seconds": dt,
    }


def sample_states(players: int, count: int, seed: int = 12345) -> list[Game]:
    """Games stopped at random decision points (for the view / copy / pickle figures)."""
    rng = random.Random(seed)
    out: list[Game] = []
    s = 0
    while len(out) < count:
        g = Game.new(Config(players=players), seed + s)
        s += 1
        stop = rng.randrange(1, 400)
        k = 0
        while g.decision is not None and k < stop:
            opts = g.decision.options
            g.act(opts[rng.randrange(len(opts))])
            k += 1
        if g.decision is not None:
            out.append(g)
    return out


def last_states(players: int, count: int, seed: int = 999) -> list[Game]:
    """Each game stopped at its last decision (the largest state it reaches: the longest event log)."""
    out: list[Game] = []
    for k in range(count):
        rng = random.Random(seed + k)
        g = Game.new(Config(players=players), seed + k)
        choices: list[int] = []
        while g.decision is not None:
            i = rng.randrange(len(g.decision.options))
            choices.append(i)
            g.step(i)
        g = Game.new(Config(players=players), seed + k)
        for i in choices[:-1]:
            g.step(i)
        out.append(g)
    return out


def time_views(states: list[Game]) -> float:
    t0 = time.perf_counter()
    n = 0
    for g in states:
        for seat in range(g.n):
            g.view(seat)
            n += 1
    return (time.perf_counter() - t0) / n


def time_copies(states: list[Game], deep: bool) -> float:
    t0 = time.perf_counter()
    for g in states:
        copy.deepcopy(g) if deep else g.copy()
    return (time.perf_counter() - t0) / len(states)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    off = run_games(args.players, args.games, auto_pass=False)
    on = run_games(args.players, args.games, auto_pass=True)
    ch_off = run_games(args.players, args.games, auto_pass=False, characters=True)
    ch_on = run_games(args.players, args.games, auto_pass=True, characters=True)
    states = sample_states(args.players, 200)
    view_us = time_views(states) * 1e6
    copy_us = time_copies(states, deep=True) * 1e6
    fast_copy_us = time_copies(states, deep=False) * 1e6
    late9 = last_states(9, 30)
    pickle_kb_9 = max(len(pickle.dumps(g)) for g in late9) / 1024
    pickle_kb = max(len(pickle.dumps(g)) for g in states) / 1024
    figures: dict[str, Any] = {
        "players": args.players,
        "games": args.games,
        "decisions_per_s": round(off["decisions_per_s"]),
        "games_per_s": round(off["games_per_s"], 1),
        "decisions_per_game": round(off["decisions_per_game"], 1),
        "auto_pass_decisions_per_s": round(on["decisions_per_s"]),
        "auto_pass_games_per_s": round(on["games_per_s"], 1),
        "auto_pass_decisions_per_game": round(on["decisions_per_game"], 1),
        "turns_per_game": round(off["turns_per_game"], 2),
        "characters_decisions_per_s": round(ch_off["decisions_per_s"]),
        "characters_games_per_s": round(ch_off["games_per_s"], 1),
        "characters_decisions_per_game": round(ch_off["decisions_per_game"], 1),
        "characters_auto_pass_decisions_per_s": round(ch_on["decisions_per_s"]),
        "characters_auto_pass_games_per_s": round(ch_on["games_per_s"], 1),
        "view_us": round(view_us, 1),
        "deepcopy_us": round(copy_us, 1),
        "copy_us": round(fast_copy_us, 1),
        "pickle_kb_max": round(pickle_kb, 1),
        "pickle_kb_max_9p": round(pickle_kb_9, 1),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"fengsheng engine, {args.players} players, {args.games} games per mode, one core, random legal choices")
        print(f"  auto-pass off: {figures['decisions_per_s']:>9,} decisions/s {figures['games_per_s']:>8} games/s "
              f"({figures['decisions_per_game']} decisions/game)")
        print(f"  auto-pass on:  {figures['auto_pass_decisions_per_s']:>9,} decisions/s "
              f"{figures['auto_pass_games_per_s']:>8} games/s ({figures['auto_pass_decisions_per_game']} decisions/game)")
        print(f"  characters, auto-pass off: {figures['characters_decisions_per_s']:>9,} decisions/s "
              f"{figures['characters_games_per_s']:>8} games/s ({figures['characters_decisions_per_game']} decisions/game)")
        print(f"  characters, auto-pass on:  {figures['characters_auto_pass_decisions_per_s']:>9,} decisions/s "
              f"{figures['characters_auto_pass_games_per_s']:>8} games/s")
        print(f"  view(seat): {figures['view_us']} µs   deepcopy: {figures['deepcopy_us']} µs   "
              f"Game.copy (pickle): {figures['copy_us']} µs   "
              f"pickle: max {figures['pickle_kb_max']} KB ({args.players}p), {figures['pickle_kb_max_9p']} KB (9p)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
