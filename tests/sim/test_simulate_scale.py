"""Simulation at scale: workers, backends, faction bots, --out, Ctrl-C (issue: bots and simulation)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fengsheng.cli import main
from fengsheng.config import Config
from fengsheng.errors import ConfigError
from fengsheng.record import verify
from fengsheng.sim.simulate import simulate

TIMING = ("seconds", "games_per_s", "workers", "backend")


def stable(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary without the fields that may differ between runs (times, how it ran)."""
    return {k: v for k, v in summary.items() if k not in TIMING}


def test_the_summary_is_the_same_for_any_number_of_workers(tmp_path: Path) -> None:
    config = Config(players=5, characters=True)
    one = simulate(config, 30, seed=7, workers=1, failures_dir=tmp_path)
    two = simulate(config, 30, seed=7, workers=2, failures_dir=tmp_path)
    three = simulate(config, 30, seed=7, workers=3, failures_dir=tmp_path)
    assert stable(one) == stable(two) == stable(three)
    assert one["games"] == 30 and one["errors"] == 0 and one["workers"] == 1 and two["workers"] == 2
    other_seed = simulate(config, 30, seed=8, workers=2, failures_dir=tmp_path)
    assert stable(other_seed) != stable(one)


def test_out_dir_holds_every_game_record_and_the_summary(tmp_path: Path) -> None:
    out = tmp_path / "run"
    s = simulate(Config(players=4, characters=True), 6, seed=3, workers=2, out=out, failures_dir=tmp_path)
    lines = (out / "games.jsonl").read_text(encoding="utf-8").splitlines()
    games = [json.loads(x) for x in lines]
    assert [g["index"] for g in games] == list(range(6))
    for g in games:
        assert set(g) >= {"index", "seed", "config", "result", "identities", "characters", "turns", "decisions"}
        replayed = verify(g["record"])  # every record replays to the same result and event log
        assert replayed.result == g["result"]
    assert json.loads((out / "summary.json").read_text(encoding="utf-8")) == s


def test_faction_bot_overrides_one_faction(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fengsheng import bots
    from fengsheng.bots.random_bot import RandomBot

    seen: list[tuple[int, str]] = []

    class Marker(RandomBot):
        def choose(self, decision: Any, view: Any = None, events: Any = None) -> Any:
            seen.append((self.seat, "marker"))
            return super().choose(decision, view, events)

    monkeypatch.setitem(bots.BOTS, "marker", Marker)
    out = tmp_path / "run"
    simulate(Config(players=5), 4, seed=1, faction_bots={"underground": "marker"}, out=out, failures_dir=tmp_path)
    games = [json.loads(x) for x in (out / "games.jsonl").read_text(encoding="utf-8").splitlines()]
    # the marker bot only ever answered for underground seats, and it did answer
    underground = {(g["index"], s) for g in games for s, i in enumerate(g["identities"]) if i == "underground"}
    assert seen and {s for s, _ in seen} <= {s for _, s in underground}


def test_unknown_bots_and_factions_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="unknown bot"):
        simulate(Config(), 1, 0, bot="nobody", failures_dir=tmp_path)
    with pytest.raises(ConfigError, match="unknown faction"):
        simulate(Config(), 1, 0, faction_bots={"police": "random"}, failures_dir=tmp_path)
    rc = main(["simulate", "--games", "1", "--faction-bot", "underground", "--failures", str(tmp_path)])
    assert rc == 2


def test_ctrl_c_gives_the_partial_summary(tmp_path: Path) -> None:
    done: list[int] = []

    def interrupt(o: dict[str, Any]) -> None:
        done.append(o["index"])
        if len(done) == 3:
            raise KeyboardInterrupt

    s = simulate(Config(players=5), 20, seed=2, on_outcome=interrupt, failures_dir=tmp_path)
    assert s["interrupted"] is True and s["games"] == 3 and s["requested_games"] == 20
    assert sum(s["end_reasons"].values()) == 3


def test_cli_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["simulate", "--games", "5", "--workers", "2", "--json", "--failures", str(tmp_path)]
    assert main([*argv, "--faction-bot", "military_intel=random", "--out", str(tmp_path / "o")]) == 0
    s = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert s["faction_bots"] == {"military_intel": "random"} and s["workers"] == 2
    assert (tmp_path / "o" / "games.jsonl").exists()


@pytest.mark.full
def test_ray_backend_gives_the_same_summary(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    config = Config(players=5, characters=True)
    local = simulate(config, 12, seed=5, workers=1, failures_dir=tmp_path)
    on_ray = simulate(config, 12, seed=5, backend="ray", failures_dir=tmp_path)
    assert stable(local) == stable(on_ray) and on_ray["backend"] == "ray"
