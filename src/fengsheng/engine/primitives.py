"""The state changes the rules share. Each changes the state and emits its event; none pushes a frame (the machine
schedules the triggers and settling an event needs, see ``engine/machine.py``). Where a primitive carries a rule of
its own, the rule lives in the module its id names and the primitive calls it: the reshuffle in ``flow/turn.py``
(S-TURN-5), removal from play in ``flow/settle.py`` (S-DEATH-4, S-LOSE-3).

The terms as state changes: a hand (draw, S-TERM-1); intelligence, face up in front of its owner and never in a hand
(obtain, S-INTEL-2, S-TERM-2, S-TERM-3); show (reveal_top, S-TERM-6), inspect (inspect_transit, S-TERM-7), cover,
flip and burn (S-TERM-8..10); death, and losing, which is not death (kill, lose, S-TERM-17); a player's killer is
whoever put his fatal false intelligence in front of him (killer_of, A-48; the characters count a kill by one's own
hand, S-TERM-19).

Implements: S-INTEL-2, S-TERM-1..3, S-TERM-6..10, S-TERM-17, S-TERM-19.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from fengsheng.core.cards import NO_IDENTITY
from fengsheng.core.events import (
    PUBLIC,
    Burned,
    Covered,
    Died,
    Drew,
    Flipped,
    GameOver,
    IdentityRevealed,
    IdentityTaken,
    Inspected,
    IntelMoved,
    IntelToDeck,
    IntelToHand,
    Lost,
    Obtained,
    PutOnDeck,
    TopRevealed,
    Used,
)
from fengsheng.core.state import Use
from fengsheng.engine.index import RuleIndex
from fengsheng.flow.turn import take_from_deck

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.game import Game


class Primitives(RuleIndex):
    """Draw, obtain, burn, move cards, flip and cover characters, kill, lose, finish (see the module docstring)."""

    __slots__ = ()

    # --- uses -----------------------------------------------------------------------------------------------------
    def use_card(self, seat: int, option: Option, win: Any) -> Use:
        """Take the card from the hand and put it on the stack as ``option.use`` (S-PRIO-3, S-PRIO-5)."""
        card = option.card
        self.seats[seat].hand.remove(card)
        self.uid += 1
        use = Use(self.uid, seat, card, option.use, option.target, option.ref)
        if self.handlers[option.use].hidden:
            use.hidden = True
        self.emit(Used(seat, use.uid, use.use, use.target, use.ref, card, (seat,) if use.hidden else PUBLIC))
        return use

    def use_skill(self, seat: int, option: Option, win: Any) -> Use | None:
        """A skill option: the rule that offered it pays its costs and returns a Use for the stack (or None)."""
        g: Game = self  # type: ignore[assignment]  # self.game without the property call
        for rule in self.seat_actions[seat]:
            if option in rule.actions(g, seat, win):
                use = rule.play(g, option, win)
                if use is not None:
                    use.rule = rule
                return use
        raise AssertionError(f"no rule offers {option}")  # options are checked before they are applied

    def new_use(self, user: int, use: str, target: int = -1, ref: int = -1, card: int = -1) -> Use:
        """A fresh Use with the next uid (for skills)."""
        self.uid += 1
        return Use(self.uid, user, card, use, target, ref)

    def resolve_use(self, use: Use, win: Any) -> None:
        g: Game = self  # type: ignore[assignment]  # self.game without the property call (every use resolved)
        if use.rule is not None:
            use.rule.resolve(g, use)
        else:
            self.handlers[use.use].resolve(g, use, win)

    def dispose_use(self, use: Use) -> None:
        if use.card >= 0:
            self.handlers[use.use].dispose(self, use)  # type: ignore[arg-type]  # self is the Game (no property call)

    # --- cards ----------------------------------------------------------------------------------------------------
    def take_from_deck(self, count: int) -> list[int]:
        """Up to ``count`` cards from the top of the deck (see ``flow/turn.py``: S-TURN-5, S-TURN-6)."""
        return take_from_deck(self, count)  # type: ignore[arg-type]  # self is the Game (no property call)

    def draw(self, seat: int, count: int) -> list[int]:
        got = self.take_from_deck(count)
        self.seats[seat].hand.extend(got)
        self.emit(Drew(seat, len(got), got, (seat,)))
        return got

    def obtain(self, seat: int, card: int, source: int, how: str) -> None:
        """``seat`` obtains ``card`` as intelligence, face up (S-TERM-3); deaths and declarations then settle."""
        self.seats[seat].intel.append(card)
        self.intel_source[card] = source
        self.emit(Obtained(seat, card, how, source))

    def take_transit(self, seat: int, how: str) -> None:
        """``seat`` obtains the intelligence being passed (accepted, forced or intercepted); the pass is over."""
        p = self.passing
        assert p is not None and not p.finished
        p.finished = True
        self.obtain(seat, p.card, p.sender, how)

    def burn_intel(self, seat: int, card: int, by: int) -> None:
        """Move one intelligence from in front of ``seat`` to the discard pile (S-TERM-10)."""
        self.seats[seat].intel.remove(card)
        self.discard.append(card)
        self.emit(Burned(seat, card, by))

    def move_intel(self, from_seat: int, card: int, to_seat: int, by: int) -> None:
        """Move an intelligence from in front of one player to another (e.g. 黑手's 冷血, 小白's 收买). It is obtained
        by ``to_seat``; ``by`` counts as its source (the killer if it is a fatal false card, A-48)."""
        self.seats[from_seat].intel.remove(card)
        self.emit(IntelMoved(from_seat, to_seat, card, by))
        self.obtain(to_seat, card, source=by, how="skill")

    def intel_to_hand(self, from_seat: int, card: int, to_seat: int, by: int) -> None:
        """Put an intelligence from in front of ``from_seat`` into ``to_seat``'s hand (e.g. 潮汐's 时差)."""
        self.seats[from_seat].intel.remove(card)
        self.seats[to_seat].hand.append(card)
        self.emit(IntelToHand(from_seat, to_seat, card, by))

    def put_on_deck(self, seat: int, card: int) -> None:
        """``seat`` puts a card from his hand face down on top of the deck (only he knows which)."""
        self.seats[seat].hand.remove(card)
        self.deck.append(card)
        self.emit(PutOnDeck(seat, card, (seat,)))

    def intel_to_deck(self, from_seat: int, card: int, by: int) -> None:
        """Put an intelligence (face up, so public) back on top of the deck (e.g. 黄雀's 潜藏伏击)."""
        self.seats[from_seat].intel.remove(card)
        self.deck.append(card)
        self.emit(IntelToDeck(from_seat, card, by))

    def reveal_top(self, seat: int) -> int | None:
        """Show the top card of the deck to everyone and leave it there (e.g. 黑玫瑰). An empty deck is refilled from
        the discard pile first (S-TURN-5); with both empty, nothing is shown (A-7)."""
        from fengsheng.flow.turn import refill_deck

        refill_deck(self.game)  # the card is shown, not taken: the deck does not run out
        if not self.deck:
            self.emit(TopRevealed(seat, None))
            return None
        top = self.deck[-1]
        self.emit(TopRevealed(seat, top))
        return top

    def inspect_transit(self, seat: int) -> None:
        """``seat`` looks at the intelligence in transit (检视, S-TERM-7): only he sees it."""
        p = self.passing
        assert p is not None and not p.finished
        if seat not in p.seen:
            p.seen.append(seat)
        self.emit(Inspected(seat, p.card, (seat,)))

    # --- characters and identities ----------------------------------------------------------------------------------
    def flip(self, seat: int) -> None:
        """Turn ``seat``'s face-down character face up (翻开, S-TERM-9): its skills and sex apply from now on."""
        s = self.seats[seat]
        assert s.character is not None and not s.face_up
        s.face_up = True
        self._replan(seat)
        self.emit(Flipped(seat, s.character))

    def cover(self, seat: int) -> None:
        """Turn ``seat``'s face-up character face down (盖伏, S-TERM-8): it loses its skills and sex (S-CHAR-2..4)."""
        s = self.seats[seat]
        assert s.character is not None and s.face_up
        s.face_up = False
        self._replan(seat)
        self.emit(Covered(seat, s.character))

    def reveal_identity(self, seat: int) -> None:
        """翻开你的身份牌 (S-ID-5): the identity becomes public."""
        s = self.seats[seat]
        s.identity_revealed = True
        self.emit(IdentityRevealed(seat, s.identity))

    def take_identity(self, taker: int, giver: int) -> None:
        """``taker`` puts his identity card out of the game face down and takes ``giver``'s (致命香水's 臨危受命,
        A-91): the victory rule of the card comes with it; ``giver`` holds none from then on (``NO_IDENTITY``). Only
        ``taker`` sees the two cards; what each seat knew of them follows the cards (``engine/knowledge.py``)."""
        me, other = self.seats[taker], self.seats[giver]
        old, new = me.identity, other.identity
        rules = self.identity_rules
        for seat, ident in ((taker, old), (giver, new)):
            cls = rules.get(ident)
            for r in [r for r in self.rules if r.owner == seat and cls is not None and type(r) is cls]:
                self.remove_rule(r)
        out = len(self.identity_out)
        shown = me.identity_revealed
        self.identity_out.append(old)
        self.identity_moves.append((len(self.events), taker, giver, shown))
        me.identity, other.identity = new, NO_IDENTITY
        self._replan(taker)
        self._replan(giver)
        me.identity_revealed = other.identity_revealed  # a public card (a mode's, or revealed) stays public
        cls = rules.get(new)
        if cls is not None:
            self.add_rule(cls(taker))
        self.emit(IdentityTaken(taker, giver, out, shown, new, old, (taker,)))

    # --- deaths, losses, the end ----------------------------------------------------------------------------------
    def killer_of(self, seat: int) -> int:
        """Who put the fatal false intelligence in front of ``seat`` (A-48); -1 if unknown."""
        is_black = self.is_black
        for c in reversed(self.seats[seat].intel):
            if is_black[c]:
                return self.intel_source.get(c, -1)
        return -1

    def kill(self, seat: int) -> None:
        """The player dies (S-DEATH); death triggers have already run. His place in the order of deaths and his killer
        were recorded when his death began (R-13); a player killed outside a Death frame is added now."""
        from fengsheng.flow.settle import remove_from_play

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
        remove_from_play(self.game, seat)
        self.emit(Died(seat, s.identity, s.character, killer, order))

    def lose(self, seat: int, why: str) -> None:
        """The player loses (S-LOSE): not a death, so no death triggers (S-LOSE-2)."""
        from fengsheng.flow.settle import remove_from_play

        s = self.seats[seat]
        s.lost = True
        remove_from_play(self.game, seat)
        self.emit(Lost(seat, s.identity, s.character, why))

    def finish(self, winners: list[int], reason: str, factions: Collection[str] | None = None, **info: Any) -> None:
        """The game is over: ``winners`` win for ``reason`` (S-WIN); every identity is revealed. ``factions`` are
        the identities whose victory it is: by default those of all the winners; a declaration leaves out a
        co-winner whose win is personal (柒佰's woman, S-WIN-5)."""
        from fengsheng.core.cards import BYSTANDER, MILITARY_INTEL, UNDERGROUND

        order = [UNDERGROUND, MILITARY_INTEL, BYSTANDER]
        if factions is None:
            factions = {self.seats[w].identity for w in winners}
        factions = sorted((f for f in factions if f != NO_IDENTITY), key=order.index)  # no card, no faction
        self.result = {"winners": winners, "reason": reason, "factions": factions, "turns": self.turn, **info}
        for s in self.seats:
            s.identity_revealed = True
        self.emit(GameOver(winners, reason, factions, self.turn, dict(info), [s.identity for s in self.seats]))
        self.decision = None  # the frames stay as they were: cards still on the stack are not lost
