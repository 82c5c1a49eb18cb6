"""The game's random source: a seeded Mersenne Twister that a clone shares until one of the two games draws.

Copying a ``random.Random`` copies its 625-word state (``getstate``/``setstate``, about 20 µs: a fifth of a
clone), and after the deal a game draws rarely (a reshuffle of the discard pile, 老鬼 and 刘杰's blind picks). So
:meth:`GameRandom.fork` freezes the state into an immutable tuple that both games share, and each game rebuilds
its own generator from it on its first draw. The numbers drawn are exactly those of ``random.Random(seed)``: a
fork changes when the state is copied, never what it is.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_State = tuple[Any, ...]


class GameRandom:
    """The methods of ``random.Random`` the engine uses, over a generator that is live or a frozen state."""

    __slots__ = ("_live", "_state")

    def __init__(self, seed: int) -> None:
        self._live: random.Random | None = random.Random(seed)
        self._state: _State | None = None

    def _rng(self) -> random.Random:
        r = self._live
        if r is None:
            r = self._live = random.Random.__new__(random.Random)  # not seeded: the state is set next
            r.setstate(self._state)  # type: ignore[arg-type]  # frozen: _state is set whenever _live is None
            self._state = None
        return r

    def fork(self) -> GameRandom:
        """A generator with the same future; the state is frozen and shared until either draws."""
        if self._live is not None:
            self._state = self._live.getstate()
            self._live = None
        new = GameRandom.__new__(GameRandom)
        new._live = None
        new._state = self._state
        return new

    def getstate(self) -> _State:
        return self._state if self._live is None else self._live.getstate()  # type: ignore[return-value]

    def setstate(self, state: _State) -> None:
        self._live = None
        self._state = state

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """``random.Random.shuffle``, the same swaps from the same numbers (its loop and ``_randbelow`` written out:
        every game's setup shuffles the deck, and the calls cost more than the draws)."""
        bits = self._rng().getrandbits
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = bits(k)
            while j >= n:
                j = bits(k)
            x[i], x[j] = x[j], x[i]

    def randrange(self, n: int) -> int:
        return self._rng().randrange(n)

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        return self._rng().sample(population, k)

    def __getstate__(self) -> _State:
        return self.getstate()

    def __setstate__(self, state: _State) -> None:
        self.setstate(state)

    def __repr__(self) -> str:
        return f"GameRandom({'live' if self._live is not None else 'frozen'})"
