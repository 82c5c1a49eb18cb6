"""RL environment benchmark: PettingZoo AEC steps per second with observation encoding, random masked actions, and
PettingZoo's ``leduc_holdem_v4`` measured the same way in the same run; the cost of cloning.

    .venv/bin/python bench/rl.py [--seconds S] [--rounds R] [--players P] [--json]

Both environments run the same loop, the one PettingZoo's documentation shows: ``for agent in env.agent_iter():
obs, reward, term, trunc, info = env.last()``; a finished agent steps ``None``; otherwise a uniformly random action
among ``np.flatnonzero(obs["action_mask"])`` (from a ``random.Random``, no global numpy RNG); a new game
(``env.reset()``) when one ends. A step is one ``env.step`` with an action; ``env.last()`` encodes the observation
each time. fengsheng: ``fengsheng.rl.env(players=P, characters=True)`` with ``raw_view=False`` (the headline,
``fengsheng_steps_per_s``: the observation tensor and mask, no view dict in ``infos``) and with the default
``raw_view=True`` (``fengsheng_raw_view_steps_per_s``: ``g.view(seat)`` in ``infos`` at every step). The two
environments take turns for ``--seconds`` each, ``--rounds`` times, so that a slow spell of a shared machine falls on
both; figures are steps over summed wall-clock seconds, and ``*_cpu_steps_per_s`` over this process's CPU time.
leduc_holdem_v4 needs ``pettingzoo[classic]`` (rlcard), in the ``bench`` extra; its keys are null without it.
``ratio_vs_leduc`` = fengsheng / leduc steps per second (wall clock); the target is >= 2.

Clone costs, microseconds per copy (median of 5 passes over 40 mid-game states, 60 random steps in):
``game_clone_us`` (``Game.clone()``), ``env_clone_us`` (``env.clone()``: the game's clone plus the encoder's memory
and the AEC bookkeeping), ``env_resample_us`` (``env.resample(agent, rng)``: ``Game.determinize``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from importlib.metadata import PackageNotFoundError, version
from typing import Any


def _version(name: str) -> str | None:
    try:
        return version(name)
    except PackageNotFoundError:
        return None


class Loop:
    """One environment stepped by random masked actions, resumable for a time budget."""

    def __init__(self, env: Any, seed: int) -> None:
        import numpy as np

        self.np = np
        self.env = env
        self.rng = random.Random(seed)
        self.steps = 0
        self.games = 0
        self.wall = 0.0
        self.cpu = 0.0
        env.reset(seed=seed)
        self.it = iter(env.agent_iter())

    def run(self, seconds: float) -> None:
        env, rng, flat = self.env, self.rng, self.np.flatnonzero
        t0, c0 = time.perf_counter(), time.process_time()
        end = t0 + seconds
        steps = 0
        while True:
            for _agent in self.it:
                obs, _reward, term, trunc, _info = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = flat(obs["action_mask"])
                env.step(int(legal[int(rng.random() * len(legal))]))
                steps += 1
                if steps & 63 == 0 and time.perf_counter() >= end:
                    break
            else:  # the game is over: a new one
                env.reset()
                self.games += 1
                self.it = iter(env.agent_iter())
                if time.perf_counter() < end:
                    continue
            break
        self.wall += time.perf_counter() - t0
        self.cpu += time.process_time() - c0
        self.steps += steps

    def rates(self) -> tuple[float, float]:
        return self.steps / self.wall, self.steps / self.cpu


def leduc() -> Any | None:
    try:
        from pettingzoo.classic import leduc_holdem_v4
    except Exception:  # pettingzoo[classic] / rlcard absent
        return None
    return leduc_holdem_v4.env()


def clone_costs(players: int) -> dict[str, float]:
    import numpy as np

    import fengsheng.rl as rl

    states = []
    for seed in range(40):
        env = rl.env(players=players, raw_view=False)
        env.reset(seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            if not env.agents or env.game.decision is None:
                break
        if env.agents and env.game.decision is not None:
            states.append(env)

    def timed(f: Any) -> float:
        passes = []
        for _ in range(5):
            t = time.perf_counter()
            for e in states:
                f(e)
            passes.append((time.perf_counter() - t) / len(states) * 1e6)
        return round(statistics.median(passes), 1)

    r = random.Random(0)
    return {
        "game_clone_us": timed(lambda e: e.game.clone()),
        "env_clone_us": timed(lambda e: e.clone()),
        "env_resample_us": timed(lambda e: e.resample(e.agent_selection, r)),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per turn of each environment (2)")
    ap.add_argument("--rounds", type=int, default=5, help="turns of each environment (5)")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        import fengsheng.rl as rl

        fs = Loop(rl.env(players=args.players, characters=True, raw_view=False), 0)
    except ImportError as exc:
        print(f"bench/rl.py: {exc}", file=sys.stderr)
        return 2
    fs_view = Loop(rl.env(players=args.players, characters=True, raw_view=True), 0)
    le_env = leduc()
    le = Loop(le_env, 0) if le_env is not None else None
    for k in range(args.rounds):
        order = [fs, fs_view] + ([le] if le is not None else [])
        if k % 2:
            order.reverse()
        for loop in order:
            loop.run(args.seconds)
    fs_rate, fs_cpu = fs.rates()
    fv_rate, fv_cpu = fs_view.rates()
    le_rate, le_cpu = le.rates() if le is not None else (None, None)
    out: dict[str, Any] = {
        "players": args.players,
        "characters": True,
        "observation_size": fs.env.layout.size,
        "actions": len(fs.env.catalogue),
        "fengsheng_steps_per_s": round(fs_rate),
        "fengsheng_cpu_steps_per_s": round(fs_cpu),
        "fengsheng_games": fs.games,
        "fengsheng_steps_per_game": round(fs.steps / fs.games, 1) if fs.games else None,
        "fengsheng_raw_view_steps_per_s": round(fv_rate),
        "fengsheng_raw_view_cpu_steps_per_s": round(fv_cpu),
        "leduc_steps_per_s": round(le_rate) if le_rate else None,
        "leduc_cpu_steps_per_s": round(le_cpu) if le_cpu else None,
        "leduc_steps_per_game": round(le.steps / le.games, 2) if le is not None and le.games else None,
        "ratio_vs_leduc": round(fs_rate / le_rate, 2) if le_rate else None,
        "cpu_ratio_vs_leduc": round(fs_cpu / le_cpu, 2) if le_cpu else None,
        "seconds_each": args.seconds * args.rounds,
        **clone_costs(args.players),
        "pettingzoo_version": _version("pettingzoo"),
        "rlcard_version": _version("rlcard") if le is not None else None,
        "python": sys.version.split()[0],
    }
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for k, v in out.items():
            print(f"{k:36} {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
