"""Game cards as values, the names shared by the editions (colours, methods, types, identities), and the card-spec
notation.

A card is an immutable value. Each edition loads its deck from data (``editions/<name>/data/cards.csv``); card ids
0..N-1 follow the CSV row order. Ids are public (the table is in the package), which is why views never show the id
of a card the seat may not see.

Card-spec notation (used by the scenario builder, tests and logs), documented in ``docs/engine.md``::

    <colour>:<type>[:<identity>:<effect>][:<method>]

* colour: ``R`` red, ``B`` blue, ``K`` black (K as in CMYK, since B is blue);
* type: ``lock``, ``lure_away``, ``intercept``, ``return``, ``decode``, ``burn``, ``see_through``, ``probe``,
  ``true_or_false``, and the 千智风声 types ``transfer``, ``swap``, ``reinforce``, ``gamble``, ``rebalance``;
* for probes: identity ``ug`` / ``mi`` / ``by`` and effect ``draw`` / ``discard`` (whatever the number: ``draw``
  matches the standard edition's draw 2 and 千智风声's draw 1);
* method (optional, checked): ``secret``, ``direct``, ``text``.

Examples: ``R:lock``, ``K:intercept``, ``B:probe:mi:draw``, ``K:burn:direct``.

A card has a method (its stamp), a colour and a type (S-COMP-4; the flavour text is not kept). Red and blue are true
intelligence (真情报), black is false (假情报) (S-INTEL-3).

Implements: S-COMP-4, S-INTEL-3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

RED, BLUE, BLACK = "red", "blue", "black"
COLOURS = (RED, BLUE, BLACK)

SECRET, DIRECT, TEXT = "secret", "direct", "text"
SEND_DIRECT = "send_direct"
"""A permission (``Rule.permits``): the seat's intelligence goes 直达 whatever its stamp (千智风声 千金小姐's 香氣傳達)."""
METHODS = (SECRET, DIRECT, TEXT)

LOCK = "lock"
LURE_AWAY = "lure_away"
INTERCEPT = "intercept"
RETURN = "return"
DECODE = "decode"
BURN = "burn"
SEE_THROUGH = "see_through"
PROBE = "probe"
TRUE_OR_FALSE = "true_or_false"
TRANSFER = "transfer"
SWAP = "swap"
REINFORCE = "reinforce"
GAMBLE = "gamble"
REBALANCE = "rebalance"
CARD_TYPES = (LOCK, LURE_AWAY, INTERCEPT, RETURN, DECODE, BURN, SEE_THROUGH, PROBE, TRUE_OR_FALSE)
"""The standard edition's nine types."""
QIANZHI_CARD_TYPES = (TRANSFER, SWAP, REINFORCE, GAMBLE, REBALANCE)
"""The five types only 千智风声 has (Q-CARD-TABLE)."""
ALL_CARD_TYPES = CARD_TYPES + QIANZHI_CARD_TYPES

UNDERGROUND = "underground"
MILITARY_INTEL = "military_intel"
BYSTANDER = "bystander"
IDENTITIES = (UNDERGROUND, MILITARY_INTEL, BYSTANDER)
NO_IDENTITY = ""
"""The identity of a player who holds no identity card: his was taken (致命香水's 臨危受命, A-91)."""

DRAW_2 = "draw_2"
DISCARD_1 = "discard_1"
DRAW_1 = "draw_1"  # 千智风声: the probed player draws one (Q-CARD-PROBE-1)

_COLOUR_CODE = {"R": RED, "B": BLUE, "K": BLACK}
_CODE_OF_COLOUR = {v: k for k, v in _COLOUR_CODE.items()}
_IDENTITY_CODE = {"ug": UNDERGROUND, "mi": MILITARY_INTEL, "by": BYSTANDER}
_CODE_OF_IDENTITY = {v: k for k, v in _IDENTITY_CODE.items()}
_EFFECT_CODE = {"draw": DRAW_2, "discard": DISCARD_1}
_CODE_OF_EFFECT = {v: k for k, v in _EFFECT_CODE.items()} | {DRAW_1: "draw"}


@dataclass(frozen=True, slots=True)
class Card:
    """One physical game card: its function type, colour and transmission method (and probe text)."""

    id: int
    type: str
    colour: str
    method: str
    probe_identity: str | None = None
    probe_effect: str | None = None
    probe_line: str | None = None

    @property
    def spec(self) -> str:
        """The compact notation, e.g. ``R:lock`` or ``K:probe:mi:draw``."""
        s = f"{_CODE_OF_COLOUR[self.colour]}:{self.type}"
        if self.type == PROBE:
            assert self.probe_identity is not None and self.probe_effect is not None
            s += f":{_CODE_OF_IDENTITY[self.probe_identity]}:{_CODE_OF_EFFECT[self.probe_effect]}"
        return s

    def __str__(self) -> str:
        return f"{self.spec}#{self.id}"


class CardSpecError(ValueError):
    """A card spec string that does not follow the notation or matches no card."""


@dataclass(frozen=True, slots=True)
class CardSpec:
    """A parsed card spec: the properties a card must have (``None`` = any)."""

    colour: str
    type: str
    method: str | None = None
    probe_identity: str | None = None
    probe_effect: str | None = None

    def matches(self, card: Card) -> bool:
        return (
            card.colour == self.colour
            and card.type == self.type
            and (self.method is None or card.method == self.method)
            and (self.probe_identity is None or card.probe_identity == self.probe_identity)
            and (
                self.probe_effect is None
                or card.probe_effect == self.probe_effect
                or (self.probe_effect == DRAW_2 and card.probe_effect == DRAW_1)  # ``draw``: whatever the number
            )
        )


def _default_deck() -> tuple[Card, ...]:
    from fengsheng.editions import get_edition

    return get_edition().deck


def parse_spec(text: str, deck: Sequence[Card] | None = None) -> CardSpec:
    """Parse ``R:lock``-style notation (see the module docstring); the spec must match a card of ``deck`` (the
    default edition's if not given)."""
    parts = [p for p in text.strip().split(":") if p]
    if len(parts) < 2:
        raise CardSpecError(f"card spec {text!r}: expected <colour>:<type>[...], e.g. 'R:lock' or 'K:probe:mi:draw'")
    colour = _COLOUR_CODE.get(parts[0].upper())
    if colour is None:
        raise CardSpecError(f"card spec {text!r}: colour must be R, B or K (black), not {parts[0]!r}")
    ctype = parts[1]
    if ctype not in ALL_CARD_TYPES:
        raise CardSpecError(f"card spec {text!r}: unknown type {ctype!r}; types are {', '.join(ALL_CARD_TYPES)}")
    method = identity = effect = None
    for p in parts[2:]:
        if p in METHODS:
            method = p
        elif p in _IDENTITY_CODE or p in IDENTITIES:
            identity = _IDENTITY_CODE.get(p, p)
        elif p in _EFFECT_CODE or p in (DRAW_2, DISCARD_1, DRAW_1):
            effect = _EFFECT_CODE.get(p, p)
        else:
            raise CardSpecError(f"card spec {text!r}: unknown part {p!r}")
    if (identity or effect) and ctype != PROBE:
        raise CardSpecError(f"card spec {text!r}: only probes have an identity and an effect")
    spec = CardSpec(colour, ctype, method, identity, effect)
    if not any(spec.matches(c) for c in (deck if deck is not None else _default_deck())):
        raise CardSpecError(f"card spec {text!r} matches no card of the deck")
    return spec


def find_cards(
    spec: str | CardSpec, among: list[int] | tuple[int, ...] | None = None, deck: Sequence[Card] | None = None
) -> list[int]:
    """Ids of the cards of ``deck`` (the default edition's) matching ``spec`` (among ``among``, in that order)."""
    cards = deck if deck is not None else _default_deck()
    sp = parse_spec(spec, cards) if isinstance(spec, str) else spec
    ids = range(len(cards)) if among is None else among
    return [i for i in ids if sp.matches(cards[i])]
