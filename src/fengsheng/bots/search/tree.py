"""Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley and Whitehouse 2012) for one seat.

**The tree** holds only the searching seat's own decisions: a node is an information set of that seat, reached by
its own answers so far in the iteration (the other seats' moves in between are not in the tree: they are played by
the opponent model, which is what makes it *single-observer*). A child is one option, named by its notation; since
the options available at a node differ from world to world (other cards drawn), each child counts how often it
was *available*, and selection is the ISMCTS subset-armed bandit: UCB1 with the availability count in place of the
parent's visits.

**One iteration**: take a world (a determinization sampled from the seat's belief, :mod:`.worlds`), descend the
tree while the seat's decisions are in it (choosing by UCB among the options available in this world), expand one
untried option, then play the world to its end with the rollout policy for every seat (the searching seat too),
and add the result (1 if the seat is among the winners, else 0) to every node on the path.

The search is deterministic given its ``rng`` and the number of iterations; :class:`Search` never reads a clock
(the bot decides when to stop when it runs on a time budget).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fengsheng.bots.base import Bot
from fengsheng.core.events import Event
from fengsheng.game import Game
from fengsheng.views import view as seat_view  # Game.view without its per-call import and check (s is a seat)

MAX_ROLLOUT_DECISIONS = 20_000
"""A safety net: a rollout that has not ended by then counts as a loss (a normal game is a few hundred)."""

RolloutFactory = Callable[[int, int, Game], Bot]
"""(seat, seed, world) -> the bot that plays ``seat`` in a rollout of ``world`` (the world is the searching seat's
own sample: a model of an opponent may depend on the identity sampled for it)."""
ValueFn = Callable[[Game, int], float]
"""(world, seat) -> the estimated probability that ``seat`` wins, for a truncated rollout (:mod:`.value`)."""


@dataclass
class Node:
    """One information set of the searching seat: the statistics of its options (children, by notation)."""

    visits: int = 0
    wins: float = 0.0
    avail: int = 0
    children: dict[str, Node] = field(default_factory=dict)

    def mean(self) -> float:
        return self.wins / self.visits if self.visits else 0.0


@dataclass
class Stats:
    """What one search did: iterations, rollout decisions, nodes, the deepest own decision in the tree."""

    iterations: int = 0
    rollout_decisions: int = 0
    nodes: int = 0
    depth: int = 0


class Search:
    """The search tree for one decision of ``seat``; :meth:`iterate` runs one iteration in a given world.

    ``exploration`` is the UCB1 constant (results are in [0, 1]); ``max_depth`` bounds how many of the seat's own
    decisions per iteration the tree may hold (1 = only the decision being searched; deeper nodes model the seat's
    later answers, at the cost of splitting the iterations); ``prefer`` is the option tried first and kept on ties
    (the rollout policy's own answer, so that a search with too few iterations plays like its rollout policy);
    ``allowed`` the root options that may be chosen (the real decision's: a world may offer more, e.g. a skill used
    once already this turn, since a world does not keep rule state). ``horizon`` truncates rollouts: a rollout
    stops at the first decision of the ``horizon``-th turn after the world's and is scored by ``value`` (the
    position's estimated win probability for the seat) instead of being played to the end; ``None`` plays to the
    end (the result is then 0 or 1).
    """

    def __init__(
        self,
        seat: int,
        rollout: RolloutFactory,
        rng: random.Random,
        *,
        exploration: float = 0.7,
        max_depth: int = 1,
        prefer: str | None = None,
        allowed: list[str] | None = None,
        horizon: int | None = None,
        value: ValueFn | None = None,
    ) -> None:
        if horizon is not None and value is None:
            raise ValueError("a truncated rollout (horizon) needs a value function")
        self.horizon = horizon
        self.value = value
        self.seat = seat
        self.allowed = set(allowed) if allowed is not None else None
        self.rollout = rollout
        self.rng = rng
        self.exploration = exploration
        self.max_depth = max_depth
        self.prefer = prefer
        self.root = Node()
        self.stats = Stats(nodes=1)
        self._dicts: dict[int, list[Any]] = {}  # id(event) -> [event, as others see it, as its audience does]

    # ------------------------------------------------------------------------------------------------------------
    def iterate(self, world: Game, seed: int | None = None, root: str | None = None) -> float:
        """One iteration in ``world`` (consumed: it is played to the end). Returns the result for the seat.

        ``seed`` seeds the rollout bots (default: drawn from the search's rng); ``root`` forces the option played
        at the root (sequential halving evaluates each candidate on the same world and seed: common random
        numbers), else the root is chosen by UCB like every other node."""
        g = world
        if seed is None:
            seed = self.rng.getrandbits(63)
        bots: dict[int, Bot] = {}
        fed = [0] * g.n
        path: list[Node] = []
        node: Node | None = self.root
        depth = 0
        steps = 0
        stop_turn = None if self.horizon is None else g.turn + self.horizon
        truncated = False
        while (d := g.decision) is not None:
            if stop_turn is not None and g.turn >= stop_turn and node is None:
                truncated = True
                break
            steps += 1
            if steps > MAX_ROLLOUT_DECISIONS:
                break
            s = d.seat
            if node is not None and s == self.seat and len(d.options) > 1:
                names = [str(o) for o in d.options]
                if node is self.root and root is not None:
                    choice, child, expanded = self._forced(names, root)
                elif node is self.root and self.allowed is not None:
                    cands = [n for n in names if n in self.allowed]
                    pick, child, expanded = self._select(node, cands)
                    choice = names.index(cands[pick])
                else:
                    choice, child, expanded = self._select(node, names)
                path.append(child)
                depth += 1
                self.stats.depth = max(self.stats.depth, depth)
                node = None if expanded or depth >= self.max_depth else child
                g.act(d.options[choice])
                continue
            if len(d.options) == 1:
                g.act(d.options[0])
                continue
            bot = bots.get(s)
            if bot is None:
                bot = bots[s] = self.rollout(s, seed ^ (s * 0x9E3779B1), g)
            if bot.needs_view:
                log = g.events
                view, events = seat_view(g, s), [self._seen(e, s) for e in log[fed[s] :]]
                fed[s] = len(log)
            else:
                view, events = None, None
            g.act(bot.choose(d, view, events))
        self.stats.rollout_decisions += steps
        self.stats.iterations += 1
        result = g.result
        if truncated:
            assert self.value is not None
            win = self.value(g, self.seat)
        else:
            win = 1.0 if result is not None and self.seat in result.get("winners", ()) else 0.0
        self.root.visits += 1
        self.root.wins += win
        for n in path:
            n.visits += 1
            n.wins += win
        return win

    def _seen(self, e: Event, seat: int) -> dict[str, Any]:
        """``e`` as ``seat`` sees it (``Game.events_for``'s dict), built at most twice per event: once as its
        audience sees it, once as the others do, and shared by the seats that see it alike (the bots of a rollout
        read events, never change them). The event records of a world are shared by its copies (``Game.clone``), so
        those a world was built with are turned into dicts once for all its candidates."""
        entry = self._dicts.get(id(e))
        if entry is None or entry[0] is not e:  # an id may be reused once an earlier rollout's event is gone
            entry = self._dicts[id(e)] = [e, None, None]
        aud = e.audience
        k = 2 if aud is None or seat in aud else 1  # Event.seen_by, inlined: this runs for every event and seat
        d: dict[str, Any] | None = entry[k]
        if d is None:
            d = entry[k] = e.for_seat(seat)
        return d

    def _forced(self, names: list[str], name: str) -> tuple[int, Node, bool]:
        """The root option ``name`` (its child node, created if new; expanded only once)."""
        child = self.root.children.get(name)
        if child is None:
            child = self.root.children[name] = Node()
            self.stats.nodes += 1
        child.avail += 1
        return names.index(name), child, False

    def _select(self, node: Node, names: list[str]) -> tuple[int, Node, bool]:
        """The option to play at ``node`` among ``names`` (those available in this world): an untried one first
        (the preferred option before the others), else the best by UCB1 over availability. Returns its index, its
        child node and whether it was just expanded."""
        for name in names:
            child = node.children.get(name)
            if child is not None:
                child.avail += 1
        untried = [i for i, name in enumerate(names) if name not in node.children]
        if untried:
            pick = next((i for i in untried if names[i] == self.prefer), None)
            if pick is None:
                pick = untried[int(self.rng.random() * len(untried))]
            child = node.children[names[pick]] = Node(avail=1)
            self.stats.nodes += 1
            return pick, child, True
        c = self.exploration
        best, best_score = 0, -math.inf
        for i, name in enumerate(names):
            ch = node.children[name]
            score = ch.wins / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits) if ch.visits else math.inf
            if score > best_score:
                best, best_score = i, score
        return best, node.children[names[best]], False

    # ------------------------------------------------------------------------------------------------------------
    def best(self, names: list[str]) -> str:
        """The option to play: the most visited root child among ``names``; ties go to the higher mean, then to
        the preferred option, then to the first listed."""

        def key(name: str) -> tuple[int, float, bool, int]:
            ch = self.root.children.get(name)
            return (ch.visits if ch else 0, ch.mean() if ch else 0.0, name == self.prefer, -names.index(name))

        return max(names, key=key)

    def table(self) -> dict[str, tuple[int, float]]:
        """Per root option: (visits, mean result)."""
        return {k: (v.visits, v.mean()) for k, v in self.root.children.items()}


WorldSampler = Callable[[], "Game | None"]
"""() -> a new world (a determinization), or ``None`` when none could be built."""


class Halving:
    """The root of a :class:`Search` allocated by sequential halving (Karnin, Koren and Somekh 2013) with common
    random numbers, for small budgets.

    Each round samples fresh worlds and plays *every* surviving option on a copy of the same world with the same
    rollout seed, so that options are compared on the same deals and the same luck (the differences between two
    options' results are far less noisy than the results); after each round the better half survives, by mean
    result. The ``prefer`` option (the rollout policy's answer) always survives and is the *control*: another
    option is chosen only if its mean beats it on the worlds both were played in, by at least ``z`` standard
    errors of the paired difference. With ``budget`` rollouts in all (at least one per option per round).
    """

    def __init__(self, search: Search, names: list[str], prefer: str, z: float = 1.0) -> None:
        self.search = search
        self.names = names
        self.prefer = prefer if prefer in names else names[0]
        self.z = z
        self.results: dict[str, dict[int, float]] = {n: {} for n in names}
        self.worlds = 0

    def run(self, budget: int, sample: WorldSampler, stop: Callable[[], bool] | None = None) -> bool:
        """Spend up to ``budget`` rollouts (``stop()`` true ends early, between worlds). False if no world."""
        survivors = list(self.names)
        rounds = max(1, math.ceil(math.log2(len(survivors))))
        spent = 0
        for r in range(rounds):
            per = max(1, (budget - spent) // ((rounds - r) * len(survivors)))
            for _ in range(per):
                if spent + len(survivors) > budget and spent > 0:
                    break
                if not self._world(survivors, sample):
                    return self.worlds > 0
                spent += len(survivors)
                if stop is not None and stop():
                    return True
            if r < rounds - 1:
                survivors = self._keep(survivors)
        return self.worlds > 0

    def _world(self, survivors: list[str], sample: WorldSampler) -> bool:
        world = sample()
        if world is None:
            return False
        w = self.worlds
        self.worlds += 1
        seed = self.search.rng.getrandbits(63)
        for name in survivors:
            self.results[name][w] = self.search.iterate(world.clone(), seed, name)
        return True

    def _mean(self, name: str) -> float:
        res = self.results[name]
        return sum(res.values()) / len(res) if res else -1.0

    def _keep(self, survivors: list[str]) -> list[str]:
        ranked = sorted(survivors, key=lambda n: (-self._mean(n), n != self.prefer, self.names.index(n)))
        keep = ranked[: max(1, (len(ranked) + 1) // 2)]
        if self.prefer not in keep:
            keep.append(self.prefer)
        return keep

    def choice(self) -> str:
        """The best option by mean among those played most, if it beats the control on common worlds by ``z``
        standard errors of the paired difference; else the control."""
        most = max(len(r) for r in self.results.values())
        top = [n for n in self.names if len(self.results[n]) == most]
        best = max(top, key=lambda n: (self._mean(n), n == self.prefer, -self.names.index(n)))
        if best == self.prefer:
            return best
        a, b = self.results[best], self.results[self.prefer]
        diffs = [a[w] - b[w] for w in a if w in b]
        k = len(diffs)
        if k < 2:
            return self.prefer
        mean = sum(diffs) / k
        var = sum((x - mean) ** 2 for x in diffs) / (k - 1)
        se = math.sqrt(var / k)
        return best if mean > 0 and mean >= self.z * se else self.prefer

    def table(self) -> dict[str, tuple[int, float]]:
        """Per option: (rollouts, mean result)."""
        return {n: (len(r), self._mean(n)) for n, r in self.results.items() if r}


__all__ = ["MAX_ROLLOUT_DECISIONS", "Halving", "Node", "RolloutFactory", "Search", "Stats", "ValueFn", "WorldSampler"]
