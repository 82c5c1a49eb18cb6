"""Errors: every illegal or malformed answer raises ``IllegalAction`` (a ``ValueError``) whose message names the
seat, the decision and the options on offer, and leaves the state exactly as it was: the game then continues exactly
as if the bad answer had never been given."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.core.options import (
    ACCEPT,
    DECLARE,
    DECLINE,
    DISCARD,
    PASS,
    PICK,
    PLAY,
    SEND,
    Decision,
    Option,
    parse_option,
)
from fengsheng.errors import FengshengError, IllegalAction
from fengsheng.game import Game
from tests.helpers import STANDARD_DECK

# Malformed notation: parse_option itself refuses it.
GARBAGE = [
    "",
    "   ",
    "hello",
    "PASS",
    "pass!",
    "play c-1 lock",
    "play c1 lock @x",
    "play c1 lock @-2",
    "send c1 ^^3",
    "@3",
    "c12",
    "declare now please",
    "烧毁",
    "play c1 lock @2 extra words",
    "pick #",
    "pick #-1",
    "\x00",
    "play c1 c2 lock",  # a repeated field is ambiguous, not "the last one wins"
    "send c1 @2 @3",
    "play c40 see_through x7",  # 识破 names a stack uid (^), not a card (x)
    "play c12 burn @3 #45",
    "pick x2",
    "play cX lock",  # words are lower-case ASCII
    "play c0074 lock",  # numbers are plain decimal: no leading zero, no sign, no "_", ASCII digits only
    "play c1 lock @+1",
    "play c1 lock @0_1",
    "play c\uff11 lock",  # a full-width digit
    "play c\u0663 lock",  # an Arabic-Indic digit
    "pass\u3000",  # an ideographic space
    "pass\t",
    "play c1 lock @1234567890",
    "pass " + "x" * 200,
]
# Well-formed notation for options that exist nowhere: refused by act() as not on offer.
NONSENSE = ["play c", "play cx lock", "pass c3", "accept @2", "send c99", "play c3 fly_away @1", "choose nobody"]
WRONG_TYPES: list[Any] = [
    3,
    -1,
    3.5,
    None,
    True,
    ["pass"],
    ("pass",),
    ("pass", -1, "", -1, -1, ""),  # a plain tuple equal to Option("pass") is still not an Option
    {"pass"},
    b"pass",
    {},
    {"card": 3},
    {"kind": 5},
    {"kind": None},
    {"kind": "pass", "card": "abc"},
    {"kind": "pass", "card": None},
    {"kind": "pass", "target": [1]},
    {"kind": "nonsense"},
    {"kind": "send", "card": 3.7},  # not coerced to card 3
    {"kind": "send", "card": True},
    {"kind": "send", "card": "3"},
    {"kind": "pass", "bogus": 1},  # unknown keys are refused, not ignored
    {"kind": "pass", "target": None},
    object(),
]


def not_offered(d: Decision, g: Game) -> list[Option]:
    """Well-formed options that are not on offer now."""
    cands = [
        Option(PASS),
        Option(DECLARE),
        Option(ACCEPT),
        Option(DECLINE),
        Option(PICK, ref=99),
        Option(PICK, ref=0),
        Option("choose", name="lao_gui"),
        Option("skill", use="nobody.nothing"),
        Option("respond", name="effect"),
    ]
    for c in range(0, len(STANDARD_DECK), 7):
        cands += [
            Option(SEND, card=c),
            Option(SEND, card=c, target=(d.seat + 1) % g.n),
            Option(DISCARD, card=c),
            Option(PLAY, card=c, use=STANDARD_DECK[c].type, target=(d.seat + 1) % g.n),
            Option(PLAY, card=c, use=STANDARD_DECK[c].type),
        ]
    for o in d.options:  # near misses of legal options
        cands += [o._replace(target=o.target + 1), o._replace(card=(o.card + 1) % 81), o._replace(ref=o.ref + 50)]
        cands.append(o._replace(use="burn" if o.use != "burn" else "lock"))
    return [o for o in cands if o not in d.options]


def assert_names_decision(exc: IllegalAction, d: Decision) -> None:
    msg = str(exc)
    assert f"seat {d.seat}" in msg, msg
    assert d.kind in msg, msg
    assert str(d.options[0]) in msg, msg


def bad_answers(g: Game, rng: random.Random) -> list[tuple[str, Callable[[], None]]]:
    d = g.decision
    assert d is not None
    good = d.options[rng.randrange(len(d.options))]
    others = [s for s in range(g.n) if s != d.seat] + [-1, g.n, 99]
    wrong: list[tuple[str, Callable[[], None]]] = []
    for s in rng.sample(others, 2):
        wrong.append((f"wrong seat {s}", lambda s=s: g.act(good, seat=s)))
        wrong.append((f"wrong seat {s} (str)", lambda s=s: g.act(str(good), seat=s)))
    for o in rng.sample(no := not_offered(d, g), min(6, len(no))):
        wrong.append((f"not offered {o}", lambda o=o: g.act(o)))
        wrong.append((f"not offered {o} (str)", lambda o=o: g.act(str(o))))
        wrong.append((f"not offered {o} (dict)", lambda o=o: g.act(o.to_dict())))
    for text in rng.sample(GARBAGE, 4) + rng.sample(NONSENSE, 2):
        wrong.append((f"garbage {text!r}", lambda text=text: g.act(text)))
    for value in rng.sample(WRONG_TYPES, 6):
        wrong.append((f"wrong type {value!r}", lambda value=value: g.act(value)))
    for i in (len(d.options), -1, -len(d.options), 10**9):
        wrong.append((f"step({i})", lambda i=i: g.step(i)))
    for i in ("0", 0.0, None, [0]):
        wrong.append((f"step({i!r})", lambda i=i: g.step(i)))  # type: ignore[arg-type]
    return wrong


def test_bad_answers_raise_and_change_nothing() -> None:
    """At many decision points of random games: every kind of wrong answer, then the game goes on identically."""
    kinds_seen: set[str] = set()
    for i, config in enumerate([Config(players=p, auto_pass=p % 2 == 0) for p in range(3, 10)]):
        seed = 500 + i
        rng = random.Random(seed)
        bad_rng = random.Random(-seed)
        probed = Game.new(config, seed)
        clean = Game.new(config, seed)
        n = 0
        while probed.decision is not None:
            d = probed.decision
            if n % 3 == 0:
                kinds_seen.add(d.kind)
                before = pickle.dumps(probed)
                events, history = len(probed.events), list(probed.history)
                for what, call in bad_answers(probed, bad_rng):
                    with pytest.raises(IllegalAction) as info:
                        call()
                    assert isinstance(info.value, ValueError) and isinstance(info.value, FengshengError)
                    assert_names_decision(info.value, d)
                    assert probed.decision == d, what
                    assert len(probed.events) == events and probed.history == history, what
                after = pickle.dumps(probed)
                assert after == before, f"state changed by a bad answer at decision {n}"
            k = rng.randrange(len(d.options))
            probed.step(k)
            clean.step(k)
            n += 1
        assert probed.events == clean.events
        assert probed.result == clean.result and probed.history == clean.history
    assert {"priority", "send", "receive"} <= kinds_seen


def test_answers_after_the_end() -> None:
    g = Game.new(Config(players=4), 8)
    rng = random.Random(8)
    while g.decision is not None:
        g.step(rng.randrange(len(g.decision.options)))
    before = pickle.dumps(g)
    for call in (
        lambda: g.act("pass"),
        lambda: g.act(Option(PASS)),
        lambda: g.act({"kind": "pass"}),
        lambda: g.act("pass", seat=0),
        lambda: g.act(None),  # type: ignore[arg-type]
        lambda: g.step(0),
        lambda: g.step(-1),
    ):
        with pytest.raises(IllegalAction, match="over"):
            call()
    assert pickle.dumps(g) == before


def test_message_lists_the_options() -> None:
    g = Game.new(Config(players=5), 1)
    d = g.decision
    assert d is not None
    with pytest.raises(IllegalAction) as info:
        g.act("nonsense")
    msg = str(info.value)
    assert f"seat {d.seat}" in msg and d.kind in msg and d.context in msg
    for o in d.options[:40]:
        assert str(o) in msg
    with pytest.raises(IllegalAction, match=f"seat {(d.seat + 1) % 5} may not answer"):
        g.act(d.options[0], seat=(d.seat + 1) % 5)


@pytest.mark.parametrize("text", GARBAGE)
def test_parse_option_rejects_garbage(text: str) -> None:
    with pytest.raises(IllegalAction):
        parse_option(text)


@pytest.mark.parametrize("value", WRONG_TYPES)
def test_parse_option_and_from_dict_reject_wrong_types(value: Any) -> None:
    with pytest.raises(IllegalAction):
        parse_option(value)
    if value != {"kind": "nonsense"}:
        with pytest.raises(IllegalAction):
            Option.from_dict(value)


@pytest.mark.parametrize("text", NONSENSE)
def test_wellformed_nonsense_is_refused_by_act(text: str) -> None:
    g = Game.new(Config(players=5), 2)
    before = pickle.dumps(g)
    with pytest.raises(IllegalAction, match="not a legal option"):
        g.act(text)
    assert pickle.dumps(g) == before
