"""The package as ``pip install`` (not ``-e``) ships it: a wheel holds every module and every data file under
``src/fengsheng`` (the editions' card tables and texts, the server's static files). An editable install reads them
from the checkout, so without this check a missing ``package-data`` line breaks only real installs."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "src"


def test_the_wheel_holds_every_module_and_data_file(tmp_path: Path) -> None:
    # built from a copy: setuptools reuses a checkout's stale build/ directory, which could hold what is missing now
    tree = tmp_path / "tree"
    shutil.copytree(SRC, tree / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, tree / name)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(tree)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (wheel,) = tmp_path.glob("fengsheng-*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())
    wanted = {
        p.relative_to(SRC).as_posix()
        for p in (SRC / "fengsheng").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }
    assert any(w.endswith("data/cards.csv") for w in wanted)  # the check looks where the data is
    assert sorted(wanted - shipped) == []
