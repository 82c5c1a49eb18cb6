"""What the bots know about each character, declared beside the character's rules.

Each character module (``editions/<edition>/characters/<name>.py``) ends with a bot-knowledge block::

    AI = CharacterAI(rank=37, conceals=True, skills={LastWill: SkillAI(seat=...)})

A character whose texts say what another edition's character says reuses that one's knowledge with
:func:`inherit` (``AI = inherit(std.AI, {LastWill: std.LastWill})``).

:func:`character_ai` finds it by the character's full id (``standard.lao_gui``); :func:`skill_ai` finds a skill's
entry by its option word (``lao_gui.3``: the ``use`` of its options and stack entries) or its skill id
(``C-LAO_GUI-3``: the context of the questions it asks). A character without a block gets :data:`DEFAULT`.

The functions of a block see the decision through a :class:`Position` (the seat's view and what the bot derived
from it: belief, values) or a :class:`Deciding` (with the policy's valuation of plays), never the game. This module imports no bot and no character, so both may import it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from fengsheng.characters.base import CharacterDef, Skill
    from fengsheng.core.options import Option


class Position(Protocol):
    """A decision as the deciding seat sees it: what character knowledge may read and use."""

    @property
    def seat(self) -> int:
        """The deciding seat."""

    @property
    def n(self) -> int:
        """The number of seats."""

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view (``fengsheng.views``)."""

    @property
    def hand(self) -> list[int]:
        """The seat's hand (card ids)."""

    @property
    def in_game(self) -> list[bool]:
        """Per seat: alive and not lost."""

    @property
    def counts(self) -> list[tuple[int, int, int]]:
        """Per seat: (red, blue, black) intelligence in front of him."""

    @property
    def care(self) -> list[float]:
        """Per seat: how much this seat's side gains when he gains (+1 himself and sure allies, -1 sure enemies)."""

    @property
    def p(self) -> list[list[float]]:
        """Per seat: the belief, P(underground), P(military_intel), P(bystander)."""

    @property
    def last_choice(self) -> dict[str, Option]:
        """Per question context (skill id): this seat's previous answer."""

    @property
    def last_obtain(self) -> dict[str, Any]:
        """The last ``obtain`` event this seat saw."""

    @property
    def last_dying(self) -> int:
        """The seat of the last ``dying`` event (-1: none)."""

    @property
    def last_take(self) -> int:
        """The card this seat last took from another player's hand (-1: none)."""

    def colour(self, card: int) -> str:
        """The colour of a card (``red``, ``blue``, ``black``)."""

    def value(self, s: int, col: str, extra: int = 0) -> float:
        """What it is worth to this seat that a card of colour ``col`` lands in front of seat ``s``."""

    def held_value(self, s: int, card: int) -> float:
        """What ``card`` lying in front of ``s`` is worth to this seat there (removing it gains the opposite)."""

    def keep(self, card: int) -> float:
        """What a card in hand is worth kept."""

    def ally(self, s: int) -> float:
        """P(seat ``s`` is on this seat's side)."""

    def transit(self) -> dict[str, Any] | None:
        """The view's card in transit, if any."""

    def identity_unknown(self, s: int) -> bool:
        """Whether this seat is still unsure of ``s``'s identity."""

    def unseen_colours(self) -> dict[str, float]:
        """The colour odds of a card this seat cannot see (the top of the deck, a hand card taken blind)."""

    def transit_colours(self, tr: dict[str, Any]) -> dict[str, float]:
        """The colour odds of the card in transit ``tr`` (the view's), as this seat knows it."""


class Deciding(Position, Protocol):
    """A position with the deciding policy's valuations: what a skill's gain and card choice may also use."""

    def card_gain(self, use: str, context: str, target: int = -1, ref: int = -1) -> float:
        """The gain of using a card as ``use`` (on ``target`` / ``ref``) in a ``context`` window, on the scale of
        every other gain, not counting the card spent: for skills that work as a card."""

    def best(self, scored: list[tuple[float, Option]]) -> Option:
        """The best-scored option; ties broken by the bot's seeded RNG."""

    def send_value(self, direct: bool = False, skip: int = -1) -> float:
        """The value of this seat's best send this turn (the card sent counted), without the hand card ``skip``;
        ``direct``: with every card sent 直達 to the seat of its choice."""

    def receive_value(self, dist: dict[str, float] | None = None, face_up: bool | None = None) -> float:
        """What the card in transit is worth to this seat where it is now, if its colour odds were ``dist``
        (default: what this seat knows) and it lay face up or not (default: as it does): in front of this seat, the
        better of taking it and passing it on (taking it when it must)."""


SkillGain = Callable[["Deciding", "Option", str], float]
"""(position, the ``skill`` option, the window context) -> gain."""


@dataclass(frozen=True)
class SkillAI:
    """How a bot uses one skill. Every field has a generic default (``fengsheng.bots.skills``)."""

    gain: SkillGain | None = None
    """Using it from a response window (its ``skill <word>`` options): the gain, on the scale of card plays; the
    skill is used when the gain is the best one and positive. None: never used."""
    acts_as: str = ""
    """The card type a pending use of this skill amounts to for everyone's reckoning (声东击西: ``lure_away``)."""
    offer: bool | Callable[[Position], bool] = True
    """An optional trigger (``skill <word>`` or ``pass``): whether to use it."""
    seat: Callable[[Position, str, int], float] | None = None
    """Choosing a seat (position, skill id, seat) -> score; ``pass`` (when allowed) unless the best is positive.
    Default: how much this seat cares for that seat."""
    card: Callable[[Deciding, str, list[Option], Option | None], Option] | None = None
    """Choosing a card of the hand (position, skill id, the ``choose`` options, the ``pass`` option or None) ->
    the answer. Default: ``pass`` if allowed, else the least useful card."""
    intel: Callable[[Position, int, int], float] | None = None
    """Choosing an intelligence on the table (position, seat, card) -> score; ``pass`` (when allowed) unless the
    best is positive. Default: the gain of taking it away from there."""


@dataclass(frozen=True)
class CharacterAI:
    """What a bot knows about one character."""

    rank: float = 30.0
    """Preference when choosing a character at setup (the higher, the more wanted): the character's win rate (%) in
    HeuristicBot self-play (5 players, 3,000 games per pool; the identity is dealt only after the choice, S-SETUP-4,
    so the overall rate is what counts)."""
    conceals: bool = False
    """城府: answers a 试探 either way, so his answers say little and probing him is worth nothing."""
    mission_intel: tuple[str, int] | None = None
    """A bystander's mission on his own intelligence: (what counts, how many); what counts is a colour, ``"true"``
    (red or blue) or ``"any"``."""
    mission_rel: tuple[float, float, float] | None = None
    """How a bystander with this mission regards each identity (underground, military_intel, bystander): -1 wants
    them to lose; None: the default (-0.3, -0.3, -0.3)."""
    death_wins: Callable[[Position], bool] | None = None
    """Whether a bystander with this mission would win by dying now (a third false intelligence is then welcome)."""
    skills: Mapping[type[Skill], SkillAI] = field(default_factory=dict)
    """Per skill class of the character."""


DEFAULT = CharacterAI()


def inherit(base: CharacterAI, skills: Mapping[type[Skill], type[Skill]], **changes: Any) -> CharacterAI:
    """The knowledge of a character whose texts say what ``base``'s character's say (a 千智风声 character that
    reuses a standard one's rules): ``base``'s fields, with the entries of its skills bound to this character's
    skill classes (``skills``: this character's class -> the base character's class; a base skill without an entry
    is left out), and ``changes`` (fields that differ, e.g. a mission that is not the same)."""
    bound = {mine: base.skills[theirs] for mine, theirs in skills.items() if theirs in base.skills}
    return replace(base, skills=bound, **changes)


@dataclass(frozen=True)
class _Registry:
    characters: dict[str, CharacterAI]
    skills: dict[str, SkillAI]  # by option word and by skill id


_registries: dict[str, _Registry] = {}


def _declaring_module(ch: CharacterDef) -> Any:
    """The module that declares ``ch`` (its ``CHARACTER``), found through the classes of its rules."""
    for rule in ch.rules:
        module = sys.modules.get(rule.__module__)
        declared = getattr(module, "CHARACTER", None)
        if declared is not None and getattr(declared, "id", None) == ch.id:
            return module
    return None


def _registry(edition: str) -> _Registry:
    got = _registries.get(edition)
    if got is None:
        from fengsheng.editions import get_edition

        characters: dict[str, CharacterAI] = {}
        skills: dict[str, SkillAI] = {}
        for cid, ch in get_edition(edition).characters().items():
            ai = getattr(_declaring_module(ch), "AI", None)
            if not isinstance(ai, CharacterAI):
                continue
            characters[cid] = ai
            for cls, sai in ai.skills.items():
                skills[cls(0).key] = sai  # the option word, as the engine derives it
                skills[cls.skill_id] = sai
        got = _registries[edition] = _Registry(characters, skills)
    return got


_by_id: dict[str, CharacterAI] = {}


def character_ai(cid: str | None) -> CharacterAI:
    """The bot knowledge of character ``cid`` (a full id, ``standard.lao_gui``); :data:`DEFAULT` if it has none."""
    if not cid:
        return DEFAULT
    got = _by_id.get(cid)
    if got is None:
        from fengsheng.editions import character_edition

        got = _by_id[cid] = _registry(character_edition(cid).id).characters.get(cid, DEFAULT)
    return got


def skill_ai(edition: str, name: str) -> SkillAI | None:
    """The bot knowledge of the skill of ``edition`` whose option word or skill id is ``name``; None if none."""
    return _registry(edition).skills.get(name)


__all__ = [
    "DEFAULT",
    "CharacterAI",
    "Deciding",
    "Position",
    "SkillAI",
    "SkillGain",
    "character_ai",
    "inherit",
    "skill_ai",
]
