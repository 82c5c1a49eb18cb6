"""SearchBot's truncated rollouts and their learnt value of a position (``fengsheng.bots.search.value``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from fengsheng.bots import HeuristicBot, SearchBot
from fengsheng.bots.search.bot import DEFAULT_HORIZON
from fengsheng.bots.search.tree import Search
from fengsheng.bots.search.value import DATA, FEATURES, features, load, value
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.sim.runner import derive_seed, play_game
from tests.bots.test_search import play_checking_hidden_state, search_games

CONFIG = Config(players=5, characters=True, auto_pass=True)


def _midgame(seed: int, turns: int = 3) -> Game:
    """A game played by HeuristicBots until the first decision of turn ``turns`` (or its end)."""
    g = Game.new(CONFIG, seed)
    bots = {s: HeuristicBot(s, derive_seed(seed, "bot", s)) for s in range(g.n)}
    seen = [0] * g.n
    while (d := g.decision) is not None and g.turn < turns:
        s = d.seat
        view, events = g.view(s), g.events_for(s, seen[s])
        seen[s] = len(g.events)
        g.act(bots[s].choose(d, view, events))
    return g


def test_features_and_value_are_well_formed() -> None:
    for seed in range(4):
        g = _midgame(seed, turns=4 + seed)
        for s in range(g.n):
            x = features(g, s)
            assert len(x) == len(FEATURES) and x[0] == 1.0
            assert 0.0 < value(g, s) < 1.0 or g.result is not None


def test_value_of_a_finished_game_is_its_result() -> None:
    g = play_game(CONFIG, 3, lambda s, b: HeuristicBot(s, b))
    assert g.result is not None
    winners = set(g.result["winners"])
    assert [value(g, s) for s in range(g.n)] == [1.0 if s in winners else 0.0 for s in range(g.n)]


def test_value_rises_with_the_factions_intelligence() -> None:
    """The fitted model must have learnt the obvious: a faction with two of its colour in front of a living member is
    more likely to win than the same position without them (and the rival's two make it less likely)."""
    coef = load()
    i1, i2 = FEATURES.index("ally_best_2"), FEATURES.index("rival_best_2")
    for grp in ("underground", "military_intel"):
        assert coef[grp][i1] > 0 > coef[grp][i2]


def test_stored_fit_beats_a_constant_on_held_out_games() -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == FEATURES
    for grp in ("underground", "military_intel"):
        held = data["held_out"][grp]
        assert held["model"]["log_loss"] < held["constant"]["log_loss"]
        assert held["test_positions"] > 1000


def test_fit_script_is_deterministic(tmp_path: Any) -> None:
    from scripts.fit_search_value import main

    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["--games", "12", "--seed", "5", "--out", str(a)]) == 0
    assert main(["--games", "12", "--seed", "5", "--out", str(b)]) == 0
    assert a.read_text() == b.read_text()
    assert set(json.loads(a.read_text())["coefficients"]) >= {"underground", "military_intel"}


def test_truncated_rollouts_stop_at_the_horizon() -> None:
    """A truncated iteration plays far fewer decisions than one to the end, and its result is the value (not 0/1)."""
    g = _midgame(8, turns=2)
    assert g.decision is not None
    seat = g.decision.seat

    def bot(s: int, seed: int, _world: Game) -> HeuristicBot:
        return HeuristicBot(s, seed)

    full = Search(seat, bot, random.Random(1))
    cut = Search(seat, bot, random.Random(1), horizon=1, value=value)
    results = []
    for i in range(6):
        full.iterate(g.clone(), seed=i)
        results.append(cut.iterate(g.clone(), seed=i))
    assert cut.stats.rollout_decisions * 3 < full.stats.rollout_decisions
    assert any(0.0 < r < 1.0 for r in results)
    with pytest.raises(ValueError):
        Search(seat, bot, random.Random(1), horizon=1)
    with pytest.raises(ValueError):
        SearchBot(0, 1, horizon=-1)
    assert SearchBot(0, 1, horizon=0).horizon is None  # 0: rollouts to the end of the game
    assert SearchBot(0, 1).horizon == DEFAULT_HORIZON


def test_truncated_search_is_deterministic_and_searches() -> None:
    a = search_games(11, 6, z=0.0, horizon=2)
    b = search_games(11, 6, z=0.0, horizon=2)
    assert a.history == b.history and a.digest() == b.digest()
    assert a.history != play_game(CONFIG, 11, lambda s, b: HeuristicBot(s, b)).history


def test_truncated_search_ignores_hidden_state() -> None:
    """As ``test_search.test_hidden_state_does_not_change_the_choice``, with truncated rollouts: the value reads
    the bot's own worlds, so a game differing only in what the seat cannot see gives the same answers."""
    checked, searched = play_checking_hidden_state(
        derive_seed("search-value-hidden", 0),
        "military_intel",
        lambda s, b: SearchBot(s, b, iterations=4, horizon=1, z=0.0),
        random.Random(4),
        0.7,
    )
    assert checked >= 5 and searched >= 5
