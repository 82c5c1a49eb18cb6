"""The rule index: which rules take part in which hook, per seat, and the questions the engine asks it.

A rule takes part in a hook when its class overrides the hook's method (``rules/base.py``); a game without characters
pays nothing for the hooks it does not use. The questions: the options a seat holding priority has (S-PRIO-2),
what a card may be used as (S-CARD-LOCK-5), permissions (S-PRIO-1), the draw count (S-TURN-4), send directions
(S-METH-6), 城府 (S-CARD-PROBE-7), and who may declare victory now (A-35).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.core.cards import BYSTANDER, DIRECT, SEND_DIRECT
from fengsheng.core.options import P_DECLARE, P_PASS, PASS_ONLY, PLAY, Option
from fengsheng.engine.machine import Machine
from fengsheng.flow.passing import send_options_default
from fengsheng.rules.base import HOOKS, Rule, overrides

if TYPE_CHECKING:
    from fengsheng.game import Game

NO_RULES: list[Rule] = []
"""The empty index of a plain seat (never appended to)."""


_HOOK_LISTS = {
    "actions": "action_rules",
    "card_uses": "conversion_rules",
    "permits": "permit_rules",
    "draw_count": "draw_rules",
    "may_conceal": "conceal_rules",
    "can_declare": "victory_rules",
    "react_to_declaration": "reaction_rules",
    "loses": "loss_rules",
    "send_directions": "direction_rules",
}
"""Hook -> the game's list of the rules that override it."""

_PLANS: dict[type[Rule], tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {}


def _plan(cls: type[Rule]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Where a rule of class ``cls`` is indexed: the event kinds it listens to, the game's hook lists and its
    owner's per-seat lists. Known per class once asked (classes do not change; every game's setup indexes some
    twenty rules)."""
    plan = _PLANS.get(cls)
    if plan is None:
        lists = tuple(_HOOK_LISTS[h] for h in HOOKS if h in _HOOK_LISTS and overrides(cls, h))
        seat: list[str] = []
        if overrides(cls, "actions"):
            seat.append("seat_actions")
        if overrides(cls, "card_uses"):
            seat.append("seat_conversions")
        if cls.live_condition and overrides(cls, "can_declare"):
            seat.append("seat_live_victory")
        plan = _PLANS[cls] = (tuple(cls.listens), lists, tuple(seat))
    return plan


class RuleIndex(Machine):
    """The rules of a game, indexed by hook (see the module docstring)."""

    __slots__ = ()

    def add_rule(self, rule: Rule) -> None:
        """Attach a rule to its owner and index it under the hooks it overrides.

        On a game already waiting for a decision (e.g. a scenario), the pending decision is derived again, so its
        options include what the new rule allows.
        """
        self.rules.append(rule)
        listens, lists, seat_lists = _plan(type(rule))
        listeners = self.listeners
        for kind in listens:
            lst = listeners.get(kind)
            if isinstance(lst, list):
                lst.append(rule)
            else:  # none yet (NO_LISTENERS)
                listeners[kind] = [rule]
        for name in lists:
            getattr(self, name).append(rule)
        owner = rule.owner
        for name in seat_lists:
            getattr(self, name)[owner].append(rule)
        self._replan(rule.owner)
        if self.decision is not None:
            self._rederive()

    def remove_rule(self, rule: Rule) -> None:
        """Unindex a rule from every hook list it was added to (the inverse of :meth:`add_rule`; rules are matched
        by identity). Frames already holding it (a trigger waiting to fire, a question it asked) are not touched.

        On a game waiting for a decision, the pending decision is derived again, as in :meth:`add_rule`.
        """

        def drop(lst: list[Rule]) -> None:
            lst[:] = [r for r in lst if r is not rule]

        drop(self.rules)
        for kind in type(rule).listens:
            lst = self.listeners.get(kind)
            if isinstance(lst, list):
                drop(lst)
        for lst in (
            self.action_rules,
            self.conversion_rules,
            self.permit_rules,
            self.draw_rules,
            self.conceal_rules,
            self.victory_rules,
            self.reaction_rules,
            self.loss_rules,
            self.direction_rules,
            self.seat_actions[rule.owner],
            self.seat_conversions[rule.owner],
            self.seat_live_victory[rule.owner],
        ):
            drop(lst)
        self._replan(rule.owner)
        if self.decision is not None:
            self._rederive()

    def _replan(self, seat: int) -> None:
        """Keep ``plain[seat]`` in step with the per-seat indexes, the seat's face and its identity: called when a rule
        is added or removed, a character flipped or covered, an identity given. A seat is plain (the priority fast
        path) when nothing but its hand and the settled ``declarable`` flag can offer more than a pass: no live
        mission that counts for it (a bystander's, ``Rule.bystander_only``, counts only where :meth:`counts_missions`),
        and no skill or conversion that can give anything with the face its character shows now (``Rule.face``)."""
        self.plain[seat] = False
        live = self.seat_live_victory[seat]
        if live and self.counts_missions(seat):
            return
        for r in live:
            if not r.bystander_only:
                return
        face = self.seats[seat].face_up
        for lst in (self.seat_actions[seat], self.seat_conversions[seat]):
            for r in lst:
                if r.face is None or r.face is face:
                    return
        self.plain[seat] = True

    def counts_missions(self, seat: int) -> bool:
        """Whether a bystander's mission counts for ``seat``: he is a bystander (S-ID-4), or every mission counts
        (Q-MODE-3). ``BystanderMission.can_declare``'s first test; the index applies it without calling the rule."""
        return self.seats[seat].identity == BYSTANDER or self.missions_for_all

    def priority_options(self, seat: int, win: Any) -> list[Option] | tuple[Option, ...]:
        """Everything ``seat`` may do holding priority in ``win``: pass, declare, cards, skills (S-PRIO-2)."""
        s = self.seats[seat]
        hand = s.hand
        # the cards the seat may use here by their own text (Edition.role_cards), or all the window's where a rule
        # may give a permission against a card's timing (S-PRIO-1)
        if self.permit_rules:
            cards = self.window_cards[win.kind]
        else:
            roles = self.role_cards[win.kind][seat == self.current]
            cards = roles[1] if win.stack else roles[0]
        none_usable = cards.isdisjoint(hand)  # no card of the hand may be used here as its own type
        if self.plain[seat]:  # no live mission, no skill or conversion of its face: only the hand and the flags
            declarable = self.declarable[seat]
            if none_usable and not declarable:
                return PASS_ONLY  # the fast path: most seats hold nothing usable in most windows
            conv = actions = NO_RULES
        else:
            conv = self.seat_conversions[seat]
            if conv:  # asked card by card below only if one of them may add a use this seat may make here
                kind = win.kind
                if self.permit_rules:
                    types = self.window_types[kind]
                else:
                    types = self.edition.role_types[kind][seat == self.current][1 if win.stack else 0]
                face = s.face_up
                for rule in conv:
                    f = rule.face
                    adds = rule.converts_to
                    if (f is None or f is face) and (adds is None or not adds.isdisjoint(types)):
                        break
                else:
                    conv = NO_RULES
            actions = self.seat_actions[seat]
            # can_declare_now's own first test, inlined: this runs for every priority decision
            declarable = self.can_declare_now(seat) if self.seat_live_victory[seat] else self.declarable[seat]
            if none_usable and not (conv or declarable or actions):
                return PASS_ONLY
        g: Game = self  # type: ignore[assignment]  # self.game without the property call (a hot path)
        opts = [P_PASS, P_DECLARE] if declarable else [P_PASS]
        if conv or not none_usable:
            allowed = self.window_types[win.kind]
            card_type = self.card_type
            handlers = self.handlers
            permit = self.permit_rules
            new = tuple.__new__
            targets: dict[str, list[tuple[int, int]]] = {}  # per use: the same for every card of that use
            for c in hand:
                if conv:
                    uses = self.card_uses(seat, c)
                elif c in cards:
                    uses = (card_type[c],)
                else:
                    continue
                for u in uses:
                    if u not in allowed:
                        continue
                    if u in targets:  # ``in`` and an index: no method call (targets.get) per card
                        tg = targets[u]
                    else:
                        h = handlers[u]
                        # h.can_use inlined: the card's own conditions, or a rule's permission (S-PRIO-1)
                        usable = h.allowed(g, seat, win) or (bool(permit) and self.permits(seat, u, win))
                        tg = targets[u] = h.targets(g, seat, win) if usable else []
                    for t, r in tg:
                        opts.append(new(Option, (PLAY, c, u, t, r, "")))
        if actions:
            face = s.face_up
            for rule in actions:
                f = rule.face
                if f is None or f is face:  # the other face offers nothing (Rule.face): no call
                    got = rule.actions(g, seat, win)
                    if got:
                        opts.extend(got)
        # only ``pass`` after all (a skill not usable now, a card without a target): the shared tuple, so that the
        # window asks with its prebuilt pass-only decision instead of building one
        return opts if len(opts) > 1 else PASS_ONLY

    def card_uses(self, seat: int, card: int) -> tuple[str, ...]:
        """What ``card`` may be used as by ``seat``: its own type plus conversions (S-CARD-LOCK-5)."""
        uses: tuple[str, ...] = (self.card_type[card],)
        g: Game = self  # type: ignore[assignment]  # self.game without the property call (every card, every window)
        for r in self.seat_conversions[seat]:
            extra = r.card_uses(g, card)
            if extra:
                before = uses
                for u in extra:  # a loop, not a generator: asked for every card in hand in every window
                    if u not in before:
                        uses += (u,)
        return uses

    def permits(self, seat: int, use: str, win: Any) -> bool:
        """Whether a rule lets ``seat`` use ``use`` in ``win`` against the card's own timing (S-PRIO-1)."""
        g: Game = self  # type: ignore[assignment]  # self.game without the property call (asked per card use)
        for r in self.permit_rules:  # noqa: SIM110  (a loop: no generator on the priority path)
            if r.permits(g, seat, use, win):
                return True
        return False

    def may_conceal(self, seat: int) -> bool:
        g: Game = self  # type: ignore[assignment]  # self.game without the property call
        for r in self.conceal_rules:  # noqa: SIM110  (a loop: no generator per 试探 answered)
            if r.may_conceal(g, seat):
                return True
        return False

    def draw_count(self, seat: int) -> int:
        n = self.edition.switches.draw_count  # S-TURN-4
        g: Game = self  # type: ignore[assignment]  # self.game without the property call
        for r in self.draw_rules:
            n = r.draw_count(g, seat, n)
        return n

    def send_directions(self, seat: int, card: int) -> tuple[int, ...]:
        """Directions ``seat`` may send a 密电/文本 ``card`` in: counterclockwise (+1), or also clockwise (-1) with a
        skill such as 千面女郎's 逢缘 (S-METH-6, A-75)."""
        dirs: tuple[int, ...] = (1,)
        for r in self.direction_rules:
            if r.owner == seat:
                for d in r.send_directions(self, seat, card):  # type: ignore[arg-type]  # self is the Game
                    if d not in dirs:
                        dirs += (d,)
        return dirs

    def send_method(self, seat: int, card: int) -> str:
        """The transmission method of ``card`` sent by ``seat``: the stamp on the card (S-PASS-2), or 直达 where a
        rule permits ``SEND_DIRECT`` (千智风声 千金小姐's 香氣傳達)."""
        if self.permit_rules and self.permits(seat, SEND_DIRECT, None):
            return DIRECT
        return self.edition.card_method[card]

    def send_options(self, seat: int) -> list[Option]:
        return send_options_default(self, seat)  # type: ignore[arg-type]  # self is the Game (no property call)

    # --- victory --------------------------------------------------------------------------------------------------
    def can_declare_now(self, seat: int) -> bool:
        """Whether ``seat`` may declare victory now (A-35): what windows offer and views show. The flags of the last
        ``refresh_declarable`` (run whenever intelligence settles) hold, except that a ``live_condition`` rule (the
        secret missions: some are on the hand, 老金 贝雷帽 怪盗阿十, and change with no ``Settle``, by a draw or a card
        used) is checked live."""
        live = self.seat_live_victory[seat]
        if not live:
            return self.declarable[seat]
        if self.static_declarable[seat]:
            return True
        s = self.seats[seat]
        if not s.in_game and s.lost:  # a player who lost is out of the game: the slot first, the property then
            return False
        g: Game = self  # type: ignore[assignment]  # self.game without the property call (every priority decision)
        counts = self.counts_missions(seat)
        for r in live:  # noqa: SIM110  (a loop: no generator on every priority decision)
            if (counts or not r.bystander_only) and r.can_declare(g):  # BystanderMission's first test, no call
                return True
        return False

    def refresh_declarable(self) -> None:
        decl = [False] * self.n
        static = [False] * self.n  # by the rules that only change when intelligence settles
        seats = self.seats
        g: Game = self  # type: ignore[assignment]  # self.game without the property call (every settle)
        any_mission = self.missions_for_all
        for r in self.victory_rules:
            o = r.owner
            s = seats[o]
            # A-27(b), A-37: a player who has lost never wins (a dead one may, through a mission about his death);
            # lost implies out of the game, so the ``in_game`` slot is read first and the ``lost`` property only then
            if (not s.in_game and s.lost) or (decl[o] and (static[o] or r.live_condition)):
                continue
            if r.bystander_only and s.identity != BYSTANDER and not any_mission:
                continue  # counts_missions inlined (once per rule at every settle): the mission is not called
            if r.can_declare(g):
                decl[o] = True
                if not r.live_condition:
                    static[o] = True
        self.declarable = decl
        self.static_declarable = static
        if self.declined:  # mostly nobody has declined: nothing to filter
            self.declined = self._still_declined(decl)

    def _still_declined(self, decl: list[bool]) -> set[int]:
        """The seats that declined and may still declare (apart from ``refresh_declarable``, so that this
        comprehension's closure gives it no cell variables to make on every settle)."""
        return {s for s in self.declined if decl[s]}
