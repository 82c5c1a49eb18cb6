"""A fast, exact copy of a game for search (``Game.clone``).

``copy.deepcopy`` walks everything, the whole event log included, through the generic copy protocol. A clone
shares what never changes: the edition and its tables, the config, the event records and the answered options
(all immutable), the pending decision, the rules that hold nothing but their owner; and copies the rest (seats, zones, frames, rules, what each seat knows)
with one small type-directed walk that keeps shared references shared (a use on the stack and the frame resolving
it, a rule and the questions it asked). The RNG is copied too: a clone is the same game, future included; see
``Game.determinize`` for a game that keeps only what one seat knows.
"""

from __future__ import annotations

import random
from types import FunctionType, MethodType
from typing import TYPE_CHECKING, Any

from fengsheng.config import Config
from fengsheng.core.events import KINDS
from fengsheng.core.options import Decision, Option
from fengsheng.editions.base import Edition
from fengsheng.rules.base import Rule

if TYPE_CHECKING:
    from fengsheng.game import Game

# values shared as they are: immutable, or shared by every game of an edition
_ATOMIC: set[type] = {int, str, bool, float, type(None), tuple, frozenset, Option, Decision, Config, Edition}
_ATOMIC.update(KINDS.values())
_SHARED_FIELDS = frozenset(
    {
        "config",
        "edition",
        "handlers",
        "window_types",
        "window_cards",
        "card_type",
        "is_black",
        "card_colour",
        "characters",
    }
)
_SLOTS: dict[type, tuple[str, ...]] = {}
_RULE_SLOTS = ("owner",)


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
        _ATOMIC.add(t)  # a rule with no state of its own never changes: shared
        return v
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
    memo: dict[int, Any] = {id(g): None}
    new = type(g).__new__(type(g))
    memo[id(g)] = new
    nd: dict[str, Any] = {}
    for k, v in g.__dict__.items():
        if k in _SHARED_FIELDS:
            nd[k] = v
        elif k == "events" or k == "history":
            nd[k] = v[:]  # immutable records: a new list, the same records
        else:
            nd[k] = v if type(v) in _ATOMIC else _copy(v, memo)
    new.__dict__.update(nd)
    return new
