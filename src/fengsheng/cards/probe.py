"""试探 Probe (S-CARD-PROBE-1..8, A-20, A-21, A-22).

Only in your own play phase, on another player. The card is handed face down: only the user and the target see its
text (S-CARD-PROBE-3). The target must act by his identity: the card's effect (discard 1 / draw 2) if he has the
named identity, otherwise he says the card's line aloud (A-21). With no cards to discard he just says so
(S-CARD-PROBE-4). A 城府 character may choose either action (S-CARD-PROBE-7). A resolved probe leaves the game
face down (S-CARD-PROBE-5, A-22); a cancelled or failed one goes to the discard pile.

Implements: S-CARD-PROBE-1..8.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from fengsheng.cards.base import CURRENT, CardHandler, fail
from fengsheng.core.cards import DISCARD_1, DRAW_2, PROBE
from fengsheng.core.events import CardRevealed, ProbeAnswered, Probed
from fengsheng.core.options import DISCARD, DISCARD_KIND, RESPOND, RESPOND_KIND, Decision, Option
from fengsheng.core.state import W_PLAY, Frame

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

EFFECT = "effect"
LINE = "line"


class Probe(CardHandler):
    users = CURRENT
    type = PROBE
    windows = frozenset({W_PLAY})
    hidden = True

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        return seat == g.current  # S-CARD-PROBE-1 / A-20: own play phase

    def targets(self, g: Game, seat: int, win: Window) -> list[tuple[int, int]]:
        return [(s.index, -1) for s in g.seats if s.in_game and s.index != seat]

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        t = use.target
        if not g.seats[t].in_game:
            fail(g, use, "target_gone")
            return
        card = g.edition.deck[use.card]
        g.frames.append(self.answer_frame(use.user, t, use.card))
        # S-CARD-PROBE-8 / S-TERM-13: "when probed" skills need the probe to take effect; they run first.
        g.emit(
            Probed(
                use.user, t, use.uid, use.card, card.probe_identity, card.probe_effect, card.probe_line, (use.user, t)
            )
        )

    def answer_frame(self, user: int, target: int, card: int) -> ProbeAnswer:
        """The frame in which the target answers (an edition whose probes do more overrides it)."""
        return ProbeAnswer(user, target, card)

    def dispose(self, g: Game, use: Use) -> None:
        if use.cancelled or use.failed:
            g.discard.append(use.card)  # S-CARD-SEE-2, A-22: back into circulation, face up
            g.emit(CardRevealed(use.uid, use.card))
        else:
            g.probes_out.append(use.card)  # S-CARD-PROBE-5: out of the game, face down


class ProbeAnswer(Frame):
    """The probed player's answer: the card's effect, or its line (or, with 城府, his choice)."""

    __slots__ = ("card", "stage", "target", "user")

    ANSWER = "answer"  # the card decides (or, with 城府, he does: ``conceal``)
    CONCEAL = "conceal"
    DISCARD = "discard"  # he chooses the card to discard

    def __init__(self, user: int, target: int, card: int) -> None:
        self.user = user
        self.target = target
        self.card = card
        self.stage = self.ANSWER

    def run(self, g: Game) -> Decision | None:
        t = self.target
        if not g.seats[t].in_game:
            g.frames.pop()
            return None
        if self.stage == self.DISCARD:
            hand = g.seats[t].hand
            return Decision(t, DISCARD_KIND, tuple(Option(DISCARD, card=c) for c in hand), "probe")
        if g.may_conceal(t):
            self.stage = self.CONCEAL
            return Decision(t, RESPOND_KIND, (Option(RESPOND, name=EFFECT), Option(RESPOND, name=LINE)), "probe")
        matches = g.seats[t].identity == g.edition.deck[self.card].probe_identity
        self._answer(g, EFFECT if matches else LINE)
        return None

    # The effect that draws and how much (S-CARD-PROBE-3: two); an edition whose probes do more overrides these and
    # ``_after_effect``.
    DRAW_EFFECT: ClassVar[str] = DRAW_2
    DRAW_COUNT: ClassVar[int] = 2
    DRAW_ANSWER: ClassVar[str] = "draw"

    def _answer(self, g: Game, how: str) -> None:
        t = self.target
        card = g.edition.deck[self.card]
        if how == LINE:
            g.frames.pop()
            g.emit(ProbeAnswered(t, self.user, "line", line=card.probe_line))
        elif card.probe_effect == self.DRAW_EFFECT:
            g.frames.pop()
            g.emit(ProbeAnswered(t, self.user, self.DRAW_ANSWER))
            g.draw(t, self.DRAW_COUNT)
            self._after_effect(g)
        else:
            assert card.probe_effect == DISCARD_1
            if not g.seats[t].hand:
                g.frames.pop()
                g.emit(ProbeAnswered(t, self.user, "discard_none"))  # S-CARD-PROBE-4
                self._after_effect(g)
            else:
                self.stage = self.DISCARD

    def _after_effect(self, g: Game) -> None:
        """What follows the effect once the target has drawn or discarded: nothing in the standard edition."""

    def answer(self, g: Game, option: Option) -> None:
        if self.stage == self.CONCEAL:
            self.stage = self.ANSWER
            self._answer(g, option.name)
            return
        c = option.card
        g.seats[self.target].hand.remove(c)
        g.discard.append(c)
        g.frames.pop()
        g.emit(ProbeAnswered(self.target, self.user, "discard", card=c))
        self._after_effect(g)

    def describe(self) -> dict[str, Any]:
        return {"frame": "ProbeAnswer", "user": self.user, "target": self.target}


HANDLER = Probe()
