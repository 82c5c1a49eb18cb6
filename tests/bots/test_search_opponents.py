"""SearchBot's model of the other seats (``bots/search/opponents.py``): the memory each would have built from the
public events, kept per seat and identity from the searching seat's own events."""

from __future__ import annotations

import math
import random

import pytest

from fengsheng.bots import HeuristicBot, SearchBot
from fengsheng.bots.search.opponents import AUDIENCE, PublicModels, public_to
from fengsheng.bots.search.worlds import build_world, world_at
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.sim.runner import derive_seed, play_game

CONFIG = Config(players=5, characters=True, auto_pass=True)


def _games(n: int, config: Config = CONFIG, seed: int = 5) -> list[Game]:
    return [play_game(config, derive_seed(seed, i), lambda s, b: HeuristicBot(s, b)) for i in range(n)]


@pytest.mark.parametrize("texts", ["000", "004"])
def test_a_seat_is_given_what_its_own_stream_holds(texts: str) -> None:
    """For every private event and every two seats i, j: ``public_to`` of i's copy gives j no field j's own stream
    lacks, and when both are in the audience it gives j exactly its own copy (the audiences of :data:`AUDIENCE`)."""
    config = Config(players=5, characters=True, auto_pass=True, character_texts=texts)
    checked = 0
    for g in _games(12, config, seed=11):
        for e in g.events:
            if not e.hidden or e.audience is None:
                continue
            for i in range(g.n):
                mine = e.for_seat(i)
                for j in range(g.n):
                    if j == i:
                        continue
                    theirs = e.for_seat(j)
                    given = public_to(mine, j)
                    assert set(given) <= set(theirs), (e.kind, i, j)
                    if e.seen_by(i) and e.seen_by(j):
                        assert given == theirs, (e.kind, i, j)
                        checked += 1
    assert checked > 0  # two-seat audiences (试探, taking a card) were met


def test_public_to_shares_what_it_does_not_change() -> None:
    e = {"kind": "obtain", "seat": 1, "card": 7, "how": "accept"}
    assert public_to(e, 2) is e
    sent = {"kind": "send", "seat": 0, "method": "secret", "target": 2, "card": 9}
    assert "card" not in public_to(sent, 2)  # the target of a face-down card does not see it
    assert public_to(sent, 0) is sent
    assert set(AUDIENCE) <= {"probe", "take", "give", "identities_exchanged"}


def test_the_public_models_learn_the_searching_seat() -> None:
    """Fed seat 0's events, the model of each other seat (with its real identity) puts more probability on seat
    0's real identity than the prior does, on average over the turns of 20 games: what the table saw it do."""
    gain, count = 0.0, 0
    for g in _games(20, seed=3):
        models = PublicModels(0)
        stream = g.events_for(0)
        last_turn = -1
        for k, e in enumerate(stream):
            models.observe([e])
            if e["kind"] != "turn" or e.get("turn", 0) == last_turn or k < 10:
                continue
            last_turn = e.get("turn", 0)
            truth = g.seats[0].identity
            for j in range(1, g.n):
                m = models.memories[(j, g.seats[j].identity)]
                model = m.ensure_model()
                assert model is not None
                p = model.belief()[0][truth]
                flat = _flat(g, j, truth)
                gain += math.log(max(p, 1e-9)) - math.log(flat)
                count += 1
    assert count > 200
    assert gain / count > 0.1, gain / count  # 0.23 nats measured; 0 if the models were not fed


def _flat(g: Game, j: int, truth: str) -> float:
    """The prior probability, for seat ``j`` knowing only its own identity, that seat 0 holds ``truth``."""
    counts = {s.identity: 0 for s in g.seats}
    for s in g.seats:
        counts[s.identity] += 1
    counts[g.seats[j].identity] -= 1
    return counts.get(truth, 0) / (g.n - 1)


def test_a_world_seat_is_played_with_its_public_memory() -> None:
    """A world's other seat is a HeuristicBot holding a copy of the memory kept for the identity the world gives it;
    what a rollout adds to that copy does not reach the kept one."""
    g = _games(1, seed=8)[0]
    bot = SearchBot(0, 1, iterations=2)
    # feed the bot the first half of the game as seat 0 saw it
    stream = g.events_for(0)
    assert bot.public is not None
    bot.public.observe(stream[: len(stream) // 2])
    world = _some_world(bot)
    for j in range(1, world.n):
        ident = world.seats[j].identity
        rb = bot._rollout_bot(j, 9, world)
        assert isinstance(rb, HeuristicBot)
        kept = bot.public.memories[(j, ident)]
        assert rb.memory is not kept and rb.memory.identity == ident
        assert rb.memory.model is not kept.model
        before = kept.ensure_model()
        assert before is not None
        snapshot = [list(r) for r in before.logl]
        model = rb.memory.ensure_model()
        assert model is not None
        model.observe(0, [0.9, 0.05, 0.05])
        assert kept.model is not None and kept.model.logl == snapshot
    fresh = SearchBot(0, 1, iterations=2, opponents="fresh")
    assert fresh.public is None
    plain = fresh._rollout_bot(1, 9, world)
    assert isinstance(plain, HeuristicBot) and plain.memory.model is None


def _some_world(bot: SearchBot) -> Game:
    """A world built for a searched decision of seat 0 in a game played by first options (its identities the
    game's: a test may read them)."""
    for i in range(40):
        g = Game.new(CONFIG, derive_seed(21, i))
        while g.decision is not None:
            d = g.decision
            if d.seat == 0 and len(d.options) > 1:
                view = g.view(0)
                if world_at(d, view) is not None:
                    others = {s.index: s.identity for s in g.seats if s.index != 0}
                    w = build_world(d, view, others, {}, random.Random(i))
                    if w is not None:
                        return w
            g.act(d.options[0])
    raise AssertionError("no world")


def test_opponents_must_be_known() -> None:
    with pytest.raises(ValueError, match="opponents"):
        SearchBot(0, 1, opponents="psychic")
