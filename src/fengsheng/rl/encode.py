"""The observation tensor of one seat: a fixed-shape float32 vector of what that seat may know (``docs/rl.md`` lists
every slice), built fast.

What goes in is what ``g.view(seat)`` shows, read from the state with the view's own visibility rules
(``fengsheng/views.py``), plus the seat's memory: public statistics of the events every seat saw (uses by type and
target, declines, how intelligence was obtained, 试探 answers), kept incrementally from the new events only, and
what the seat was told privately as the engine keeps it (``g.knowledge[seat]``: identities it looked at, the cards
it knows to be in other hands, the 试探 texts it read). Seats are relative: block 0 is the observing seat, block k
the seat k places counterclockwise from it.

Every value is in [0, 1] (counts are divided by a scale and clipped). A ``Layout`` names the slices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from fengsheng.config import Config
from fengsheng.core.cards import BYSTANDER, CARD_TYPES, DIRECT, MILITARY_INTEL, SECRET, TEXT, UNDERGROUND
from fengsheng.core.options import (
    CHOOSE_CHARACTER,
    DECLARE_KIND,
    DISCARD_KIND,
    PICK_KIND,
    PRIORITY,
    RECEIVE,
    RESPOND_KIND,
    SEND_KIND,
    SKILL_CHOICE,
)
from fengsheng.editions import get_edition
from fengsheng.engine.knowledge import hand_marks
from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from fengsheng.game import Game

IDENTITIES = (UNDERGROUND, MILITARY_INTEL, BYSTANDER)
METHODS = (SECRET, DIRECT, TEXT)
COLOURS = ("red", "blue", "black")
PHASES = ("start", "draw", "play", "pass", "end")
STEPS = ("step1", "step2", "step3")
WINDOWS = ("play", "step1", "step2", "end")
DECISION_KINDS = (
    PRIORITY,
    SEND_KIND,
    RECEIVE,
    DISCARD_KIND,
    RESPOND_KIND,
    PICK_KIND,
    DECLARE_KIND,
    CHOOSE_CHARACTER,
    SKILL_CHOICE,
)
CONTEXTS = ("play", "step1", "step2", "end", "pass", "step3", "probe", "true_or_false", "setup", "settle", "uniform")
"""Decision contexts with their own slot; a skill's question (``C-…``) has the next one, anything else the last."""
USES = (*CARD_TYPES, "skill")
HOWS = ("accept", "forced", "intercept", "true_or_false", "skill")
ANSWERS = ("line", "draw", "discard", "discard_none")
STACK_TOP = 4
"""How many pending uses, from the top of the stack, are encoded one by one."""
SCALE = 8.0
"""Event counts are divided by this and clipped to 1."""


class Slice(NamedTuple):
    name: str
    start: int
    size: int
    what: str


class Layout:
    """The slices of the observation vector for one configuration (``slices``, in order; ``size`` in all)."""

    def __init__(self, config: Config) -> None:
        self.n = n = config.players
        edition = get_edition(config.edition)
        self.cards = cards = len(edition.card_type)
        self.characters = chars = (
            list(edition.pool(config.character_pool, config.character_texts)) if config.characters else []
        )
        C = len(chars)
        self.seat_features = 13 + C
        self.stack_features = 1 + n + len(USES) + n + len(WINDOWS) + cards
        self.slices: list[Slice] = []
        self._at: dict[str, int] = {}
        add = self._add
        add(
            "decision.kind",
            len(DECISION_KINDS),
            "the seat's own pending decision: kind one-hot " + ", ".join(DECISION_KINDS),
        )
        add(
            "decision.context",
            len(CONTEXTS) + 2,
            "its context one-hot: " + ", ".join(CONTEXTS) + ", a skill's question, other",
        )
        add("me.identity", 3, "own identity one-hot: " + ", ".join(IDENTITIES))
        add("me.character", C, "own character one-hot (the pool, sorted); empty without characters")
        add("me.face_up", 1, "own character face up")
        add("me.dealt", C, "the characters dealt to choose from (setup)")
        add("me.hand", cards, "own hand, one bit per card id")
        add(
            "seats",
            n * self.seat_features,
            f"per relative seat ({self.seat_features} each): alive, lost, hand count/10, red/3, blue/3, black/3 "
            "intelligence, identity known one-hot (3), current player, locked this turn, lured, character face up, "
            "character one-hot (face up, or own)",
        )
        add("seats.intel", n * cards, "per relative seat: its intelligence, one bit per card id")
        add(
            "seats.known_hand",
            n * cards,
            "per relative seat: cards the observer knows are in that hand now (given, taken, inspected, shown)",
        )
        add(
            "zones",
            5 + len(PHASES),
            "deck/81, discard pile/81, probes out/18, 真伪莫辨 layout/9, turn/40, phase one-hot: " + ", ".join(PHASES),
        )
        add("zones.discard", cards, "the face-up discard pile, one bit per card id")
        add(
            "transit",
            5 + len(METHODS) + len(STEPS) + 4 * n,
            "the intelligence in transit: present, face up, turned back, clockwise, card known, method one-hot (3), "
            "step one-hot (3), sender, holder, 直达 target, lured seats (relative, n each)",
        )
        add("transit.card", cards, "its card id, when the observer may see it")
        add("stack.depth", 1, "pending uses / 8")
        add(
            "stack.top",
            STACK_TOP * self.stack_features,
            f"the {STACK_TOP} newest pending uses, newest first ({self.stack_features} each): present, user "
            "(relative), used as one-hot (9 card types, skill), target (relative), window one-hot (4), card id when "
            "visible",
        )
        add("memory.uses", n * len(USES), "public, per relative seat: uses made by type (9 card types, skill), /8")
        add("memory.aimed", n * n, "public: uses by seat i aimed at seat j (relative i, j), /8")
        add("memory.declined", n, "public, per relative seat: intelligence declined, /8")
        add(
            "memory.obtained",
            n * len(HOWS),
            "public, per relative seat: intelligence obtained by how: " + ", ".join(HOWS) + ", /8",
        )
        add(
            "memory.answers",
            n * len(ANSWERS),
            "public, per relative target seat: 试探 answers: " + ", ".join(ANSWERS) + ", /8",
        )
        add(
            "memory.probes",
            n * len(IDENTITIES) * len(ANSWERS),
            "private, per relative target seat: answers to 试探 whose text the observer read, by the identity the "
            "card named (3) and the answer (4), /8",
        )
        self.size = sum(s.size for s in self.slices)

    def _add(self, name: str, size: int, what: str) -> None:
        start = sum(s.size for s in self.slices)
        self.slices.append(Slice(name, start, size, what))
        self._at[name] = start

    def at(self, name: str) -> int:
        return self._at[name]


class Encoder:
    """Builds observation vectors for every seat of one game.

    The public part (what every seat sees alike) is built once per state (:meth:`signature`) in absolute seats and
    turned into each seat's relative order with one precomputed index array (``perm[seat]``); the private part
    (own hand, identity and character, identities learned, cards known in other hands, the card in transit or on
    the stack when only this seat may see it, the 试探 texts it read, its decision) is added per seat. The public
    memory of events is kept incrementally from the new events only (:meth:`sync`).
    """

    def __init__(self, layout: Layout) -> None:
        self.layout = L = layout
        n = L.n
        self.cursor = 0
        self.use_index = {u: i for i, u in enumerate(CARD_TYPES)}
        self.how_index = {h: i for i, h in enumerate(HOWS)}
        self.answer_index = {a: i for i, a in enumerate(ANSWERS)}
        self.kind_index = {k: i for i, k in enumerate(DECISION_KINDS)}
        self.context_index = {c: i for i, c in enumerate(CONTEXTS)}
        self.identity_index = {x: i for i, x in enumerate(IDENTITIES)}
        self.method_index = {m: i for i, m in enumerate(METHODS)}
        self.phase_index = {p: i for i, p in enumerate(PHASES)}
        self.step_index = {p: i for i, p in enumerate(STEPS)}
        self.window_index = {w: i for i, w in enumerate(WINDOWS)}
        self.character_index = {c: i for i, c in enumerate(L.characters)}
        # offsets used on every call
        self.at_kind = L.at("decision.kind")
        self.at_context = L.at("decision.context")
        self.at_identity = L.at("me.identity")
        self.at_character = L.at("me.character")
        self.at_face_up = L.at("me.face_up")
        self.at_dealt = L.at("me.dealt")
        self.at_hand = L.at("me.hand")
        self.at_seats = L.at("seats")
        self.at_intel = L.at("seats.intel")
        self.at_known = L.at("seats.known_hand")
        self.at_zones = L.at("zones")
        self.at_discard = L.at("zones.discard")
        self.at_transit = L.at("transit")
        self.at_transit_card = L.at("transit.card")
        self.at_depth = L.at("stack.depth")
        self.at_stack = L.at("stack.top")
        self.at_uses = L.at("memory.uses")
        self.at_aimed = L.at("memory.aimed")
        self.at_declined = L.at("memory.declined")
        self.at_obtained = L.at("memory.obtained")
        self.at_answers = L.at("memory.answers")
        self.at_probes = L.at("memory.probes")
        self.mem_start = self.at_uses
        self.mem_end = self.at_probes
        self.memory: NDArray[np.float32] = np.zeros(self.mem_end - self.mem_start, np.float32)
        perms = L.__dict__.get("_perms")
        if perms is None:
            perms = L.__dict__["_perms"] = [self._perm(s) for s in range(n)]  # the same for every game of the layout
        self.perm: list[NDArray[np.intp]] = perms
        self.probe_cache: dict[int, tuple[tuple[int, int], list[int]]] = {}
        self.public: tuple[tuple[Any, ...], NDArray[np.float32]] | None = None
        self.hidden_uses: list[tuple[int, int, int]] = []  # (slot of the card bits, user, card) of face-down uses
        # the intelligence and discard bits, updated when those zones change (compared with what was last encoded)
        self.intel_bits: NDArray[np.float32] = np.zeros(n * L.cards, np.float32)
        self.intel_seen: list[tuple[list[int], list[float]]] = [([], [0.0, 0.0, 0.0]) for _ in range(n)]
        self.discard_bits: NDArray[np.float32] = np.zeros(L.cards, np.float32)
        self.discard_seen: list[int] = []

    def _perm(self, seat: int) -> NDArray[np.intp]:
        """rel position -> abs position: seat-indexed blocks and seat one-hots turned to ``seat``'s order."""
        L = self.layout
        n = L.n
        perm = np.arange(L.size, dtype=np.intp)

        def rot(r: int) -> int:
            return (seat + r) % n

        def blocks(at: int, width: int) -> None:
            for r in range(n):
                perm[at + r * width : at + (r + 1) * width] = np.arange(width) + at + rot(r) * width

        def onehot(at: int) -> None:
            for r in range(n):
                perm[at + r] = at + rot(r)

        blocks(self.at_seats, L.seat_features)
        blocks(self.at_intel, L.cards)
        blocks(self.at_known, L.cards)
        t = self.at_transit + 11
        for k in range(4):
            onehot(t + k * n)
        U = len(USES)
        for k in range(STACK_TOP):
            b = self.at_stack + k * L.stack_features
            onehot(b + 1)
            onehot(b + 1 + n + U)
        blocks(self.at_uses, U)
        for r in range(n):
            for q in range(n):
                perm[self.at_aimed + r * n + q] = self.at_aimed + rot(r) * n + rot(q)
        onehot(self.at_declined)
        blocks(self.at_obtained, len(HOWS))
        blocks(self.at_answers, len(ANSWERS))
        blocks(self.at_probes, len(IDENTITIES) * len(ANSWERS))
        return perm

    def copy(self) -> Encoder:
        e = object.__new__(Encoder)
        e.__dict__.update(self.__dict__)
        e.memory = self.memory.copy()
        e.probe_cache = dict(self.probe_cache)
        e.intel_bits = self.intel_bits.copy()
        e.intel_seen = list(self.intel_seen)
        e.discard_bits = self.discard_bits.copy()
        return e  # the public array is never written once built, so it may be shared

    # --- the public memory, from the new events -----------------------------------------------------------------
    def sync(self, g: Game) -> None:
        events = g.events
        if self.cursor == len(events):
            return
        n = self.layout.n
        mem = self.memory
        step = 1.0 / SCALE
        U, H, A = len(USES), len(HOWS), len(ANSWERS)
        o_aimed = self.at_aimed - self.mem_start
        o_declined = self.at_declined - self.mem_start
        o_obtained = self.at_obtained - self.mem_start
        o_answers = self.at_answers - self.mem_start
        for e in events[self.cursor :]:
            kind = e.kind
            if kind == "use":
                seat = e["seat"]
                mem[seat * U + self.use_index.get(e["use"], U - 1)] += step
                t = e["target"]
                if t is not None and t >= 0:
                    mem[o_aimed + seat * n + t] += step
            elif kind == "decline":
                mem[o_declined + e["seat"]] += step
            elif kind == "obtain":
                h = self.how_index.get(e["how"])
                if h is not None:
                    mem[o_obtained + e["seat"] * H + h] += step
            elif kind == "probe_answer":
                a = self.answer_index.get(e["answer"])
                if a is not None:
                    mem[o_answers + e["seat"] * A + a] += step
        self.cursor = len(events)

    def signature(self, g: Game) -> tuple[Any, ...]:
        """What the public part depends on besides the events: every state change emits an event
        (``engine/primitives.py``), except the moves of the card in transit between steps and the frames pushed."""
        p = g.passing
        return (
            len(g.events),
            len(g.frames),
            g.phase,
            g.turn,
            g.current,
            None if p is None else (p.finished, p.step, p.holder, p.direction, p.back, len(p.lured)),
        )

    # --- vectors --------------------------------------------------------------------------------------------------
    def encode(self, g: Game, seat: int) -> NDArray[np.float32]:
        """The observation vector of ``seat`` now (a new array)."""
        sig = self.signature(g)
        pub = self.public
        if pub is None or pub[0] != sig:
            pub = self.public = (sig, self.encode_public(g))
        out = pub[1][self.perm[seat]]
        ones = self.private_ones(g, seat)
        if ones:
            out[ones] = 1.0
        self.private_values(g, seat, out)
        return out

    def encode_public(self, g: Game) -> NDArray[np.float32]:
        """What every seat sees, in absolute seats (seat r's block = the block of relative seat r for seat 0)."""
        self.sync(g)
        L = self.layout
        n = L.n
        cards = L.cards
        buf = np.zeros(L.size, np.float32)
        ones: list[int] = []
        put = ones.append
        ci = self.character_index
        colour = g.edition.card_colour
        at_seats, at_intel, F = self.at_seats, self.at_intel, L.seat_features
        p = g.passing
        transit = p is not None and not p.finished
        lured = p.lured if p is not None and transit else ()
        locks = g.locks
        intel_seen, intel_bits = self.intel_seen, self.intel_bits
        for s in g.seats:
            i = s.index
            base = at_seats + i * F
            if s.alive:
                put(base)
            if s.lost:
                put(base + 1)
            if s.hand:
                buf[base + 2] = min(len(s.hand) / 10.0, 1.0)
            if s.intel != intel_seen[i][0]:  # the card bits and colour counts change only when the area does
                row = intel_bits[i * cards : (i + 1) * cards]
                row[:] = 0.0
                counts = [0, 0, 0]
                for c in s.intel:
                    row[c] = 1.0
                    col = colour[c]
                    counts[0 if col == "red" else 1 if col == "blue" else 2] += 1
                intel_seen[i] = (list(s.intel), [min(k / 3.0, 1.0) for k in counts])
            buf[base + 3 : base + 6] = intel_seen[i][1]
            if s.identity and s.identity_revealed:
                put(base + 6 + self.identity_index[s.identity])
            if s.index == g.current:
                put(base + 9)
            if s.index in locks:
                put(base + 10)
            if s.index in lured:
                put(base + 11)
            if s.face_up:
                put(base + 12)
                if s.character in ci:
                    put(base + 13 + ci[s.character])
        at = self.at_zones
        buf[at] = len(g.deck) / cards
        buf[at + 1] = len(g.discard) / cards
        buf[at + 2] = min(len(g.probes_out) / 18.0, 1.0)
        buf[at + 3] = min(len(g.table) / 9.0, 1.0)
        buf[at + 4] = min(g.turn / 40.0, 1.0)
        ph = self.phase_index.get(g.phase)
        if ph is not None:
            put(at + 5 + ph)
        if g.discard != self.discard_seen:
            self.discard_bits[:] = 0.0
            if g.discard:
                self.discard_bits[g.discard] = 1.0
            self.discard_seen = list(g.discard)
        buf[self.at_discard : self.at_discard + cards] = self.discard_bits
        buf[at_intel : at_intel + L.n * cards] = intel_bits
        if transit and p is not None:
            at = self.at_transit
            put(at)
            if p.face_up:
                put(at + 1)
                put(at + 4)
                put(self.at_transit_card + p.card)
            if p.back:
                put(at + 2)
            if p.direction < 0:
                put(at + 3)
            put(at + 5 + self.method_index[p.method])
            st = self.step_index.get(p.step)
            if st is not None:
                put(at + 8 + st)
            at += 11
            put(at + p.sender)
            put(at + n + p.holder)
            if p.target >= 0:
                put(at + 2 * n + p.target)
            for s2 in p.lured:
                put(at + 3 * n + s2)
        stack = [(u, f.kind) for f in g.frames if isinstance(f, Window) for u in f.stack]
        hidden: list[tuple[int, int, int]] = []
        self.hidden_uses = hidden
        if stack:
            buf[self.at_depth] = min(len(stack) / 8.0, 1.0)
            S = L.stack_features
            U = len(USES)
            for k, (u, wkind) in enumerate(reversed(stack[-STACK_TOP:])):
                b = self.at_stack + k * S
                put(b)
                put(b + 1 + u.user)
                put(b + 1 + n + self.use_index.get(u.use, U - 1))
                if u.target >= 0:
                    put(b + 1 + n + U + u.target)
                w = self.window_index.get(wkind)
                if w is not None:
                    put(b + 1 + 2 * n + U + w)
                if u.card >= 0:
                    if not u.hidden:
                        put(b + 1 + 2 * n + U + len(WINDOWS) + u.card)
                    else:  # its user's private bit (the block of the newest uses is not rotated by seat)
                        hidden.append((b + 1 + 2 * n + U + len(WINDOWS), u.user, u.card))
        buf[ones] = 1.0
        buf[self.mem_start : self.mem_end] = np.minimum(self.memory, 1.0)
        return buf

    def private_ones(self, g: Game, seat: int) -> list[int]:
        """The bits only ``seat`` may set, in its relative layout."""
        L = self.layout
        n = L.n
        ones: list[int] = []
        put = ones.append
        me = g.seats[seat]
        d = g.decision
        if d is not None and d.seat == seat:
            put(self.at_kind + self.kind_index[d.kind])
            ctx = d.context
            c = self.context_index.get(ctx)
            if c is None:
                c = len(CONTEXTS) if ctx.startswith("C-") else len(CONTEXTS) + 1
            put(self.at_context + c)
        ident = self.identity_index
        if me.identity:
            put(self.at_identity + ident[me.identity])
            put(self.at_seats + 6 + ident[me.identity])
        ci = self.character_index
        if me.character is not None and me.character in ci:
            put(self.at_character + ci[me.character])
            put(self.at_seats + 13 + ci[me.character])
        if me.face_up:
            put(self.at_face_up)
        known = g.knowledge[seat]
        for cid in known.dealt:
            if cid in ci:
                put(self.at_dealt + ci[cid])
        at = self.at_hand
        ones.extend(at + c for c in me.hand)
        if known.identities:
            F = L.seat_features
            seats = g.seats
            for s in known.identities:  # as g.view(seat) shows them: the identity those seats hold now
                x = seats[s].identity
                if x:
                    put(self.at_seats + ((s - seat) % n) * F + 6 + ident[x])
        if known.hand_marks:
            marks = hand_marks(g, seat)
            at = self.at_known
            cards = L.cards
            for c, holder in marks.items():
                put(at + ((holder - seat) % n) * cards + c)
        p = g.passing
        if p is not None and not p.finished and not p.face_up and p.visible_to(seat):
            put(self.at_transit + 4)
            put(self.at_transit_card + p.card)
        for j, user, card in self.hidden_uses:
            if user == seat:
                put(j + card)
        return ones

    def private_values(self, g: Game, seat: int, out: NDArray[np.float32]) -> None:
        """The private counts: answers to the 试探 whose text ``seat`` read, by target, identity named, answer."""
        known = g.knowledge[seat]
        if not (known.probes and known.probe_answers):
            return
        key = (len(known.probes), len(known.probe_answers))
        cached = self.probe_cache.get(seat)
        if cached is None or cached[0] != key:
            n = self.layout.n
            texts = {pr["uid"]: pr for pr in known.probes if "identity" in pr}
            A = len(ANSWERS)
            slots: list[int] = []
            for uid, _user, target, answer, _line, _choose in known.probe_answers:
                pr = texts.get(uid)
                a = self.answer_index.get(answer)
                if pr is None or a is None or target == seat or target >= n:  # >= n: a card out (臨危受命)
                    continue
                i = self.identity_index.get(pr["identity"])
                if i is not None:
                    slots.append(self.at_probes + (((target - seat) % n) * len(IDENTITIES) + i) * A + a)
            cached = self.probe_cache[seat] = (key, slots)
        step = 1.0 / SCALE
        for j in cached[1]:
            out[j] = min(out[j] + step, 1.0)
