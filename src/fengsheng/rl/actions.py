"""The fixed action catalogue of the RL environment: every option the engine can offer in one configuration, as one
``Discrete(N)`` index (no numpy, no PettingZoo: importable without the ``rl`` extra).

An engine :class:`~fengsheng.core.options.Option` is ``(kind, card, use, target, ref, name)``. Its catalogue key is
the same tuple with the seats made relative to the acting seat and the references made stable:

* ``target`` → ``rel`` = ``(target - seat) % players`` (0 = the acting seat itself, 1 = the next seat
  counterclockwise, …), so that one action means the same thing at every seat;
* a card reference ``x<card>`` (烧毁's card, a skill's or a choice's intelligence) keeps the card id and drops the
  target seat: a card lies in front of exactly one seat, so the card says where;
* a stack reference ``^<uid>`` (识破) becomes the position of that use on the pending stack counted from the top
  (0 = the newest use), since uids grow without bound;
* a slot ``#<j>`` (真伪莫辨) stays the slot.

The catalogue lists every key the configuration can produce, derived from the engine's own structure: the deck
(card ids and types), each card type's target shape (``cards/<type>.py`` ``targets``: a seat, a seat and a card,
a stack use, nothing), the conversions of the characters of the pool (``Rule.card_uses``, evaluated on a game where
the character is face up), the skills of the pool (``Skill.key``; a skill that offers itself in response windows,
``Rule.actions``, gets a seat and a card form), the send directions (``Rule.send_directions``), the characters
that can be chosen, and the fixed words (``pass``, ``declare``, ``accept``, ``decline``, ``continue``,
``respond effect|line``). ``docs/rl.md`` has the table. Mapping a decision's options is a bijection between its
legal options and their actions (``tests/rl/test_actions.py`` checks it over thousands of random games).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from fengsheng.cards.probe import EFFECT, LINE
from fengsheng.config import Config
from fengsheng.core.cards import BURN, CARD_TYPES, LOCK, LURE_AWAY, PROBE, SEE_THROUGH
from fengsheng.core.options import (
    ACCEPT,
    CHOOSE,
    CONTINUE,
    DECLARE,
    DECLINE,
    DISCARD,
    PASS,
    PICK,
    PLAY,
    RESPOND,
    SEND,
    SKILL,
    Decision,
    Option,
    notation,
    ref_prefix,
)
from fengsheng.editions import get_edition
from fengsheng.flow.passing import CLOCKWISE
from fengsheng.flow.window import Window
from fengsheng.rules.base import Rule

if TYPE_CHECKING:
    from fengsheng.game import Game

# How each card type names its target (cards/<type>.py ``targets``): a seat, a seat and a card in front of it (the
# card says which seat), a use on the stack, or nothing.
TARGET_SEAT = frozenset({LOCK, LURE_AWAY, PROBE})
TARGET_CARD = frozenset({BURN})
TARGET_STACK = frozenset({SEE_THROUGH})


class Key(NamedTuple):
    """One catalogue entry: an option with relative seats and stable references (see the module docstring)."""

    kind: str
    card: int = -1
    use: str = ""
    name: str = ""
    rel: int = -1
    ref: int = -1

    def describe(self) -> str:
        """The entry in the option notation, with ``@+k`` for a relative seat and ``^k`` for a stack position."""
        return notation(
            self.kind,
            self.card,
            self.use,
            self.name,
            f"@+{self.rel}" if self.rel >= 0 else "",
            f"{ref_prefix(self.kind, self.use)}{self.ref}" if self.ref >= 0 else "",
        )


class Block(NamedTuple):
    """A contiguous run of the catalogue: actions ``start`` to ``start + size - 1``, one family of options."""

    name: str
    start: int
    size: int
    form: str


def stack_uids(g: Game) -> list[int]:
    """The uids of the pending uses, bottom first, over every open window (as in ``g.view(seat)["stack"]``)."""
    return [u.uid for f in g.frames if isinstance(f, Window) for u in f.stack]


class Catalogue:
    """The actions of one configuration. ``keys[i]`` is action ``i``; ``index[key]`` the reverse."""

    def __init__(self, config: Config, stack_depth: int = 16) -> None:
        self.config = config
        self.n = n = config.players
        self.stack_depth = stack_depth
        edition = get_edition(config.edition)
        self.cards = cards = len(edition.card_type)
        card_type = edition.card_type
        pool = edition.pool(config.character_pool, config.character_texts) if config.characters else []
        defs = edition.characters(config.character_texts)
        rules = [r for cid in pool for r in defs[cid].rules]
        conversions = _conversions(config, pool)
        skills, window_skills = _skills(rules)
        directions = any(r.send_directions is not Rule.send_directions for r in rules)
        seats = range(n)
        others = range(1, n)
        every = range(cards)

        self.keys: list[Key] = []
        self.blocks: list[Block] = []

        def block(name: str, form: str, keys: Iterable[Key]) -> None:
            start = len(self.keys)
            self.keys.extend(keys)
            if len(self.keys) > start:
                self.blocks.append(Block(name, start, len(self.keys) - start, form))

        block(
            "words",
            "pass / declare / accept / decline / continue",
            (Key(k) for k in (PASS, DECLARE, ACCEPT, DECLINE, CONTINUE)),
        )
        if any(r.may_conceal is not Rule.may_conceal for r in rules):
            block("respond", "respond effect / respond line (城府)", (Key(RESPOND, name=w) for w in (EFFECT, LINE)))
        block("choose character", "choose <character> (the pool, sorted)", (Key(CHOOSE, name=c) for c in pool))
        block("send", "send c<card>", (Key(SEND, card=c) for c in every))
        block(
            "send direct",
            "send c<card> @+k (直达, k = 1..n-1)",
            (Key(SEND, card=c, rel=r) for c in every for r in others),
        )
        if directions:
            block("send clockwise", "send c<card> cw", (Key(SEND, card=c, name=CLOCKWISE) for c in every))
        for use in CARD_TYPES:
            users = [c for c in every if card_type[c] == use or use in conversions.get(c, ())]
            if use in TARGET_SEAT:
                block(
                    f"play {use}", f"play c<card> {use} @+k", (Key(PLAY, c, use, rel=r) for c in users for r in seats)
                )
            elif use in TARGET_CARD:
                block(
                    f"play {use}",
                    f"play c<card> {use} x<card>",
                    (Key(PLAY, c, use, ref=x) for c in users for x in every),
                )
            elif use in TARGET_STACK:
                block(
                    f"play {use}",
                    f"play c<card> {use} ^k (k = 0..{stack_depth - 1} from the top)",
                    (Key(PLAY, c, use, ref=d) for c in users for d in range(stack_depth)),
                )
            else:
                block(f"play {use}", f"play c<card> {use}", (Key(PLAY, c, use) for c in users))
        block("discard", "discard c<card>", (Key(DISCARD, card=c) for c in every))
        block("pick", "pick #j (j = 0..n-1)", (Key(PICK, ref=j) for j in seats))
        block("skill", "skill <key>", (Key(SKILL, use=k) for k in skills))
        block(
            "skill @",
            "skill <key> @+k (skills used in windows)",
            (Key(SKILL, use=k, rel=r) for k in window_skills for r in seats),
        )
        block(
            "skill x",
            "skill <key> x<card> (skills used in windows)",
            (Key(SKILL, use=k, ref=x) for k in window_skills for x in every),
        )
        if pool:
            block("choose seat", "choose @+k", (Key(CHOOSE, rel=r) for r in seats))
            block("choose card", "choose c<card>", (Key(CHOOSE, card=c) for c in every))
            block("choose intel", "choose x<card> (an intelligence)", (Key(CHOOSE, ref=x) for x in every))
        self.index: dict[Key, int] = {k: i for i, k in enumerate(self.keys)}
        if len(self.index) != len(self.keys):
            raise AssertionError("the catalogue has a repeated key")
        self._fixed: dict[tuple[int, Option], int] = {}

    def __len__(self) -> int:
        return len(self.keys)

    # --- options <-> actions ----------------------------------------------------------------------------------
    def key(self, option: Option, seat: int, uids: list[int] | None = None) -> Key:
        """The catalogue key of ``option`` offered to ``seat``; ``uids`` = :func:`stack_uids` for a 识破."""
        kind, card, use, target, ref, name = option
        rel = (target - seat) % self.n if target >= 0 else -1
        if ref >= 0 and kind != PICK:
            if use == SEE_THROUGH and kind == PLAY:
                if uids is None:
                    raise ValueError("a stack reference needs the stack's uids")
                ref = len(uids) - 1 - uids.index(ref)
            else:
                rel = -1  # the card says where it lies
        return Key(kind, card, use, name, rel, ref)

    def action(self, option: Option, seat: int, g: Game) -> int:
        """The action of ``option`` (one of ``g.decision.options``, offered to ``seat``)."""
        if option.use == SEE_THROUGH and option.kind == PLAY:
            return self._lookup(self.key(option, seat, stack_uids(g)), option)
        fixed = self._fixed.get((seat, option))
        if fixed is None:
            fixed = self._fixed[(seat, option)] = self._lookup(self.key(option, seat), option)
        return fixed

    def _lookup(self, key: Key, option: Option) -> int:
        i = self.index.get(key)
        if i is None:
            raise KeyError(f"option {option} ({key.describe()}) is not in the catalogue of {self.config}")
        return i

    def actions(self, decision: Decision, g: Game) -> list[int]:
        """The actions of every option of ``decision``, in the order of ``decision.options``."""
        seat = decision.seat
        fixed = self._fixed
        out = []
        uids: list[int] | None = None
        for o in decision.options:
            a = fixed.get((seat, o))
            if a is None:
                if o.use == SEE_THROUGH and o.kind == PLAY:
                    if uids is None:
                        uids = stack_uids(g)
                    a = self._lookup(self.key(o, seat, uids), o)
                else:
                    a = fixed[(seat, o)] = self._lookup(self.key(o, seat), o)
            out.append(a)
        return out

    def describe(self, action: int) -> str:
        return self.keys[action].describe()


def _skills(rules: list[type[Rule]]) -> tuple[list[str], list[str]]:
    """The option words of the pool's skills, and those of the skills offered in response windows."""
    from fengsheng.characters.base import Skill

    skills: list[str] = []
    window: list[str] = []
    for r in rules:
        if not (isinstance(r, type) and issubclass(r, Skill)) or not r.skill_id or not r.character:
            continue
        key = f"{r.character.split('.', 1)[-1]}.{r.skill_id.rsplit('-', 1)[-1]}"
        if key not in skills:
            skills.append(key)
        if r.actions is not Rule.actions and key not in window:
            window.append(key)
    return skills, window


def _conversions(config: Config, pool: list[str]) -> dict[int, set[str]]:
    """card -> the types the pool's characters may convert it to (``Rule.card_uses``), each converting character
    evaluated face up on a game where it sits at seat 0."""
    from fengsheng.game import Game

    out: dict[int, set[str]] = {}
    converters = [
        cid
        for cid in pool
        if any(_converts(r) for r in get_edition(config.edition).characters(config.character_texts)[cid].rules)
    ]
    for cid in converters:
        rest = [c for c in pool if c != cid][: config.players - 1]
        cfg = Config(
            players=config.players,
            edition=config.edition,
            characters=True,
            character_pool=config.character_pool,
            character_texts=config.character_texts,
            fixed_characters=(cid, *rest),
        )
        g = Game.new(cfg, seed=0)
        g.seats[0].face_up = True
        for c in range(len(g.card_type)):
            for u in g.card_uses(0, c):
                out.setdefault(c, set()).add(u)
    return out


def _converts(r: type[Rule]) -> bool:
    return isinstance(r, type) and r.card_uses is not Rule.card_uses
