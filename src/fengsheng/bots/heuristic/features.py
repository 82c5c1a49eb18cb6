"""Derived values at one decision: from the seat's view, its memory and its belief.

Everything is valued with one function, :meth:`Features.value`: what it is worth to this seat's side that a card of
a colour lands in front of a seat (progress towards three of a faction's colour, the winning card, false
intelligence and death), weighted by the belief. Around it: what a card kept in hand is worth (:meth:`keep`), the
colour odds of a card this seat cannot see (:meth:`unseen_colours`, :meth:`transit_colours`), the odds that a seat
takes a card (:meth:`p_accept`), and the journey of a card in transit (:meth:`journey`): the seats it would reach,
one after the other, by the engine's own route (:func:`fengsheng.flow.route.route`, called with what the view
shows), each taking it or passing it on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fengsheng.bots.ai import character_ai, skill_ai
from fengsheng.bots.belief import BY, IDENTITY_INDEX, MI, UG
from fengsheng.bots.heuristic.evidence import ACCEPT_L
from fengsheng.bots.heuristic.memory import Memory
from fengsheng.bots.heuristic.tables import COLOURS3
from fengsheng.core.cards import (
    BLACK,
    BLUE,
    BURN,
    DECODE,
    DIRECT,
    GAMBLE,
    INTERCEPT,
    LOCK,
    LURE_AWAY,
    PROBE,
    REBALANCE,
    RED,
    REINFORCE,
    RETURN,
    SEE_THROUGH,
    SWAP,
    TRANSFER,
    TRUE_OR_FALSE,
)
from fengsheng.core.options import Option
from fengsheng.flow.route import DISCARDED, TURN_BACK, route

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
    # 千智风声's own types (Q-CARD): 轉移 and 調包 steer intelligence like 退回 and 调虎离山; the others draw or place
    TRANSFER: 0.4,
    SWAP: 0.35,
    REINFORCE: 0.25,
    GAMBLE: 0.25,
    REBALANCE: 0.1,
}
# what a sender's identity says about the colour of a card he sent to this seat: rows = relation of the sender to
# this seat (teammate, opponent), columns = (this seat's colour, the other faction colour, black)
INTENT_ALLY = (2.5, 0.8, 0.35)
INTENT_ENEMY = (0.6, 1.2, 1.8)
DEFAULT_REL = (-0.3, -0.3, -0.3)  # how a bystander without a faction mission regards each identity


class Features:
    """The position at one decision, as this seat sees it (built afresh for every decision)."""

    def __init__(self, memory: Memory, view: dict[str, Any]) -> None:
        self.memory = memory
        self.view = view
        self.seat = memory.seat
        self.n = memory.n
        self.identity = memory.identity
        self.target = memory.target
        self.ai = character_ai(memory.character)  # this seat's character
        tables = memory.tables  # the edition's public card facts
        self.tables = tables
        self.card_colour = tables.card_colour
        self.card_type = tables.card_type
        me = view.get("me") or {}
        counts = []
        in_game = []
        for st in view["seats"]:
            r = b = k = 0
            for c in st["intel"]:
                col = tables.card_colour[c]
                if col == RED:
                    r += 1
                elif col == BLUE:
                    b += 1
                else:
                    k += 1
            counts.append((r, b, k))
            in_game.append(bool(st["alive"]) and not st["lost"])
        self.counts: list[tuple[int, int, int]] = counts
        self.in_game: list[bool] = in_game
        self.hand: list[int] = list(me.get("hand") or [])
        # what each hand card may be used as (its own type, and its character's conversions: the view says)
        self.uses: list[list[str]] = list(me.get("uses") or [[tables.card_type[c]] for c in self.hand])
        self.locks: list[int] = list(view.get("locks") or [])
        self.lured_pending: list[int] = []
        self.stack: list[dict[str, Any]] = list(view.get("stack") or [])
        self.doomed = self._cancelled_uids()
        for u in self.stack:  # pending locks and lures count as done unless a pending 识破 cancels them
            if u["uid"] in self.doomed or u.get("target", -1) < 0:
                continue
            use = self.acts_as(u["use"])
            if use == LOCK and u["target"] not in self.locks:
                self.locks.append(u["target"])
            elif use == LURE_AWAY:
                self.lured_pending.append(u["target"])
        self._unseen: dict[str, float] | None = None
        self.p, self.care, self.cw = self._regard(memory)

    def _regard(self, memory: Memory) -> tuple[list[list[float]], list[float], list[tuple[float, float]]]:
        """The belief's marginals (``p``), and from them how much this seat cares about each seat (``care``) and
        about each colour in front of it (``cw``). They change only with the belief, the seat's identity and its
        character, so the memory keeps the last ones (``Memory.regard``) for the decisions in between; read only."""
        m = memory.model
        marginals = m.marginals() if m is not None else None
        last = memory.regard
        if last is not None and marginals is not None and last[0] is marginals:
            if last[1] == self.identity and last[2] == memory.character:
                return last[3], last[4], last[5]
        if marginals is not None:
            p = [list(x) for x in marginals]
        else:
            p = [[1 / 3, 1 / 3, 1 / 3] for _ in range(self.n)]
        # how much this seat cares about each seat (+ its side, - the other side), and about each colour there
        mine = IDENTITY_INDEX.get(self.identity or "", BY)
        if mine == UG:
            rel = (1.0, -1.0, -0.25)
        elif mine == MI:
            rel = (-1.0, 1.0, -0.25)
        else:
            rel = self.ai.mission_rel or DEFAULT_REL
        care: list[float] = []
        cw: list[tuple[float, float]] = []
        for s in range(self.n):
            if s == self.seat:
                care.append(1.0)
                red = 1.0 if mine == UG else 0.0
                blue = 1.0 if mine == MI else 0.0
                if mine == BY:
                    what = (self.ai.mission_intel or ("", 0))[0]
                    red = 1.0 if what in (RED, "true", "any") else 0.15
                    blue = 1.0 if what in (BLUE, "true", "any") else 0.15
                cw.append((red, blue))
                continue
            q = p[s]
            care.append(q[UG] * rel[UG] + q[MI] * rel[MI] + q[BY] * rel[BY])
            cw.append((q[UG] * rel[UG], q[MI] * rel[MI]))
        memory.regard = (marginals, self.identity, memory.character, p, care, cw)
        return p, care, cw

    # --- what the position shows -------------------------------------------------------------------------------
    @property
    def last_choice(self) -> dict[str, Option]:
        return self.memory.last_choice

    @property
    def last_obtain(self) -> dict[str, Any]:
        return self.memory.last_obtain

    @property
    def last_dying(self) -> int:
        return self.memory.last_dying

    @property
    def last_take(self) -> int:
        return self.memory.last_take

    def colour(self, card: int) -> str:
        return self.card_colour[card]

    def transit(self) -> dict[str, Any] | None:
        tr = self.view.get("transit")
        return tr if tr else None

    def identity_unknown(self, s: int) -> bool:
        m = self.memory.model
        return m is not None and s not in m.known

    def acts_as(self, use: str) -> str:
        """The card type a pending use amounts to: its own for a card, or what the skill's knowledge says."""
        if use in self.tables.card_types:
            return use
        ai = skill_ai(self.memory.edition, use)
        return ai.acts_as if ai is not None and ai.acts_as else use

    def _cancelled_uids(self) -> set[int]:
        """Uids of pending uses that a pending 识破 (itself not cancelled) will cancel."""
        stack = self.stack
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
        if not self.in_game[s]:
            return 0.0
        r, b, k = self.counts[s]
        if col == BLACK:
            k += extra
            if k >= 2:
                if s == self.seat:
                    return WIN if self.death_wins() else -SELF_DEATH
                return -DEATH * self.care[s]
            return -BLACK_HARM[k] * self.care[s]
        if col == RED:
            have, w = r + extra, self.cw[s][0]
        else:
            have, w = b + extra, self.cw[s][1]
        if w == 0.0:
            return 0.0
        target = self.target
        if s == self.seat and self.identity == "bystander":
            what, target = self.ai.mission_intel or ("", 99)
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
        wins = self.ai.death_wins
        return wins(self) if wins is not None else False

    def held_value(self, s: int, card: int) -> float:
        """What the card ``card`` in front of ``s`` is worth to this seat there (removing it gains the opposite)."""
        col = self.card_colour[card]
        r, b, k = self.counts[s]
        have = k if col == BLACK else (r if col == RED else b)
        return self.value(s, col, extra=-1) if have >= 1 else 0.0

    def keep(self, card: int) -> float:
        """What a card in hand is worth kept (spending or sending it costs this)."""
        v = KEEP.get(self.card_type[card], 0.2)
        col = self.card_colour[card]
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
        return 0.0 if i == BY else self.p[s][i]

    def unseen_colours(self) -> dict[str, float]:
        """Colour odds of a card this seat cannot see (from the cards it can)."""
        if self._unseen is None:
            cnt = dict(self.tables.total_colours)
            v = self.view
            seen: list[int] = list(self.hand)
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
                cnt[self.card_colour[c]] -= 1
            tot = sum(max(0, x) for x in cnt.values()) or 1
            self._unseen = {col: max(0, cnt[col]) / tot for col in COLOURS3}
        return self._unseen

    def transit_colours(self, tr: dict[str, Any]) -> dict[str, float]:
        """Colour odds of the card in transit: known, or the unseen odds tilted by what its sender likely wants."""
        card = tr.get("card")
        if card is not None:
            col = self.card_colour[card]
            return {c: (1.0 if c == col else 0.0) for c in COLOURS3}
        base = self.unseen_colours()
        sender = tr["sender"]
        mine = IDENTITY_INDEX.get(self.identity or "", BY)
        if sender == self.seat or mine == BY:
            return base
        q = self.p[sender]
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
        """The odds that seat ``s`` takes a card of colour ``col`` (``visible``: face up, or he knows it)."""
        if s == self.seat:
            if visible:
                return 1.0 if self.value(s, col) > 0 else 0.0
            return 0.5
        if visible:
            if col == BLACK and self.counts[s][2] >= 2:
                return 0.05
            q = self.p[s]
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
        """Expected value of a card of colour ``col`` leaving ``holder`` (its next Step 1), seat by seat along its
        route: each seat reached takes it (surely if locked) or passes it on; back at the sender, he must take it.
        ``skip``: a seat known to pass it on (the holder declining)."""
        ig = self.in_game
        v_sender = self.value(sender, col) if ig[sender] else 0.0
        if method == DIRECT and target < 0:
            return v_sender  # no target known: it can only come back
        total = 0.0
        prob = 1.0
        s = holder
        while True:
            nxt = route(s, sender, direction, method, target, back, ig, lured, locks)
            if nxt == TURN_BACK:
                back = True
                continue
            if nxt == DISCARDED:
                return total
            if nxt == sender:
                return total + prob * v_sender
            pa = 0.0 if nxt == skip else 1.0 if nxt in locks else self.p_accept(nxt, col, visible)
            total += prob * pa * self.value(nxt, col)
            prob *= 1.0 - pa
            if method == DIRECT:
                back = True  # declined: back to the sender (S-METH-2)
            elif prob < 1e-3:
                break
            s = nxt
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
            [*(tr.get("lured") or []), *self.lured_pending] if lured is None else lured,
            self.locks if locks is None else locks,
        )

    def expect(self, dist: dict[str, float], fn: Callable[[str], float]) -> float:
        return sum(p * fn(col) for col, p in dist.items() if p > 0)


__all__ = ["BURN_SAVE", "KEEP", "WIN", "Features"]
