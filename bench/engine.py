"""Engine benchmark: decisions/s and games/s on one core, random legal choices, auto-pass on and off; the cost of
``view(seat)``, of copying a game (``copy.deepcopy``, ``Game.clone()``, ``Game.copy()``), and the size of a pickled
state.

    python bench/engine.py [--games N] [--players P] [--json]
    python bench/engine.py --against REV [--rounds R] [--chunk C] [--games N] [--players P] [--json]

Figures depend on the machine; the issue's target is >= 100,000 decisions/s and >= 500 games/s at 5 players.

Copy costs: ``deepcopy_us``, ``clone_us`` and ``pickle_copy_us`` are microseconds per copy of the same mid-game states
(``--players`` seats, characters and auto-pass on, each stopped after 60 random decisions: about turn 8 of 16), the
three timed interleaved in one run (median of 5 passes).
``clone_us`` is null when the engine has no ``Game.clone()`` (nothing else is timed under that name).
``deepcopy_sampled_us`` and ``copy_us`` are ``copy.deepcopy`` and ``Game.copy()`` on states stopped at random points.

``--against REV`` compares the engine at git revision REV (a hash, a branch, ``HEAD~5``...) with this checkout's
engine in one run, because on a noisy machine only ratios from one run mean anything. REV is checked out into a
temporary detached worktree (removed afterwards, also on Ctrl-C or an error); each side is measured in its own
subprocess of the same interpreter whose ``PYTHONPATH`` is that version's ``src/`` (the subprocess checks that it
imported ``fengsheng`` from there). The worker uses only the public API both versions keep (``Config``, ``Game.new``,
``decision``, ``act``, ``turn``), the same seeds and the same random choices. Configurations: ``--players`` seats,
auto-pass off (as the main ``decisions_per_s`` / ``games_per_s`` figures), characters off and on. ``--rounds``
rounds; in each, both sides play ``--games`` games (seeds 0 .. N-1) of each configuration, taking turns every
``--chunk`` games (who goes first alternates chunk by chunk and between rounds; ``--chunk N`` = one turn per side
per round) so that a slow spell of a shared machine falls on both sides alike. It reports each side's figures over
all rounds (games and decisions over summed seconds) and the ratios current / REV, > 1 meaning this checkout is
faster: ``games_per_s_ratio_vs_against`` and ``decisions_per_s_ratio_vs_against`` (wall clock, as everywhere in this
script), ``cpu_games_per_s_ratio_vs_against`` and ``cpu_decisions_per_s_ratio_vs_against`` (the workers' CPU time,
which waiting for a busy CPU does not inflate), each keyed by ``characters_off`` / ``characters_on``; also
``against`` (``rev``, ``hash``), ``current`` (``hash``, ``dirty``), per-configuration figures and per-round ratios.

Anchors, measured in the same run so that the machine cancels out (optional extra ``bench``:
``pip install -e '.[bench]'``; without it their keys are null): RLCard's UNO (``rlcard.make('uno')``) and OpenSpiel's
Dou Dizhu (``pyspiel.load_game("dou_dizhu")``), random legal actions, chance nodes sampled by their probabilities,
decisions = player actions. The target is fengsheng's ``decisions_per_s`` >= 3x RLCard UNO's.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import pickle
import platform
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import FrameType
from typing import Any

from fengsheng.config import Config
from fengsheng.game import Game

ANCHOR_TARGET = 3.0  # fengsheng decisions/s >= 3x RLCard UNO's
INSTALL_HINT = "pip install -e '.[bench]'"
MIDGAME_DECISIONS = 60  # random decisions before a copy-cost state is taken (auto-pass on: about mid-game)
COPY_PASSES = 5  # interleaved timing passes of the copy methods; the median is reported
REPO = Path(__file__).resolve().parents[1]  # the checkout this script belongs to
AGAINST_CONFIGS = {"characters_off": False, "characters_on": True}  # name -> Config.characters (auto-pass off)
SIDES = ("against", "current")
RATIO_KEYS = ("games_per_s", "decisions_per_s", "cpu_games_per_s", "cpu_decisions_per_s")  # wall clock, CPU time
ANCHOR_KEYS = (
    "rlcard_uno_decisions_per_s",
    "openspiel_doudizhu_decisions_per_s",
    "ratio_vs_rlcard_uno",
    "ratio_vs_openspiel_doudizhu",
    "rlcard_version",
    "open_spiel_version",
)


def run_games(
    players: int, games: int, auto_pass: bool, seed0: int = 0, characters: bool = False, edition: str = "standard"
) -> dict[str, float]:
    # ``edition`` only when it is not the default: ``--against`` runs this function on revisions whose Config has
    # no such field (before the editions issue)
    extra: dict[str, Any] = {} if edition == "standard" else {"edition": edition}
    config = Config(players=players, auto_pass=auto_pass, characters=characters, **extra)
    decisions = 0
    turns = 0
    c0 = time.process_time()
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
    cpu = time.process_time() - c0
    return {
        "decisions_per_s": decisions / dt,
        "games_per_s": games / dt,
        "decisions_per_game": decisions / games,
        "turns_per_game": turns / games,
        "seconds": dt,
        "cpu_seconds": cpu,
        "games": games,
        "decisions": decisions,
    }


def editions_side_by_side(players: int, games: int, chunk: int = 100) -> dict[str, Any]:
    """千智风声 beside the standard edition, characters on (if the edition has them yet), auto-pass off: the same
    number of games each, taking turns every ``chunk`` games so that machine noise hits both alike."""
    from fengsheng.editions import get_edition

    qz_chars = bool(get_edition("qianzhi").characters())
    sides = {"standard": True, "qianzhi": qz_chars}
    parts: dict[str, list[dict[str, float]]] = {e: [] for e in sides}
    for start in range(0, games, chunk):
        n = min(chunk, games - start)
        for edition, chars in sides.items():
            parts[edition].append(run_games(players, n, False, seed0=start, characters=chars, edition=edition))
    out: dict[str, Any] = {}
    for edition, chunks in parts.items():
        secs = sum(c["seconds"] for c in chunks)
        out[f"{edition}_games_per_s"] = round(sum(c["games"] for c in chunks) / secs, 1)
        out[f"{edition}_decisions_per_s"] = round(sum(c["decisions"] for c in chunks) / secs)
    out["qianzhi_characters"] = qz_chars
    out["qianzhi_vs_standard_games_per_s"] = round(out["qianzhi_games_per_s"] / out["standard_games_per_s"], 3)
    return out


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


def midgame_states(players: int, count: int, seed: int = 2024, decisions: int = MIDGAME_DECISIONS) -> list[Game]:
    """Games with characters and auto-pass stopped after ``decisions`` random decisions (about mid-game); games that
    end sooner are skipped."""
    config = Config(players=players, auto_pass=True, characters=True)
    out: list[Game] = []
    s = 0
    while len(out) < count:
        g = Game.new(config, seed + s)
        rng = random.Random(seed + s)
        s += 1
        k = 0
        while g.decision is not None and k < decisions:
            g.step(rng.randrange(len(g.decision.options)))
            k += 1
        if g.decision is not None:
            out.append(g)
    return out


def copy_costs(states: list[Game], passes: int = COPY_PASSES) -> dict[str, float | None]:
    """Microseconds per copy of each state by ``copy.deepcopy``, ``Game.clone()`` (None when the engine has none)
    and ``Game.copy()`` (pickle), timed in interleaved passes so that machine noise hits all three alike."""
    methods: dict[str, Callable[[Game], object]] = {"deepcopy_us": copy.deepcopy, "pickle_copy_us": Game.copy}
    if hasattr(Game, "clone"):  # added by a later engine; never stood in for by another method
        methods["clone_us"] = getattr(Game, "clone")  # noqa: B009 (an attribute this engine may not have)
    times: dict[str, list[float]] = {k: [] for k in methods}
    for _ in range(passes):
        for key, method in methods.items():
            t0 = time.perf_counter()
            for g in states:
                method(g)
            times[key].append((time.perf_counter() - t0) / len(states) * 1e6)
    out: dict[str, float | None] = {k: round(statistics.median(v), 1) for k, v in times.items()}
    out.setdefault("clone_us", None)
    return out


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


# --------------------------------------------------------------------------------------------------------------
# --against REV: two engine versions, each in its own subprocess, interleaved in one run
# --------------------------------------------------------------------------------------------------------------
def worker(src_dir: str) -> int:
    """One side of ``--against``, in its own process: checks that ``fengsheng`` came from ``src_dir``, says so on
    stdout, then answers one JSON request per stdin line (``characters``, ``players``, ``seed0``, ``games``) with
    the figures of those games, until stdin closes. Refuses to run when the package came from elsewhere (a stale
    install shadowing PYTHONPATH would otherwise measure the wrong engine and report a ratio of 1)."""
    import fengsheng
    import fengsheng.config
    import fengsheng.game

    src = Path(src_dir).resolve()
    for module in (fengsheng, fengsheng.config, fengsheng.game):
        where = Path(module.__file__ or "").resolve()
        if not where.is_relative_to(src):
            print(f"bench worker: {module.__name__} was imported from {where}, not from under {src}", file=sys.stderr)
            return 2
    print(json.dumps({"fengsheng_file": fengsheng.__file__}), flush=True)
    for line in sys.stdin:
        q = json.loads(line)
        r = run_games(q["players"], q["games"], auto_pass=False, seed0=q["seed0"], characters=q["characters"])
        print(json.dumps(r), flush=True)
    return 0


def git(*args: str, cwd: Path = REPO) -> str:
    """Output of a git command in ``cwd`` (raises with git's message when it fails)."""
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


@contextmanager
def worktree_at(rev: str) -> Iterator[Path]:
    """A temporary detached worktree at ``rev``, removed afterwards (also on Ctrl-C, SIGTERM or an error)."""
    tmp = Path(tempfile.mkdtemp(prefix="fengsheng-bench-"))
    path = tmp / "against"
    previous = signal.getsignal(signal.SIGTERM)

    def on_term(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt  # unwinds through the finally below

    signal.signal(signal.SIGTERM, on_term)
    try:
        git("worktree", "add", "--detach", "--quiet", str(path), rev)
        yield path
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=REPO, capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
        subprocess.run(["git", "worktree", "prune"], cwd=REPO, capture_output=True)
        signal.signal(signal.SIGTERM, previous)


class Side:
    """A worker subprocess for one engine version: this script under the same interpreter, ``PYTHONPATH=src``."""

    def __init__(self, src: Path) -> None:
        if not (src / "fengsheng" / "__init__.py").is_file():
            raise SystemExit(f"no fengsheng package under {src}")
        self.src = src
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker", str(src)],
            env={**os.environ, "PYTHONPATH": str(src)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.fengsheng_file: str = self._read()["fengsheng_file"]

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            err = self.proc.stderr.read().strip() if self.proc.stderr else ""
            raise SystemExit(f"bench worker for {self.src} failed (exit {self.proc.returncode}):\n{err}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def play(self, players: int, characters: bool, seed0: int, games: int) -> dict[str, float]:
        """Figures of games ``seed0 .. seed0 + games - 1`` played by this side."""
        assert self.proc.stdin is not None
        q = {"players": players, "characters": characters, "seed0": seed0, "games": games}
        self.proc.stdin.write(json.dumps(q) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        """Ends the worker (stdin closed; killed if it does not exit)."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            with suppress(BrokenPipeError):
                self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def total(chunks: list[dict[str, float]]) -> dict[str, float]:
    """Figures of a set of chunks one side played (a round's, or all of them): games and decisions over the summed
    wall-clock and CPU seconds."""
    games = sum(c["games"] for c in chunks)
    decisions = sum(c["decisions"] for c in chunks)
    wall = sum(c["seconds"] for c in chunks)
    cpu = sum(c["cpu_seconds"] for c in chunks)
    return {
        "games_per_s": games / wall,
        "decisions_per_s": decisions / wall,
        "cpu_games_per_s": games / cpu,
        "cpu_decisions_per_s": decisions / cpu,
        "decisions_per_game": decisions / games,
    }


def rounded(f: dict[str, float]) -> dict[str, float]:
    """Figures rounded for the report."""
    return {k: round(v) if k.endswith("decisions_per_s") else round(v, 1) for k, v in f.items()}


def against(rev: str, players: int, games: int, rounds: int, chunk: int) -> dict[str, Any]:
    """Figures of the engine at ``rev`` and of this checkout's engine, interleaved in one run, and their ratios.

    Each round plays ``games`` games (seeds 0 .. games-1) of each configuration on each side, in chunks of
    ``chunk`` games that alternate between the sides (which side goes first alternates chunk by chunk and round by
    round), so that a slow spell of a shared machine falls on both sides alike."""
    rev_hash = git("rev-parse", "--verify", "--end-of-options", f"{rev}^{{commit}}")
    current = {"hash": git("rev-parse", "HEAD"), "dirty": bool(git("status", "--porcelain"))}
    per_round: dict[str, dict[str, list[list[dict[str, float]]]]] = {  # side -> configuration -> round -> chunks
        side: {name: [] for name in AGAINST_CONFIGS} for side in SIDES
    }
    with worktree_at(rev_hash) as old_tree:
        sides: dict[str, Side] = {}
        try:
            sides["against"] = Side(old_tree / "src")
            sides["current"] = Side(REPO / "src")
            for characters in AGAINST_CONFIGS.values():  # warm-up, untimed
                for worker_side in sides.values():
                    worker_side.play(players, characters, 10**6, 1)
            k = 0
            for r in range(rounds):
                for name, characters in AGAINST_CONFIGS.items():
                    chunks: dict[str, list[dict[str, float]]] = {side: [] for side in SIDES}
                    for seed0 in range(0, games, chunk):
                        order = SIDES if (k + r) % 2 == 0 else SIDES[::-1]
                        k += 1
                        for side in order:
                            chunks[side].append(sides[side].play(players, characters, seed0, min(chunk, games - seed0)))
                    for side in SIDES:
                        per_round[side][name].append(chunks[side])
        finally:
            for worker_side in sides.values():
                worker_side.close()
        files = {label: worker_side.fengsheng_file for label, worker_side in sides.items()}
    configurations: dict[str, Any] = {}
    for name in AGAINST_CONFIGS:
        rounds_old, rounds_new = per_round["against"][name], per_round["current"][name]
        old = total([c for chunks in rounds_old for c in chunks])
        new = total([c for chunks in rounds_new for c in chunks])
        configurations[name] = {
            "against": rounded(old),
            "current": rounded(new),
            **{f"{key}_ratio": round(new[key] / old[key], 3) for key in RATIO_KEYS},
            **{
                f"round_{key}_ratios": [
                    round(total(n)[key] / total(o)[key], 3) for o, n in zip(rounds_old, rounds_new, strict=True)
                ]
                for key in ("games_per_s", "cpu_games_per_s")
            },
        }
    return {
        "against": {"rev": rev, "hash": rev_hash},
        "current": current,
        "players": players,
        "games": games,
        "rounds": rounds,
        "chunk": chunk,
        "auto_pass": False,
        "statistic": "sums over all rounds (games / seconds)",
        "configurations": configurations,
        **{f"{key}_ratio_vs_against": {n: c[f"{key}_ratio"] for n, c in configurations.items()} for key in RATIO_KEYS},
        "fengsheng_files": files,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def against_text(f: dict[str, Any]) -> str:
    """The human-readable form of an ``--against`` run."""
    old = f"{f['against']['rev']} ({f['against']['hash'][:10]})"
    new = f"{f['current']['hash'][:10]}{' + uncommitted changes' if f['current']['dirty'] else ''}"
    lines = [
        f"fengsheng engine, current {new} vs {old}",
        f"  {f['players']} players, auto-pass off; per round {f['games']} games of each configuration on each side, "
        f"alternating in chunks of {f['chunk']}; {f['rounds']} rounds; figures over all rounds; ratio = current / against",
    ]
    for name, c in f["configurations"].items():
        lines.append(f"  {name.replace('_', ' ')}:")
        for key, label in (
            ("games_per_s", "games/s"),
            ("decisions_per_s", "decisions/s"),
            ("cpu_games_per_s", "games/CPU-s"),
            ("cpu_decisions_per_s", "decis./CPU-s"),
        ):
            lines.append(
                f"    {label:<12} against {c['against'][key]:>10,}   current {c['current'][key]:>10,}   "
                f"ratio {c[key + '_ratio']:.3f}"
            )
        lines.append(
            f"    decisions/game: against {c['against']['decisions_per_game']}, current {c['current']['decisions_per_game']}"
        )
        for key, label in (("games_per_s", "games/s"), ("cpu_games_per_s", "games/CPU-s")):
            lines.append(f"    {label} ratio per round: {', '.join(f'{x:.3f}' for x in c[f'round_{key}_ratios'])}")
    return "\n".join(lines)


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
    ap.add_argument(
        "--against",
        metavar="REV",
        help="compare with the engine at git revision REV in the same run (ratios current / REV; see above)",
    )
    ap.add_argument("--rounds", type=int, default=5, help="--against: rounds (default %(default)s)")
    ap.add_argument(
        "--chunk",
        type=int,
        default=25,
        help="--against: games per turn of a side before the other side plays (default %(default)s)",
    )
    ap.add_argument("--worker", metavar="SRC", help=argparse.SUPPRESS)  # internal: one side of --against
    args = ap.parse_args(argv)
    if args.worker is not None:
        return worker(args.worker)
    if args.against is not None:
        if min(args.games, args.rounds, args.chunk) < 1:
            ap.error("--games, --rounds and --chunk must be at least 1")
        try:
            result = against(args.against, args.players, args.games, args.rounds, args.chunk)
        except KeyboardInterrupt:
            print("interrupted; the temporary worktree was removed", file=sys.stderr)
            return 130
        print(json.dumps(result) if args.json else against_text(result))
        return 0

    off = run_games(args.players, args.games, auto_pass=False)
    on = run_games(args.players, args.games, auto_pass=True)
    ch_off = run_games(args.players, args.games, auto_pass=False, characters=True)
    ch_on = run_games(args.players, args.games, auto_pass=True, characters=True)
    editions = editions_side_by_side(args.players, args.games)
    states = sample_states(args.players, 200)
    view_us = time_views(states) * 1e6
    copy_us = time_copies(states, deep=True) * 1e6
    fast_copy_us = time_copies(states, deep=False) * 1e6
    midgame = copy_costs(midgame_states(args.players, 50))
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
        "editions": editions,
        "view_us": round(view_us, 1),
        "deepcopy_us": midgame["deepcopy_us"],
        "clone_us": midgame["clone_us"],
        "pickle_copy_us": midgame["pickle_copy_us"],
        "deepcopy_sampled_us": round(copy_us, 1),
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
        ed = figures["editions"]
        print(
            f"  千智风声 beside the standard edition (characters {'on' if ed['qianzhi_characters'] else 'off: none yet'}"
            f" / on, auto-pass off, taking turns): {ed['qianzhi_games_per_s']} vs {ed['standard_games_per_s']} "
            f"games/s = {ed['qianzhi_vs_standard_games_per_s']}×"
        )
        print(
            f"  view(seat): {figures['view_us']} µs   "
            f"pickle: max {figures['pickle_kb_max']} KB ({args.players}p), {figures['pickle_kb_max_9p']} KB (9p)"
        )
        print(
            f"  copy at random points: deepcopy {figures['deepcopy_sampled_us']} µs   "
            f"Game.copy (pickle) {figures['copy_us']} µs"
        )
        clone = (
            f"{figures['clone_us']} µs"
            if figures["clone_us"] is not None
            else "not measured: this engine has no Game.clone() (clone_us null)"
        )
        print(
            f"  copy mid-game ({args.players}p, characters, {MIDGAME_DECISIONS} decisions in): "
            f"deepcopy {figures['deepcopy_us']} µs   Game.copy (pickle) {figures['pickle_copy_us']} µs"
        )
        print(f"  Game.clone mid-game: {clone}")
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
