"""The choice tree (fengsheng.choices): every legal option is exactly one leaf, every leaf is legal, no level is
longer than MAX_LINES, keys are unique, and the levels are what, as which card, on whom."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from fengsheng import Config, Game
from fengsheng.choices.tree import MAX_LINES, Choice, choice_tree, walk
from fengsheng.core.options import Option
from fengsheng.play.words import _sameness
from fengsheng.scenario import Scenario


def _check_random_games(texts: str, games: int) -> int:
    """Check the trees of every decision of a few random games with characters on (all 24); how many."""
    count = 0
    for seed in range(games):
        players = random.Random(seed).choice([3, 5, 6, 9])
        g = Game.new(Config(players=players, characters=True, character_pool="all", character_texts=texts), seed)
        rng = random.Random(seed)
        while g.decision is not None:
            _check(g)
            count += 1
            g.step(rng.randrange(len(g.decision.options)))
    return count


def _check(g: Game) -> None:
    d = g.decision
    assert d is not None
    view = g.view(d.seat)
    exact = choice_tree(d.options, view, d.kind, d.context, merge_same=False)
    leaves = [leaf.option for leaf in exact.leaves()]
    assert sorted(o for o in leaves if o is not None) == sorted(d.options)  # each legal option exactly once
    merged = choice_tree(d.options, view, d.kind, d.context)
    kept = [leaf.option for leaf in merged.leaves() if leaf.option is not None]
    assert all(o in d.options for o in kept)
    faces = [_sameness(o) for o in kept]
    assert len(set(faces)) == len(faces)  # no two leaves a player could not tell apart
    assert set(faces) == {_sameness(o) for o in d.options}  # and every option has its leaf
    for tree in (exact, merged):
        keys = [node.key for node in tree.nodes()]
        assert len(keys) == len(set(keys))
        assert tree.widest() <= MAX_LINES
        for node in tree.nodes():
            assert node.leaf != bool(node.children)
            if node is not tree:
                assert node.words.zh and node.words.en
            assert walk(tree, _key_path(tree, node)) is node


def _key_path(root: Choice, target: Choice) -> list[str]:
    def go(node: Choice, path: list[str]) -> list[str] | None:
        if node is target:
            return path
        for child in node.children:
            found = go(child, [*path, child.key])
            if found is not None:
                return found
        return None

    found = go(root, [])
    assert found is not None
    return found


@pytest.mark.parametrize("texts", ["000", "004"])
def test_every_option_is_exactly_one_leaf_of_random_decisions(texts: str) -> None:
    count = _check_random_games(texts, 12)
    assert count > 2000


def test_levels_are_what_then_on_whom() -> None:
    """A hand of five 试探 and four seats to probe: 5 cards at the top (and pass), 4 seats below each."""
    g = Scenario(
        players=5,
        identities=["ug", "mi", "ug", "mi", "by"],
        current=0,
        hands={
            0: ["R:probe:ug:draw", "B:probe:mi:discard", "K:probe:by:draw", "R:probe:mi:draw", "B:probe:ug:discard"]
        },
        at="play",
    ).build()
    d = g.decision
    assert d is not None and d.seat == 0 and len(d.options) == 21
    root = choice_tree(d.options, g.view(0), d.kind, d.context)
    numbered = root.numbered()
    assert [n for n, _ in numbered] == [0, 1, 2, 3, 4, 5]
    assert numbered[0][1].option == Option("pass")
    for _, card in numbered[1:]:
        assert not card.leaf and len(card.children) == 4
        assert {c.option.target for c in card.children if c.option is not None} == {1, 2, 3, 4}
        assert all(c.words.en.startswith("P") for c in card.children)
    assert root.widest() == 6


def _leaf_options(node: dict[str, Any]) -> list[str]:
    if "option" in node:
        return [str(node["option"])]
    return [o for child in node["children"] for o in _leaf_options(child)]


def test_the_tree_as_json_names_each_option_once() -> None:
    g = Game.new(Config(players=5, characters=True), 8)
    rng = random.Random(8)
    seen = 0
    while g.decision is not None and seen < 200:
        d = g.decision
        tree = choice_tree(d.options, g.view(d.seat), d.kind, d.context, merge_same=False).to_dict()
        assert sorted(_leaf_options(json.loads(json.dumps(tree)))) == sorted(str(o) for o in d.options)
        seen += 1
        g.step(rng.randrange(len(d.options)))


def test_a_long_level_is_grouped_by_card_type() -> None:
    """Twelve different cards to send: more than MAX_LINES, so the top level groups them by type."""
    hand = [
        "R:lock:direct", "B:lock:direct", "K:lock:direct", "R:intercept", "B:intercept", "K:intercept",
        "R:decode", "B:decode", "K:burn", "R:burn", "B:return", "K:return",
    ]  # fmt: skip
    g = Scenario(players=5, identities=["ug", "mi", "ug", "mi", "by"], current=0, hands={0: hand}, at="pass").build()
    d = g.decision
    assert d is not None and d.kind == "send"
    root = choice_tree(d.options, g.view(0), d.kind, d.context)
    assert len(root.children) <= MAX_LINES
    assert len({leaf.option for leaf in root.leaves()}) == len({_sameness(o) for o in d.options})
    assert any("(" in c.words.en and "kinds" in c.words.en for c in root.children)


LANG_SETS = [("zh", "en"), ("zh",), ("en",), ()]


def test_the_memo_changes_no_tree() -> None:
    """The parts of trees kept between decisions (``tree._MEMO``: steps, help texts, the words of a pass and of a
    response window's question) are what building them again gives: every decision of whole games of both
    editions, both standard text sets, characters on and off, 3 to 9 players, built with the memo of all the games
    before it and with an empty one, gives the same tree (the server's lone-pass shortcut too, in each language and
    none); most parts come from the memo."""
    import fengsheng.choices.tree as tree_module
    from fengsheng.choices import tree_dict
    from fengsheng.text import edition_texts

    configs = [
        Config(players=3 + i % 7, characters=i % 4 != 3, character_pool="all", character_texts=("000", "004")[i % 2])
        for i in range(10)
    ] + [Config(edition="qianzhi", players=5 + i % 4, uniform_prompts=True) for i in range(4)]
    warm: dict[tuple[Any, ...], Any] = {}
    hits = misses = 0
    real = tree_module._memo

    def counted(key: tuple[Any, ...], make: Any, *args: Any) -> Any:
        nonlocal hits, misses
        if (tree_module.rendering(), *key) in tree_module._MEMO:
            hits += 1
        else:
            misses += 1
        return real(key, make, *args)

    for i, cfg in enumerate(configs):
        g = Game.new(cfg, 300 + i)
        rng = random.Random(i)
        while g.decision is not None:
            d = g.decision
            view = g.view(d.seat)
            with edition_texts(cfg.character_texts):
                tree_module._MEMO = {}
                cold = choice_tree(d.options, view, d.kind, d.context).to_dict()
                cold_q = [tree_dict(d.options, view, d.kind, d.context, langs) for langs in LANG_SETS]
                tree_module._MEMO = warm
                tree_module._memo = counted  # type: ignore[assignment]
                try:
                    got = choice_tree(d.options, view, d.kind, d.context).to_dict()
                    got_q = [tree_dict(d.options, view, d.kind, d.context, langs) for langs in LANG_SETS]
                finally:
                    tree_module._memo = real  # type: ignore[assignment]
            assert got == cold == got_q[0] and got_q == cold_q, (cfg, len(g.history))
            g.step(rng.randrange(len(d.options)))
    assert hits > 5 * misses > 0, (hits, misses)
