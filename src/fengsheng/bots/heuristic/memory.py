"""What one seat observed: the events it saw, turned into plain facts and into evidence for its identity belief.

The runner passes a bot only the new events; :meth:`Memory.observe` takes them in one by one (``_OBSERVERS``: one
handler per event kind) and keeps:

* the game's frame: players, identity distribution, the faction target (S-VAR-2), the edition and its public card
  and identity tables (:mod:`~fengsheng.bots.heuristic.tables`: the deck, the probes, the identity rows);
* this seat's identity and character, the face-up characters of every seat;
* the card in transit as this seat knows it (:class:`Transit`: sender, method, who knows its colour, who declined it
  knowing it), the locks of the turn, the uses played, the 试探 texts read and where probes are;
* what this seat did (skills used this turn, its last answer per skill question);
* the belief (:class:`~fengsheng.bots.belief.IdentityBelief`), updated with the likelihoods of
  :mod:`~fengsheng.bots.heuristic.evidence` from 试探 answers, acceptances and refusals, what was sent to whom,
  false intelligence placed or burnt, cards cancelled by 识破, and certainties (deaths, losses, revealed identities);
* whether the game has stalled (:attr:`Memory.stalled`, from its views): every pass ends with a card obtained, so the
  intelligence in front of the players in the game grows turn after turn unless 烧毁 takes it away again; a game
  where it has not reached a new high for :data:`STALL_TURNS` turns, with nobody dying or losing, is turning in a
  circle (a bystander endgame where everyone declines false intelligence, takes his own back and burns it: the
  rules have no turn limit, S-TURN-13 no hand limit, and the discard pile becomes the deck again, S-TURN-5). Nothing
  ends such a game but a death or a loss, so once stalled the policy stops burning until a seat leaves the game.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from fengsheng.bots.ai import character_ai
from fengsheng.bots.belief import IDENTITY_INDEX, IdentityBelief
from fengsheng.bots.heuristic.evidence import (
    ACCEPT_L,
    HARM_PAIR,
    HELP_PAIR,
    SEND_L,
    declined,
    read_probe_answer,
    unread_probe_answer,
    unread_probe_effect,
)
from fengsheng.bots.heuristic.tables import DRAW_EFFECTS, STANDARD, Tables, tables_for
from fengsheng.core.cards import BLACK, DIRECT, PROBE, SEE_THROUGH, TEXT
from fengsheng.core.options import Option

STALL_TURNS = 24
"""Turns without a new high of the intelligence in front of the players in the game (and nobody leaving it) after
which the game counts as stalled. Games that end are far from it: in 1,840 games of HeuristicBots (3 to 9 players,
characters off and on, auto-pass off and on) the longest such stretch a bot saw was 11 turns."""


class Transit:
    """What this seat knows about the intelligence being passed."""

    __slots__ = ("card", "decliners", "face_up", "knowers", "method", "sender", "target")

    def __init__(self, sender: int, method: str, target: int, card: int | None) -> None:
        self.sender = sender
        self.method = method
        self.target = target
        self.card = card
        self.face_up = method == TEXT
        self.knowers: set[int] = {sender}
        self.decliners: list[int] = []  # seats that declined it knowing its colour (applied once it is known here)

    def copy(self) -> Transit:
        """An independent copy (its sets and lists are changed in place as the card travels)."""
        new = Transit.__new__(Transit)
        new.sender, new.method, new.target, new.card = self.sender, self.method, self.target, self.card
        new.face_up = self.face_up
        new.knowers = set(self.knowers)
        new.decliners = list(self.decliners)
        return new


class Memory:
    """The facts one seat gathered from its events (and, for what events do not repeat, its views)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.n = 0
        self.distribution: list[int] = []
        self.target = 3  # intelligence of a faction's colour needed to win (S-VAR-2: 4)
        self.edition = "standard"
        self.tables: Tables = STANDARD  # the edition's deck and identity table (the setup event names the edition)
        self.identity: str | None = None
        self.model: IdentityBelief | None = None
        self.character: str | None = None  # this seat's character (full id)
        self.face_up: dict[int, str] = {}  # seat -> face-up character (full id)
        self.transit: Transit | None = None
        self.turn_locks: dict[int, int] = {}  # seat locked this turn -> by whom
        self.probes: dict[int, dict[str, Any]] = {}  # uid -> the probe text this seat read (user, target, …)
        self.probe_last: dict[tuple[int, int], int] = {}  # (user, target) -> uid of the last probe
        self.probes_known: set[int] = set()  # probe cards whose place this seat knows (out of the game)
        self.uses: dict[int, tuple[int, str, int]] = {}  # uid -> (user, use, target)
        self.last_obtain: dict[str, Any] = {}
        self.last_take = -1  # the card this seat last took from another hand (it sees which)
        self.last_choice: dict[str, Option] = {}  # per skill context, this seat's previous answer
        self.last_dying = -1
        self.skill_uses: dict[str, int] = {}  # skill key -> times this seat used it this turn
        self.view: dict[str, Any] = {}  # the latest view
        self.seats_in = 0  # seats in the game at the latest view
        self.intel_high = 0  # the most intelligence seen in front of the seats in the game since one last left it
        self.high_turn = 0  # the turn of that high (or of the last seat leaving the game)
        self.stalled = False  # no new high for STALL_TURNS turns; until a seat leaves the game
        self.regard: tuple[Any, ...] | None = None  # Features' last marginals, care and colour weights (read only)

    def copy(self) -> Memory:
        """An independent copy, for a search's model of its own seat (one per rollout, so it must be cheap): every
        container this memory changes in place is copied, the belief too (:meth:`IdentityBelief.copy`); what it only
        replaces or reads is shared: the edition's tables, the latest view and the event dicts it keeps (bots never
        change a view or an event). Equal to ``copy.deepcopy`` for every use, at a fraction of its cost."""
        new = copy.copy(self)
        new.distribution = list(self.distribution)
        new.model = self.model.copy() if self.model is not None else None
        new.face_up = dict(self.face_up)
        new.transit = self.transit.copy() if self.transit is not None else None
        new.turn_locks = dict(self.turn_locks)
        new.probes = dict(self.probes)
        new.probe_last = dict(self.probe_last)
        new.probes_known = set(self.probes_known)
        new.uses = dict(self.uses)
        new.last_choice = dict(self.last_choice)
        new.skill_uses = dict(self.skill_uses)
        return new

    # --- views -------------------------------------------------------------------------------------------------
    def take_view(self, view: dict[str, Any]) -> None:
        """What a view adds to the events: the player count, this seat's identity and character if no event told
        them (a bot built mid-game), identities it shows (revealed, or seen through a skill)."""
        self.view = view
        if not self.n:
            self.n = int(view.get("players") or len(view["seats"]))
        me = view.get("me") or {}
        if self.identity is None and me.get("identity"):
            self.identity = me["identity"]
        if self.character is None and me.get("character"):
            self.character = me["character"]
        m = self.ensure_model()
        if m is not None:
            for st in view["seats"]:
                ident = st.get("identity")
                if ident and st["seat"] != self.seat:  # "": a seat whose card was taken (臨危受命)
                    m.set_known(st["seat"], ident)
        self._watch_progress(view)

    def _watch_progress(self, view: dict[str, Any]) -> None:
        """Keep :attr:`stalled` (the module's docstring): the intelligence in front of the seats in the game, its
        high since a seat last left the game, and the turn of that high."""
        seats_in = total = 0
        for st in view["seats"]:
            if st["alive"] and not st["lost"]:
                seats_in += 1
                total += len(st["intel"])
        turn = int(view.get("turn") or 0)
        if seats_in != self.seats_in:  # a seat left the game (or the first view): progress
            self.seats_in, self.intel_high, self.high_turn, self.stalled = seats_in, total, turn, False
        elif total > self.intel_high:
            self.intel_high, self.high_turn = total, turn
        elif turn - self.high_turn >= STALL_TURNS:
            self.stalled = True

    # --- events ------------------------------------------------------------------------------------------------
    def observe(self, events: list[dict[str, Any]]) -> None:
        for e in events:
            fn = _OBSERVERS.get(e["kind"])
            if fn is not None:
                fn(self, e)

    def ensure_model(self) -> IdentityBelief | None:
        if self.model is None and self.identity is not None and self.n:
            dist = self.distribution or list(
                self.tables.distribution.get(self.n, (0, 0, 0))
            )  # no setup event seen: the default
            self.model = IdentityBelief(self.n, self.seat, self.identity, dist)
        return self.model

    def conceals(self, seat: int) -> bool:
        """Whether ``seat``'s face-up character may answer a 试探 either way (城府)."""
        return character_ai(self.face_up.get(seat)).conceals

    def _ev_setup(self, e: dict[str, Any]) -> None:
        self.n = int(e["players"])
        self.distribution = list(e.get("distribution") or [])
        if "four_card_victory" in (e.get("variants") or []):
            self.target = 4
        if e.get("edition"):
            self.edition = e["edition"]
            self.tables = tables_for(self.edition)

    def _ev_identity(self, e: dict[str, Any]) -> None:
        if e.get("seat") == self.seat and e.get("identity"):
            self.identity = e["identity"]
            self.ensure_model()

    def _ev_character(self, e: dict[str, Any]) -> None:
        s = e["seat"]
        if s == self.seat and e.get("character"):
            self.character = e["character"]
        if e.get("face_up") and e.get("character"):
            self.face_up[s] = e["character"]

    def _ev_flip(self, e: dict[str, Any]) -> None:
        if e.get("character"):
            self.face_up[e["seat"]] = e["character"]

    def _ev_cover(self, e: dict[str, Any]) -> None:
        self.face_up.pop(e["seat"], None)

    def _known(self, seat: int, identity: str | None) -> None:
        m = self.ensure_model()
        if m is not None and identity:
            m.set_known(seat, identity)

    def _ev_reveal(self, e: dict[str, Any]) -> None:  # died, lost, identity_revealed
        self._known(e["seat"], e.get("identity"))

    def _ev_exchange(self, e: dict[str, Any]) -> None:
        ids = e.get("identities")
        if ids:
            self._known(e["seat"], ids[0])
            self._known(e["target"], ids[1])

    def _ev_identity_taken(self, e: dict[str, Any]) -> None:
        """臨危受命: the taker holds the giver's card now; the giver's index in the model stands for the taker's old
        card, out of the game (``IdentityBelief.swap``)."""
        taker, giver = e["seat"], e["target"]
        m = self.ensure_model()
        if m is not None:
            m.swap(taker, giver)
        if taker == self.seat and e.get("identity"):
            self.identity = e["identity"]
            if m is not None:
                m.set_known(taker, e["identity"])

    def _ev_turn(self, e: dict[str, Any]) -> None:
        self.turn_locks = {}
        self.transit = None
        self.skill_uses = {}

    def _ev_locked(self, e: dict[str, Any]) -> None:
        self.turn_locks[e["seat"]] = e.get("user", -1)

    def _ev_use(self, e: dict[str, Any]) -> None:
        self.uses[e["uid"]] = (e["seat"], e["use"], e.get("target", -1))
        if e["use"] == PROBE and e.get("card") is not None and e["seat"] == self.seat:
            self.probes_known.add(e["card"])

    def _ev_probe(self, e: dict[str, Any]) -> None:
        uid = e["uid"]
        self.probe_last[(e["user"], e["target"])] = uid
        if e.get("identity"):
            self.probes[uid] = e
            if e.get("card") is not None:
                self.probes_known.add(e["card"])

    def _ev_probe_answer(self, e: dict[str, Any]) -> None:
        m = self.ensure_model()
        target, user = e["seat"], e["user"]
        if m is None or target == self.seat:
            return
        answer = e.get("answer")
        uid = self.probe_last.get((user, target))
        text = self.probes.get(uid) if uid is not None else None
        soft = self.conceals(target)
        if text is not None:
            ident = IDENTITY_INDEX.get(text["identity"])
            if ident is None:
                return
            m.observe(target, read_probe_answer(ident, str(answer), soft))
            return
        # a probe this seat did not read: the answer tells the effect printed on it, not the identity it names
        effect = unread_probe_effect(str(answer), e.get("line"), self.tables.draw_line)
        lik = unread_probe_answer(self._unseen_probe_counts(effect), str(answer), soft)
        if lik is not None:
            m.observe(target, lik)

    def _unseen_probe_counts(self, effect: str) -> list[int]:
        """How many probes with ``effect`` (a drawing effect or a discarding one: the edition's cards say how many)
        naming each identity could still be unseen by this seat."""
        seen: set[int] = set(self.probes_known)
        v = self.view
        if v:
            seen.update(v.get("discard") or ())
            me = v.get("me") or {}
            seen.update(me.get("hand") or ())
            for st in v.get("seats") or ():
                seen.update(st.get("intel") or ())
        counts = [0, 0, 0]
        draws = effect in DRAW_EFFECTS
        deck = self.tables.deck
        for c in self.tables.probe_ids:
            card = deck[c]
            if (card.probe_effect in DRAW_EFFECTS) == draws and c not in seen and card.probe_identity is not None:
                counts[IDENTITY_INDEX[card.probe_identity]] += 1
        return counts

    def _ev_send(self, e: dict[str, Any]) -> None:
        self.transit = Transit(e["seat"], e["method"], e.get("target", -1), e.get("card"))

    def _ev_decoded(self, e: dict[str, Any]) -> None:  # decoded, inspected
        t = self.transit
        if t is None:
            return
        t.knowers.add(e["seat"])
        if e.get("card") is not None:
            t.card = e["card"]

    def _ev_decline(self, e: dict[str, Any]) -> None:
        t = self.transit
        if t is None:
            return
        s = e["seat"]
        if t.face_up or s in t.knowers:
            t.decliners.append(s)
            if t.card is not None:
                self._apply_declines(t)

    def _apply_declines(self, t: Transit) -> None:
        m = self.ensure_model()
        if m is None or t.card is None:
            return
        lik = declined(self.tables.card_colour[t.card])
        for s in t.decliners:
            m.observe(s, lik)
        t.decliners = []

    def _ev_obtain(self, e: dict[str, Any]) -> None:
        self.last_obtain = e
        m = self.ensure_model()
        seat, card, how, source = e["seat"], e["card"], e.get("how"), e.get("source", -1)
        col = self.tables.card_colour[card]
        t = self.transit
        if how in ("accept", "forced", "intercept") and t is not None:
            t.card = card
            if m is not None:
                self._apply_declines(t)
                if how == "accept" and (t.face_up or seat in t.knowers):
                    m.observe(seat, ACCEPT_L[col])
                elif how == "intercept" and (t.face_up or seat in t.knowers):
                    m.observe(seat, ACCEPT_L[col], 0.7)
                sender = t.sender
                if t.method == DIRECT and t.target >= 0 and t.target != sender:
                    m.observe_pair(sender, t.target, SEND_L[col])
                elif how == "forced" and seat != sender and self.turn_locks.get(seat) == sender:
                    m.observe_pair(sender, seat, SEND_L[col])
            self.transit = None
        elif how == "skill" and m is not None and source >= 0 and source != seat:
            if col == BLACK:
                m.observe_pair(source, seat, HARM_PAIR)
            else:
                m.observe_pair(source, seat, HELP_PAIR, 0.5)

    def _ev_intel_discarded(self, e: dict[str, Any]) -> None:
        t = self.transit
        if t is not None:
            t.card = e["card"]
            self._apply_declines(t)
        self.transit = None

    def _ev_burned(self, e: dict[str, Any]) -> None:
        m = self.ensure_model()
        by, seat = e.get("by", -1), e["seat"]
        if m is None or by < 0 or by == seat:
            return
        if self.tables.card_colour[e["card"]] == BLACK:
            m.observe_pair(by, seat, HELP_PAIR, 0.7)
        else:
            m.observe_pair(by, seat, HARM_PAIR, 0.7)

    def _ev_cancelled(self, e: dict[str, Any]) -> None:
        """A 识破 by ``by`` cancelled a card of another seat (not a 识破 itself, whose chains are ambiguous)."""
        m = self.ensure_model()
        used = self.uses.get(e["uid"])
        by = e.get("by", -1)
        if m is None or used is None or by < 0 or used[0] == by or used[1] == SEE_THROUGH:
            return
        m.observe_pair(used[0], by, HARM_PAIR, 0.5)

    def _ev_dying(self, e: dict[str, Any]) -> None:
        self.last_dying = e["seat"]

    def _ev_take(self, e: dict[str, Any]) -> None:
        if e["seat"] == self.seat and e.get("card") is not None:
            self.last_take = e["card"]


_OBSERVERS: dict[str, Callable[[Memory, dict[str, Any]], None]] = {
    "setup": Memory._ev_setup,
    "identity": Memory._ev_identity,
    "character": Memory._ev_character,
    "flip": Memory._ev_flip,
    "cover": Memory._ev_cover,
    "died": Memory._ev_reveal,
    "lost": Memory._ev_reveal,
    "identity_revealed": Memory._ev_reveal,
    "identities_exchanged": Memory._ev_exchange,
    "identity_taken": Memory._ev_identity_taken,
    "turn": Memory._ev_turn,
    "locked": Memory._ev_locked,
    "use": Memory._ev_use,
    "probe": Memory._ev_probe,
    "probe_answer": Memory._ev_probe_answer,
    "send": Memory._ev_send,
    "decoded": Memory._ev_decoded,
    "inspected": Memory._ev_decoded,
    "decline": Memory._ev_decline,
    "obtain": Memory._ev_obtain,
    "intel_discarded": Memory._ev_intel_discarded,
    "burned": Memory._ev_burned,
    "cancelled": Memory._ev_cancelled,
    "dying": Memory._ev_dying,
    "take": Memory._ev_take,
}

__all__ = ["STALL_TURNS", "Memory", "Transit"]
