"""What each seat has been told privately, kept in the state as events are emitted (``State.knowledge``), so that
``view(seat)`` never rescans the log. One learner per event kind that carries private knowledge worth keeping."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fengsheng.core.events import (
    KINDS,
    CharactersDealt,
    CharacterSeated,
    Covered,
    Declared,
    Died,
    Flipped,
    IdentityDealt,
    Lost,
    ProbeAnswered,
    Probed,
    Sent,
    Used,
)

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.engine.state import Knowledge, State

Learner = Callable[["State", Any], None]
"""A learner takes the event class of its kind (it reads the fields as attributes: no ``e["key"]`` call per read)."""
LEARNERS: dict[str, Learner] = {}


def learns(kind: str) -> Callable[[Learner], Learner]:
    """Register the learner of an event kind."""

    def register(fn: Learner) -> Learner:
        LEARNERS[kind] = fn
        KINDS[kind].learner = staticmethod(fn)  # read by Machine.emit from the event
        return fn

    return register


def _audience(e: Event) -> tuple[int, ...]:
    return e.audience or ()


@learns("probe")
def _probe(g: State, e: Event) -> None:
    """The 试探 texts a seat used or received (S-CARD-PROBE-3): both of them read the card. Every seat of the
    audience sees the same record, so it is built once and copied (a dict of its own for each)."""
    rec: dict[str, Any] | None = None
    for s in _audience(e):
        rec = e.for_seat(s) if rec is None else dict(rec)
        g.knowledge[s].probes.append(rec)


@learns("inspected")
def _inspected_probe(g: State, e: Event) -> None:
    """A 试探 on the stack inspected by a third seat (福爾摩斯's 真相, QC-FU_ER_MO_SI-2: 「先檢視該試探」): he has read
    that card as its user and target did, so it joins his ``probes`` (its record: user, target, uid, the card and its
    texts). An inspected card that is not a 试探 being used (破译's card in transit) adds nothing here."""
    from fengsheng.core.cards import PROBE
    from fengsheng.flow.window import Resolve, Window

    card: int = e["card"]
    uid = -1
    for f in g.frames:
        uses = f.stack if isinstance(f, Window) else [f.use] if isinstance(f, Resolve) else []
        for u in uses:
            if u.card == card and u.use == PROBE:
                uid = u.uid
    if uid < 0:
        return
    for past in reversed(g.events):
        if past.kind == "probe" and past["uid"] == uid:
            rec = past.full()
            rec.pop("audience", None)
            for s in _audience(e):
                if all(p["uid"] != uid for p in g.knowledge[s].probes):
                    g.knowledge[s].probes.append(dict(rec))
            return


@learns("identities_exchanged")
def _identities(g: State, e: Event) -> None:
    """老枪's exchange: each of the two saw the other's identity card (and his own)."""
    a: int = e["seat"]
    b: int = e["target"]
    ids: list[Any] = e["identities"]
    for s in _audience(e):
        k = g.knowledge[s].identities
        k[a], k[b] = ids[0], ids[1]


@learns("identity_taken")
def _identity_taken(g: State, e: Event) -> None:
    """An identity card changed hands (臨危受命, A-91): what each seat knew of a card follows the card. The taker's
    own card went out (known to him, to whoever knew it, to all if it was public); the card taken is the taker's now
    (known to whoever knew it as the giver's, the giver himself included; the taker holds it). Public 试探 answers
    name the card their target held then: their target becomes the card's place now (a seat, or ``n + j`` for the
    ``j``-th card out)."""
    taker: int = e["seat"]
    giver: int = e["target"]
    out = g.n + int(e["out"])
    for s, k in enumerate(g.knowledge):
        ids = k.identities
        knew_new, knew_old = s == giver or giver in ids, taker in ids  # the giver knows the card he held
        ids.pop(giver, None)
        ids.pop(taker, None)
        if knew_new and s != taker:
            ids[taker] = e["identity"]
        if knew_old or s == taker or e["shown"]:
            k.identities_out[int(e["out"])] = e["own"]
        if k.probe_answers:
            moved = {taker: out, giver: taker}
            k.probe_answers = [(a[0], a[1], moved.get(a[2], a[2]), *a[3:]) for a in k.probe_answers]


@learns("identity")
def _identity_dealt(g: State, e: IdentityDealt) -> None:
    """An identity card dealt where others see it too (a mode's teammates, Q-MODE-2): they know it from then on."""
    seat = e.seat
    for s in _audience(e):
        if s != seat:
            g.knowledge[s].identities[seat] = e.identity


@learns("characters_dealt")
def _dealt(g: State, e: CharactersDealt) -> None:
    for s in _audience(e):
        g.knowledge[s].dealt = list(e.characters)


# --------------------------------------------------------------------------------------------------------------
# What ``Game.determinize`` keeps for a seat (see ``Knowledge``): characters seen face up, cards whose place in
# another hand, the deck or the 真伪莫辨 layout a seat knows, the last reshuffle, public 试探 answers, declarations.
#
# The engine's hot events (draws, cards used or obtained face up, discards) have no learner: a mark is checked when
# it is read instead (``hand_marks``, ``deck_marks``, ``table_marks``, ``deck_floor`` below), against public facts
# only. A card seen face up since has left the hand it was marked in; a hand mark also keeps its holder's ``losses``
# (cards he lost unseen by others: a face-down send or 试探, a card put on the deck, handed or taken) and lapses when
# the count moved; the deck only shrinks between the events that add to it, so a deck mark above the deck's size now
# or at the last addition is gone. A reshuffle, which hides face-up cards again, drops the marks of those cards.
# --------------------------------------------------------------------------------------------------------------
def _seen_character(g: State, seat: int, character: str | None) -> None:
    if character is not None:
        for k in g.knowledge:
            k.seen_characters[seat] = character


@learns("character")
def _seated(g: State, e: CharacterSeated) -> None:
    if e.face_up:
        _seen_character(g, e.seat, e.character)


@learns("flip")
def _flipped(g: State, e: Flipped) -> None:
    _seen_character(g, e.seat, e.character)


@learns("cover")
def _covered(g: State, e: Covered) -> None:
    _seen_character(g, e.seat, e.character)


def _out(g: State, e: Died | Lost) -> None:
    """Died / lost: the character is face up (the hand went to the face-up discard pile)."""
    _seen_character(g, e.seat, e.character)


learns("died")(_out)
learns("lost")(_out)


def _lost_unseen(g: State, holder: int) -> None:
    g.knowledge[holder].losses += 1


@learns("use")
def _used(g: State, e: Used) -> None:
    if e.audience is not None:  # a 试探 handed face down: only its user saw which card left his hand
        _lost_unseen(g, e.seat)


@learns("send")
def _sent(g: State, e: Sent) -> None:
    if e.audience is not None:
        _lost_unseen(g, e.seat)


def _mark(g: State, k: Knowledge, card: int, holder: int) -> None:
    k.hand_marks[card] = (holder, g.knowledge[holder].losses)


def _restamp(g: State, k: Knowledge, holder: int, before: int) -> None:
    """``k``'s seat saw which card ``holder`` lost: its marks on him that held before still hold."""
    now = g.knowledge[holder].losses
    marks = k.hand_marks
    for c, (h, stamp) in list(marks.items()):
        if h == holder and stamp == before:
            marks[c] = (h, now)


def _moved(g: State, e: Event, card: int, giver: int, receiver: int) -> None:
    before = g.knowledge[giver].losses
    _lost_unseen(g, giver)
    for s in e.audience or ():
        k = g.knowledge[s]
        _restamp(g, k, giver, before)
        if s != receiver:
            _mark(g, k, card, receiver)
        else:
            k.hand_marks.pop(card, None)


@learns("give")
def _gave(g: State, e: Event) -> None:
    _moved(g, e, e["card"], e["seat"], e["to"])


@learns("take")
def _took(g: State, e: Event) -> None:
    _moved(g, e, e["card"], e["from"], e["seat"])


@learns("inspect_hand")
def _inspected_hand(g: State, e: Event) -> None:
    target: int = e["target"]
    for s in _audience(e):
        if s != target:
            for c in e["cards"]:
                _mark(g, g.knowledge[s], c, target)


@learns("show_hand")
def _shown_hand(g: State, e: Event) -> None:
    seat: int = e["seat"]
    for s, k in enumerate(g.knowledge):
        if s != seat:
            for c in e["cards"]:
                _mark(g, k, c, seat)


@learns("intel_to_hand")
def _intel_to_hand(g: State, e: Event) -> None:
    to: int = e["to"]
    card: int = e["card"]
    for s, k in enumerate(g.knowledge):
        if s != to:
            _mark(g, k, card, to)
        if card in k.table_marks:
            k.table_marks.remove(card)


def _deck_checkpoint(g: State, k: Knowledge, size: int) -> None:
    """The deck has ``size`` cards (and is about to grow): drop the marks above and lower the floor."""
    for c in [c for c, pos in k.deck_marks.items() if pos >= size]:
        del k.deck_marks[c]
    if k.deck_floor > size:
        k.deck_floor = size


def _on_top(g: State, k: Knowledge, card: int, added: bool) -> None:
    size = len(g.deck)
    _deck_checkpoint(g, k, size - 1 if added else size)
    k.deck_marks[card] = size - 1
    k.hand_marks.pop(card, None)
    if card in k.table_marks:
        k.table_marks.remove(card)


@learns("to_deck")
def _to_deck(g: State, e: Event) -> None:
    putter: int = e["seat"]
    _lost_unseen(g, putter)
    for s, k in enumerate(g.knowledge):
        if s in _audience(e):
            _on_top(g, k, e["card"], True)
        else:
            _deck_checkpoint(g, k, len(g.deck) - 1)


@learns("intel_to_deck")
def _intel_to_deck(g: State, e: Event) -> None:
    for k in g.knowledge:
        _on_top(g, k, e["card"], True)


@learns("top_revealed")
def _top_revealed(g: State, e: Event) -> None:
    card = e["card"]
    if card is not None:
        for k in g.knowledge:
            _on_top(g, k, card, False)


@learns("reshuffle")
def _reshuffled(g: State, e: Event) -> None:
    """The face-up discard pile became the deck: its cards (a public set) are the deck's bottom cards from now on,
    and no longer where anyone saw them last."""
    pool = sorted(g.deck)  # the deck was empty: these are exactly the discard pile everyone saw
    hidden = set(pool)
    for k in g.knowledge:
        k.deck_pool = pool
        k.deck_floor = len(pool)
        k.deck_marks = {}
        if k.hand_marks:
            for c in [c for c in k.hand_marks if c in hidden]:
                del k.hand_marks[c]
        k.table_marks = [c for c in k.table_marks if c not in hidden]


@learns("tof_layout")
def _tof_layout(g: State, e: Event) -> None:
    """真伪莫辨 laid out the top ``count`` cards of the deck: marked cards among them now lie in the layout (a mark
    above those had lapsed already: the deck only shrank since the last addition)."""
    size = len(g.deck)
    top = size + int(e["count"])
    for k in g.knowledge:
        laid = [c for c, pos in k.deck_marks.items() if size <= pos < top]
        _deck_checkpoint(g, k, size)
        k.table_marks = laid


@learns("tof_leftover")
def _tof_leftover(g: State, e: Event) -> None:
    for k in g.knowledge:
        k.table_marks = []


@learns("probe_answer")
def _probe_answer(g: State, e: ProbeAnswered) -> None:
    """A public answer to a 试探: what was said or done, and whether the target could choose (城府 is a face-up skill
    and asks him in the open, so whether he may conceal is public)."""
    target = e.seat
    user = e.user
    uid = -1
    for past in reversed(g.events):
        if type(past) is Probed and past.user == user and past.target == target:
            uid = past.uid
            break
    note = (uid, user, target, str(e.answer), e.line, g.game.may_conceal(target))
    for k in g.knowledge:
        k.probe_answers.append(note)


@learns("declare")
def _declared(g: State, e: Declared) -> None:
    seat, rule = e.seat, e.rule
    for k in g.knowledge:
        k.declared[seat] = rule


# --- reading the marks: each checked against public facts now ----------------------------------------------------
def face_up_cards(g: State, seat: int) -> set[int]:
    """Cards ``seat`` sees now: its hand, all intelligence, the discard pile, cards set aside, the card in transit
    if visible to it, and the uses on the stack it can see."""
    from fengsheng.flow.window import Resolve, Window

    seen = set(g.seats[seat].hand)
    for s in g.seats:
        seen.update(s.intel)
    seen.update(g.discard)
    seen.update(g.aside)
    p = g.passing
    if p is not None and not p.finished and p.visible_to(seat):
        seen.add(p.card)
    for f in g.frames:
        uses = f.stack if isinstance(f, Window) else [f.use] if isinstance(f, Resolve) else []
        for u in uses:
            if u.card >= 0 and (not u.hidden or u.user == seat):
                seen.add(u.card)
    return seen


def hand_marks(g: State, seat: int, seen: set[int] | None = None) -> dict[int, int]:
    """The cards ``seat`` knows to be in another seat's hand now: card -> holder."""
    k = g.knowledge[seat]
    if not k.hand_marks:
        return {}
    if seen is None:
        seen = face_up_cards(g, seat)
    return {
        c: holder
        for c, (holder, stamp) in k.hand_marks.items()
        if stamp == g.knowledge[holder].losses and c not in seen and holder != seat
    }


def deck_marks(g: State, seat: int) -> dict[int, int]:
    """The cards ``seat`` knows to be in the deck now: card -> position from the bottom."""
    size = len(g.deck)
    return {c: pos for c, pos in g.knowledge[seat].deck_marks.items() if pos < size}


def deck_floor(g: State, seat: int) -> int:
    """How many cards at the bottom of the deck ``seat`` knows come from the last reshuffle (``deck_pool``)."""
    k = g.knowledge[seat]
    return min(k.deck_floor, len(g.deck)) if k.deck_pool else 0


def table_marks(g: State, seat: int, seen: set[int] | None = None) -> list[int]:
    """The cards ``seat`` knows to lie in the 真伪莫辨 layout now."""
    k = g.knowledge[seat]
    if not k.table_marks:
        return []
    if seen is None:
        seen = face_up_cards(g, seat)
    return [c for c in k.table_marks if c not in seen]
