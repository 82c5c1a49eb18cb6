"""SearchBot: HeuristicBot's play, with its main decisions searched by information-set MCTS over sampled worlds.

**What it sees.** Like every bot, only its seat's view and events (``Bot.choose``). It keeps a
:class:`~fengsheng.bots.heuristic.HeuristicBot` inside, fed every view and event, for three things: its memory and
identity belief (the worlds' identities are drawn from it), its answer (the default, played when nothing is
searched, and the control of the search, kept unless beaten), and as the rollout policy: the searching seat of a
world is a copy of its own (``self_model``), so that its later answers in a rollout are made with what it knows now;
each other seat is a HeuristicBot with the memory that seat would have built from the public events, for the
identity the world gives it (``opponents="public"``, :mod:`.opponents`), so that the table suspects the searching
seat in a rollout as much as it could at the real one.

**What it searches**: the decisions whose position it can rebuild from its view (:func:`.worlds.world_at`): the
intelligence to send and where (``send``), accept or decline (``receive``), and what to play in a response window
with an empty stack (its own play phase, passing steps 1 and 2), and (``stack=True``, the default) its responses
on a non-empty stack in those windows too (the world replays the uses on the stack); among at most
``top`` options (HeuristicBot's answer and the next best by its values, :data:`DEFAULT_TOP`). Everything else
(answers in the middle of an effect, skill questions, the character choice) is HeuristicBot's. A decision with one option is answered at once,
without building a view; so is a declaration (declaring a victory one has is the one sensible answer).

**Budget.** ``iterations`` (deterministic: the same seed, views, events and iterations give the same answers; no
clock is read) or ``budget_ms`` (a time budget per searched decision, stopped between iterations; with both, the
first reached). Neither given: :data:`DEFAULT_BUDGET_MS`. ``iterations=0`` searches nothing: it plays exactly as a
HeuristicBot of the same seed.
"""

from __future__ import annotations

import random
import time
from typing import Any

from fengsheng.bots.base import Bot
from fengsheng.bots.heuristic import HeuristicBot
from fengsheng.bots.random_bot import RandomBot
from fengsheng.bots.search.opponents import PublicModels
from fengsheng.bots.search.tree import Halving, Search
from fengsheng.bots.search.value import value
from fengsheng.bots.search.worlds import build_world, world_at, world_config
from fengsheng.core.options import Decision, Option
from fengsheng.game import Game

DEFAULT_BUDGET_MS = 800.0
"""The time budget of a searched decision when no budget is given (the issue's target: p95 at most 1 s)."""
WORLD_TRIES = 3
"""Worlds tried per iteration before the search gives up (a world that cannot be built or offers other options)."""
ROLLOUTS = ("heuristic", "random")
ROOTS = ("halving", "ucb")
OPPONENTS = ("public", "fresh")
"""How the other seats of a world are played: ``public``, a HeuristicBot with the memory that seat would have built
from the public events for the identity the world gives it (:mod:`.opponents`); ``fresh``, a HeuristicBot that
knows nothing of the game before the world (the bot before 2026-12-07)."""
DEFAULT_HORIZON = 1
"""Rollouts are truncated at the first decision of the next turn and scored by the learnt value (:mod:`.value`):
about eight times cheaper than a rollout to the end of the game, and its results are probabilities rather than 0
or 1, so the paired comparison of the root is far less noisy (docs/search.md §4). ``horizon=0`` plays to the end."""
DEFAULT_TOP = 4
"""How many options the root compares: HeuristicBot's answer and the next best by its values (``Policy.ranked``).
A budget of tens of rollouts spread over ten or twenty options gives each one or two worlds, and the control is
then beaten by noise or not at all; the policy's values rank the options well enough to leave the rest out."""
MAX_TIMED_ITERATIONS = 5_000
"""The most rollouts a time budget may buy for one decision."""


class SearchBot(Bot):
    """Information-set MCTS over worlds sampled from the seat's belief; HeuristicBot elsewhere and in rollouts."""

    needs_view = True
    editions = ("standard",)  # HeuristicBot's tables are the standard edition's
    options = (
        "iterations",
        "budget_ms",
        "max_depth",
        "rollout",
        "exploration",
        "root",
        "z",
        "self_model",
        "horizon",
        "top",
        "opponents",
        "stack",
    )
    """The keyword arguments the command line may pass (``--bot-iterations``, ``--bot-budget-ms``, ``--bot-horizon``,
    ``--bot-top``; ``bench/search.py`` also ``z``, ``opponents`` and ``stack``)."""

    def __init__(
        self,
        seat: int,
        seed: int = 0,
        *,
        iterations: int | None = None,
        budget_ms: float | None = None,
        max_depth: int = 1,
        rollout: str = "heuristic",
        exploration: float = 0.7,
        root: str = "halving",
        z: float = 1.5,
        self_model: bool = True,
        horizon: int = DEFAULT_HORIZON,
        top: int = DEFAULT_TOP,
        opponents: str = "public",
        stack: bool = True,
    ) -> None:
        super().__init__(seat, seed)
        if horizon < 0:
            raise ValueError(f"horizon must be 0 (rollouts to the end) or a number of turns, not {horizon}")
        self.horizon = horizon or None
        if iterations is not None and iterations < 0:
            raise ValueError(f"iterations must be at least 0, not {iterations}")
        if budget_ms is not None and not budget_ms > 0:
            raise ValueError(f"budget_ms must be positive, not {budget_ms}")
        if top < 0:
            raise ValueError(f"top must be 0 (every option) or a number of options, not {top}")
        self.top = top
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)}, not {opponents!r}")
        self.opponents = opponents
        self.stack = stack  # also search responses on a non-empty stack (worlds.world_at; docs/search.md §4)
        self.public = PublicModels(seat) if opponents == "public" and rollout == "heuristic" else None
        if root not in ROOTS:
            raise ValueError(f"root must be one of {', '.join(ROOTS)}, not {root!r}")
        self.iterations = iterations
        self.root = root
        self.z = z
        self.budget_ms = DEFAULT_BUDGET_MS if iterations is None and budget_ms is None else budget_ms
        self.max_depth = max(1, max_depth)
        self.rollout = rollout
        self.exploration = exploration
        self.heuristic = HeuristicBot(seat, seed)
        self.rng = random.Random(f"search:{seed}")
        self.searched = 0  # decisions searched so far
        self.unbuilt = 0  # searchable decisions answered by HeuristicBot because no world could be built
        self.last_searched = False  # whether the last answer came from a search (benches time those)
        self.last_table: dict[str, tuple[int, float]] = {}  # the last search's root statistics
        self.self_model = self_model
        self._self_template: HeuristicBot | None = None

    # --- the interface -----------------------------------------------------------------------------------------
    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        self.last_searched = False
        if events and self.public is not None:
            self.public.observe(events)
        default = self.heuristic.choose(decision, view, events)
        opts = decision.options
        if len(opts) == 1 or view is None or decision.kind == "declare" or self.iterations == 0:
            return default
        if world_at(decision, view, self.stack) is None:
            return default
        choice = self._search(decision, view, str(default))
        if choice is None:
            self.unbuilt += 1
            return default
        self.searched += 1
        self.last_searched = True
        return next(o for o in opts if str(o) == choice)

    # --- the search --------------------------------------------------------------------------------------------
    def _rollout_bot(self, seat: int, seed: int, world: Game) -> Bot:
        """The bot of ``seat`` in a rollout of ``world``: for the searching seat (``self_model``), a copy of its own
        HeuristicBot with its memory and belief, so that its later answers in the world are made knowing what it
        knows now; for the others (``opponents="public"``) a bot with the memory that seat would have built from the
        public events, given the identity the world gives it, or a fresh bot (what they know privately is not the
        seat's to read)."""
        if seat == self.seat and self._self_template is not None:
            return self._self_template.fork(seed)
        if self.public is not None:
            return self.public.bot(seat, world.seats[seat].identity, seed)
        return HeuristicBot(seat, seed) if self.rollout == "heuristic" else RandomBot(seat, seed)

    def candidates(self, decision: Decision, default: str) -> list[str]:
        """The options the root compares, in listed order: all of them, or with ``top`` the control (``default``)
        and the ``top - 1`` best others by HeuristicBot's values."""
        names = [str(o) for o in decision.options]
        if not self.top or len(names) <= self.top:
            return names
        ranked = [n for n in map(str, self.heuristic.rank(decision)) if n != default]
        keep = {default, *ranked[: self.top - 1]}
        return [n for n in names if n in keep]

    def _search(self, decision: Decision, view: dict[str, Any], default: str) -> str | None:
        """The option the search picks, or ``None`` if no world could be built."""
        rng = random.Random(self.rng.getrandbits(64))
        names = self.candidates(decision, default)
        search = Search(
            self.seat,
            self._rollout_bot,
            rng,
            exploration=self.exploration,
            max_depth=self.max_depth,
            prefer=default,
            allowed=names,
            horizon=self.horizon,
            value=value if self.horizon is not None else None,
        )
        mem = self.heuristic.memory
        model = mem.ensure_model()
        cfg = world_config(view)
        self._self_template = None
        if self.self_model and self.rollout == "heuristic":
            saved, mem.view = mem.view, {}  # the latest view is taken again at the bot's next answer
            self._self_template = self.heuristic.fork(0)  # the memory as of now; each rollout forks it again
            mem.view = saved

        def sample() -> Game | None:
            for _ in range(WORLD_TRIES):
                identities = model.sample(rng) if model is not None else {}
                world = build_world(decision, view, identities, mem.face_up, rng, cfg, self.stack)
                if world is not None:
                    return world
            return None

        deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000.0

        def late() -> bool:
            return deadline is not None and time.perf_counter() >= deadline

        if self.root == "ucb":
            while self.iterations is None or search.stats.iterations < self.iterations:
                world = sample()
                if world is None:
                    break
                search.iterate(world)
                if late():
                    break
            if search.stats.iterations == 0:
                return None
            self.last_table = search.table()
            return search.best(names)
        halving = Halving(search, names, default, z=self.z)
        budget = self.iterations
        if budget is None:  # a time budget: one world for every option first, to learn what a rollout costs
            assert self.budget_ms is not None
            start = time.perf_counter()
            if not halving.run(len(names), sample):
                return None
            per = (time.perf_counter() - start) / max(1, search.stats.iterations)
            budget = min(MAX_TIMED_ITERATIONS, int(self.budget_ms / 1000.0 / max(per, 1e-6)))
            budget = max(budget - search.stats.iterations, 0)
        if budget > 0 and not halving.run(budget, sample, late if self.iterations is None else None):
            return None
        if halving.worlds == 0:
            return None
        self.last_table = halving.table()
        return halving.choice()

    def belief(self) -> dict[int, dict[str, float]]:
        """The identity belief the worlds are drawn from (HeuristicBot's)."""
        return self.heuristic.belief()


__all__ = ["DEFAULT_BUDGET_MS", "DEFAULT_HORIZON", "SearchBot"]
