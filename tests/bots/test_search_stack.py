"""SearchBot's worlds for responses on a non-empty stack (``stack=True``): the world starts at the window and
replays the uses on the stack (``worlds._replay``)."""

from __future__ import annotations

import random

from fengsheng.bots import HeuristicBot, SearchBot
from fengsheng.bots.search.worlds import build_world, world_at
from fengsheng.config import Config
from fengsheng.sim.runner import derive_seed, play_game
from tests.bots.test_search import _walk, play_checking_hidden_state, search_games

CONFIG = Config(players=5, characters=True, auto_pass=True)


def _stack(view: dict) -> list[tuple]:  # type: ignore[type-arg]
    return [(u["uid"], u["user"], u["use"], u["target"], u["ref"], u["card"], u["window"]) for u in view["stack"]]


def test_a_world_replays_the_stack() -> None:
    """At responses on a non-empty stack in heuristic games, a world built from the seat's view (its belief's
    identities) holds the same stack (numbers, users, uses, targets, references, the cards the seat sees), the same
    hand, hand sizes, intelligence and discard pile, and offers every real option; without ``stack`` no world is
    started there."""
    tried = built = 0
    rng = random.Random(2)
    for i in range(8):
        for g, bot in _walk(derive_seed("stack-worlds", i), every=1, stack=True):
            d = g.decision
            assert d is not None
            s = d.seat
            view = g.view(s)
            assert world_at(d, view) is None
            tried += 1
            model = bot.memory.ensure_model()
            ids = model.sample(rng) if model is not None else {}
            w = build_world(d, view, ids, bot.memory.face_up, rng, None, True)
            if w is None:
                continue
            built += 1
            wv = w.view(s)
            assert _stack(wv) == _stack(view)
            assert sorted(wv["me"]["hand"]) == sorted(view["me"]["hand"])
            for a, b in zip(wv["seats"], view["seats"], strict=True):
                assert (a["hand_count"], a["intel"]) == (b["hand_count"], b["intel"])
            assert sorted(wv["discard"]) == sorted(view["discard"])
            offered = {str(o) for o in w.decision.options}  # type: ignore[union-attr]
            assert {str(o) for o in d.options} <= offered
    assert tried >= 100
    assert built >= 0.9 * tried  # the rest: a skill's use on the stack (its flip or cost is not replayed)


def test_stack_search_sees_only_its_own_view() -> None:
    """With ``stack=True`` too, a copy of the game with other hidden state under the same view and events gets the
    same answer (responses on a stack included), and the search takes part."""
    rng = random.Random(5)
    checked, searched = play_checking_hidden_state(
        derive_seed("search-stack-hidden", 0),
        "military_intel",
        lambda s, b: SearchBot(s, b, iterations=3, stack=True),
        rng,
        0.5,
        stack=True,
    )
    assert checked >= 10 and searched >= 10


def test_stack_search_is_deterministic_and_searches_more() -> None:
    a = search_games(13, 4, stack=True)
    b = search_games(13, 4, stack=True)
    assert a.history == b.history

    def count(stack: bool) -> int:
        made: list[SearchBot] = []

        def make(s: int, seed: int) -> SearchBot:
            bot = SearchBot(s, seed, iterations=2, stack=stack)
            made.append(bot)
            return bot

        play_game(CONFIG, 17, lambda s, b: HeuristicBot(s, b), faction_factories={"underground": make})
        return sum(x.searched for x in made)

    assert count(True) > count(False) > 0
