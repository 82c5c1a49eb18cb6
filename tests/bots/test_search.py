"""SearchBot (bots/search): it sees only its seat, its choice does not depend on hidden state, it is deterministic
given its seed and iterations, it answers legally in many games, its worlds agree with its view, and the command
line reaches it."""

from __future__ import annotations

import copy
import json
import math
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

from fengsheng.bots import BOTS, HeuristicBot, SearchBot
from fengsheng.bots.belief import IdentityBelief
from fengsheng.bots.heuristic.memory import Transit
from fengsheng.bots.heuristic.policy import PLAY_MARGIN, Policy
from fengsheng.bots.search.bot import DEFAULT_HORIZON, DEFAULT_TOP
from fengsheng.bots.search.tree import Halving, Search
from fengsheng.bots.search.worlds import build_world, world_at
from fengsheng.cli import main
from fengsheng.config import Config
from fengsheng.core.options import Decision, Option
from fengsheng.core.state import Frame, Seat
from fengsheng.errors import ConfigError
from fengsheng.game import Game
from fengsheng.sim.runner import derive_seed, play_game
from tests.bots.test_bot_interface import _reachable_types
from tests.suite import sized

CONFIG = Config(players=5, characters=True, auto_pass=True)


def _hide_and_change(g: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``g`` where what ``seat`` may not see is different: two seats whose identity its view does not show
    swap identities, and other seats' hands trade cards with the deck."""
    h = g.copy()
    shown = {s["seat"] for s in g.view(seat)["seats"] if s["identity"] is not None}
    others = [s for s in h.seats if s.index not in shown and s.in_game]
    if len(others) >= 2:
        a, b = rng.sample(others, 2)
        a.identity, b.identity = b.identity, a.identity
    for s in h.seats:
        if s.index == seat or not s.hand or not h.deck:
            continue
        i, j = rng.randrange(len(s.hand)), rng.randrange(len(h.deck))
        s.hand[i], h.deck[j] = h.deck[j], s.hand[i]
    return h


def search_games(seed: int, iterations: int, faction: str = "underground", **kw: Any) -> Game:
    return play_game(
        CONFIG,
        seed,
        lambda s, b: HeuristicBot(s, b),
        faction_factories={faction: lambda s, b: SearchBot(s, b, iterations=iterations, **kw)},
    )


def test_registered() -> None:
    assert BOTS["search"] is SearchBot
    assert SearchBot(0, 1).budget_ms is not None  # no budget given: the default time budget
    assert SearchBot(0, 1, iterations=5).budget_ms is None  # iterations only: the clock is never read


def test_bot_holds_no_reference_to_the_game() -> None:
    bots: list[SearchBot] = []

    def factory(seat: int, seed: int) -> SearchBot:
        b = SearchBot(seat, seed, iterations=3)
        bots.append(b)
        return b

    play_game(CONFIG, 7, lambda s, b: HeuristicBot(s, b), faction_factories={"military_intel": factory})
    assert bots and sum(b.searched for b in bots) > 0
    for b in bots:
        types = _reachable_types(b)
        assert not any(issubclass(t, (Game, Seat, Frame)) for t in types), types


def play_checking_hidden_state(
    seed: int, identity: str, make: Any, rng: random.Random, share: float, stack: bool = False
) -> tuple[int, int]:
    """Play one HeuristicBot game in which the ``identity`` seats are SearchBots (``make(seat, seed)``); at a
    ``share`` of their searchable decisions, a copy of the game whose hidden state differs but whose view and events
    for the seat are the same must get the same answer from a copy of the bot. Returns (checked, searched)."""
    checked = searched = 0
    g = Game.new(CONFIG, seed)
    bots: dict[int, Any] = {s: HeuristicBot(s, derive_seed(seed, "bot", s)) for s in range(g.n)}
    seen = [0] * g.n
    while g.decision is not None:
        d = g.decision
        s = d.seat
        if isinstance(bots[s], HeuristicBot) and g.seats[s].identity == identity:
            bots[s] = make(s, derive_seed(seed, "bot", s))
            seen[s] = 0
        view, events = g.view(s), g.events_for(s, seen[s])
        bot = bots[s]
        if isinstance(bot, SearchBot) and len(d.options) > 1 and world_at(d, view, stack) and rng.random() < share:
            h = _hide_and_change(g, s, rng)
            assert h.view(s) == view and h.events_for(s, seen[s]) == events and h.decision == d
            twin = copy.deepcopy(bot)
            mine = copy.deepcopy(bot).choose(d, view, events)
            assert twin.choose(h.decision, h.view(s), h.events_for(s, seen[s])) == mine
            searched += twin.last_searched
            checked += 1
        seen[s] = len(g.events)
        g.act(bot.choose(d, view, events))
    return checked, searched


def test_hidden_state_does_not_change_the_choice() -> None:
    """At searched decisions of a SearchBot seat: a copy of the game whose hidden state differs (other hands traded
    with the deck, two other seats' identities swapped) but whose view and events for the seat are the same gives a
    copy of the bot the same inputs, and it answers the same. The bot's worlds come from what it was given only."""
    rng = random.Random(3)
    checked = searched = 0
    for gi in range(2):
        c, n = play_checking_hidden_state(
            derive_seed("search-hidden", gi), "underground", lambda s, b: SearchBot(s, b, iterations=3), rng, 0.5
        )
        checked, searched = checked + c, searched + n
    assert checked >= 10 and searched >= 10


def test_deterministic_given_seed_and_iterations() -> None:
    a = search_games(11, 6, z=0.0)
    b = search_games(11, 6, z=0.0)
    assert a.history == b.history and a.digest() == b.digest()
    assert a.history != play_game(CONFIG, 11, lambda s, b: HeuristicBot(s, b)).history  # the search took part


def test_zero_iterations_plays_as_heuristic() -> None:
    """With no iterations the bot searches nothing and is HeuristicBot of the same seed, answer for answer."""
    a = search_games(5, 0)
    b = play_game(CONFIG, 5, lambda s, b: HeuristicBot(s, b))
    assert a.history == b.history


def test_search_changes_some_answers() -> None:
    """A search that never departs from its default would be HeuristicBot under another name (``z=0``: any option
    whose paired mean beats the control's is taken)."""
    a = search_games(5, 8, z=0.0)
    b = play_game(CONFIG, 5, lambda s, b: HeuristicBot(s, b))
    assert a.history != b.history


@pytest.mark.parametrize("players", [4, 5, 6])
def test_legal_answers_across_games(players: int) -> None:
    """A few dozen games in all (characters on and off, auto-pass on and off): every answer is legal (the match
    raises BotError otherwise) and the game ends."""
    searched = 0
    games = sized(4, 8)  # four games cover characters on and off, auto-pass on and off, both factions searching
    for gi in range(games):
        config = Config(players=players, characters=gi % 4 != 3, auto_pass=gi % 2 == 0)
        bots: list[SearchBot] = []

        def factory(seat: int, seed: int, bots: list[SearchBot] = bots) -> SearchBot:
            bot = SearchBot(seat, seed, iterations=2)
            bots.append(bot)
            return bot

        faction = ("underground", "military_intel")[gi % 2]
        g = play_game(
            config, derive_seed("legal", players, gi), lambda s, b: HeuristicBot(s, b), None, None, {faction: factory}
        )
        assert g.result is not None
        searched += sum(b.searched for b in bots)
    assert searched > 20 * games // 8


def _walk(seed: int, every: int = 3, stack: bool = False) -> list[tuple[Game, HeuristicBot]]:
    """Positions of a heuristic game where a world can be built, with the deciding seat's bot (fed up to there);
    with ``stack``, only the responses on a non-empty stack (``world_at(..., stack=True)``)."""
    g = Game.new(CONFIG, seed)
    bots = [HeuristicBot(s, derive_seed(seed, "bot", s)) for s in range(g.n)]
    seen = [0] * g.n
    out: list[tuple[Game, HeuristicBot]] = []
    k = 0
    while g.decision is not None:
        d = g.decision
        s = d.seat
        view, events = g.view(s), g.events_for(s, seen[s])
        seen[s] = len(g.events)
        option = bots[s].choose(d, view, events)
        if len(d.options) > 1 and world_at(d, view, stack) and (not stack or view.get("stack")):
            k += 1
            if k % every == 0:
                out.append((g.copy(), copy.deepcopy(bots[s])))
        g.act(option)
    return out


def test_worlds_agree_with_the_view() -> None:
    """A world shows the seat what its view shows: its hand, every intelligence, the discard pile, zone sizes, the
    card in transit's public fields, the identities it knows; and the same decision."""
    rng = random.Random(1)
    built = 0
    for seed in (1, 2):
        for g, bot in _walk(seed):
            d = g.decision
            assert d is not None
            s = d.seat
            view = g.view(s)
            model = bot.memory.ensure_model()
            w = build_world(d, view, model.sample(rng) if model else {}, bot.memory.face_up, rng)
            if w is None:
                continue
            built += 1
            wv = w.view(s)
            assert wv["me"]["hand"] == view["me"]["hand"] and wv["me"]["identity"] == view["me"]["identity"]
            offered = {str(o) for o in w.decision.options}  # type: ignore[union-attr]
            assert {str(o) for o in d.options} <= offered
            assert sorted(wv["discard"]) == sorted(view["discard"]) and wv["deck_count"] == view["deck_count"]
            for a, b in zip(wv["seats"], view["seats"], strict=True):
                if b["alive"] and not b["lost"]:
                    assert a["intel"] == b["intel"] and a["hand_count"] == b["hand_count"]
                    assert b["character"] is None or a["character"] == b["character"]
                if b["identity"] is not None:
                    assert w.seats[b["seat"]].identity == b["identity"]
            if view["transit"] is not None:
                for key in ("sender", "holder", "method", "target", "direction"):
                    assert wv["transit"][key] == view["transit"][key]
                if view["transit"]["card"] is not None:
                    assert w.passing is not None and w.passing.card == view["transit"]["card"]
    assert built >= 20


def test_world_identities_follow_the_belief() -> None:
    """Identities are drawn from the joint posterior: a seat the belief rules out of an identity never gets it, and
    the frequencies follow the marginals."""
    b = IdentityBelief(5, 0, "underground", [2, 2, 1])
    b.observe(1, [1e-12, 0.5, 0.5])  # seat 1 is certainly not underground
    b.observe(2, [0.9, 0.05, 0.05])
    rng = random.Random(4)
    draws = [b.sample(rng) for _ in range(4000)]
    assert all(d[1] != "underground" for d in draws)
    assert all(Counter(d.values()) == Counter({"underground": 1, "military_intel": 2, "bystander": 1}) for d in draws)
    m = b.belief()
    for seat in (2, 3):
        freq = sum(d[seat] == "underground" for d in draws) / len(draws)
        assert abs(freq - m[seat]["underground"]) < 0.03


def test_cli_simulate_and_flags(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--games", "2", "--seed", "1", "--bots", "heuristic", "--workers", "1", "--json"]
    assert main([*args, "--faction-bot", "underground=search", "--bot-iterations", "2"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["games"] == 2 and summary["errors"] == 0
    assert main(["simulate", "--games", "1", "--bots", "search", "--bot-iterations", "1", "--workers", "1"]) == 0
    capsys.readouterr()
    assert main([*args, "--bot-iterations", "-1"]) == 2
    assert main([*args, "--bot-budget-ms", "0"]) == 2
    assert main([*args, "--bot-horizon", "-1"]) == 2
    capsys.readouterr()
    assert main([*args, "--faction-bot", "underground=search", "--bot-iterations", "2", "--bot-horizon", "0"]) == 0


def test_the_horizon_flag_reaches_the_searching_bot_only() -> None:
    """``--bot-horizon N``: the rollouts' turns before the value function (0: to the end), for SearchBot alone."""
    import argparse

    from fengsheng.commands.common import add_bot_budget_args, bot_options
    from fengsheng.sim.simulate import _factory

    parser = argparse.ArgumentParser()
    add_bot_budget_args(parser)
    for flag, horizon in (("3", 3), ("0", None)):
        options = bot_options(parser.parse_args(["--bot-horizon", flag, "--bot-iterations", "2"]))
        bot = _factory("search", options)(0, 1)
        assert isinstance(bot, SearchBot) and bot.horizon == horizon
        assert not hasattr(_factory("heuristic", options)(0, 1), "horizon")
    assert _factory("search", bot_options(parser.parse_args([])))(0, 1).horizon == DEFAULT_HORIZON
    assert _factory("search", bot_options(parser.parse_args(["--bot-top", "2"])))(0, 1).top == 2
    assert _factory("search", bot_options(parser.parse_args([])))(0, 1).top == DEFAULT_TOP
    with pytest.raises(ConfigError):
        bot_options(parser.parse_args(["--bot-top", "-1"]))


def _scores(policy: Policy, d: Decision) -> dict[Option, float]:
    """Each option's value by the policy, as :meth:`Policy.ranked` orders them."""
    if d.kind == "send":
        return {o: v for v, o in policy.send_scores(d)}
    gains = {o: v for v, o in policy.priority_gains(d)}
    return {
        o: math.inf if o.kind == "declare" else PLAY_MARGIN if o.kind == "pass" else gains.get(o, -math.inf)
        for o in d.options
    }


def test_ranked_orders_the_options_by_the_policys_values() -> None:
    """``HeuristicBot.rank`` (what a search tries first): every option once, best value first, and the policy's own
    answer has the top value (it may differ from the first only on a tie)."""
    ranked_decisions = 0
    for seed in (3, 4):
        for g, bot in _walk(seed, every=2):
            d = g.decision
            assert d is not None
            if d.kind not in ("send", "priority"):
                assert bot.rank(d) == list(d.options)
                continue
            ranked = bot.rank(d)
            assert sorted(map(str, ranked)) == sorted(map(str, d.options))
            mem = bot.memory.copy()
            scores = _scores(Policy(mem, mem.view, random.Random(0)), d)
            values = [scores[o] for o in ranked]
            assert values == sorted(values, reverse=True)
            choice = Policy(mem, mem.view, random.Random(0)).decide(d)
            assert scores[choice] == values[0] or (choice.kind == "pass" and values[0] <= PLAY_MARGIN)
            ranked_decisions += len(d.options) > 2
    assert ranked_decisions >= 20


def test_top_compares_the_control_and_the_next_best_options() -> None:
    """``top=K``: the root compares HeuristicBot's answer and the K - 1 best others by its values, in listed order;
    ``top=0`` every option."""
    checked = 0
    for g, bot in _walk(6, every=2):
        d = g.decision
        assert d is not None
        if len(d.options) <= 3 or d.kind not in ("send", "priority"):
            continue
        search = SearchBot(d.seat, 1, iterations=4, top=3)
        search.heuristic = bot
        names = [str(o) for o in d.options]
        ranked = [str(o) for o in bot.rank(d)]
        default = ranked[-1]  # a control the policy ranks last is still compared
        cands = search.candidates(d, default)
        assert len(cands) == 3 and default in cands and set(ranked[:2]) <= set(cands)
        assert cands == [n for n in names if n in cands]
        search.top = 0
        assert search.candidates(d, default) == names
        checked += 1
    assert checked >= 5
    with pytest.raises(ValueError, match="top"):
        SearchBot(0, 1, top=-1)


def test_cli_play_with_search_bots(tmp_path: Any) -> None:
    """`fengsheng play --bots search` plays a whole game through a pipe (one answer per line)."""
    record = tmp_path / "r.json"
    answers = "1\n" * 3000
    argv = [sys.executable, "-m", "fengsheng.cli", "play", "--bots", "search", "--bot-iterations", "1", "--flat"]
    argv += ["--seed", "5", "--lang", "en", "--record", str(record), "--no-colour", "--players", "4"]
    proc = subprocess.run(
        argv,
        input=answers,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    rec = json.loads(record.read_text())
    assert rec["result"] is not None


def test_iteration_budget_never_reads_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Determinism given the iterations: the iteration path does not look at the time."""
    import fengsheng.bots.search.bot as bot_module

    def no_clock() -> float:
        raise AssertionError("the clock was read")

    monkeypatch.setattr(bot_module.time, "perf_counter", no_clock)
    bots: list[SearchBot] = []

    def factory(seat: int, seed: int) -> SearchBot:
        bot = SearchBot(seat, seed, iterations=3)
        bots.append(bot)
        return bot

    play_game(CONFIG, 3, lambda s, b: HeuristicBot(s, b), faction_factories={"underground": factory})
    assert sum(b.searched for b in bots) > 0


def test_halving_keeps_the_control_without_paired_evidence() -> None:
    """The rollout policy's answer is replaced only when another option beats it on the same worlds by z paired
    standard errors."""
    search = Search(0, lambda s, b, _w: HeuristicBot(s, b), random.Random(0))
    h = Halving(search, ["a", "b", "c"], "a", z=1.5)
    h.results = {"a": {0: 0.0, 1: 0.0, 2: 0.0}, "b": {0: 1.0, 1: 1.0, 2: 0.0}, "c": {0: 0.0, 1: 0.0, 2: 0.0}}
    assert h.choice() == "b"  # +0.67 with a standard error of 0.33
    h.results["b"] = {0: 1.0, 1: 0.0, 2: 0.0}
    assert h.choice() == "a"  # +0.33 with a standard error of 0.33: not enough
    h.results = {"a": {0: 1.0, 1: 0.0, 2: 0.0}, "b": {0: 1.0, 1: 1.0, 2: 1.0}, "c": {0: 1.0}}
    assert h.choice() == "b"  # no paired difference against b
    h.results = {"a": {0: 1.0}, "b": {0: 0.0}, "c": {0: 1.0, 1: 1.0}}
    assert h.choice() == "a"  # c was played most but never beside the control twice


def test_a_fork_knows_what_the_bot_knows_and_is_independent() -> None:
    """HeuristicBot.fork (the searching seat's model of itself in each rollout): the same memory and belief, the
    same answers as a deep copy reseeded alike, and nothing shared that a rollout could change."""
    for g, bot in _walk(11, every=7)[:6]:
        d, s = g.decision, g.decision.seat  # type: ignore[union-attr]
        assert d is not None
        forked = bot.fork(5)
        twin = copy.deepcopy(bot)
        twin.rng = random.Random(5)
        assert forked.memory is not bot.memory and forked.memory.model is not bot.memory.model
        assert forked.belief() == bot.belief() == twin.belief()
        view = g.view(s)
        assert forked.choose(d, view, []) == twin.choose(d, view, [])
        before = bot.belief()
        assert forked.memory.model is not None
        forked.memory.model.observe((s + 1) % g.n, (0.9, 0.05, 0.05))  # a rollout's evidence stays in the fork
        assert bot.belief() == before
        assert forked.memory.tables is bot.memory.tables  # the edition's tables are shared, never changed


def _containers(obj: object) -> dict[str, object]:
    """The attributes of ``obj`` (slotted or not) that hold a list, dict or set, or a ``Transit``."""
    names = list(getattr(obj, "__dict__", {})) or [n for c in type(obj).__mro__ for n in getattr(c, "__slots__", ())]
    return {n: v for n in names if isinstance(v := getattr(obj, n), (list, dict, set, Transit))}


def test_a_memory_copy_shares_nothing_it_changes() -> None:
    """Memory.copy (what a fork copies, instead of ``copy.deepcopy``): equal in content to a deep copy, and every
    container it changes in place is its own; only the read-only parts (the view, the event dicts, the marginals)
    are shared."""
    shared = {"view", "last_obtain", "_marginals"}
    for _g, bot in _walk(11, every=5)[:8]:
        mem = bot.memory
        mine, deep = mem.copy(), copy.deepcopy(mem)
        assert mine.model is not None and mem.model is not None and deep.model is not None
        for a, b, c in ((mine, mem, deep), (mine.model, mem.model, deep.model)):
            for name, value in _containers(a).items():
                assert value == getattr(c, name) or isinstance(value, Transit), name
                if name not in shared:
                    assert value is not getattr(b, name), name
        if mem.transit is not None:
            assert mine.transit is not None
            for name in ("knowers", "decliners"):
                assert getattr(mine.transit, name) == getattr(mem.transit, name)
                assert getattr(mine.transit, name) is not getattr(mem.transit, name)
        for key, tbl in mem.model.pairs.items():
            assert all(r is not q for r, q in zip(mine.model.pairs[key], tbl, strict=True))
        assert all(r is not q for r, q in zip(mine.model.logl, mem.model.logl, strict=True))


def test_rollout_events_are_what_each_seat_sees() -> None:
    """The events a rollout feeds its bots (``Search._seen``, built once per event and audience) are
    ``Game.events_for``'s, seat by seat: the private parts only for their audience."""
    g = play_game(CONFIG, 4, lambda s, seed: HeuristicBot(s, seed))
    search = Search(0, lambda s, seed, _w: HeuristicBot(s, seed), random.Random(0))
    private = 0
    for s in range(g.n):
        got = [search._seen(e, s) for e in g.events]
        assert got == g.events_for(s)
    for e in g.events:
        if e.audience is not None and e.hidden:
            private += 1
            outside = [s for s in range(g.n) if s not in e.audience]
            if outside:
                assert search._seen(e, outside[0]) != e.for_seat(e.audience[0])
    assert private > 10
