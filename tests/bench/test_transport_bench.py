"""bench/transport.py: every stack plays every table's moves to the end, each answer's latency is measured once,
and the server's CPU is reported (the transport's floor in docs/scaling.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "transport.py"


@pytest.mark.parametrize("stack", ["fengsheng", "starlette", "websockets"])
def test_every_move_is_played_and_timed(stack: str) -> None:
    args = ["--tables", "3", "--players", "4", "--moves", "25", "--bytes", "500", "--stack", stack, "--json"]
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    out = json.loads(done.stdout)
    (run,) = out["runs"]
    assert run["stack"] == stack and out["players"] == 4 and out["bytes"] == 500
    assert run["moves"] == 3 * 25  # every table to its last move, no answer lost or doubled
    assert run["latency_ms"]["samples"] == run["moves"]  # every answer reached all four seats
    assert run["moves_per_s"] > 0 and 0 < run["latency_ms"]["p50"] <= run["latency_ms"]["p99"]
    assert run["server_cpu_us_per_move"] > 0
