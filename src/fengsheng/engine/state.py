"""The plain data of one game: seats, zones, the frame stack, the log and what each seat has been told.

Everything here is lists, dicts, ints and the small slotted objects of ``core/state.py``, so a game copies and pickles
at any decision point. The edition object and its tables are shared, never copied (see ``Edition.__reduce__``).

The play areas of S-COMP-8: the deck, the discard pile, the face-down pile of used 试探 (probes_out), and each seat's
hand, intelligence, character and identity.

Implements: S-COMP-8.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from fengsheng.core.events import KINDS
from fengsheng.core.state import Frame, Passing, Seat
from fengsheng.engine.rng import GameRandom
from fengsheng.errors import IllegalAction

if TYPE_CHECKING:
    from fengsheng.config import Config
    from fengsheng.core.events import Event
    from fengsheng.core.options import Decision, Option
    from fengsheng.game import Game
    from fengsheng.rules.base import Rule

_NO_RULES: Mapping[str, Any] = MappingProxyType({})
NO_LISTENERS: tuple[Rule, ...] = ()
"""The listeners of an event kind no rule listens to (immutable, so clones share it: ``RuleIndex.add_rule`` replaces
it with a list)."""


class Knowledge:
    """What one seat has been told privately, kept as the game goes (so a view never rescans the log): the 试探
    texts it used or received, identities it looked at through a skill (and, by their place in ``State.identity_out``,
    the identity cards out of the game it knows: ``identities_out``), and the characters it was dealt.

    The rest is what ``Game.determinize`` keeps for that seat (``engine/determinize.py``), each field maintained by
    the learners of ``engine/knowledge.py`` from the events the seat saw, never from the true state:

    * ``seen_characters``: seat -> the character this seat has seen face up there (public ones, flips, covers, and
      the characters of players out of the game);
    * ``hand_marks``: card -> (the other seat whose hand this seat saw it go to: given, taken, inspected, shown;
      that seat's ``losses`` then); ``losses``: cards this seat lost unseen by others (a face-down send or 试探, a
      card put on the deck, handed or taken), a public count;
    * ``deck_marks``: card -> its position in the deck counted from the bottom (put on the deck, revealed on top);
      ``table_marks``: cards known to lie in the 真伪莫辨 layout;
    * ``deck_pool`` / ``deck_floor``: the cards of the last reshuffle (the face-up discard pile) and how many of the
      bottom cards of the deck come from it at most (the deck's smallest size at the events that added to it);
    * ``probe_answers``: every public answer to a 试探 (uid, user, target, answer, line, whether the target could
      choose, 城府); ``declared``: seat -> the rule it declared victory through.

    The marks are read through ``hand_marks()``, ``deck_marks()``, ``table_marks()`` and ``deck_floor()`` of
    ``engine/knowledge.py``, which drop what no longer holds (checked against public facts when read, so that the
    engine's frequent events need no learner).
    """

    __slots__ = (
        "dealt",
        "deck_floor",
        "deck_marks",
        "deck_pool",
        "declared",
        "hand_marks",
        "identities",
        "identities_out",
        "losses",
        "probe_answers",
        "probes",
        "seen_characters",
        "table_marks",
    )

    def __init__(self) -> None:
        self.probes: list[dict[str, Any]] = []
        self.identities: dict[int, str] = {}
        self.identities_out: dict[int, str] = {}
        self.dealt: list[str] = []
        self.seen_characters: dict[int, str] = {}
        self.hand_marks: dict[int, tuple[int, int]] = {}
        self.losses = 0
        self.deck_marks: dict[int, int] = {}
        self.table_marks: list[int] = []
        self.deck_pool: list[int] = []
        self.deck_floor = 0
        self.probe_answers: list[tuple[int, int, int, str, str | None, bool]] = []
        self.declared: dict[int, str] = {}


class State:
    """The fields of a game. :class:`fengsheng.game.Game` adds the machine, the primitives and the rule index.

    The fields are slots, and the layers above add none: as an instance dict, more fields than CPython 3.11's
    shared-key layout holds left every attribute read and method call on the game unspecialised (docs/engine.md,
    the hot paths). A new field is listed here; assigning any other attribute raises ``AttributeError``."""

    __slots__ = (
        "_next",
        "_pending",
        "action_rules",
        "aside",
        "auto_pass",
        "card_colour",
        "card_type",
        "characters",
        "conceal_rules",
        "config",
        "conversion_rules",
        "current",
        "death_order",
        "decision",
        "deck",
        "declarable",
        "declined",
        "direction_rules",
        "discard",
        "draw_rules",
        "dying",
        "edition",
        "events",
        "faction_target",
        "failed_send",
        "frames",
        "handlers",
        "history",
        "identity_moves",
        "identity_out",
        "in_game_count",
        "intel_source",
        "is_black",
        "killers",
        "knowledge",
        "listeners",
        "locks",
        "loss_rules",
        "missions_for_all",
        "n",
        "passing",
        "permit_rules",
        "phase",
        "plain",
        "probes_out",
        "reaction_rules",
        "result",
        "rng",
        "role_cards",
        "rules",
        "scenario",
        "seat_actions",
        "seat_conversions",
        "seat_live_victory",
        "seats",
        "seed",
        "static_declarable",
        "table",
        "turn",
        "uid",
        "victory_rules",
        "window_cards",
        "window_types",
    )

    def __init__(self, config: Config, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise IllegalAction(f"seed must be an integer, not {type(seed).__name__}")
        self.config = config
        self.edition = ed = config.edition_rules
        self.handlers = ed.handlers
        self.window_types = ed.window_types
        self.window_cards = ed.window_cards
        self.role_cards = ed.role_cards
        self.card_type = ed.card_type  # per-card-id tables of the edition (hot paths index them)
        self.is_black = ed.is_black
        self.card_colour = ed.card_colour
        self.characters = ed.characters(config.character_texts)
        self.seed = seed
        self.rng = GameRandom(seed)
        self.n = config.players
        self.auto_pass = config.auto_pass
        self.faction_target = config.faction_target  # S-ID-1/2, S-VAR-2 (asked on every intelligence settled)
        self.missions_for_all = config.missions_for_all  # Q-MODE-3: a mission is every seat's only victory
        self.seats: list[Seat] = [
            Seat(i, "", config.player_sexes[i] if config.player_sexes else "") for i in range(self.n)
        ]
        self.deck: list[int] = []  # top of the deck = end of the list
        self.discard: list[int] = []
        self.aside: list[int] = []  # cards a scenario set aside: out of the deck and the discard pile
        self.probes_out: list[int] = []  # resolved 试探, face down, out of the game (S-CARD-PROBE-5)
        self.identity_out: list[str] = []  # identity cards put out of the game face down (致命香水's 臨危受命)
        # each identity card taken: (the log's length then, taker, giver, whether the taker's own card was public)
        self.identity_moves: list[tuple[int, int, int, bool]] = []
        self.table: list[int] = []  # face-down cards laid out by 真伪莫辨
        self.current = 0
        self.turn = 0
        self.phase = ""
        self.locks: list[int] = []  # players locked this turn (S-CARD-LOCK-1)
        self.failed_send = False
        self.passing: Passing | None = None
        self.frames: list[Frame] = []
        self.events: list[Event] = []
        self.knowledge: list[Knowledge] = [Knowledge() for _ in range(self.n)]
        self.history: list[tuple[int, Option]] = []  # (seat, option) of every answered decision
        self.result: dict[str, Any] | None = None
        self.in_game_count = self.n
        self._next = [(i + 1) % self.n for i in range(self.n)]
        self.uid = 0
        self.death_order: list[int] = []
        self.dying: list[int] = []  # seats whose death is being resolved (their death triggers are running)
        self.killers: list[int] = []  # killers[i] killed death_order[i] (-1 if nobody; may be the victim himself)
        self.intel_source: dict[int, int] = {}  # card id -> seat that sent it / placed it
        self.declarable: list[bool] = [False] * self.n
        self.static_declarable: list[bool] = [False] * self.n
        self.declined: set[int] = set()
        self.decision: Decision | None = None
        """The pending decision, or ``None`` when the game is over. Read it; only the machine sets it."""
        self._pending: list[tuple[int, Event, list[Rule]]] = []  # emitted, not yet scheduled (see Machine.emit)
        self.scenario: dict[str, Any] | None = None  # set when built by fengsheng.scenario
        # rules and their hook indexes (see RuleIndex)
        self.rules: list[Rule] = []
        # every event kind -> the rules listening to it (the shared NO_LISTENERS until one does): ``emit`` indexes it
        self.listeners: dict[str, Sequence[Rule]] = dict.fromkeys(KINDS, NO_LISTENERS)
        self.action_rules: list[Rule] = []
        self.conversion_rules: list[Rule] = []
        self.permit_rules: list[Rule] = []
        self.draw_rules: list[Rule] = []
        self.conceal_rules: list[Rule] = []
        self.victory_rules: list[Rule] = []
        self.reaction_rules: list[Rule] = []
        self.loss_rules: list[Rule] = []
        self.direction_rules: list[Rule] = []
        # per-seat indexes for the hot path: skills are offered only to their owner
        self.seat_actions: list[list[Rule]] = [[] for _ in range(self.n)]
        self.seat_conversions: list[list[Rule]] = [[] for _ in range(self.n)]
        self.seat_live_victory: list[list[Rule]] = [[] for _ in range(self.n)]  # ``live_condition`` victory rules
        self.plain: list[bool] = [True] * self.n  # none of the three above (RuleIndex._replan)

    if TYPE_CHECKING:

        @property
        def game(self) -> Game:
            """This game as the :class:`~fengsheng.game.Game` that rules and frames take (the layers of
            ``engine/`` are one object)."""
            ...

    else:

        @property
        def game(self):
            return self

    # --- seats and order ----------------------------------------------------------------------------------------
    @property
    def identity_rules(self) -> Mapping[str, type[Rule]]:
        """The victory rule each identity card brings (S-ID-1/2, Q-ID-1): the edition's, and none in a mode where
        a character's mission is every seat's only victory (Q-MODE-3: the faction conditions win nobody there)."""
        return _NO_RULES if self.missions_for_all else self.edition.identity_rules

    # --- identity cards: a card may change hands (致命香水's 臨危受命) ----------------------------------------------
    def identity_slot(self, seat: int, at: int = 0) -> int:
        """Where the identity card that ``seat`` held when the log had ``at`` events lies now: a seat, or ``n + j``
        for the ``j``-th card put out of the game (``identity_out``). Without a card taken, ``seat`` itself."""
        slot = seat
        for j, (when, taker, giver, _) in enumerate(self.identity_moves):
            if when < at:
                continue
            if slot == taker:
                slot = self.n + j
            elif slot == giver:
                slot = taker
        return slot

    def slot_identity(self, slot: int) -> str:
        """The identity card in a slot of :meth:`identity_slot`."""
        return self.seats[slot].identity if slot < self.n else self.identity_out[slot - self.n]

    def next_in_game(self, seat: int) -> int:
        """The next seat counterclockwise (right-hand, A-1) that is still in the game."""
        return self._next[seat]

    def refresh_order(self) -> None:
        """Recompute the next-seat table; called whenever a seat leaves the game (death, loss, scenario)."""
        n = self.n
        seats = self.seats
        nxt = []
        for seat in range(n):
            for k in range(1, n + 1):
                s = (seat + k) % n
                if seats[s].in_game:
                    nxt.append(s)
                    break
            else:
                nxt.append(seat)
        self._next = nxt

    # --- copies: the edition is shared, not copied ----------------------------------------------------------------
    EDITION_TABLES = (
        "handlers",
        "window_types",
        "window_cards",
        "role_cards",
        "card_type",
        "is_black",
        "card_colour",
        "characters",
    )
    """The fields that hold the edition's own tables: not pickled (restored from the edition), shared by clones."""

    def __getstate__(self) -> dict[str, Any]:
        shared = State.EDITION_TABLES
        return {k: getattr(self, k) for k in State.__slots__ if k not in shared}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for k, v in state.items():
            setattr(self, k, v)
        ed = self.edition
        self.handlers = ed.handlers
        self.window_types = ed.window_types
        self.window_cards = ed.window_cards
        self.role_cards = ed.role_cards
        self.card_type = ed.card_type
        self.is_black = ed.is_black
        self.card_colour = ed.card_colour
        self.characters = ed.characters(self.config.character_texts)
