"""bench/questions.py: a few games per arm give the report's fields, the policy arm asks fewer questions than asking
everything, its tree never shows more than MAX_LINES lines, and the paired difference is the two win rates'."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from fengsheng.choices import MAX_LINES

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "questions.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_questions", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_few_games_report_the_figures() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "6", "--workers", "1", "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    report = json.loads(done.stdout)
    everything, policy = report["all"], report["policy"]
    assert report["games"] == 6 and everything["games"] == policy["games"] == 6
    assert everything["questions_per_game"] == everything["baseline_questions_per_game"]  # asking all = today
    assert 0 < policy["questions_per_game"] < everything["questions_per_game"]
    assert policy["windows_per_game"] < everything["windows_per_game"]
    assert everything["max_lines_tree"] <= MAX_LINES and policy["max_lines_tree"] <= MAX_LINES
    assert everything["max_lines_flat"] >= everything["max_lines_tree"]
    diff = report["win_rate_difference"]["policy_minus_all"]
    assert abs(diff - (policy["win_rate"] - everything["win_rate"])) < 1e-9
    lo, hi = report["win_rate_difference"]["95"]
    assert lo <= diff <= hi


def test_wilson_interval() -> None:
    bench = load_bench()
    lo, hi = bench.wilson(35, 100)
    assert 0.26 < lo < 0.35 < hi < 0.45
    assert bench.wilson(0, 10)[0] == 0.0 and bench.wilson(10, 10)[1] == 1.0
