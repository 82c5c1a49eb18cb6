"""Events: the game's one vocabulary. Every event is a small immutable record of one kind, emitted once by
``Game.emit``, which appends it to the log *and* dispatches it to the rules listening for its kind (any kind can
trigger a skill: ``Rule.listens`` names kinds).

Each class declares:

* ``kind``: its name in the log, in views and in ``Rule.listens`` (``"obtain"``, ``"locked"`` …);
* ``hidden``: the fields only its ``audience`` sees. ``audience`` is a field of every event: ``None`` means the
  whole event is public (a face-up card sent, a 锁定 not hidden); a tuple of seats means the private fields are
  shown to those seats only, which is how draws, 检视 (破译) and 试探 texts stay hidden;
* ``settles``: what must settle after it (:data:`SETTLE` intelligence changed hands or a player left: deaths,
  losses, declarations, S-WIN-10; :data:`DEATH_FIRST` the same, and a death is checked before the event's
  triggers, S-DEATH-3). The machine schedules that; primitives never push frames.

A rule reads an event's fields as attributes, or by key (``e["seat"]``) like the dict a seat sees. The
uncensored form (:meth:`Event.full`) is for records and tests, never for a seat. The classes are dataclasses with
slots, frozen for the type checker (assigning a field is a type error) and built without the cost of a frozen
dataclass at run time: events are made on the engine's hot path.

The list of event kinds and their fields is in ``docs/engine.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeVar, dataclass_transform

SETTLE = 1
DEATH_FIRST = 2

E = TypeVar("E", bound="Event")
PUBLIC = None  # the audience of an event without private parts


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def event(cls: type[E]) -> type[E]:
    """Make ``cls`` an event record (a slotted dataclass) and register its kind."""
    made = dataclass(slots=True, eq=True, repr=True)(cls)
    names = tuple(f.name for f in fields(made) if f.name != "audience")  # type: ignore[arg-type]
    made._names = names
    made._keys = tuple(made.renames.get(n, n) for n in names)
    made._all = tuple(zip(names, made._keys, strict=True))
    made._public = tuple((n, k) for n, k in made._all if n not in made.hidden)
    made._simple = not made.flatten and not made.optional
    KINDS[made.kind] = made
    return made


class Event:
    """Base of every event record (see the module docstring)."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    hidden: ClassVar[frozenset[str]] = frozenset()
    """The fields only the audience sees."""
    settles: ClassVar[int] = 0
    learner: ClassVar[Any] = None
    """What the seats of the audience learn from it (``engine/knowledge.py`` ``learns`` sets it), or None."""
    renames: ClassVar[dict[str, str]] = {}
    """Field name -> key in the dict form (``from_`` -> ``from``)."""
    flatten: ClassVar[str] = ""
    """A dict field whose items are shown as keys of the event itself (a skill's own data)."""
    optional: ClassVar[frozenset[str]] = frozenset()
    """Fields left out of the dict form when they are ``None`` (an answer that has no line or no card)."""
    _names: ClassVar[tuple[str, ...]] = ()
    _keys: ClassVar[tuple[str, ...]] = ()
    _all: ClassVar[tuple[tuple[str, str], ...]] = ()
    """(field, key in the dict form) of every field, in order; ``_public`` of those not ``hidden``."""
    _public: ClassVar[tuple[tuple[str, str], ...]] = ()
    _simple: ClassVar[bool] = True
    """No field is flattened or left out when ``None``: the dict form is a plain copy of the fields."""
    audience: tuple[int, ...] | None

    def _fill(self, d: dict[str, Any], show_private: bool) -> None:
        """Put the dict form's fields into ``d`` (the private ones only if ``show_private``), in field order, from
        the field lists made once per kind: views, learners, bots and digests build these dicts for every event."""
        pairs = self._all if show_private else self._public
        if self._simple:
            for name, key in pairs:
                d[key] = getattr(self, name)
            return
        flat = self.flatten
        opt = self.optional
        for name, key in pairs:
            value = getattr(self, name)
            if value is None and name in opt:
                continue
            if name == flat:
                d.update(value)
            else:
                d[key] = value

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` sees it (``None`` = spectator)."""
        aud = self.audience
        show = aud is None or (seat is not None and seat in aud)
        d: dict[str, Any] = {"kind": self.kind}
        self._fill(d, show)
        return d

    def full(self) -> dict[str, Any]:
        """The uncensored event (for records, digests and tests, never for a seat)."""
        d: dict[str, Any] = {"kind": self.kind}
        self._fill(d, True)
        if self.audience is not None and self.hidden:
            d["audience"] = list(self.audience)
        return d

    @property
    def data(self) -> dict[str, Any]:
        """The public part (what a spectator sees), without ``kind``."""
        d = self.for_seat(None)
        del d["kind"]
        return d

    @property
    def private(self) -> dict[str, Any] | None:
        """The private part (shown to the audience only), or ``None`` for an event that is wholly public."""
        if self.audience is None or not self.hidden:
            return None
        d: dict[str, Any] = {}
        self._fill(d, True)
        return {k: v for k, v in d.items() if _FIELD_OF.get(k, k) in self.hidden}

    def seen_by(self, seat: int | None) -> bool:
        """Whether ``seat`` sees this event's private fields."""
        return self.audience is None or (seat is not None and seat in self.audience)

    # --- read by key, like the dict a seat gets ------------------------------------------------------------------
    def __getitem__(self, key: str) -> Any:
        try:
            return getattr(self, key)  # a field's own name, the common case (rules read events this way)
        except AttributeError:
            name = _FIELD_OF.get(key)
            if name is not None and hasattr(self, name):
                return getattr(self, name)
            if self.flatten:
                info: dict[str, Any] = getattr(self, self.flatten)
                if key in info:
                    return info[key]
            raise KeyError(key) from None

    def keys(self) -> list[str]:
        """The keys of the dict form (without ``kind``), so that ``dict(event)`` gives the fields."""
        d: dict[str, Any] = {}
        self._fill(d, True)
        return list(d)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and hasattr(self, _FIELD_OF.get(key, key))


_FIELD_OF = {"from": "from_"}
KINDS: dict[str, type[Event]] = {}
"""Every event class by kind."""


# --------------------------------------------------------------------------------------------------------------
# Setup (S-SETUP)
# --------------------------------------------------------------------------------------------------------------
@event
class SetUp(Event):
    kind = "setup"
    players: int
    distribution: list[int]
    edition: str = "standard"
    character_texts: str = ""
    variants: list[str] = field(default_factory=list)
    with_characters: bool = False
    scenario: bool = False
    audience: tuple[int, ...] | None = PUBLIC


@event
class CharactersDealt(Event):
    kind = "characters_dealt"
    hidden = frozenset({"characters"})
    seat: int
    characters: list[str]
    audience: tuple[int, ...] | None = ()


@event
class CharacterSeated(Event):
    """A character placed in front of a seat: face up (public) or face down (only its owner knows which)."""

    kind = "character"
    hidden = frozenset({"character"})
    seat: int
    face_up: bool
    character: str
    audience: tuple[int, ...] | None = PUBLIC


@event
class IdentityDealt(Event):
    kind = "identity"
    hidden = frozenset({"identity"})
    seat: int
    identity: str
    audience: tuple[int, ...] | None = ()


@event
class FirstPlayer(Event):
    kind = "first_player"
    seat: int
    audience: tuple[int, ...] | None = PUBLIC


# --------------------------------------------------------------------------------------------------------------
# Turns (S-TURN)
# --------------------------------------------------------------------------------------------------------------
@event
class TurnStarted(Event):
    kind = "turn"
    seat: int
    turn: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class PhaseStarted(Event):
    kind = "phase"
    seat: int
    phase: str
    audience: tuple[int, ...] | None = PUBLIC


@event
class TurnEnded(Event):
    kind = "turn_end"
    seat: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Drew(Event):
    kind = "draw"
    hidden = frozenset({"cards"})
    seat: int
    count: int
    cards: list[int]
    audience: tuple[int, ...] | None = ()


@event
class Reshuffled(Event):
    kind = "reshuffle"
    count: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class CannotSend(Event):
    kind = "cannot_send"
    seat: int
    audience: tuple[int, ...] | None = PUBLIC


# --------------------------------------------------------------------------------------------------------------
# Passing (S-PASS, S-METH)
# --------------------------------------------------------------------------------------------------------------
@event
class Sent(Event):
    kind = "send"
    hidden = frozenset({"card"})
    seat: int
    method: str
    target: int
    direction: int
    card: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class TurnedBack(Event):
    kind = "turn_back"
    target: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class IntelDiscarded(Event):
    kind = "intel_discarded"
    card: int
    sender: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Arrived(Event):
    """The intelligence reaches ``seat``; ``card`` only for a face-up (文本) card."""

    kind = "arrive"
    optional = frozenset({"card"})
    seat: int
    card: int | None = None
    audience: tuple[int, ...] | None = PUBLIC


@event
class Declined(Event):
    kind = "decline"
    seat: int
    audience: tuple[int, ...] | None = PUBLIC


# --------------------------------------------------------------------------------------------------------------
# Windows and the stack (S-PRIO)
# --------------------------------------------------------------------------------------------------------------
@event
class Used(Event):
    """A card put on the stack (its face hidden from others for a 试探)."""

    kind = "use"
    hidden = frozenset({"card"})
    seat: int
    uid: int
    use: str
    target: int
    ref: int
    card: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class StackResolving(Event):
    kind = "resolve_stack"
    count: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Resolving(Event):
    """A use on the stack went unanswered and now resolves (triggers on it run before its effect, A-59)."""

    kind = "resolve"
    hidden = frozenset({"card"})
    optional = frozenset({"card"})
    uid: int
    user: int
    use: str
    target: int
    card: int | None  # None for a skill
    audience: tuple[int, ...] | None = PUBLIC

    @property
    def seat(self) -> int:
        return self.user


@event
class NoEffect(Event):
    kind = "no_effect"
    uid: int
    user: int
    use: str
    audience: tuple[int, ...] | None = PUBLIC


@event
class Fizzled(Event):
    kind = "fizzle"
    uid: int
    user: int
    use: str
    why: str
    audience: tuple[int, ...] | None = PUBLIC


# --------------------------------------------------------------------------------------------------------------
# Cards (S-CARD-*)
# --------------------------------------------------------------------------------------------------------------
@event
class Locked(Event):
    kind = "locked"
    seat: int
    user: int
    uid: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Lured(Event):
    kind = "lured"
    seat: int
    user: int
    uid: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Decoded(Event):
    kind = "decoded"
    hidden = frozenset({"card"})
    seat: int
    uid: int
    card: int
    audience: tuple[int, ...] | None = ()


@event
class Returned(Event):
    kind = "returned"
    seat: int
    direction: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Transferred(Event):
    """千智风声 轉移 (Q-CARD-TRANSFER): ``seat`` passes the intelligence that reached him on to ``target``, who must
    accept it."""

    kind = "transferred"
    seat: int
    target: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class UsedCardTaken(Event):
    """千智风声 千金小姐's 心智迷茫: ``seat`` takes the face-up card ``card`` another player used (a 調虎離山) into his hand,
    once it has resolved, instead of the discard pile."""

    kind = "used_card_taken"
    seat: int
    card: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class TransitReplaced(Event):
    """千智风声 議長's 移花接木: ``seat`` replaces the intelligence in transit with ``card`` from his hand, face down (only
    he sees which); the card it replaced, ``old``, goes face up to the discard pile."""

    kind = "transit_replaced"
    hidden = frozenset({"card"})
    seat: int
    card: int
    old: int
    audience: tuple[int, ...] | None = ()


@event
class TransitToDeck(Event):
    """千智风声 情報處長's 偷龍轉鳳: ``seat`` exchanges the intelligence in transit with the top card of the deck, unseen:
    the old card lies on top of the deck, the new one goes on face down and nobody knows it."""

    kind = "transit_to_deck"
    seat: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Swapped(Event):
    """千智风声 調包 (Q-CARD-SWAP): ``seat``'s card ``card`` replaces the intelligence in transit, face up; the card it
    replaced, ``old``, goes face up to the discard pile."""

    kind = "swapped"
    seat: int
    card: int
    old: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Cancelled(Event):
    """A use cancelled by 识破: ``seat`` used it, ``by`` cancelled it."""

    kind = "cancelled"
    hidden = frozenset({"card"})
    uid: int
    by: int
    use: str
    seat: int
    card: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Probed(Event):
    """A 试探 takes effect on ``target``: the card's text is shown to the two of them only."""

    kind = "probe"
    hidden = frozenset({"card", "identity", "effect", "line"})
    user: int
    target: int
    uid: int
    card: int
    identity: str | None
    effect: str | None
    line: str | None
    audience: tuple[int, ...] | None = ()

    @property
    def seat(self) -> int:
        return self.target


@event
class ProbeAnswered(Event):
    kind = "probe_answer"
    optional = frozenset({"line", "card"})
    seat: int
    user: int
    answer: str
    line: str | None = None
    card: int | None = None
    audience: tuple[int, ...] | None = PUBLIC


@event
class CardRevealed(Event):
    kind = "revealed"
    uid: int
    card: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class TableLaidOut(Event):
    kind = "tof_layout"
    user: int
    count: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class TableLeftover(Event):
    kind = "tof_leftover"
    cards: list[int]
    audience: tuple[int, ...] | None = PUBLIC


# --------------------------------------------------------------------------------------------------------------
# Cards and intelligence moving (S-TERM)
# --------------------------------------------------------------------------------------------------------------
@event
class Obtained(Event):
    kind = "obtain"
    settles = DEATH_FIRST  # S-DEATH-3: death is immediate
    seat: int
    card: int
    how: str
    source: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Burned(Event):
    kind = "burned"
    settles = SETTLE
    seat: int
    card: int
    by: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class IntelMoved(Event):
    kind = "intel_moved"
    renames = {"from_": "from"}  # noqa: RUF012 - a ClassVar
    from_: int
    to: int
    card: int
    by: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class IntelToHand(Event):
    kind = "intel_to_hand"
    settles = SETTLE
    renames = {"from_": "from"}  # noqa: RUF012
    from_: int
    to: int
    card: int
    by: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class IntelToDeck(Event):
    kind = "intel_to_deck"
    settles = SETTLE
    renames = {"from_": "from"}  # noqa: RUF012
    from_: int
    card: int
    by: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class PutOnDeck(Event):
    kind = "to_deck"
    hidden = frozenset({"card"})
    seat: int
    card: int
    audience: tuple[int, ...] | None = ()


@event
class TopRevealed(Event):
    kind = "top_revealed"
    seat: int
    card: int | None
    audience: tuple[int, ...] | None = PUBLIC


@event
class Inspected(Event):
    kind = "inspected"
    hidden = frozenset({"card"})
    seat: int
    card: int
    audience: tuple[int, ...] | None = ()


@event
class Gave(Event):
    kind = "give"
    hidden = frozenset({"card"})
    seat: int
    to: int
    card: int
    audience: tuple[int, ...] | None = ()


@event
class Took(Event):
    kind = "take"
    hidden = frozenset({"card"})
    renames = {"from_": "from"}  # noqa: RUF012
    seat: int
    from_: int
    card: int
    audience: tuple[int, ...] | None = ()


@event
class HandInspected(Event):
    kind = "inspect_hand"
    hidden = frozenset({"cards"})
    seat: int
    target: int
    cards: list[int]
    audience: tuple[int, ...] | None = ()


@event
class HandShown(Event):
    kind = "show_hand"
    seat: int
    cards: list[int]
    audience: tuple[int, ...] | None = PUBLIC


@event
class Discarded(Event):
    kind = "discarded"
    seat: int
    card: int
    audience: tuple[int, ...] | None = PUBLIC


# --------------------------------------------------------------------------------------------------------------
# Characters and identities (S-CHAR, S-ID)
# --------------------------------------------------------------------------------------------------------------
@event
class SkillUsed(Event):
    """A character's skill was used; ``info`` is the skill's own public data (shown as keys of the event)."""

    kind = "skill"
    flatten = "info"
    seat: int
    skill: str
    info: dict[str, Any] = field(default_factory=dict)
    audience: tuple[int, ...] | None = PUBLIC


@event
class Flipped(Event):
    kind = "flip"
    seat: int
    character: str
    audience: tuple[int, ...] | None = PUBLIC


@event
class Covered(Event):
    kind = "cover"
    seat: int
    character: str
    audience: tuple[int, ...] | None = PUBLIC


@event
class IdentityRevealed(Event):
    kind = "identity_revealed"
    seat: int
    identity: str
    audience: tuple[int, ...] | None = PUBLIC


@event
class IdentitiesExchanged(Event):
    """Two players looked at each other's identity: ``identities`` is [his, the target's]."""

    kind = "identities_exchanged"
    hidden = frozenset({"identities"})
    seat: int
    target: int
    identities: list[str]
    audience: tuple[int, ...] | None = ()


@event
class IdentityTaken(Event):
    """A player took another's identity card (致命香水's 臨危受命): his own went out of the game face down, as the
    ``out``-th card out. ``identity`` (the one taken) and ``own`` (his own, now out) are his to see only; ``shown``:
    his own card had been public (dealt face up or revealed), so everyone knows the card out."""

    kind = "identity_taken"
    hidden = frozenset({"identity", "own"})
    seat: int
    target: int
    out: int
    shown: bool
    identity: str
    own: str
    audience: tuple[int, ...] | None = ()


# --------------------------------------------------------------------------------------------------------------
# Deaths, losses and the end (S-DEATH, S-LOSE, S-WIN)
# --------------------------------------------------------------------------------------------------------------
@event
class Dying(Event):
    kind = "dying"
    seat: int
    killer: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Rescued(Event):
    kind = "rescued"
    seat: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Died(Event):
    kind = "died"
    seat: int
    identity: str
    character: str | None
    killer: int
    order: int
    audience: tuple[int, ...] | None = PUBLIC


@event
class Lost(Event):
    kind = "lost"
    settles = SETTLE
    seat: int
    identity: str
    character: str | None
    why: str
    audience: tuple[int, ...] | None = PUBLIC


@event
class Declared(Event):
    kind = "declare"
    seat: int
    rule: str
    audience: tuple[int, ...] | None = PUBLIC


@event
class GameOver(Event):
    kind = "game_over"
    flatten = "info"
    winners: list[int]
    reason: str
    factions: list[str]
    turns: int
    info: dict[str, Any]
    identities: list[str]
    audience: tuple[int, ...] | None = PUBLIC


__all__ = ["DEATH_FIRST", "KINDS", "PUBLIC", "SETTLE", "Event", "event"]
