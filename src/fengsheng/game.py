"""The game: a resumable machine made of plain data.

``Game.new(config, seed)`` deals a game; from then on it is always either over or waiting for exactly one
:class:`~fengsheng.core.options.Decision`. ``act(option)`` checks the answer against that decision (raising
:class:`~fengsheng.errors.IllegalAction` and changing nothing if it is not legal), applies it, and runs the game
forward to the next decision. All randomness comes from the game's own ``random.Random(seed)``.

The rules themselves live elsewhere, one home each: turn phases in ``flow/turn.py``, the passing steps in
``flow/passing.py``, windows and the stack in ``flow/window.py``, deaths and victory in ``flow/settle.py``, each card
in ``cards/<type>.py``, and victory conditions / skills as :class:`~fengsheng.rules.base.Rule` objects. This class
holds the state and the small primitives (draw, obtain, burn, kill, lose, declare) those modules share.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

from fengsheng.config import Config
from fengsheng.core.events import Event
from fengsheng.core.options import (
    P_DECLARE,
    P_PASS,
    PLAY,
    PRIORITY,
    Decision,
    Option,
    parse_option,
)
from fengsheng.core.state import Frame, Passing, Seat, Use
from fengsheng.errors import IllegalAction
from fengsheng.rules.base import HOOKS, Rule, overrides

RECORD_VERSION = 1
PASS_ONLY: tuple[Option, ...] = (P_PASS,)


class Game:
    """State and primitives of one game. See the module docstring and ``docs/engine.md``."""

    def __init__(self, config: Config, seed: int) -> None:
        """An empty table; use :meth:`new` (or the scenario builder) to get a game that is ready to play."""
        if not isinstance(seed, int):
            raise IllegalAction(f"seed must be an integer, not {type(seed).__name__}")
        self.config = config
        self.edition = ed = config.edition_rules
        self.handlers = ed.handlers
        self.card_type = ed.card_type  # per-card-id tables of the edition (hot paths index them)
        self.is_black = ed.is_black
        self.card_colour = ed.card_colour
        self.characters = ed.characters(config.character_texts)
        self.seed = seed
        self.rng = random.Random(seed)
        self.n = config.players
        self.auto_pass = config.auto_pass
        self.seats: list[Seat] = [
            Seat(i, "", config.player_sexes[i] if config.player_sexes else "") for i in range(self.n)
        ]
        self.deck: list[int] = []  # top of the deck = end of the list
        self.discard: list[int] = []
        self.probes_out: list[int] = []  # resolved 试探, face down, out of the game (S-CARD-PROBE-5)
        self.table: list[int] = []  # face-down cards laid out by 真伪莫辨
        self.current = 0
        self.turn = 0
        self.phase = ""
        self.locks: list[int] = []  # players locked this turn (S-CARD-LOCK-1)
        self.failed_send = False
        self.passing: Passing | None = None
        self.frames: list[Frame] = []
        self.events: list[Event] = []
        self.history: list[tuple[int, Option]] = []  # (seat, option) of every answered decision
        self.result: dict[str, Any] | None = None
        self.in_game_count = self.n
        self._next = [(i + 1) % self.n for i in range(self.n)]
        self.uid = 0
        self.death_order: list[int] = []
        self.dying: list[int] = []  # seats whose death is being resolved (their death triggers are running)
        self.killers: list[int] = []  # killers[i] killed death_order[i] (-1 if nobody; may be the victim himself)
        self.intel_source: dict[int, int] = {}  # card id -> seat that sent it / placed it
        self.declarable: list[bool] = [False] * self.n
        self.static_declarable: list[bool] = [False] * self.n
        self.declined: set[int] = set()
        self._decision: Decision | None = None
        self.scenario: dict[str, Any] | None = None  # set when built by fengsheng.scenario
        # rules and their hook indexes
        self.rules: list[Rule] = []
        self.listeners: dict[str, list[Rule]] = {}
        self.action_rules: list[Rule] = []
        self.conversion_rules: list[Rule] = []
        self.permit_rules: list[Rule] = []
        self.draw_rules: list[Rule] = []
        self.conceal_rules: list[Rule] = []
        self.victory_rules: list[Rule] = []
        self.reaction_rules: list[Rule] = []
        self.loss_rules: list[Rule] = []
        self.direction_rules: list[Rule] = []
        # per-seat indexes for the hot path: skills are offered only to their owner
        self.seat_actions: list[list[Rule]] = [[] for _ in range(self.n)]
        self.seat_conversions: list[list[Rule]] = [[] for _ in range(self.n)]
        self.seat_live_victory: list[list[Rule]] = [[] for _ in range(self.n)]  # ``live_condition`` victory rules

    # ------------------------------------------------------------------------------------------------------
    # Construction
    # ------------------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, config: Config | None = None, seed: int = 0) -> Game:
        """Set up a new game (S-SETUP) and run it to its first decision."""
        from fengsheng.flow.setup import Setup

        g = cls(config or Config(), seed)
        g.frames.append(Setup())
        g._advance()
        return g

    def add_rule(self, rule: Rule) -> None:
        """Attach a rule to its owner and index it under the hooks it overrides.

        On a game already waiting for a decision (e.g. a scenario), the pending decision is derived again, so its
        options include what the new rule allows.
        """
        self.rules.append(rule)
        for kind in type(rule).listens:
            self.listeners.setdefault(kind, []).append(rule)
        index = {
            "actions": self.action_rules,
            "card_uses": self.conversion_rules,
            "permits": self.permit_rules,
            "draw_count": self.draw_rules,
            "may_conceal": self.conceal_rules,
            "can_declare": self.victory_rules,
            "react_to_declaration": self.reaction_rules,
            "loses": self.loss_rules,
            "send_directions": self.direction_rules,
        }
        for hook in HOOKS:
            if hook in index and overrides(rule, hook):
                index[hook].append(rule)
        if overrides(rule, "actions"):
            self.seat_actions[rule.owner].append(rule)
        if overrides(rule, "card_uses"):
            self.seat_conversions[rule.owner].append(rule)
        if rule.live_condition and overrides(rule, "can_declare"):
            self.seat_live_victory[rule.owner].append(rule)
        if self._decision is not None:
            self._decision = None
            self._advance()

    # ------------------------------------------------------------------------------------------------------
    # The decision protocol
    # ------------------------------------------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """The pending decision, or ``None`` when the game is over."""
        return self._decision

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_options(self) -> tuple[Option, ...]:
        d = self._decision
        return d.options if d is not None else ()

    def _advance(self) -> None:
        frames = self.frames
        while frames and self.result is None:
            d = frames[-1].run(self)
            if d is None:
                continue
            if d.kind != PRIORITY and len(d.options) == 1:
                frames[-1].answer(self, d.options[0])  # a forced move is automated (not recorded)
                continue
            self._decision = d
            return
        self._decision = None

    def _illegal(self, msg: str) -> IllegalAction:
        d = self._decision
        if d is None:
            return IllegalAction(f"{msg}: the game is over ({self.result})")
        shown = ", ".join(str(o) for o in d.options[:40]) + (" …" if len(d.options) > 40 else "")
        return IllegalAction(f"{msg}: seat {d.seat} is to decide ({d.kind}, {d.context}); options: {shown}")

    def act(self, option: Option | str | dict[str, Any], seat: int | None = None) -> None:
        """Answer the pending decision (checked). ``seat``, if given, must be the deciding seat.

        Raises :class:`IllegalAction` (a ``ValueError``) with the state unchanged when the answer is malformed,
        not on offer, from the wrong seat, or comes after the game ended.
        """
        d = self._decision
        if d is None:
            raise self._illegal(f"no decision is pending, cannot take {option!r}")
        if seat is not None and seat != d.seat:
            raise self._illegal(f"seat {seat} may not answer now")
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
        if opt not in d.options:
            raise self._illegal(f"{str(opt)!r} is not a legal option")
        self._apply(d, opt)

    def _apply(self, d: Decision, opt: Option) -> None:
        """Apply an option known to be legal (the unchecked fast path used by ``act``)."""
        self.history.append((d.seat, opt))
        self._decision = None
        self.frames[-1].answer(self, opt)
        self._advance()

    def step(self, index: int) -> None:
        """Answer with the pending decision's option number ``index`` (for bots and benchmarks)."""
        d = self._decision
        if d is None:
            raise self._illegal(f"no decision is pending, cannot take option #{index}")
        if not isinstance(index, int) or not 0 <= index < len(d.options):
            raise self._illegal(f"option index {index!r} is out of range")
        self._apply(d, d.options[index])

    # ------------------------------------------------------------------------------------------------------
    # Seats and order
    # ------------------------------------------------------------------------------------------------------
    def next_in_game(self, seat: int) -> int:
        """The next seat counterclockwise (right-hand, A-1) that is still in the game."""
        return self._next[seat]

    def refresh_order(self) -> None:
        """Recompute the next-seat table; called whenever a seat leaves the game (death, loss, scenario)."""
        n = self.n
        seats = self.seats
        nxt = []
        for seat in range(n):
            for k in range(1, n + 1):
                s = (seat + k) % n
                if seats[s].in_game:
                    nxt.append(s)
                    break
            else:
                nxt.append(seat)
        self._next = nxt

    def trig_order(self) -> list[int]:
        """All seats, current player first, then counterclockwise (S-TRIG-1)."""
        cur, n = self.current, self.n
        return [(cur + k) % n for k in range(n)]

    # ------------------------------------------------------------------------------------------------------
    # Options
    # ------------------------------------------------------------------------------------------------------
    def priority_options(self, seat: int, win: Any) -> list[Option] | tuple[Option, ...]:
        """Everything ``seat`` may do holding priority in ``win``: pass, declare, cards, skills (S-PRIO-2)."""
        hand = self.seats[seat].hand
        allowed = self.edition.window_types[win.kind]
        card_type = self.card_type
        conv = self.seat_conversions[seat]
        actions = self.seat_actions[seat]
        declarable = self.can_declare_now(seat)
        if not (conv or declarable or actions):
            for c in hand:  # fast path: most seats hold nothing usable in most windows
                if card_type[c] in allowed:
                    break
            else:
                return PASS_ONLY
        opts = [P_PASS]
        if declarable:
            opts.append(P_DECLARE)
        if hand:
            cache: dict[str, list[tuple[int, int]]] = {}
            new = tuple.__new__
            for c in hand:
                uses = self.card_uses(seat, c) if conv else (card_type[c],)
                for u in uses:
                    if u not in allowed:
                        continue
                    tg = cache.get(u)
                    if tg is None:
                        h = self.handlers[u]
                        tg = cache[u] = h.targets(self, seat, win) if h.can_use(self, seat, win) else []
                    for t, r in tg:
                        opts.append(new(Option, (PLAY, c, u, t, r, "")))
        for rule in actions:
            opts.extend(rule.actions(self, seat, win))
        return opts

    def card_uses(self, seat: int, card: int) -> tuple[str, ...]:
        """What ``card`` may be used as by ``seat``: its own type plus conversions (S-CARD-LOCK-5)."""
        uses: tuple[str, ...] = (self.card_type[card],)
        for r in self.seat_conversions[seat]:
            extra = r.card_uses(self, card)
            if extra:
                uses += tuple(u for u in extra if u not in uses)
        return uses

    def permits(self, seat: int, use: str, win: Any) -> bool:
        return any(r.permits(self, seat, use, win) for r in self.permit_rules)

    def may_conceal(self, seat: int) -> bool:
        return any(r.may_conceal(self, seat) for r in self.conceal_rules)

    def draw_count(self, seat: int) -> int:
        n = self.edition.switches.draw_count  # S-TURN-4
        for r in self.draw_rules:
            n = r.draw_count(self, seat, n)
        return n

    def send_directions(self, seat: int, card: int) -> tuple[int, ...]:
        """Directions ``seat`` may send a 密电/文本 ``card`` in: counterclockwise (+1), or also clockwise (-1) with a
        skill such as 千面女郎's 逢缘 (S-METH-6, A-75)."""
        dirs: tuple[int, ...] = (1,)
        for r in self.direction_rules:
            if r.owner == seat:
                for d in r.send_directions(self, seat, card):
                    if d not in dirs:
                        dirs += (d,)
        return dirs

    def send_method(self, seat: int, card: int) -> str:
        """The transmission method of ``card`` sent by ``seat``: the stamp on the card (S-PASS-2)."""
        return self.edition.card_method[card]

    def send_options(self, seat: int) -> list[Option]:
        from fengsheng.flow.turn import send_options_default

        return send_options_default(self, seat)

    # ------------------------------------------------------------------------------------------------------
    # Uses
    # ------------------------------------------------------------------------------------------------------
    def use_card(self, seat: int, option: Option, win: Any) -> Use:
        """Take the card from the hand and put it on the stack as ``option.use`` (S-PRIO-3, S-PRIO-5)."""
        card = option.card
        self.seats[seat].hand.remove(card)
        self.uid += 1
        use = Use(self.uid, seat, card, option.use, option.target, option.ref)
        data: dict[str, Any] = {"seat": seat, "uid": use.uid, "use": use.use, "target": use.target, "ref": use.ref}
        if self.handlers[option.use].hidden:
            use.hidden = True
            self.events.append(Event("use", data, {"card": card}, (seat,)))
        else:
            data["card"] = card
            self.events.append(Event("use", data))
        return use

    def use_skill(self, seat: int, option: Option, win: Any) -> Use | None:
        """A skill option: the rule that offered it pays its costs and returns a Use for the stack (or None)."""
        for rule in self.seat_actions[seat]:
            if option in rule.actions(self, seat, win):
                use = rule.play(self, option, win)
                if use is not None:
                    use.rule = rule
                return use
        raise AssertionError(f"no rule offers {option}")  # options are checked before they are applied

    def new_use(self, user: int, use: str, target: int = -1, ref: int = -1, card: int = -1) -> Use:
        """A fresh Use with the next uid (for skills)."""
        self.uid += 1
        return Use(self.uid, user, card, use, target, ref)

    def resolve_use(self, use: Use, win: Any) -> None:
        if use.rule is not None:
            use.rule.resolve(self, use)
        else:
            self.handlers[use.use].resolve(self, use, win)

    def dispose_use(self, use: Use) -> None:
        if use.card >= 0:
            self.handlers[use.use].dispose(self, use)

    # ------------------------------------------------------------------------------------------------------
    # Primitives shared by the rules
    # ------------------------------------------------------------------------------------------------------
    def take_from_deck(self, count: int) -> list[int]:
        """Up to ``count`` cards from the top of the deck, reshuffling the discard pile into a new deck whenever the
        deck runs out (S-TURN-5). With both empty, fewer (possibly none) are taken (S-TURN-6, A-7)."""
        got: list[int] = []
        deck = self.deck
        for _ in range(count):
            if not deck:
                if not self.discard:
                    break
                deck.extend(self.discard)
                self.discard.clear()
                self.rng.shuffle(deck)
                self.events.append(Event("reshuffle", {"count": len(deck)}))
            got.append(deck.pop())
        return got

    def draw(self, seat: int, count: int) -> list[int]:
        got = self.take_from_deck(count)
        self.seats[seat].hand.extend(got)
        self.events.append(Event("draw", {"seat": seat, "count": len(got)}, {"cards": got}, (seat,)))
        return got

    def obtain(self, seat: int, card: int, source: int, how: str) -> None:
        """``seat`` obtains ``card`` as intelligence, face up (S-TERM-3); then deaths and declarations settle."""
        from fengsheng.flow.settle import Settle

        self.seats[seat].intel.append(card)
        self.intel_source[card] = source
        self.events.append(Event("obtain", {"seat": seat, "card": card, "how": how, "source": source}))
        self.frames.append(Settle())
        data = {"seat": seat, "card": card, "how": how, "source": source}
        if self.fire("obtained", data):
            self.frames.append(Settle(deaths_only=True))  # death is immediate (S-DEATH-3)

    def take_transit(self, seat: int, how: str) -> None:
        """``seat`` obtains the intelligence being passed (accepted, forced or intercepted); the pass is over."""
        p = self.passing
        assert p is not None and not p.finished
        p.finished = True
        self.obtain(seat, p.card, p.sender, how)

    def burn_intel(self, seat: int, card: int, by: int) -> None:
        """Move one intelligence from in front of ``seat`` to the discard pile (S-TERM-10)."""
        from fengsheng.flow.settle import Settle

        self.seats[seat].intel.remove(card)
        self.discard.append(card)
        self.events.append(Event("burned", {"seat": seat, "card": card, "by": by}))
        self.frames.append(Settle())
        self.fire("burned", {"seat": seat, "card": card, "by": by})

    def ask(
        self,
        seat: int,
        kind: str,
        options: tuple[Option, ...] | list[Option],
        then: Any,
        context: str = "",
        data: dict[str, Any] | None = None,
        private: bool = False,
    ) -> None:
        """Ask ``seat`` a question (a skill's choice); ``then(g, option, data)`` continues with the answer."""
        from fengsheng.flow.ask import Ask

        self.frames.append(Ask(seat, kind, tuple(options), then, context, data, private))

    def later(self, then: Any, data: dict[str, Any] | None = None) -> None:
        """Push a continuation: ``then(g, data)`` runs once everything pushed after this call is done."""
        from fengsheng.flow.ask import Continue

        self.frames.append(Continue(then, data))

    def flip(self, seat: int) -> None:
        """Turn ``seat``'s face-down character face up (翻开, S-TERM-9): its skills and sex apply from now on."""
        s = self.seats[seat]
        assert s.character is not None and not s.face_up
        s.face_up = True
        self.events.append(Event("flip", {"seat": seat, "character": s.character}))
        self.fire("flipped", {"seat": seat, "character": s.character})

    def cover(self, seat: int) -> None:
        """Turn ``seat``'s face-up character face down (盖伏, S-TERM-8): it loses its skills and sex (S-CHAR-2..4)."""
        s = self.seats[seat]
        assert s.character is not None and s.face_up
        s.face_up = False
        self.events.append(Event("cover", {"seat": seat, "character": s.character}))
        self.fire("covered", {"seat": seat, "character": s.character})

    def reveal_identity(self, seat: int) -> None:
        """翻开你的身份牌 (S-ID-5): the identity becomes public."""
        s = self.seats[seat]
        s.identity_revealed = True
        self.events.append(Event("identity_revealed", {"seat": seat, "identity": s.identity}))

    def inspect_transit(self, seat: int) -> None:
        """``seat`` looks at the intelligence in transit (检视, S-TERM-7): only he sees it."""
        p = self.passing
        assert p is not None and not p.finished
        if seat not in p.seen:
            p.seen.append(seat)
        self.events.append(Event("inspected", {"seat": seat}, {"card": p.card}, (seat,)))

    def move_intel(self, from_seat: int, card: int, to_seat: int, by: int) -> None:
        """Move an intelligence from in front of one player to another (e.g. 黑手's 冷血, 小白's 收买). It is obtained
        by ``to_seat``; ``by`` counts as its source (the killer if it is a fatal false card, A-48)."""
        self.seats[from_seat].intel.remove(card)
        self.events.append(Event("intel_moved", {"from": from_seat, "to": to_seat, "card": card, "by": by}))
        self.obtain(to_seat, card, source=by, how="skill")

    def intel_to_hand(self, from_seat: int, card: int, to_seat: int, by: int) -> None:
        """Put an intelligence from in front of ``from_seat`` into ``to_seat``'s hand (e.g. 潮汐's 时差)."""
        from fengsheng.flow.settle import Settle

        self.seats[from_seat].intel.remove(card)
        self.seats[to_seat].hand.append(card)
        self.events.append(Event("intel_to_hand", {"from": from_seat, "to": to_seat, "card": card, "by": by}))
        self.frames.append(Settle())

    def put_on_deck(self, seat: int, card: int) -> None:
        """``seat`` puts a card from his hand face down on top of the deck (only he knows which)."""
        self.seats[seat].hand.remove(card)
        self.deck.append(card)
        self.events.append(Event("to_deck", {"seat": seat}, {"card": card}, (seat,)))

    def intel_to_deck(self, from_seat: int, card: int, by: int) -> None:
        """Put an intelligence (face up, so public) back on top of the deck (e.g. 黄雀's 潜藏伏击)."""
        from fengsheng.flow.settle import Settle

        self.seats[from_seat].intel.remove(card)
        self.deck.append(card)
        self.events.append(Event("intel_to_deck", {"from": from_seat, "card": card, "by": by}))
        self.frames.append(Settle())

    def reveal_top(self, seat: int) -> int | None:
        """Show the top card of the deck to everyone and leave it there (e.g. 黑玫瑰). An empty deck is refilled from
        the discard pile first (S-TURN-5); with both empty, nothing is shown (A-7)."""
        got = self.take_from_deck(1)
        if not got:
            self.events.append(Event("top_revealed", {"seat": seat, "card": None}))
            return None
        self.deck.append(got[0])
        self.events.append(Event("top_revealed", {"seat": seat, "card": got[0]}))
        return got[0]

    def killer_of(self, seat: int) -> int:
        """Who put the fatal false intelligence in front of ``seat`` (A-48); -1 if unknown."""
        for c in reversed(self.seats[seat].intel):
            if self.is_black[c]:
                return self.intel_source.get(c, -1)
        return -1

    def _remove_from_play(self, seat: int) -> None:
        """S-DEATH-4 / S-LOSE-3: all his game cards to the discard pile; his character and identity revealed."""
        s = self.seats[seat]
        self.discard.extend(s.hand)
        self.discard.extend(s.intel)
        s.hand.clear()
        s.intel.clear()
        s.identity_revealed = True
        if s.character is not None:
            s.face_up = True
        self.in_game_count -= 1
        self.declarable[seat] = False
        self.refresh_order()

    def kill(self, seat: int) -> None:
        """The player dies (S-DEATH); death triggers have already run. His place in the order of deaths and his killer
        were recorded when his death began (R-13); a player killed outside a Death frame is added now."""
        if seat in self.death_order:
            order = self.death_order.index(seat) + 1
            killer = self.killers[order - 1]
        else:
            killer = self.killer_of(seat)
            self.death_order.append(seat)
            self.killers.append(killer)
            order = len(self.death_order)
        s = self.seats[seat]
        s.alive = False
        self._remove_from_play(seat)
        self.events.append(
            Event(
                "died",
                {
                    "seat": seat,
                    "identity": s.identity,
                    "character": s.character,
                    "killer": killer,
                    "order": order,
                },
            )
        )
        self.fire("died", {"seat": seat, "killer": killer, "order": order})

    def lose(self, seat: int, why: str) -> None:
        """The player loses (S-LOSE): not a death, so no death triggers (S-LOSE-2)."""
        from fengsheng.flow.settle import Settle

        s = self.seats[seat]
        s.lost = True
        self._remove_from_play(seat)
        self.events.append(Event("lost", {"seat": seat, "identity": s.identity, "character": s.character, "why": why}))
        self.frames.append(Settle())

    def fire(self, kind: str, data: dict[str, Any]) -> bool:
        """Fire an event at the rules listening for it; those that want it run in S-TRIG order. True if any."""
        lst = self.listeners.get(kind)
        if not lst:
            return False
        hits = [r for r in lst if r.wants(self, kind, data)]
        if not hits:
            return False
        from fengsheng.flow.settle import Triggers

        cur, n = self.current, self.n
        hits.sort(key=lambda r: (r.owner - cur) % n)
        self.frames.append(Triggers(kind, data, hits))
        return True

    # ------------------------------------------------------------------------------------------------------
    # Victory
    # ------------------------------------------------------------------------------------------------------
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
        if self.seats[seat].lost:
            return False
        return any(r.can_declare(self) for r in live)

    def refresh_declarable(self) -> None:
        decl = [False] * self.n
        static = [False] * self.n  # by the rules that only change when intelligence settles
        seats = self.seats
        for r in self.victory_rules:
            o = r.owner
            # A-27(b), A-37: a player who has lost never wins (a dead one may, through a mission about his death)
            if seats[o].lost or (decl[o] and (static[o] or r.live_condition)):
                continue
            if r.can_declare(self):
                decl[o] = True
                if not r.live_condition:
                    static[o] = True
        self.declarable = decl
        self.static_declarable = static
        self.declined = {s for s in self.declined if decl[s]}

    def declare(self, seat: int) -> None:
        """``seat`` declares victory (S-WIN-1): see :class:`fengsheng.flow.settle.Declaration`."""
        from fengsheng.flow.settle import Declaration

        self.frames.append(Declaration(seat))

    def end_last_standing(self) -> None:
        """S-WIN-8 / A-28: the one player left wins; if nobody is left, nobody wins.

        If the survivor also meets a victory condition, he wins through it (R-12): his faction, dead teammates
        included (A-27), wins with him.
        """
        left = [s.index for s in self.seats if s.in_game]
        if len(left) == 1:
            self.refresh_declarable()
            if self.declarable[left[0]]:
                self.declare(left[0])
                return
            self.finish(left, "last_standing")
        else:
            self.finish([], "nobody_left")

    def finish(self, winners: list[int], reason: str, **info: Any) -> None:
        from fengsheng.core.cards import BYSTANDER, MILITARY_INTEL, UNDERGROUND

        factions = sorted({self.seats[w].identity for w in winners}, key=[UNDERGROUND, MILITARY_INTEL, BYSTANDER].index)
        self.result = {"winners": winners, "reason": reason, "factions": factions, "turns": self.turn, **info}
        for s in self.seats:
            s.identity_revealed = True
        self.events.append(Event("game_over", {**self.result, "identities": [s.identity for s in self.seats]}))
        self._decision = None  # the frames stay as they were: cards still on the stack are not lost

    # ------------------------------------------------------------------------------------------------------
    # Views, records, copies
    # ------------------------------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know, as a JSON-able dict (``None`` = a spectator). See ``fengsheng.views``."""
        from fengsheng.views import view

        return view(self, seat)

    def events_for(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The event log from ``start`` as ``seat`` saw it (private parts only for their audience)."""
        return [e.for_seat(seat) for e in self.events[start:]]

    def record(self) -> dict[str, Any]:
        """A JSON-able record: config, seed and every answered decision. ``fengsheng.record.replay`` re-runs it."""
        return {
            "version": RECORD_VERSION,
            "edition": self.config.edition,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "scenario": self.scenario,
            "decisions": [[s, str(o)] for s, o in self.history],
            "result": self.result,
            "digest": self.digest(),
        }

    def digest(self) -> str:
        """A fingerprint of the full event log (for replay checks)."""
        import hashlib
        import json

        h = hashlib.sha256()
        for e in self.events:
            h.update(json.dumps(e.full(), sort_keys=True, ensure_ascii=False).encode())
        return h.hexdigest()[:32]

    def copy(self) -> Game:
        """An independent copy (a pickle round trip, about 3x faster than ``copy.deepcopy``)."""
        try:
            clone: Game = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        except (pickle.PicklingError, AttributeError, TypeError):  # e.g. a rule class defined inside a function
            clone = copy.deepcopy(self)
        return clone

    def __repr__(self) -> str:
        d = self._decision
        where = f"waiting on seat {d.seat} ({d.kind})" if d else f"over: {self.result}"
        return f"<Game {self.n}p seed={self.seed} turn={self.turn} {where}>"
