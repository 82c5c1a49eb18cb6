"""Records and replays: ``record → JSON → replay`` gives an identical event log and result."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.errors import ReplayError
from fengsheng.game import RECORD_VERSION, Game
from fengsheng.record import load, replay, save, verify
from fengsheng.scenario import Scenario
from fengsheng.sim.runner import derive_seed
from tests.helpers import load_fuzz, play
from tests.suite import sized

GAMES = sized(150, 1000)
GAMES_QIANZHI = sized(60, 700)  # + 300 with characters (test_qianzhi_characters.py): the 1,000 replays of the edition
CONFIGS = load_fuzz().all_configs()


def test_record_json_replay_reproduces_random_games_of_the_qianzhi_edition() -> None:
    configs = load_fuzz().all_configs("qianzhi")
    for i in range(GAMES_QIANZHI):
        config = configs[i % len(configs)]
        g = play(Game.new(config, derive_seed("replay-qianzhi", i)), i)
        rec = json.loads(json.dumps(g.record(), ensure_ascii=False))
        assert rec["edition"] == "qianzhi"
        g2 = verify(rec)
        assert g2.events == g.events and g2.result == g.result is not None


def test_record_json_replay_reproduces_many_random_games() -> None:
    """≥ 1,000 random games at 3–9 players, every variant, auto-pass on and off."""
    players: set[int] = set()
    auto: set[bool] = set()
    reasons: set[str] = set()
    for i in range(GAMES):
        config = CONFIGS[i % len(CONFIGS)]
        seed = derive_seed("replay", i)
        g = play(Game.new(config, seed), i)
        text = json.dumps(g.record(), ensure_ascii=False)
        rec = json.loads(text)
        g2 = replay(rec)
        assert g2.events == g.events, f"event log differs: {config} seed {seed}"
        assert g2.result == g.result and g2.result is not None
        assert g2.history == g.history
        if i % 10 == 0:
            assert g2.digest() == rec["digest"] == g.digest()
            verify(rec)
        players.add(config.players)
        auto.add(config.auto_pass)
        reasons.add(g.result["reason"])
    assert players == set(range(3, 10)) and auto == {False, True}
    assert {"declared", "last_standing"} <= reasons


def test_record_shape() -> None:
    g = play(Game.new(Config(players=6, bystander_alliance=True, auto_pass=True), 5), 5)
    rec = g.record()
    assert set(rec) >= {"version", "config", "seed", "scenario", "decisions", "result", "digest"}
    assert rec["version"] == RECORD_VERSION
    assert Config.from_dict(rec["config"]) == g.config
    assert rec["seed"] == 5 and rec["scenario"] is None
    assert len(rec["decisions"]) == len(g.history) > 0
    for (seat, text), (s, o) in zip(rec["decisions"], g.history, strict=True):
        assert seat == s and text == str(o)
    assert rec["result"] == g.result
    assert json.loads(json.dumps(rec)) == rec


def test_partial_record_replays_to_the_same_decision() -> None:
    for i, config in enumerate(CONFIGS[::4]):
        g = play(Game.new(config, i), i, stop=random.Random(i).randrange(1, 150))
        if g.decision is None:
            continue
        rec = json.loads(json.dumps(g.record()))
        assert rec["result"] is None
        g2 = verify(rec)
        assert g2.decision == g.decision and g2.events == g.events
        play(g, 77)
        play(g2, 77)
        assert g2.events == g.events and g2.result == g.result


def test_save_and_load(tmp_path: Path) -> None:
    g = play(Game.new(Config(players=7, optional_distribution=True), 3), 3)
    path = save(g.record(), tmp_path / "sub" / "game.json")
    assert path.exists()
    json.loads(path.read_text(encoding="utf-8"))
    rec = load(path)
    assert rec == json.loads(json.dumps(g.record()))
    assert verify(rec).events == g.events


def test_scenario_records_replay() -> None:
    sc = Scenario(players=5, identities=["ug", "mi", "ug", "mi", "by"], current=2, hands={2: ["R:lock", "K:probe"]})
    g = play(sc.build(), 9)
    rec = json.loads(json.dumps(g.record()))
    assert rec["scenario"] is not None
    g2 = verify(rec)
    assert g2.events == g.events and g2.result == g.result


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    return play(Game.new(Config(players=5), 21), 21).record()


def test_verify_detects_a_different_result(finished: dict[str, Any]) -> None:
    rec = copy.deepcopy(finished)
    rec["result"] = {**rec["result"], "winners": [9]}
    with pytest.raises(ReplayError, match="result"):
        verify(rec)


def test_verify_detects_a_different_event_log(finished: dict[str, Any]) -> None:
    rec = copy.deepcopy(finished)
    rec["digest"] = "0" * 32
    with pytest.raises(ReplayError, match="event log"):
        verify(rec)


def test_replay_rejects_an_illegal_decision(finished: dict[str, Any]) -> None:
    rec = copy.deepcopy(finished)
    k = len(rec["decisions"]) // 2
    rec["decisions"][k] = [rec["decisions"][k][0], "play c80 lock @99"]
    with pytest.raises(ReplayError, match=f"decision {k}"):
        replay(rec)
    rec = copy.deepcopy(finished)
    seat, option = rec["decisions"][k]
    rec["decisions"][k] = [(seat + 1) % 5, option]
    with pytest.raises(ReplayError, match=f"decision {k}"):
        replay(rec)
    rec = copy.deepcopy(finished)
    rec["decisions"].append([0, "pass"])  # an answer after the end
    with pytest.raises(ReplayError):
        replay(rec)


def test_replay_rejects_another_version(finished: dict[str, Any]) -> None:
    rec = copy.deepcopy(finished)
    rec["version"] = RECORD_VERSION + 1
    with pytest.raises(ReplayError, match="version"):
        replay(rec)
