"""The choice layer: a decision's flat options as a tree a player walks one level at a time.

A decision may offer dozens of options (five 试探 in hand and four seats to probe are twenty options). A front end
asks better in steps: first **what** to use (a card, a skill, pass, declare, accept …), then **as which card** (a card
a character lets you use as another type), then **on whom or what** (a seat, an intelligence in front of it, a
pending use on the stack). :func:`choice_tree` builds that tree from the legal options and the deciding seat's view
(for the words only: it never looks at the game). Each :class:`Choice` node has a stable ``key`` (its path of step
keys, e.g. ``c23/as:lock/@3``), its words and help text in Chinese and English, and either children or exactly one
engine :class:`~fengsheng.core.options.Option` (a leaf). A level never has more than :data:`MAX_LINES` children: a
level with more groups its cards by type and then pages ("more …").

Both the terminal (``fengsheng.play.session``) and a browser client walk the same tree: the terminal with numbers
(``0`` is pass at the top and back below), a browser with clicks.

``merge_same`` (the default) lists options that differ only by which of two identical cards they use (two 黑·截获·密电
in hand, two identical intelligence cards in front of a seat) once, as the flat list does: a player cannot tell them
apart. With ``merge_same=False`` every legal option is its own leaf.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from fengsheng.core.cards import CARD_TYPES
from fengsheng.core.options import CHOOSE, CONTINUE, DISCARD, PASS, PLAY, SEND, SKILL, Option
from fengsheng.play.words import (
    EN,
    ZH,
    _card_face,
    _next_seat,
    _sameness,
    _stack_entry,
    _texts,
    card_help,
    character_help,
    describe_decision,
    describe_option,
    describe_use,
    option_help,
    skill_label,
    skill_text,
    who,
)
from fengsheng.text import card_name, name, rendered_deck, rendering

MAX_LINES = 10  # children of one level at most (the issue: "never more than about ten lines of options")
LANGS = (ZH, EN)
MORE = "more"


@dataclass(frozen=True)
class Words:
    """A phrase in both languages."""

    zh: str
    en: str

    def get(self, lang: str) -> str:
        return self.zh if lang == ZH else self.en


@dataclass(frozen=True)
class Step:
    """One level of one option's path: its key, its words, its help, and a coarser group (a card's type) used when
    a level has too many children."""

    key: str
    words: Words
    help: Words
    group: str = ""
    group_words: Words | None = None


@dataclass
class Choice:
    """A node of the tree: ``option`` on a leaf (exactly one engine option), ``children`` otherwise."""

    key: str
    words: Words
    help: Words
    children: list[Choice] = field(default_factory=list)
    option: Option | None = None
    group: str = ""  # a coarser group (a card's type), for a level with too many children
    group_words: Words | None = None

    @property
    def leaf(self) -> bool:
        return self.option is not None

    def label(self, lang: str = ZH) -> str:
        """The words, with ``…`` on a node that opens another level."""
        text = self.words.get(lang)
        return text if self.leaf else f"{text} …"

    def leaves(self) -> Iterator[Choice]:
        if self.leaf:
            yield self
        for child in self.children:
            yield from child.leaves()

    def nodes(self) -> Iterator[Choice]:
        yield self
        for child in self.children:
            yield from child.nodes()

    def find(self, key: str) -> Choice | None:
        """The node with this key (``""``: the root)."""
        for node in self.nodes():
            if node.key == key:
                return node
        return None

    def numbered(self) -> list[tuple[int, Choice]]:
        """The children as a player numbers them: ``pass`` is 0 (at the top level), the others 1, 2, …"""
        out: list[tuple[int, Choice]] = []
        n = 1
        for child in self.children:
            if child.option is not None and child.option.kind == PASS:
                out.insert(0, (0, child))
            else:
                out.append((n, child))
                n += 1
        return out

    def to_dict(self, langs: Sequence[str] = LANGS) -> dict[str, Any]:
        """A JSON-able form for a client: key, words and help in ``langs`` (both by default; a server sends a
        connection its own language's), the option's notation on a leaf (what to send back to ``g.act``), the
        children in their numbered order otherwise."""
        return self._dict(tuple(langs), None)

    def _dict(self, langs: tuple[str, ...], number: int | None) -> dict[str, Any]:
        words, helps = self.words, self.help
        if langs == LANGS:
            d: dict[str, Any] = {
                "key": self.key,
                "words": {ZH: words.zh, EN: words.en},
                "help": {ZH: helps.zh, EN: helps.en},
            }
        else:
            d = {
                "key": self.key,
                "words": {lang: words.get(lang) for lang in langs},
                "help": {lang: helps.get(lang) for lang in langs},
            }
        if self.option is not None:
            d["option"] = str(self.option)
        else:
            d["children"] = [child._dict(langs, n) for n, child in self.numbered()]
        if number is not None:
            d["number"] = number
        return d

    def widest(self) -> int:
        """The most children any level of this tree shows at once."""
        return max((len(node.children) for node in self.nodes()), default=0)


_NO_WORDS = Words("", "")


# ---------------------------------------------------------------------------------------------------------------
# Paths
# ---------------------------------------------------------------------------------------------------------------
def _both(fn: Any, *args: Any) -> Words:
    return Words(fn(*args, ZH), fn(*args, EN))


_REPS: dict[int, dict[tuple[Any, ...], int]] = {}  # id(deck) -> a card face -> the first card id with it


def _card_key(card: int, merge_same: bool) -> str:
    """``c<id>``; with ``merge_same`` the id is the deck's first card of the same face, so identical cards share
    one key (and the key does not depend on which of them the seat holds)."""
    if not merge_same:
        return f"c{card}"
    deck = rendered_deck()
    reps = _REPS.get(id(deck))
    if reps is None:
        reps = _REPS[id(deck)] = {}
        for i in range(len(deck)):
            reps.setdefault(_card_face(i), i)
    return f"c{reps[_card_face(card)]}"


_MEMO: dict[tuple[Any, ...], Any] = {}  # the steps and help texts that depend on their arguments only (_memo)
MEMO_MAX = 20_000  # entries; the memo is emptied when full (a server's games need a few thousand)


def _memo(key: tuple[Any, ...], make: Any, *args: Any) -> Any:
    """``make(*args)``, kept under ``key`` and the texts being rendered (``text.rendering``), for the parts of a tree
    that depend on nothing else (a card's step, a use's, a skill's, a seat's with the character it shows, an
    option's help): the same decisions come back game after game."""
    key = (rendering(), *key)
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) >= MEMO_MAX:
            _MEMO.clear()
        got = _MEMO[key] = make(*args)
    return got


def _seat_step(seat: int, view: dict[str, Any] | None) -> Step:
    me = view.get("seat") if view else None
    character = None
    if view is not None and 0 <= seat < len(view.get("seats", [])):
        character = view["seats"][seat].get("character")
    return _memo(("seat", seat, me, character, _texts(view)), _make_seat_step, seat, view)  # type: ignore[no-any-return]


def _make_seat_step(seat: int, view: dict[str, Any] | None) -> Step:
    me = view.get("seat") if view else None
    words = Words(who(seat, ZH, me), who(seat, EN, me))
    helps = Words("", "")
    if view is not None and 0 <= seat < len(view.get("seats", [])):
        info = view["seats"][seat]
        if info.get("character"):
            texts = _texts(view)
            helps = Words(character_help(info["character"], ZH, texts), character_help(info["character"], EN, texts))
    return Step(f"@{seat}", words, helps)


def _card_step(card: int, merge_same: bool, prefix: Words | None = None) -> Step:
    return _memo(("card", card, merge_same, prefix), _make_card_step, card, merge_same, prefix)  # type: ignore[no-any-return]


def _make_card_step(card: int, merge_same: bool, prefix: Words | None = None) -> Step:
    cname = Words(card_name(card, ZH), card_name(card, EN))
    words = cname if prefix is None else Words(f"{prefix.zh}{cname.zh}", f"{prefix.en}{cname.en}")
    ctype = rendered_deck()[card].type
    helps = Words(card_help(ctype, ZH), card_help(ctype, EN))
    group_words = Words(name(ctype, ZH), name(ctype, EN))
    return Step(_card_key(card, merge_same), words, helps, group=f"t:{ctype}", group_words=group_words)


def _ref_step(o: Option, merge_same: bool) -> Step:
    return _memo(("ref", o.ref, merge_same), _make_ref_step, o, merge_same)  # type: ignore[no-any-return]


def _make_ref_step(o: Option, merge_same: bool) -> Step:
    words = Words(card_name(o.ref, ZH), card_name(o.ref, EN))
    ctype = rendered_deck()[o.ref].type
    return Step("x" + _card_key(o.ref, merge_same)[1:], words, Words(card_help(ctype, ZH), card_help(ctype, EN)))


def _stack_step(uid: int, view: dict[str, Any] | None) -> Step:
    entry = _stack_entry(view, uid)
    if entry is None:
        return Step(f"^{uid}", Words(f"#{uid}", f"#{uid}"), Words("", ""))
    me = view.get("seat") if view else None
    texts = _texts(view)
    return Step(f"^{uid}", Words(describe_use(entry, ZH, me, texts), describe_use(entry, EN, me, texts)), Words("", ""))


def _use_step(use: str, texts: str) -> Step:
    return _memo(("use", use, texts), _make_use_step, use, texts)  # type: ignore[no-any-return]


def _make_use_step(use: str, texts: str) -> Step:
    if use in CARD_TYPES:
        return Step(
            f"as:{use}",
            Words(f"当作{name(use, ZH)}", f"as {name(use, EN)}"),
            Words(card_help(use, ZH), card_help(use, EN)),
        )
    return Step(f"as:{use}", Words(skill_label(use, ZH, texts), skill_label(use, EN, texts)), Words("", ""))


def _skill_step(use: str, texts: str) -> Step:
    label = Words(skill_label(use, ZH, texts), skill_label(use, EN, texts))
    return Step(
        f"skill:{use}",
        Words(f"发动 {label.zh}", f"Use {label.en}"),
        Words(f"{label.zh}：{skill_text(use, ZH, texts)}", f"{label.en}: {skill_text(use, EN, texts)}"),
    )


def _option_help(o: Option, texts: str) -> Words:
    """An option's help in both languages (``option_help``: the option and the texts only)."""
    return _memo(("help", o, texts), _make_option_help, o, texts)  # type: ignore[no-any-return]


def _make_option_help(o: Option, texts: str) -> Words:
    return Words(option_help(o, ZH, texts), option_help(o, EN, texts))


def _option_words(
    o: Option,
    view: dict[str, Any] | None,
    kind: str,
    context: str,
    skill_offer: bool,
    langs: Sequence[str] = LANGS,
) -> Words:
    """``describe_option`` in ``langs`` (``""`` in another); kept (:func:`_memo`), in both, for a pass and a continue
    (:func:`_words_key`)."""
    key = _words_key(o, view, kind, context, skill_offer)
    if key is not None:
        return _memo(key, _describe_option, o, view, kind, context, skill_offer)  # type: ignore[no-any-return]
    return _describe_option(o, view, kind, context, skill_offer, langs)


def _words_key(
    o: Option, view: dict[str, Any] | None, kind: str, context: str, skill_offer: bool
) -> tuple[Any, ...] | None:
    """What ``describe_option``'s words of ``o`` are made from, when that is little (else ``None``): a pass reads
    the decision's kind and context, whether the seat asked is the current player and whether the stack is empty;
    a uniform prompt's continue reads nothing."""
    if o.kind == PASS:
        mine = view is not None and view.get("current") == view.get("seat")
        empty = view is None or not view.get("stack")
        return ("pass", o, kind, context, skill_offer, view is None, mine, empty)
    if o.kind == CONTINUE:
        return ("continue", o)
    return None


def _describe_option(
    o: Option,
    view: dict[str, Any] | None,
    kind: str,
    context: str,
    skill_offer: bool,
    langs: Sequence[str] = LANGS,
) -> Words:
    return Words(
        describe_option(o, ZH, view, kind, context, skill_offer) if ZH in langs else "",
        describe_option(o, EN, view, kind, context, skill_offer) if EN in langs else "",
    )


def _decision_words(view: dict[str, Any], langs: Sequence[str] = LANGS) -> Words:
    """``describe_decision`` in ``langs`` (``""`` in another); kept (:func:`_memo`), in both, for a response window's
    (:func:`_decision_key`)."""
    key = _decision_key(view)
    if key is not None:
        return _memo(key, _both, describe_decision, view)  # type: ignore[no-any-return]
    return Words(describe_decision(view, ZH) if ZH in langs else "", describe_decision(view, EN) if EN in langs else "")


def _decision_key(view: dict[str, Any]) -> tuple[Any, ...] | None:
    """What ``describe_decision``'s words are made from, for a response window's question (else ``None``): the
    window, the seat asked, whose turn it is, the top of the stack and the character texts."""
    d = view.get("decision") or {}
    if d.get("kind") != "priority":
        return None
    stack = view.get("stack") or []
    top = tuple(stack[-1].items()) if stack else None
    return ("priority", d.get("context", ""), view.get("seat"), view.get("current", -1), top, _texts(view))


def _path(o: Option, view: dict[str, Any] | None, merge_same: bool, multi_use: set[str]) -> list[Step]:
    """The steps from the top of the tree to option ``o``. ``multi_use``: card keys offered as more than one
    use (those get an "as which card" level)."""
    texts = _texts(view)
    k = o.kind
    if k == PLAY:
        first = _card_step(o.card, merge_same, Words("用 ", "Use "))
        steps = [first]
        if first.key in multi_use or o.use != rendered_deck()[o.card].type:
            steps.append(_use_step(o.use, texts))
        if o.use == "see_through" and o.ref >= 0:
            steps.append(_stack_step(o.ref, view))
        else:
            if o.target >= 0:
                steps.append(_seat_step(o.target, view))
            if o.ref >= 0:
                steps.append(_ref_step(o, merge_same))
        return steps
    if k == SKILL:
        steps = [_memo(("skill", o.use, texts), _skill_step, o.use, texts)]
        if o.name:
            steps.append(Step(f"n:{o.name}", Words(o.name, o.name), Words("", "")))
        if o.card >= 0:
            steps.append(_card_step(o.card, merge_same))
        if o.target >= 0:
            steps.append(_seat_step(o.target, view))
        if o.ref >= 0:
            steps.append(_ref_step(o, merge_same))
        return steps
    if k == SEND:
        steps = [_card_step(o.card, merge_same, Words("传出 ", "Send "))]
        me = view.get("seat") if view else None
        if o.target >= 0:
            seat = _seat_step(o.target, view)
            steps.append(Step(seat.key, Words(f"直达 → {seat.words.zh}", f"direct to {seat.words.en}"), seat.help))
        else:
            direction = -1 if o.name == "cw" else 1
            nxt = _next_seat(view, me, direction) if me is not None else None
            zh = "顺时针" if direction < 0 else "逆时针"
            en = "clockwise" if direction < 0 else "counterclockwise"
            if nxt is not None:
                zh, en = f"{zh}，先到 {who(nxt, ZH, me)}", f"{en}, first to {who(nxt, EN, me)}"
            steps.append(Step(f"way:{o.name or 'ccw'}", Words(zh, en), Words("", "")))
        return steps
    if k == DISCARD:
        return [_card_step(o.card, merge_same, Words("弃掉 ", "Discard "))]
    if k == CHOOSE and not o.name:
        steps = []
        if o.card >= 0:
            steps.append(_card_step(o.card, merge_same))
        if o.target >= 0:
            steps.append(_seat_step(o.target, view))
        if o.ref >= 0:
            steps.append(_ref_step(o, merge_same))
        if steps:
            return steps
    return [Step(str(o), Words("", ""), Words("", ""))]  # one step: words from describe_option


# ---------------------------------------------------------------------------------------------------------------
# The tree
# ---------------------------------------------------------------------------------------------------------------
def choice_tree(
    options: Sequence[Option],
    view: dict[str, Any] | None = None,
    kind: str = "",
    context: str = "",
    merge_same: bool = True,
    langs: Sequence[str] = LANGS,
) -> Choice:
    """The tree over ``options`` (a decision's legal options, in the engine's order). ``view``: the deciding seat's
    view (words only); ``kind``/``context``: the decision's (the words for ``pass``). ``langs``: the languages
    whose words the tree must have (both by default; a server's connection wants one, a bot's none): the words of
    a node in another language may be ``""``."""
    kept: list[Option] = []
    seen: set[tuple[Any, ...]] = set()
    for o in options:
        same = _sameness(o) if merge_same else tuple(o)
        if same in seen:
            continue
        seen.add(same)
        kept.append(o)
    skill_offer = any(o.kind == SKILL for o in kept)
    uses: dict[str, set[str]] = {}
    for o in kept:
        if o.kind == PLAY:
            uses.setdefault(_card_key(o.card, merge_same), set()).add(o.use)
    multi = {key for key, us in uses.items() if len(us) > 1}
    texts = _texts(view)

    def full(o: Option) -> Words:
        return _option_words(o, view, kind, context, skill_offer, langs) if langs else _NO_WORDS

    def leaf(key: str, o: Option, steps: Sequence[Step], top: bool) -> Choice:
        if not top and any(s.words.zh for s in steps):  # below the top: the words of its own steps
            words = Words(" ".join(s.words.zh for s in steps), " ".join(s.words.en for s in steps))
        else:
            words = full(o)
        return Choice(key, words, _option_help(o, texts) if langs else _NO_WORDS, option=o)

    def build(key: str, items: list[tuple[Option, list[Step]]], depth: int) -> list[Choice]:
        def join(step_key: str) -> str:
            return f"{key}/{step_key}" if key else step_key

        groups: dict[str, list[tuple[Option, list[Step]]]] = {}
        ended: list[Choice] = []
        for o, path in items:
            if len(path) <= depth:  # a path that ends here while others go on: a leaf of this level
                ended.append(leaf(join("="), o, [], True))
            else:
                groups.setdefault(path[depth].key, []).append((o, path))
        children: list[Choice] = list(ended)
        for step_key, members in groups.items():
            step = members[0][1][depth]
            if len(members) == 1:
                o, path = members[0]
                rest = path[depth:]
                node = leaf("/".join([key, *(s.key for s in rest)]).lstrip("/"), o, rest, depth == 0)
                node.group, node.group_words = step.group, step.group_words
                children.append(node)
                continue
            child_key, words, d = join(step_key), step.words, depth + 1
            while all(len(p) > d for _, p in members) and len({p[d].key for _, p in members}) == 1:
                nxt = members[0][1][d]  # every member shares the next step too: one node for both
                words = Words(f"{words.zh} {nxt.words.zh}", f"{words.en} {nxt.words.en}")
                child_key, d = f"{child_key}/{nxt.key}", d + 1
            node = Choice(child_key, words, step.help, build(child_key, members, d))
            node.group, node.group_words = step.group, step.group_words
            children.append(node)
        children.sort(key=lambda c: 0 if c.option is not None and c.option.kind == PASS else 1)
        return _fit(key, children)

    paths = [(o, _path(o, view, merge_same, multi)) for o in kept]
    root = Choice("", Words("", ""), Words("", ""), build("", paths, 0) if paths else [])
    if view is not None and view.get("decision") and langs:
        root.words = _decision_words(view, langs)
    return root


_LONE: frozenset[str] = frozenset({PASS, CONTINUE})  # kinds whose option is one step of the tree (no card, no seat)


def tree_dict(
    options: Sequence[Option],
    view: dict[str, Any] | None,
    kind: str,
    context: str,
    langs: Sequence[str] = LANGS,
) -> dict[str, Any]:
    """``choice_tree(options, view, kind, context, langs=langs).to_dict(langs)``: the choice tree of a decision
    (``view``: the deciding seat's, for the words) as a client gets it, with the words and help of ``langs`` (none:
    the keys and options only, a bot's). A decision whose only option is ``pass`` (or the uniform prompt's
    ``continue``) is four fifths of all questions when a server asks every question; its tree is one leaf under the
    root, written here directly from the same word functions, without building the tree's nodes, and kept whole when
    its words are made from little (:func:`_memo`). ``tests/choices/test_tree_dict.py`` checks both give the same
    dict over whole games of both editions."""
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


def _fit(key: str, children: list[Choice]) -> list[Choice]:
    """At most MAX_LINES children: with more, the cards of one type go under a node of that type, then pages."""
    if len(children) <= MAX_LINES:
        return children
    by_group: dict[str, list[Choice]] = {}
    for child in children:
        by_group.setdefault(child.group or f"-{child.key}", []).append(child)
    grouped: list[Choice] = []
    for g, members in by_group.items():
        if len(members) > 1 and not g.startswith("-"):
            gw = members[0].group_words or Words(g, g)
            gkey = f"{key}/{g}" if key else g
            words = Words(f"{gw.zh}（{len(members)} 种）", f"{gw.en} ({len(members)} kinds)")
            ctype = g[2:]
            helps = Words(card_help(ctype, ZH), card_help(ctype, EN)) if ctype in CARD_TYPES else members[0].help
            grouped.append(Choice(gkey, words, helps, _page(gkey, members)))
        else:
            grouped.extend(members)
    return _page(key, grouped)


def _page(key: str, children: list[Choice]) -> list[Choice]:
    """At most MAX_LINES children: the first MAX_LINES - 1 and a "more" node holding the rest (paged again).
    A pass stays on the first page."""
    if len(children) <= MAX_LINES:
        return children
    head = children[: MAX_LINES - 1]
    rest = children[MAX_LINES - 1 :]
    more_key = f"{key}/{MORE}" if key else MORE
    return [*head, Choice(more_key, Words("更多", "More"), Words("", ""), _page(more_key, rest))]


def walk(root: Choice, keys: Sequence[str]) -> Choice:
    """The node reached by following child keys from ``root`` (``KeyError`` when one is not there)."""
    node = root
    for key in keys:
        for child in node.children:
            if child.key == key:
                node = child
                break
        else:
            raise KeyError(key)
    return node


__all__ = ["LANGS", "MAX_LINES", "Choice", "Step", "Words", "choice_tree", "tree_dict", "walk"]
