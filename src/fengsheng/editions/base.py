"""What an edition is: everything that differs between 风声 editions, as one object a :class:`~fengsheng.game.Game`
is built from.

The machinery (frames, windows, the stack, passing, settling) is shared; an edition supplies the data and the rules
it plugs in: its deck (from data), the handler of each card type, the turn plan, the identity table and player
range, the identity victory rules, its characters with their text sets, and the rule switches on which the editions
disagree. ``Config(edition=...)`` names it; ``fengsheng.editions.get_edition`` finds it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fengsheng.cards.base import ANYONE, CURRENT
from fengsheng.core.cards import BLACK, BYSTANDER, MILITARY_INTEL, UNDERGROUND, Card
from fengsheng.core.state import PH_DRAW, PH_END, PH_PASS, PH_PLAY, PH_START, WINDOW_KINDS

if TYPE_CHECKING:
    from fengsheng.cards.base import CardHandler
    from fengsheng.characters.base import CharacterDef
    from fengsheng.rules.base import Rule


@dataclass(frozen=True)
class Switches:
    """The rules on which editions disagree, as data (the standard edition's values are the defaults)."""

    skills_answerable: bool = True
    """A skill used in a window goes on the stack and may be answered like a card (S-PRIO-13)."""
    last_standing_wins: bool = True
    """The one player left in the game wins (S-WIN-8, A-28)."""
    discard_face_up: bool = True
    """The discard pile is face up: every seat sees what goes there."""
    probe_effects: tuple[str, ...] = ("draw_2", "discard_1")
    """The effects a 试探 may carry (S-CARD-PROBE)."""
    starting_hand: int = 3
    """Cards dealt to each player at setup (S-SETUP-5)."""
    draw_count: int = 2
    """Cards drawn in the draw phase (S-TURN-4)."""
    characters_dealt: int = 2
    """Characters dealt to each player to choose one from (S-SETUP-1)."""
    fatal_black: int = 3
    """False (black) intelligence that kill (S-DEATH-1)."""
    faction_target: int = 3
    """Red/blue intelligence a faction needs (S-ID-1/2); a variant may change it."""


IDENTITIES_OWN = "own"  # each player sees only his own identity card (S-SETUP-4, Q-SETUP-2)
IDENTITIES_TEAM = "team"  # teammates see each other's (3V3, Q-MODE-2)
IDENTITIES_PUBLIC = "public"  # every identity face up (新手場, Q-MODE-1)


@dataclass(frozen=True)
class Mode:
    """A way to play an edition (Q-MODE): the player counts it allows, its identity rows, and who sees which identity
    card. An edition without modes is played one way (the standard edition)."""

    id: str
    name: Mapping[str, str]
    distribution: Mapping[int, tuple[int, int, int]] | None = None
    """The identity rows of the mode, which fix its player counts (None: the edition's rows and range)."""
    identities: str = IDENTITIES_OWN
    alternate: bool = False
    """Seat the two factions alternately (A-82), instead of dealing the identity cards at random to the seats."""
    missions: bool = False
    """Every player needs his character's 醬油任務 to win, whatever his identity (Q-MODE-3, A-82): his mission is his
    only victory condition (the faction conditions and the last player standing do not win); characters required."""


@dataclass(frozen=True, eq=False)
class Edition:
    """One edition of the game. Immutable and shared by every game of that edition (pickled by name).

    ``characters(text_set)`` gives the character registry of one text set (id -> :class:`CharacterDef`), built on
    first use.
    """

    id: str
    name: Mapping[str, str]
    deck: tuple[Card, ...]
    handlers: Mapping[str, CardHandler]
    turn_plan: tuple[str, ...]
    distribution: Mapping[int, tuple[int, int, int]]
    optional_distribution: Mapping[int, tuple[int, int, int]]
    identity_rules: Mapping[str, type[Rule]]
    text_sets: tuple[str, ...]
    load_characters: Callable[[str], dict[str, CharacterDef]]
    switches: Switches = field(default_factory=Switches)
    variants: tuple[str, ...] = ("bystander_alliance", "four_card_victory")
    """The rule variants (``Config`` switches, S-VAR) the edition has; the identity row switch is its own."""
    modes: Mapping[str, Mode] = field(default_factory=dict)
    """The modes (``Config.mode``), the first the default; none: the edition is played one way."""
    # derived tables, one entry per card id (list indexes are the engine's hot path)
    card_type: tuple[str, ...] = field(init=False)
    card_colour: tuple[str, ...] = field(init=False)
    is_black: tuple[bool, ...] = field(init=False)
    card_method: tuple[str, ...] = field(init=False)
    window_types: Mapping[str, frozenset[str]] = field(init=False)
    window_cards: Mapping[str, frozenset[int]] = field(init=False)
    """Window kind -> the card ids whose own type may be used in it (a seat without conversions holds nothing usable
    there when its hand is disjoint from this set: the rule index's fast path)."""
    role_cards: Mapping[str, tuple[tuple[frozenset[int], frozenset[int]], tuple[frozenset[int], frozenset[int]]]] = (
        field(init=False)
    )
    """``role_cards[kind][is_current][stack]``: the part of ``window_cards[kind]`` that a seat which is (not) the current
    player may use by the card's own text, with the window's stack empty or not (``CardHandler.users``,
    ``needs_stack``): the rule index's fast path where no rule gives permissions."""
    role_types: Mapping[str, tuple[tuple[frozenset[str], frozenset[str]], tuple[frozenset[str], frozenset[str]]]] = (
        field(init=False)
    )
    """``role_types[kind][is_current][stack]``: the same split of ``window_types[kind]``, by use (a conversion whose
    ``Rule.converts_to`` meets none of them adds nothing usable there)."""
    next_phase: Mapping[str, str] = field(init=False)
    """Each phase of the turn plan -> the phase after it (the last has none)."""
    _characters: dict[str, dict[str, CharacterDef]] = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "card_type", tuple(c.type for c in self.deck))
        setattr_(self, "card_colour", tuple(c.colour for c in self.deck))
        setattr_(self, "is_black", tuple(c.colour == BLACK for c in self.deck))
        setattr_(self, "card_method", tuple(c.method for c in self.deck))
        setattr_(
            self,
            "window_types",
            {k: frozenset(t for t, h in self.handlers.items() if k in h.windows) for k in WINDOW_KINDS},
        )
        setattr_(
            self,
            "window_cards",
            {k: frozenset(i for i, t in enumerate(self.card_type) if t in ts) for k, ts in self.window_types.items()},
        )
        setattr_(self, "role_cards", {k: self._roles(cards) for k, cards in self.window_cards.items()})
        setattr_(self, "role_types", {k: self._role_types(ts) for k, ts in self.window_types.items()})
        setattr_(self, "next_phase", dict(zip(self.turn_plan, self.turn_plan[1:], strict=False)))
        unknown = sorted({c.type for c in self.deck} - set(self.handlers))
        if unknown:
            raise RuntimeError(f"edition {self.id}: no handler for card types {unknown}")

    def _may_use(self, use: str, current: bool, stack: bool) -> bool:
        """Whether a seat that is (not) the current player may use ``use`` by its own text, with the window's stack
        empty or not (``CardHandler.users``, ``needs_stack``)."""
        h = self.handlers[use]
        return (h.users == ANYONE or (h.users == CURRENT) == current) and (stack or not h.needs_stack)

    def _roles(
        self, cards: frozenset[int]
    ) -> tuple[tuple[frozenset[int], frozenset[int]], tuple[frozenset[int], frozenset[int]]]:
        """``cards`` split as ``role_cards`` holds them: [is the current player][the stack holds a use]."""

        def usable(current: bool, stack: bool) -> frozenset[int]:
            return frozenset(c for c in cards if self._may_use(self.card_type[c], current, stack))

        return ((usable(False, False), usable(False, True)), (usable(True, False), usable(True, True)))

    def _role_types(
        self, types: frozenset[str]
    ) -> tuple[tuple[frozenset[str], frozenset[str]], tuple[frozenset[str], frozenset[str]]]:
        """``types`` split as ``role_types`` holds them."""

        def usable(current: bool, stack: bool) -> frozenset[str]:
            return frozenset(t for t in types if self._may_use(t, current, stack))

        return ((usable(False, False), usable(False, True)), (usable(True, False), usable(True, True)))

    # --- players and identities -------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[int, int]:
        """The smallest and largest player count."""
        return min(self.distribution), max(self.distribution)

    def mode(self, name: str = "") -> Mode | None:
        """The mode ``name`` (``""``: the default); None for an edition without modes. Raises ``KeyError``."""
        if not self.modes:
            if name:
                raise KeyError(f"the {self.id} edition has no modes")
            return None
        return self.modes[name] if name else next(iter(self.modes.values()))

    def identity_counts(self, players: int, optional: bool = False, mode: str = "") -> tuple[int, int, int]:
        """(underground, military_intel, bystander) for a player count (S-DIST-1, S-DIST-2; a mode's own rows)."""
        m = self.mode(mode)
        if m is not None and m.distribution is not None:
            return m.distribution[players]
        return (self.optional_distribution if optional else self.distribution)[players]

    def identity_pool(self, players: int, optional: bool = False, mode: str = "") -> list[str]:
        ug, mi, by = self.identity_counts(players, optional, mode)
        return [UNDERGROUND] * ug + [MILITARY_INTEL] * mi + [BYSTANDER] * by

    # --- characters -----------------------------------------------------------------------------------------
    @property
    def default_texts(self) -> str:
        return self.text_sets[0]

    def characters(self, text_set: str = "") -> dict[str, CharacterDef]:
        """The characters of ``text_set`` (the edition's default if empty), keyed by their full id."""
        ts = text_set or self.default_texts
        got = self._characters.get(ts)
        if got is None:
            if ts not in self.text_sets:
                raise KeyError(f"edition {self.id} has no character text set {ts!r}; it has {list(self.text_sets)}")
            got = self._characters[ts] = self.load_characters(ts)
        return got

    def character_id(self, name: str) -> str:
        """The full id of a character given by full id (``standard.lao_gui``) or by its short name (``lao_gui``)."""
        return name if name.startswith(self.id + ".") else f"{self.id}.{name}"

    def pool(self, name: str = "base", text_set: str = "") -> list[str]:
        """Character ids of a pool, in a fixed order (the game's RNG shuffles them)."""
        chars = self.characters(text_set)
        if name == "all":
            return list(chars)
        return [c for c, ch in chars.items() if ch.pool == name]

    def __reduce__(self) -> tuple[Any, ...]:
        from fengsheng.editions import get_edition

        return get_edition, (self.id,)

    def __deepcopy__(self, memo: dict[int, Any]) -> Edition:
        return self

    def __repr__(self) -> str:
        return f"<Edition {self.id}>"


STANDARD_TURN_PLAN = (PH_START, PH_DRAW, PH_PLAY, PH_PASS, PH_END)
