"""Property tests (hypothesis) of hostile input, issue 9: generated option strings, option dicts, ``Option``
objects with arbitrary fields, seats and tampered records. Each must give the documented outcome (success, or
``IllegalAction`` / ``RecordError`` / ``ReplayError``, never another exception) and leave the state unchanged on
error. Derandomized and without an example database, so the suite is deterministic (hypothesis keeps only its own
caches in .hypothesis/, which ignores itself in git); the example counts are fixed below (``EXAMPLES``)."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fengsheng.config import Config
from fengsheng.core.options import KINDS, Option, parse_option, well_typed
from fengsheng.errors import IllegalAction, ReplayError
from fengsheng.game import Game
from fengsheng.record import replay
from tests.suite import sized

FULL_EXAMPLES = {"strings": 400, "dicts": 300, "options": 400, "seats": 200, "records": 150}
EXAMPLES = {k: sized(n // 4, n) for k, n in FULL_EXAMPLES.items()}  # a quarter in the quick suite


def _settings(name: str) -> Any:
    return settings(
        max_examples=EXAMPLES[name],
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


def _positions() -> list[bytes]:
    """Pickled games waiting on decisions of different kinds (choose a character, play, send, receive, …)."""
    seen: dict[str, bytes] = {}
    for seed in range(3):
        g = Game.new(Config(players=5 + seed, characters=True), 70 + seed)
        rng = random.Random(seed)
        while g.decision is not None and len(seen) < 8:
            d = g.decision
            key = f"{d.kind}/{d.context}"
            if key not in seen and len(d.options) > 1:
                seen[key] = pickle.dumps(g)
            g.step(rng.randrange(len(d.options)))
    return list(seen.values())


POSITIONS = _positions()


def _record() -> dict[str, Any]:
    g = Game.new(Config(players=4, characters=True), 5)
    rng = random.Random(5)
    while g.decision is not None:
        g.step(rng.randrange(len(g.decision.options)))
    return g.record()


RECORD = _record()
RECORD_JSON = json.dumps(RECORD)

# --- strategies ----------------------------------------------------------------------------------------------------
NOTATION_CHARS = "abcdeilnoprstuwxy_.@#^ 0123456789c\u3000\uff11\u0663+-\t"
tokens = st.one_of(
    st.sampled_from(KINDS),
    st.sampled_from(["lock", "burn", "see_through", "intercept", "effect", "lao_gui", "standard.lao_gui"]),
    st.builds(lambda p, n: p + n, st.sampled_from(["c", "@", "x", "^", "#"]), st.integers(-3, 120).map(str)),
    st.text(NOTATION_CHARS, max_size=6),
)
option_texts = st.one_of(
    st.lists(tokens, max_size=6).map(" ".join),
    st.text(max_size=30),
    st.text(NOTATION_CHARS, max_size=40),
)
hostile_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(-2, 90),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.binary(max_size=4),
)
hostile_values = st.recursive(
    hostile_scalars, lambda inner: st.lists(inner, max_size=3) | st.tuples(inner), max_leaves=5
)
field_names = st.sampled_from(["kind", "card", "use", "target", "ref", "name", "bogus", ""])
option_dicts = st.one_of(
    st.dictionaries(field_names, st.one_of(hostile_values, st.sampled_from(KINDS)), max_size=6),
    st.fixed_dictionaries(  # well-formed more often than not: the round trip is exercised
        {"kind": st.sampled_from(KINDS)},
        optional={
            "card": st.integers(-3, 90),
            "target": st.integers(-3, 9),
            "ref": st.integers(-3, 90),
            "use": st.sampled_from(["lock", "burn", "see_through", "", "LOCK", "lock\u3000"]),
            "name": st.sampled_from(["lao_gui", "standard.lao_gui", "effect", "", "x y", "c12", "cw", "x3"]),
        },
    ),
)
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**66), 2**66), st.floats(allow_nan=False), st.text(max_size=8)),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


class _Str(str):
    """A ``str`` subclass: equal to the plain string, not of its type."""


def _twins(v: int) -> list[Any]:
    """Values equal to the int ``v`` but not of type ``int``."""
    out: list[Any] = [float(v)]
    if v in (0, 1):
        out.append(bool(v))
    return out


# --- helpers -------------------------------------------------------------------------------------------------------
def _answer(position: bytes, answer: Any, seat: Any = None) -> Game | None:
    """Give ``answer`` at ``position``: the game after a legal answer, or None after an ``IllegalAction`` (the
    state checked unchanged). Any other exception fails the test."""
    g: Game = pickle.loads(position)
    before = pickle.dumps(g)
    d = g.decision
    assert d is not None
    try:
        g.act(answer, seat=seat)
    except IllegalAction as exc:
        assert pickle.dumps(g) == before, "an IllegalAction changed the state"
        assert "\n" not in str(exc)
        return None
    applied = g.history[-1][1]
    assert any(applied is o for o in d.options), "act applied an object that is not one of the engine's options"
    assert well_typed(applied)
    return g


# --- properties ----------------------------------------------------------------------------------------------------
@_settings("strings")
@given(text=option_texts, where=st.integers(0, 100))
def test_an_option_string_parses_round_trip_or_is_illegal(text: str, where: int) -> None:
    try:
        o = parse_option(text)
    except IllegalAction:
        o = None
    if o is not None:
        assert text.isascii() and well_typed(o) and parse_option(str(o)) == o
    g = _answer(POSITIONS[where % len(POSITIONS)], text)
    if g is not None:
        assert o is not None and g.history[-1][1] == o


@_settings("dicts")
@given(d=option_dicts, where=st.integers(0, 100))
def test_an_option_dict_is_an_option_or_illegal(d: dict[str, Any], where: int) -> None:
    try:
        o = Option.from_dict(d)
    except IllegalAction:
        o = None
    if o is not None:
        assert well_typed(o) and Option.from_dict(o.to_dict()) == o
        assert parse_option(str(o)) == o  # the dict and the notation say the same options
    g = _answer(POSITIONS[where % len(POSITIONS)], d)
    if g is not None:
        assert o is not None and g.history[-1][1] == o


@_settings("options")
@given(data=st.data(), where=st.integers(0, 100), field=st.integers(0, 5), value=hostile_values)
def test_an_option_object_with_any_field_is_applied_as_the_engines_own_or_refused(
    data: st.DataObject, where: int, field: int, value: Any
) -> None:
    position = POSITIONS[where % len(POSITIONS)]
    legal = pickle.loads(position).decision.options
    base = data.draw(st.sampled_from(legal))
    mode = data.draw(st.sampled_from(["twin", "hostile", "arbitrary"]))
    fields = list(base)
    if mode == "twin":  # equal to the legal option, field types wrong: 3.0 or True for 3 or 1, a str subclass
        v = fields[field]
        fields[field] = _Str(v) if isinstance(v, str) else data.draw(st.sampled_from(_twins(v)))
        option = Option(*fields)
        assert option == base
    elif mode == "hostile":
        fields[field] = value
        option = Option(*fields)  # a legal option with one field made hostile (None, a list, a huge int …)
    else:
        option = data.draw(st.builds(Option, hostile_values, hostile_values, hostile_values, hostile_values))
    g = _answer(position, option)
    if g is not None:
        assert well_typed(option) and g.history[-1][1] == option


@_settings("seats")
@given(seat=st.one_of(hostile_values, st.integers(-10, 10)), where=st.integers(0, 100))
def test_a_seat_is_an_int_of_the_game_or_illegal(seat: Any, where: int) -> None:
    position = POSITIONS[where % len(POSITIONS)]
    g0: Game = pickle.loads(position)
    d = g0.decision
    assert d is not None
    valid_viewer = seat is None or (type(seat) is int and 0 <= seat < g0.n)
    try:
        v = g0.view(seat)
        assert valid_viewer and v["seat"] == seat
    except IllegalAction:
        assert not valid_viewer
    g = _answer(position, d.options[0], seat=seat)
    assert (g is not None) == (seat is None or (type(seat) is int and seat == d.seat))


@_settings("records")
@given(data=st.data())
def test_a_tampered_record_replays_or_is_a_record_or_replay_error(data: st.DataObject) -> None:
    rec = json.loads(RECORD_JSON)
    how = data.draw(st.sampled_from(["value", "delete", "decision", "whole"]))
    if how == "whole":
        rec = data.draw(json_values)
    elif how == "decision":
        i = data.draw(st.integers(0, len(rec["decisions"]) - 1))
        rec["decisions"][i] = data.draw(
            st.one_of(
                st.tuples(st.integers(-1, 5), option_texts).map(list),
                st.lists(json_values, max_size=3),
                json_values,
            )
        )
    else:
        node: Any = rec
        path: list[Any] = []
        while isinstance(node, dict | list) and node and data.draw(st.booleans()):
            key = data.draw(st.sampled_from(list(node) if isinstance(node, dict) else list(range(len(node)))))
            path.append(key)
            node = node[key]
        if path:
            parent: Any = rec
            for key in path[:-1]:
                parent = parent[key]
            if how == "delete":
                del parent[path[-1]]
            else:
                parent[path[-1]] = data.draw(json_values)
    frozen = copy.deepcopy(rec)
    try:
        g = replay(rec)
    except ReplayError as exc:  # RecordError is a ReplayError
        assert "\n" not in str(exc) and len(str(exc)) < 3000
        g = None
    assert rec == frozen, "replay changed the record it was given"
    if g is not None:
        assert g.history == [(s, parse_option(o)) for s, o in rec["decisions"]]
