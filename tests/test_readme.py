"""The README's commands work as written: every ``.venv/bin/…`` command it shows exists and takes every flag the
README gives it (each is asked for ``--help``), and the short examples it gives in full are run as they are.

A command the README prefixes with ``pip install -e '.[EXTRA]'`` needs that extra; without it, its ``--help`` may
fail to import the extra's packages, and only then is it skipped (``.ci/run`` runs this file again with the extras).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
COMMANDS = sorted(set(re.findall(r"`(\.venv/bin/(?:fengsheng|python|pip)[^`]*)`", README)))
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def program(command: str) -> tuple[list[str], str]:
    """The program of a README command (``fengsheng SUB`` or ``python SCRIPT``) as argv, and the extra it needs."""
    extra = ""
    if "&&" in command:
        setup, command = command.rsplit("&&", 1)
        m = re.search(r"\.\[([a-z,]+)\]", setup)
        extra = m.group(1) if m else ""
    words = command.split()
    if words[0].endswith("/fengsheng"):
        return [sys.executable, "-m", "fengsheng.cli", *words[1:2]], extra
    if words[0].endswith("/python") and len(words) > 1 and words[1].endswith(".py"):
        return [sys.executable, str(REPO / words[1])], extra
    return [], extra


CHECKED = [c for c in COMMANDS if program(c)[0]]
EXAMPLES = [c for c in CHECKED if not re.search(r"\[|RECORD|DIR|--games [0-9]{4}", c) and len(c.split()) > 2]
"""The commands given in full, without placeholders; a fuzz of thousands of games is left to tests/contract."""


def test_the_readme_shows_the_commands_of_the_project() -> None:
    names = {" ".join(Path(w).name for w in program(c)[0][-1:]) for c in CHECKED}
    assert {"play", "simulate", "serve", "replay", "report", "demo", "engine.py", "fuzz.py"} <= names, names


@pytest.mark.parametrize("command", CHECKED, ids=lambda c: c[:60])
def test_each_readme_command_takes_the_flags_the_readme_gives_it(command: str) -> None:
    argv, extra = program(command)
    shown = command.rsplit("&&", 1)[-1]
    done = subprocess.run([*argv, "--help"], cwd=REPO, capture_output=True, text=True, timeout=120)
    if done.returncode != 0 and extra and "ModuleNotFoundError" in done.stderr:
        pytest.skip(f"needs the {extra!r} extra")
    assert done.returncode == 0, done.stderr[-1500:]
    missing = sorted(set(FLAG.findall(shown)) - set(FLAG.findall(done.stdout)) - {"--help"})
    assert missing == [], f"{shown}: not in --help: {missing}"


@pytest.mark.parametrize("command", EXAMPLES)
def test_the_readmes_complete_examples_run(command: str, tmp_path: Path) -> None:
    """An example given in full runs to its end."""
    assert len(EXAMPLES) >= 2
    argv, _ = program(command)
    words = command.split()
    done = subprocess.run([*argv, *words[2:]], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-1500:]
