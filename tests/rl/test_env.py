"""The PettingZoo environment (needs the rl extra; skipped without it): PettingZoo's own api_test, seed_test,
parallel_api_test and parallel seed test; rewards and endings; reproducible resets; the observation leak test
(twins from Game.determinize); the cached encoder against a fresh one; clone and resample."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

import fengsheng.rl as rl  # noqa: E402
from fengsheng.config import Config  # noqa: E402
from fengsheng.rl.encode import Encoder  # noqa: E402


def play(env: Any, seed: int, rng: random.Random, steps: int | None = None) -> None:
    """Random masked actions until the game ends (or ``steps`` steps)."""
    env.reset(seed=seed)
    k = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0, f"{agent} must act with an empty mask"
        env.step(int(legal[rng.randrange(len(legal))]))
        k += 1
        if steps is not None and k >= steps:
            return


@pytest.mark.parametrize("characters", [False, True])
def test_pettingzoo_api_test(characters: bool) -> None:
    api_test(rl.env(characters=characters), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: rl.env(), num_cycles=100)


def test_pettingzoo_parallel_api_test() -> None:
    parallel_api_test(rl.parallel_env(), num_cycles=300)


def test_pettingzoo_parallel_seed_test() -> None:
    parallel_seed_test(lambda: rl.parallel_env(), num_cycles=100)


def test_games_end_with_plus_one_minus_one_or_zero_and_every_agent_is_removed() -> None:
    rng = random.Random(0)
    for seed in range(20):
        env = rl.env(players=3 + seed % 7, characters=seed % 2 == 1, raw_view=False)
        env.reset(seed=seed)
        totals = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            totals[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
        assert env.agents == []
        result = env.game.result
        winners = set(result["winners"])
        for a, seat in env.agent_name_mapping.items():
            assert totals[a] == (0.0 if not winners else 1.0 if seat in winners else -1.0)


def test_reset_with_a_seed_is_reproducible_and_seeds_the_following_games() -> None:
    a, b = rl.env(raw_view=False), rl.env(raw_view=False)
    a.reset(seed=7)
    b.reset(seed=7)
    assert a.game.record() == b.game.record()
    a.reset()
    b.reset()
    assert a.game_seed == b.game_seed
    assert a.game.record() == b.game.record()
    a.reset(seed=8)
    assert a.game_seed != b.game_seed


def test_illegal_actions_terminate_or_raise() -> None:
    env = rl.env(raw_view=False)
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    agent = env.agent_selection
    env.step(bad)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0
    strict = rl.env(raw_view=False, illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError):
        strict.step(bad)


def test_infos_carry_the_legal_options_and_the_raw_view() -> None:
    env = rl.env()
    env.reset(seed=3)
    agent = env.agent_selection
    info = env.infos[agent]
    d = env.game.decision
    assert info["legal_options"] == d.options
    assert info["view"] == env.game.view(d.seat)
    mask = env.observe(agent)["action_mask"]
    assert sorted(env.action_of(o) for o in d.options) == list(np.flatnonzero(mask))
    for a in np.flatnonzero(mask):
        assert env.option_of(int(a)) in d.options


def test_the_cached_encoder_equals_a_fresh_one() -> None:
    rng = random.Random(5)
    for seed in range(6):
        env = rl.env(players=4 + seed, raw_view=False)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            if rng.random() < 0.05:
                fresh = Encoder(env.layout)
                for seat in range(env.config.players):
                    assert np.array_equal(fresh.encode(env.game, seat), env.encoder.encode(env.game, seat))
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("players", [4, 5, 7])
def test_observation_does_not_leak_what_the_seat_cannot_know(players: int) -> None:
    """Twins from ``Game.determinize(seat, rng)``: the other hands, the deck, unknown identities and face-down
    characters drawn again. The seat's observation (tensor and mask) must be identical in both."""
    rng = random.Random(players)
    compared = differ = 0
    for seed in range(30):
        env = rl.env(players=players, raw_view=False, uniform_prompts=seed % 2 == 0)
        play(env, seed, rng, steps=rng.randrange(20, 400))
        if not env.agents or env.game.decision is None:
            continue
        for agent in env.possible_agents:
            twin = env.resample(agent, random.Random(seed))
            a, b = env.observe(agent), twin.observe(agent)
            assert np.array_equal(a["observation"], b["observation"]), (seed, agent)
            assert np.array_equal(a["action_mask"], b["action_mask"])
            compared += 1
            g, h = env.game, twin.game
            if any(sorted(x.hand) != sorted(y.hand) for x, y in zip(g.seats, h.seats, strict=True)):
                differ += 1
            # a fresh encoder on the twin sees the same (nothing comes from the incremental state)
            assert np.array_equal(Encoder(env.layout).encode(h, env.agent_name_mapping[agent]), a["observation"])
    assert compared > 50
    assert differ > compared // 2  # the twins really differ in hidden things


def test_an_observation_changes_with_what_the_seat_sees() -> None:
    """The oracle is not blind: the spectator-invisible own hand is in the tensor."""
    env = rl.env(raw_view=False)
    env.reset(seed=2)
    agent = env.agent_selection
    seat = env.agent_name_mapping[agent]
    twin = env.clone()
    twin.game.seats[seat].hand.reverse()
    assert np.array_equal(env.observe(agent)["observation"], twin.observe(agent)["observation"])  # a set
    other = env.clone()
    if other.game.deck:
        other.game.seats[seat].hand.append(other.game.deck.pop())
        assert not np.array_equal(env.observe(agent)["observation"], other.observe(agent)["observation"])


def test_clone_is_independent_and_plays_on_identically() -> None:
    env = rl.env(raw_view=False)
    rng = random.Random(9)
    play(env, 11, rng, steps=150)
    twin = env.clone()
    record = env.game.record()
    actions = []
    r1 = random.Random(3)
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        a = int(legal[r1.randrange(len(legal))])
        actions.append(a)
        env.step(a)
    assert twin.game.record()["decisions"] == record["decisions"]  # untouched by the original's moves
    for a in actions:
        obs = twin.observe(twin.agent_selection)
        assert obs["action_mask"][a] == 1
        twin.step(a)
    assert twin.game.result == env.game.result


def test_resample_gives_a_playable_game_consistent_with_the_agent() -> None:
    env = rl.env(raw_view=False)
    rng = random.Random(4)
    play(env, 4, rng, steps=100)
    agent = env.agent_selection
    seat = env.agent_name_mapping[agent]
    twin = env.resample(agent, random.Random(1))
    assert twin.game.view(seat) == env.game.view(seat)
    play_on = twin
    for _a in play_on.agent_iter():
        obs, _, term, trunc, _ = play_on.last()
        if term or trunc:
            play_on.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        play_on.step(int(legal[rng.randrange(len(legal))]))
    assert play_on.game.result is not None


def test_max_steps_truncates() -> None:
    env = rl.env(raw_view=False, max_steps=10)
    rng = random.Random(0)
    env.reset(seed=0)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    assert steps == 10


def test_observation_space_contains_every_observation() -> None:
    env = rl.env(raw_view=False, players=9)
    rng = random.Random(2)
    env.reset(seed=2)
    space = env.observation_space("player_0")
    for k, _agent in enumerate(env.agent_iter()):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        if k % 7 == 0:
            assert space.contains(obs)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))


def test_config_fields_pass_through() -> None:
    env = rl.env(players=6, characters=False, optional_distribution=True)
    assert env.config == Config(players=6, characters=False, optional_distribution=True)
    env2 = rl.env(config=Config(players=3))
    assert env2.possible_agents == ["player_0", "player_1", "player_2"]


def test_shaping_is_off_by_default_and_added_when_given() -> None:
    env = rl.env(raw_view=False, shaping=lambda g, seat: 0.001 * len(g.seats[seat].intel))
    rng = random.Random(1)
    play(env, 1, rng, steps=300)
    assert any(v != 0 for v in env._cumulative_rewards.values()) or all(not s.intel for s in env.game.seats)
    plain = rl.env(raw_view=False)
    play(plain, 1, random.Random(1), steps=300)
    assert all(v == 0 for v in plain.rewards.values())
