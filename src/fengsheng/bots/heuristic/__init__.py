"""HeuristicBot, split by job:

* :mod:`.memory`: what the seat observed (the event handlers, the per-seat facts, the belief updates);
* :mod:`.evidence`: what an observation says about identities (the likelihoods fed to :mod:`fengsheng.bots.belief`);
* :mod:`.features`: derived values at a decision (what a card is worth in front of a seat, kept in hand, the colour
  odds of unseen cards, who a card in transit would reach and with what odds);
* :mod:`.policy`: choosing among the decision's options;
* :mod:`.bot`: the :class:`HeuristicBot` that ties them together behind the :class:`~fengsheng.bots.base.Bot`
  interface;
* :mod:`.tables`: the card and identity tables it knows, per edition (read from the edition object).

Character knowledge lives beside each character (:mod:`fengsheng.bots.ai`), the generic skill policy in
:mod:`fengsheng.bots.skills`.
"""

from __future__ import annotations

from fengsheng.bots.heuristic.bot import HeuristicBot

__all__ = ["HeuristicBot"]
