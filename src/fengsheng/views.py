"""Per-seat views: everything a seat may know, and nothing else (hidden information is sacred).

``view(g, seat)`` returns a JSON-able dict. A seat sees: its own hand (with what each card may be used as through its
character's conversions) and identity; the 试探 texts it used or received; every face-up thing (intelligence in front
of players, the discard pile, a 文本 card in transit); counts of the hidden zones (other hands, the deck, the probes
out of the game, the 真伪莫辨 layout); the card in transit only if it is face up or the seat sent or decoded it;
identities revealed by death, loss or the end of the game; the identity cards out of the game (致命香水's 臨危受命) that
it knows (``identities_out``, ``None`` for one it does not; a seat whose card was taken shows ``""``). A spectator
(``seat=None``) sees only what is public.
Card ids are public facts about the deck table, so an id appears only when its card is visible to the seat.

What a seat was told privately (its 试探 texts, identities it looked at, the characters it was dealt) is kept in the
state as the game goes (``engine/knowledge.py``), so a view never rescans the log.

Identities stay secret until revealed (S-ID-5); discards are face up, the discard pile in every view (S-TERM-14).

Implements: S-ID-5, S-TERM-14.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from fengsheng.core.state import Passing
    from fengsheng.game import Game


def view(g: Game, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know now (``None``: a spectator), as a fresh JSON-able dict."""
    return views(g, (seat,))[seat]


def views(g: Game, seats: Collection[int | None]) -> dict[int | None, dict[str, Any]]:
    """The views of several seats at one moment, each equal to ``view(g, seat)``, built together: what every seat
    sees alike (the public part of each seat's entry, the discard pile, the locks, the stack's face-up uses …) is
    built once and *shared* between the returned views, so they are read-only (a server sending every seat its
    update after a step; ``view`` itself shares nothing with another call)."""
    public_seats = []
    for s in g.seats:
        public_seats.append(
            {
                "seat": s.index,
                "alive": s.alive,
                "lost": s.lost,
                "hand_count": len(s.hand),
                "intel": list(s.intel),
                "identity": s.identity if s.identity_revealed else None,
                "character": s.character if (s.character is not None and s.face_up) else None,
                "has_character": s.character is not None,
                "face_up": s.face_up,
                "sex": s.player_sex or None,
            }
        )
    taken = {giver: "" for _, _, giver, _ in g.identity_moves}  # a seat whose card was taken holds none (臨危受命)
    common: dict[str, Any] = {
        "players": g.n,
        "turn": g.turn,
        "current": g.current,
        "phase": g.phase,
        "deck_count": len(g.deck),
        "discard": list(g.discard),
        "probes_out_count": len(g.probes_out),
        "table_count": len(g.table),
        "locks": list(g.locks),
    }
    death_order, variants = list(g.death_order), list(g.config.variants)
    p = g.passing
    transit = p if p is not None and not p.finished else None
    stack = [(f.kind, u) for f in g.frames if isinstance(f, Window) for u in f.stack]
    alone = len(seats) == 1  # one view (every bot decision): nothing to share, so entries are set in place
    public_stack = None if alone else [_use(kind, u, None) for kind, u in stack]
    d = g.decision
    out: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        known = g.knowledge[seat] if seat is not None else None
        learned = known.identities if known is not None else {}
        if taken:  # everyone saw the card taken
            learned = {**learned, **taken}
        seats_out = public_seats if alone else list(public_seats)
        for i in {*learned, *(() if seat is None else (seat,))}:
            s = g.seats[i]
            entry = seats_out[i] = public_seats[i] if alone else dict(public_seats[i])
            entry["identity"] = s.identity
            entry["character"] = s.character if (s.character is not None and (s.face_up or i == seat)) else None
        v: dict[str, Any] = {
            "seat": seat,
            **common,
            "seats": seats_out,
            "death_order": death_order,
            # identity cards out of the game (臨危受命): face down, each known to whoever knew it
            "identities_out": [
                ident if shown or (known is not None and j in known.identities_out) else None
                for j, (ident, (_, _, _, shown)) in enumerate(zip(g.identity_out, g.identity_moves, strict=True))
            ],
            "variants": variants,
            "character_texts": g.config.character_texts,
        }
        v["transit"] = _transit(transit, seat) if transit is not None else None
        if public_stack is None or (seat is not None and any(u.hidden and u.user == seat for _, u in stack)):
            v["stack"] = [_use(kind, u, seat) for kind, u in stack]
        else:
            v["stack"] = public_stack
        if d is not None:
            if d.private and seat != d.seat:
                # Who is being asked (to declare, to flip a face-down character) would reveal hidden information.
                v["decision"] = {"seat": None, "kind": "waiting", "context": ""}
            else:
                v["decision"] = {"seat": d.seat, "kind": d.kind, "context": d.context}
            if seat == d.seat:
                v["decision"]["options"] = [str(o) for o in d.options]
        else:
            v["decision"] = None
        if seat is not None:
            me = g.seats[seat]
            v["me"] = {
                "hand": list(me.hand),
                # per hand card (same order): what it may be used as, its own type first, then what its face-up
                # character converts it to (S-CARD-LOCK-5); the timing of each use still applies
                "uses": [list(g.card_uses(seat, c)) for c in me.hand],
                "identity": me.identity,
                "character": me.character,
                "probes": [dict(p) for p in known.probes] if known is not None else [],
                "characters_dealt": list(known.dealt) if known is not None else [],
                "can_declare": g.can_declare_now(seat),
            }
        v["result"] = g.result
        out[seat] = v
    return out


def _transit(p: Passing, seat: int | None) -> dict[str, Any]:
    """The intelligence in transit as ``seat`` sees it: its card only if face up or the seat knows it."""
    return {
        "sender": p.sender,
        "holder": p.holder,
        "method": p.method,
        "target": p.target,
        "direction": p.direction,
        "back": p.back,
        "step": p.step,
        "face_up": p.face_up,
        "lured": list(p.lured),
        "card": p.card if p.visible_to(seat) else None,
    }


def _use(kind: str, u: Any, seat: int | None) -> dict[str, Any]:
    """A pending use on the stack as ``seat`` sees it: a face-down card (a 试探) only for its user."""
    visible = not u.hidden or u.user == seat
    return {
        "uid": u.uid,
        "user": u.user,
        "use": u.use,
        "target": u.target,
        "ref": u.ref,
        "card": u.card if (u.card >= 0 and visible) else None,
        "window": kind,
    }
