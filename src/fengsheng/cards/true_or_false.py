"""真伪莫辨 True or False (S-CARD-TOF-1..7, A-7, A-24, A-25).

Only in your own play phase. Lay out as many cards from the top of the deck as there are players still in the game
(fewer if the cards run out, A-7), shuffled (S-CARD-TOF-3), face down. Starting with the user and going
counterclockwise, each player picks one blind and obtains it as intelligence. Deaths are dealt with after each pick,
and a player who meets his condition may declare at once (S-CARD-TOF-4). A player who died before his pick is
skipped; leftovers go to the discard pile (A-25). The cards were not "sent"; a kill counts for the user (S-CARD-TOF-6).

Implements: S-CARD-TOF-1..7.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.cards.base import CURRENT, CardHandler
from fengsheng.core.cards import TRUE_OR_FALSE
from fengsheng.core.events import TableLaidOut, TableLeftover
from fengsheng.core.options import PICK, PICK_KIND, Decision, Option
from fengsheng.core.state import W_PLAY, Frame

if TYPE_CHECKING:
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game


class TrueOrFalse(CardHandler):
    users = CURRENT
    type = TRUE_OR_FALSE
    windows = frozenset({W_PLAY})

    def allowed(self, g: Game, seat: int, win: Window) -> bool:
        return seat == g.current  # S-CARD-TOF-1

    def resolve(self, g: Game, use: Use, win: Window) -> None:
        g.frames.append(TofPicks(use.user))


class TofPicks(Frame):
    """The layout and the picks. The face-down cards lie in ``g.table``."""

    __slots__ = ("i", "order", "started", "user")

    def __init__(self, user: int) -> None:
        self.user = user
        self.order: list[int] = []
        self.i = 0
        self.started = False

    def run(self, g: Game) -> Decision | None:
        if not self.started:
            self.started = True
            cards = g.take_from_deck(g.in_game_count)  # players still in the game
            g.rng.shuffle(cards)  # S-CARD-TOF-3
            g.table.extend(cards)
            n = g.n
            self.order = [(self.user + k) % n for k in range(n) if g.seats[(self.user + k) % n].in_game]
            g.emit(TableLaidOut(self.user, len(cards)))
        while self.i < len(self.order) and g.table:
            s = self.order[self.i]
            if not g.seats[s].in_game:
                self.i += 1  # died before his pick
                continue
            new = tuple.__new__  # the namedtuples' own __new__ is a Python call per option
            picks = tuple([new(Option, (PICK, -1, "", -1, j, "")) for j in range(len(g.table))])
            return new(Decision, (s, PICK_KIND, picks, TRUE_OR_FALSE, False))
        if g.table:
            g.emit(TableLeftover(list(g.table)))
            g.discard.extend(g.table)
            g.table.clear()
        g.frames.pop()
        return None

    def answer(self, g: Game, option: Option) -> None:
        s = self.order[self.i]
        self.i += 1
        card = g.table.pop(option.ref)
        g.obtain(s, card, source=self.user, how=TRUE_OR_FALSE)

    def describe(self) -> dict[str, Any]:
        return {"frame": "TofPicks", "user": self.user}


HANDLER = TrueOrFalse()
