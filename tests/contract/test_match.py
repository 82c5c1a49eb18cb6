"""The match driver (``fengsheng.match``): the one loop that asks bots and stops at humans.

* a match plays exactly the games a plain "decision -> bot -> act" loop plays (same records and digests);
* a bot gets its own seat's view and the events it was not given yet, nothing of another seat's;
* the match stops exactly at human decisions and never asks a bot for a human seat;
* a refused human answer raises ``IllegalAction``, changes nothing and leaves the match usable;
* a faction bot built once identities are dealt is given the seat's whole log;
* bot failures are ``BotError`` (never mistaken for the human's refused answer); the safety net raises.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from fengsheng.bots import HeuristicBot, RandomBot
from fengsheng.bots.base import Bot
from fengsheng.config import Config
from fengsheng.core.cards import MILITARY_INTEL, UNDERGROUND
from fengsheng.core.options import Decision, Option
from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from fengsheng.match import HUMAN, BotError, Match, MatchStuck, Player
from fengsheng.sim.runner import BotFactory, bot_seed, derive_seed, play_game


def reference_game(
    config: Config, seed: int, factory: BotFactory, faction_factories: dict[str, BotFactory] | None = None
) -> Game:
    """The plain loop the runner had before the match existed, kept here as the reference."""
    g = Game.new(config, seed)
    n = config.players
    bots = [factory(s, derive_seed(seed, "bot", s)) for s in range(n)]
    final = [not faction_factories] * n
    seen = [0] * n
    while (d := g.decision) is not None:
        s = d.seat
        if not final[s] and g.seats[s].identity:
            final[s] = True
            late = (faction_factories or {}).get(g.seats[s].identity)
            if late is not None:
                bots[s] = late(s, derive_seed(seed, "bot", s))
                seen[s] = 0
        bot = bots[s]
        if bot.needs_view:
            view, events = g.view(s), g.events_for(s, seen[s])
            seen[s] = len(g.events)
            g.act(bot.choose(d, view, events))
        else:
            g.act(bot.choose(d, None, None))
    return g


def random_bot(seat: int, seed: int) -> Bot:
    return RandomBot(seat, seed)


def heuristic_bot(seat: int, seed: int) -> Bot:
    return HeuristicBot(seat, seed)


def mixed_bot(seat: int, seed: int) -> Bot:
    return HeuristicBot(seat, seed) if seat % 2 else RandomBot(seat, seed)


def test_the_match_plays_the_same_games_as_a_plain_loop() -> None:
    factories: list[tuple[BotFactory, dict[str, BotFactory] | None]] = [
        (random_bot, None),
        (heuristic_bot, None),
        (mixed_bot, None),
        (random_bot, {UNDERGROUND: heuristic_bot}),
        (random_bot, {MILITARY_INTEL: heuristic_bot, UNDERGROUND: mixed_bot}),
    ]
    played = 0
    for i in range(40):
        config = Config(players=3 + i % 7, characters=i % 4 != 0, auto_pass=i % 3 != 0)
        factory, by_faction = factories[i % len(factories)]
        seed = derive_seed("match-vs-loop", i)
        ref = reference_game(config, seed, factory, by_faction)
        got = play_game(config, seed, factory, faction_factories=by_faction)
        assert got.record() == ref.record()
        assert got.digest() == ref.digest()
        played += 1
    assert played == 40


# ----------------------------------------------------------------------------------------------------------------
# What a bot is given
# ----------------------------------------------------------------------------------------------------------------
class Recording(Bot):
    """Wraps a bot; checks at every call that it is asked for its own seat, with that seat's view and exactly the
    events after what it was given before (so, together, a prefix of ``g.events_for(seat)``)."""

    def __init__(self, inner: Bot, game: Game) -> None:
        super().__init__(inner.seat, inner.seed)
        self.inner = inner
        self.needs_view = inner.needs_view
        self.game = game
        self.received: list[dict[str, Any]] = []
        self.calls = 0

    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        g = self.game
        assert decision == g.decision and decision.seat == self.seat
        if self.needs_view:
            assert view == g.view(self.seat)
            assert events is not None
            self.received.extend(events)
            assert self.received == g.events_for(self.seat)  # everything so far, once, as this seat saw it
        else:
            assert view is None and events is None
        self.calls += 1
        return self.inner.choose(decision, view, events)


def test_a_bot_gets_only_its_own_seat_s_view_and_new_events() -> None:
    hidden = 0  # events with another seat's private part that a bot was given (without that part)
    for i in range(8):
        config = Config(players=4 + i % 5, characters=True, auto_pass=i % 2 == 0)
        g = Game.new(config, derive_seed("match-events", i))
        bots = {s: Recording(mixed_bot(s, bot_seed(g.seed, s)), g) for s in range(g.n)}
        match = Match(g, dict[int, Player](bots))
        assert match.run() is None and g.result is not None
        for s, bot in bots.items():
            assert bot.calls == sum(1 for seat, _ in g.history if seat == s)
            if not (bot.needs_view and bot.calls):
                continue
            assert bot.received == g.events_for(s)[: len(bot.received)]
            for e, got in zip(g.events, bot.received, strict=False):
                if e.private is not None and s not in e.audience:  # another seat's secret never reached this bot
                    hidden += 1
                    assert got == e.for_seat(None)
                    assert not (set(e.private) - set(e.data)) & set(got)
    assert hidden > 100


# ----------------------------------------------------------------------------------------------------------------
# Humans
# ----------------------------------------------------------------------------------------------------------------
class OwnSeatOnly(RandomBot):
    needs_view = True

    def choose(
        self, decision: Decision, view: dict[str, Any] | None = None, events: list[dict[str, Any]] | None = None
    ) -> Option:
        assert decision.seat == self.seat, "a bot was asked for another seat"
        return super().choose(decision, view, events)


def human_match(seed: int, humans: set[int], players: int = 5, **kw: Any) -> Match:
    g = Game.new(Config(players=players, characters=True), seed)
    seats: dict[int, Player] = {s: HUMAN if s in humans else OwnSeatOnly(s, bot_seed(seed, s)) for s in range(players)}
    return Match(g, seats, **kw)


def test_the_match_stops_exactly_at_human_decisions() -> None:
    for i in range(6):
        humans = {0, 2} if i % 2 else {3}
        match = human_match(derive_seed("match-humans", i), humans)
        g = match.game
        rng = random.Random(i)
        given: list[tuple[int, Option]] = []
        d = match.run()
        while d is not None:
            assert d == g.decision == match.pending and d.seat in humans and match.is_human(d.seat)
            option = d.options[rng.randrange(len(d.options))]
            given.append((d.seat, option))
            d = match.answer(option, seat=d.seat)
        assert g.result is not None and match.is_over and match.pending is None
        assert [h for h in g.history if h[0] in humans] == given  # every human answer came from us, in order
        assert match.decisions == len(g.history)


def test_an_illegal_answer_raises_and_leaves_the_match_usable() -> None:
    match = human_match(derive_seed("match-illegal", 0), {1})
    g = match.game
    d = match.run()
    assert d is not None and d.seat == 1
    before = (g.record(), g.digest(), match.decisions)
    other = next(s for s in range(g.n) if s != 1)
    for bad, seat in (("no such option", None), ("play c80 lock @9", None), (d.options[0], other), (3.5, None)):
        with pytest.raises(IllegalAction):
            match.answer(bad, seat=seat)  # type: ignore[arg-type]
        assert (g.record(), g.digest(), match.decisions) == before
        assert match.pending == d
    d2 = match.answer(d.options[0])
    assert g.history[len(before[0]["decisions"])] == (1, d.options[0])
    while d2 is not None:
        d2 = match.answer(d2.options[-1])
    with pytest.raises(IllegalAction):
        match.answer("pass")  # the game is over


def test_answering_while_a_bot_is_to_move_is_refused() -> None:
    match = human_match(derive_seed("match-early", 0), {4})
    g = match.game
    assert g.decision is not None and g.decision.seat != 4
    with pytest.raises(IllegalAction, match="bot"):
        match.answer(g.decision.options[0])
    assert g.history == []


def test_new_events_is_a_reader_s_cursor() -> None:
    seed = derive_seed("match-cursor", 0)
    g = Game.new(Config(players=5, characters=True), seed)
    watched = Recording(HeuristicBot(2, bot_seed(seed, 2)), g)
    seats: dict[int, Player] = {s: OwnSeatOnly(s, s) for s in range(g.n)}
    seats[0], seats[2] = HUMAN, watched
    match = Match(g, seats)
    got: dict[int | None, list[dict[str, Any]]] = {0: [], 2: [], None: []}
    d = match.run()
    while d is not None:
        for reader in got:
            got[reader].extend(match.new_events(reader))
        assert match.new_events(0) == []  # nothing new since the last look
        d = match.answer(d.options[0])
    for reader in got:
        got[reader].extend(match.new_events(reader))
        assert got[reader] == g.events_for(reader)
    # reading seat 2's events did not take any from seat 2's bot: it was given its whole log all the same
    assert watched.calls > 0 and watched.received == g.events_for(2)[: len(watched.received)]


def test_on_decision_sees_every_answer_as_recorded() -> None:
    seen: list[tuple[int, Option]] = []

    def observe(d: Decision, o: Option) -> None:
        seen.append((d.seat, o))

    match = human_match(derive_seed("match-observe", 0), {1}, on_decision=observe)
    d = match.run()
    while d is not None:
        d = match.answer(str(d.options[0]))  # a string answer is reported as the Option the game recorded
    assert seen == match.game.history


# ----------------------------------------------------------------------------------------------------------------
# Faction bots, failures, the safety net
# ----------------------------------------------------------------------------------------------------------------
class FirstLook(Recording):
    """A Recording that also keeps the events of its first call."""

    first: list[dict[str, Any]] | None = None

    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        if self.first is None:
            self.first = list(events or [])
        return super().choose(decision, view, events)


@pytest.mark.parametrize("i", range(6))
def test_a_faction_bot_is_given_the_seat_s_whole_log(i: int) -> None:
    seed = derive_seed("match-faction", i)
    g = Game.new(Config(players=5 + i % 3, characters=True), seed)
    built: dict[int, FirstLook] = {}

    def late(seat: int) -> Bot:
        assert g.seats[seat].identity == UNDERGROUND
        built[seat] = FirstLook(HeuristicBot(seat, bot_seed(seed, seat)), g)
        return built[seat]

    default = {s: Recording(OwnSeatOnly(s, bot_seed(seed, s)), g) for s in range(g.n)}
    match = Match(g, dict[int, Player](default), by_faction={UNDERGROUND: late})
    assert match.run() is None
    underground = {s.index for s in g.seats if s.identity == UNDERGROUND}
    assert set(built) == underground & {seat for seat, _ in g.history}
    for seat, bot in built.items():
        assert match.bot(seat) is bot
        assert bot.first is not None and bot.first[0]["kind"] == "setup"  # from the very start of the log
        assert {"kind": "identity", "seat": seat, "identity": UNDERGROUND} in bot.first
        assert bot.received == g.events_for(seat)[: len(bot.received)]
        assert default[seat].calls > 0, "the default bot chose the character, before identities were dealt"
    for seat in set(range(g.n)) - underground:
        assert match.bot(seat) is default[seat]


def test_faction_bots_never_replace_a_human() -> None:
    seed = derive_seed("match-faction-human", 0)
    g = Game.new(Config(players=5), seed)
    human = next(s.index for s in g.seats if s.identity == UNDERGROUND)
    seats: dict[int, Player] = {s: HUMAN if s == human else RandomBot(s, s) for s in range(g.n)}
    match = Match(g, seats, by_faction={UNDERGROUND: lambda s: HeuristicBot(s, s)})
    d = match.run()
    while d is not None:
        assert d.seat == human
        d = match.answer(d.options[0])
    assert match.is_human(human) and match.bot(human) is None


class Broken(RandomBot):
    def choose(
        self, decision: Decision, view: dict[str, Any] | None = None, events: list[dict[str, Any]] | None = None
    ) -> Option:
        raise KeyError("boom")


class Cheater(RandomBot):
    def choose(
        self, decision: Decision, view: dict[str, Any] | None = None, events: list[dict[str, Any]] | None = None
    ) -> Option:
        return Option("play", card=80, use="lock", target=9)


@pytest.mark.parametrize("bad", [Broken, Cheater])
def test_a_failing_bot_raises_bot_error_with_the_state_unchanged(bad: type[RandomBot]) -> None:
    g = Game.new(Config(players=4), 3)
    seat = g.decision.seat if g.decision is not None else -1
    seats: dict[int, Player] = {s: bad(s, s) if s == seat else RandomBot(s, s) for s in range(g.n)}
    match = Match(g, seats)
    before = g.record()
    with pytest.raises(BotError) as info:
        match.run()
    assert info.value.seat == seat and isinstance(info.value.__cause__, (KeyError, IllegalAction))
    assert g.record() == before


def test_a_bot_error_after_a_human_answer_is_not_an_illegal_action() -> None:
    """The human's answer was taken; the bot failing afterwards must not look like the human's mistake."""
    g = Game.new(Config(players=4), 5)
    first = g.decision.seat if g.decision is not None else -1
    seats: dict[int, Player] = {s: HUMAN if s == first else Broken(s, s) for s in range(g.n)}
    match = Match(g, seats)
    d = match.run()
    assert d is not None and d.seat == first
    with pytest.raises(BotError):
        match.answer(d.options[0])
    assert g.history == [(first, d.options[0])]


def test_the_safety_net_raises() -> None:
    g = Game.new(Config(players=5), 1)
    match = Match(g, {s: RandomBot(s, s) for s in range(g.n)}, max_decisions=10)
    with pytest.raises(MatchStuck, match="did not end after 10 decisions"):
        match.run()
    assert match.decisions == 10 == len(g.history) and g.decision is not None


def test_every_seat_must_have_a_player() -> None:
    g = Game.new(Config(players=4), 1)
    with pytest.raises(ValueError, match="every seat"):
        Match(g, {s: RandomBot(s, s) for s in range(3)})
    with pytest.raises(TypeError):
        Match(g, {s: None for s in range(4)})  # type: ignore[misc]
