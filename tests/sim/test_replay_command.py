"""``fengsheng replay``: records, games.jsonl from simulate --out, failure records."""

from __future__ import annotations

from pathlib import Path

import pytest

from fengsheng.cli import main
from fengsheng.config import Config
from fengsheng.sim.simulate import simulate
from tests.helpers import HANDLERS


def test_replay_a_game_from_games_jsonl(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    simulate(Config(players=5, characters=True), 3, seed=9, out=tmp_path / "o", failures_dir=tmp_path)
    jsonl = str(tmp_path / "o" / "games.jsonl")
    assert main(["replay", jsonl, "--game", "2", "--lang", "en"]) == 0
    assert "reproduced" in capsys.readouterr().out
    assert main(["replay", jsonl, "--game", "1", "--seat", "3", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Your identity (P3)" in out and "Your identity (P0)" not in out  # the log as seat 3 saw it
    assert main(["replay", jsonl, "--game", "7"]) == 2  # no such game
    capsys.readouterr()


def test_replay_a_failure_record_reproduces_the_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*_: object) -> None:
        raise RuntimeError("injected")

    monkeypatch.setattr(HANDLERS["lock"], "resolve", boom)
    s = simulate(Config(players=5), 10, seed=5, failures_dir=tmp_path)
    assert s["errors"] > 0
    assert main(["replay", s["failures"][0], "--lang", "en"]) == 0
    assert "reproduced the failure: RuntimeError('injected')" in capsys.readouterr().out
    monkeypatch.undo()  # fixed: the recorded failure no longer happens
    assert main(["replay", s["failures"][0], "--lang", "en"]) == 1
    assert "did not happen" in capsys.readouterr().out
