"""The question a seat's client is sent: the choice layer's tree of its decision, as a JSON-able dict.

:func:`question_tree` is ``choice_tree(options, view, kind, context).to_dict()`` (``fengsheng.choices``), built
once per decision by the table. A decision whose only option is ``pass`` (or ``continue``, the uniform prompt's) is
four fifths of all questions when a table asks every question (``ask=all``); its tree is one leaf under the root,
so it is written here directly from the same word functions the choice layer uses, without building the tree's
nodes (about half the cost). ``tests/server/test_questions.py`` checks that both give the same dict over whole
games of both editions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fengsheng.choices import choice_tree
from fengsheng.choices.tree import _decision_key, _decision_words, _memo, _option_help, _option_words, _words_key
from fengsheng.core.options import CONTINUE, PASS, Option
from fengsheng.play.words import EN, ZH

_NO_WORDS: dict[str, str] = {ZH: "", EN: ""}
_LONE: frozenset[str] = frozenset({PASS, CONTINUE})  # kinds whose option is one step of the tree (no card, no seat)


def question_tree(options: Sequence[Option], view: dict[str, Any] | None, kind: str, context: str) -> dict[str, Any]:
    """The choice tree of a decision (``view``: the deciding seat's, for the words), as a client gets it."""
    if len(options) == 1 and options[0].kind in _LONE:
        return _lone(options[0], view, kind, context)
    return choice_tree(options, view, kind, context).to_dict()


def _lone(o: Option, view: dict[str, Any] | None, kind: str, context: str) -> dict[str, Any]:
    """The tree of a decision whose one option is a pass or a continue: the root (the decision in words) and one
    leaf, numbered as the choice layer numbers it (``pass`` is 0, anything else 1). Kept whole (``choices.tree``'s
    memo, read-only) when its words are made from little: a response window's question (most of them)."""
    words_key = _words_key(o, view, kind, context, False)
    decision_key = _decision_key(view) if view is not None and view.get("decision") else ("none",)
    texts = str((view or {}).get("character_texts") or "")
    if words_key is not None and decision_key is not None:
        return _memo(("lone", words_key, decision_key, texts), _make_lone, o, view, kind, context)  # type: ignore[no-any-return]
    return _make_lone(o, view, kind, context)


def _make_lone(o: Option, view: dict[str, Any] | None, kind: str, context: str) -> dict[str, Any]:
    texts = str((view or {}).get("character_texts") or "")
    said, helps = _option_words(o, view, kind, context, False), _option_help(o, texts)
    notation = str(o)
    leaf = {
        "key": notation,
        "words": {ZH: said.zh, EN: said.en},
        "help": {ZH: helps.zh, EN: helps.en},
        "option": notation,
        "number": 0 if o.kind == PASS else 1,
    }
    words = dict(_NO_WORDS)
    if view is not None and view.get("decision"):
        asked = _decision_words(view)
        words = {ZH: asked.zh, EN: asked.en}
    return {"key": "", "words": words, "help": dict(_NO_WORDS), "children": [leaf]}
