"""The route of intelligence: which seat a card in transit reaches next (S-METH-1..3, S-PASS-7, S-PASS-9, S-PREC-6).

One pure function on plain values, shared by the engine (``flow.passing.next_stop``, from the game's state) and by
the bots (from what a seat's view shows: ``transit`` gives sender, holder, method, target, direction, ``back`` and the
lured seats; ``locks`` and each seat's ``alive`` / ``lost`` give the rest).

Implements: S-METH-1..3, S-PASS-7, S-PASS-9, S-PREC-6.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from fengsheng.core.cards import DIRECT

DISCARDED = -1
"""The card would reach its sender, who is out of the game: it goes to the discard pile (S-PASS-7)."""
TURN_BACK = -2
"""A 直达 card whose target is out of the game or lured away turns back to its sender, through another Step 1
(S-PREC-6, S-PASS-11, A-78, A-32)."""


def route(
    holder: int,
    sender: int,
    direction: int,
    method: str,
    target: int,
    back: bool,
    in_game: Sequence[bool],
    lured: Collection[int],
    locks: Collection[int],
) -> int:
    """Where the card held by ``holder`` goes at the end of Step 1: a seat, :data:`TURN_BACK` or :data:`DISCARDED`.

    * 密电 and 文本 (S-METH-1, S-METH-3): the next seat from ``holder`` in ``direction`` (+1 counterclockwise, -1
      clockwise) that is in the game and not lured away, unless it is locked (S-PASS-9, S-PREC-1). Coming round to
      the sender, it is his (S-PASS-6), or discarded if he is out of the game (S-PASS-7).
    * 直达 (S-METH-2): the ``target``; ``back`` (the target declined, or it turned back) means to the sender. A target
      out of the game, or lured away and not locked, turns it back (S-PREC-6).

    ``in_game`` has one entry per seat; ``lured`` and ``locks`` are seats.
    """
    in_sender = in_game[sender]
    if method == DIRECT:
        if back:
            return sender if in_sender else DISCARDED
        if not in_game[target] or (target in lured and target not in locks):
            return TURN_BACK
        return target
    n = len(in_game)
    s = holder
    while True:
        s = (s + direction) % n
        if s == sender:
            return sender if in_sender else DISCARDED
        if not in_game[s]:
            continue  # S-PASS-9: dead players are skipped
        if s in lured and s not in locks:
            continue  # S-PASS-9: the card goes past a lured-away player
        return s


__all__ = ["DISCARDED", "TURN_BACK", "route"]
