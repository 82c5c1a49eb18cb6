"""Choosing among a decision's options, from the values of :mod:`~fengsheng.bots.heuristic.features`.

The journey of a card in transit values sending, accepting, declining, 锁定, 截获, 调虎离山, 退回 and 破译 alike (the
expected value of where the card ends up, with the play and without); 识破 cancels the pending use that is worst for
this seat; 烧毁 saves its side from a third false intelligence, except in a game that has stalled (``Memory.stalled``:
burning is then what keeps it going round in circles); 试探 goes where the belief is most uncertain; victory
is declared whenever it can be. Character skills follow the generic policy of :mod:`fengsheng.bots.skills`, with
each skill's knowledge declared beside its character. Ties and blind choices use the bot's own seeded RNG.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from fengsheng.bots.ai import character_ai
from fengsheng.bots.belief import IDENTITY_INDEX, entropy
from fengsheng.bots.heuristic.features import BURN_SAVE, Features
from fengsheng.bots.heuristic.memory import Memory
from fengsheng.bots.heuristic.tables import COLOURS3, DRAW_EFFECTS
from fengsheng.bots.skills import skill_choice, skill_gain
from fengsheng.core.cards import (
    BLACK,
    BURN,
    DECODE,
    DIRECT,
    GAMBLE,
    INTERCEPT,
    LOCK,
    LURE_AWAY,
    PROBE,
    REBALANCE,
    REINFORCE,
    RETURN,
    SEE_THROUGH,
    SWAP,
    TEXT,
    TRANSFER,
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
from fengsheng.core.state import W_PLAY, W_STEP1
from fengsheng.editions import get_edition

INFO_WEIGHT = 1.2  # value of one bit of identity information (试探)
PLAY_MARGIN = 0.05  # a play must gain at least this much
DRAWN_CARD = 0.3  # what one card drawn is worth in hand (增援, 權衡: about a card's :data:`KEEP` value)
BURN_KEPT = 0.5  # a 燒毀 kept may save a seat from a third false intelligence: a burn of red or blue must beat that


def fallback(d: Decision) -> Option:
    """A safe legal answer: pass, else decline, else the first option."""
    for o in d.options:
        if o.kind == PASS:
            return o
    for o in d.options:
        if o.kind == DECLINE:
            return o
    return d.options[0]


class Policy(Features):
    """The decisions of one seat at one position (it implements :class:`fengsheng.bots.ai.Position`)."""

    def __init__(self, memory: Memory, view: dict[str, Any], rng: random.Random) -> None:
        super().__init__(memory, view)
        self.rng = rng
        self._now: tuple[dict[str, float], float] | None = None

    def transit_now(self, tr: dict[str, Any]) -> tuple[dict[str, float], float]:
        """The colour odds of the card in transit ``tr`` (the view's) and the expected value of its journey as
        things stand: the baseline every play that changes its route is weighed against (锁定, 调虎离山, 截获), the
        same for every option of a decision, so computed once per decision. Read only."""
        if self._now is None:
            dist = self.transit_colours(tr)
            self._now = (dist, self.expect(dist, lambda col: self.transit_value(tr, col)))
        return self._now

    def decide(self, d: Decision) -> Option:
        """The answer to ``d`` (a kind of decision in :data:`HANDLERS`)."""
        return HANDLERS[d.kind](self, d)

    def best(self, scored: list[tuple[float, Option]]) -> Option:
        """The best-scored option; ties broken by the bot's RNG (deterministic given the seed)."""
        top = max(s for s, _ in scored)
        best = [o for s, o in scored if s >= top - 1e-9]
        return best[0] if len(best) == 1 else best[int(self.rng.random() * len(best))]

    # --- send --------------------------------------------------------------------------------------------------
    def decide_send(self, d: Decision) -> Option:
        return self.best(self.send_scores(d))

    def send_scores(self, d: Decision) -> list[tuple[float, Option]]:
        """Every send option with its value: where the card is expected to end up (with a 锁定 played with it, if
        that is better), less what the card is worth kept."""
        me = self.seat
        lock_cards = (
            [c for c, uses in zip(self.hand, self.uses, strict=True) if LOCK in uses] if self.lock_in_step1() else []
        )
        locks = self.locks
        candidates = [s for s in range(self.n) if s != me and self.in_game[s] and s not in locks]
        scored: list[tuple[float, Option]] = []
        for o in d.options:
            c = o.card
            col = self.card_colour[c]
            # the method the engine sends it with: a target means 直达 (its stamp, or 千金小姐's 香氣傳達)
            method = DIRECT if o.target >= 0 else self.tables.card_method[c]
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
        return scored

    # --- receive -----------------------------------------------------------------------------------------------
    def decide_receive(self, d: Decision) -> Option:
        tr = self.view.get("transit")
        if not tr:
            return Option(DECLINE)
        dist = self.transit_colours(tr)
        k = self.counts[self.seat][2]
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
                self.locks,
                skip=me,
            )

        return acc, self.expect(dist, dec)

    # --- priority windows --------------------------------------------------------------------------------------
    def decide_priority(self, d: Decision) -> Option:
        for o in d.options:
            if o.kind == DECLARE:
                return o
        best: Option | None = None
        best_gain = PLAY_MARGIN
        for g, o in self.priority_gains(d):
            if g > best_gain:
                best, best_gain = o, g
        if best is None:
            return Option(PASS)
        if best.kind == SKILL:
            uses = self.memory.skill_uses
            uses[best.use] = uses.get(best.use, 0) + 1
        return best

    def priority_gains(self, d: Decision) -> list[tuple[float, Option]]:
        """The gain of every option of a priority decision that the policy would weigh, in listed order: not pass
        or declare, not the last card of its own play phase (one is kept to send), not a use it has pending
        already, not a 识破 of a use already cancelled. A play is made only if it gains more than ``PLAY_MARGIN``."""
        gains: list[tuple[float, Option]] = []
        view = self.view
        my_turn = view.get("current") == self.seat
        own_play = my_turn and d.context == "play"
        mine = {(u["use"], u.get("target", -1), u.get("ref", -1)) for u in self.stack if u["user"] == self.seat}
        probing = {t for u, t, _ in mine if u == PROBE}
        for o in d.options:
            if o.kind == PASS or o.kind == DECLARE:
                continue
            if o.kind == PLAY:
                if own_play and len(self.hand) <= 1:
                    continue  # keep a card to send (S-LOSE-1)
                if (o.use, o.target, o.ref) in mine or (o.use == PROBE and o.target in probing):
                    continue  # the same use is already pending
                if o.use == SEE_THROUGH and o.ref in self.doomed:
                    continue  # already cancelled by a pending 识破
            gains.append((self.gain(o, d.context), o))
        return gains

    def ranked(self, d: Decision) -> list[Option]:
        """The options of ``d``, best first by this policy's values (ties in listed order): a send by
        :meth:`send_scores`; a priority decision by :meth:`priority_gains`, with declaring first, passing at the
        margin a play must beat and the options the policy never plays last; other kinds as listed. What a search
        tries first when it cannot try everything (``SearchBot``'s ``top``)."""
        opts = d.options
        if d.kind == "send":
            scores = [s for s, _ in self.send_scores(d)]
        elif d.kind == "priority":
            gains = {o: g for g, o in self.priority_gains(d)}
            never = -math.inf
            scores = [
                math.inf if o.kind == DECLARE else PLAY_MARGIN if o.kind == PASS else gains.get(o, never) for o in opts
            ]
        else:
            return list(opts)
        order = sorted(range(len(opts)), key=lambda i: (-scores[i], i))
        return [opts[i] for i in order]

    def gain(self, o: Option, context: str) -> float:
        if o.kind == SKILL:
            return skill_gain(self, self.memory.edition, o, context, self.memory.skill_uses.get(o.use, 0))
        if o.kind != PLAY:
            return -1.0
        fn = GAINS.get(o.use)
        if fn is None:
            return -1.0
        return fn(self, o, context) - self.keep(o.card)

    def card_gain(self, use: str, context: str, target: int = -1, ref: int = -1) -> float:
        """The gain of using a card as ``use``, not counting the card spent (skills that work as a card)."""
        fn = GAINS.get(use)
        return fn(self, Option(PLAY, use=use, target=target, ref=ref), context) if fn is not None else -1.0

    def lock_in_step1(self) -> bool:
        """Whether this edition lets 锁定 be played in Step 1, after the send (the standard edition); 千智's only in
        the own play phase (A-83), before it. Read from the edition's card windows, not a copy of its rules."""
        return LOCK in get_edition(self.memory.edition).window_types.get(W_STEP1, frozenset())

    def best_send(self, locks: list[int], skip: int, direct: bool = False) -> float:
        """The best journey value of sending one of this seat's hand cards (not ``skip``) with these locks, over
        the methods the cards print (直达 to any seat in the game; every card 直达 with ``direct``),
        counterclockwise."""
        me = self.seat
        best = -1e9
        for c in self.hand:
            if c == skip:
                continue
            col = self.card_colour[c]
            method = DIRECT if direct else self.tables.card_method[c]
            visible = method == TEXT
            targets = [s for s in range(self.n) if s != me and self.in_game[s]] if method == DIRECT else [-1]
            for t in targets:
                v = self.journey(col, visible, me, me, method, t, 1, False, (), locks) - self.keep(c)
                best = max(best, v)
        return best

    def send_value(self, direct: bool = False, skip: int = -1) -> float:
        """The best journey value of this seat's send (the card spent counted), ``skip`` left out of the hand;
        ``direct``: every card 直达 to the seat of its choice (千金小姐's 香氣傳達)."""
        return self.best_send(self.locks, skip, direct)

    def receive_value(self, dist: dict[str, float] | None = None, face_up: bool | None = None) -> float:
        """What the card in transit is worth to this seat where it is now, with these colour odds (default: what
        this seat knows of it) and face up or not (default: as it is): in front of this seat (Step 2) it takes it or
        passes it on, whichever is better on those odds, never a third false intelligence unless dying wins; it
        must take it back as its sender or when locked. Elsewhere: its journey from there."""
        tr = self.transit()
        if tr is None:
            return 0.0
        if dist is None:
            dist = self.transit_colours(tr)
        if face_up is not None:
            tr = {**tr, "face_up": face_up}
        me = self.seat
        if tr.get("holder") != me:
            return self.expect(dist, lambda col: self.transit_value(tr, col))
        if tr.get("sender") == me or me in self.locks:
            return self.expect(dist, lambda col: self.value(me, col))
        acc, dec = self.receive_values(tr, dist)
        if self.counts[me][2] >= 2 and dist.get(BLACK, 0.0) > 0 and not self.death_wins():
            return dec
        return max(acc, dec)

    def g_lock_before_send(self, o: Option) -> float:
        """A lock in the own play phase of an edition where that is its only time (千智, A-83): the locked seat
        must take what this seat sends this turn; the gain is the best send with the lock over the best without."""
        t = o.target
        if t in self.locks or t == self.seat or not self.in_game[t]:
            return -1.0
        if len([c for c in self.hand if c != o.card]) < 1:
            return -1.0
        return self.best_send([*self.locks, t], o.card) - self.best_send(self.locks, o.card)

    def g_lock(self, o: Option, context: str) -> float:
        tr = self.transit()
        if context == W_PLAY and tr is None and not self.lock_in_step1() and self.view.get("current") == self.seat:
            return self.g_lock_before_send(o)
        if tr is None or context != "step1":
            return -1.0
        t = o.target
        if t in self.locks:
            return -1.0
        dist, now = self.transit_now(tr)
        locked = self.expect(dist, lambda col: self.transit_value(tr, col, locks=[*self.locks, t]))
        return locked - now

    def g_lure(self, o: Option, context: str) -> float:
        tr = self.transit()
        if tr is None:
            return -1.0
        t = o.target
        lured = [*(tr.get("lured") or []), *self.lured_pending]
        if t in lured:
            return -1.0
        dist, now = self.transit_now(tr)
        after = self.expect(dist, lambda col: self.transit_value(tr, col, lured=[*lured, t]))
        return after - now

    def g_intercept(self, o: Option, context: str) -> float:
        tr = self.transit()
        if tr is None:
            return -1.0
        dist, now = self.transit_now(tr)
        if self.counts[self.seat][2] >= 2 and dist[BLACK] > 0:
            return -1.0
        mine = self.expect(dist, lambda col: self.value(self.seat, col))
        return mine - now

    def g_decode(self, o: Option, context: str) -> float:
        tr = self.transit()
        if tr is None or tr.get("holder") != self.seat or tr.get("card") is not None:
            return -1.0
        dist = self.transit_colours(tr)
        if tr.get("sender") == self.seat or self.seat in self.locks:
            return -1.0  # it must be taken anyway
        acc, dec = self.receive_values(tr, dist)
        blind = max(acc, dec) if self.counts[self.seat][2] < 2 else dec
        informed = 0.0
        for col, pr in dist.items():
            if pr <= 0:
                continue
            one = {c: (1.0 if c == col else 0.0) for c in COLOURS3}
            a, dd = self.receive_values(tr, one)
            if col == BLACK and self.counts[self.seat][2] >= 2:
                a = -1e9
            informed += pr * max(a, dd)
        return informed - blind

    def g_return(self, o: Option, context: str) -> float:
        tr = self.transit()
        me = self.seat
        if tr is None or tr.get("holder") != me or tr.get("sender") == me or me in self.locks:
            return -1.0
        dist = self.transit_colours(tr)
        acc, dec = self.receive_values(tr, dist)
        if self.counts[me][2] >= 2 and dist[BLACK] > 0:
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
                self.locks,
                skip=me,
            )

        return self.expect(dist, back) - max(acc, dec)

    def g_burn(self, o: Option, context: str) -> float:
        if self.memory.stalled:
            return -1.0  # a stalled game ends only by a death or a loss: burning puts the cards back in circulation
        t = o.target
        if o.ref >= 0 and self.card_colour[o.ref] != BLACK:  # 出雲龍's 定點抹除: red or blue intelligence too
            return -self.held_value(t, o.ref) - BURN_KEPT
        k = self.counts[t][2]
        if k <= 0 or k >= 3:
            return -1.0
        save = BURN_SAVE[k] * (1.2 if t == self.seat else 1.0)
        return save * self.care[t]

    def g_see_through(self, o: Option, context: str) -> float:
        return -self.use_value(o.ref, 0)

    def use_value(self, uid: int, depth: int) -> float:
        """What the pending use ``uid`` is worth to this seat if it resolves."""
        entry = next((u for u in self.stack if u["uid"] == uid), None)
        if entry is None or depth > 3 or (depth == 0 and uid in self.doomed):
            return 0.0
        user: int = entry["user"]
        use: str = entry["use"]
        target: int = entry.get("target", -1)
        tr = self.transit()
        if use == SEE_THROUGH:
            return -self.use_value(entry.get("ref", -1), depth + 1)
        if use == LOCK:
            if tr is not None and target >= 0:
                dist = self.transit_colours(tr)
                now = self.expect(dist, lambda col: self.transit_value(tr, col))
                after = self.expect(dist, lambda col: self.transit_value(tr, col, locks=[*self.locks, target]))
                return after - now
            if target < 0 or user == self.seat:
                return 0.3 if user == self.seat else 0.0
            # a lock before the card is sent: the locker will send something to the locked seat
            return 0.8 * (
                self.care[user] * max(0.0, self.care[target]) - max(0.0, -self.care[user]) * self.care[target]
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
            lured = [*(tr.get("lured") or []), *self.lured_pending]
            now = self.expect(dist, lambda col: self.transit_value(tr, col))
            after = self.expect(dist, lambda col: self.transit_value(tr, col, lured=[*lured, target]))
            return after - now
        if use == BURN:
            if target < 0:
                return 0.0
            ref = entry.get("ref", -1)
            if ref is not None and ref >= 0 and self.card_colour[ref] != BLACK:  # 出雲龍's 定點抹除
                return -self.held_value(target, ref)
            k = self.counts[target][2]
            return BURN_SAVE[min(k, 2)] * self.care[target] if k > 0 else 0.0
        if use == TRUE_OR_FALSE:
            return self._tof_value()
        if use == PROBE:
            if user == self.seat:
                return 0.5
            if target == self.seat and self.identity is not None:
                return -0.15 * max(0.0, -self.care[user])
            return 0.0
        return 0.0  # 退回, 破译, skills

    def g_probe(self, o: Option, context: str) -> float:
        t = o.target
        if not self.in_game[t] or t == self.seat:
            return -1.0
        card = self.tables.deck[o.card]
        if card.probe_identity is None:
            return -1.0
        q = self.p[t]
        i = IDENTITY_INDEX[card.probe_identity]
        pm = q[i]
        if self.memory.conceals(t):
            info = 0.0
        else:
            rest = [x for k, x in enumerate(q) if k != i]
            tot = sum(rest)
            h_miss = entropy([x / tot for x in rest]) if tot > 1e-12 else 0.0
            info = entropy(q) - (1 - pm) * h_miss
        effect = 0.35 * self.care[t] if card.probe_effect in DRAW_EFFECTS else -0.25 * self.care[t]
        return INFO_WEIGHT * info + pm * effect

    def g_transfer(self, o: Option, context: str) -> float:
        """轉移: the card that reached this seat goes to ``o.target``, who must take it (A-100), instead of this
        seat taking or declining it (offered only where this seat may decline: not locked, not its own card)."""
        tr = self.transit()
        me = self.seat
        t = o.target
        if tr is None or tr.get("holder") != me or t < 0 or t == me or not self.in_game[t]:
            return -1.0
        dist = self.transit_colours(tr)
        acc, dec = self.receive_values(tr, dist)
        if self.counts[me][2] >= 2 and dist[BLACK] > 0 and not self.death_wins():
            acc = -1e9
        there = self.expect(dist, lambda col: self.value(t, col))
        return there - max(acc, dec)

    def g_swap(self, o: Option, context: str) -> float:
        """調包: the 調包 card, face up, takes the place of the card in transit on the same route (A-86)."""
        tr = self.transit()
        if tr is None or context != "step1":
            return -1.0
        dist = self.transit_colours(tr)
        now = self.expect(dist, lambda col: self.transit_value(tr, col))
        swapped = {**tr, "card": o.card, "face_up": True}
        return self.transit_value(swapped, self.card_colour[o.card]) - now

    def g_reinforce(self, o: Option, context: str) -> float:
        """增援: draw one more card than this seat's black intelligence (A-87)."""
        return DRAWN_CARD * (self.counts[self.seat][2] + 1)

    def g_gamble(self, o: Option, context: str) -> float:
        """博弈: ``o.target`` (this seat included) takes the deck's top card as intelligence, face up."""
        t = o.target
        if t < 0 or not self.in_game[t]:
            return -1.0
        return self.expect(self.unseen_colours(), lambda col: self.value(t, col))

    def g_rebalance(self, o: Option, context: str) -> float:
        """權衡: the rest of the hand discarded and as many cards drawn: worth it for a hand worth less than new
        cards."""
        rest = [c for c in self.hand if c != o.card]
        return sum(DRAWN_CARD - self.keep(c) for c in rest)

    def _tof_value(self) -> float:
        dist = self.unseen_colours()
        total = 0.0
        for s in range(self.n):
            if self.in_game[s]:
                total += sum(p * self.value(s, col) for col, p in dist.items())
        return total

    def g_tof(self, o: Option, context: str) -> float:
        if self.counts[self.seat][2] >= 2:
            return -1.0
        return self._tof_value()

    # --- the small decisions -----------------------------------------------------------------------------------
    def decide_discard(self, d: Decision) -> Option:
        return self.best([(-self.keep(o.card), o) for o in d.options if o.kind == DISCARD] or [(0.0, d.options[0])])

    def decide_pick(self, d: Decision) -> Option:
        picks = [o for o in d.options if o.kind == PICK]
        return picks[int(self.rng.random() * len(picks))] if picks else d.options[0]

    def decide_respond(self, d: Decision) -> Option:
        mem = self.memory
        mine = [uid for (_user, target), uid in mem.probe_last.items() if target == self.seat and uid in mem.probes]
        effect = mem.probes[max(mine)].get("effect") if mine else None
        want = "effect" if effect in DRAW_EFFECTS else "line"
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
        scored = [(float(character_ai(o.name).rank), o) for o in d.options if o.kind == CHOOSE]
        return self.best(scored) if scored else d.options[0]

    def decide_skill_choice(self, d: Decision) -> Option:
        choice = skill_choice(self, self.memory.edition, d)
        self.memory.last_choice[d.context] = choice
        return choice


GAINS: dict[str, Callable[[Policy, Option, str], float]] = {
    LOCK: Policy.g_lock,
    LURE_AWAY: Policy.g_lure,
    INTERCEPT: Policy.g_intercept,
    DECODE: Policy.g_decode,
    RETURN: Policy.g_return,
    BURN: Policy.g_burn,
    SEE_THROUGH: Policy.g_see_through,
    PROBE: Policy.g_probe,
    TRUE_OR_FALSE: Policy.g_tof,
    TRANSFER: Policy.g_transfer,
    SWAP: Policy.g_swap,
    REINFORCE: Policy.g_reinforce,
    GAMBLE: Policy.g_gamble,
    REBALANCE: Policy.g_rebalance,
}

HANDLERS: dict[str, Callable[[Policy, Decision], Option]] = {
    "priority": Policy.decide_priority,
    "send": Policy.decide_send,
    "receive": Policy.decide_receive,
    "discard": Policy.decide_discard,
    "pick": Policy.decide_pick,
    "respond": Policy.decide_respond,
    "declare": Policy.decide_declare,
    "choose_character": Policy.decide_character,
    "skill_choice": Policy.decide_skill_choice,
}

__all__ = ["GAINS", "HANDLERS", "Policy", "fallback"]
