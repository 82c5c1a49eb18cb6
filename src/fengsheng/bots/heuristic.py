"""HeuristicBot: plays from an identity belief and a one-step look-ahead on where intelligence ends up.

**What it sees.** Only its seat's view and the events its seat saw (``Bot.choose``): it accumulates the events itself
(the runner passes only the new ones) and keeps everything it learns in plain fields of its own.

**The belief** (:mod:`fengsheng.bots.belief`): a posterior over the identities of the other seats, consistent with the
identity distribution, updated incrementally from

* 试探 answers: exact when this seat used or received the probe (it read the text), otherwise from the line said aloud
  and the draw / discard done, weighed by the probes this seat has not seen (where each probe could be); softened
  for a face-up 城府 character, who may answer either way;
* who accepted or refused a card whose colour he had seen (文本, or after 破译 / 译电员), applied once the card is
  known to this seat; who intercepted a face-up card;
* what each seat sent to whom: a 直达 card (or a card forced on a seat its sender had locked) helps or harms the
  receiver, which tells about the pair; false intelligence placed by a skill; burns of someone else's intelligence;
  a card of one seat cancelled by another's 识破;
* certainties: deaths, losses, identities revealed by skills or seen through 老枪, from the events and the view.

**The policy.** Everything is valued with one function, ``value(seat, colour)``: what it is worth to this seat's side
that a card of that colour lands in front of ``seat`` (progress towards three of a faction's colour, the winning
card, false intelligence and death), weighted by the belief. The journey of a card in transit is simulated seat by
seat (locks, 调虎离山, 直达, 退回, acceptance odds), which values sending, accepting, declining, 锁定, 截获, 调虎离山,
退回 and 破译 alike; 识破 cancels the pending use that is worst for this seat; 烧毁 saves its side from a third false
intelligence; 试探 goes where the belief is most uncertain; victory is declared whenever it can be. Character skills
follow a generic policy (:mod:`fengsheng.bots.skills`). Ties and blind choices use the bot's own seeded RNG, so the bot
is deterministic given its seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from fengsheng.bots.base import Bot
from fengsheng.bots.belief import BY, FLOOR, IDENTITY_INDEX, MI, UG, IdentityBelief
from fengsheng.core.cards import (
    BLACK,
    BLUE,
    BURN,
    DECODE,
    DIRECT,
    DISCARD_1,
    DRAW_2,
    INTERCEPT,
    LOCK,
    LURE_AWAY,
    PROBE,
    RED,
    RETURN,
    SEE_THROUGH,
    TEXT,
    TRUE_OR_FALSE,
)
from fengsheng.core.options import (
    ACCEPT,
    CHOOSE,
    DECLARE,
    DECLINE,
    DISCARD,
    PASS,
    PICK,
    PLAY,
    RESPOND,
    SKILL,
    Decision,
    Option,
)
from fengsheng.editions.standard.deck import DECK as STANDARD_DECK
from fengsheng.editions.standard.identities import DISTRIBUTION

COLOURS3 = (RED, BLUE, BLACK)
CARD_TYPE = tuple(c.type for c in STANDARD_DECK)  # the standard edition is the one the bot knows
CARD_COLOUR = tuple(c.colour for c in STANDARD_DECK)
PROBE_IDS = tuple(c.id for c in STANDARD_DECK if c.type == PROBE)
DRAW_LINE = next(c.probe_line for c in STANDARD_DECK if c.probe_effect == DRAW_2)


def short(cid: str) -> str:
    """A character id without its edition (``standard.lao_gui`` -> ``lao_gui``): the bot's tables use short names."""
    return cid.split(".", 1)[-1]


CONCEALERS = frozenset({"lao_gui", "qian_mian_nv_lang", "chao_xi"})  # 城府: may answer a 试探 either way
TOTAL_COLOURS = {col: sum(1 for c in STANDARD_DECK if c.colour == col) for col in COLOURS3}

# --- likelihood models (P(observation | identity), identity order UG, MI, BY) -------------------------------------
# taking a card whose colour the taker saw
ACCEPT_L = {RED: (0.85, 0.3, 0.5), BLUE: (0.3, 0.85, 0.5), BLACK: (0.1, 0.1, 0.2)}
# sending a card of this colour to a chosen receiver: table[sender identity][receiver identity]
_HELP = 2.0
_HURT = 0.4
SEND_L = {
    RED: ((_HELP, 1.0, 1.0), (_HURT, 1.0, 1.0), (1.0, 1.0, 1.0)),
    BLUE: ((1.0, _HURT, 1.0), (1.0, _HELP, 1.0), (1.0, 1.0, 1.0)),
    BLACK: ((0.35, 2.0, 1.0), (2.0, 0.35, 1.0), (1.0, 1.0, 1.0)),
}
HELP_PAIR = ((1.6, 0.6, 1.0), (0.6, 1.6, 1.0), (1.0, 1.0, 1.0))  # a seat burns another's false intelligence
HARM_PAIR = ((0.5, 1.8, 1.0), (1.8, 0.5, 1.0), (1.0, 1.0, 1.0))  # a seat places false intelligence on another

# --- values -------------------------------------------------------------------------------------------------------
WIN = 10.0  # a faction's winning card
DEATH = 5.0  # a third false intelligence
SELF_DEATH = 6.0
BLACK_HARM = (0.6, 1.6)  # a first / second false intelligence
BURN_SAVE = (0.0, 0.5, 3.0)  # burning one of k false intelligence (k = 1, 2)
KEEP = {  # what a card is worth kept in hand (spending or sending it costs this)
    SEE_THROUGH: 0.55,
    INTERCEPT: 0.4,
    LOCK: 0.45,
    BURN: 0.5,
    DECODE: 0.15,
    RETURN: 0.25,
    LURE_AWAY: 0.3,
    PROBE: 0.2,
    TRUE_OR_FALSE: 0.2,
}
INFO_WEIGHT = 1.2  # value of one bit of identity information (试探)
PLAY_MARGIN = 0.05  # a play must gain at least this much
# what a sender's identity says about the colour of a card he sent to this seat: rows = relation of the sender to
# this seat (teammate, opponent), columns = (this seat's colour, the other faction colour, black)
INTENT_ALLY = (2.5, 0.8, 0.35)
INTENT_ENEMY = (0.6, 1.2, 1.8)

# A static ranking of characters: their win rate (%) in HeuristicBot self-play (5 players, 3,000 games per pool; the
# identity is dealt only after the choice, S-SETUP-4, so the overall rate is what counts). 小白 is never kept: 败露.
CHARACTER_RANK = {
    "lao_qiang": 49,
    "da_mei_nv": 49,
    "liu_jie": 42,
    "dao_feng": 40,
    "li_fu_meng_mian_ren": 40,
    "qing_bao_chu_zhang": 38,
    "shan_ling": 38,
    "fu_ping": 38,
    "lao_gui": 37,
    "yi_dian_yuan": 37,
    "e_mei_feng": 37,
    "qian_mian_nv_lang": 37,
    "huang_que": 35,
    "hei_shou": 35,
    "qi_bai": 34,
    "fu_she": 34,
    "bei_lei_mao": 33,
    "guai_dao_a_shi": 33,
    "xiao_ma_ge": 33,
    "zhi_ye_sha_shou": 32,
    "hei_mei_gui": 31,
    "lao_jin": 31,
    "chao_xi": 28,
    "xiao_bai": 20,
}
# A bystander's secret mission (S-ID-3/4) shapes what it values. Missions about its own intelligence: (what counts,
# how many), where what counts is a colour, "true" (red or blue) or "any".
MISSION_INTEL = {
    "lao_qiang": (RED, 3),
    "qing_bao_chu_zhang": (RED, 3),
    "yi_dian_yuan": (BLUE, 3),
    "e_mei_feng": (BLUE, 3),
    "qi_bai": ("true", 5),
    "liu_jie": ("any", 6),
}
# Missions about the factions: how the bystander regards each identity (UG, MI, BY); default (-0.3, -0.3, -0.3).
MISSION_REL = {
    "shan_ling": (-1.0, -0.1, -0.2),  # the underground wiped out
    "hei_mei_gui": (-0.1, -1.0, -0.2),  # military intelligence wiped out
    "xiao_ma_ge": (-0.1, -1.0, -0.2),
    "dao_feng": (-0.7, -0.7, -0.2),  # one of each faction dead
    "huang_que": (-0.7, -0.7, -0.2),
    "xiao_bai": (-0.6, -0.6, -0.2),
    "zhi_ye_sha_shou": (-0.6, -0.6, -0.6),  # kill the second (or later) to die
}


def entropy(p: list[float] | tuple[float, ...]) -> float:
    return -sum(x * math.log2(x) for x in p if x > 1e-12)


class _Transit:
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


class HeuristicBot(Bot):
    needs_view = True

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.rng = random.Random(seed)
        self.n = 0
        self.distribution: list[int] = []
        self.target = 3  # intelligence of a faction's colour needed to win (S-VAR-2: 4)
        self.identity: str | None = None
        self.model: IdentityBelief | None = None
        self.character: str | None = None
        self.face_up: dict[int, str] = {}  # seat -> face-up character
        self.transit: _Transit | None = None
        self.turn_locks: dict[int, int] = {}  # seat locked this turn -> by whom
        self.probes: dict[int, dict[str, Any]] = {}  # uid -> the probe text this seat read (user, target, …)
        self.probe_last: dict[tuple[int, int], int] = {}  # (user, target) -> uid of the last probe
        self.probes_known: set[int] = set()  # probe cards whose place this seat knows (out of the game)
        self.uses: dict[int, tuple[int, str, int]] = {}  # uid -> (user, use, target)
        self.last_obtain: dict[str, Any] = {}
        self.last_choice: dict[str, Option] = {}  # per skill context, this seat's previous answer
        self.last_dying = -1
        self.skill_uses: dict[str, int] = {}  # skill key -> times this seat used it this turn
        self.strict = False  # raise policy errors instead of falling back (tests)
        self.fallbacks = 0  # decisions answered by the fallback after a policy error
        # per-call state (rebuilt from the view at each decision)
        self._view: dict[str, Any] = {}
        self._p: list[list[float]] = []
        self._counts: list[tuple[int, int, int]] = []
        self._in_game: list[bool] = []
        self._care: list[float] = []
        self._cw: list[tuple[float, float]] = []
        self._hand: list[int] = []
        self._locks: list[int] = []
        self._unseen: dict[str, float] | None = None
        self._stack: list[dict[str, Any]] = []
        self._doomed: set[int] = set()
        self._lured_pending: list[int] = []

    # =============================================================================================================
    # The interface
    # =============================================================================================================
    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        if view is not None:
            self._view = view
        if events:
            self.observe(events)
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        handler = _HANDLERS.get(decision.kind)
        if view is None or handler is None:  # nothing to see, or an unknown kind of decision: a safe legal answer
            return self._fallback(decision)
        try:
            self._prepare(view)
            choice = handler(self, decision)
        except Exception:
            if self.strict:
                raise
            self.fallbacks += 1  # a policy bug must never stop a game: a safe legal answer instead
            return self._fallback(decision)
        if choice in opts:
            return choice
        if self.strict:
            raise AssertionError(f"policy chose {choice} not among {[str(o) for o in opts]}")
        self.fallbacks += 1
        return self._fallback(decision)

    def update(self, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> None:
        """Take in new events (and the current view) without deciding anything, e.g. to inspect :meth:`belief`."""
        if view is not None:
            self._view = view
        if events:
            self.observe(events)
        if view is not None:
            self._prepare(view)

    def belief(self) -> dict[int, dict[str, float]]:
        """Per other seat, the probabilities of its identities: ``{seat: {"underground": p, ...}}``."""
        if self.model is None:
            n = self.n or 0
            dist = self.distribution or [0, 0, 0]
            tot = sum(dist) or 1
            return {
                s: {"underground": dist[0] / tot, "military_intel": dist[1] / tot, "bystander": dist[2] / tot}
                for s in range(n)
                if s != self.seat
            }
        return self.model.belief()

    # =============================================================================================================
    # Observation: events -> belief and memory
    # =============================================================================================================
    def observe(self, events: list[dict[str, Any]]) -> None:
        for e in events:
            fn = _OBSERVERS.get(e["kind"])
            if fn is not None:
                fn(self, e)

    def _ensure_model(self) -> IdentityBelief | None:
        if self.model is None and self.identity is not None and self.n:
            dist = self.distribution or list(DISTRIBUTION.get(self.n, (0, 0, 0)))  # no setup event seen: the default
            self.model = IdentityBelief(self.n, self.seat, self.identity, dist)
        return self.model

    def _ev_setup(self, e: dict[str, Any]) -> None:
        self.n = int(e["players"])
        self.distribution = list(e.get("distribution") or [])
        if "four_card_victory" in (e.get("variants") or []):
            self.target = 4

    def _ev_identity(self, e: dict[str, Any]) -> None:
        if e.get("seat") == self.seat and e.get("identity"):
            self.identity = e["identity"]
            self._ensure_model()

    def _ev_character(self, e: dict[str, Any]) -> None:
        s = e["seat"]
        if s == self.seat and e.get("character"):
            self.character = short(e["character"])
        if e.get("face_up") and e.get("character"):
            self.face_up[s] = short(e["character"])

    def _ev_flip(self, e: dict[str, Any]) -> None:
        if e.get("character"):
            self.face_up[e["seat"]] = short(e["character"])

    def _ev_cover(self, e: dict[str, Any]) -> None:
        self.face_up.pop(e["seat"], None)

    def _known(self, seat: int, identity: str | None) -> None:
        m = self._ensure_model()
        if m is not None and identity:
            m.set_known(seat, identity)

    def _ev_reveal(self, e: dict[str, Any]) -> None:  # died, lost, identity_revealed
        self._known(e["seat"], e.get("identity"))

    def _ev_exchange(self, e: dict[str, Any]) -> None:
        ids = e.get("identities")
        if ids:
            self._known(e["seat"], ids[0])
            self._known(e["target"], ids[1])

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
        m = self._ensure_model()
        target, user = e["seat"], e["user"]
        if m is None or target == self.seat:
            return
        answer = e.get("answer")
        uid = self.probe_last.get((user, target))
        text = self.probes.get(uid) if uid is not None else None
        soft = self.face_up.get(target) in CONCEALERS
        if text is not None:
            ident = IDENTITY_INDEX.get(text["identity"])
            if ident is None:
                return
            matched = answer != "line"
            lik = [FLOOR, FLOOR, FLOOR] if matched else [1.0, 1.0, 1.0]
            lik[ident] = 1.0 if matched else FLOOR
            if soft:
                lik = [0.4 + 0.2 * x for x in lik]
            m.observe(target, lik)
            return
        # a probe this seat did not read: the answer tells the effect printed on it, not the identity it names
        if answer == "line":
            effect = DRAW_2 if e.get("line") == DRAW_LINE else DISCARD_1
        elif answer == "draw":
            effect = DRAW_2
        else:
            effect = DISCARD_1
        counts = self._unseen_probe_counts(effect)
        tot = sum(counts)
        if tot <= 0:
            return
        if answer == "line":
            lik = [(tot - counts[i]) / tot for i in (UG, MI, BY)]
        else:
            lik = [counts[i] / tot for i in (UG, MI, BY)]
        if soft:
            lik = [0.5 + 0.5 * x for x in lik]
        m.observe(target, lik)

    def _unseen_probe_counts(self, effect: str) -> list[int]:
        """How many probes with ``effect`` naming each identity could still be unseen by this seat."""
        seen: set[int] = set(self.probes_known)
        v = self._view
        if v:
            seen.update(v.get("discard") or ())
            me = v.get("me") or {}
            seen.update(me.get("hand") or ())
            for st in v.get("seats") or ():
                seen.update(st.get("intel") or ())
        counts = [0, 0, 0]
        for c in PROBE_IDS:
            card = STANDARD_DECK[c]
            if card.probe_effect == effect and c not in seen and card.probe_identity is not None:
                counts[IDENTITY_INDEX[card.probe_identity]] += 1
        return counts

    def _ev_send(self, e: dict[str, Any]) -> None:
        self.transit = _Transit(e["seat"], e["method"], e.get("target", -1), e.get("card"))

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

    def _apply_declines(self, t: _Transit) -> None:
        m = self._ensure_model()
        if m is None or t.card is None:
            return
        col = CARD_COLOUR[t.card]
        lik = ACCEPT_L[col]
        for s in t.decliners:
            m.observe(s, (1 - lik[0], 1 - lik[1], 1 - lik[2]))
        t.decliners = []

    def _ev_obtain(self, e: dict[str, Any]) -> None:
        self.last_obtain = e
        m = self._ensure_model()
        seat, card, how, source = e["seat"], e["card"], e.get("how"), e.get("source", -1)
        col = CARD_COLOUR[card]
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
        m = self._ensure_model()
        by, seat = e.get("by", -1), e["seat"]
        if m is None or by < 0 or by == seat:
            return
        if CARD_COLOUR[e["card"]] == BLACK:
            m.observe_pair(by, seat, HELP_PAIR, 0.7)
        else:
            m.observe_pair(by, seat, HARM_PAIR, 0.7)

    def _ev_cancelled(self, e: dict[str, Any]) -> None:
        """A 识破 by ``by`` cancelled a card of another seat (not a 识破 itself, whose chains are ambiguous)."""
        m = self._ensure_model()
        used = self.uses.get(e["uid"])
        by = e.get("by", -1)
        if m is None or used is None or by < 0 or used[0] == by or used[1] == SEE_THROUGH:
            return
        m.observe_pair(used[0], by, HARM_PAIR, 0.5)

    def _ev_dying(self, e: dict[str, Any]) -> None:
        self.last_dying = e["seat"]

    # =============================================================================================================
    # Per-decision state from the view
    # =============================================================================================================
    def _prepare(self, view: dict[str, Any]) -> None:
        self._view = view
        if not self.n:
            self.n = int(view.get("players") or len(view["seats"]))
        me = view.get("me") or {}
        if self.identity is None and me.get("identity"):
            self.identity = me["identity"]
        if self.character is None and me.get("character"):
            self.character = short(me["character"])
        m = self._ensure_model()
        seats = view["seats"]
        if m is not None:
            for st in seats:
                ident = st.get("identity")
                if ident is not None and st["seat"] != self.seat:
                    m.set_known(st["seat"], ident)
            p = [list(x) for x in m.marginals()]
        else:
            p = [[1 / 3, 1 / 3, 1 / 3] for _ in range(self.n)]
        self._p = p
        counts = []
        in_game = []
        for st in seats:
            r = b = k = 0
            for c in st["intel"]:
                col = CARD_COLOUR[c]
                if col == RED:
                    r += 1
                elif col == BLUE:
                    b += 1
                else:
                    k += 1
            counts.append((r, b, k))
            in_game.append(bool(st["alive"]) and not st["lost"])
        self._counts = counts
        self._in_game = in_game
        self._hand = list(me.get("hand") or [])
        self._uses: list[list[str]] = list(me.get("uses") or [[CARD_TYPE[c]] for c in self._hand])
        self._locks = list(view.get("locks") or [])
        self._lured_pending = []
        self._stack = list(view.get("stack") or [])
        self._doomed = self._cancelled_uids()
        for u in self._stack:  # pending locks and lures count as done unless a pending 识破 cancels them
            if u["uid"] in self._doomed or u.get("target", -1) < 0:
                continue
            if u["use"] == LOCK and u["target"] not in self._locks:
                self._locks.append(u["target"])
            elif u["use"] in (LURE_AWAY, "fu_she.1"):
                self._lured_pending.append(u["target"])
        self._unseen = None
        # how much this seat cares about each seat (+ its side, - the other side), and about each colour there
        mine = IDENTITY_INDEX.get(self.identity or "", BY)
        if mine == UG:
            rel = (1.0, -1.0, -0.25)
        elif mine == MI:
            rel = (-1.0, 1.0, -0.25)
        else:
            rel = MISSION_REL.get(self.character or "", (-0.3, -0.3, -0.3))
        care: list[float] = []
        cw: list[tuple[float, float]] = []
        for s in range(self.n):
            if s == self.seat:
                care.append(1.0)
                red = 1.0 if mine == UG else 0.0
                blue = 1.0 if mine == MI else 0.0
                if mine == BY:
                    what = MISSION_INTEL.get(self.character or "", ("", 0))[0]
                    red = 1.0 if what in (RED, "true", "any") else 0.15
                    blue = 1.0 if what in (BLUE, "true", "any") else 0.15
                cw.append((red, blue))
                continue
            q = p[s]
            care.append(q[UG] * rel[UG] + q[MI] * rel[MI] + q[BY] * rel[BY])
            cw.append((q[UG] * rel[UG], q[MI] * rel[MI]))
        self._care = care
        self._cw = cw

    def _cancelled_uids(self) -> set[int]:
        """Uids of pending uses that a pending 识破 (itself not cancelled) will cancel."""
        stack = self._stack
        targets: dict[int, list[int]] = {}
        for u in stack:
            if u["use"] == SEE_THROUGH and u.get("ref", -1) >= 0:
                targets.setdefault(u["ref"], []).append(u["uid"])
        memo: dict[int, bool] = {}

        def cancelled(uid: int, depth: int = 0) -> bool:
            if uid in memo:
                return memo[uid]
            res = depth < 20 and any(not cancelled(s, depth + 1) for s in targets.get(uid, ()))
            memo[uid] = res
            return res

        return {u["uid"] for u in stack if cancelled(u["uid"])}

    # --- values ------------------------------------------------------------------------------------------------
    def value(self, s: int, col: str, extra: int = 0) -> float:
        """What it is worth to this seat that a card of colour ``col`` lands in front of seat ``s`` (``extra`` more
        of that colour already placed there)."""
        if not self._in_game[s]:
            return 0.0
        r, b, k = self._counts[s]
        if col == BLACK:
            k += extra
            if k >= 2:
                if s == self.seat:
                    return WIN if self.death_wins() else -SELF_DEATH
                return -DEATH * self._care[s]
            return -BLACK_HARM[k] * self._care[s]
        if col == RED:
            have, w = r + extra, self._cw[s][0]
        else:
            have, w = b + extra, self._cw[s][1]
        if w == 0.0:
            return 0.0
        target = self.target
        if s == self.seat and self.identity == "bystander":
            what, target = MISSION_INTEL.get(self.character or "", ("", 99))
            if what == "true":
                have = r + b + extra
            elif what == "any":
                have = r + b + k + extra
        gain = WIN if have + 1 >= target else 1.0 + 0.8 * min(have, 2)
        return gain * w

    def death_wins(self) -> bool:
        """Whether this seat's death would win its secret mission (a bystander's 浮萍, 小白, 老鬼)."""
        if self.identity != "bystander":
            return False
        ch = self.character
        died = self._view.get("death_order") or []
        if ch == "fu_ping":  # the second or later to die
            return bool(died)
        if ch == "xiao_bai":  # the first to die
            return not died
        if ch == "lao_gui":  # dies holding three red cards
            return sum(1 for c in self._hand if CARD_COLOUR[c] == RED) >= 3
        return False

    def held_value(self, s: int, card: int) -> float:
        """What the card ``card`` in front of ``s`` is worth to this seat there (removing it gains the opposite)."""
        col = CARD_COLOUR[card]
        r, b, k = self._counts[s]
        have = k if col == BLACK else (r if col == RED else b)
        return self.value(s, col, extra=-1) if have >= 1 else 0.0

    def keep(self, card: int) -> float:
        """What a card in hand is worth kept (spending or sending it costs this)."""
        v = KEEP.get(CARD_TYPE[card], 0.2)
        col = CARD_COLOUR[card]
        mine = self.identity
        if (col == RED and mine == "underground") or (col == BLUE and mine == "military_intel"):
            v += 0.25
        elif col == BLACK:
            v += 0.05
        return v

    def ally(self, s: int) -> float:
        """P(seat s is on this seat's side)."""
        if s == self.seat:
            return 1.0
        i = IDENTITY_INDEX.get(self.identity or "", BY)
        return 0.0 if i == BY else self._p[s][i]

    def unseen_colours(self) -> dict[str, float]:
        """Colour odds of a card this seat cannot see (from the cards it can)."""
        if self._unseen is None:
            cnt = dict(TOTAL_COLOURS)
            v = self._view
            seen: list[int] = list(self._hand)
            seen.extend(v.get("discard") or ())
            for st in v["seats"]:
                seen.extend(st["intel"])
            tr = v.get("transit")
            if tr and tr.get("card") is not None:
                seen.append(tr["card"])
            for u in v.get("stack") or ():
                if u.get("card") is not None:
                    seen.append(u["card"])
            for c in seen:
                cnt[CARD_COLOUR[c]] -= 1
            tot = sum(max(0, x) for x in cnt.values()) or 1
            self._unseen = {col: max(0, cnt[col]) / tot for col in COLOURS3}
        return self._unseen

    def transit_colours(self, tr: dict[str, Any]) -> dict[str, float]:
        """Colour odds of the card in transit: known, or the unseen odds tilted by what its sender likely wants."""
        card = tr.get("card")
        if card is not None:
            col = CARD_COLOUR[card]
            return {c: (1.0 if c == col else 0.0) for c in COLOURS3}
        base = self.unseen_colours()
        sender = tr["sender"]
        mine = IDENTITY_INDEX.get(self.identity or "", BY)
        if sender == self.seat or mine == BY:
            return base
        q = self._p[sender]
        other = MI if mine == UG else UG
        my_col, other_col = (RED, BLUE) if mine == UG else (BLUE, RED)
        f = {}
        for k, col in enumerate((my_col, other_col, BLACK)):
            f[col] = q[mine] * INTENT_ALLY[k] + q[other] * INTENT_ENEMY[k] + q[BY]
        aimed = tr.get("method") == DIRECT and tr.get("target") == self.seat
        w = 1.0 if aimed else 0.5
        out = {col: base[col] * (f[col] ** w) for col in COLOURS3}
        tot = sum(out.values()) or 1.0
        return {col: x / tot for col, x in out.items()}

    # --- where a card in transit ends up --------------------------------------------------------------------------
    def p_accept(self, s: int, col: str, visible: bool) -> float:
        if s == self.seat:
            if visible:
                return 1.0 if self.value(s, col) > 0 else 0.0
            return 0.5
        if visible:
            if col == BLACK and self._counts[s][2] >= 2:
                return 0.05
            q = self._p[s]
            lik = ACCEPT_L[col]
            return q[0] * lik[0] + q[1] * lik[1] + q[2] * lik[2]
        return 0.5

    def journey(
        self,
        col: str,
        visible: bool,
        sender: int,
        holder: int,
        method: str,
        target: int,
        direction: int,
        back: bool,
        lured: list[int] | tuple[int, ...],
        locks: list[int] | tuple[int, ...],
        skip: int = -1,
    ) -> float:
        """Expected value of a card of colour ``col`` leaving ``holder`` (its next Step 1), seat by seat. ``skip``: a
        seat known to pass it on (used for the holder declining)."""
        ig = self._in_game
        v_sender = self.value(sender, col) if ig[sender] else 0.0
        if method == DIRECT:
            t = target
            if back or t < 0 or not ig[t] or (t in lured and t not in locks) or t == skip:
                return v_sender
            pa = 1.0 if t in locks else self.p_accept(t, col, visible)
            return pa * self.value(t, col) + (1.0 - pa) * v_sender
        n = self.n
        total = 0.0
        prob = 1.0
        s = holder
        for _ in range(n):
            s = (s + direction) % n
            if s == sender:
                return total + prob * v_sender
            if not ig[s] or (s in lured and s not in locks) or s == skip:
                continue
            pa = 1.0 if s in locks else self.p_accept(s, col, visible)
            total += prob * pa * self.value(s, col)
            prob *= 1.0 - pa
            if prob < 1e-3:
                break
        return total

    def transit_value(
        self, tr: dict[str, Any], col: str, lured: list[int] | None = None, locks: list[int] | None = None
    ) -> float:
        """The journey of the card in transit from where it is now (a Step 1 is about to move it)."""
        return self.journey(
            col,
            bool(tr.get("face_up")),
            tr["sender"],
            tr["holder"],
            tr["method"],
            tr.get("target", -1),
            tr.get("direction", 1),
            bool(tr.get("back")),
            [*(tr.get("lured") or []), *self._lured_pending] if lured is None else lured,
            self._locks if locks is None else locks,
        )

    def expect(self, dist: dict[str, float], fn: Callable[[str], float]) -> float:
        return sum(p * fn(col) for col, p in dist.items() if p > 0)

    # =============================================================================================================
    # Decisions
    # =============================================================================================================
    def _fallback(self, d: Decision) -> Option:
        for o in d.options:
            if o.kind == PASS:
                return o
        for o in d.options:
            if o.kind == DECLINE:
                return o
        return d.options[0]

    def _best(self, scored: list[tuple[float, Option]]) -> Option:
        """The best-scored option; ties broken by the bot's RNG (deterministic given the seed)."""
        top = max(s for s, _ in scored)
        best = [o for s, o in scored if s >= top - 1e-9]
        return best[0] if len(best) == 1 else best[int(self.rng.random() * len(best))]

    # --- send --------------------------------------------------------------------------------------------------
    def decide_send(self, d: Decision) -> Option:
        me = self.seat
        lock_cards = [c for c, uses in zip(self._hand, self._uses, strict=True) if LOCK in uses]
        locks = self._locks
        candidates = [s for s in range(self.n) if s != me and self._in_game[s] and s not in locks]
        scored: list[tuple[float, Option]] = []
        for o in d.options:
            c = o.card
            col = CARD_COLOUR[c]
            method = STANDARD_DECK[c].method
            direction = -1 if o.name == "cw" else 1
            visible = method == TEXT
            target = o.target if method == DIRECT else -1
            base = self.journey(col, visible, me, me, method, target, direction, False, (), locks)
            best = base
            if any(lc != c for lc in lock_cards):
                lk = min(self.keep(lc) for lc in lock_cards if lc != c)
                for t in candidates:
                    if method == DIRECT and t != target:
                        continue
                    v = self.journey(col, visible, me, me, method, target, direction, False, (), [*locks, t]) - lk
                    if v > best:
                        best = v
            scored.append((best - self.keep(c), o))
        return self._best(scored)

    # --- receive -----------------------------------------------------------------------------------------------
    def decide_receive(self, d: Decision) -> Option:
        tr = self._view.get("transit")
        if not tr:
            return Option(DECLINE)
        dist = self.transit_colours(tr)
        k = self._counts[self.seat][2]
        if k >= 2 and dist[BLACK] > 0 and not self.death_wins():
            return Option(DECLINE)  # never a third false intelligence (unless dying wins)
        acc, dec = self.receive_values(tr, dist)
        return Option(ACCEPT) if acc > dec else Option(DECLINE)

    def receive_values(self, tr: dict[str, Any], dist: dict[str, float]) -> tuple[float, float]:
        """(accept, decline) expected values for this seat holding the card in transit."""
        me = self.seat
        visible = bool(tr.get("face_up"))
        acc = self.expect(dist, lambda col: self.value(me, col))

        def dec(col: str) -> float:
            return self.journey(
                col,
                visible,
                tr["sender"],
                me,
                tr["method"],
                tr.get("target", -1),
                tr.get("direction", 1),
                tr["method"] == DIRECT,
                tr.get("lured") or [],
                self._locks,
                skip=me,
            )

        return acc, self.expect(dist, dec)

    # --- priority windows --------------------------------------------------------------------------------------
    def decide_priority(self, d: Decision) -> Option:
        best: Option | None = None
        best_gain = PLAY_MARGIN
        for o in d.options:
            if o.kind == DECLARE:
                return o
        view = self._view
        my_turn = view.get("current") == self.seat
        own_play = my_turn and d.context == "play"
        mine = {(u["use"], u.get("target", -1), u.get("ref", -1)) for u in self._stack if u["user"] == self.seat}
        probing = {t for u, t, _ in mine if u == PROBE}
        for o in d.options:
            if o.kind == PASS:
                continue
            if o.kind == PLAY:
                if own_play and len(self._hand) <= 1:
                    continue  # keep a card to send (S-LOSE-1)
                if (o.use, o.target, o.ref) in mine or (o.use == PROBE and o.target in probing):
                    continue  # the same use is already pending
                if o.use == SEE_THROUGH and o.ref in self._doomed:
                    continue  # already cancelled by a pending 识破
            g = self.gain(o, d.context)
            if g > best_gain:
                best, best_gain = o, g
        if best is None:
            return Option(PASS)
        if best.kind == SKILL:
            self.skill_uses[best.use] = self.skill_uses.get(best.use, 0) + 1
        return best

    def gain(self, o: Option, context: str) -> float:
        if o.kind == SKILL:
            from fengsheng.bots.skills import skill_gain

            return skill_gain(self, o, context)
        if o.kind != PLAY:
            return -1.0
        use = o.use
        fn = _GAINS.get(use)
        if fn is None:
            return -1.0
        return fn(self, o, context) - self.keep(o.card)

    def _transit(self) -> dict[str, Any] | None:
        tr = self._view.get("transit")
        return tr if tr else None

    def g_lock(self, o: Option, context: str) -> float:
        tr = self._transit()
        if tr is None or context != "step1":
            return -1.0
        t = o.target
        if t in self._locks:
            return -1.0
        dist = self.transit_colours(tr)
        now = self.expect(dist, lambda col: self.transit_value(tr, col))
        locked = self.expect(dist, lambda col: self.transit_value(tr, col, locks=[*self._locks, t]))
        return locked - now

    def g_lure(self, o: Option, context: str) -> float:
        tr = self._transit()
        if tr is None:
            return -1.0
        t = o.target
        dist = self.transit_colours(tr)
        lured = [*(tr.get("lured") or []), *self._lured_pending]
        if t in lured:
            return -1.0
        now = self.expect(dist, lambda col: self.transit_value(tr, col))
        after = self.expect(dist, lambda col: self.transit_value(tr, col, lured=[*lured, t]))
        return after - now

    def g_intercept(self, o: Option, context: str) -> float:
        tr = self._transit()
        if tr is None:
            return -1.0
        dist = self.transit_colours(tr)
        if self._counts[self.seat][2] >= 2 and dist[BLACK] > 0:
            return -1.0
        mine = self.expect(dist, lambda col: self.value(self.seat, col))
        now = self.expect(dist, lambda col: self.transit_value(tr, col))
        return mine - now

    def g_decode(self, o: Option, context: str) -> float:
        tr = self._transit()
        if tr is None or tr.get("holder") != self.seat or tr.get("card") is not None:
            return -1.0
        dist = self.transit_colours(tr)
        if tr.get("sender") == self.seat or self.seat in self._locks:
            return -1.0  # it must be taken anyway
        acc, dec = self.receive_values(tr, dist)
        blind = max(acc, dec) if self._counts[self.seat][2] < 2 else dec
        informed = 0.0
        for col, pr in dist.items():
            if pr <= 0:
                continue
            one = {c: (1.0 if c == col else 0.0) for c in COLOURS3}
            a, dd = self.receive_values(tr, one)
            if col == BLACK and self._counts[self.seat][2] >= 2:
                a = -1e9
            informed += pr * max(a, dd)
        return informed - blind

    def g_return(self, o: Option, context: str) -> float:
        tr = self._transit()
        me = self.seat
        if tr is None or tr.get("holder") != me or tr.get("sender") == me or me in self._locks:
            return -1.0
        dist = self.transit_colours(tr)
        acc, dec = self.receive_values(tr, dist)
        if self._counts[me][2] >= 2 and dist[BLACK] > 0:
            acc = -1e9
        visible = bool(tr.get("face_up"))

        def back(col: str) -> float:
            return self.journey(
                col,
                visible,
                tr["sender"],
                me,
                tr["method"],
                tr.get("target", -1),
                -tr.get("direction", 1),
                tr["method"] == DIRECT,
                tr.get("lured") or [],
                self._locks,
                skip=me,
            )

        return self.expect(dist, back) - max(acc, dec)

    def g_burn(self, o: Option, context: str) -> float:
        t = o.target
        k = self._counts[t][2]
        if k <= 0 or k >= 3:
            return -1.0
        save = BURN_SAVE[k] * (1.2 if t == self.seat else 1.0)
        return save * self._care[t]

    def g_see_through(self, o: Option, context: str) -> float:
        return -self.use_value(o.ref, 0)

    def use_value(self, uid: int, depth: int) -> float:
        """What the pending use ``uid`` is worth to this seat if it resolves."""
        entry = next((u for u in self._stack if u["uid"] == uid), None)
        if entry is None or depth > 3 or (depth == 0 and uid in self._doomed):
            return 0.0
        user: int = entry["user"]
        use: str = entry["use"]
        target: int = entry.get("target", -1)
        tr = self._transit()
        if use == SEE_THROUGH:
            return -self.use_value(entry.get("ref", -1), depth + 1)
        if use == LOCK:
            if tr is not None and target >= 0:
                dist = self.transit_colours(tr)
                now = self.expect(dist, lambda col: self.transit_value(tr, col))
                after = self.expect(dist, lambda col: self.transit_value(tr, col, locks=[*self._locks, target]))
                return after - now
            if target < 0 or user == self.seat:
                return 0.3 if user == self.seat else 0.0
            # a lock before the card is sent: the locker will send something to the locked seat
            return 0.8 * (
                self._care[user] * max(0.0, self._care[target]) - max(0.0, -self._care[user]) * self._care[target]
            )
        if use == INTERCEPT:
            if tr is None:
                return 0.0
            dist = self.transit_colours(tr)
            got = self.expect(dist, lambda col: self.value(user, col))
            now = self.expect(dist, lambda col: self.transit_value(tr, col))
            return got - now
        if use == LURE_AWAY:
            if tr is None or target < 0:
                return 0.0
            dist = self.transit_colours(tr)
            lured = [*(tr.get("lured") or []), *self._lured_pending]
            now = self.expect(dist, lambda col: self.transit_value(tr, col))
            after = self.expect(dist, lambda col: self.transit_value(tr, col, lured=[*lured, target]))
            return after - now
        if use == BURN:
            if target < 0:
                return 0.0
            k = self._counts[target][2]
            return BURN_SAVE[min(k, 2)] * self._care[target] if k > 0 else 0.0
        if use == TRUE_OR_FALSE:
            return self._tof_value()
        if use == PROBE:
            if user == self.seat:
                return 0.5
            if target == self.seat and self.identity is not None:
                return -0.15 * max(0.0, -self._care[user])
            return 0.0
        if use in (RETURN, DECODE):
            return 0.0
        return 0.0

    def g_probe(self, o: Option, context: str) -> float:
        t = o.target
        if not self._in_game[t] or t == self.seat:
            return -1.0
        card = STANDARD_DECK[o.card]
        if card.probe_identity is None:
            return -1.0
        q = self._p[t]
        i = IDENTITY_INDEX[card.probe_identity]
        pm = q[i]
        if self.face_up.get(t) in CONCEALERS:
            info = 0.0
        else:
            rest = [x for k, x in enumerate(q) if k != i]
            tot = sum(rest)
            h_miss = entropy([x / tot for x in rest]) if tot > 1e-12 else 0.0
            info = entropy(q) - (1 - pm) * h_miss
        effect = 0.35 * self._care[t] if card.probe_effect == DRAW_2 else -0.25 * self._care[t]
        return INFO_WEIGHT * info + pm * effect

    def _tof_value(self) -> float:
        dist = self.unseen_colours()
        total = 0.0
        for s in range(self.n):
            if self._in_game[s]:
                total += sum(p * self.value(s, col) for col, p in dist.items())
        return total

    def g_tof(self, o: Option, context: str) -> float:
        if self._counts[self.seat][2] >= 2:
            return -1.0
        return self._tof_value()

    # --- the small decisions -----------------------------------------------------------------------------------
    def decide_discard(self, d: Decision) -> Option:
        return self._best([(-self.keep(o.card), o) for o in d.options if o.kind == DISCARD] or [(0.0, d.options[0])])

    def decide_pick(self, d: Decision) -> Option:
        picks = [o for o in d.options if o.kind == PICK]
        return picks[int(self.rng.random() * len(picks))] if picks else d.options[0]

    def decide_respond(self, d: Decision) -> Option:
        mine = [uid for (_user, target), uid in self.probe_last.items() if target == self.seat and uid in self.probes]
        effect = self.probes[max(mine)].get("effect") if mine else None
        want = "effect" if effect == DRAW_2 else "line"
        for o in d.options:
            if o.kind == RESPOND and o.name == want:
                return o
        return d.options[0]

    def decide_declare(self, d: Decision) -> Option:
        for o in d.options:
            if o.kind == DECLARE:
                return o
        return d.options[0]

    def decide_character(self, d: Decision) -> Option:
        scored = [(float(CHARACTER_RANK.get(short(o.name), 30)), o) for o in d.options if o.kind == CHOOSE]
        return self._best(scored) if scored else d.options[0]

    def decide_skill_choice(self, d: Decision) -> Option:
        from fengsheng.bots.skills import skill_choice

        choice = skill_choice(self, d)
        self.last_choice[d.context] = choice
        return choice


_GAINS = {
    LOCK: HeuristicBot.g_lock,
    LURE_AWAY: HeuristicBot.g_lure,
    INTERCEPT: HeuristicBot.g_intercept,
    DECODE: HeuristicBot.g_decode,
    RETURN: HeuristicBot.g_return,
    BURN: HeuristicBot.g_burn,
    SEE_THROUGH: HeuristicBot.g_see_through,
    PROBE: HeuristicBot.g_probe,
    TRUE_OR_FALSE: HeuristicBot.g_tof,
}

_HANDLERS = {
    "priority": HeuristicBot.decide_priority,
    "send": HeuristicBot.decide_send,
    "receive": HeuristicBot.decide_receive,
    "discard": HeuristicBot.decide_discard,
    "pick": HeuristicBot.decide_pick,
    "respond": HeuristicBot.decide_respond,
    "declare": HeuristicBot.decide_declare,
    "choose_character": HeuristicBot.decide_character,
    "skill_choice": HeuristicBot.decide_skill_choice,
}

_OBSERVERS = {
    "setup": HeuristicBot._ev_setup,
    "identity": HeuristicBot._ev_identity,
    "character": HeuristicBot._ev_character,
    "flip": HeuristicBot._ev_flip,
    "cover": HeuristicBot._ev_cover,
    "died": HeuristicBot._ev_reveal,
    "lost": HeuristicBot._ev_reveal,
    "identity_revealed": HeuristicBot._ev_reveal,
    "identities_exchanged": HeuristicBot._ev_exchange,
    "turn": HeuristicBot._ev_turn,
    "locked": HeuristicBot._ev_locked,
    "use": HeuristicBot._ev_use,
    "probe": HeuristicBot._ev_probe,
    "probe_answer": HeuristicBot._ev_probe_answer,
    "send": HeuristicBot._ev_send,
    "decoded": HeuristicBot._ev_decoded,
    "inspected": HeuristicBot._ev_decoded,
    "decline": HeuristicBot._ev_decline,
    "obtain": HeuristicBot._ev_obtain,
    "intel_discarded": HeuristicBot._ev_intel_discarded,
    "burned": HeuristicBot._ev_burned,
    "cancelled": HeuristicBot._ev_cancelled,
    "dying": HeuristicBot._ev_dying,
}

__all__ = ["HeuristicBot"]
