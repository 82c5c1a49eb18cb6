"""docs/rl.md's tables are the ones the code makes (python -m fengsheng.rl.tables --write)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy")

from fengsheng.rl.tables import write

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_tables_of_docs_rl_md_are_up_to_date() -> None:
    assert write(DOC) == DOC.read_text("utf-8"), "run .venv/bin/python -m fengsheng.rl.tables --write"
