"""风声 as a reinforcement-learning environment: PettingZoo's AEC and parallel APIs, a fixed ``Discrete(N)`` action
catalogue with masks, fixed-shape observation tensors, and search extras (``clone``, ``resample``). See
``docs/rl.md``. Needs the ``rl`` extra: ``pip install -e '.[rl]'`` (pettingzoo, gymnasium, numpy); the action
catalogue (:mod:`fengsheng.rl.actions`) does not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pettingzoo import ParallelEnv

    from fengsheng.rl.aec import FengshengEnv

_MISSING = "fengsheng.rl needs the rl extra: .venv/bin/pip install -e '.[rl]' (pettingzoo, gymnasium, numpy)"


def env(*args: Any, **kwargs: Any) -> FengshengEnv:
    """The PettingZoo AEC environment (``fengsheng.rl.aec.env``: players=5, edition="standard", characters=True …)."""
    try:
        from fengsheng.rl import aec as module
    except ImportError as exc:  # the extra is absent
        raise ImportError(_MISSING) from exc
    return module.env(*args, **kwargs)


def parallel_env(*args: Any, **kwargs: Any) -> ParallelEnv:
    """The parallel form (``turn_based_aec_to_parallel``: one seat acts per step; see ``docs/rl.md``)."""
    try:
        from fengsheng.rl import aec as module
    except ImportError as exc:
        raise ImportError(_MISSING) from exc
    return module.parallel_env(*args, **kwargs)


__all__ = ["env", "parallel_env"]
