"""Determinism: a game is a function of its config, its integer seed and the answers given.

All randomness comes from the game's own RNG (``random.Random(seed)``): not the global ``random`` module, not the
hash seed of the interpreter, not the clock, not other games running alongside.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from tests.helpers import load_fuzz, play

CONFIGS = load_fuzz().all_configs()


def full_log(g: Game) -> list[dict[str, Any]]:
    return [e.full() for e in g.events]


@pytest.mark.parametrize(
    "config",
    CONFIGS[::5] + load_fuzz().all_configs("qianzhi")[::4],
    ids=lambda c: f"{c.edition}-{load_fuzz().config_label(c)}",
)
def test_same_config_seed_and_answers_give_the_same_game(config: Config) -> None:
    for seed in (0, 1, 2**40 + 7, -3):
        a, b = Game.new(config, seed), Game.new(config, seed)
        assert pickle.dumps(a) == pickle.dumps(b)  # the dealt state, RNG included, is identical
        assert a.decision == b.decision
        play(a, seed)
        play(b, seed)
        assert full_log(a) == full_log(b)
        assert a.history == b.history
        assert a.result == b.result and a.result is not None
        assert a.digest() == b.digest()
        assert a.record() == b.record()


def test_different_seeds_give_different_games() -> None:
    config = Config(players=5)
    digests = {play(Game.new(config, seed), 0).digest() for seed in range(30)}
    assert len(digests) == 30
    deals = {json.dumps(full_log(Game.new(config, seed))[:8]) for seed in range(30)}
    assert len(deals) == 30


def test_the_global_random_module_is_neither_used_nor_consulted() -> None:
    config = Config(players=6, auto_pass=True)
    random.seed(1)
    state = random.getstate()
    a = play(Game.new(config, 99), 5)
    assert random.getstate() == state, "the engine consumed the global RNG"
    random.seed(123456)
    random.random()
    b = play(Game.new(config, 99), 5)
    assert full_log(a) == full_log(b) and a.result == b.result


def test_interleaved_games_do_not_affect_each_other() -> None:
    configs = [Config(players=4), Config(players=9, four_card_victory=True), Config(players=6, auto_pass=True)]
    alone = [play(Game.new(c, 7 + i), i) for i, c in enumerate(configs)]
    games = [Game.new(c, 7 + i) for i, c in enumerate(configs)]
    rngs = [random.Random(i) for i in range(len(configs))]
    while any(g.decision is not None for g in games):
        for g, rng in zip(games, rngs, strict=True):
            if g.decision is not None:
                g.step(rng.randrange(len(g.decision.options)))
    for g, ref in zip(games, alone, strict=True):
        assert full_log(g) == full_log(ref)
        assert g.result == ref.result


def test_answering_by_option_string_dict_or_index_is_the_same() -> None:
    config = Config(players=5)
    games = [Game.new(config, 11) for _ in range(4)]
    rng = random.Random(3)
    while games[0].decision is not None:
        d = games[0].decision
        i = rng.randrange(len(d.options))
        o = d.options[i]
        for g in games:
            assert g.decision == d
        games[0].step(i)
        games[1].act(o)
        games[2].act(str(o), seat=d.seat)
        games[3].act(o.to_dict())
    logs = [full_log(g) for g in games]
    assert all(log == logs[0] for log in logs)


_DIGESTS_SCRIPT = """
import json, random, sys
from fengsheng.config import Config
from fengsheng.game import Game
out = []
for i, c in enumerate(json.loads(sys.argv[1])):
    g = Game.new(Config.from_dict(c), 1000 + i)
    rng = random.Random(i)
    while g.decision is not None:
        g.step(rng.randrange(len(g.decision.options)))
    out.append(g.digest())
print(json.dumps(out))
"""


def test_independent_of_the_interpreter_hash_seed() -> None:
    """Set iteration order changes with PYTHONHASHSEED; the game must not depend on it."""
    configs = [c.to_dict() for c in CONFIGS[::2]]
    digests = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run(
            [sys.executable, "-c", _DIGESTS_SCRIPT, json.dumps(configs)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        digests.append(json.loads(proc.stdout))
    assert digests[0] == digests[1]
    here = []
    for i, c in enumerate(configs):
        here.append(play(Game.new(Config.from_dict(c), 1000 + i), i).digest())
    assert here == digests[0]


@pytest.mark.parametrize("seed", ["1", 1.0, None, [1], b"1"])
def test_seed_must_be_an_integer(seed: Any) -> None:
    with pytest.raises(IllegalAction):
        Game.new(Config(), seed)


def test_default_config() -> None:
    g = Game.new(seed=5)
    assert g.config == Config() and g.n == 5
    assert full_log(g) == full_log(Game.new(Config(players=5), 5))
