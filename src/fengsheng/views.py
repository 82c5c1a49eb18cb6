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
from typing import TYPE_CHECKING, Any, Final

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


_SHARED: Final = (
    "players",
    "turn",
    "current",
    "phase",
    "deck_count",
    "discard",
    "probes_out_count",
    "table_count",
    "locks",
    "death_order",
    "variants",
    "character_texts",
    "result",
)  # a view's keys whose value is the same for every seat


class ViewBuilder:
    """The views of one game's seats, step after step, for a server that sends each connection a patch from the view
    it has to the new one.

    :meth:`views` returns what ``views(g, seats)`` returns (each view equal to ``view(g, seat)``), but every part of
    it equal to the one this builder returned before (for the same seat, or the part every seat shares) *is* that
    earlier object, read-only as before: the seats' public entries, a seat's own entry and its ``seats`` list, the
    discard pile, the locks, the card in transit, the stack, the decision, a seat's ``me``. A part is reused only
    after what it is made from was compared whole with what the game holds now (never on a guess that nothing
    changed: a step with no event still moves the card in transit, the phase, the discard pile), so the views are
    exactly ``view``'s; ``tests/contract/test_views.py`` checks them at every step of whole games.

    Knowing what it reused, it also knows what changed: :meth:`patch` gives the keys of a seat's view that differ
    from the view it returned for that seat the time before (what ``server.protocol.patch`` would find, without
    comparing every key)."""

    __slots__ = (
        "_built",
        "_calls",
        "_changes",
        "_common",
        "_decision",
        "_known_entries",
        "_last",
        "_me",
        "_moved",
        "_options",
        "_own",
        "_public",
        "_sigs",
        "_stack",
        "_transit",
        "_waiting",
        "g",
    )

    def __init__(self, g: Game) -> None:
        self.g = g
        self._public: list[dict[str, Any]] = [{} for _ in range(g.n)]  # the seats' public entries
        self._sigs: list[tuple[Any, ...]] = [() for _ in range(g.n)]  # what each was made from (intel: a copy)
        self._common: dict[str, Any] = {}  # the last call's template: the shared values, the others to fill
        self._moved: dict[str, Any] = {}  # the shared values that changed at the last call
        self._transit: list[dict[str, Any] | None] = [None, None]  # the card in transit: hidden from, shown to
        self._stack: list[dict[str, Any]] = []  # the stack as a seat without a hidden use on it sees it
        self._decision: dict[str, Any] | None = None  # the decision as the seats not asked see it
        self._options: tuple[Any, list[str]] = ((), [])  # a decision's options and their notations
        self._waiting = {"seat": None, "kind": "waiting", "context": ""}
        self._calls = 0
        self._last: dict[int | None, dict[str, Any]] = {}  # by seat: the view returned last
        self._built: dict[int | None, int] = {}  # by seat: the call that built it
        self._changes: dict[
            int | None, tuple[dict[str, Any], dict[str, Any]]
        ] = {}  # by seat: (the view before, what changed)
        # by seat: its entry as it sees itself (identity, character) and as a seat that knows its identity sees it,
        # each with the public entry and what else it was made from
        self._own: list[tuple[Any, ...]] = [(None,)] * g.n
        self._known_entries: list[tuple[Any, ...]] = [(None,)] * g.n
        self._me: dict[int, tuple[list[Any], dict[str, Any]]] = {}  # by seat: what its ``me`` was made from, and it

    def _known(self, i: int) -> dict[str, Any]:
        """Seat ``i``'s entry as another seat that knows its identity sees it (its character only if face up, as in
        the public entry): made again only when the public entry or the identity changed."""
        entry, identity = self._public[i], self.g.seats[i].identity
        memo = self._known_entries[i]
        if memo[0] is not entry or memo[1] != identity:
            made = dict(entry)
            made["identity"] = identity
            memo = self._known_entries[i] = (entry, identity, made)
        return memo[2]  # type: ignore[no-any-return]

    def patch(self, seat: int | None, old: dict[str, Any] | None, new: dict[str, Any]) -> dict[str, Any] | None:
        """The keys of ``new`` whose value differs from ``old``'s, if ``new`` is the view this builder returned last
        for ``seat`` and ``old`` the one it returned for ``seat`` the time before; else ``None`` (compare them:
        ``server.protocol.patch``). The two have the same keys."""
        got = self._changes.get(seat)
        if got is None or got[0] is not old or self._last.get(seat) is not new:
            return None
        return got[1]

    def views(self, seats: Collection[int | None]) -> dict[int | None, dict[str, Any]]:
        """Every seat of ``seats``' view now (``None``: the spectator), reusing the unchanged parts."""
        g = self.g
        public, sigs, own = self._public, self._sigs, self._own
        for s in g.seats:
            ch, face, i = s.character, s.face_up, s.index
            sig = (
                s.alive,
                s.lost,
                len(s.hand),
                s.identity if s.identity_revealed else None,
                ch if (ch is not None and face) else None,
                ch is not None,
                face,
                s.player_sex or None,
                s.intel,
            )
            if sig != sigs[i]:
                intel = list(s.intel)
                sigs[i] = (*sig[:-1], intel)
                public[i] = {
                    "seat": i,
                    "alive": sig[0],
                    "lost": sig[1],
                    "hand_count": sig[2],
                    "intel": intel,
                    "identity": sig[3],
                    "character": sig[4],
                    "has_character": sig[5],
                    "face_up": face,
                    "sex": sig[7],
                }
            entry = public[i]
            mine = own[i]  # the entry as the seat itself sees it: its identity and character
            if mine[0] is not entry or mine[1] != s.identity or mine[2] != ch:
                made = dict(entry)
                made["identity"], made["character"] = s.identity, ch
                own[i] = (entry, s.identity, ch, made)
        old = self._common
        if old:
            discard, locks, death_order, variants = old["discard"], old["locks"], old["death_order"], old["variants"]
            if discard != g.discard:
                discard = list(g.discard)
            if locks != g.locks:
                locks = list(g.locks)
            if death_order != g.death_order:
                death_order = list(g.death_order)
        else:
            discard, locks, death_order = list(g.discard), list(g.locks), list(g.death_order)
            variants = list(g.config.variants)
        common: dict[str, Any] = {
            "seat": None,
            "players": g.n,
            "turn": g.turn,
            "current": g.current,
            "phase": g.phase,
            "deck_count": len(g.deck),
            "discard": discard,
            "probes_out_count": len(g.probes_out),
            "table_count": len(g.table),
            "locks": locks,
            "seats": None,
            "death_order": death_order,
            "identities_out": None,
            "variants": variants,
            "character_texts": g.config.character_texts,
            "transit": None,
            "stack": None,
            "decision": None,
            "me": None,
            "result": g.result,
        }
        self._common = common
        moved: dict[str, Any] = {}
        if old:
            for k in _SHARED:
                x, y = common[k], old[k]
                if x is not y and x != y:
                    moved[k] = x
        self._moved = moved
        self._calls += 1
        calls = self._calls
        moves = g.identity_moves
        taken = {giver: "" for _, _, giver, _ in moves} if moves else None  # a seat whose card was taken holds none
        p = g.passing
        transit = p if p is not None and not p.finished else None
        transits: list[dict[str, Any] | None] = [None, None]
        stack = []
        for f in g.frames:
            if type(f) is Window and f.stack:  # (Window has no subclass: no ABC isinstance per frame)
                stack += [(f.kind, u) for u in f.stack]
        public_stack = self._stack
        if stack or public_stack:
            built = [_use(kind, u, None) for kind, u in stack]
            if built != public_stack:
                self._stack = public_stack = built
        d = g.decision
        decision = options = None
        if d is not None:
            decision = self._decision
            if decision is None or (decision["seat"], decision["kind"], decision["context"]) != (
                d.seat,
                d.kind,
                d.context,
            ):
                self._decision = decision = {"seat": d.seat, "kind": d.kind, "context": d.context}
            if self._options[0] is not d.options:
                self._options = (d.options, [str(o) for o in d.options])
            options = self._options[1]
        last, me_memo, built_at, changes = self._last, self._me, self._built, self._changes
        gseats = g.seats
        out: dict[int | None, dict[str, Any]] = {}
        for seat in seats:
            before = last.get(seat)
            diff: dict[str, Any] | None = None  # what changed since ``before``
            if before is not None:
                diff = dict(moved) if built_at.get(seat) == calls - 1 else _moved(common, before, _SHARED)
            known = g.knowledge[seat] if seat is not None else None
            seats_out = list(public)
            learned: Collection[int] = () if known is None else known.identities  # seats whose identity it knows
            if taken:  # everyone saw the card taken
                learned = {*learned, *taken}
            for i in learned:
                if i != seat:
                    seats_out[i] = self._known(i)
            if seat is not None:
                seats_out[seat] = own[seat][3]
            v = dict(common)
            v["seat"] = seat
            if before is not None and seats_out == before["seats"]:
                seats_out = before["seats"]
            elif diff is not None:
                diff["seats"] = seats_out
            v["seats"] = seats_out
            if moves:
                identities_out = [
                    ident if shown or (known is not None and j in known.identities_out) else None
                    for j, (ident, (_, _, _, shown)) in enumerate(zip(g.identity_out, moves, strict=True))
                ]
            else:
                identities_out = []
            if before is not None and identities_out == before["identities_out"]:
                identities_out = before["identities_out"]
            elif diff is not None:
                diff["identities_out"] = identities_out
            v["identities_out"] = identities_out
            if transit is not None:
                shown = transit.visible_to(seat)
                t = transits[shown]
                if t is None:
                    t = _transit(transit, seat)
                    if t == self._transit[shown]:
                        t = self._transit[shown]
                    transits[shown] = self._transit[shown] = t
                v["transit"] = t
            if stack and seat is not None and any(u.hidden and u.user == seat for _, u in stack):
                hidden = [_use(kind, u, seat) for kind, u in stack]
                v["stack"] = before["stack"] if before is not None and hidden == before["stack"] else hidden
            else:
                v["stack"] = public_stack
            if d is not None:
                if seat == d.seat:
                    asked = {"seat": seat, "kind": d.kind, "context": d.context, "options": options}
                    v["decision"] = before["decision"] if before is not None and asked == before["decision"] else asked
                elif d.private:
                    # Who is being asked (to declare, to flip a face-down character) would reveal hidden information.
                    v["decision"] = self._waiting
                else:
                    v["decision"] = decision
            if diff is not None:
                assert before is not None
                for k in ("transit", "stack", "decision"):
                    x, y = v[k], before[k]
                    if x is not y and x != y:
                        diff[k] = x
            if seat is not None:
                me = gseats[seat]
                assert known is not None
                hand, probes, card_uses = me.hand, known.probes, g.card_uses
                # what ``me`` is made from, in one flat list (one cold object to compare with, not a dozen): the
                # identity, the character, whether it may declare, how many probe texts, the characters dealt, the
                # hand and each card's uses, the variable parts each ended by None
                if not g.seat_conversions[seat] and not g.seat_live_victory[seat]:
                    # no conversion or live mission: a card's uses are its own type, fixed by the hand; may it
                    # declare is the settled flag (can_declare_now)
                    made_of = [me.identity, me.character, g.declarable[seat], len(probes), *known.dealt, None, *hand]
                else:
                    made_of = [me.identity, me.character, g.can_declare_now(seat), len(probes), *known.dealt, None]
                    made_of += hand
                    for c in hand:
                        made_of.append(None)
                        made_of += card_uses(seat, c)
                memo_me = me_memo.get(seat)  # made with the view before (the seat's ``me`` then)
                if memo_me is not None and memo_me[0] == made_of and (not probes or memo_me[1]["probes"] == probes):
                    v["me"] = memo_me[1]
                else:
                    v["me"] = m = {
                        "hand": list(hand),
                        # per hand card (same order): what it may be used as, its own type first, then what its
                        # face-up character converts it to (S-CARD-LOCK-5); the timing of each use still applies
                        "uses": [list(card_uses(seat, c)) for c in hand],
                        "identity": me.identity,
                        "character": me.character,
                        "probes": [dict(p) for p in probes],
                        "characters_dealt": list(known.dealt),
                        "can_declare": made_of[2],
                    }
                    me_memo[seat] = (made_of, m)
                    if diff is not None:
                        diff["me"] = m
            else:
                del v["me"]
            if before is not None:
                assert diff is not None
                changes[seat] = (before, diff)
            out[seat] = last[seat] = v
            built_at[seat] = calls
        return out


def _moved(new: dict[str, Any], old: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """The values of ``keys`` in ``new`` that differ from ``old``'s."""
    out = {}
    for k in keys:
        x, y = new[k], old[k]
        if x is not y and x != y:
            out[k] = x
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
