"""The game's random source (engine/rng.py): the numbers of ``random.Random(seed)``, and a fork that shares the
frozen state yet gives each game its own future."""

from __future__ import annotations

import pickle
import random

from fengsheng.config import Config
from fengsheng.engine.rng import GameRandom
from fengsheng.game import Game
from tests.helpers import play


def _draws(r: GameRandom | random.Random) -> list[int]:
    xs = list(range(20))
    r.shuffle(xs)
    return [*xs, r.randrange(1000), *r.sample(range(100), 5)]


def test_draws_are_those_of_random_random() -> None:
    assert _draws(GameRandom(7)) == _draws(random.Random(7))


def test_shuffle_is_random_randoms_for_every_length_and_seed() -> None:
    """GameRandom.shuffle writes random.Random.shuffle's loop out: the same permutation, and the generator left in
    the same state, for lengths 0, 1, powers of two and the decks' sizes."""
    for seed in range(100):
        for n in (0, 1, 2, 3, 8, 64, 81, 108, 257):
            ours, theirs = GameRandom(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            ours.shuffle(a)
            theirs.shuffle(b)
            assert a == b, (seed, n)
            assert ours.randrange(1 << 30) == theirs.randrange(1 << 30)


def test_a_fork_has_the_same_future_and_its_own_state() -> None:
    a = GameRandom(3)
    _draws(a)
    b = a.fork()
    c = b.fork()  # a fork of a frozen source shares the same tuple
    assert a.getstate() == b.getstate() == c.getstate()
    first = _draws(a)
    assert _draws(b) == first  # a's draws did not move b
    assert _draws(c) == first
    assert _draws(a) == _draws(b) != first


def test_pickle_and_setstate_keep_the_future() -> None:
    a = GameRandom(11)
    b = pickle.loads(pickle.dumps(a))
    frozen = a.fork()
    c = pickle.loads(pickle.dumps(frozen))
    d = GameRandom(0)
    d.setstate(a.getstate())
    assert _draws(a) == _draws(b) == _draws(c) == _draws(d)


def test_clones_of_a_game_reshuffle_alike_and_independently() -> None:
    g = play(Game.new(Config(players=5), 21), 21, stop=40)
    c1, c2 = g.clone(), g.clone()
    assert c1.rng.getstate() == c2.rng.getstate() == g.rng.getstate()
    deck = list(range(30))
    d1, d2 = deck[:], deck[:]
    c1.rng.shuffle(d1)
    assert c2.rng.getstate() == g.rng.getstate() != c1.rng.getstate()
    c2.rng.shuffle(d2)
    assert d1 == d2
