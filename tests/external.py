"""The external specification, for the few tests that compare the repository's own copies with it.

Nothing in the repository reads outside it by default: the rule ids (``tools/rule_ids.txt``), the card table
(``editions/standard/data/cards.csv``) and seed 001's character section (``tests/data/seed-001-characters.txt``) are
the project's own data. Where a contributor has the specification, ``$FENGSHENG_RULES`` names its rules directory
(``standard.md`` …) and ``$FENGSHENG_SEEDS`` its seeds directory (``001_*.txt`` …); a test that compares against them
is skipped, with the reason, when they are not named.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"


def rules_file(name: str) -> Path:
    """``$FENGSHENG_RULES/name``, or skip the calling test saying why."""
    d = os.environ.get("FENGSHENG_RULES")
    if not d:
        pytest.skip("$FENGSHENG_RULES is not set: no external rules directory to compare with")
    path = Path(d) / name
    if not path.is_file():
        pytest.skip(f"{path} does not exist")
    return path


def seed_file(number: str) -> Path:
    """The seed ``number`` (``"001"``) in ``$FENGSHENG_SEEDS``, or skip the calling test saying why."""
    d = os.environ.get("FENGSHENG_SEEDS")
    if not d:
        pytest.skip("$FENGSHENG_SEEDS is not set: no external seeds directory to compare with")
    found = sorted(Path(d).glob(f"{number}_*.txt"))
    if not found:
        pytest.skip(f"no {number}_*.txt in {d}")
    return found[0]


def data_text(name: str) -> str:
    """A file of ``tests/data/`` without its ``#`` header lines (which say where it came from)."""
    lines = (DATA / name).read_text("utf-8").splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith("#"))
