"""The scenario builder: a game set up at the start of any phase or passing step, for tests and puzzles.

Cards are named in the card-spec notation of :mod:`fengsheng.core.cards` (``R:lock``, ``K:probe:mi:draw`` …) or
by id (an ``int``). Each spec takes a distinct physical card, the first free one in id order that matches. Cards
not placed anywhere go to the bottom of the deck in a seeded random order (or to the discard pile with
``rest="discard"``, or out of the game with ``rest="aside"``: a short deck, or an empty deck and discard pile);
``aside`` sets named cards aside. Every card of the edition is always accounted for.

:func:`start_at` builds the frame stack for a phase of the turn plan or a passing step; ``at`` names it.

Example::

    g = Scenario(
        players=5,
        identities=["ug", "mi", "ug", "mi", "by"],
        current=0,
        hands={0: ["R:lock", "K:burn"], 2: ["K:intercept"]},
        intel={1: ["K:burn", "K:lock"]},
        deck=["B:decode"],                  # top first
        characters={2: "lao_gui"},          # optional; face_up={2: True} to override the hidden/public default
        at="play",                          # start, draw, play, pass, end, step1, step2, step3
        transit=None,                       # for step1/2/3: {"card": "K:lock", "method": "secret", ...}
        config=Config(players=5, auto_pass=True),
    ).build()

The scenario is plain data (``to_dict``/``from_dict``) so a record of a game started from a scenario replays.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, fields
from typing import Any

from fengsheng.config import Config
from fengsheng.core.cards import (
    BYSTANDER,
    IDENTITIES,
    METHODS,
    MILITARY_INTEL,
    TEXT,
    UNDERGROUND,
    CardSpecError,
    parse_spec,
)
from fengsheng.core.events import Drew, SetUp, TurnStarted
from fengsheng.core.options import quote
from fengsheng.core.state import PH_PASS, PH_PLAY, PH_START, W_STEP1, W_STEP2, Passing
from fengsheng.errors import ScenarioError
from fengsheng.flow.passing import PassFrame
from fengsheng.flow.setup import assign_characters, assign_identities
from fengsheng.flow.turn import Turn, TurnCycle
from fengsheng.flow.window import Window
from fengsheng.game import Game

CardRef = str | int
AT_STEPS = ("step1", "step2", "step3")
RESTS = ("deck", "discard", "aside")
_IDENTITY_CODES = {"ug": UNDERGROUND, "mi": MILITARY_INTEL, "by": BYSTANDER}
TRANSIT_KEYS = ("card", "method", "sender", "holder", "target", "direction", "back", "lured")
MAX_TURN = 10_000
_SEAT_MAPS = ("hands", "intel", "characters", "face_up")
_SEAT_KEY = re.compile(r"0|[1-9][0-9]?")


@dataclass
class Scenario:
    """A description of a position. ``build()`` turns it into a :class:`~fengsheng.game.Game`."""

    players: int = 5
    identities: list[str] = field(default_factory=list)
    current: int = 0
    hands: dict[int, list[CardRef]] = field(default_factory=dict)
    intel: dict[int, list[CardRef]] = field(default_factory=dict)
    deck: list[CardRef] = field(default_factory=list)
    discard: list[CardRef] = field(default_factory=list)
    at: str = PH_PLAY
    transit: dict[str, Any] | None = None
    locks: list[int] = field(default_factory=list)
    dead: list[int] = field(default_factory=list)
    config: Config | None = None
    seed: int = 0
    rest: str = "deck"
    turn: int = 1
    characters: dict[int, str] = field(default_factory=dict)
    face_up: dict[int, bool] = field(default_factory=dict)
    aside: list[CardRef] = field(default_factory=list)

    # ------------------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "identities": list(self.identities),
            "current": self.current,
            "hands": {str(k): list(v) for k, v in self.hands.items()},
            "intel": {str(k): list(v) for k, v in self.intel.items()},
            "deck": list(self.deck),
            "discard": list(self.discard),
            "at": self.at,
            "transit": dict(self.transit) if self.transit else None,
            "locks": list(self.locks),
            "dead": list(self.dead),
            "config": (self.config or Config(players=self.players)).to_dict(),
            "seed": self.seed,
            "rest": self.rest,
            "turn": self.turn,
            "characters": {str(k): v for k, v in self.characters.items()},
            "face_up": {str(k): v for k, v in self.face_up.items()},
            "aside": list(self.aside),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Scenario:
        """The scenario ``to_dict`` wrote. Strict: an unknown key, a seat key that is not a plain decimal string
        (or an ``int``) and a config that is not an object raise :class:`ScenarioError`; ``build`` checks the rest."""
        if not isinstance(d, dict):
            raise ScenarioError(f"a scenario must be a JSON object, not {type(d).__name__}")
        unknown = [k for k in d if k not in _FIELDS]
        if unknown:
            raise ScenarioError(f"unknown scenario keys: {quote(unknown)}")
        kw = dict(d)
        for key in _SEAT_MAPS:
            if key in d:
                kw[key] = _seat_map(d[key], key)
        config = d.get("config")
        if config is not None and not isinstance(config, dict):
            raise ScenarioError(f"scenario config must be an object, not {type(config).__name__}")
        kw["config"] = Config.from_dict(config) if config else None
        return cls(**kw)

    def check(self) -> None:
        """Check every field's type and range (a scenario may come from a hostile record): ``ScenarioError``."""
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise ScenarioError(f"players must be an integer, not {quote(self.players)}")
        if self.config is not None and not isinstance(self.config, Config):
            raise ScenarioError(f"config must be a Config, not {type(self.config).__name__}")
        n = self.players
        for name in ("current", "seed", "turn"):
            if type(getattr(self, name)) is not int:
                raise ScenarioError(f"{name} must be an integer, not {quote(getattr(self, name))}")
        if not 1 <= self.turn <= MAX_TURN:
            raise ScenarioError(f"turn must be from 1 to {MAX_TURN}, not {self.turn}")
        if not -(2**63) <= self.seed < 2**64:
            raise ScenarioError(f"seed out of range: {quote(self.seed)}")
        for name in ("at", "rest"):
            if not isinstance(getattr(self, name), str):
                raise ScenarioError(f"{name} must be a string, not {quote(getattr(self, name))}")
        if not isinstance(self.identities, list) or not all(isinstance(i, str) for i in self.identities):
            raise ScenarioError(f"identities must be a list of strings, not {quote(self.identities)}")
        for name in ("deck", "discard", "aside"):
            _card_list(getattr(self, name), name)
        for name in ("hands", "intel"):
            cards = getattr(self, name)
            if not isinstance(cards, dict):
                raise ScenarioError(f"{name} must map seats to cards, not {quote(cards)}")
            for seat, refs in cards.items():
                _seat(seat, n, name)
                _card_list(refs, f"{name} of seat {seat}")
        for seat, ch in _items(self.characters, "characters"):
            _seat(seat, n, "characters")
            if not isinstance(ch, str):
                raise ScenarioError(f"characters: seat {seat} needs a character id, not {quote(ch)}")
        for seat, up in _items(self.face_up, "face_up"):
            _seat(seat, n, "face_up")
            if type(up) is not bool:
                raise ScenarioError(f"face_up: seat {seat} needs true or false, not {quote(up)}")
        for name in ("locks", "dead"):
            seats = getattr(self, name)
            if not isinstance(seats, list):
                raise ScenarioError(f"{name} must be a list of seats, not {quote(seats)}")
            for seat in seats:
                _seat(seat, n, name)
            if len(set(seats)) != len(seats):
                raise ScenarioError(f"{name} lists a seat twice: {quote(seats)}")
        if len(self.dead) >= n:
            raise ScenarioError("at least one seat must be alive")
        if self.transit is not None:
            self._check_transit(n)

    def _check_transit(self, n: int) -> None:
        t = self.transit
        if not isinstance(t, dict):
            raise ScenarioError(f"transit must be an object, not {quote(t)}")
        unknown = [k for k in t if k not in TRANSIT_KEYS]
        if unknown or "card" not in t:
            raise ScenarioError(
                f"transit needs 'card' and may have {', '.join(TRANSIT_KEYS[1:])}; got {quote(list(t))}"
            )
        _card_list([t["card"]], "transit")
        for key in ("sender", "holder"):
            if key in t:
                _seat(t[key], n, f"transit {key}")
        if "target" in t and t["target"] != -1:
            _seat(t["target"], n, "transit target")
        if "direction" in t and (type(t["direction"]) is not int or t["direction"] not in (1, -1)):
            raise ScenarioError(f"transit direction must be 1 or -1, not {quote(t['direction'])}")
        if "back" in t and type(t["back"]) is not bool:
            raise ScenarioError(f"transit back must be true or false, not {quote(t['back'])}")
        if t.get("method") is not None and t["method"] not in METHODS:
            raise ScenarioError(f"transit method must be one of {', '.join(METHODS)}, not {quote(t['method'])}")
        lured = t.get("lured", [])
        if not isinstance(lured, list):
            raise ScenarioError(f"transit lured must be a list of seats, not {quote(lured)}")
        for seat in lured:
            _seat(seat, n, "transit lured")

    # ------------------------------------------------------------------------------------------------------
    def build(self) -> Game:
        """Build the game and run it to its first decision (after :meth:`check`)."""
        self.check()
        config = self.config or Config(players=self.players)
        if config.players != self.players:
            raise ScenarioError(f"config has {config.players} players but the scenario {self.players}")
        n = self.players
        if not 0 <= self.current < n:
            raise ScenarioError(f"current player {self.current} is not a seat of a {n}-player game")
        g = Game(config, self.seed)
        phases = g.edition.turn_plan
        if self.at not in phases and self.at not in AT_STEPS:
            raise ScenarioError(f"'at' must be one of {[*phases, *AT_STEPS]}, not {quote(self.at)}")
        g.scenario = self.to_dict()
        deck = g.edition.deck
        free = list(range(len(deck)))

        def take(ref: CardRef, where: str) -> int:
            if isinstance(ref, int):
                if ref not in free:
                    raise ScenarioError(f"{where}: card {ref} is not free (used twice, or not a card id)")
                free.remove(ref)
                return ref
            try:
                spec = parse_spec(ref, deck)
            except CardSpecError as exc:
                raise ScenarioError(f"{where}: {exc}") from None
            for c in free:
                if spec.matches(deck[c]):
                    free.remove(c)
                    return c
            raise ScenarioError(f"{where}: no free card left matching {ref!r}")

        # identities
        idents = [_IDENTITY_CODES.get(i, i) for i in self.identities] if self.identities else config.identity_pool()
        if len(idents) != n or any(i not in IDENTITIES for i in idents):
            raise ScenarioError(f"identities must list {n} of {IDENTITIES} (or ug/mi/by), got {quote(self.identities)}")
        g.emit(SetUp(n, list(config.distribution), config.edition, config.character_texts, scenario=True))
        if self.characters:
            unknown = [c for c in self.characters.values() if g.edition.character_id(c) not in g.characters]
            if unknown:
                raise ScenarioError(f"unknown characters {quote(unknown)}")
            assign_characters(g, dict(self.characters), dict(self.face_up))
        assign_identities(g, idents)
        # zones
        for s, cards in self.hands.items():
            g.seats[s].hand = [take(c, f"hand of seat {s}") for c in cards]
        for s, cards in self.intel.items():
            g.seats[s].intel = [take(c, f"intelligence of seat {s}") for c in cards]
            for c in g.seats[s].intel:
                g.intel_source[c] = -1
        top = [take(c, "deck") for c in self.deck]
        g.discard = [take(c, "discard pile") for c in self.discard]
        g.aside = [take(c, "set aside") for c in self.aside]
        transit_card = -1
        if self.transit is not None:
            if self.at not in AT_STEPS:
                raise ScenarioError("a card in transit needs at='step1', 'step2' or 'step3'")
            transit_card = take(self.transit["card"], "transit")
        elif self.at in AT_STEPS:
            raise ScenarioError(f"at={quote(self.at)} needs a 'transit' card")
        rng = random.Random(self.seed)
        rng.shuffle(free)
        if self.rest == "deck":
            g.deck = free + list(reversed(top))  # the end of the list is the top of the deck
        elif self.rest == "discard":
            g.deck = list(reversed(top))
            g.discard.extend(free)
        elif self.rest == "aside":  # a short deck, or an empty deck and discard pile (S-TURN-5, S-TURN-6)
            g.deck = list(reversed(top))
            g.aside.extend(free)
        else:
            raise ScenarioError(f"rest must be one of {', '.join(RESTS)}, not {quote(self.rest)}")
        for s in self.dead:
            seat = g.seats[s]
            if seat.hand or seat.intel:
                raise ScenarioError(f"dead seat {s} cannot hold cards")
            seat.alive = False
            seat.identity_revealed = True
            g.in_game_count -= 1
            g.death_order.append(s)  # ``dead`` lists the earlier deaths in the order they happened
            g.killers.append(-1)  # by nobody known
        g.refresh_order()
        for st in g.seats:
            g.emit(Drew(st.index, len(st.hand), list(st.hand), (st.index,)))
        # where the game starts
        g.current = self.current
        g.turn = self.turn
        g.locks = list(self.locks)
        passing = None
        if self.at in AT_STEPS:
            t = self.transit or {}
            method = t.get("method") or deck[transit_card].method
            sender = int(t.get("sender", self.current))
            target = int(t.get("target", -1))
            passing = Passing(transit_card, sender, method, target, method == TEXT)
            passing.holder = int(t.get("holder", sender))
            passing.direction = int(t.get("direction", 1))
            passing.back = bool(t.get("back", False))
            passing.lured = list(t.get("lured", []))
        start_at(g, self.at, passing)
        g.refresh_declarable()  # the position may already meet a victory condition
        g._advance()
        return g


def _items(mapping: object, name: str) -> list[tuple[Any, Any]]:
    if not isinstance(mapping, dict):
        raise ScenarioError(f"{name} must map seats to values, not {quote(mapping)}")
    return list(mapping.items())


def _seat(seat: object, n: int, where: str) -> int:
    """A seat number of an ``n``-player game (an ``int``, not a ``bool``), else ``ScenarioError``."""
    if type(seat) is not int or not 0 <= seat < n:
        raise ScenarioError(f"{where}: {quote(seat)} is not a seat of a {n}-player game")
    return seat


def _seat_map(mapping: object, name: str) -> dict[int, Any]:
    """A JSON object keyed by seat (``"3"``) as a dict keyed by ``int``; keys are plain ASCII decimals."""
    if not isinstance(mapping, dict):
        raise ScenarioError(f"{name} must map seats to values, not {quote(mapping)}")
    out: dict[int, Any] = {}
    for key, value in mapping.items():
        if type(key) is int:
            out[key] = value
        elif isinstance(key, str) and _SEAT_KEY.fullmatch(key):
            out[int(key)] = value
        else:
            raise ScenarioError(f"{name}: {quote(key)} is not a seat number")
    return out


def _card_list(refs: object, where: str) -> None:
    """A list of card references: card ids (``int``, not ``bool``) or card specs (``str``, at most 40 characters)."""
    if not isinstance(refs, list):
        raise ScenarioError(f"{where} must be a list of cards, not {quote(refs)}")
    for ref in refs:
        if not (type(ref) is int or (isinstance(ref, str) and len(ref) <= 40)):
            raise ScenarioError(f"{where}: {quote(ref)} is not a card id or a card spec")


def start_at(g: Game, at: str, passing: Passing | None = None) -> None:
    """Build the frame stack of a game about to run phase ``at`` of the current player's turn (a phase of the
    edition's turn plan), or passing step ``step1``/``step2``/``step3`` of ``passing`` in his pass phase. The
    turn has started already unless ``at`` is the start phase (which counts the turn itself)."""
    g.frames.append(TurnCycle(-1))
    seat = g.current
    if at == PH_START:
        g.turn -= 1
        g.frames.append(Turn.at(seat, PH_START))
        return
    g.emit(TurnStarted(seat, g.turn))
    if at not in AT_STEPS:
        g.phase = at
        g.frames.append(Turn.at(seat, at))
        return
    if passing is None:
        raise ScenarioError(f"at={at!r} needs the intelligence in transit")
    g.phase = PH_PASS
    g.passing = passing
    g.frames.append(Turn.at(seat, Turn.after(g, PH_PASS)))
    g.frames.append(PassFrame.at(at))
    if at != W_STEP1:
        passing.step = W_STEP2
        if at == W_STEP2:
            g.frames.append(Window(W_STEP2, seat))


_FIELDS = frozenset(f.name for f in fields(Scenario))
