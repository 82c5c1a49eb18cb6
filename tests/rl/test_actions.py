"""The action catalogue (fengsheng.rl.actions, no extra needed): every legal option of every decision maps to exactly
one action and back, over 1,000 random games of every player count, with and without characters, both text sets and
both prompt modes; the mask (the legal actions) is never empty while a seat must act."""

from __future__ import annotations

import random

import pytest

from fengsheng.config import Config
from fengsheng.core.options import PASS, Option
from fengsheng.game import Game
from fengsheng.rl.actions import Catalogue, Key, stack_uids
from tests.suite import sized

GAMES = sized(150, 1000)


def config_of(seed: int) -> Config:
    return Config(
        players=3 + seed % 7,
        characters=seed % 4 != 0,
        character_pool="all" if seed % 3 else "base",
        character_texts="004" if seed % 5 == 0 else "000",
        uniform_prompts=seed % 2 == 0,
    )


def test_bijection_on_every_decision_of_1000_random_games() -> None:
    catalogues: dict[Config, Catalogue] = {}
    decisions = 0
    for seed in range(GAMES):
        cfg = config_of(seed)
        cat = catalogues.get(cfg) or catalogues.setdefault(cfg, Catalogue(cfg))
        g = Game.new(cfg, seed=seed)
        rng = random.Random(seed)
        while g.decision is not None:
            d = g.decision
            acts = cat.actions(d, g)
            assert acts, f"no legal action for seat {d.seat} ({d.kind})"  # the mask is never all zeros
            assert len(set(acts)) == len(acts), f"two options share an action: {d.options}"
            back = {a: o for a, o in zip(acts, d.options, strict=True)}
            for a, o in zip(acts, d.options, strict=True):
                assert 0 <= a < len(cat)
                assert back[a] is o
                assert cat.action(o, d.seat, g) == a  # the one-option path agrees
            decisions += 1
            g.act(d.options[rng.randrange(len(d.options))])
    assert decisions > 100_000


def test_relative_seats_and_stable_references() -> None:
    cat = Catalogue(Config(players=5))
    assert cat.key(Option("play", 3, "lock", 1), seat=4) == Key("play", 3, "lock", rel=2)
    assert cat.key(Option("play", 40, "burn", 2, 45), seat=0) == Key("play", 40, "burn", ref=45)
    assert cat.key(Option("play", 51, "see_through", ref=7), seat=0, uids=[3, 7, 9]) == Key(
        "play", 51, "see_through", ref=1
    )
    assert cat.keys[cat.index[Key(PASS)]] == Key(PASS)


@pytest.mark.parametrize("characters", [False, True])
def test_catalogue_sizes_are_fixed_for_a_config(characters: bool) -> None:
    a = Catalogue(Config(players=5, characters=characters))
    b = Catalogue(Config(players=5, characters=characters))
    assert a.keys == b.keys
    assert sum(blk.size for blk in a.blocks) == len(a)
    assert len(set(a.keys)) == len(a)


def test_the_stack_reference_counts_from_the_top() -> None:
    g = Game.new(Config(players=5), seed=1)
    rng = random.Random(1)
    seen = 0
    cat = Catalogue(g.config)
    while g.decision is not None and seen < 3:
        d = g.decision
        for o in d.options:
            if o.use == "see_through":
                uids = stack_uids(g)
                assert cat.keys[cat.action(o, d.seat, g)].ref == len(uids) - 1 - uids.index(o.ref)
                seen += 1
        g.act(d.options[rng.randrange(len(d.options))])
