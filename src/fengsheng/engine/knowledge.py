"""What each seat has been told privately, kept in the state as events are emitted (``State.knowledge``), so that
``view(seat)`` never rescans the log. One learner per event kind that carries private knowledge worth keeping."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.engine.state import Knowledge, State

Learner = Callable[["State", "Event"], None]
LEARNERS: dict[str, Learner] = {}


def learns(kind: str) -> Callable[[Learner], Learner]:
    """Register the learner of an event kind."""

    def register(fn: Learner) -> Learner:
        LEARNERS[kind] = fn
        return fn

    return register


def _audience(e: Event) -> tuple[int, ...]:
    return e.audience or ()


@learns("probe")
def _probe(g: State, e: Event) -> None:
    """The 试探 texts a seat used or received (S-CARD-PROBE-3): both of them read the card."""
    for s in _audience(e):
        g.knowledge[s].probes.append(e.for_seat(s))


@learns("identities_exchanged")
def _identities(g: State, e: Event) -> None:
    """老枪's exchange: each of the two saw the other's identity card (and his own)."""
    a: int = e["seat"]
    b: int = e["target"]
    ids: list[Any] = e["identities"]
    for s in _audience(e):
        k = g.knowledge[s].identities
        k[a], k[b] = ids[0], ids[1]


@learns("characters_dealt")
def _dealt(g: State, e: Event) -> None:
    for s in _audience(e):
        g.knowledge[s].dealt = list(e["characters"])


# --------------------------------------------------------------------------------------------------------------
# What ``Game.determinize`` keeps for a seat (see ``Knowledge``): characters seen face up, cards whose place in
# another hand, the deck or the 真伪莫辨 layout a seat knows, the last reshuffle, public 试探 answers, declarations.
# Each learner reads the event and public facts only (counts of the deck, the face-up discard pile).
# --------------------------------------------------------------------------------------------------------------
def _forget_card(g: State, card: int) -> None:
    """``card`` is now face up somewhere (or in the discard pile): no seat keeps it in a hidden place."""
    for k in g.knowledge:
        if k.hand_marks:
            k.hand_marks.pop(card, None)
        if k.table_marks and card in k.table_marks:
            k.table_marks.remove(card)


def _forget_hand(k: Knowledge, holder: int) -> None:
    """``holder`` lost a card this seat did not see: it no longer knows which of his cards he still holds."""
    marks = k.hand_marks
    if marks:
        for c in [c for c, h in marks.items() if h == holder]:
            del marks[c]


def _lost_unseen(g: State, e: Event, holder: int) -> None:
    """``holder`` lost a card seen only by the audience of ``e``."""
    aud = e.audience or ()
    for s, k in enumerate(g.knowledge):
        if s not in aud:
            _forget_hand(k, holder)


def _deck_shrank(g: State, to_table: bool = False) -> None:
    """Cards left the top of the deck (drawn, or laid out by 真伪莫辨): drop the marks above the new top (a marked
    card laid out is now known to lie in the layout)."""
    size = len(g.deck)
    for k in g.knowledge:
        if k.deck_floor > size:
            k.deck_floor = size
        marks = k.deck_marks
        if marks:
            for c in [c for c, pos in marks.items() if pos >= size]:
                del marks[c]
                if to_table:
                    k.table_marks.append(c)


def _mark_top(g: State, k: Knowledge, card: int) -> None:
    k.deck_marks[card] = len(g.deck) - 1
    if k.hand_marks:
        k.hand_marks.pop(card, None)


def _seen_character(g: State, seat: int, character: str | None) -> None:
    if character is not None:
        for k in g.knowledge:
            k.seen_characters[seat] = character


@learns("character")
def _seated(g: State, e: Event) -> None:
    if e["face_up"]:
        _seen_character(g, e["seat"], e["character"])


@learns("flip")
def _flipped(g: State, e: Event) -> None:
    _seen_character(g, e["seat"], e["character"])


@learns("cover")
def _covered(g: State, e: Event) -> None:
    _seen_character(g, e["seat"], e["character"])


def _out(g: State, e: Event) -> None:
    """Died / lost: the hand went to the (face-up) discard pile, the character is face up."""
    seat: int = e["seat"]
    for k in g.knowledge:
        _forget_hand(k, seat)
    _seen_character(g, seat, e["character"])


learns("died")(_out)
learns("lost")(_out)


@learns("use")
def _used(g: State, e: Event) -> None:
    if e.audience is None:
        _forget_card(g, e["card"])
    else:  # a 试探 handed face down: only its user saw which card left his hand
        _lost_unseen(g, e, e["seat"])


@learns("send")
def _sent(g: State, e: Event) -> None:
    if e.audience is None:
        _forget_card(g, e["card"])
    else:
        _lost_unseen(g, e, e["seat"])


@learns("obtain")
def _obtained(g: State, e: Event) -> None:
    _forget_card(g, e["card"])


@learns("discarded")
def _discarded(g: State, e: Event) -> None:
    _forget_card(g, e["card"])


@learns("probe_answer")
def _probe_answer(g: State, e: Event) -> None:
    """A public answer to a 试探: what was said or done, and whether the target could choose (城府 is a face-up skill
    and asks him in the open, so whether he may conceal is public)."""
    target: int = e["seat"]
    user: int = e["user"]
    card = e.get("card")
    if card is not None:
        _forget_card(g, card)
    uid = -1
    for past in reversed(g.events):
        if past.kind == "probe" and past["user"] == user and past["target"] == target:
            uid = past["uid"]
            break
    note = (uid, user, target, str(e["answer"]), e.get("line"), g.game.may_conceal(target))
    for k in g.knowledge:
        k.probe_answers.append(note)


@learns("give")
def _gave(g: State, e: Event) -> None:
    giver: int = e["seat"]
    to: int = e["to"]
    aud = e.audience or ()
    for s, k in enumerate(g.knowledge):
        if s in aud:
            if s != to:
                k.hand_marks[e["card"]] = to
            else:
                k.hand_marks.pop(e["card"], None)
        else:
            _forget_hand(k, giver)


@learns("take")
def _took(g: State, e: Event) -> None:
    taker: int = e["seat"]
    victim: int = e["from"]
    aud = e.audience or ()
    for s, k in enumerate(g.knowledge):
        if s in aud:
            if s != taker:
                k.hand_marks[e["card"]] = taker
            else:
                k.hand_marks.pop(e["card"], None)
        else:
            _forget_hand(k, victim)


@learns("inspect_hand")
def _inspected_hand(g: State, e: Event) -> None:
    target: int = e["target"]
    for s in _audience(e):
        if s != target:
            marks = g.knowledge[s].hand_marks
            for c in e["cards"]:
                marks[c] = target


@learns("show_hand")
def _shown_hand(g: State, e: Event) -> None:
    seat: int = e["seat"]
    for s, k in enumerate(g.knowledge):
        if s != seat:
            for c in e["cards"]:
                k.hand_marks[c] = seat


@learns("intel_to_hand")
def _intel_to_hand(g: State, e: Event) -> None:
    to: int = e["to"]
    card: int = e["card"]
    for s, k in enumerate(g.knowledge):
        if s != to:
            k.hand_marks[card] = to


@learns("to_deck")
def _to_deck(g: State, e: Event) -> None:
    putter: int = e["seat"]
    aud = e.audience or ()
    for s, k in enumerate(g.knowledge):
        if s in aud:
            _mark_top(g, k, e["card"])
        else:
            _forget_hand(k, putter)


@learns("intel_to_deck")
def _intel_to_deck(g: State, e: Event) -> None:
    for k in g.knowledge:
        _mark_top(g, k, e["card"])


@learns("top_revealed")
def _top_revealed(g: State, e: Event) -> None:
    card = e["card"]
    if card is not None:
        for k in g.knowledge:
            _mark_top(g, k, card)


@learns("draw")
def _drew(g: State, e: Event) -> None:
    _deck_shrank(g)


@learns("reshuffle")
def _reshuffled(g: State, e: Event) -> None:
    """The face-up discard pile became the deck: its cards (a public set) are the deck's bottom cards from now on."""
    pool = sorted(g.deck)  # the deck was empty: these are exactly the discard pile everyone saw
    for k in g.knowledge:
        k.deck_pool = pool
        k.deck_floor = len(pool)
        k.deck_marks = {}


@learns("tof_layout")
def _tof_layout(g: State, e: Event) -> None:
    _deck_shrank(g, to_table=True)


@learns("tof_leftover")
def _tof_leftover(g: State, e: Event) -> None:
    for k in g.knowledge:
        k.table_marks = []


@learns("declare")
def _declared(g: State, e: Event) -> None:
    for k in g.knowledge:
        k.declared[e["seat"]] = e["rule"]
