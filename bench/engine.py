"""Engine benchmark: decisions/s and games/s on one core, random legal choices, auto-pass on and off; the cost of
``view(seat)``, of a deep copy, and the size of a pickled state.

    python bench/engine.py [--games N] [--players P] [--json]

Figures depend on the machine; the issue's target is >= 100,000 decisions/s and >= 500 games/s at 5 players.

Anchors, measured in the same run so that the machine cancels out (optional extra ``bench``:
``pip install -e '.[bench]'``; without it their keys are null): RLCard's UNO (``rlcard.make('uno')``) and OpenSpiel's
Dou Dizhu (``pyspiel.load_game("dou_dizhu")``), random legal actions, chance nodes sampled by their probabilities,
decisions = player actions. The target is fengsheng's ``decisions_per_s`` >= 3x RLCard UNO's.
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
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from fengsheng.config import Config
from fengsheng.game import Game

ANCHOR_TARGET = 3.0  # fengsheng decisions/s >= 3x RLCard UNO's
INSTALL_HINT = "pip install -e '.[bench]'"
ANCHOR_KEYS = (
    "rlcard_uno_decisions_per_s",
    "openspiel_doudizhu_decisions_per_s",
    "ratio_vs_rlcard_uno",
    "ratio_vs_openspiel_doudizhu",
    "rlcard_version",
    "open_spiel_version",
)


def run_games(players: int, games: int, auto_pass: bool, seed0: int = 0, characters: bool = False) -> dict[str, float]:
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


def _version(dist: str) -> str | None:
    try:
        return version(dist)
    except PackageNotFoundError:
        return None


def rlcard_uno(min_decisions: int, seed: int = 0) -> float | None:
    """RLCard's UNO, random legal actions through the environment API: decisions/s over whole games until at least
    ``min_decisions`` (None if rlcard is not installed)."""
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": seed})
    rnd = random.Random(seed).random
    decisions = 0
    t0 = time.perf_counter()
    while decisions < min_decisions:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rnd() * len(legal))])
            decisions += 1
    return decisions / (time.perf_counter() - t0)


def openspiel_doudizhu(min_decisions: int, seed: int = 0) -> float | None:
    """OpenSpiel's Dou Dizhu, random legal actions, chance nodes (the deal) sampled by their probabilities:
    player actions per second over whole games until at least ``min_decisions`` (None if open_spiel is missing)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("dou_dizhu")
    rnd = random.Random(seed).random
    decisions = 0
    t0 = time.perf_counter()
    while decisions < min_decisions:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r = rnd()
                action = outcomes[-1][0]
                for a, p in outcomes:
                    r -= p
                    if r < 0:
                        action = a
                        break
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rnd() * len(legal))])
                decisions += 1
    return decisions / (time.perf_counter() - t0)


def anchors(min_decisions: int, fengsheng_decisions_per_s: float) -> dict[str, Any]:
    """The anchor figures (null where the extra is not installed) and fengsheng's ratio to each."""
    uno = rlcard_uno(min_decisions)
    ddz = openspiel_doudizhu(min_decisions)
    return {
        "rlcard_uno_decisions_per_s": round(uno) if uno is not None else None,
        "openspiel_doudizhu_decisions_per_s": round(ddz) if ddz is not None else None,
        "ratio_vs_rlcard_uno": round(fengsheng_decisions_per_s / uno, 2) if uno else None,
        "ratio_vs_openspiel_doudizhu": round(fengsheng_decisions_per_s / ddz, 2) if ddz else None,
        "rlcard_version": _version("rlcard") if uno is not None else None,
        "open_spiel_version": _version("open_spiel") if ddz is not None else None,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--anchor-decisions",
        type=int,
        default=100_000,
        help="decisions played by each anchor (whole games; default %(default)s)",
    )
    ap.add_argument("--no-anchors", action="store_true", help="skip the RLCard / OpenSpiel anchors (keys null)")
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
    if args.no_anchors:
        figures.update(dict.fromkeys(ANCHOR_KEYS))
    else:
        figures.update(anchors(args.anchor_decisions, off["decisions_per_s"]))
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"fengsheng engine, {args.players} players, {args.games} games per mode, one core, random legal choices")
        print(
            f"  auto-pass off: {figures['decisions_per_s']:>9,} decisions/s {figures['games_per_s']:>8} games/s "
            f"({figures['decisions_per_game']} decisions/game)"
        )
        print(
            f"  auto-pass on:  {figures['auto_pass_decisions_per_s']:>9,} decisions/s "
            f"{figures['auto_pass_games_per_s']:>8} games/s ({figures['auto_pass_decisions_per_game']} decisions/game)"
        )
        print(
            f"  characters, auto-pass off: {figures['characters_decisions_per_s']:>9,} decisions/s "
            f"{figures['characters_games_per_s']:>8} games/s ({figures['characters_decisions_per_game']} decisions/game)"
        )
        print(
            f"  characters, auto-pass on:  {figures['characters_auto_pass_decisions_per_s']:>9,} decisions/s "
            f"{figures['characters_auto_pass_games_per_s']:>8} games/s"
        )
        print(
            f"  view(seat): {figures['view_us']} µs   deepcopy: {figures['deepcopy_us']} µs   "
            f"Game.copy (pickle): {figures['copy_us']} µs   "
            f"pickle: max {figures['pickle_kb_max']} KB ({args.players}p), {figures['pickle_kb_max_9p']} KB (9p)"
        )
        print(anchor_text(figures, args.no_anchors))
    return 0


def anchor_text(f: dict[str, Any], skipped: bool) -> str:
    """The anchors part of the text output."""
    if skipped:
        return "  anchors: skipped (--no-anchors)"
    lines = ["  anchors, same run, random legal actions (decisions/s):"]
    uno, ddz = f["rlcard_uno_decisions_per_s"], f["openspiel_doudizhu_decisions_per_s"]
    if uno is not None:
        ok = "met" if f["ratio_vs_rlcard_uno"] >= ANCHOR_TARGET else "NOT met"
        lines.append(
            f"    RLCard UNO (rlcard {f['rlcard_version']}): {uno:>9,}   fengsheng / UNO = "
            f"{f['ratio_vs_rlcard_uno']}x (target >= {ANCHOR_TARGET:g}x: {ok})"
        )
    else:
        lines.append(f"    RLCard UNO: not measured, rlcard is not installed ({INSTALL_HINT})")
    if ddz is not None:
        lines.append(
            f"    OpenSpiel Dou Dizhu (open_spiel {f['open_spiel_version']}): {ddz:>9,}   fengsheng / Dou Dizhu = "
            f"{f['ratio_vs_openspiel_doudizhu']}x"
        )
    else:
        lines.append(f"    OpenSpiel Dou Dizhu: not measured, open_spiel is not installed ({INSTALL_HINT})")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
