"""What happens after intelligence changes hands: deaths, losses, the end of the game and declarations.

Order (S-WIN-10, S-TRIG-6, A-37): deaths first (each with its triggers, S-DEATH), then losses (S-LOSE), then the
last-player-standing check (S-WIN-8, A-28), then declarations (S-WIN-1, A-35). Several deaths from one event are
numbered in S-TRIG order, current player first (A-76). A death is not final until all its triggers have resolved
(a rescue among them, A-30): a settle step that a death trigger starts (a card placed or taken) only begins further
deaths; losses, the last player standing and declarations wait for the settle step that started the death.

Triggers (the automatic skills of S-PRIO-9) run in trig_order, one death's triggers too (S-TRIG-1, S-TRIG-2). A
death is checked before an obtained card's triggers (S-DEATH-3) and its triggers run before the identity is revealed
(S-DEATH-5); a player removed from play leaves the turn order (S-DEATH-8). A loss goes through Game.lose, never a
Death frame, so no death trigger fires (S-LOSE-2); loss rules such as 小白's 败露 are checked here (S-LOSE-4). A player
may declare whenever his condition holds, after each event that settles and in response windows (S-WIN-3); the
declarer's victory rule names the winners (黑手's 滥杀 himself alone, S-WIN-6), missions that react to a declaration are
checked in order (S-WIN-4), and only the declarer has declared (S-WIN-7, S-TERM-16).

Implements: S-DEATH-1..5, S-DEATH-8, S-LOSE-1..4, S-WIN-1, S-WIN-3..8, S-WIN-10, S-TRIG-1, S-TRIG-2, S-TRIG-5,
S-TRIG-6, S-PRIO-9, S-TERM-16.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.core.events import Declared, Dying, Rescued
from fengsheng.core.options import DECLARE, DECLARE_KIND, P_CONTINUE, P_DECLARE, P_PASS, PASS, Decision, Option
from fengsheng.core.state import Frame

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.game import Game
    from fengsheng.rules.base import Rule


_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


def trig_order(g: Game) -> tuple[int, ...]:
    """All seats, current player first, then counterclockwise (S-TRIG-1)."""
    order = _ORDERS.get((g.current, g.n))
    if order is None:
        order = _new_order(g.current, g.n)
    return order


def _new_order(cur: int, n: int) -> tuple[int, ...]:
    """Build and keep the order of :func:`trig_order` for (``cur``, ``n``), once per pair: apart, so that its
    generator's closure gives the hot ``trig_order`` no cell variables to make on every call."""
    order = _ORDERS[cur, n] = tuple((cur + k) % n for k in range(n))
    return order


def remove_from_play(g: Game, seat: int) -> None:
    """S-DEATH-4 / S-LOSE-3: all his game cards to the discard pile; his character and identity revealed."""
    s = g.seats[seat]
    g.discard.extend(s.hand)
    g.discard.extend(s.intel)
    s.hand.clear()
    s.intel.clear()
    s.identity_revealed = True
    if s.character is not None:
        s.face_up = True
        g._replan(seat)
    g.in_game_count -= 1
    g.declarable[seat] = False
    g.refresh_order()


def lose_for_not_sending(g: Game, seat: int) -> None:
    """S-LOSE-1, A-26: a player who could not send intelligence in his turn (``Game.failed_send``, set by the
    passing phase) loses at the end of that turn."""
    if g.failed_send and g.seats[seat].in_game:
        g.lose(seat, "cannot_send")


def end_last_standing(g: Game) -> None:
    """S-WIN-8 / A-28: the one player left wins; if nobody is left, nobody wins.

    If the survivor also meets a victory condition, he wins through it (R-12): his faction, dead teammates included
    (A-27), wins with him. An edition where the last player does not win by standing alone ends with nobody.
    """
    left = [s.index for s in g.seats if s.in_game]
    if len(left) == 1:
        g.refresh_declarable()
        if g.declarable[left[0]]:
            g.declare(left[0])
            return
        if g.edition.switches.last_standing_wins and not g.missions_for_all:  # Q-MODE-3: a mission or nobody
            g.finish(left, "last_standing")
            return
    g.finish([], "nobody_left")


def black_count(g: Game, seat: int) -> int:
    """How many false (black) intelligence cards lie in front of ``seat``."""
    is_black = g.is_black
    black = 0
    for c in g.seats[seat].intel:  # a loop, not a generator: no closure (cells) on every call
        if is_black[c]:
            black += 1
    return black


def has_fatal_black(g: Game, seat: int) -> bool:
    """S-DEATH-1: enough false (black) intelligence to kill (three in the standard edition)."""
    fatal = g.edition.switches.fatal_black
    if len(g.seats[seat].intel) < fatal:
        return False  # the common case, asked for every seat whenever intelligence settles
    return black_count(g, seat) >= fatal


class Settle(Frame):
    """Deaths, losses, last player standing, then the declaration prompts (stages ``deaths``, ``losses``,
    ``last_standing``, ``declarations``). Scheduled by the machine after an event that ``settles``."""

    __slots__ = ("answered", "asking", "deaths_only", "stage")

    DEATHS = "deaths"
    LOSSES = "losses"
    LAST_STANDING = "last_standing"
    DECLARATIONS = "declarations"

    def __init__(self, deaths_only: bool = False) -> None:
        self.stage = self.DEATHS
        self.asking = -1
        self.answered = -1  # uniform prompts: the last seat that answered at this stage
        self.deaths_only = deaths_only

    def run(self, g: Game) -> Decision | None:
        if self.stage == self.DEATHS:  # S-DEATH-1: three or more false intelligence
            seats = g.seats
            fatal = g.edition.switches.fatal_black
            for s in trig_order(g):
                seat = seats[s]
                # has_fatal_black's first test inlined: most seats hold fewer cards than would kill
                if len(seat.intel) >= fatal and seat.in_game and s not in g.dying and has_fatal_black(g, s):
                    g.frames.append(Death(s))
                    return None
            if self.deaths_only or g.dying:
                # S-WIN-10, A-37, A-30: inside a death (a death trigger moved cards), only further deaths begin at
                # once (S-DEATH-3, R-13); losses and declarations wait until the death is final, rescue included:
                # the Settle that started it goes on once its Death frame is done
                g.frames.pop()
                return None
            self.stage = self.LOSSES
        if self.stage == self.LOSSES:  # S-LOSE via rules (e.g. 小白's 败露)
            for r in g.loss_rules:
                if g.seats[r.owner].in_game and r.loses(g):
                    g.lose(r.owner, r.rule_id or "rule")
                    return None
            self.stage = self.LAST_STANDING
        if self.stage == self.LAST_STANDING:  # S-WIN-8 / A-28
            if g.in_game_count <= 1:
                g.frames.pop()
                end_last_standing(g)
                return None
            self.stage = self.DECLARATIONS
        g.refresh_declarable()
        if g.config.uniform_prompts:
            return self._ask_everyone(g)
        for s in trig_order(g):
            if g.declarable[s] and s not in g.declined:
                self.asking = s
                return Decision(s, DECLARE_KIND, (P_DECLARE, P_PASS), "settle", private=True)
        g.frames.pop()
        return None

    def _ask_everyone(self, g: Game) -> Decision | None:
        """``Config.uniform_prompts``: every seat still in the game is asked, in S-TRIG order, privately: ``declare``
        / ``pass`` if it may declare and has not declined, else ``continue`` only; so that who is waited on never
        tells who may declare (R-2). A player out of the game is asked only if he may declare (a dead bystander
        through a mission about his death, A-37): his identity and character are face up by then."""
        order = trig_order(g)
        start = order.index(self.answered) + 1 if self.answered >= 0 else 0
        for s in order[start:]:
            may = g.declarable[s] and s not in g.declined
            if may or g.seats[s].in_game:
                self.asking = s
                return Decision(s, DECLARE_KIND, (P_DECLARE, P_PASS) if may else (P_CONTINUE,), "settle", True)
        g.frames.pop()
        return None

    def answer(self, g: Game, option: Option) -> None:
        s = self.answered = self.asking
        if option.kind == DECLARE:
            g.declare(s)
        elif option.kind == PASS:
            g.declined.add(s)

    def describe(self) -> dict[str, Any]:
        return {"frame": "Settle", "stage": self.stage}


class Death(Frame):
    """A player dies (S-DEATH-1..8, A-29, A-30): death triggers first (a rescue among them), then his cards go to
    the discard pile and his identity and character are revealed."""

    __slots__ = ("seat", "stage")

    BEGIN = "begin"
    END = "end"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stage = self.BEGIN

    def run(self, g: Game) -> Decision | None:
        s = self.seat
        if self.stage == self.BEGIN:
            self.stage = self.END
            g.dying.append(s)  # a Settle nested in his death triggers must not start his death again
            killer = g.killer_of(s)
            # death is immediate (S-DEATH-3): his place in the order of deaths is taken now, so a death his
            # triggers cause comes after his; a rescue gives the place back.
            g.death_order.append(s)
            g.killers.append(killer)
            g.emit(Dying(s, killer))  # S-DEATH-5: its triggers run before the identity is revealed
            return None
        g.frames.pop()
        g.dying.remove(s)
        if not has_fatal_black(g, s) and g.seats[s].alive:
            i = g.death_order.index(s)
            del g.death_order[i]
            del g.killers[i]
            g.emit(Rescued(s))
            return None
        g.kill(s)
        return None

    def describe(self) -> dict[str, Any]:
        return {"frame": "Death", "seat": self.seat}


class Triggers(Frame):
    """Automatic skills firing on one event, in S-TRIG order (current player first, then counterclockwise).
    Scheduled by the machine for an emitted event that rules want."""

    __slots__ = ("event", "i", "rules")

    def __init__(self, event: Event, rules: list[Rule]) -> None:
        self.event = event
        self.rules = rules
        self.i = 0

    def run(self, g: Game) -> Decision | None:
        e = self.event
        while self.i < len(self.rules):
            r = self.rules[self.i]
            self.i += 1
            if r.wants(g, e.kind, e):  # re-checked: an earlier trigger may have changed things
                r.fire(g, e.kind, e)
                return None
        g.frames.pop()
        return None

    def describe(self) -> dict[str, Any]:
        return {"frame": "Triggers", "kind": self.event.kind}


class Declaration(Frame):
    """A declaration of victory (S-WIN-1..7, A-35, A-36).

    1. The declarer's victory rule gives the winners (the identity rule first if several hold).
    2. Missions that react to a declaration are checked in S-TRIG order (players who lost never win, A-27): if one
       that says 「你的胜利会导致他的宣告失败」 is met, its owners win and the declaration fails; the others
       (大美女, 礼服蒙面人) win together with the declarer.
    3. If the declaration stands, the triggers on ``declare`` run: skills of the declarer such as 柒佰's may add a
       co-winner (``add_co_winner``, S-WIN-5), whose win is personal: ``result["factions"]`` names the factions of
       the players who won through a victory condition, not hers. Then the game ends.

    Stages: ``declare``, ``finish``.
    """

    __slots__ = ("co_winners", "personal", "rule_id", "seat", "stage", "winners")

    DECLARE = "declare"
    FINISH = "finish"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stage = self.DECLARE
        self.rule_id = ""
        self.winners: list[int] = []
        self.co_winners: list[int] = []  # missions that win with the declarer (大美女, 礼服蒙面人): bystanders
        self.personal: list[int] = []  # named by a skill of the declarer: their win is theirs alone

    def add_co_winner(self, seat: int) -> None:
        """A skill of the declarer names a co-winner (柒佰's, S-WIN-5): her win is hers alone and does not extend to
        her faction (000「被宣告胜利的女性该胜利只属于她个人」), so ``result["factions"]`` does not name it."""
        self.personal.append(seat)

    def run(self, g: Game) -> Decision | None:
        seat = self.seat
        if self.stage == self.DECLARE:
            rules = [r for r in g.victory_rules if r.owner == seat and r.can_declare(g)]
            rules.sort(key=lambda r: not r.rule_id.startswith("S-ID-"))
            rule = rules[0]
            self.rule_id = rule.rule_id
            self.winners = list(rule.winners(g))
            g.emit(Declared(seat, rule.rule_id))  # its triggers run once the declaration stands (below)
            hijackers: list[int] = []
            for s in trig_order(g):
                if s == seat or g.seats[s].lost:
                    continue
                for r in g.reaction_rules:
                    if r.owner == s:
                        res = r.react_to_declaration(g, seat, self.winners)
                        if res is not None:
                            extra, hijack = res
                            (hijackers if hijack else self.co_winners).extend(extra)
            if hijackers:  # the declaration fails; the hijackers win
                g.frames.pop()
                g.finish(sorted(set(hijackers)), "hijacked", declarer=seat, rule=self.rule_id)
                return None
            self.stage = self.FINISH
            return None
        g.frames.pop()
        by_condition = set(self.winners) | set(self.co_winners)
        factions = {g.seats[w].identity for w in by_condition}
        g.finish(sorted(by_condition | set(self.personal)), "declared", factions, declarer=seat, rule=self.rule_id)
        return None

    def describe(self) -> dict[str, Any]:
        return {"frame": "Declaration", "seat": self.seat}
