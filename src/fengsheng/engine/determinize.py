"""Determinization for search (``Game.determinize``): a game consistent with everything one seat knows, with every
hidden thing drawn again.

Information-set search plays many games from one seat's point of view; each starts from a *determinization*: a
complete game that this seat could not tell from the real one. It is built from ``Game.clone()`` and then:

* **Identities** the seat does not know (its own, revealed ones, those it looked at, those a declaration named are
  known) are dealt again from what is left of the game's identity multiset, by rejection sampling against the
  answers to the seat's own 试探 (the target did the effect <=> his identity is the probe's, unless he could choose
  with 城府) and against the 试探 answered in public being fillable with cards. After :data:`IDENTITY_TRIES` misses, one of the assignments that fit is chosen uniformly by listing
  them all (at most 560 for nine players). The victory rule of each identity that changed is rebound. What is dealt
  again are identity *slots*: the seats, and the cards put out of the game face down by 致命香水's 臨危受命
  (``State.identity_slot``: a card that changed hands keeps what was known of it, a public 试探 answer bears on the
  card its target held then, and the log's identity events are rewritten for the card each seat held at that event).
* **Face-down characters** the seat never saw face up are drawn again among the hidden (潜伏) characters of the
  game's pool that it cannot place (not face up anywhere, not its own, not among those it was dealt); their rules
  are rebound. A character whose rule is in the middle of something (a question it asked, a continuation, a skill
  on the stack) is kept: that half-done step cannot be replayed by another character.
* **Cards** in hidden places are drawn again from the cards whose place the seat does not know: other hands, the
  deck, the 试探 out of the game, the 真伪莫辨 layout, the intelligence in transit and face-down uses it cannot see.
  What it can see is kept: sizes, a face-down use is a card of its type, the card in transit has its method, the
  bottom of the deck after a reshuffle holds cards of that (public) discard pile, and a 试探 answered in public
  matches its answer (the line said or the effect done, and, unless the target could choose, whether his identity
  is the probe's). Cards the seat knows the place of stay put (its hand, face-up cards, cards it gave, took or saw
  in a hand while they are still there, cards it put or saw on the deck while they are still there, its 试探, the
  card in transit it sent or decoded).
* **What others know** follows: each card drawn again replaces the card it displaced everywhere the seat cannot
  see (other seats' private events and knowledge, questions pending for other seats), identities and characters
  likewise; so the log as this seat sees it (``events_for``) is unchanged and nobody's private record keeps the
  truth. The answered decisions (``history``), the scenario and the seed are dropped: a determinized game is not a
  record of a real one and does not replay.
* **The RNG** is reseeded from the caller's ``rng``, so the future differs too.

What the seat knows is read from its :class:`~fengsheng.engine.state.Knowledge` (kept by the learners of
``engine/knowledge.py``) and the public state; the true state is used only to find *where* each hidden slot is.
The result is checked: the seat's view and the number of events must be unchanged (this also enforces what the
pending decision says, e.g. who is asked with auto-pass on, or that somebody else is privately asked to declare;
for the former, free cards are first swapped into the hand of the seat asked until he has something to play).
A sample that fails is drawn again, :data:`TRIES` times at most; then the clone is returned as it is with only the
RNG reseeded (``stats["fallback"]`` counts this; the tests check it is rare).
"""

from __future__ import annotations

import random
from collections import Counter
from types import MethodType
from typing import TYPE_CHECKING, Any

from fengsheng.core.cards import BYSTANDER, DISCARD_1, DRAW_1, DRAW_2, IDENTITIES, NO_IDENTITY, PROBE
from fengsheng.core.options import PRIORITY, Decision, Option
from fengsheng.core.state import Use
from fengsheng.engine.knowledge import deck_floor, deck_marks, face_up_cards, hand_marks, table_marks
from fengsheng.engine.rng import GameRandom
from fengsheng.rules.base import Rule
from fengsheng.rules.victory import BystanderMission

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.engine.state import Knowledge
    from fengsheng.game import Game

TRIES = 24
"""Whole samples tried before the fallback (the seat's view of a sample must equal its view of the game)."""
IDENTITY_TRIES = 200
"""Identity deals tried against the seat's 试探 answers before listing the assignments that fit."""

_EFFECT_OF_ANSWER = {"draw": DRAW_2, "draw_1": DRAW_1, "discard": DISCARD_1, "discard_none": DISCARD_1}
"""The effect printed on a 试探 that an answer shows (千智风声's draws one: ``draw_1``)."""


def probe_classes(g: Game) -> list[tuple[str, str]]:
    """The kinds of 试探 card: (identity named, effect), the edition's effects in a fixed (sorted) order."""
    return [(i, e) for i in IDENTITIES for e in sorted(g.edition.switches.probe_effects)]


# A slot constraint: ("free",) any card; ("pool",) from the last reshuffle; ("type", t); ("method", m);
# ("answer", target, answer, line, conceal): a 试探 answered in public.
Constraint = tuple[Any, ...]
FREE: Constraint = ("free",)


def determinize(g: Game, seat: int, rng: random.Random, stats: dict[str, int] | None = None) -> Game:
    """A new game consistent with what ``seat`` knows, every hidden thing drawn again (see the module docstring).
    The same ``rng`` state gives the same game. ``stats`` (optional) counts ``tries`` and ``fallback``."""
    target_view = g.view(seat)
    n_events = len(g.events)
    for _ in range(TRIES):
        new = g.clone()
        if stats is not None:
            stats["tries"] = stats.get("tries", 0) + 1
        if _sample(new, seat, rng) and len(new.events) == n_events and new.view(seat) == target_view:
            return new
    if stats is not None:
        stats["fallback"] = stats.get("fallback", 0) + 1
    new = g.clone()
    _reseed(new, rng)
    return new


def _reseed(g: Game, rng: random.Random) -> None:
    seed = rng.getrandbits(63)
    g.rng = GameRandom(seed)
    g.seed = seed
    g.history = []
    g.scenario = None


# ----------------------------------------------------------------------------------------------------------------
# One sample
# ----------------------------------------------------------------------------------------------------------------
def _sample(g: Game, seat: int, rng: random.Random) -> bool:
    """Resample ``g`` (a fresh clone) in place for ``seat``; False if this draw does not fit."""
    from fengsheng.flow.setup import Setup

    decision = g.decision
    g.decision = None  # rules are rebound below: nothing is derived until the end
    k = g.knowledge[seat]
    if any(isinstance(f, Setup) for f in g.frames):
        ok = _sample_setup(g, seat, rng)
    else:
        ok = _sample_game(g, seat, k, decision, rng)
    if not ok:
        return False
    _reseed(g, rng)
    if decision is not None:
        g._advance()
    return True


def _sample_game(g: Game, seat: int, k: Knowledge, decision: Decision | None, rng: random.Random) -> bool:
    other_private = decision is not None and decision.private and decision.seat != seat
    slots = card_slots(g, seat, k)
    pinned_identity, pinned_character = _pinned(g)
    idents = _sample_identities(g, seat, k, pinned_identity, slots, rng)
    chars = _sample_characters(g, seat, k, pinned_character, rng)
    if idents is None or chars is None:
        return False
    changed = _rebind(g, idents, chars)
    if not _settle_flags(g, seat, changed, other_private, rng):
        return False
    _declarations(g)
    sigma = _fill(g, slots, set(k.deck_pool), rng)
    if sigma is None:
        return False
    if g.auto_pass and decision is not None and decision.kind == PRIORITY and decision.seat != seat:
        _give_a_move(g, decision.seat, slots, sigma, set(k.deck_pool), rng)
    _rewrite_frames(g, sigma)
    dealt = _rewrite_dealt(g, seat, rng)
    _rewrite_knowledge(g, seat, sigma, dealt)
    _rewrite_log(g, seat, sigma, dealt)
    return True


# ----------------------------------------------------------------------------------------------------------------
# Identities
# ----------------------------------------------------------------------------------------------------------------
def known_identities(g: Game, seat: int, k: Knowledge) -> dict[int, str]:
    """The identities ``seat`` knows: its own, revealed ones, those it looked at, and those a declaration named (a
    faction's rule names the faction; a mission is a bystander's), by identity slot (``State.identity_slot``: a seat,
    or ``n + j`` for the ``j``-th card out of the game; a seat whose card was taken holds none)."""
    known = {seat: g.seats[seat].identity}
    for s in g.seats:
        if s.identity_revealed:
            known[s.index] = s.identity
    known.update(k.identities)
    for j, (_, _, giver, shown) in enumerate(g.identity_moves):  # 臨危受命: slot n + j is the j-th card out
        known[giver] = g.seats[giver].identity  # he holds none, as everyone saw
        if shown or j in k.identities_out:
            known[g.n + j] = g.identity_out[j]
    by_rule = {cls.rule_id: ident for ident, cls in g.identity_rules.items() if cls.rule_id}
    if not g.missions_for_all:  # Q-MODE-3: a mission declared says nothing of the identity there
        by_rule[BystanderMission.rule_id] = BYSTANDER
    for who, rule_id in k.declared.items():
        if rule_id in by_rule:
            known.setdefault(who, by_rule[rule_id])
    return known


def _probe_checks(g: Game, seat: int, k: Knowledge) -> list[tuple[int, str, bool]]:
    """(target, the probe's identity, the effect was done) for the seat's own 试探 whose target could not choose."""
    from fengsheng.cards.probe import ProbeAnswer

    cards = {p["uid"]: p["card"] for p in k.probes if p["user"] == seat}
    deck = g.edition.deck
    out: list[tuple[int, str, bool]] = []
    for uid, user, target, answer, _line, conceal in k.probe_answers:
        if user == seat and not conceal and uid in cards:
            ident = deck[cards[uid]].probe_identity
            if ident is not None:
                out.append((target, ident, answer != "line"))
    mine = set(cards.values())
    for f in g.frames:  # a discard being done for the seat's probe: the effect, so far without an answer event
        if isinstance(f, ProbeAnswer) and f.stage == ProbeAnswer.DISCARD and f.card in mine and f.user == seat:
            if not g.may_conceal(f.target):
                ident = deck[f.card].probe_identity
                if ident is not None:
                    out.append((f.target, ident, True))
    return out


def _sample_identities(
    g: Game, seat: int, k: Knowledge, pinned: set[int], slots: list[Slot], rng: random.Random
) -> dict[int, str] | None:
    """A new identity for every identity slot ``seat`` does not know (slot -> identity; see
    :func:`known_identities`)."""
    known = known_identities(g, seat, k)
    for p in pinned:
        known.setdefault(p, g.seats[p].identity)
    unknown = [i for i in range(g.n + len(g.identity_out)) if i not in known]
    if not unknown:
        return {}
    left = Counter(g.config.identity_pool())
    left.subtract(Counter(v for v in known.values() if v != NO_IDENTITY))
    pool = list(left.elements())
    if len(pool) != len(unknown) or min(left.values(), default=0) < 0:
        # a scenario's identities need not follow the table: draw from the unknown slots' own multiset
        pool = [g.slot_identity(s) for s in unknown]
    checks = _probe_checks(g, seat, k)
    answers = _ProbeClasses(g, slots)

    def fits(assign: dict[int, str]) -> bool:
        for target, ident, effect in checks:
            have = assign.get(target, known.get(target))
            if (have == ident) != effect:
                return False
        return answers.feasible(lambda t: assign.get(t, known.get(t, "")))

    for _ in range(IDENTITY_TRIES):
        rng.shuffle(pool)
        assign = dict(zip(unknown, pool, strict=True))
        if fits(assign):
            return assign
    good = [a for a in (dict(zip(unknown, p, strict=True)) for p in _arrangements(Counter(pool))) if fits(a)]
    return rng.choice(good) if good else None


def _arrangements(left: Counter[str]) -> list[tuple[str, ...]]:
    """Every distinct ordering of a multiset, in a fixed order (9 players: at most 560 for 8 unknown seats)."""
    if not +left:
        return [()]
    out: list[tuple[str, ...]] = []
    for x in sorted(+left):
        left[x] -= 1
        out.extend((x, *rest) for rest in _arrangements(left))
        left[x] += 1
    return out


# ----------------------------------------------------------------------------------------------------------------
# Characters
# ----------------------------------------------------------------------------------------------------------------
def _pinned(g: Game) -> tuple[set[int], set[int]]:
    """Seats whose identity rule / character rules a frame holds in the middle of something (a question it asked, a
    continuation, a skill on the stack): those stay as they are. Triggers waiting to fire are rewritten instead."""
    from fengsheng.flow.settle import Triggers

    held: list[Rule] = []

    def look(v: Any) -> None:
        if isinstance(v, Rule):
            held.append(v)
        elif isinstance(v, MethodType) and isinstance(v.__self__, Rule):
            held.append(v.__self__)
        elif isinstance(v, Use) and v.rule is not None:
            held.append(v.rule)
        elif isinstance(v, list):
            for x in v:
                if isinstance(x, Use | Rule):
                    look(x)

    for f in g.frames:
        if isinstance(f, Triggers):
            continue
        for name in _slot_names(type(f)):
            look(getattr(f, name, None))
    identity_types = set(g.identity_rules.values())
    idents = {r.owner for r in held if type(r) in identity_types}
    chars = {r.owner for r in held if type(r) not in identity_types}
    return idents, chars


def _slot_names(t: type) -> list[str]:
    names: list[str] = []
    for cls in t.__mro__:
        for s in cls.__dict__.get("__slots__", ()):
            if s not in names:
                names.append(s)
    return names


def known_characters(g: Game, seat: int, k: Knowledge) -> dict[int, str]:
    """The characters ``seat`` can place: its own, those face up now or seen face up, all of them when the config
    fixes them."""
    known: dict[int, str] = {}
    fixed = g.config.fixed_characters
    for s in g.seats:
        if s.character is None:
            continue
        if s.index == seat or s.face_up or s.index in k.seen_characters or fixed:
            known[s.index] = s.character
    return known


def _sample_characters(g: Game, seat: int, k: Knowledge, pinned: set[int], rng: random.Random) -> dict[int, str] | None:
    """A new character for every face-down character ``seat`` cannot place (seat -> character id)."""
    known = known_characters(g, seat, k)
    for s in pinned:
        ch = g.seats[s].character
        if ch is not None:
            known.setdefault(s, ch)
    unknown = [s.index for s in g.seats if s.character is not None and s.index not in known]
    if not unknown:
        return {}
    chars = g.characters
    excluded = set(known.values()) | set(k.dealt) | set(k.seen_characters.values())
    cfg = g.config
    candidates = [
        c for c in g.edition.pool(cfg.character_pool, cfg.character_texts) if chars[c].hidden and c not in excluded
    ]
    if len(candidates) < len(unknown):
        # a scenario may seat characters outside the pool or face down against their type: add the ones it seated
        for s in unknown:
            ch = g.seats[s].character
            if ch is not None and ch not in candidates:
                candidates.append(ch)
    picked = rng.sample(candidates, len(unknown))
    return dict(zip(unknown, picked, strict=True))


# ----------------------------------------------------------------------------------------------------------------
# Rebinding rules
# ----------------------------------------------------------------------------------------------------------------
def _rebind(g: Game, idents: dict[int, str], chars: dict[int, str]) -> set[int]:
    """Give the seats their new identities and characters, through the rule index as setup does. Returns the seats
    whose rules changed."""
    from fengsheng.flow.settle import Triggers

    removed: list[Rule] = []
    added: list[Rule] = []
    changed: set[int] = set()
    for s, cid in chars.items():
        seat = g.seats[s]
        if cid == seat.character:
            continue
        old = g.characters[seat.character].rules if seat.character is not None else ()
        for r in [r for r in g.rules if r.owner == s and type(r) in old]:
            g.remove_rule(r)
            removed.append(r)
        ch = g.characters[cid]
        seat.character = ch.id
        seat.character_sex = ch.sex
        for rule_cls in ch.rules:
            r = rule_cls(s)
            g.add_rule(r)
            added.append(r)
        changed.add(s)
    for s, ident in idents.items():
        if s >= g.n:  # a card out of the game: no rule comes with it
            g.identity_out[s - g.n] = ident
            continue
        seat = g.seats[s]
        if ident == seat.identity:
            continue
        old_cls = g.identity_rules.get(seat.identity)
        if old_cls is not None:
            for r in [r for r in g.rules if r.owner == s and type(r) is old_cls]:
                g.remove_rule(r)
                removed.append(r)
        seat.identity = ident
        g._replan(s)
        new_cls = g.identity_rules.get(ident)
        if new_cls is not None:
            r = new_cls(s)
            g.add_rule(r)
            added.append(r)
        changed.add(s)
    if removed or added:
        gone = {id(r) for r in removed}
        cur, n = g.current, g.n
        for f in g.frames:
            if isinstance(f, Triggers):
                kind = f.event.kind
                done = f.rules[: f.i]
                last = (done[-1].owner - cur) % n if done else -1
                pending = [r for r in f.rules[f.i :] if id(r) not in gone]
                pending += [r for r in added if kind in type(r).listens and (r.owner - cur) % n >= last]
                pending.sort(key=lambda r: (r.owner - cur) % n)
                f.rules = done + pending
    return changed


def _seat_flags(g: Game, seat: int) -> tuple[bool, bool]:
    """What ``refresh_declarable`` computes for one seat: (may declare, through a rule that only changes when
    intelligence settles)."""
    decl = static = False
    if g.seats[seat].lost:
        return False, False
    for r in g.victory_rules:
        if r.owner != seat or (decl and (static or r.live_condition)):
            continue
        if r.can_declare(g):
            decl = True
            if not r.live_condition:
                static = True
    return decl, static


def _settle_flags(g: Game, seat: int, changed: set[int], other_private: bool, rng: random.Random) -> bool:
    """The declaration flags of the seats whose rules changed. A seat that may now declare counts as having passed
    on it (nobody can tell), unless a declaration prompt is pending for another seat: then one of the seats that
    may declare is the one being asked (False if none may)."""
    from fengsheng.flow.settle import Settle, trig_order

    for s in changed:
        decl, static = _seat_flags(g, s)
        g.declarable[s] = decl
        g.static_declarable[s] = static
        if decl:
            g.declined.add(s)
        else:
            g.declined.discard(s)
    top = g.frames[-1] if g.frames else None
    if not (other_private and isinstance(top, Settle) and top.stage == Settle.DECLARATIONS):
        return True
    if g.config.uniform_prompts:
        return True  # every seat is asked there (``continue`` if it may not declare): the prompt tells nothing
    order = [s for s in trig_order(g) if s != seat]
    asked = [s for s in order if g.declarable[s] and (s in changed or s not in g.declined)]
    if not asked:
        return False
    pick = rng.choice(asked)
    for s in order:
        if s == pick:
            g.declined.discard(s)
            break
        if s in asked:
            g.declined.add(s)
    return True


def _declarations(g: Game) -> None:
    """A declaration already made (its triggers running) wins for the declarer's faction as it now is."""
    from fengsheng.flow.settle import Declaration

    for f in g.frames:
        if isinstance(f, Declaration) and f.stage == Declaration.FINISH:
            rules = [r for r in g.victory_rules if r.owner == f.seat and r.rule_id == f.rule_id]
            if rules:
                f.winners = list(rules[0].winners(g))


# ----------------------------------------------------------------------------------------------------------------
# Cards
# ----------------------------------------------------------------------------------------------------------------
def known_cards(g: Game, seat: int, k: Knowledge) -> set[int]:
    """The cards whose place ``seat`` knows (see the module docstring)."""
    seen = face_up_cards(g, seat)
    known = seen | {p["card"] for p in k.probes}
    known.update(hand_marks(g, seat, seen))
    known.update(deck_marks(g, seat))
    known.update(table_marks(g, seat, seen))
    return known


Slot = tuple[Any, int, Constraint]
"""A hidden card's place: (the list holding it, or the ``Use`` / ``Passing``; its index; its constraint)."""


def card_slots(g: Game, seat: int, k: Knowledge) -> list[Slot]:
    """Every place holding a card whose place ``seat`` does not know, with what the seat knows of that card."""
    from fengsheng.cards.probe import ProbeAnswer
    from fengsheng.flow.window import Resolve, Window

    known = known_cards(g, seat, k)
    slots: list[Slot] = []
    for s in g.seats:
        if s.index != seat:
            for i, c in enumerate(s.hand):
                if c not in known:
                    slots.append((s.hand, i, FREE))
    floor = deck_floor(g, seat)
    for i, c in enumerate(g.deck):
        if c not in known:
            slots.append((g.deck, i, ("pool",) if i < floor else FREE))
    for i, c in enumerate(g.table):
        if c not in known:
            slots.append((g.table, i, FREE))
    # 试探: the slot of each probe that took effect (found through its user's record), with its public answer
    answers = {a[0]: a for a in k.probe_answers}
    uid_of: dict[int, int] = {}
    for kk in g.knowledge:
        for rec in kk.probes:
            uid_of[rec["card"]] = rec["uid"]
    for f in g.frames:
        if isinstance(f, ProbeAnswer) and f.stage == ProbeAnswer.DISCARD:
            uid = uid_of.get(f.card, -1)
            if uid not in answers:  # the effect is being done: a discard, so far without an answer event
                answers[uid] = (uid, f.user, f.target, "discard", None, g.may_conceal(f.target))

    def probe_slot(card: int, use: str) -> Constraint:
        a = answers.get(uid_of.get(card, -2))
        if a is None:
            return ("type", use)
        return ("answer", a[2], a[3], a[4], a[5])

    for i, c in enumerate(g.probes_out):
        if c not in known:
            slots.append((g.probes_out, i, probe_slot(c, PROBE)))
    p = g.passing
    if p is not None and not p.finished and p.card not in known:
        slots.append((p, -1, ("method", p.method)))
    for f in g.frames:
        uses = f.stack if isinstance(f, Window) else [f.use] if isinstance(f, Resolve) else []
        for u in uses:
            if u.card >= 0 and u.card not in known:
                slots.append((u, -1, probe_slot(u.card, u.use)))
    return slots


def _fill(g: Game, slots: list[Slot], pool: set[int], rng: random.Random) -> dict[int, int] | None:
    """Draw every hidden card again. Returns sigma (old card -> the new card in its slot), None if the draw failed."""
    old = [_get(where, i) for where, i, _ in slots]
    if len(set(old)) != len(old):
        return None  # a card in two slots: cannot happen in a valid game
    new = _assign(g, [c for _, _, c in slots], old, pool, rng)
    if new is None:
        return None
    sigma: dict[int, int] = {}
    for (where, i, _), a, b in zip(slots, old, new, strict=True):
        _set(where, i, b)
        sigma[a] = b
    if g.table:
        rng.shuffle(g.table)  # nobody knows which face-down slot holds which card
    return sigma


SWAPS = 64
"""Swaps of free cards tried to give a seat asked with auto-pass on something to play."""


def _give_a_move(
    g: Game, asked: int, slots: list[Slot], sigma: dict[int, int], pool: set[int], rng: random.Random
) -> None:
    """With auto-pass on, a seat asked in a window has something besides "pass" (everyone sees he is asked). If the
    cards drawn give him nothing, swap cards between his free slots and other free slots (a random walk over the
    draws that keep every constraint) until they do, :data:`SWAPS` times at most; the view check judges the end."""
    from fengsheng.flow.window import Window

    win = g.frames[-1]
    if not isinstance(win, Window):
        return
    hand = g.seats[asked].hand
    mine = [n for n, (where, _, con) in enumerate(slots) if where is hand and con == FREE]
    others = [n for n, (where, _, con) in enumerate(slots) if where is not hand and con[0] in ("free", "pool")]
    if not mine or not others:
        return
    inverse = {b: a for a, b in sigma.items()}
    for _ in range(SWAPS):
        if len(g.priority_options(asked, win)) > 1:
            return
        x, y = slots[rng.choice(mine)], slots[rng.choice(others)]
        a, b = _get(x[0], x[1]), _get(y[0], y[1])
        if not _fits(g, a, y[2], pool):
            continue  # his card cannot go there (the bottom of the deck after a reshuffle)
        _set(x[0], x[1], b)
        _set(y[0], y[1], a)
        sigma[inverse[a]], sigma[inverse[b]] = b, a
        inverse[a], inverse[b] = inverse[b], inverse[a]


class _ProbeClasses:
    """Whether the 试探 answered in public can all be given cards, for an identity assignment: a matching of the
    probe slots onto the unknown probes, by class (the probe's identity and effect: the edition's effects, draw two
    or discard one in the standard edition, draw one or discard one in 千智风声), checked with Hall's condition over
    the six classes."""

    def __init__(self, g: Game, slots: list[Slot]) -> None:
        deck = g.edition.deck
        self.classes = probe_classes(g)
        index = {c: n for n, c in enumerate(self.classes)}
        self.line_effect = {c.probe_line: c.probe_effect for c in deck if c.type == PROBE}
        cap = [0] * len(self.classes)
        self.any_probe = 0
        self.answers: list[Constraint] = []
        for where, i, con in slots:
            c = deck[_get(where, i)]
            if c.type == PROBE and c.probe_identity is not None and c.probe_effect is not None:
                cap[index[(c.probe_identity, c.probe_effect)]] += 1
            if con[0] == "answer":
                self.answers.append(con)
            elif con == ("type", PROBE):
                self.any_probe += 1
        self.cap = cap
        # the classes each answer accepts, by the target's identity: (target, {identity: bitmask})
        self.accepts: list[tuple[int, dict[str, int]]] = []
        for _, target, answer, line, conceal in self.answers:
            eff = self.line_effect.get(line) if answer == "line" else _EFFECT_OF_ANSWER.get(answer)
            by_ident: dict[str, int] = {}
            for ident in (*IDENTITIES, ""):
                mask = 0
                for n, (kind, e) in enumerate(self.classes):
                    if e == eff and (conceal or (kind == ident) == (answer != "line")):
                        mask |= 1 << n
                by_ident[ident] = mask
            self.accepts.append((target, by_ident))

    def feasible(self, identity_of: Any) -> bool:
        if not self.answers:
            return True
        need: Counter[int] = Counter()
        for target, by_ident in self.accepts:
            need[by_ident[identity_of(target)]] += 1
        if self.any_probe:
            need[(1 << len(self.classes)) - 1] += self.any_probe
        return _hall(need, self.cap)


def _get(where: Any, i: int) -> int:
    if isinstance(where, list):
        return int(where[i])
    return int(where.card)


def _set(where: Any, i: int, card: int) -> None:
    if isinstance(where, list):
        where[i] = card
    else:
        where.card = card


def _weighted(weights: list[int], rng: random.Random) -> int:
    """An index drawn in proportion to ``weights``."""
    r = rng.randrange(sum(weights))
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    raise AssertionError("unreachable")


def _fits(g: Game, c: int, con: Constraint, pool: set[int]) -> bool:
    """Whether card ``c`` fits a slot constraint other than a public 试探 answer."""
    kind = con[0]
    if kind == "free":
        return True
    if kind == "pool":
        return c in pool
    if kind == "type":
        return bool(g.card_type[c] == con[1])
    return bool(kind == "method" and g.edition.card_method[c] == con[1])


def _fillable(need: list[int], cells: dict[int, list[int]]) -> bool:
    """Hall's condition for groups of slots (``need[n]`` slots in group n) and cells of cards (a cell's key is the
    bitmask of the groups that accept its cards): every union of groups is accepted by enough cards."""
    width = len(need)
    for subset in range(1, 1 << width):
        demand = sum(need[n] for n in range(width) if subset >> n & 1)
        if demand and demand > sum(len(cards) for m, cards in cells.items() if m & subset):
            return False
    return True


def _squeeze(m: int) -> int:
    """The even bits of ``m`` (bits 0, 2, 4) packed into bits 0, 1, 2."""
    return (m & 1) | (m >> 1 & 2) | (m >> 2 & 4)


def _hall(need: Counter[int], cap: list[int], pooled: list[int] | None = None, budget: int = 0) -> bool:
    """Hall's condition: slots (counted by the bitmask of the classes they accept) can get distinct cards from
    classes of ``cap`` cards each, plus ``pooled[n]`` more in class n of which at most ``budget`` in all may be
    used (the cut of the flow network through the shared budget). Subset sums by a zeta transform."""
    width = len(cap)
    users = [0] * width
    for m, v in need.items():
        for n in range(width):
            if m >> n & 1:
                users[n] += v
    if all(u <= c for u, c in zip(users, cap, strict=True)):
        return True  # each class could serve every slot that accepts it: no subset can be short
    if width == 6 and (pooled is None or budget >= sum(pooled)):
        # the pool budget cannot bind; each answered 试探 accepts classes of one effect (the even or the odd bits)
        # and a blind one accepts all: Hall holds iff it holds for each effect alone and for everything
        if pooled is not None:
            cap = [a + b for a, b in zip(cap, pooled, strict=True)]
        halves: tuple[Counter[int], Counter[int]] = (Counter(), Counter())
        total = 0
        for m, v in need.items():
            total += v
            if m == 63:
                continue
            if m & 0b101010 == 0:
                halves[0][_squeeze(m)] += v
            elif m & 0b010101 == 0:
                halves[1][_squeeze(m >> 1)] += v
            else:
                break
        else:
            return total <= sum(cap) and all(_hall(half, cap[e::2]) for e, half in enumerate(halves) if half)
    size = 1 << width
    demand = [0] * size
    for m, v in need.items():
        demand[m] += v
    for n in range(width):  # demand[S] = the slots accepting only classes of S
        bit = 1 << n
        for subset in range(size):
            if subset & bit:
                demand[subset] += demand[subset ^ bit]
    have = [0] * size
    extra = [0] * size
    for subset in range(1, size):
        low = subset & -subset
        n = low.bit_length() - 1
        have[subset] = have[subset ^ low] + cap[n]
        if pooled is not None:
            extra[subset] = extra[subset ^ low] + pooled[n]
        if demand[subset] > have[subset] + min(budget, extra[subset]):
            return False
    return True


def _assign(
    g: Game, constraints: list[Constraint], cards: list[int], pool: set[int], rng: random.Random
) -> list[int] | None:
    """A card for every slot, each fitting its constraint, all different, drawn from ``cards``.

    First the 试探 slots: those answered in public, one at a time in random order, each given a class (the probe's
    identity; its effect is known) at random in proportion to the cards left in it, among the classes that keep the
    remaining answered slots fillable (Hall's condition); then the other face-down probes. Pool cards (the bottom of
    the deck after a reshuffle must come from that pile) are used for them only while enough are left for the
    deck. Then the other constrained groups, tightest first (fewest spare candidates), uniformly within a group;
    the free slots get the rest in random order."""
    deck = g.edition.deck
    card_type = g.card_type
    out: list[int] = [-1] * len(constraints)
    left = list(cards)
    rng.shuffle(left)
    taken: set[int] = set()
    slack = sum(1 for c in left if c in pool) - sum(1 for con in constraints if con == ("pool",))
    if slack < 0:
        return None
    # --- 试探 -------------------------------------------------------------------------------------------------
    answered = [i for i, con in enumerate(constraints) if con[0] == "answer"]
    blind = [i for i, con in enumerate(constraints) if con == ("type", PROBE)]
    if answered or blind:
        line_effect = {c.probe_line: c.probe_effect for c in deck if c.type == PROBE}
        classes = probe_classes(g)
        index = {cls: n for n, cls in enumerate(classes)}
        plain: list[list[int]] = [[] for _ in classes]  # probes left by class, outside the pool / in it
        pooled: list[list[int]] = [[] for _ in classes]
        for c in left:
            card = deck[c]
            if card.type == PROBE and card.probe_identity is not None and card.probe_effect is not None:
                n = index[(card.probe_identity, card.probe_effect)]
                (pooled if c in pool else plain)[n].append(c)
        every = (1 << len(classes)) - 1

        def accepts(con: Constraint) -> int:
            """The bitmask of the classes an answered probe may be."""
            _, target, answer, line, conceal = con
            eff = line_effect.get(line) if answer == "line" else _EFFECT_OF_ANSWER.get(answer)
            ident = g.slot_identity(target)
            mask = 0
            for n, (i, e) in enumerate(classes):
                if e == eff and (conceal or (i == ident) == (answer != "line")):
                    mask |= 1 << n
            return mask

        masks = {i: accepts(constraints[i]) for i in answered}
        masks.update((i, every) for i in blind)
        order = answered[:]
        rng.shuffle(order)
        order += blind
        # pool cards the other constrained slots (the card in transit, say) will need for want of other cards: keep
        # them out of the 试探's budget when that leaves the 试探 fillable
        short = 0
        for con in {con for con in constraints if con[0] in ("method", "type") and con != ("type", PROBE)}:
            have = sum(1 for c in left if c not in pool and card_type[c] != PROBE and _fits(g, c, con, pool))
            short += max(0, constraints.count(con) - have)
        want = Counter(masks[j] for j in order)
        if (
            short
            and slack - short >= 0
            and _hall(want, [len(x) for x in plain], [len(x) for x in pooled], slack - short)
        ):
            slack -= short
        elif not _hall(want, [len(x) for x in plain], [len(x) for x in pooled], slack):
            return None
        else:
            short = 0
        for pos, i in enumerate(order):
            rest: Counter[int] = Counter(masks[j] for j in order[pos + 1 :])
            cap = [len(x) for x in plain]
            pcap = [len(x) for x in pooled]
            loose = slack - 1 >= sum(pcap)  # the pool budget cannot bind
            choices: list[tuple[int, bool]] = []  # (class, from the pool)
            weights: list[int] = []
            for n in range(len(classes)):
                if not masks[i] >> n & 1:
                    continue
                # the remaining slots that could use class n: if the class has more cards than that, taking one
                # cannot make the rest unfillable (Hall held before the pick)
                users = sum(v for m, v in rest.items() if m >> n & 1)
                for from_pool, have in ((False, cap[n]), (True, pcap[n] if slack > 0 else 0)):
                    if not have:
                        continue
                    if from_pool:
                        if loose and cap[n] + pcap[n] - 1 >= users:
                            ok = True
                        else:
                            pcap[n] -= 1
                            ok = _hall(rest, cap, pcap, slack - 1)
                            pcap[n] += 1
                    elif cap[n] - 1 >= users:
                        ok = True
                    else:
                        cap[n] -= 1
                        ok = _hall(rest, cap, pcap, slack)
                        cap[n] += 1
                    if ok:
                        choices.append((n, from_pool))
                        weights.append(have)
            if not choices:
                return None
            n, from_pool = choices[_weighted(weights, rng)]
            src = (pooled if from_pool else plain)[n]
            c = src.pop(rng.randrange(len(src)))
            out[i] = c
            taken.add(c)
            if from_pool:
                slack -= 1
        left = [c for c in left if c not in taken]
        slack += short
    # --- the other constraints: cards grouped into cells by the groups of slots that accept them -----------------

    def fits(c: int, con: Constraint) -> bool:
        return _fits(g, c, con, pool)

    groups: dict[Constraint, list[int]] = {}
    for i, con in enumerate(constraints):
        if out[i] < 0 and con != FREE:
            groups.setdefault(con, []).append(i)
    names = sorted(groups, key=lambda con: len(groups[con]))  # small groups first
    need = [len(groups[con]) for con in names]
    cells: dict[int, list[int]] = {}
    for c in left:  # already in random order
        mask = 0
        for n, con in enumerate(names):
            if fits(c, con):
                mask |= 1 << n
        cells.setdefault(mask, []).append(c)
    if not _fillable(need, cells):
        return None
    for n, con in enumerate(names):
        for i in groups[con]:
            opts = [m for m, cards in cells.items() if m >> n & 1 and cards]
            while True:
                if not opts:
                    return None
                m = opts[_weighted([len(cells[x]) for x in opts], rng)]
                if m == 1 << n:
                    break  # a card only this group takes: the others cannot be short of it
                need[n] -= 1
                c = cells[m].pop()
                ok = _fillable(need, cells)
                cells[m].append(c)
                need[n] += 1
                if ok:
                    break
                opts.remove(m)
            out[i] = cells[m].pop()
            need[n] -= 1
    left = [c for cards in cells.values() for c in cards]
    rng.shuffle(left)
    free = [i for i, con in enumerate(constraints) if out[i] < 0]
    for i, c in zip(free, left, strict=True):
        out[i] = c
    return out


# ----------------------------------------------------------------------------------------------------------------
# What others know, made to follow
# ----------------------------------------------------------------------------------------------------------------
def _map_option(o: Option, sigma: dict[int, int]) -> Option:
    if o.card >= 0 and o.card in sigma:
        return o._replace(card=sigma[o.card])
    return o


def _map_data(data: Any, sigma: dict[int, int]) -> None:
    if isinstance(data, dict):
        for key in ("card", "cards"):
            v = data.get(key)
            if isinstance(v, int) and not isinstance(v, bool):
                data[key] = sigma.get(v, v)
            elif isinstance(v, list):
                data[key] = [sigma.get(c, c) for c in v]


def _rewrite_frames(g: Game, sigma: dict[int, int]) -> None:
    """Card ids held by frames follow their slots: the 试探 being answered, a question's options and data (a card a
    player chose from his hand, the cards he may choose among)."""
    from fengsheng.cards.probe import ProbeAnswer
    from fengsheng.flow.ask import Ask, Continue

    for f in g.frames:
        if isinstance(f, ProbeAnswer):
            f.card = sigma.get(f.card, f.card)
        elif isinstance(f, Ask):
            f.options = tuple(_map_option(o, sigma) for o in f.options)
            _map_data(f.data, sigma)
        elif isinstance(f, Continue):
            _map_data(f.data, sigma)


def _rewrite_dealt(g: Game, seat: int, rng: random.Random) -> dict[int, list[str]]:
    """The characters each other seat was dealt: its character (as it now is) and characters nobody holds."""
    cfg = g.config
    if not cfg.characters or cfg.fixed_characters:
        return {}
    seated = {s.character for s in g.seats if s.character is not None}
    spare = [c for c in g.edition.pool(cfg.character_pool, cfg.character_texts) if c not in seated]
    mine = set(g.knowledge[seat].dealt)
    spare = [c for c in spare if c not in mine]
    rng.shuffle(spare)
    out: dict[int, list[str]] = {}
    for s, kk in enumerate(g.knowledge):
        if s == seat or not kk.dealt:
            continue
        ch = g.seats[s].character
        dealt = [] if ch is None else [ch]
        while len(dealt) < len(kk.dealt) and spare:
            dealt.append(spare.pop())
        rng.shuffle(dealt)
        out[s] = dealt
    return out


def _probe_record(g: Game, rec: dict[str, Any], card: int) -> dict[str, Any]:
    c = g.edition.deck[card]
    return {**rec, "card": card, "identity": c.probe_identity, "effect": c.probe_effect, "line": c.probe_line}


def _rewrite_knowledge(g: Game, seat: int, sigma: dict[int, int], dealt: dict[int, list[str]]) -> None:
    for s, kk in enumerate(g.knowledge):
        if s == seat:
            continue
        kk.probes = [
            rec if rec["card"] not in sigma else _probe_record(g, rec, sigma[rec["card"]]) for rec in kk.probes
        ]
        kk.identities = {t: g.seats[t].identity for t in kk.identities}
        kk.identities_out = {j: g.identity_out[j] for j in kk.identities_out}
        if s in dealt:
            kk.dealt = dealt[s]
        kk.hand_marks = {sigma.get(c, c): mark for c, mark in kk.hand_marks.items()}
        kk.deck_marks = {sigma.get(c, c): pos for c, pos in kk.deck_marks.items()}
        kk.table_marks = [sigma.get(c, c) for c in kk.table_marks]


def _rewrite_log(g: Game, seat: int, sigma: dict[int, int], dealt: dict[int, list[str]]) -> None:
    """Rewrite the private parts of the events ``seat`` did not see so that they tell the new story (events are
    immutable records shared with the original game: changed ones are copied)."""
    from fengsheng.flow.settle import Triggers

    events = g.events
    replaced: dict[int, Event] = {}
    for i, e in enumerate(events):
        aud = e.audience
        if aud is None or not e.hidden or seat in aud:
            continue
        new = _rewrite_event(g, e, sigma, dealt, i)
        if new is not e:
            replaced[id(e)] = new
            events[i] = new
    if replaced:
        for f in g.frames:
            if isinstance(f, Triggers) and id(f.event) in replaced:
                f.event = replaced[id(f.event)]


def _rewrite_event(g: Game, e: Event, sigma: dict[int, int], dealt: dict[int, list[str]], at: int) -> Event:
    kind = e.kind

    def held(seat: int) -> str:  # the identity card ``seat`` held at this event (cards move: 臨危受命)
        return g.slot_identity(g.identity_slot(seat, at))

    changes: dict[str, Any] = {}
    if kind == "identity":
        ident = held(e["seat"])
        if ident != e["identity"]:
            changes["identity"] = ident
    elif kind == "identities_exchanged":
        ids = [held(e["seat"]), held(e["target"])]
        if ids != list(e["identities"]):
            changes["identities"] = ids
    elif kind == "identity_taken":
        taken, own = held(e["target"]), held(e["seat"])
        if (taken, own) != (e["identity"], e["own"]):
            changes.update(identity=taken, own=own)
    elif kind == "characters_dealt":
        if e["seat"] in dealt:
            changes["characters"] = dealt[e["seat"]]
    elif kind == "character":
        ch = g.seats[e["seat"]].character
        if ch != e["character"]:
            changes["character"] = ch
    elif kind == "probe":
        card = e["card"]
        if card in sigma:
            c = g.edition.deck[sigma[card]]
            changes.update(card=sigma[card], identity=c.probe_identity, effect=c.probe_effect, line=c.probe_line)
    else:
        for name in e.hidden:
            v = getattr(e, name)
            if isinstance(v, int) and not isinstance(v, bool) and v in sigma:
                changes[name] = sigma[v]
            elif isinstance(v, list) and any(isinstance(c, int) and c in sigma for c in v):
                changes[name] = [sigma.get(c, c) for c in v]
    if not changes:
        return e
    t = type(e)
    return t(*[changes[n] if n in changes else getattr(e, n) for n in t._names], audience=e.audience)  # type: ignore[call-arg]


# ----------------------------------------------------------------------------------------------------------------
# Setup: the characters dealt before everyone has chosen
# ----------------------------------------------------------------------------------------------------------------
def _sample_setup(g: Game, seat: int, rng: random.Random) -> bool:
    """While characters are being chosen, the other seats' deals (and the choices made so far) are hidden."""
    from fengsheng.flow.setup import Setup

    f = next(f for f in g.frames if isinstance(f, Setup))
    if not f.dealt:
        return True
    cfg = g.config
    mine = set(f.dealt[seat])
    spare = [c for c in g.edition.pool(cfg.character_pool, cfg.character_texts) if c not in mine]
    rng.shuffle(spare)
    dealt: dict[int, list[str]] = {}
    for s in range(g.n):
        if s == seat:
            continue
        each = len(f.dealt[s])
        f.dealt[s] = [spare.pop() for _ in range(each)]
        dealt[s] = list(f.dealt[s])
        g.knowledge[s].dealt = list(f.dealt[s])
        if s < len(f.chosen):
            f.chosen[s] = rng.choice(f.dealt[s])
    _rewrite_log(g, seat, {}, dealt)
    return True


__all__ = [
    "IDENTITY_TRIES",
    "TRIES",
    "card_slots",
    "determinize",
    "known_cards",
    "known_characters",
    "known_identities",
]
