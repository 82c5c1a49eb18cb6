"""Random-play fuzz: games over every legal configuration with ``invariants.check`` after every decision.

``scripts/fuzz.py`` runs the full 10,000 games; this test runs a smaller count so that CI stays fast.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.invariants import InvariantError, check
from tests.helpers import load_fuzz
from tests.suite import sized

GAMES = sized(80, 400)
END_REASONS = {"declared", "hijacked", "last_standing", "nobody_left"}

fuzz = load_fuzz()


def test_random_play_fuzz() -> None:
    s = fuzz.fuzz(GAMES, seed=2024)
    assert s["exceptions"] == 0, fuzz.format_summary(s)
    assert s["ended"] == s["games"] == GAMES
    assert s["configs"] == 48
    assert len(s["games_by_config"]) == 48  # every legal configuration, auto-pass on and off
    assert set(s["games_by_players"]) == {str(p) for p in range(3, 10)}
    assert set(s["end_reasons"]) <= END_REASONS and sum(s["end_reasons"].values()) == GAMES
    assert {"declared", "last_standing"} <= set(s["end_reasons"])
    assert 0 < s["max_decisions"] < fuzz.MAX_DECISIONS
    assert s["decisions"] > 100 * GAMES


def test_random_play_fuzz_qianzhi_edition() -> None:
    s = fuzz.fuzz(160, seed=2025, configs=fuzz.all_configs("qianzhi"))
    assert s["exceptions"] == 0, fuzz.format_summary(s)
    assert s["configs"] == 20 and len(s["games_by_config"]) == 20  # 16 of the free mode, 4 of 新手场 and 3V3
    assert set(s["games_by_players"]) == {str(p) for p in range(3, 9)}
    assert {"declared", "last_standing"} <= set(s["end_reasons"])


def test_invariants_count_the_108_cards_of_the_qianzhi_edition() -> None:
    g = Game.new(Config(edition="qianzhi", players=5), 1)
    check(g)
    hand = g.seats[0].hand
    lost = hand.pop()
    with pytest.raises(InvariantError, match="not in exactly one zone"):
        check(g)
    hand.append(lost)
    g.discard.append(hand[0])  # one card in two zones
    with pytest.raises(InvariantError):
        check(g)


def test_fuzz_script_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main(["--games", "5", "--seed", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for key in ("games", "exceptions", "decisions", "seconds", "end_reasons", "max_decisions"):
        assert key in summary
    assert summary["games"] == 5 and summary["exceptions"] == 0
    assert fuzz.main(["--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "games 3" in out and "exceptions 0" in out and "end reasons" in out


def test_fuzz_counts_exceptions_instead_of_stopping(monkeypatch: pytest.MonkeyPatch) -> None:
    real = fuzz.play_one
    calls = {"n": 0}

    def flaky(config: Config, seed: int, **kw: Any) -> Game:
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("boom")
        return real(config, seed, **kw)

    monkeypatch.setattr(fuzz, "play_one", flaky)
    s = fuzz.fuzz(4, seed=0)
    assert s["exceptions"] == 1 and s["ended"] == 3
    assert "boom" in s["failures"][0]["error"] and "RuntimeError" in s["failures"][0]["traceback"]
    assert "FAILURE" in fuzz.format_summary(s)


def test_the_invariant_checker_catches_broken_states() -> None:
    """The fuzz is only as good as its checker: corrupt a state in several ways and expect InvariantError."""
    corruptions = [
        lambda g: g.deck.append(g.seats[0].hand[0]),  # a card in two zones
        lambda g: g.deck.pop(),  # a card in no zone
        lambda g: setattr(g, "in_game_count", g.in_game_count + 1),
        lambda g: setattr(g, "decision", None),  # stuck: not over and nothing to decide
    ]
    for corrupt in corruptions:
        g = Game.new(Config(players=5), 1)
        check(g)
        corrupt(g)
        with pytest.raises(InvariantError):
            check(g)


def test_check_decision_rejects_duplicate_options() -> None:
    g = Game.new(Config(players=5), 1)
    d = g.decision
    assert d is not None
    fuzz.check_decision(g)
    g.decision = d._replace(options=(*d.options, d.options[0]))
    with pytest.raises(AssertionError, match="duplicate"):
        fuzz.check_decision(g)
