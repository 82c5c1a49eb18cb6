"""The question a seat's client is sent: the choice layer's tree of its decision, as a JSON-able dict.

:func:`question_tree` is ``choice_tree(options, view, kind, context, langs=langs).to_dict(langs)``
(``fengsheng.choices``) with the words and help of one connection's language (``langs``: ``("zh",)``, ``("en",)``,
or none for a connection that asked for no words), built once per decision and language by the table. A decision
whose only option is ``pass`` (or ``continue``, the uniform prompt's) is four fifths of all questions when a table
asks every question (``ask=all``); its tree is one leaf under the root, so it is written here directly from the
same word functions the choice layer uses, without building the tree's nodes, and kept whole when its words are
made from little (``choices.tree``'s memo). ``tests/server/test_questions.py`` checks that both give the same dict
over whole games of both editions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fengsheng.choices import choice_tree
from fengsheng.choices.tree import (
    LANGS,
    _decision_key,
    _decision_words,
    _memo,
    _option_help,
    _option_words,
    _words_key,
)
from fengsheng.core.options import CONTINUE, PASS, Option

_LONE: frozenset[str] = frozenset({PASS, CONTINUE})  # kinds whose option is one step of the tree (no card, no seat)


def question_tree(
    options: Sequence[Option],
    view: dict[str, Any] | None,
    kind: str,
    context: str,
    langs: Sequence[str] = LANGS,
) -> dict[str, Any]:
    """The choice tree of a decision (``view``: the deciding seat's, for the words) with the words and help in
    ``langs``, as a client gets it."""
    langs = tuple(langs)
    if len(options) == 1 and options[0].kind in _LONE:
        return _lone(options[0], view, kind, context, langs)
    return choice_tree(options, view, kind, context, langs=langs).to_dict(langs)


def _lone(o: Option, view: dict[str, Any] | None, kind: str, context: str, langs: tuple[str, ...]) -> dict[str, Any]:
    """The tree of a decision whose one option is a pass or a continue: the root (the decision in words) and one
    leaf, numbered as the choice layer numbers it (``pass`` is 0, anything else 1). Kept whole (``choices.tree``'s
    memo, read-only) when its words are made from little: a response window's question (most of them), or none."""
    texts = str((view or {}).get("character_texts") or "")
    if not langs:
        return _memo(("lone", o), _make_lone, o, None, kind, context, langs, texts)  # type: ignore[no-any-return]
    words_key = _words_key(o, view, kind, context, False)
    decision_key = _decision_key(view) if view is not None and view.get("decision") else ("none",)
    if words_key is not None and decision_key is not None:
        key = ("lone", words_key, decision_key, texts, langs)
        return _memo(key, _make_lone, o, view, kind, context, langs, texts)  # type: ignore[no-any-return]
    return _make_lone(o, view, kind, context, langs, texts)


def _make_lone(
    o: Option, view: dict[str, Any] | None, kind: str, context: str, langs: tuple[str, ...], texts: str
) -> dict[str, Any]:
    notation = str(o)
    leaf: dict[str, Any] = {
        "key": notation,
        "words": {},
        "help": {},
        "option": notation,
        "number": 0 if o.kind == PASS else 1,
    }
    root: dict[str, Any] = {"key": "", "words": {}, "help": {}, "children": [leaf]}
    if langs:
        said, helps = _option_words(o, view, kind, context, False, langs), _option_help(o, texts)
        leaf["words"] = {lang: said.get(lang) for lang in langs}
        leaf["help"] = {lang: helps.get(lang) for lang in langs}
        asked = _decision_words(view, langs) if view is not None and view.get("decision") else None
        root["words"] = {lang: asked.get(lang) if asked is not None else "" for lang in langs}
        root["help"] = dict.fromkeys(langs, "")
    return root
