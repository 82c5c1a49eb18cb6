"""bench/engine.py: ``--against REV`` measures two engine versions in one run and reports their ratios (each worker
checks where its package came from); the mid-game copy figures report ``clone_us`` only for a real ``Game.clone``."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from fengsheng.game import Game

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "engine.py"


def in_git_checkout() -> bool:
    """Whether the repository is a git work tree (``--against`` needs one); False without git."""
    if shutil.which("git") is None:
        return False
    done = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=REPO, capture_output=True, text=True)
    return done.returncode == 0 and Path(done.stdout.strip()).resolve() == REPO


def load_bench() -> ModuleType:
    """bench/engine.py as a module (bench/ is not a package)."""
    spec = importlib.util.spec_from_file_location("bench_engine", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not in_git_checkout(), reason="not a git checkout: --against needs git history")
def test_against_head_json() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--against", "HEAD", "--json", "--games", "3", "--rounds", "1"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    f = json.loads(done.stdout.strip().splitlines()[-1])
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout.strip()
    assert f["against"] == {"rev": "HEAD", "hash": head}
    assert f["current"]["hash"] == head and isinstance(f["current"]["dirty"], bool)
    for key in (
        "games_per_s_ratio_vs_against",
        "decisions_per_s_ratio_vs_against",
        "cpu_games_per_s_ratio_vs_against",
        "cpu_decisions_per_s_ratio_vs_against",
    ):
        ratios = f[key]
        assert set(ratios) == {"characters_off", "characters_on"}
        assert all(isinstance(r, float) and r > 0 for r in ratios.values())
    for name in ("characters_off", "characters_on"):
        c = f["configurations"][name]
        for side in ("against", "current"):
            assert c[side]["games_per_s"] > 0 and c[side]["decisions_per_s"] > 0
        if not f["current"]["dirty"]:  # the same engine, seeds and choices on both sides: the same games
            assert c["against"]["decisions_per_game"] == c["current"]["decisions_per_game"]
    assert Path(f["fengsheng_files"]["current"]).is_relative_to(REPO / "src")
    assert not Path(f["fengsheng_files"]["against"]).is_relative_to(REPO)  # the temporary worktree, not this one
    listed = subprocess.run(["git", "worktree", "list"], cwd=REPO, capture_output=True, text=True).stdout
    assert "fengsheng-bench-" not in listed  # removed afterwards


def test_worker_refuses_a_package_from_elsewhere(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--worker", str(tmp_path)], input="", capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "not from under" in done.stderr


def test_clone_us_only_for_a_real_clone(monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load_bench()
    states = bench.midgame_states(5, 2)
    assert all(g.decision is not None for g in states)
    monkeypatch.delattr(Game, "clone", raising=False)
    costs = bench.copy_costs(states, passes=1)
    assert costs["clone_us"] is None and costs["deepcopy_us"] > 0 and costs["pickle_copy_us"] > 0
    calls: list[Game] = []

    def clone(g: Game) -> Game:
        calls.append(g)
        return g

    monkeypatch.setattr(Game, "clone", clone, raising=False)
    costs = bench.copy_costs(states, passes=1)
    assert isinstance(costs["clone_us"], float) and len(calls) == len(states)


def test_editions_side_by_side_plays_both_the_same_number_of_games() -> None:
    bench = load_bench()
    calls: list[tuple[str, int, bool]] = []
    real = bench.run_games

    def spy(players: int, games: int, auto_pass: bool, **kw: object) -> dict[str, float]:
        calls.append((str(kw["edition"]), games, bool(kw["characters"])))
        return real(players, games, auto_pass, **kw)  # type: ignore[no-any-return]

    bench.run_games = spy
    f = bench.editions_side_by_side(5, 7, chunk=3)
    assert [c[:2] for c in calls] == [(e, n) for n in (3, 3, 1) for e in ("standard", "qianzhi")]  # taking turns
    assert all(chars for e, _, chars in calls if e == "standard")
    assert f["qianzhi_vs_standard_games_per_s"] == pytest.approx(
        f["qianzhi_games_per_s"] / f["standard_games_per_s"], rel=0.01
    )


def test_against_worker_runs_on_a_config_without_editions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``--against`` worker plays with this script's ``run_games`` on the other revision's package: a revision
    from before the editions issue has a ``Config`` without ``edition``, so the default edition is not passed."""
    bench = load_bench()
    real = bench.Config

    def old_config(*, players: int, auto_pass: bool, characters: bool) -> object:
        return real(players=players, auto_pass=auto_pass, characters=characters)

    monkeypatch.setattr(bench, "Config", old_config)
    f = bench.run_games(5, 2, auto_pass=False, seed0=0, characters=False)
    assert f["games"] == 2 and f["decisions"] > 0
