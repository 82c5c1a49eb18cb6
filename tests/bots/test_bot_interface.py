"""The bot interface: a bot gets only its seat's view and events, plain JSON data, and cannot reach the hidden state.

* what a bot receives is plain JSON (dicts, lists, str, int, float, bool, None) and holds no reference to the Game;
* a game where every bot's inputs are JSON round-tripped (or deep-copied) is played identically;
* changing hidden state the seat may not see (another seat's hand, two other seats' identities), with the seat's view
  and events unchanged, does not change the bot's choice;
* a bot is deterministic given its seed.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from fengsheng.bots import BOTS, HeuristicBot
from fengsheng.bots.base import Bot
from fengsheng.config import Config
from fengsheng.core.options import Decision, Option
from fengsheng.core.state import Frame, Seat
from fengsheng.game import Game
from fengsheng.sim.runner import derive_seed, play_game

CONFIG = Config(players=5, characters=True, auto_pass=True)


def plain(x: Any) -> bool:
    """Only JSON types (no tuples, no objects)."""
    if x is None or type(x) in (str, int, float, bool):
        return True
    if type(x) is list:
        return all(plain(v) for v in x)
    if type(x) is dict:
        return all(type(k) is str and plain(v) for k, v in x.items())
    return False


def test_registered() -> None:
    assert BOTS["heuristic"] is HeuristicBot


class Wrapped(HeuristicBot):
    """Checks its inputs and optionally hands the bot a JSON round-tripped or deep-copied copy of them."""

    mode = "raw"

    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        assert plain(view) and plain(events)
        if self.mode == "json":
            view, events = json.loads(json.dumps(view)), json.loads(json.dumps(events))
        elif self.mode == "deepcopy":
            view, events = copy.deepcopy(view), copy.deepcopy(events)
        return super().choose(decision, view, events)


def run(mode: str, seed: int, players: int = 5) -> Game:
    class Bot_(Wrapped):
        pass

    Bot_.mode = mode

    def factory(seat: int, bot_seed: int) -> Bot:
        b = Bot_(seat, bot_seed)
        b.strict = True
        return b

    return play_game(Config(players=players, characters=True, auto_pass=seed % 2 == 0), seed, factory)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_inputs_are_plain_json_and_copies_play_identically(seed: int) -> None:
    raw = run("raw", seed, players=4 + seed)
    for mode in ("json", "deepcopy"):
        other = run(mode, seed, players=4 + seed)
        assert other.history == raw.history
        assert other.result == raw.result


def test_deterministic_given_the_seed() -> None:
    a = play_game(CONFIG, 42, lambda s, b: HeuristicBot(s, b))
    b = play_game(CONFIG, 42, lambda s, b: HeuristicBot(s, b))
    assert a.history == b.history and a.digest() == b.digest()


def _reachable_types(root: Any, limit: int = 200_000) -> set[type]:
    seen: set[int] = set()
    types: set[type] = set()
    stack = [root]
    while stack and len(seen) < limit:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        types.add(type(x))
        if isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple, set, frozenset)):
            stack.extend(x)
        elif hasattr(x, "__dict__") or hasattr(type(x), "__slots__"):
            stack.extend(getattr(x, "__dict__", {}).values())
            for cls in type(x).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(x, name):
                        stack.append(getattr(x, name))
    return types


def test_bot_holds_no_reference_to_the_game() -> None:
    bots: list[HeuristicBot] = []

    def factory(seat: int, seed: int) -> HeuristicBot:
        b = HeuristicBot(seat, seed)
        bots.append(b)
        return b

    play_game(CONFIG, 7, factory)
    for b in bots:
        types = _reachable_types(b)
        assert not any(issubclass(t, (Game, Seat, Frame)) for t in types), types


def _hide_and_change(g: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``g`` where what ``seat`` may not see is different: two other seats whose identity ``seat`` cannot
    see (not revealed, nor shown to it by a skill: 老槍's or 硬漢's exchange) swap identities, and other seats' hands
    trade cards with the deck."""
    h = g.copy()
    shown = [st.get("identity") is not None for st in g.view(seat)["seats"]]
    others = [s for s in h.seats if s.index != seat and not s.identity_revealed and not shown[s.index] and s.in_game]
    if len(others) >= 2:
        a, b = rng.sample(others, 2)
        a.identity, b.identity = b.identity, a.identity
    for s in h.seats:
        if s.index == seat or not s.hand or not h.deck:
            continue
        i, j = rng.randrange(len(s.hand)), rng.randrange(len(h.deck))
        s.hand[i], h.deck[j] = h.deck[j], s.hand[i]
    return h


def test_hidden_state_does_not_change_the_choice() -> None:
    """At every decision of a HeuristicBot seat in a few games: change the hidden state (a copy of the game where the
    seat's view and events are unchanged) and ask a copy of the bot; it answers the same."""
    rng = random.Random(5)
    checked = 0
    for gi in range(4):
        seed = derive_seed("hidden", gi)
        g = Game.new(CONFIG, seed)
        bots = [HeuristicBot(s, derive_seed(seed, "bot", s)) for s in range(CONFIG.players)]
        seen = [0] * CONFIG.players
        while g.decision is not None:
            d = g.decision
            s = d.seat
            view, events = g.view(s), g.events_for(s, seen[s])
            if len(d.options) > 1 and rng.random() < 0.3:
                h = _hide_and_change(g, s, rng)
                assert h.view(s) == view and h.events_for(s, seen[s]) == events
                assert h.decision == d
                twin = copy.deepcopy(bots[s])
                assert twin.choose(h.decision, h.view(s), h.events_for(s, seen[s])) == copy.deepcopy(bots[s]).choose(
                    d, view, events
                )
                checked += 1
            seen[s] = len(g.events)
            g.act(bots[s].choose(d, view, events))
    assert checked > 100
