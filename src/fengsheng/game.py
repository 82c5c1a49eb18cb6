"""The game: a resumable machine made of plain data.

``Game.new(config, seed)`` deals a game; from then on it is always either over or waiting for exactly one
:class:`~fengsheng.core.options.Decision`. ``act(option)`` checks the answer against that decision (raising
:class:`~fengsheng.errors.IllegalAction` and changing nothing if it is not legal), applies it, and runs the game
forward to the next decision. All randomness comes from the game's own ``random.Random(seed)``.

``Game`` is the last layer of ``fengsheng/engine/`` (state < machine < rule index < primitives); the rules
themselves live elsewhere, one home each: turn phases in ``flow/turn.py``, the passing steps in ``flow/passing.py``,
windows and the stack in ``flow/window.py``, deaths and victory in ``flow/settle.py``, each card type in
``cards/<type>.py``, each edition's deck, identity table and characters in ``editions/<edition>/``.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

from fengsheng.config import Config
from fengsheng.core.options import quote
from fengsheng.engine.primitives import Primitives
from fengsheng.errors import IllegalAction

RECORD_VERSION = 1


class Game(Primitives):
    """One game. See the module docstring, ``fengsheng/engine/`` and ``docs/engine.md``."""

    __slots__ = ()

    @classmethod
    def new(cls, config: Config | None = None, seed: int = 0) -> Game:
        """Set up a new game (S-SETUP) and run it to its first decision."""
        from fengsheng.flow.setup import Setup

        g = cls(config or Config(), seed)
        g.frames.append(Setup())
        g._advance()
        return g

    # ------------------------------------------------------------------------------------------------------
    # Views, records, copies
    # ------------------------------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know, as a JSON-able dict (``None`` = a spectator). See ``fengsheng.views``."""
        from fengsheng.views import view

        return view(self, self._viewer(seat))

    def events_for(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The event log from ``start`` as ``seat`` saw it (private parts only for their audience)."""
        seat = self._viewer(seat)
        if type(start) is not int:
            raise IllegalAction(f"start must be an event index, not {quote(start)}")
        return [e.for_seat(seat) for e in self.events[start:]]

    def _viewer(self, seat: int | None) -> int | None:
        """``seat`` checked as a viewer: ``None`` (a spectator) or a seat number of this game, an ``int`` (not a
        ``bool``, not negative: ``view(-1)`` must not be the last seat's private view). Else ``IllegalAction``."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.n):
            raise IllegalAction(f"no seat {quote(seat)} to view from: a seat is 0 to {self.n - 1}, or None")
        return seat

    def record(self) -> dict[str, Any]:
        """A JSON-able record: config, seed and every answered decision. ``fengsheng.record.replay`` re-runs it."""
        return {
            "version": RECORD_VERSION,
            "edition": self.config.edition,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "scenario": self.scenario,
            "decisions": [[s, str(o)] for s, o in self.history],
            "result": self.result,
            "digest": self.digest(),
        }

    def digest(self) -> str:
        """A fingerprint of the full event log (for replay checks)."""
        import hashlib
        import json

        h = hashlib.sha256()
        for e in self.events:
            h.update(json.dumps(e.full(), sort_keys=True, ensure_ascii=False).encode())
        return h.hexdigest()[:32]

    def clone(self) -> Game:
        """An independent copy for search: the same game, future included, sharing the immutable parts (the edition,
        the event records, the answered options). See ``engine/clone.py``; ``determinize`` hides the future."""
        from fengsheng.engine.clone import clone_game

        return clone_game(self)

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """A new game for search from ``seat``'s point of view: everything it knows kept, every hidden thing
        (other hands, the deck, face-down cards, unknown identities, face-down characters, the RNG) drawn again from
        ``rng``. See ``engine/determinize.py``."""
        from fengsheng.engine.determinize import determinize

        return determinize(self, seat, rng)

    def copy(self) -> Game:
        """An independent copy (a pickle round trip, about 3x faster than ``copy.deepcopy``)."""
        try:
            clone: Game = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        except (pickle.PicklingError, AttributeError, TypeError):  # e.g. a rule class defined inside a function
            clone = copy.deepcopy(self)
        return clone

    def __repr__(self) -> str:
        d = self.decision
        where = f"waiting on seat {d.seat} ({d.kind})" if d else f"over: {self.result}"
        return f"<Game {self.n}p seed={self.seed} turn={self.turn} {where}>"
