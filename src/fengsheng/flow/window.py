"""Response windows: priority passing and the LIFO stack (S-PRIO; A-14, A-15, A-16, A-31).

A window opens with the current player holding priority (A-14). A seat with priority takes one action or passes
(A-15). After a pass, priority moves to the next seat in game (counterclockwise, A-1); after an action, to the
actor's next seat. Once every seat still in the game has passed in a row:

* if something is pending, everything resolves LIFO (后发先至, S-PRIO-6/7) with nothing inserted (S-PRIO-3), and the
  current player then gets priority again;
* otherwise the window closes (S-PRIO-7).

With ``Config.auto_pass`` a seat whose only option is "pass" is passed for without being asked.

A seat holding priority is offered what it may use now: its timing met, a valid target (S-PRIO-2; the rule index
gives the options, cards/base.py a card's own conditions and the golden rule, S-PRIO-1). Uses made at the same time
are ordered by priority and resolve LIFO (S-TRIG-3). Sending is not a use, so nothing on the stack can cancel it
(S-PRIO-12). A cancelled use, or one whose user has gone, never resolves: the events of its effect, and the triggers
on them, never happen (S-PRIO-10, S-PRIO-11, S-TRIG-4, S-TERM-13). Automatic skills do not wait for a window: they
are the triggers of flow/settle.py (S-PRIO-9).

Implements: S-PRIO-2..8, S-PRIO-10..13, S-TRIG-3, S-TRIG-4, S-TERM-13.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.core.events import PUBLIC, Fizzled, NoEffect, Resolving, StackResolving
from fengsheng.core.options import DECLARE, PASS, PASS_ONLY, PLAY, PRIORITY, Decision, Option
from fengsheng.core.state import W_PLAY, W_STEP1, W_STEP2, WINDOW_KINDS, Frame, Use

if TYPE_CHECKING:
    from fengsheng.game import Game


MAX_SEATS = 32
PASS_ONLY_ASKS: dict[str, tuple[Decision, ...]] = {
    kind: tuple(Decision(seat, PRIORITY, PASS_ONLY, kind) for seat in range(MAX_SEATS)) for kind in WINDOW_KINDS
}
"""Window kind -> seat -> the decision of a seat that may only pass there, built once: most priority decisions
are these, and a decision is an immutable tuple, as cheap to share as to compare (building one costs more than
the rest of a pass)."""


def _ask(seat: int, opts: list[Option] | tuple[Option, ...], kind: str) -> Decision:
    """The priority decision of ``seat`` with ``opts`` in a window of ``kind``."""
    if opts is PASS_ONLY and seat < MAX_SEATS:
        return PASS_ONLY_ASKS[kind][seat]
    return tuple.__new__(Decision, (seat, PRIORITY, tuple(opts), kind, False))


class Window(Frame):
    """A response window of one kind (``play``, ``step1``, ``step2``, ``end``), with its pending stack."""

    __slots__ = ("kind", "passes", "prio", "resolving", "stack")

    def __init__(self, kind: str, prio: int) -> None:
        self.kind = kind
        self.prio = prio
        self.passes = 0
        self.stack: list[Use] = []
        self.resolving = False

    def _closes_early(self, g: Game) -> bool:
        """A window with nothing pending ends at once when its purpose is gone."""
        if self.kind == W_PLAY:
            return not g.seats[g.current].in_game  # a current player who died ends his turn
        if self.kind == W_STEP1 or self.kind == W_STEP2:
            p = g.passing
            return p is None or p.finished  # the card was obtained (截获) or discarded
        return False

    def run(self, g: Game) -> Decision | None:
        seats = g.seats
        nxt = g._next
        while True:
            if self.resolving:
                if self.stack:
                    g.frames.append(Resolve(self.stack.pop(), self))
                    return None
                self.resolving = False
                self.passes = 0
                self.prio = g.current if seats[g.current].in_game else nxt[g.current]
                if self._closes_early(g):
                    g.frames.pop()
                    return None
            if self.passes >= g.in_game_count:
                if self.stack:
                    self.resolving = True
                    g.emit(StackResolving(len(self.stack)))
                    continue
                g.frames.pop()
                return None
            seat = self.prio
            s = seats[seat]
            if not s.in_game:
                self.prio = nxt[seat]
                continue
            if g.plain[seat] and not g.declarable[seat] and not g.auto_pass:  # priority_options' fast path, inlined
                kind = self.kind
                if g.permit_rules:
                    cards = g.window_cards[kind]
                else:
                    cards = g.role_cards[kind][seat == g.current][1 if self.stack else 0]
                if cards.isdisjoint(s.hand):
                    return PASS_ONLY_ASKS[kind][seat]
            opts = g.priority_options(seat, self)
            if len(opts) == 1 and g.auto_pass:
                self.passes += 1
                self.prio = nxt[seat]
                continue
            return _ask(seat, opts, self.kind)

    def pass_on(self, g: Game) -> Decision | None:
        """The seat with priority passes (A-15): priority moves on, and the window runs to its next decision.

        The common case is decided here, as :meth:`run` would: a pass is not the last of the round, so the next
        seat in game (it is one: nothing happened since the order was last refreshed) is asked, unless auto-pass
        may pass for it (then :meth:`run`'s loop goes on)."""
        self.passes += 1
        seat = self.prio = g._next[self.prio]
        if self.passes < g.in_game_count and not g.auto_pass:
            s = g.seats[seat]
            if s.in_game:
                kind = self.kind
                if g.plain[seat] and not g.declarable[seat]:  # RuleIndex.priority_options' fast path, inlined
                    if g.permit_rules:
                        cards = g.window_cards[kind]
                    else:
                        cards = g.role_cards[kind][seat == g.current][1 if self.stack else 0]
                    if cards.isdisjoint(s.hand):
                        return PASS_ONLY_ASKS[kind][seat]
                opts = g.priority_options(seat, self)
                if opts is PASS_ONLY and seat < MAX_SEATS:  # _ask, inlined (a call costs more than its body)
                    return PASS_ONLY_ASKS[kind][seat]
                return tuple.__new__(Decision, (seat, PRIORITY, tuple(opts), kind, False))
        return self.run(g)

    def answer(self, g: Game, option: Option) -> None:
        seat = self.prio
        kind = option[0]
        if kind == PASS:
            self.passes += 1
            self.prio = g._next[seat]
            return
        if kind == DECLARE:
            g.declare(seat)
            return
        use: Use | None = g.use_card(seat, option, self) if kind == PLAY else g.use_skill(seat, option, self)
        self.passes = 0
        self.prio = g.next_in_game(seat)
        if use is not None:
            if kind == PLAY or g.edition.switches.skills_answerable:
                self.stack.append(use)  # S-PRIO-13: a skill goes on the stack like a card
            else:
                g.frames.append(Resolve(use, self))  # an edition whose skills cannot be answered: at once

    def describe(self) -> dict[str, Any]:
        return {"frame": "Window", "kind": self.kind, "priority": self.prio, "passes": self.passes}


class Resolve(Frame):
    """One pending use resolving (S-PRIO-3 step 3). Cancelled uses and uses whose user is gone do nothing.

    Stages: ``check`` (emit ``resolve``: triggers that happen once a use has gone unanswered, before its effect,
    such as 柒佰's 联动, A-59), ``effect``, ``dispose`` (the card goes to the discard pile).
    """

    __slots__ = ("stage", "use", "window")

    CHECK = "check"
    EFFECT = "effect"
    DISPOSE = "dispose"

    def __init__(self, use: Use, window: Window) -> None:
        self.use = use
        self.window = window
        self.stage = self.CHECK

    @property
    def done(self) -> bool:
        return self.stage != self.CHECK

    def run(self, g: Game) -> Decision | None:
        use = self.use
        frames = g.frames
        if self.stage == self.CHECK:
            if use.cancelled:
                g.emit(NoEffect(use.uid, use.user, use.use))
                self.stage = self.DISPOSE
            elif not g.seats[use.user].in_game:
                g.emit(Fizzled(use.uid, use.user, use.use, "user_gone"))
                use.failed = True  # S-PRIO-10, A-31
                self.stage = self.DISPOSE
            else:
                self.stage = self.EFFECT
                hidden = (use.user,) if use.hidden else PUBLIC
                card = use.card if use.card >= 0 else None
                g.emit(Resolving(use.uid, use.user, use.use, use.target, card, hidden))
            # the next stage at once where the machine would run this frame again anyway (nothing to schedule, no
            # frame pushed): one loop of Machine._advance less
            if g._pending or frames[-1] is not self or g.result is not None:
                return None
        if self.stage == self.EFFECT:
            self.stage = self.DISPOSE
            if g.seats[use.user].in_game:
                g.resolve_use(use, self.window)
            else:
                use.failed = True
            if g._pending or frames[-1] is not self or g.result is not None:
                return None
        frames.pop()
        g.dispose_use(use)
        return None

    def describe(self) -> dict[str, Any]:
        return {"frame": "Resolve", "uid": self.use.uid, "use": self.use.use}
