"""The choice layer between the engine's options and any front end (the terminal now, a browser client later).

* :mod:`fengsheng.choices.tree`: a decision's flat options as a tree walked one level at a time (what → as which
  card → on whom), each node with a stable key, zh/en words and help, each leaf exactly one engine option;
* :mod:`fengsheng.choices.policy`: which decisions to ask a player and which options to offer, from the seat's
  view only (what is not asked is passed).
"""

from __future__ import annotations

from fengsheng.choices.policy import SWITCHES, AskPolicy, matters, pointless, teammates
from fengsheng.choices.tree import MAX_LINES, Choice, Words, choice_tree, tree_dict, walk

__all__ = [
    "MAX_LINES",
    "SWITCHES",
    "AskPolicy",
    "Choice",
    "Words",
    "choice_tree",
    "matters",
    "pointless",
    "teammates",
    "tree_dict",
    "walk",
]
