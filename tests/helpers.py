"""Helpers shared by the test files: building scenarios, reading the event log and the options on offer, driving a
scripted game, loading ``scripts/fuzz.py``, and a few test-only rules.

A test file imports what it needs from here; it keeps a one-line local wrapper only where its defaults differ (its
player count, identities, auto-pass), and its own helpers where they are specific to it.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from fengsheng.config import Config
from fengsheng.core.events import Event
from fengsheng.editions import get_edition
from fengsheng.flow.window import Window
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.rules.victory import BystanderMission
from fengsheng.scenario import Scenario
from fengsheng.testing import Script

ROOT = Path(__file__).parents[1]

# The standard edition's tables, which most rule tests are about.
STANDARD = get_edition("standard")
STANDARD_DECK = STANDARD.deck
CARD_TYPE = STANDARD.card_type
CARD_COLOUR = STANDARD.card_colour
IS_BLACK = STANDARD.is_black
HANDLERS = STANDARD.handlers
CHARACTERS = STANDARD.characters()
DISTRIBUTION = STANDARD.distribution
OPTIONAL_DISTRIBUTION = STANDARD.optional_distribution


def pool(name: str = "base") -> list[str]:
    """The standard edition's character pool ``name`` (full ids)."""
    return STANDARD.pool(name)


# The default identities by seat, cut to the player count: ug, mi, by, ug, mi, by …
IDENTITY_CYCLE = ("ug", "mi", "by") * 3
# Identities by player count (four to six seats) of the card, passing and method tests.
TABLES = {
    4: ["ug", "mi", "by", "by"],
    5: ["ug", "mi", "ug", "mi", "by"],
    6: ["ug", "mi", "ug", "mi", "by", "by"],
}

R = TypeVar("R", bound=Rule)


# ----------------------------------------------------------------------------------------------------------------
# Building a scenario
# ----------------------------------------------------------------------------------------------------------------
def build(
    players: int = 4,
    identities: Sequence[str] | None = None,
    *,
    auto_pass: bool = True,
    sexes: tuple[str, ...] = (),
    **kw: Any,
) -> Game:
    """A built :class:`Scenario` of ``players`` seats.

    ``identities`` default to :data:`IDENTITY_CYCLE` cut to the player count; ``sexes`` are the players' own sexes
    (``Config.player_sexes``); ``kw`` goes to the Scenario (``current``, ``at``, ``hands`` …), where a ``config``
    replaces the one made from ``auto_pass`` and ``sexes``.
    """
    ids = list(identities) if identities else list(IDENTITY_CYCLE[:players])
    kw.setdefault("config", Config(players=players, auto_pass=auto_pass, player_sexes=sexes))
    return Scenario(players=players, identities=ids, **kw).build()


def build_asked(players: int = 4, identities: Sequence[str] | None = None, **kw: Any) -> Game:
    """:func:`build` without auto-pass: every seat is asked in every window."""
    return build(players, identities, auto_pass=False, **kw)


def build_table(players: int = 5, identities: Sequence[str] | None = None, **kw: Any) -> Game:
    """:func:`build` with the identities of :data:`TABLES` by default (five seats: ug, mi, ug, mi, by)."""
    return build(players, identities or TABLES[players], **kw)


def add_rules(g: Game, *rules: Rule) -> None:
    """Register test-only rules on a built game (``add_rule`` re-derives the pending decision)."""
    for r in rules:
        g.add_rule(r)


def rule_of(g: Game, cls: type[R], seat: int) -> R:
    """The rule of class ``cls`` that ``seat`` owns (a character's mission, say)."""
    return next(r for r in g.rules if isinstance(r, cls) and r.owner == seat)


# ----------------------------------------------------------------------------------------------------------------
# The event log
# ----------------------------------------------------------------------------------------------------------------
def kinds(g: Game, start: int = 0) -> list[str]:
    """The kinds of the events logged from index ``start`` on."""
    return [e.kind for e in g.events[start:]]


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    """Every event of ``kind``, in full (``kind`` included)."""
    return [e.full() for e in g.events if e.kind == kind]


def arrivals(g: Game) -> list[int]:
    """The seats the intelligence in transit reached, in order."""
    return [e["seat"] for e in events(g, "arrive")]


def obtained(g: Game) -> list[tuple[int, str]]:
    """``(seat, how)`` for every intelligence obtained."""
    return [(e["seat"], e["how"]) for e in events(g, "obtain")]


def skill_events(g: Game, skill: str) -> list[dict[str, Any]]:
    """Every use of the skill with id ``skill`` (``C-…``), in full."""
    return [e.full() for e in g.events if e.kind == "skill" and e.data["skill"] == skill]


# ----------------------------------------------------------------------------------------------------------------
# The options on offer
# ----------------------------------------------------------------------------------------------------------------
def opts(g: Game) -> list[str]:
    """The options of the pending decision, in notation (the game must not be over)."""
    d = g.decision
    assert d is not None, g.result
    return [str(o) for o in d.options]


def window(g: Game) -> Window:
    """The innermost open window."""
    return next(f for f in reversed(g.frames) if isinstance(f, Window))


def seat_opts(g: Game, seat: int) -> list[str]:
    """What ``seat`` could do holding priority in the current window (whoever is asked now), in notation."""
    return [str(o) for o in g.priority_options(seat, window(g))]


def uses_offered(g: Game, seat: int) -> set[str]:
    """The card types ``seat`` could play if it held priority in the current window."""
    return {o.use for o in g.priority_options(seat, window(g)) if o.kind == "play"}


def lure_targets(g: Game, seat: int) -> set[int]:
    """The seats ``seat`` could target with 调虎离山 in the current window."""
    return {o.target for o in g.priority_options(seat, window(g)) if o.use == "lure_away"}


# ----------------------------------------------------------------------------------------------------------------
# Driving a game
# ----------------------------------------------------------------------------------------------------------------
def passes(s: Script, *seats: int) -> None:
    """Each of ``seats`` passes, in order."""
    s.do(*(f"{x}: pass" for x in seats))


def take(s: Script, receiver: int) -> None:
    """Pass every window and decline until ``receiver`` accepts the card in transit."""
    g = s.g
    start = len(g.events)
    while not any(e.kind == "obtain" for e in g.events[start:]):
        d = g.decision
        assert d is not None, g.result
        if d.kind == "priority":
            s.do(f"{d.seat}: pass")
        else:
            assert d.kind == "receive", d
            s.do(f"{d.seat}: " + ("accept" if d.seat == receiver else "decline"))


def play(g: Game, choice_seed: int, stop: int | None = None) -> Game:
    """Answer decisions with random legal options (seeded by ``choice_seed``) until the game ends, or ``stop``
    decisions were made."""
    rng = random.Random(choice_seed)
    n = 0
    while g.decision is not None and (stop is None or n < stop):
        g.step(rng.randrange(len(g.decision.options)))
        n += 1
    return g


def load_fuzz() -> Any:
    """``scripts/fuzz.py`` as a module (loaded once)."""
    name = "fengsheng_fuzz_script"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "fuzz.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


# ----------------------------------------------------------------------------------------------------------------
# Test-only rules
# ----------------------------------------------------------------------------------------------------------------
class TwoIntel(BystanderMission):
    """A test mission: hold two or more intelligence."""

    def mission_met(self, g: Game) -> bool:
        return len(g.seats[self.owner].intel) >= 2


class AnyTurnLock(Rule):
    """Stand-in for 柒佰's 敏锐: the owner may use 锁定 in other players' turns (S-PRIO-1)."""

    def permits(self, g: Game, seat: int, use: str, win: Window) -> bool:
        return seat == self.owner and use == "lock"


class Clockwise(Rule):
    """Stand-in for a direction skill (千面女郎's 逢缘, S-METH-6, A-75): the owner's 密电/文本 passes go clockwise."""

    listens: ClassVar[tuple[str, ...]] = ("send",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return bool(data["seat"] == self.owner and data["method"] != "direct")

    def fire(self, g: Game, kind: str, data: Event) -> None:
        assert g.passing is not None
        g.passing.direction = -1
