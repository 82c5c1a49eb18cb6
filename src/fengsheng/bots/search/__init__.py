"""SearchBot: single-observer information-set MCTS over worlds sampled from the seat's own belief (docs/search.md).

* :mod:`.worlds`: a complete game built from the seat's view, memory and a belief sample (the bot never holds the
  real game);
* :mod:`.tree`: the SO-ISMCTS tree, selection and rollouts (to the end, or truncated at a horizon);
* :mod:`.value`: the learnt value of a position that scores a truncated rollout (fitted by
  ``scripts/fit_search_value.py``);
* :mod:`.bot`: the bot (what is searched, the budget, HeuristicBot elsewhere).
"""

from __future__ import annotations

from fengsheng.bots.search.bot import DEFAULT_BUDGET_MS, SearchBot

__all__ = ["DEFAULT_BUDGET_MS", "SearchBot"]
