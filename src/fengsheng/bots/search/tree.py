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

from fengsheng.bots.base import Bot
from fengsheng.game import Game

MAX_ROLLOUT_DECISIONS = 20_000
"""A safety net: a rollout that has not ended by then counts as a loss (a normal game is a few hundred)."""

RolloutFactory = Callable[[int, int], Bot]
"""(seat, seed) -> the bot that plays ``seat`` in a rollout."""


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
    (the rollout policy's own answer, so that a search with too few iterations plays like its rollout policy).
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
    ) -> None:
        self.seat = seat
        self.rollout = rollout
        self.rng = rng
        self.exploration = exploration
        self.max_depth = max_depth
        self.prefer = prefer
        self.root = Node()
        self.stats = Stats(nodes=1)

    # ------------------------------------------------------------------------------------------------------------
    def iterate(self, world: Game) -> float:
        """One iteration in ``world`` (consumed: it is played to the end). Returns the result for the seat."""
        g = world
        seed = self.rng.getrandbits(63)
        bots: dict[int, Bot] = {}
        fed = [0] * g.n
        path: list[Node] = []
        node: Node | None = self.root
        depth = 0
        steps = 0
        while (d := g.decision) is not None:
            steps += 1
            if steps > MAX_ROLLOUT_DECISIONS:
                break
            s = d.seat
            if node is not None and s == self.seat and len(d.options) > 1:
                names = [str(o) for o in d.options]
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
                bot = bots[s] = self.rollout(s, seed ^ (s * 0x9E3779B1))
            if bot.needs_view:
                view, events = g.view(s), g.events_for(s, fed[s])
                fed[s] = len(g.events)
            else:
                view, events = None, None
            g.act(bot.choose(d, view, events))
        self.stats.rollout_decisions += steps
        self.stats.iterations += 1
        result = g.result
        win = 1.0 if result is not None and self.seat in result.get("winners", ()) else 0.0
        self.root.visits += 1
        self.root.wins += win
        for n in path:
            n.visits += 1
            n.wins += win
        return win

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


__all__ = ["MAX_ROLLOUT_DECISIONS", "Node", "RolloutFactory", "Search", "Stats"]
