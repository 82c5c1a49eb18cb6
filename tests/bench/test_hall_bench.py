"""bench/hall.py: the server's own work per move without sockets plays every table to the end, and with ``--check``
every client's view rebuilt from the snapshot and the patches is the engine's view after every message."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("orjson")

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "hall.py"


def test_every_table_plays_to_the_end_and_every_view_is_the_engines() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--tables", "2", "--games", "1", "--check", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    out = json.loads(done.stdout)
    assert out["tables"] == 2 and out["games"] == 2  # both tables' games finished
    assert out["moves"] > 100 and out["views_checked"] > 5 * out["moves"]  # every seat's view after every message
    assert out["server_us_per_move"] > 0 and out["client_s"] < out["cpu_s"]
