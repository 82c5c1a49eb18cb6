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

from typing import TYPE_CHECKING, Any

from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from fengsheng.game import Game


def view(g: Game, seat: int | None) -> dict[str, Any]:
    seats_out = []
    known = g.knowledge[seat] if seat is not None else None
    learned = known.identities if known is not None else {}
    if g.identity_moves:  # a seat whose card was taken holds none, and everyone saw it taken (臨危受命)
        learned = {**learned, **{giver: "" for _, _, giver, _ in g.identity_moves}}
    for s in g.seats:
        known_identity = s.identity_revealed or s.index == seat or s.index in learned
        seats_out.append(
            {
                "seat": s.index,
                "alive": s.alive,
                "lost": s.lost,
                "hand_count": len(s.hand),
                "intel": list(s.intel),
                "identity": s.identity if known_identity else None,
                "character": s.character if (s.character is not None and (s.face_up or s.index == seat)) else None,
                "has_character": s.character is not None,
                "face_up": s.face_up,
                "sex": s.player_sex or None,
            }
        )
    v: dict[str, Any] = {
        "seat": seat,
        "players": g.n,
        "turn": g.turn,
        "current": g.current,
        "phase": g.phase,
        "deck_count": len(g.deck),
        "discard": list(g.discard),
        "probes_out_count": len(g.probes_out),
        "table_count": len(g.table),
        "locks": list(g.locks),
        "seats": seats_out,
        "death_order": list(g.death_order),
        # identity cards out of the game (臨危受命): face down, each known to whoever knew it
        "identities_out": [
            ident if shown or (known is not None and j in known.identities_out) else None
            for j, (ident, (_, _, _, shown)) in enumerate(zip(g.identity_out, g.identity_moves, strict=True))
        ],
        "variants": list(g.config.variants),
        "character_texts": g.config.character_texts,
    }
    p = g.passing
    if p is not None and not p.finished:
        v["transit"] = {
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
    else:
        v["transit"] = None
    stack = []
    for f in g.frames:
        if isinstance(f, Window):
            for u in f.stack:
                visible = not u.hidden or u.user == seat
                stack.append(
                    {
                        "uid": u.uid,
                        "user": u.user,
                        "use": u.use,
                        "target": u.target,
                        "ref": u.ref,
                        "card": u.card if (u.card >= 0 and visible) else None,
                        "window": f.kind,
                    }
                )
    v["stack"] = stack
    d = g.decision
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
    return v
