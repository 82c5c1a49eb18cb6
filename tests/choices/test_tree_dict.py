"""``choices.tree_dict`` (the browser server's question) is the choice layer's tree as a dict, in the languages a connection wants, its
lone ``pass``/``continue`` shortcut: the same dict as ``choice_tree(...).to_dict()`` for every decision of whole
games (both editions, characters on, 5 and 8 players), the shortcut taken for hundreds of them; a tree in one
language is the two-language tree with the other language's words and help left out, a tree for a connection that
wants no words is the same tree with none."""

from __future__ import annotations

import random
from typing import Any

from fengsheng.choices import choice_tree, tree_dict
from fengsheng.config import Config
from fengsheng.core.options import CONTINUE, PASS
from fengsheng.game import Game
from fengsheng.text import edition_texts


def only(tree: dict[str, Any], langs: tuple[str, ...]) -> dict[str, Any]:
    """``tree`` with the words and help of ``langs`` only."""
    out = dict(tree)
    out["words"] = {lang: tree["words"][lang] for lang in langs}
    out["help"] = {lang: tree["help"][lang] for lang in langs}
    if "children" in tree:
        out["children"] = [only(child, langs) for child in tree["children"]]
    return out


def test_tree_dict_is_the_choice_trees_dict() -> None:
    lone = other = 0
    for seed, (edition, players) in enumerate([("standard", 5), ("qianzhi", 5), ("standard", 8), ("qianzhi", 8)] * 2):
        g = Game.new(
            Config(players=players, edition=edition, characters=edition == "standard", uniform_prompts=True), seed
        )
        rnd = random.Random(seed)
        while g.decision is not None:
            d = g.decision
            view = g.view(d.seat)
            with edition_texts(g.config.character_texts):
                got = tree_dict(d.options, view, d.kind, d.context)
                want = choice_tree(d.options, view, d.kind, d.context).to_dict()
                assert got == want, (seed, len(g.history), d.kind, d.options)
                for langs in [("zh",), ("en",), ()]:
                    one = tree_dict(d.options, view, d.kind, d.context, langs)
                    assert one == only(want, langs), (seed, len(g.history), d.kind, langs)
                    assert choice_tree(d.options, view, d.kind, d.context, langs=langs).to_dict(langs) == one
            if len(d.options) == 1 and d.options[0].kind in (PASS, CONTINUE):
                lone += 1
            else:
                other += 1
            g.act(d.options[rnd.randrange(len(d.options))])
    assert lone > 500 and other > 500, (lone, other)
