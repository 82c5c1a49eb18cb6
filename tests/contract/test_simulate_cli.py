"""The command line: ``fengsheng simulate`` (summary, determinism, failures saved as replayable records),
``fengsheng demo`` and ``fengsheng replay``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fengsheng.cli import main
from fengsheng.config import Config
from fengsheng.core.state import Use
from fengsheng.flow.window import Window
from fengsheng.game import Game
from fengsheng.record import load, replay, save
from tests.helpers import HANDLERS

TIMES = ("seconds", "games_per_s")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def simulate_json(capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str) -> tuple[int, dict[str, Any]]:
    rc, out, _ = run(capsys, "simulate", "--json", "--failures", str(tmp_path), *argv)
    last = out.strip().splitlines()[-1]
    return rc, json.loads(last)


def test_simulate_json_summary(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc, s = simulate_json(capsys, tmp_path, "--players", "5", "--games", "40", "--seed", "7")
    assert rc == 0
    assert s["games"] == 40 and s["errors"] == 0 and s["failures"] == []
    assert set(s["wins_by_faction"]) == {"underground", "military_intel", "bystander"}
    assert all(isinstance(v, int) and v >= 0 for v in s["wins_by_faction"].values())
    assert sum(s["wins_by_faction"].values()) >= 1
    assert isinstance(s["mean_turns"], float) and s["mean_turns"] > 0
    assert isinstance(s["decisions"], int) and s["decisions"] > 40
    assert isinstance(s["seconds"], float) and s["seconds"] >= 0
    assert sum(s["end_reasons"].values()) == 40
    assert list(tmp_path.iterdir()) == []  # no failures, nothing saved


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ("--players", "7", "--games", "25", "--seed", "3", "--variant", "four_card_victory", "--auto-pass")
    _, a = simulate_json(capsys, tmp_path, *args)
    _, b = simulate_json(capsys, tmp_path, *args)
    for k in TIMES:
        a.pop(k), b.pop(k)
    assert a == b
    assert a["variants"] == ["four_card_victory"] and a["players"] == 7
    _, c = simulate_json(capsys, tmp_path, *args[:-3], "--seed", "4", "--variant", "four_card_victory")
    c.pop("seconds"), c.pop("games_per_s")
    assert c != a


@pytest.mark.parametrize(
    "argv",
    [
        ("--players", "6", "--variant", "bystander_alliance"),
        ("--players", "9", "--variant", "bystander_alliance", "--variant", "four_card_victory", "--auto-pass"),
        ("--players", "4", "--variant", "optional_distribution"),
        ("--players", "3", "--no-characters"),
    ],
)
def test_simulate_variants(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...]) -> None:
    rc, s = simulate_json(capsys, tmp_path, "--games", "8", *argv)
    assert rc == 0 and s["errors"] == 0 and s["games"] == 8


def test_simulate_text_summary(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc, out, _ = run(capsys, "simulate", "--games", "5", "--lang", "en", "--failures", str(tmp_path))
    assert rc == 0 and "5 games" in out and "errors 0" in out
    rc, out, _ = run(capsys, "simulate", "--games", "5", "--failures", str(tmp_path))
    assert rc == 0 and "5 局" in out


def test_simulate_characters_by_default(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc, out, _ = run(capsys, "simulate", "--games", "4", "--json", "--failures", str(tmp_path))
    s = json.loads(out.strip().splitlines()[-1])
    assert rc == 0 and s["characters"] is True and s["character_pool"] == "base"
    games = sum(v["games"] for v in s["wins_by_character"].values())
    assert games == 4 * 5  # every seat of every game had a character
    assert all(0 <= v["wins"] <= v["games"] for v in s["wins_by_character"].values())
    rc, out, _ = run(capsys, "simulate", "--games", "2", "--no-characters", "--json", "--failures", str(tmp_path))
    s = json.loads(out.strip().splitlines()[-1])
    assert rc == 0 and s["characters"] is False and s["wins_by_character"] == {}


def test_simulate_uniform_prompts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--uniform-prompts (Config.uniform_prompts, issue 9): the games play out; with --auto-pass it is refused."""
    rc, s = simulate_json(capsys, tmp_path, "--games", "3", "--workers", "1", "--uniform-prompts")
    assert rc == 0 and s["uniform_prompts"] is True and s["errors"] == 0 and s["games"] == 3
    rc, _, err = run(capsys, "simulate", "--games", "1", "--uniform-prompts", "--auto-pass")
    assert rc == 2 and "auto_pass" in err


def test_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run(capsys, "simulate", "--players", "5", "--variant", "bystander_alliance", "--games", "1")
    assert rc == 2 and "bystander_alliance" in err
    rc, _, err = run(capsys, "simulate", "--players", "12", "--games", "1")
    assert rc == 2 and "players" in err
    with pytest.raises(SystemExit):
        main(["simulate", "--variant", "no_such_variant"])
    capsys.readouterr()


# ----------------------------------------------------------------------------------------------------------------
# A game that raises is caught, counted and saved as a replayable record
# ----------------------------------------------------------------------------------------------------------------
class Injected(RuntimeError):
    pass


def test_a_failing_game_is_saved_and_replays_to_the_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(g: Game, use: Use, win: Window) -> None:
        raise Injected(f"lock resolving in turn {g.turn}")

    monkeypatch.setattr(HANDLERS["lock"], "resolve", boom)
    rc, s = simulate_json(capsys, tmp_path, "--players", "5", "--games", "12", "--seed", "5")
    assert rc == 1
    assert 0 < s["errors"] <= 12 and len(s["failures"]) == s["errors"]
    assert s["games"] == 12 and sum(s["end_reasons"].values()) == 12 - s["errors"]
    for path in s["failures"]:
        assert Path(path).exists() and Path(path).parent == tmp_path
        rec = load(path)
        assert "Injected" in rec["error"] and "Injected" in rec["traceback"]
        assert Config.from_dict(rec["config"]) == Config(players=5, characters=True)
        assert rec["decisions"], "the failing answer is in the record"
        # replaying reaches the same failure point: every answer but the last applies, the last one raises
        with pytest.raises(Injected):
            replay(rec)
        g = Game.new(Config.from_dict(rec["config"]), rec["seed"])
        for seat, option in rec["decisions"][:-1]:
            g.act(option, seat=seat)
        seat, option = rec["decisions"][-1]
        with pytest.raises(Injected) as info:
            g.act(option, seat=seat)
        assert repr(info.value) == rec["error"]
        assert g.digest() == rec["digest"]  # the same events up to the failure
    # the text summary prints the paths of the records
    rc, out, _ = run(capsys, "simulate", "--players", "5", "--games", "12", "--seed", "5", "--failures", str(tmp_path))
    assert rc == 1
    for path in s["failures"]:
        assert path in out


def test_a_game_failing_at_its_first_answer_is_replayable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(self: Window, g: Game, option: Any) -> None:
        raise Injected("first answer")

    monkeypatch.setattr(Window, "answer", boom)
    rc, s = simulate_json(capsys, tmp_path, "--games", "2", "--seed", "1", "--no-characters")
    assert rc == 1 and s["errors"] == 2
    for path in s["failures"]:
        rec = load(path)
        assert len(rec["decisions"]) == 1
        with pytest.raises(Injected):
            replay(rec)


def test_a_game_failing_while_dealt_is_replayable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fengsheng.flow.setup

    def boom(g: Game, identities: list[str], seen: str = "") -> None:
        raise Injected("dealing")

    monkeypatch.setattr(fengsheng.flow.setup, "assign_identities", boom)
    rc, s = simulate_json(capsys, tmp_path, "--games", "1", "--seed", "1", "--no-characters")
    assert rc == 1 and s["errors"] == 1
    rec = load(s["failures"][0])
    assert rec["decisions"] == []
    with pytest.raises(Injected):
        replay(rec)


# ----------------------------------------------------------------------------------------------------------------
# demo and replay
# ----------------------------------------------------------------------------------------------------------------
def test_demo(capsys: pytest.CaptureFixture[str]) -> None:
    rc, full, _ = run(capsys, "demo", "--players", "5", "--seed", "3", "--lang", "en")
    assert rc == 0 and len(full.splitlines()) > 20
    rc, again, _ = run(capsys, "demo", "--players", "5", "--seed", "3", "--lang", "en")
    assert again == full
    rc, spectator, _ = run(capsys, "demo", "--players", "5", "--seed", "3", "--lang", "en", "--spectator")
    assert rc == 0 and spectator != full and len(spectator.splitlines()) > 0
    rc, seat, _ = run(capsys, "demo", "--players", "5", "--seed", "3", "--seat", "2")
    assert rc == 0 and seat
    rc, zh, _ = run(capsys, "demo", "--players", "9", "--seed", "1", "--variant", "bystander_alliance")
    assert rc == 0 and zh


def test_replay_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    g = Game.new(Config(players=6, auto_pass=True), 12)
    import random

    rng = random.Random(12)
    while g.decision is not None:
        g.step(rng.randrange(len(g.decision.options)))
    path = save(g.record(), tmp_path / "game.json")
    rc, out, _ = run(capsys, "replay", str(path), "--lang", "en")
    assert rc == 0 and "reproduced" in out
    rc, out, _ = run(capsys, "replay", str(path), "--show", "--seat", "1")
    assert rc == 0 and "复现成功" in out and len(out.splitlines()) > 10
    rec = g.record()
    rec["digest"] = "f" * 32
    bad = save(rec, tmp_path / "bad.json")
    rc, _, err = run(capsys, "replay", str(bad))
    assert rc == 1 and "event log" in err
