"""A fast, exact copy of a game for search (``Game.clone``).

``copy.deepcopy`` walks everything, the whole event log included, through the generic copy protocol. A clone
shares what never changes: the edition and its tables, the config, the event records and the answered options
(all immutable), the pending decision, the rules that hold nothing but their owner; and copies the rest (seats,
zones, frames, rules, what each seat knows) with one small type-directed walk that keeps shared references shared (a
use on the stack and the frame resolving it, a rule and the questions it asked). A slotted type gets a copier written
for it the first time it is met (``_compile_copier``); seats and what a seat knows, whose containers hold only
immutable values, are copied one level deep; the game is slotted too, its copier sharing the edition's tables and
slicing the logs (``clone_game``). The RNG is copied too (forked: its state is shared until either game draws): a clone
is the same game, future included; see ``Game.determinize`` for a game that keeps only what one seat knows.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import FunctionType, MethodType
from typing import TYPE_CHECKING, Any

from fengsheng.config import Config
from fengsheng.core.events import KINDS
from fengsheng.core.options import Decision, Option
from fengsheng.core.state import Seat
from fengsheng.editions.base import Edition
from fengsheng.engine.rng import GameRandom
from fengsheng.engine.state import Knowledge, State
from fengsheng.rules.base import Rule

if TYPE_CHECKING:
    from fengsheng.game import Game

# values shared as they are: immutable, or shared by every game of an edition
_ATOMIC: set[type] = {int, str, bool, float, type(None), tuple, frozenset, Option, Decision, Config, Edition}
_ATOMIC.update(KINDS.values())
_SHARED_FIELDS = frozenset({"config", "edition", *State.EDITION_TABLES})
"""A game's fields shared by a clone: its config, its edition and the edition's tables."""
_SLOTS: dict[type, tuple[str, ...]] = {}
_RULE_SLOTS = ("owner",)
_FLAT: set[type] = {Seat, Knowledge}
"""Records whose fields are atomic values or containers of immutable values (a seat's cards; what a seat knows:
marks, the 试探 records it read, which are never changed once logged): copied one level deep, without the walk."""
_CONTAINERS = (list, dict, set)


def _slots(t: type) -> tuple[str, ...]:
    names = _SLOTS.get(t)
    if names is None:
        seen: list[str] = []
        for cls in reversed(t.__mro__):
            for s in cls.__dict__.get("__slots__", ()):
                if s not in seen and s not in ("__dict__", "__weakref__"):
                    seen.append(s)
        names = _SLOTS[t] = tuple(seen)
    return names


_COPIERS: dict[type, Callable[[Any, dict[int, Any]], Any]] = {GameRandom: lambda v, memo: v.fork()}
"""Slotted type -> its copier, written once per type (as ``dataclasses`` writes ``__init__``): one plain attribute
copy per slot is several times faster than ``getattr``/``setattr`` in a loop, and a clone copies dozens of them.
The game's random source forks: the clone shares its frozen state until either game draws (``engine/rng.py``)."""


def _shared(v: Any, memo: dict[int, Any]) -> Any:
    """The copier of a value shared by the copy (a rule with no state of its own)."""
    return v


def _compile_copier(
    t: type, slots: tuple[str, ...], shared: frozenset[str] = frozenset(), sliced: tuple[str, ...] = ()
) -> Callable[[Any, dict[int, Any]], Any]:
    """The copier of the slotted type ``t``: the walk of :func:`_copy`, unrolled over its slots (``_FLAT`` types
    one level deep), except the slots in ``shared`` (kept as they are) and in ``sliced`` (lists of immutable
    records: a shallow copy)."""
    flat = t in _FLAT
    lines = ["def copy(v, memo):", "    n = new(T)", "    memo[id(v)] = n"]
    for name in slots:
        if name in shared:
            lines.append(f"    n.{name} = v.{name}")
        elif name in sliced:
            lines.append(f"    n.{name} = v.{name}[:]")
        else:
            value = "x.copy() if type(x) in CONTAINERS else x" if flat else "x if type(x) in ATOMIC else walk(x, memo)"
            lines += [f"    x = v.{name}", f"    n.{name} = {value}"]
    lines.append("    return n")
    env: dict[str, Any] = {"new": object.__new__, "T": t, "CONTAINERS": _CONTAINERS, "ATOMIC": _ATOMIC, "walk": _copy}
    exec("\n".join(lines), env)  # code built from the type's own slot names
    fn: Callable[[Any, dict[int, Any]], Any] = env["copy"]
    return fn


def _copy(v: Any, memo: dict[int, Any]) -> Any:
    t = type(v)
    if t in _ATOMIC:
        return v
    if t is list:
        if not v or type(v[0]) in _ATOMIC:  # the state's lists hold one kind of thing each
            return v[:]
        return [_copy(x, memo) for x in v]
    if t is dict:
        return {k: (x if type(x) in _ATOMIC else _copy(x, memo)) for k, x in v.items()}
    if t is set:
        return set(v)
    got = memo.get(id(v))
    if got is not None:
        return got
    fast = _COPIERS.get(t)
    if fast is not None:
        try:
            return fast(v, memo)
        except AttributeError:  # a slot left unset: the walk below skips it
            pass
    if t is MethodType:
        return getattr(_copy(v.__self__, memo), v.__func__.__name__)
    if t is FunctionType or isinstance(v, type):
        return v
    if t is random.Random:
        r = random.Random.__new__(random.Random)  # not seeded: the state is set next
        r.setstate(v.getstate())
        memo[id(v)] = r
        return r
    slots = _slots(t)
    if slots == _RULE_SLOTS and isinstance(v, Rule):
        # a rule with no state of its own never changes: shared. Its type gets a copier that returns it, not a
        # place in _ATOMIC: a list whose first item is atomic is sliced, and a seat's rules mix both kinds
        _COPIERS[t] = _shared
        return v
    if t.__dictoffset__ == 0 and not any("__setattr__" in c.__dict__ for c in t.__mro__[:-1]) and t not in _COPIERS:
        _COPIERS[t] = _compile_copier(t, slots)
        return _copy(v, memo)
    new: Any = object.__new__(t)
    memo[id(v)] = new
    setattr_ = object.__setattr__
    for name in slots:
        try:
            x = getattr(v, name)
        except AttributeError:
            continue
        setattr_(new, name, x if type(x) in _ATOMIC else _copy(x, memo))
    d = getattr(v, "__dict__", None)
    if d is not None:
        new.__dict__.update({k: (x if type(x) in _ATOMIC else _copy(x, memo)) for k, x in d.items()})
    return new


def clone_game(g: Game) -> Game:
    """An independent game equal to ``g`` (see the module docstring)."""
    t = type(g)
    copier = _COPIERS.get(t)
    if copier is None:
        # the edition's tables shared, the logs sliced (their records are immutable), the rest walked in the
        # fields' order (the walk's sharing depends on it)
        copier = _COPIERS[t] = _compile_copier(t, _slots(t), _SHARED_FIELDS, ("events", "history"))
    new: Game = copier(g, {})
    return new
