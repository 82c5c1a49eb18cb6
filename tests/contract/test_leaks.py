"""Hidden information is sacred: no view and no censored event shows a seat a card, 试探 text or identity it may
not know.

The test keeps its own oracle of what each seat may know, derived from the true state and the physical rules (it
does not use the engine's view code, ``Passing.seen``, ``Use.hidden`` or event audiences):

* card ids visible to seat *s* now: its hand; all intelligence on the table; the discard pile; the card in transit
  if it is a 文本 (text) card, or *s* sent it, or *s* decoded it; every pending or resolving use on the stack except
  a 试探 (handed face down), which only its user sees; every 试探 *s* used or was probed with (cumulative);
* a censored event produced by a decision may mention a card visible to *s* just before or just after that
  decision, or a card that was face up for a moment in between: anything put on the (face-up) discard pile during
  the decision, which the test records by instrumenting the pile (a reshuffle may have hidden it again since), and
  the card of a face-up use just played (it may have resolved, been discarded and reshuffled within the decision);
* 试探 texts (the probe's identity, effect and line): only the user and the target of a 试探 that took effect (and a
  福爾摩斯 who inspected it, 真相); the line said aloud in ``probe_answer`` is public (A-21);
* identities: a seat's own; those of players out of the game (dead or lost); everyone's once the game is over;
* a ``declare`` prompt is shown only to its seat.

With character cards (the run over random character games is in ``test_leaks_characters.py``):

* a character id (or one of its skill ids / option words) is shown to a seat only if that seat was dealt it, or the
  character has been face up (a public one, a flipped hidden one; covering it again does not make anyone forget),
  or its owner is out of the game, or the game is over; the two characters dealt and the choice stay private until
  everyone has chosen;
* a private decision (``Decision.private``: a face-down character's optional trigger, a declaration prompt) shows
  other seats only ``{"kind": "waiting"}``; any other skill question names a character the viewer knows;
* cards moving between hands (``give``, ``take``) are seen by the two players, because each card entered or left one
  of their hands (the hands are instrumented like the discard pile); a card put on the deck (``to_deck``) only by its
  owner; a card in transit looked at (``inspected``) only by the inspector; a hand looked at (``inspect_hand``) by
  the inspector and its owner; cards shown to everyone (``show_hand``, ``top_revealed``) only if they really are
  that hand / the top of the deck;
* identity cards looked at through 老枪's skill (``identities_exchanged``) only by the two players; revealed
  identities (``identity_revealed``) by everyone; an identity card taken (致命香水's 臨危受命, ``identity_taken``)
  keeps who knew it: the taker's identity is known to the giver and whoever knew his, the taker's old card (out of the
  game, ``identities_out``) to the taker and whoever knew it.

Every event after every decision of 1,000 random games (all legal configurations) is checked for every seat and the
spectator; the view of one random seat or the spectator is checked at a quarter of the decision points, and every
view at declare prompts and at the end. Key names are classified: a new key in a view or an event fails the test
until it is declared a card field or not.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from fengsheng.config import Config
from fengsheng.core.cards import IDENTITIES, PROBE, TEXT
from fengsheng.core.options import DECLARE_KIND, SKILL_CHOICE, parse_option
from fengsheng.editions import EDITIONS, get_edition
from fengsheng.flow.setup import Setup
from fengsheng.flow.window import Resolve, Window
from fengsheng.game import Game
from fengsheng.sim.runner import derive_seed
from tests.helpers import CHARACTERS, STANDARD_DECK, load_fuzz
from tests.suite import sized

fuzz = load_fuzz()

GAMES = sized(96, 1000)  # two games of each of the 48 configurations in the quick suite
VIEW_SAMPLE = 0.25  # fraction of decision points at which the view of one random seat (or the spectator) is checked

IDENTITY_NAMES = frozenset(IDENTITIES)
PROBE_LINES = frozenset(c.probe_line for e in EDITIONS for c in get_edition(e).deck if c.probe_line)
# 千智风声 without characters: its cards, its passing and its probes (with: test_qianzhi_characters)
GAMES_QIANZHI = sized(60, 300)
DECK_SIZE = [len(STANDARD_DECK)]
"""The number of card ids of the game being checked (set by the Oracle): an id outside it is a bug."""

# Keys under which card ids appear (an int or a list of ints).
CARD_KEYS = frozenset({"card", "cards", "hand", "intel", "discard", "old"})
# Keys that hold no card id. A key in neither set fails the test: classify it here (card id or not) before it ships.
OTHER_KEYS = frozenset(
    {
        "alive", "answer", "audience", "back", "by", "can_declare", "character", "characters", "characters_dealt", "context", "count",
        "current", "death_order", "deck_count", "decision", "declarer", "direction", "distribution", "effect",
        "face_up", "factions", "from", "hand_count", "has_character", "holder", "how", "identities", "identity",
        "killer", "kind", "line", "locks", "lost", "lured", "me", "method", "order", "phase", "players", "probes",
        "probes_out_count", "reason", "result", "rule", "scenario", "seat", "seats", "sender", "sex", "skill",
        "source", "stack", "step", "table_count", "target", "to", "transit", "turn", "turns", "uid", "use", "user", "uses",
        "variants", "why", "window", "winners", "with_characters", "edition", "character_texts", "identities_out",
        "out", "own", "shown",
    }
)  # fmt: skip


# Character ids of every edition, and the words that name a character: its skill ids (``C-LAO_GUI-1`` standard,
# ``QC-LAO_GUI-1`` 千智风声) and option words (``lao_gui.1``: the short name, of the edition of the game checked).
CHARACTER_IDS = frozenset(CHARACTERS) | frozenset(c for e in EDITIONS for c in get_edition(e).characters())
_SKILL_ID = re.compile(r"(Q?)C-([A-Z][A-Z_]*)-\d+")
_SKILL_KEY = re.compile(r"([a-z][a-z_]*)\.\w+")
EDITION = ["standard"]
"""The edition of the game being checked (set by the Oracle): option words name its characters."""


def character_of(text: str) -> str | None:
    """The character a string names (its id, a skill id or a skill option word), or None."""
    if text in CHARACTER_IDS:
        return text
    m = _SKILL_ID.fullmatch(text)
    if m:
        cid = f"{'qianzhi' if m.group(1) else 'standard'}.{m.group(2).lower()}"
        return cid if cid in CHARACTER_IDS else None
    m = _SKILL_KEY.fullmatch(text)
    if m and f"{EDITION[0]}.{m.group(1)}" in CHARACTER_IDS:  # skill option words use the short name
        return f"{EDITION[0]}.{m.group(1)}"
    return None


# ----------------------------------------------------------------------------------------------------------------
# Collecting what a view / event shows
# ----------------------------------------------------------------------------------------------------------------
class Shown:
    """Card ids, identity strings (with their paths) and probe texts found in one view or event."""

    def __init__(self) -> None:
        self.cards: dict[int, tuple[Any, ...]] = {}
        self.identities: list[tuple[tuple[Any, ...], str]] = []
        self.probe_texts: list[tuple[tuple[Any, ...], str]] = []
        self.characters: list[tuple[tuple[Any, ...], str]] = []
        self.unknown_keys: set[str] = set()


def _card_ints(value: Any, path: tuple[Any, ...], out: Shown) -> None:
    if value is None:
        return
    if type(value) is int:
        assert 0 <= value < DECK_SIZE[0], f"bad card id {value!r} at {path}"
        if value not in out.cards:
            out.cards[value] = path
        return
    assert type(value) is list, f"card field {path} holds {value!r}"
    for c in value:
        assert type(c) is int and 0 <= c < DECK_SIZE[0], f"bad card id {c!r} at {path}"
        if c not in out.cards:
            out.cards[c] = path


_SCALARS = (int, str, bool, type(None), float)


def collect(obj: Any, out: Shown, path: tuple[Any, ...] = ()) -> Shown:
    """Walk a view or an event: card ids (by key), identity strings and probe texts, with their paths."""
    todo = [(obj, path)]
    other, card_keys, idents, lines = OTHER_KEYS, CARD_KEYS, IDENTITY_NAMES, PROBE_LINES
    while todo:
        node, path = todo.pop()
        if type(node) is dict:
            for k, v in node.items():
                tv = type(v)
                if tv is str:
                    if v in idents:
                        out.identities.append(((*path, k), v))
                    elif k == "effect" or k == "line" or v in lines:
                        out.probe_texts.append(((*path, k), v))
                    else:
                        ch = character_of(v)
                        if ch is not None:
                            out.characters.append(((*path, k), ch))
                if k in other:
                    if tv is dict or tv is list:
                        todo.append((v, (*path, k)))
                elif k in card_keys:
                    _card_ints(v, (*path, k), out)
                elif k == "ref":
                    if node.get("use") == "burn":
                        _card_ints(v, (*path, k), out)
                elif k == "options":
                    for i, text in enumerate(v):
                        o = parse_option(text)
                        if o.card >= 0 and o.card not in out.cards:
                            out.cards[o.card] = (*path, k, i)
                        if o.use == "burn" and o.ref >= 0 and o.ref not in out.cards:
                            out.cards[o.ref] = (*path, k, i)
                        for word in (o.use, o.name):
                            ch = character_of(word) if word else None
                            if ch is not None:
                                out.characters.append(((*path, k, i), ch))
                else:
                    out.unknown_keys.add(k)
                    if tv is dict or tv is list:
                        todo.append((v, (*path, k)))
        elif type(node) is list:
            for i, v in enumerate(node):
                tv = type(v)
                if tv is str:
                    if v in idents:
                        out.identities.append(((*path, i), v))
                    elif v in lines:
                        out.probe_texts.append(((*path, i), v))
                    else:
                        ch = character_of(v)
                        if ch is not None:
                            out.characters.append(((*path, i), ch))
                elif tv is dict or tv is list:
                    todo.append((v, (*path, i)))
                elif tv not in _SCALARS:
                    raise AssertionError(f"not plain data at {(*path, i)}: {v!r}")
    return out


# ----------------------------------------------------------------------------------------------------------------
# The oracle
# ----------------------------------------------------------------------------------------------------------------
class RecordingList(list[int]):
    """A card list (the discard pile, the deck, a hand), instrumented to remember every card put in it since its
    ``added`` set was last reset: the pile is face up, and the owner of a hand saw each card that entered it."""

    def __init__(self, cards: list[int]) -> None:
        super().__init__(cards)
        self.added: set[int] = set(cards)

    def append(self, c: int) -> None:
        self.added.add(c)
        super().append(c)

    def extend(self, cards: Any) -> None:
        cards = list(cards)
        self.added.update(cards)
        super().extend(cards)

    def insert(self, i: Any, c: int) -> None:
        self.added.add(c)
        super().insert(i, c)

    def __iadd__(self, cards: Any) -> RecordingList:
        self.extend(cards)
        return self


def e_is_new_use(new: list[Any], seat: int) -> bool:
    return any(e.kind == "use" and e.data["seat"] == seat for e in new)


class Visible:
    """The card ids visible at one moment: public ones, and per seat its hand, its 试探 and other own cards."""

    __slots__ = ("extra", "public")

    def __init__(self, public: set[int], extra: list[tuple[list[int], set[int], set[int]]]) -> None:
        self.public = public
        self.extra = extra

    def sees(self, seat: int | None, card: int) -> bool:
        if card in self.public:
            return True
        if seat is None:
            return False
        hand, probes, own = self.extra[seat]
        return card in hand or card in probes or card in own


class Oracle:
    """What each seat may know, kept up to date from the true state after every decision."""

    def __init__(self, g: Game) -> None:
        DECK_SIZE[0] = len(g.edition.deck)
        EDITION[0] = g.edition.id
        self.n = g.n
        self.probe_cards: list[set[int]] = [set() for _ in range(g.n)]  # 试探 cards a seat used or received
        self.probe_uids: list[set[int]] = [set() for _ in range(g.n)]  # ... and their stack uids
        self.decoded: set[int] = set()  # seats that decoded the card now in transit
        self.exposed: object = None  # the pass whose card 揭露 turned face up
        self.blind_sender: object = None  # a pass whose card 議長 replaced: its sender no longer knows it
        self.burn_refs: dict[int, int] = {}  # uid of a 燒毀 used -> the intelligence it targets
        self.passing: Any = None
        self.revealed: set[int] = set()  # seats whose identity was turned face up by a rule
        self.stack_cards: dict[int, tuple[int, int, str, int]] = {}  # uid -> (user, card, use, target)
        self.transit_card = -1
        self.seen = 0
        # characters: what each seat was dealt, and the characters everyone knows (face up at some point, owner out)
        self.dealt: list[set[str]] = [set() for _ in range(g.n)]
        self.public_characters: set[str] = set()
        self.known_identities: list[set[int]] = [set() for _ in range(g.n)]  # 老枪: identity cards looked at
        self.out_known: list[set[int | None]] = []  # per identity card out of the game: who knows it (None: all)
        # 千智风声's modes (Q-MODE, A-82): 新手场 deals every identity face up; in 3V3 the teams sit alternately and
        # each player sees his teammates' identity cards (the seats of his parity)
        if g.config.mode == "beginner":
            self.revealed.update(range(g.n))
        elif g.config.mode == "3v3":
            for v in range(g.n):
                self.known_identities[v].update(s for s in range(g.n) if s % 2 == v % 2)
        self.hand_added: list[set[int]] = [set() for _ in range(g.n)]  # cards that entered a hand in this step
        self.peeked: list[set[int]] = [set() for _ in range(g.n)]  # hands looked at (检视) in this step
        self.deck_before: set[int] = set()  # the deck and the discard pile at the last decision point
        if not isinstance(g.discard, RecordingList):
            g.discard = RecordingList(g.discard)
        for s in g.seats:
            if not isinstance(s.hand, RecordingList):
                s.hand = RecordingList(s.hand)
        self.prev_visible = Visible(set(), [([], set(), set())] * g.n)
        self.now_visible = self.prev_visible
        self.between: set[int] = set()
        self.update(g)

    def update(self, g: Game) -> None:
        new = g.events[self.seen :]
        self.seen = len(g.events)
        # uses that resolved in this step (public facts): a decode gives its user the card in transit; a 试探 that
        # took effect shows its text to its target
        fizzled = {e.data["uid"] for e in new if e.kind == "fizzle"}
        last = g.history[-1] if g.history else None
        prev_hands = [list(x[0]) for x in self.now_visible.extra]
        for st in g.seats:
            if not isinstance(st.hand, RecordingList):
                st.hand = RecordingList(st.hand)
            self.hand_added[st.index] = st.hand.added
            st.hand.added = set()
        shown: set[int] = set()  # cards legitimately shown to everyone during this step
        inspected: list[int] = []
        exposures: set[int] = set()
        self.peeked = [set() for _ in range(g.n)]
        for e in new:
            if e.kind == "use" and e.data["use"] == "burn":
                self.burn_refs[e.data["uid"]] = e.data["ref"]  # a face-up intelligence, in a public event
            if e.kind == "use" and last is not None and last[0] == e.data["seat"] and last[1].use == e.data["use"]:
                # the use just played (it may resolve within this same step): its card is the option's card
                self.stack_cards[e.data["uid"]] = (last[0], last[1].card, last[1].use, last[1].target)
            elif e.kind == "resolve" and e.data["uid"] not in fizzled:
                if e.data["use"] == "fu_er_mo_si.1":  # 福爾摩斯's 揭露 turns the card in transit face up
                    exposures.add(e.data["uid"])
                info = self.stack_cards.get(e.data["uid"])
                if info is None:
                    continue
                user, card, use, target = info
                if use == "decode" and self.transit_card >= 0:
                    self.decoded.add(user)
                elif use == PROBE:
                    for s in (user, target):
                        self.probe_cards[s].add(card)
                        self.probe_uids[s].add(e.data["uid"])
            elif e.kind == "revealed" and e.data["uid"] in exposures and g.passing is not None:
                shown.add(e["card"])
                self.exposed = g.passing
            elif e.kind in ("transit_replaced", "transit_to_deck"):
                # 議長's 移花接木 (only he knows the new card in transit), 情報處長's 偷龍轉鳳 (nobody does); a 破譯
                # resolving later in the step shows the new card to its user (in event order)
                self.decoded = {e.data["seat"]} if e.kind == "transit_replaced" else set()
                self.blind_sender = g.passing
            elif e.kind == "identity_revealed":
                self.revealed.add(e.data["seat"])
            elif e.kind == "inspected":
                p_now = g.passing
                in_transit = p_now.card if p_now is not None and not p_now.finished else -1
                if e["card"] != in_transit and g.card_type[e["card"]] == PROBE:
                    self.probe_cards[e.data["seat"]].add(e["card"])  # 福爾摩斯's 真相: a 試探 being used
                    # he read the card: its texts too (his knowledge keeps it among his probes, R-39)
                    self.probe_uids[e.data["seat"]].update(
                        uid for uid, (_, card, use, _) in self.stack_cards.items() if card == e["card"] and use == PROBE
                    )
                else:
                    inspected.append(e.data["seat"])  # looked at the card in transit (a skill, e.g. 译电员)
            elif e.kind == "inspect_hand":  # looked at a hand (e.g. 浮萍's 后着): the cards it held
                self.peeked[e.data["seat"]] |= self.held(g, e.data["target"], prev_hands)
            elif e.kind == "identities_exchanged":
                a, b = e.data["seat"], e.data["target"]
                self.known_identities[a].add(b)
                self.known_identities[b].add(a)
            elif e.kind == "identity_taken":  # the taker holds the giver's card; his own is out, face down
                a, b = e.data["seat"], e.data["target"]
                knew_own: set[int | None] = {a} | {v for v in range(g.n) if a in self.known_identities[v]}
                if a in self.revealed:
                    knew_own.add(None)
                self.out_known.append(knew_own)
                for v in range(g.n):
                    if v == b or b in self.known_identities[v]:  # the giver knows the card he held
                        self.known_identities[v].add(a)
                    else:
                        self.known_identities[v].discard(a)
                if b in self.revealed:
                    self.revealed.add(a)
                else:
                    self.revealed.discard(a)
            elif e.kind == "flip" and g.seats[e.data["seat"]].character == e.data["character"]:
                self.public_characters.add(e.data["character"])  # turned face up (maybe covered again since)
            elif e.kind == "top_revealed" and e.data["card"] is not None:
                # the top card of the deck, shown (and left there, though it may have been drawn since): it was in
                # the deck, or in the discard pile reshuffled into it, not in anyone's hand
                c = e.data["card"]
                if (
                    c in self.deck_before
                    or c in g.discard.added
                    or (isinstance(g.deck, RecordingList) and c in g.deck.added)
                ):
                    shown.add(c)
            elif e.kind == "show_hand":
                held = self.held(g, e.data["seat"], prev_hands)
                shown.update(c for c in e.data["cards"] if c in held or c in g.discard.added)
        for f in g.frames:
            if isinstance(f, Setup) and f.dealt:
                self.dealt = [set(d) for d in f.dealt]
        for st in g.seats:
            if st.character is not None and (st.face_up or not st.in_game or g.result is not None):
                self.public_characters.add(st.character)
        p = g.passing
        if p is not self.passing:
            self.passing = p
            self.decoded = set()
        live = p is not None and not p.finished
        self.transit_card = p.card if live else -1
        if live:
            self.decoded.update(inspected)

        # cards that were face up at some moment of the step although they may be hidden again now: everything put
        # on the discard pile (it may have been reshuffled into the deck and drawn since), and the card of a face-up
        # use just played (it may have resolved and been discarded and reshuffled within the same step)
        between: set[int] = set()
        if isinstance(g.discard, RecordingList):
            between = g.discard.added
            g.discard.added = set()
        if last is not None and last[1].kind == "play" and last[1].use != PROBE and e_is_new_use(new, last[0]):
            between.add(last[1].card)
        self.between = between | shown

        public: set[int] = set(g.discard)
        for s in g.seats:
            public.update(s.intel)
        if live and g.edition.deck[p.card].method == TEXT:  # a 文本 card (千智风声's 調包 are all 文本)
            public.add(p.card)
        if live and p is self.exposed:  # turned face up by 揭露 (the card in transit may have changed since: 調包)
            public.add(p.card)
        own_hidden: dict[int, set[int]] = {}
        stack: dict[int, tuple[int, int, str, int]] = {}
        for f in g.frames:
            uses = f.stack if isinstance(f, Window) else [f.use] if isinstance(f, Resolve) else []
            for u in uses:
                if u.card < 0:
                    continue
                stack[u.uid] = (u.user, u.card, u.use, u.target)
                if u.use == PROBE:  # handed face down (S-CARD-PROBE-3)
                    own_hidden.setdefault(u.user, set()).add(u.card)
                else:
                    public.add(u.card)
        self.stack_cards.update(stack)

        self.prev_visible = self.now_visible
        extra: list[tuple[list[int], set[int], set[int]]] = []
        for st in g.seats:
            mine = own_hidden.get(st.index, set()) | self.hand_added[st.index] | self.peeked[st.index]
            if live and ((p.sender == st.index and p is not self.blind_sender) or st.index in self.decoded):
                mine.add(p.card)
            extra.append((list(st.hand), self.probe_cards[st.index], mine))
        self.now_visible = Visible(public, extra)
        self.deck_before = set(g.deck) | set(g.discard)
        if not isinstance(g.deck, RecordingList):  # cards put on the deck: by 大美女, 老金, 黄雀 …
            g.deck = RecordingList(g.deck)
        g.deck.added = set()

    def held(self, g: Game, seat: int, prev_hands: list[list[int]]) -> set[int]:
        """The cards ``seat`` held during this step: its hand now, those that entered it, its hand before."""
        return set(g.seats[seat].hand) | self.hand_added[seat] | set(prev_hands[seat] if seat < len(prev_hands) else [])

    def identity_ok(self, g: Game, viewer: int | None, seat: int) -> bool:
        if viewer is not None and seat in self.known_identities[viewer]:
            return True
        return viewer == seat or not g.seats[seat].in_game or g.result is not None or seat in self.revealed

    def character_ok(self, g: Game, viewer: int | None, character: str) -> bool:
        """A seat knows the characters it was dealt, its own, and those everyone has seen face up."""
        if character in self.public_characters:
            return True
        if viewer is None:
            return False
        return character in self.dealt[viewer] or character == g.seats[viewer].character

    def check_characters(self, g: Game, viewer: int | None, shown: Shown, where: object, what: object) -> None:
        for path, ch in shown.characters:
            ok = self.character_ok(g, viewer, ch)
            assert ok, f"{where}: seat {viewer} sees the character {ch!r} at {path} in {what}"

    # ------------------------------------------------------------------------------------------------------------
    def check_event(self, g: Game, viewer: int | None, e: dict[str, Any], where: object) -> None:
        shown = collect(e, Shown())
        assert not shown.unknown_keys, f"unclassified event keys {shown.unknown_keys} in {e}: add them to the oracle"
        now, prev, between = self.now_visible, self.prev_visible, self.between
        for c, path in shown.cards.items():
            ok = now.sees(viewer, c) or prev.sees(viewer, c) or c in between
            assert ok, f"{where}: seat {viewer} sees hidden card {c} at {path} in event {e}"
        kind = e["kind"]
        probe_ok = kind == "probe" and viewer is not None and e["uid"] in self.probe_uids[viewer]
        for path, text in shown.probe_texts:
            ok = probe_ok or (kind == "probe_answer" and path == ("line",))
            assert ok, f"{where}: seat {viewer} sees probe text {text!r} at {path} in {e}"
        for path, ident in shown.identities:
            if kind == "probe" and path == ("identity",):
                ok = probe_ok
            elif kind == "identity" and path == ("identity",):
                ok = e["seat"] == viewer or self.identity_ok(g, viewer, e["seat"])
            elif kind in ("died", "lost", "identity_revealed") and path == ("identity",):
                ok = self.identity_ok(g, viewer, e["seat"])
            elif kind == "identities_exchanged" and path[0] == "identities" and path[1] in (0, 1):
                ok = self.identity_ok(g, viewer, (e["seat"], e["target"])[path[1]])
            elif kind == "identity_taken" and path in (("identity",), ("own",)):
                ok = viewer == e["seat"]
            elif kind == "game_over":
                ok = g.result is not None
            else:
                ok = False
            assert ok, f"{where}: seat {viewer} sees identity {ident!r} at {path} in event {e}"
        self.check_characters(g, viewer, shown, where, f"event {e}")

    def check_view(self, g: Game, viewer: int | None, where: object, v: dict[str, Any] | None = None) -> None:
        """``v`` (default: ``g.view(viewer)``, the engine's own) holds nothing ``viewer`` may not know."""
        v = g.view(viewer) if v is None else v
        json.dumps(v)  # JSON-able (test_views checks the round trip)
        shown = collect(v, Shown())
        assert not shown.unknown_keys, f"unclassified view keys {shown.unknown_keys}: add them to the oracle"
        for c, path in shown.cards.items():
            ok = self.now_visible.sees(viewer, c)
            if not ok and path[0] == "stack" and path[2:] == ("ref",):
                # a pending 燒毀's target: it was face up when the burn was used, and every move since is public
                # (黃雀 may put it back on the deck before the burn resolves)
                ok = self.burn_refs.get(v["stack"][path[1]]["uid"]) == c
            assert ok, f"{where}: view of seat {viewer} shows hidden card {c} at {path}"
        probe_uids = self.probe_uids[viewer] if viewer is not None else set()
        for path, text in shown.probe_texts:
            ok = path[:2] == ("me", "probes") and v["me"]["probes"][path[2]]["uid"] in probe_uids
            assert ok, f"{where}: view of seat {viewer} shows probe text {text!r} at {path}"
        for path, ident in shown.identities:
            if path[0] == "seats" and path[2:] == ("identity",):
                ok = self.identity_ok(g, viewer, path[1])
            elif path == ("me", "identity"):
                ok = viewer is not None and g.seats[viewer].identity == ident
            elif path[:2] == ("me", "probes") and path[3:] == ("identity",):
                ok = v["me"]["probes"][path[2]]["uid"] in probe_uids
            elif path[:2] == ("result", "factions"):
                ok = g.result is not None
            elif path[0] == "identities_out":
                knowers = self.out_known[path[1]]
                ok = None in knowers or viewer in knowers
            else:
                ok = False
            assert ok, f"{where}: view of seat {viewer} shows identity {ident!r} at {path}"
        if viewer is not None:
            assert sorted(v["me"]["hand"]) == sorted(g.seats[viewer].hand)
        for s, sv in enumerate(v["seats"]):
            assert sv["hand_count"] == len(g.seats[s].hand)
        d = g.decision
        if d is not None and viewer != d.seat:
            vd = v["decision"]
            assert "options" not in vd, f"{where}: seat {viewer} sees the options of seat {d.seat}"
            if d.kind == DECLARE_KIND:
                assert vd["kind"] != DECLARE_KIND and vd["seat"] is None, f"{where}: declare prompt shown: {vd}"
                assert "declare" not in json.dumps(vd)
            if d.private:
                assert vd == {"seat": None, "kind": "waiting", "context": ""}, f"{where}: private decision shown: {vd}"
            elif d.kind == SKILL_CHOICE:  # a skill's question in the open must name a character the viewer knows
                ch = character_of(d.context)
                assert ch is not None and self.character_ok(g, viewer, ch), f"{where}: skill question shown: {vd}"
        self.check_characters(g, viewer, shown, where, "the view")


class Where:
    """Where a check happens (formatted only when an assertion fails)."""

    __slots__ = ("config", "decisions", "seed")

    def __init__(self, config: Config, seed: int, decisions: int) -> None:
        self.config, self.seed, self.decisions = config, seed, decisions

    def __str__(self) -> str:
        return f"{self.config} seed {self.seed} after decision {self.decisions}"

    def __format__(self, spec: str) -> str:
        return str(self)


def leak_check_game(config: Config, seed: int, view_sample: float = VIEW_SAMPLE) -> tuple[int, int, int]:
    """Play one random game checking every new event for every seat and a sample of views. Returns counts."""
    g = Game.new(config, seed)
    rng = random.Random(derive_seed(seed, "leaks"))
    oracle = Oracle(g)
    viewers: list[int | None] = [*range(g.n), None]
    start = 0
    decisions = views = declares = 0
    while True:
        where = Where(config, seed, decisions)
        for e in g.events[start:]:
            for s in viewers:
                oracle.check_event(g, s, e.for_seat(s), where)
        start = len(g.events)
        d = g.decision
        if d is not None and d.kind == DECLARE_KIND:
            declares += 1
        if d is None or d.kind == DECLARE_KIND:
            for s in viewers:
                oracle.check_view(g, s, where)
                views += 1
        elif rng.random() < view_sample:
            oracle.check_view(g, rng.choice(viewers), where)
            views += 1
        if d is None:
            return decisions, views, declares
        g.step(rng.randrange(len(d.options)))
        decisions += 1
        oracle.update(g)


def test_no_leaks_in_random_games() -> None:
    configs = fuzz.all_configs()
    decisions = views = declares = 0
    for i in range(GAMES):
        config = configs[i % len(configs)]
        d, v, dc = leak_check_game(config, derive_seed("leak-test", i))
        decisions += d
        views += v
        declares += dc
    assert decisions > 100 * GAMES
    assert views > 10 * GAMES
    assert declares > 0, "no declare prompt was met: the prompt-hiding check did not run"


def test_no_leaks_in_random_games_of_the_qianzhi_edition() -> None:
    configs = fuzz.all_configs("qianzhi")
    decisions = views = declares = 0
    kinds: set[str] = set()
    for i in range(GAMES_QIANZHI):
        config = configs[i % len(configs)]
        seed = derive_seed("leak-test-qianzhi", i)
        d, v, dc = leak_check_game(config, seed)
        decisions += d
        views += v
        declares += dc
        if i < 40:
            g = fuzz.play_one(config, seed, choice_seed=derive_seed(seed, "leaks"), invariants=False)
            kinds.update(e.kind for e in g.events)
    assert decisions > 100 * GAMES_QIANZHI and views > 10 * GAMES_QIANZHI and declares > 0
    assert {"transferred", "swapped", "probe_answer"} <= kinds  # the edition's own events were met


# ----------------------------------------------------------------------------------------------------------------
# The oracle itself must catch leaks: feed it doctored views and events
# ----------------------------------------------------------------------------------------------------------------
def _game_with_probe_in_flight() -> tuple[Game, Oracle]:
    """A random game stopped right after a 试探 was played (so a face-down card is on the stack)."""
    for seed in range(200):
        g = Game.new(Config(players=5), seed)
        rng = random.Random(seed)
        oracle = Oracle(g)
        while g.decision is not None:
            d = g.decision
            probes = [k for k, o in enumerate(d.options) if o.use == PROBE]
            g.step(probes[0] if probes else rng.randrange(len(d.options)))
            oracle.update(g)
            if probes:
                return g, oracle
    raise AssertionError("no 试探 played")


def test_oracle_catches_doctored_views_and_events(monkeypatch: Any) -> None:
    import pytest

    import fengsheng.views

    g, oracle = _game_with_probe_in_flight()
    d = g.decision
    assert d is not None
    user = g.events[-1].data["seat"]
    probe_card = g.events[-1].private["card"]
    other = (user + 1) % g.n
    # the untouched state passes
    for s in [*range(g.n), None]:
        oracle.check_view(g, s, "ok")
        for e in g.events:
            oracle.check_event(g, s, e.for_seat(s), "ok")
    # an event that shows another seat the face-down 试探
    with pytest.raises(AssertionError, match="hidden card"):
        oracle.check_event(g, other, g.events[-1].full(), "doctored")
    # an event that shows someone's identity
    ident = next(e for e in g.events if e.kind == "identity" and e.data["seat"] == user).full()
    with pytest.raises(AssertionError, match="identity"):
        oracle.check_event(g, other, ident, "doctored")
    # a view that shows another seat's hand, identity or the face-down 试探
    real_view = fengsheng.views.view

    def leaky(kind: str) -> Any:
        def view(game: Game, seat: int | None) -> dict[str, Any]:
            v = real_view(game, seat)
            if kind == "hand":
                v["seats"][user]["hand"] = list(game.seats[user].hand)
            elif kind == "identity":
                v["seats"][user]["identity"] = game.seats[user].identity
            elif kind == "stack":
                v["stack"][-1]["card"] = probe_card
            return v

        return view

    for kind, match in (("hand", "hidden card"), ("identity", "identity"), ("stack", "hidden card")):
        monkeypatch.setattr(fengsheng.views, "view", leaky(kind))
        if kind == "hand" and not g.seats[user].hand:
            continue
        with pytest.raises(AssertionError, match=match):
            oracle.check_view(g, other, "doctored")
    monkeypatch.setattr(fengsheng.views, "view", real_view)


def test_unknown_keys_are_flagged() -> None:
    shown = collect({"kind": "x", "secret_cards": [1, 2]}, Shown())
    assert shown.unknown_keys == {"secret_cards"}
