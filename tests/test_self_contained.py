"""The suite checks itself out of a fresh clone: nothing in the repository reads outside it, the tests find their own
helpers from any directory, and the quick and full suites are one switch apart (``tests/suite.py``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests import suite

REPO = Path(__file__).resolve().parents[1]
CODE_DIRS = ("src", "tests", "tools", "bench", "scripts", "examples", ".ci")
# The rules workspace that stands beside a checkout (never part of a clone), and a path out of the repository to it:
# "../" and its name, or a parent directory joined with its name
SIBLING = "sha" "red"
OUTSIDE = re.compile(rf"\.\./{SIBLING}|parents?\b[^\n]{{0,40}}[\"']{SIBLING}[\"']")


def tracked(dirs: tuple[str, ...]) -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z", *dirs], cwd=REPO, capture_output=True, check=False)
    if out.returncode != 0:
        pytest.skip("not a git checkout")
    return [REPO / p for p in out.stdout.decode().split("\0") if p]


def test_no_code_reaches_outside_the_repository() -> None:
    files = [p for p in tracked(CODE_DIRS) if p.suffix in ("", ".py", ".sh", ".toml", ".cfg") and p.is_file()]
    assert len(files) > 100
    found = [
        f"{p.relative_to(REPO)}:{n}: {line.strip()}"
        for p in files
        if p != Path(__file__).resolve()
        for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not found, found


def test_the_pattern_finds_the_old_ways_out() -> None:
    """The three reads the fresh clone failed on, as they were written, are found."""
    up, name = "..", SIBLING
    assert OUTSIDE.search(f'SEED = glob.glob(str(ROOT.parent / "{name}" / "seeds"))')
    assert OUTSIDE.search(f'Path(__file__).resolve().parents[3] / "{name}" / "rules"')
    assert OUTSIDE.search(f"the rules directory is {up}/{name}/rules")
    assert not OUTSIDE.search(f"{name} helpers of the tests")


@pytest.mark.parametrize(
    ("where", "module"), [("tests/qianzhi/characters", "test_registry.py"), ("tests/contract", "test_leaks.py")]
)
def test_pytest_finds_the_helpers_from_a_subdirectory(where: str, module: str) -> None:
    """``pytest`` run inside a test directory collects it, its imports of ``tests.…`` included."""
    env = {k: v for k, v in os.environ.items() if k != suite.ENV}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider"],
        cwd=REPO / where,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert re.search(rf"{module}: [1-9]", done.stdout), done.stdout[-500:]


def test_sized_follows_the_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(suite.ENV, raising=False)
    assert not suite.full() and suite.sized(3, 30) == 3
    monkeypatch.setenv(suite.ENV, "0")
    assert suite.sized(3, 30) == 3
    monkeypatch.setenv(suite.ENV, "1")
    assert suite.full() and suite.sized(3, 30) == 30


def test_full_marked_tests_are_skipped_in_the_quick_suite_only(tmp_path: Path) -> None:
    """A test marked ``full`` is skipped with the reason in the quick suite and runs under ``--full``."""
    (tmp_path / "test_marked.py").write_text(
        "import pytest\n\n@pytest.mark.full\ndef test_big():\n    assert False, 'ran'\n", encoding="utf-8"
    )
    env = {k: v for k, v in os.environ.items() if k != suite.ENV}
    base = [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-rs", "--rootdir", str(REPO)]
    args = ["-c", str(REPO / "pyproject.toml"), "--confcutdir", str(REPO), "-p", "tests.conftest", str(tmp_path)]
    quick = subprocess.run([*base, *args], cwd=REPO, capture_output=True, text=True, timeout=120, env=env)
    assert quick.returncode == 0 and "full suite only" in quick.stdout, quick.stdout[-1500:]
    full = subprocess.run([*base, *args, "--full"], cwd=REPO, capture_output=True, text=True, timeout=120, env=env)
    assert full.returncode == 1 and "ran" in full.stdout, full.stdout[-1500:]
