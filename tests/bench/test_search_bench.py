"""bench/search.py: the paired difference and its interval, and a tiny run through --json, --rows and --from-rows."""

from __future__ import annotations

import importlib.util
import json
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
