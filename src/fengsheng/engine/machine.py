"""The decision protocol and the frame loop.

The game is a stack of frames (``core/state.py`` ``Frame``). The loop runs the top frame until one returns a
:class:`Decision`; ``act`` checks an answer against it (raising :class:`IllegalAction`, state unchanged) and hands
it to that frame. Frames, rules and primitives report what happened with :meth:`Machine.emit`; after each step
(one ``run`` or ``answer``) the machine turns what was emitted into frames, in one place (:meth:`_schedule`):

* the triggers of the rules that want the event, in S-TRIG order (current player first, counterclockwise);
* the settling the event needs (``Event.settles``): deaths, losses, last player standing and declarations
  (S-WIN-10); for an intelligence obtained, a death check also comes before its triggers (S-DEATH-3).

They go where the event happened: above the frames that were on the stack then, below the frames the step pushed
afterwards (so a rule that asks a question and then places a card gets its answer first, as the card texts read).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import fengsheng.engine.knowledge  # noqa: F401  (registers every event kind's learner: Event.learner, read by emit)
from fengsheng.core.events import DEATH_FIRST
from fengsheng.core.options import CONTINUE, P_PASS, PASS, PRIORITY, Decision, Option, parse_option, quote, well_typed
from fengsheng.engine.state import State
from fengsheng.errors import IllegalAction
from fengsheng.flow.ask import Ask, Continue
from fengsheng.flow.settle import Declaration, Settle, Triggers
from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.state import Frame
    from fengsheng.game import Game
    from fengsheng.rules.base import Rule


class Machine(State):
    """The frame loop, the decision protocol and ``emit`` (see the module docstring)."""

    __slots__ = ()

    # --- the pending decision (``self.decision``, a plain attribute: bots read it on every move) ------------------
    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_options(self) -> tuple[Option, ...]:
        d = self.decision
        return d.options if d is not None else ()

    def _advance(self) -> None:
        """Run frames until one waits for a decision (a forced move, one option outside a window other than a
        uniform prompt's ``continue``, is taken)."""
        frames = self.frames
        g: Game = self  # type: ignore[assignment]  # self.game without the property call (the hot loop)
        while frames and self.result is None:
            top = frames[-1]
            d = top.run(g)
            if d is None:
                if self._pending:
                    self._schedule()
                continue
            if self._pending and self._schedule() and frames[-1] is not top:
                continue  # a trigger goes first; the frame will ask again
            if (
                d[1] != PRIORITY
                and len(d[2]) == 1
                and d[2][0][0] != CONTINUE
                and not (d[4] and self.config.uniform_prompts)
            ):
                # a forced move is automated (not recorded); a uniform prompt's lone ``continue``, and with
                # Config.uniform_prompts any private question, is asked all the same: other seats must see the same
                # wait whether or not the seat had a choice (how many cards it could choose from, say)
                top.answer(g, d.options[0])
                if self._pending:
                    self._schedule()
                continue
            self.decision = d
            return
        self.decision = None

    def _rederive(self) -> None:
        """Derive the pending decision again (a rule was added to a game already waiting, e.g. a scenario)."""
        self.decision = None
        self._advance()

    # --- answering ------------------------------------------------------------------------------------------------
    def _illegal(self, msg: str) -> IllegalAction:
        d = self.decision
        if d is None:
            return IllegalAction(f"{msg}: the game is over ({self.result})")
        shown = ", ".join(str(o) for o in d.options[:40]) + (" …" if len(d.options) > 40 else "")
        return IllegalAction(f"{msg}: seat {d.seat} is to decide ({d.kind}, {d.context}); options: {shown}")

    def act(self, option: Option | str | dict[str, Any], seat: int | None = None) -> None:
        """Answer the pending decision (checked). ``seat``, if given, must be the deciding seat.

        Raises :class:`IllegalAction` (a ``ValueError``) with the state unchanged when the answer is malformed,
        not on offer, from the wrong seat, or comes after the game ended.
        """
        d = self.decision
        if d is None:
            raise self._illegal(f"no decision is pending, cannot take {quote(option)}")
        if seat is not None and (type(seat) is not int or seat != d.seat):
            raise self._illegal(f"seat {quote(seat)} may not answer now")
        if option is P_PASS:  # the commonest answer: the engine's own pass
            top = self.frames[-1]
            if type(top) is Window:
                # _apply's window case, inlined (a third of all the engine's calls otherwise). The pending decision
                # is the window's own priority question (the top frame asked it), which offers a pass first and is
                # asked of the seat holding priority
                self.history.append((top.prio, P_PASS))
                self.decision = None
                nd = top.pass_on(self)  # type: ignore[arg-type]  # self is the Game
                if nd is not None and not self._pending:
                    self.decision = nd
                    return
                if self._pending:
                    self._schedule()
                self._advance()
                return
        if type(option) is Option:  # the common case: one of the options offered, often the engine's own object
            legal = self._offered(d, option)
            if legal is not None:
                self._apply(d, legal)
                return
        if isinstance(option, Option):
            opt = option
        elif isinstance(option, str):
            try:
                opt = parse_option(option)
            except IllegalAction as exc:
                raise self._illegal(str(exc)) from None
        elif isinstance(option, dict):
            try:
                opt = Option.from_dict(option)
            except IllegalAction as exc:
                raise self._illegal(str(exc)) from None
        else:
            raise self._illegal(f"an answer must be an Option, a string or a dict, not {type(option).__name__}")
        legal = self._offered(d, opt)
        if legal is None:
            raise self._illegal(f"{quote(opt) if not well_typed(opt) else repr(str(opt))} is not a legal option")
        self._apply(d, legal)

    @staticmethod
    def _offered(d: Decision, option: Option) -> Option | None:
        """The engine's own option equal to ``option``, or None. A caller's option is never applied: only one whose
        fields have their exact types may match (``3.0`` and ``True`` compare equal to ``3`` and ``1``)."""
        for legal in d.options:
            if legal is option:
                return legal
        if not well_typed(option):
            return None
        try:
            return d.options[d.options.index(option)]
        except ValueError:
            return None

    def _apply(self, d: Decision, opt: Option) -> None:
        """Apply an option known to be legal (the unchecked fast path used by ``act``)."""
        self.history.append((d[0], opt))
        self.decision = None
        g: Game = self  # type: ignore[assignment]  # self.game without the property call (every decision)
        top = self.frames[-1]
        if opt[0] == PASS and type(top) is Window:
            # the common case, a pass in a response window (S-PRIO-3): straight to the next seat's decision
            nd = top.pass_on(g)
            if nd is not None and not self._pending:
                self.decision = nd
                return
        else:
            top.answer(g, opt)
        if self._pending:
            self._schedule()
        self._advance()

    def step(self, index: int) -> None:
        """Answer with the pending decision's option number ``index`` (for bots and benchmarks)."""
        d = self.decision
        if d is None:
            raise self._illegal(f"no decision is pending, cannot take option #{quote(index)}")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(d.options):
            raise self._illegal(f"option index {quote(index)} is out of range")
        self._apply(d, d.options[index])

    # --- events -------------------------------------------------------------------------------------------------
    def emit(self, e: Event) -> None:
        """Log ``e``, update what its audience knows, and collect the rules that want it; the triggers and the
        settling it needs are scheduled after the current step (see the module docstring)."""
        self.events.append(e)
        kind = e.kind
        learn = e.learner
        if learn is not None:
            learn(self, e)
        lst = self.listeners[kind]  # every kind is a key (State.__init__)
        if lst:
            g: Game = self  # type: ignore[assignment]  # self.game without the property call
            hits: list[Rule] | None = None  # a loop, not a comprehension: most events are wanted by no rule
            for r in lst:
                if r.wants(g, kind, e):
                    if hits is None:
                        hits = [r]
                    else:
                        hits.append(r)
            if hits is not None:
                if len(hits) > 1:
                    self._in_trig_order(hits)
                self._pending.append((len(self.frames), e, hits))
                return
        if e.settles:
            self._pending.append((len(self.frames), e, []))

    def _in_trig_order(self, hits: list[Rule]) -> None:
        """Sort triggered rules current player first, then counterclockwise (S-TRIG-1). Apart from ``emit`` so that
        its key's closure does not give ``emit`` cell variables to make on every event."""
        cur, n = self.current, self.n
        hits.sort(key=lambda r: (r.owner - cur) % n)

    def _schedule(self) -> bool:
        """Turn what was emitted during the last step into frames (the only place that does). True if any."""
        pending, self._pending = self._pending, []
        frames = self.frames
        inserted: list[tuple[int, int]] = []  # (depth, frames inserted) of the entries done so far
        for depth, e, hits in pending:
            new: list[Frame] = []
            if e.settles:
                new.append(Settle())
            if hits:
                new.append(Triggers(e, hits))
                if e.settles == DEATH_FIRST:
                    new.append(Settle(deaths_only=True))
            shift = 0
            for d, c in inserted:  # a loop, not a generator: no closure (cells) on every schedule
                if d <= depth:
                    shift += c
            pos = min(len(frames), depth + shift)
            frames[pos:pos] = new
            inserted.append((depth, len(new)))
        return bool(inserted)

    # --- frames pushed at a rule's request ------------------------------------------------------------------------
    def ask(
        self,
        seat: int,
        kind: str,
        options: tuple[Option, ...] | list[Option],
        then: Any,
        context: str = "",
        data: Any = None,
        private: bool = False,
    ) -> None:
        """Ask ``seat`` a question (a skill's choice); ``then(g, option, data)`` continues with the answer."""
        self.frames.append(Ask(seat, kind, tuple(options), then, context, data, private))

    def later(self, then: Any, data: Any = None) -> None:
        """Push a continuation: ``then(g, data)`` runs once everything pushed after this call is done."""
        self.frames.append(Continue(then, data))

    def declare(self, seat: int) -> None:
        """``seat`` declares victory (S-WIN-1): see :class:`fengsheng.flow.settle.Declaration`."""
        self.frames.append(Declaration(seat))

    def declaration(self) -> Declaration | None:
        """The declaration being resolved (the top-most on the stack), for skills that add a co-winner."""
        for f in reversed(self.frames):
            if isinstance(f, Declaration):
                return f
        return None
