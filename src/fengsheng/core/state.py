"""Plain-data pieces of the game state: seats, uses on the stack, the intelligence in transit, and frames.

Everything here is a small mutable object with ``__slots__`` (or an immutable tuple) so that a game can be copied
and pickled at any decision point.

A woman or a man is a player of that sex or a face-up character of that sex (Seat.sex_matches, S-CHAR-7, S-TERM-15).

Implements: S-CHAR-7, S-TERM-15.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fengsheng.core.options import Decision, Option
    from fengsheng.game import Game
    from fengsheng.rules.base import Rule


# Window kinds (S-PASS-13): the play phase, the passing steps 1 (传递) and 2 (到达), and the end phase.
W_PLAY = "play"
W_STEP1 = "step1"
W_STEP2 = "step2"
W_END = "end"
WINDOW_KINDS = (W_PLAY, W_STEP1, W_STEP2, W_END)

# Phases of a turn (S-TURN-2, A-2).
PH_START, PH_DRAW, PH_PLAY, PH_PASS, PH_END = "start", "draw", "play", "pass", "end"


class Seat:
    """One player: identity, hand, intelligence in front of him, and character state (S-CHAR)."""

    __slots__ = (
        "_alive",
        "_lost",
        "character",
        "character_sex",
        "face_up",
        "hand",
        "identity",
        "identity_revealed",
        "in_game",
        "index",
        "intel",
        "player_sex",
    )

    def __init__(self, index: int, identity: str, player_sex: str = "") -> None:
        self.index = index
        self.identity = identity
        self._alive = True
        self._lost = False
        self.in_game = True  # alive and not lost: still playing (kept in step by the two setters below)
        self.hand: list[int] = []
        self.intel: list[int] = []
        self.character: str | None = None
        self.character_sex = ""  # "F", "M", "FM" (小白) or ""
        self.face_up = False
        self.player_sex = player_sex
        self.identity_revealed = False

    @property
    def alive(self) -> bool:
        return self._alive

    @alive.setter
    def alive(self, value: bool) -> None:
        self._alive = value
        self.in_game = value and not self._lost

    @property
    def lost(self) -> bool:
        return self._lost

    @lost.setter
    def lost(self, value: bool) -> None:
        self._lost = value
        self.in_game = self._alive and not value

    def sex_matches(self, sex: str) -> bool:
        """S-CHAR-7 / A-41: a woman is a female player or a face-up female character (likewise for men)."""
        if self.player_sex == sex:
            return True
        return self.character is not None and self.face_up and sex in self.character_sex

    def __repr__(self) -> str:
        state = "alive" if self.in_game else ("lost" if self.lost else "dead")
        return f"Seat({self.index}, {self.identity}, {state}, hand={self.hand}, intel={self.intel})"


class Use:
    """A card or skill used and waiting on the response stack (S-PRIO-5).

    ``card`` is the physical card (-1 for a skill); ``use`` is what it is used as (a card type, or a skill id);
    ``target`` a seat; ``ref`` a card id, a stack uid or a slot. ``uid`` numbers uses within a game (public).
    """

    __slots__ = (
        "cancelled",
        "card",
        "failed",
        "hidden",
        "ref",
        "rule",
        "target",
        "uid",
        "uncancellable",
        "use",
        "user",
    )

    def __init__(self, uid: int, user: int, card: int, use: str, target: int = -1, ref: int = -1) -> None:
        self.uid = uid
        self.user = user
        self.card = card
        self.use = use
        self.target = target
        self.ref = ref
        self.cancelled = False  # cancelled by 识破 (S-CARD-SEE-2)
        self.failed = False  # took no effect for lack of a target (S-PRIO-10, A-31)
        self.hidden = False  # the card's face is hidden from others (试探, handed face down)
        self.uncancellable = False  # a skill says 识破 cannot target it (004 刀锋)
        self.rule: Rule | None = None  # the rule whose skill this is (skills only)

    @property
    def is_card(self) -> bool:
        return self.card >= 0

    def __repr__(self) -> str:
        return f"Use(#{self.uid} seat {self.user} c{self.card} as {self.use} @{self.target} ref {self.ref})"


class Passing:
    """The intelligence being passed this turn (S-PASS), with the state of its journey.

    * ``holder``: where the card is (it departs from here in Step 1; it has arrived here in Step 2/3).
    * ``direction``: +1 = counterclockwise (right-hand, A-1), -1 = clockwise (after 退回).
    * ``target``: for 直达, the named player; ``back``: the card is on its way back to the sender.
    * ``lured``: seats under 调虎离山 for this card (S-CARD-LURE-1, A-66).
    * ``seen``: seats that know the card's face (the sender, anyone who decoded it; everyone if face up).
    """

    __slots__ = (
        "back",
        "card",
        "direction",
        "face_up",
        "finished",
        "holder",
        "lured",
        "method",
        "returned",
        "seen",
        "sender",
        "step",
        "target",
    )

    def __init__(self, card: int, sender: int, method: str, target: int, face_up: bool) -> None:
        self.card = card
        self.sender = sender
        self.method = method
        self.target = target
        self.face_up = face_up
        self.holder = sender
        self.direction = 1
        self.back = False
        self.lured: list[int] = []
        self.seen: list[int] = [sender]
        self.finished = False
        self.returned = False
        self.step = "step1"

    def visible_to(self, seat: int | None) -> bool:
        return self.face_up or (seat is not None and seat in self.seen)


class Frame(ABC):
    """One entry of the game's frame stack: where the game is and what it does next.

    ``run`` does automatic work and returns ``None`` to let the loop continue (after pushing or popping frames),
    or a :class:`Decision` to stop and wait. ``answer`` applies a chosen option (already checked for legality).
    """

    __slots__ = ()

    @abstractmethod
    def run(self, g: Game) -> Decision | None:
        """Advance; return a Decision to wait for an answer, or None to continue the loop."""

    def answer(self, g: Game, option: Option) -> None:  # pragma: no cover - frames that never decide
        raise AssertionError(f"{type(self).__name__} does not take decisions")

    def describe(self) -> dict[str, Any]:
        """A short public description (for views and debugging)."""
        return {"frame": type(self).__name__}
