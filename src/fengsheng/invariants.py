"""Engine invariants, checked by the fuzz tests after every decision.

* Each card of the edition (81 standard, 108 千智风声) is in exactly one zone: the deck, the discard pile, the probes out of the game, the
  真伪莫辨 layout, a hand, the intelligence in front of a player, the card in transit, or a pending / resolving use.
* The identity cards dealt are all still there: held by a seat or out of the game face down (臨危受命, A-91); a seat
  holds none only if its card was taken.
* No negative counts; dead and lost players hold no cards; the pending decision (if any) has at least one option and
  belongs to a seat in the game (or a seat deciding about his own death).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from fengsheng.core.cards import NO_IDENTITY
from fengsheng.flow.window import Resolve, Window

if TYPE_CHECKING:
    from fengsheng.game import Game


class InvariantError(AssertionError):
    """An engine invariant does not hold (a bug in the engine, never a player's mistake)."""


def card_zones(g: Game) -> dict[int, list[str]]:
    """Map every card id to the zones it is found in (exactly one when the invariant holds)."""
    where: dict[int, list[str]] = {c: [] for c in range(len(g.edition.deck))}

    def put(cards: list[int] | tuple[int, ...], zone: str) -> None:
        for c in cards:
            where.setdefault(c, []).append(zone)

    put(g.deck, "deck")
    put(g.discard, "discard")
    put(g.probes_out, "probes_out")
    put(g.table, "table")
    put(g.aside, "aside")
    for s in g.seats:
        put(s.hand, f"hand{s.index}")
        put(s.intel, f"intel{s.index}")
    p = g.passing
    if p is not None and not p.finished:
        put([p.card], "transit")
    for f in g.frames:
        if isinstance(f, Window):
            put([u.card for u in f.stack if u.card >= 0], "stack")
        elif isinstance(f, Resolve) and f.use.card >= 0:
            put([f.use.card], "resolving")
    return where


def check(g: Game) -> None:
    """Raise :class:`InvariantError` if an invariant fails."""
    where = card_zones(g)
    bad = {c: z for c, z in where.items() if len(z) != 1}
    if bad:
        raise InvariantError(f"cards not in exactly one zone: {bad}")
    if len(where) != len(g.edition.deck):
        raise InvariantError(f"{len(where)} card ids instead of {len(g.edition.deck)}")
    dealt = Counter(e["identity"] for e in g.events if e.kind == "identity")
    if dealt:
        held = Counter(s.identity for s in g.seats if s.identity != NO_IDENTITY) + Counter(g.identity_out)
        if held != dealt:
            raise InvariantError(f"identity cards {dict(held)} held or out, {dict(dealt)} dealt")
        without = [s.index for s in g.seats if s.identity == NO_IDENTITY]
        givers = sorted(giver for _, _, giver, _ in g.identity_moves)
        if without != givers:
            raise InvariantError(f"seats {without} hold no identity card; cards were taken from {givers}")
    in_game = sum(1 for s in g.seats if s.in_game)
    if in_game != g.in_game_count or in_game < 0:
        raise InvariantError(f"in_game_count {g.in_game_count} but {in_game} seats in game")
    for s in g.seats:
        if not s.in_game and (s.hand or s.intel):
            raise InvariantError(f"seat {s.index} is out of the game but holds cards")
    d = g.decision
    if d is None:
        if g.result is None:
            raise InvariantError("no decision pending but the game is not over")
    else:
        if not d.options:
            raise InvariantError(f"decision without options: {d}")
        if g.result is not None:
            raise InvariantError("a decision is pending after the game ended")
