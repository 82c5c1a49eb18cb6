"""The PettingZoo environment: one agent per seat (``player_0`` …), one engine decision per step.

See ``docs/rl.md`` for the action catalogue, the observation slices, rewards and the search extras (``clone``,
``resample``). Needs the ``rl`` extra (``pip install -e '.[rl]'``: pettingzoo, gymnasium, numpy).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import turn_based_aec_to_parallel

from fengsheng.config import Config
from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from fengsheng.rl.actions import Catalogue
from fengsheng.rl.encode import Encoder, Layout
from fengsheng.text import render_events

if TYPE_CHECKING:
    from numpy.typing import NDArray
    from pettingzoo import ParallelEnv

ILLEGAL_MODES = ("terminate", "raise")


class FengshengEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped where the extra is absent
    """风声 as a PettingZoo AEC environment. Build it with :func:`fengsheng.rl.env`."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "fengsheng_v0", "is_parallelizable": True}

    def __init__(
        self,
        config: Config,
        *,
        render_mode: str | None = None,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
        raw_view: bool = True,
        stack_depth: int = 16,
        shaping: Callable[[Game, int], float] | None = None,
    ) -> None:
        super().__init__()
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_MODES}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}")
        self.config = config
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = illegal_reward
        self.max_steps = max_steps
        self.raw_view = raw_view
        self.shaping = shaping
        self.catalogue = Catalogue(config, stack_depth)
        self.layout = Layout(config)
        n = config.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        N = len(self.catalogue)
        self._action_space = spaces.Discrete(N)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (N,), np.int8),
            }
        )
        self._action_spaces = {a: spaces.Discrete(N) for a in self.possible_agents}
        self._observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self._base_seed: int | None = None  # the engine seed of the k-th game after reset(seed=s) comes from (s, k)
        self._games = 0
        self.game: Game | None = None
        self.game_seed: int | None = None
        self.steps = 0
        self._legal: dict[int, int] = {}  # action -> index into decision.options, for the agent to act
        self.agents: list[str] = []

    # --- spaces -----------------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # --- the AEC protocol -------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` seeds the game (and the seeds of the games after it, which are drawn from it)."""
        if seed is not None:
            self._base_seed, self._games = int(seed), 0
        elif self._base_seed is None:
            self._base_seed, self._games = random.SystemRandom().getrandbits(63), 0  # no seed ever given: entropy
        game_seed = random.Random(f"fengsheng.rl:{self._base_seed}:{self._games}").getrandbits(63)
        self._games += 1
        if options and "game_seed" in options:
            game_seed = int(options["game_seed"])
        self.game_seed = game_seed
        self._start(Game.new(self.config, seed=game_seed))

    def _start(self, g: Game) -> None:
        self.game = g
        self.encoder = Encoder(self.layout)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        """Point ``agent_selection`` at the seat to decide, or end the game."""
        g = self.game
        assert g is not None
        d = g.decision
        if d is None:
            self._finish()
            return
        if self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {}
            self._legal = {}
            return
        agent = self.possible_agents[d.seat]
        self.agent_selection = agent
        acts = self.catalogue.actions(d, g)
        self._legal = {a: i for i, a in enumerate(acts)}
        info: dict[str, Any] = {"legal_options": d.options, "decision": d.kind, "context": d.context}
        if self.raw_view:
            info["view"] = g.view(d.seat)
        self.infos[agent] = info

    def _finish(self) -> None:
        g = self.game
        assert g is not None and g.result is not None
        winners = set(g.result.get("winners") or [])
        for a in self.agents:
            seat = self.agent_name_mapping[a]
            self.rewards[a] = 0.0 if not winners else (1.0 if seat in winners else -1.0)
            self.terminations[a] = True
            self.infos[a] = {"result": g.result}
        self._legal = {}

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        g = self.game
        assert g is not None, "reset() first"
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(len(self.catalogue), np.int8)
        if self._legal and agent == self.agent_selection and not self.terminations[agent]:
            mask[list(self._legal)] = 1
        return {"observation": self.encoder.encode(g, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        i = self._legal.get(int(action)) if action is not None else None
        if i is None:
            if self.illegal_action == "raise":
                raise IllegalAction(f"action {action} is not legal for {agent} (see the action mask)")
            for a in self.agents:
                self.rewards[a] = self.illegal_reward if a == agent else 0.0
                self.terminations[a] = True
                self.infos[a] = {"illegal_move": True}
            self._legal = {}
            self._accumulate_rewards()
            return
        d = g.decision
        assert d is not None
        g.act(d.options[i])
        self.steps += 1
        self._after_move()
        if self.shaping is not None:  # off by default: added to every seat's reward after every step
            for a in self.agents:
                self.rewards[a] += float(self.shaping(g, self.agent_name_mapping[a]))
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        g = self.game
        assert g is not None
        lines = render_events(g.events_for(None, max(0, len(g.events) - 12)), "en", g.config.character_texts)
        return "\n".join(lines)

    def close(self) -> None:
        pass

    # --- beyond PettingZoo: search ----------------------------------------------------------------------------
    def legal_actions(self, agent: str | None = None) -> list[int]:
        """The legal actions of ``agent`` (default: the agent to act) without encoding an observation; empty when
        it is not that agent's turn or the game is over."""
        if agent is None:
            agent = self.agent_selection
        if agent != self.agent_selection or self.terminations.get(agent) or self.truncations.get(agent):
            return []
        return list(self._legal)

    def option_of(self, action: int) -> Any:
        """The engine option of ``action`` in the pending decision (``None`` if it is not legal)."""
        g = self.game
        i = self._legal.get(action)
        if g is None or g.decision is None or i is None:
            return None
        return g.decision.options[i]

    def action_of(self, option: Any) -> int:
        """The action of an option of the pending decision (an ``Option`` or its notation)."""
        g = self.game
        assert g is not None and g.decision is not None
        d = g.decision
        for o in d.options:
            if o == option or str(o) == option:
                return self.catalogue.action(o, d.seat, g)
        raise IllegalAction(f"{option} is not an option of the pending decision")

    def clone(self) -> FengshengEnv:
        """An independent copy of this environment at this point (the engine's ``Game.clone``): it knows the future
        (deck order, RNG) like the original."""
        g = self.game
        assert g is not None
        return self._copy_with(g.clone())

    def resample(self, agent: str, rng: random.Random) -> FengshengEnv:
        """A copy consistent with what ``agent`` knows: every hidden thing drawn again from ``rng``
        (``Game.determinize``); ``agent``'s observations of it are the same as of this environment."""
        g = self.game
        assert g is not None
        return self._copy_with(g.determinize(self.agent_name_mapping[agent], rng))

    def _copy_with(self, g: Game) -> FengshengEnv:
        new = object.__new__(FengshengEnv)
        new.__dict__.update(self.__dict__)
        new.game = g
        new.encoder = self.encoder.copy()
        new.agents = self.agents[:]
        new.rewards = dict(self.rewards)
        new._cumulative_rewards = dict(self._cumulative_rewards)
        new.terminations = dict(self.terminations)
        new.truncations = dict(self.truncations)
        new.infos = {a: dict(i) for a, i in self.infos.items()}
        new._legal = dict(self._legal)
        return new


def make_config(
    players: int = 5, edition: str = "standard", characters: bool = True, config: Config | None = None, **kw: Any
) -> Config:
    if config is not None:
        return config
    return Config(players=players, edition=edition, characters=characters, **kw)


def env(
    players: int = 5,
    edition: str = "standard",
    characters: bool = True,
    *,
    config: Config | None = None,
    render_mode: str | None = None,
    illegal_action: str = "terminate",
    illegal_reward: float = -1.0,
    max_steps: int | None = None,
    raw_view: bool = True,
    stack_depth: int = 16,
    shaping: Callable[[Game, int], float] | None = None,
    **config_kw: Any,
) -> FengshengEnv:
    """The AEC environment; ``config_kw`` are further :class:`~fengsheng.config.Config` fields (``character_pool``,
    ``uniform_prompts``, ``auto_pass`` …), or pass a whole ``config``."""
    return FengshengEnv(
        make_config(players, edition, characters, config, **config_kw),
        render_mode=render_mode,
        illegal_action=illegal_action,
        illegal_reward=illegal_reward,
        max_steps=max_steps,
        raw_view=raw_view,
        stack_depth=stack_depth,
        shaping=shaping,
    )


def parallel_env(*args: Any, **kwargs: Any) -> ParallelEnv:
    """The parallel form: PettingZoo's ``turn_based_aec_to_parallel`` around :func:`env`. One seat decides at a
    time, so each parallel step applies the action of the agent in ``infos[agent]["active_agent"]`` (the only one
    whose mask is not all zeros) and ignores the others' actions."""
    return turn_based_aec_to_parallel(env(*args, **kwargs))
