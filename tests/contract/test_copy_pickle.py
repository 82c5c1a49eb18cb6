"""The state is plain data: ``copy.deepcopy``, ``g.copy()``, ``g.clone()`` and a ``pickle`` round trip at any decision
point give a game that resumes identically and independently of the original, with or without characters, in both
editions (characters bring rules with state of their own: a skill used this turn, a mission's count)."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

from fengsheng.config import Config
from fengsheng.engine.rng import GameRandom
from fengsheng.game import Game
from fengsheng.sim.runner import derive_seed
from tests.helpers import load_fuzz, play
from tests.suite import sized

SIZE_LIMIT_KB = 200

COPIERS: dict[str, Callable[[Game], Game]] = {
    "deepcopy": copy.deepcopy,
    "copy": lambda g: g.copy(),
    "pickle": lambda g: pickle.loads(pickle.dumps(g)),
    "pickle2": lambda g: pickle.loads(pickle.dumps(g, protocol=2)),  # protocols 0/1 cannot do __slots__
    "pickle_highest": lambda g: pickle.loads(pickle.dumps(g, protocol=pickle.HIGHEST_PROTOCOL)),
    "clone": lambda g: g.clone(),
}
fuzz = load_fuzz()


def snapshot(obj: Any, _active: set[int] | None = None) -> Any:
    """A deep structural snapshot of any engine object as nested plain values (classes named, sets sorted)."""
    active = set() if _active is None else _active
    if obj is None or isinstance(obj, bool | int | float | str):
        return obj
    if isinstance(obj, random.Random | GameRandom):  # live or frozen (a forked GameRandom): the same future
        return ("Random", obj.getstate())
    if id(obj) in active:
        raise AssertionError(f"reference cycle through {type(obj).__name__}")
    active.add(id(obj))
    try:
        name = type(obj).__qualname__
        if isinstance(obj, list | tuple):
            return (name, [snapshot(x, active) for x in obj])
        if isinstance(obj, set | frozenset):
            return (name, sorted((snapshot(x, active) for x in obj), key=repr))
        if isinstance(obj, dict):
            return (name, [(snapshot(k, active), snapshot(v, active)) for k, v in obj.items()])
        fields: dict[str, Any] = {}
        for cls in type(obj).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if hasattr(obj, slot):
                    fields[slot] = snapshot(getattr(obj, slot), active)
        for k, v in getattr(obj, "__dict__", {}).items():
            fields[k] = snapshot(v, active)
        return (name, sorted(fields.items()))
    finally:
        active.discard(id(obj))


def test_copies_resume_identically_at_random_decision_points() -> None:
    kinds: set[str] = set()
    configs = [Config(players=p, auto_pass=a, four_card_victory=p == 8) for p in range(3, 10) for a in (False, True)]
    configs += fuzz.character_configs()[::7] + fuzz.character_configs(edition="qianzhi")[::3]
    for i in range(sized(60, 240)):
        config = configs[i % len(configs)]
        seed = derive_seed("copy", i)
        rng = random.Random(seed)
        g = Game.new(config, seed)
        if i % 3 == 0:  # stop at a kind of decision not met yet (a declare prompt, a 试探 discard, a pick …)
            while g.decision is not None and (g.decision.kind in kinds or rng.random() < 0.2):
                g.step(rng.randrange(len(g.decision.options)))
        else:
            play(g, seed, stop=rng.randrange(0, 400))
        if g.decision is not None:
            kinds.add(g.decision.kind)
        name = list(COPIERS)[i % len(COPIERS)]
        clone = COPIERS[name](g)
        assert clone is not g
        assert clone.decision == g.decision and clone.result == g.result
        assert clone.events == g.events and clone.history == g.history
        before = snapshot(g)
        assert snapshot(clone) == before, name
        # the clone is independent: playing it to the end leaves the original untouched
        play(clone, i)
        assert snapshot(g) == before, f"{name}: playing the copy changed the original"
        play(g, i)
        assert clone.events == g.events, f"{name}: the copy did not resume identically ({config}, seed {seed})"
        assert clone.result == g.result and clone.history == g.history
        assert clone.digest() == g.digest()
    assert {"priority", "send", "receive", "declare", "discard", "pick"} <= kinds


def test_copy_shares_no_mutable_state() -> None:
    g = play(Game.new(Config(players=6), 4), 4, stop=60)
    for name, copier in COPIERS.items():
        c = copier(g)
        assert c.rng is not g.rng and c.rng.getstate() == g.rng.getstate(), name
        assert c.deck is not g.deck and c.discard is not g.discard and c.events is not g.events, name
        assert c.frames is not g.frames and all(a is not b for a, b in zip(c.frames, g.frames, strict=True)), name
        for a, b in zip(c.seats, g.seats, strict=True):
            assert a is not b and a.hand is not b.hand and a.intel is not b.intel, name


def test_copy_of_a_finished_game() -> None:
    g = play(Game.new(Config(players=3), 2), 2)
    for copier in COPIERS.values():
        c = copier(g)
        assert c.decision is None and c.result == g.result and c.record() == g.record()


def test_pickled_size_at_nine_players() -> None:
    """The pickled state stays small (target ≤ 200 KB at 9 players); run with -s to see the figures."""
    sizes: list[int] = []
    longest = 0
    for i in range(sized(12, 40)):
        config = Config(players=9, four_card_victory=i % 2 == 0, bystander_alliance=i % 3 == 0)
        g = Game.new(config, derive_seed("size", i))
        rng = random.Random(i)
        n = 0
        while g.decision is not None:
            g.step(rng.randrange(len(g.decision.options)))
            n += 1
            if n % 50 == 0:
                sizes.append(len(pickle.dumps(g)))
        sizes.append(len(pickle.dumps(g)))
        longest = max(longest, n)
    kb = max(sizes) / 1024
    mean = sum(sizes) / len(sizes) / 1024
    print(
        f"\npickled state at 9 players: max {kb:.1f} KB, mean {mean:.1f} KB over {len(sizes)} states "
        f"(longest game {longest} decisions)"
    )
    assert kb <= SIZE_LIMIT_KB
