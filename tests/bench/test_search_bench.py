"""bench/search.py: the paired difference and its interval, and a tiny run through --json, --rows and --from-rows."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "search.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_search", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _row(index: int, faction: str | None, won: list[str], latencies: list[float] | None = None) -> dict[str, Any]:
    return {
        "run_seed": 1,
        "index": index,
        "faction": faction,
        "iterations": 8 if faction else None,
        "factions": won,
        "latencies": latencies or [],
        "searched": len(latencies or []),
        "unbuilt": 0,
        "seconds": 1.0,
    }


def test_paired_difference() -> None:
    bench = load_bench()
    ug = "underground"
    base = {(1, i): _row(i, None, [ug] if i < 2 else ["military_intel"]) for i in range(4)}
    rows = [_row(0, ug, [ug], [10.0]), _row(1, ug, []), _row(2, ug, [ug], [30.0, 20.0]), _row(3, ug, [ug])]
    out = bench.paired(base, rows, ug)
    assert out["games"] == 4 and out["games_changed"] == 3
    assert out["heuristic_win_rate"] == 0.5 and out["search_win_rate"] == 0.75
    assert out["difference"] == pytest.approx(0.25)  # diffs 0, -1, +1, +1
    lo, hi = out["difference_95"]
    half = 1.959963984540054 * (((0.0625 + 1.5625 + 0.5625 + 0.5625) / 3) / 4) ** 0.5
    assert lo == pytest.approx(0.25 - half) and hi == pytest.approx(0.25 + half)
    assert out["latency_ms_p50"] == 20.0 and out["latency_ms_p95"] == 30.0


def test_tiny_run_json_rows_and_pooling(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench()
    rows = tmp_path / "rows.jsonl"
    argv = ["--games", "1", "--iterations", "1", "--latency-games", "0", "--workers", "1", "--seed", "3"]
    assert bench.main([*argv, "--rows", str(rows), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games_per_arm"] == 1 and set(report["arms"]) == {"underground", "military_intel"}
    assert len(rows.read_text().splitlines()) == 3  # the baseline and one game per arm
    assert bench.main(["--from-rows", str(rows), "--iterations", "1", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["arms"] == report["arms"]


def test_resume_keeps_the_games_played_and_plays_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run stopped early (here: one game of the arms and a half-written line) is continued by the same command
    with ``--resume``: the games in the file are not played again, and the result is the uninterrupted run's."""
    bench = load_bench()
    argv = ["--games", "2", "--iterations", "1", "--latency-games", "0", "--workers", "1", "--seed", "5", "--json"]
    whole = tmp_path / "whole.jsonl"
    assert bench.main([*argv, "--rows", str(whole)]) == 0
    expected = json.loads(capsys.readouterr().out)["arms"]
    lines = whole.read_text().splitlines()
    assert len(lines) == 6  # two baselines, two games per arm
    part = tmp_path / "part.jsonl"
    part.write_text("\n".join(lines[:3]) + "\n" + lines[3][:25])  # the fourth game was being written when killed
    played: list[Any] = []
    real = bench.play
    monkeypatch.setattr(bench, "play", lambda job: played.append(job) or real(job))
    assert bench.main([*argv, "--rows", str(part), "--resume"]) == 0
    resumed = json.loads(capsys.readouterr().out)["arms"]
    assert len(played) == 3  # the half-written game and the two never started
    timed = ("latency_ms_p50", "latency_ms_p95", "seconds_per_game")  # clock readings, not results
    for arm, r in resumed.items():
        assert {k: v for k, v in r.items() if k not in timed} == {
            k: v for k, v in expected[arm].items() if k not in timed
        }

    def games(text: str) -> list[tuple[Any, ...]]:
        rows = [json.loads(line) for line in text.splitlines()]
        return sorted((r["index"], str(r["faction"]), r["factions"], r["searched"]) for r in rows)

    assert games(part.read_text()) == games(whole.read_text())  # each game once, with the same outcome


@pytest.mark.parametrize("path", sorted((SCRIPT.parent / "results").glob("search-*.jsonl")), ids=lambda p: p.stem)
def test_the_kept_rows_summarise_as_the_readme_says(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each rows file in bench/results (latencies emptied) summarises with ``--from-rows FILE --iterations N``, in
    text as the README there shows it: its main budget's paired games per arm, and both arms' differences."""
    bench = load_bench()
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    per_budget = Counter(r["iterations"] for r in rows if r["faction"] == "underground" and r["iterations"])
    iterations, games = per_budget.most_common(1)[0]
    assert games >= 300
    assert bench.main(["--from-rows", str(path), "--iterations", str(iterations)]) == 0
    out = capsys.readouterr().out
    assert f"{games} games per arm" in out and "no latencies in the rows" in out
    assert out.count(" points [") == 2
