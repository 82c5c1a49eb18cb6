"""What happens after intelligence changes hands: deaths, losses, the end of the game and declarations.

Order (S-WIN-10, S-TRIG-6, A-37): deaths first (each with its triggers, S-DEATH), then losses (S-LOSE), then the
last-player-standing check (S-WIN-8, A-28), then declarations (S-WIN-1, A-35). Several deaths from one event are
numbered in S-TRIG order, current player first (A-76).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.core.events import Event
from fengsheng.core.options import DECLARE, DECLARE_KIND, P_DECLARE, P_PASS, Decision, Option
from fengsheng.core.state import Frame

if TYPE_CHECKING:
    from fengsheng.game import Game
    from fengsheng.rules.base import Rule


def black_count(g: Game, seat: int) -> int:
    return sum(1 for c in g.seats[seat].intel if g.is_black[c])


def has_fatal_black(g: Game, seat: int) -> bool:
    """S-DEATH-1: enough false (black) intelligence to kill (three in the standard edition)."""
    return black_count(g, seat) >= g.edition.switches.fatal_black


class Settle(Frame):
    """Deaths, losses, last player standing, then the declaration prompts."""

    __slots__ = ("asking", "deaths_only", "stage")

    def __init__(self, deaths_only: bool = False) -> None:
        self.stage = 0
        self.asking = -1
        self.deaths_only = deaths_only

    def run(self, g: Game) -> Decision | None:
        if self.stage == 0:  # S-DEATH-1: three or more false intelligence
            for s in g.trig_order():
                if g.seats[s].in_game and s not in g.dying and has_fatal_black(g, s):
                    g.frames.append(Death(s))
                    return None
            if self.deaths_only:
                g.frames.pop()
                return None
            self.stage = 1
        if self.stage == 1:  # S-LOSE via rules (e.g. 小白's 败露)
            for r in g.loss_rules:
                if g.seats[r.owner].in_game and r.loses(g):
                    g.lose(r.owner, r.rule_id or "rule")
                    return None
            self.stage = 2
        if self.stage == 2:  # S-WIN-8 / A-28
            if g.in_game_count <= 1:
                g.frames.pop()
                g.end_last_standing()
                return None
            self.stage = 3
        g.refresh_declarable()
        for s in g.trig_order():
            if g.declarable[s] and s not in g.declined:
                self.asking = s
                return Decision(s, DECLARE_KIND, (P_DECLARE, P_PASS), "settle", private=True)
        g.frames.pop()
        return None

    def answer(self, g: Game, option: Option) -> None:
        s = self.asking
        if option.kind == DECLARE:
            g.declare(s)
        else:
            g.declined.add(s)

    def describe(self) -> dict[str, Any]:
        return {"frame": "Settle", "stage": self.stage}


class Death(Frame):
    """A player dies (S-DEATH-1..8, A-29, A-30): death triggers first (a rescue among them), then his cards go to
    the discard pile and his identity and character are revealed."""

    __slots__ = ("seat", "stage")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stage = 0

    def run(self, g: Game) -> Decision | None:
        s = self.seat
        if self.stage == 0:
            self.stage = 1
            g.dying.append(s)  # a Settle nested in his death triggers must not start his death again
            killer = g.killer_of(s)
            # death is immediate (S-DEATH-3): his place in the order of deaths is taken now, so a death his
            # triggers cause comes after his; a rescue gives the place back.
            g.death_order.append(s)
            g.killers.append(killer)
            g.events.append(Event("dying", {"seat": s, "killer": killer}))
            g.fire("dying", {"seat": s, "killer": killer})  # S-DEATH-5: before the identity is revealed
            return None
        g.frames.pop()
        g.dying.remove(s)
        if not has_fatal_black(g, s) and g.seats[s].alive:
            i = g.death_order.index(s)
            del g.death_order[i]
            del g.killers[i]
            g.events.append(Event("rescued", {"seat": s}))
            return None
        g.kill(s)
        return None

    def describe(self) -> dict[str, Any]:
        return {"frame": "Death", "seat": self.seat}


class Triggers(Frame):
    """Automatic skills firing on one event, in S-TRIG order (current player first, then counterclockwise)."""

    __slots__ = ("data", "i", "kind", "rules")

    def __init__(self, kind: str, data: dict[str, Any], rules: list[Rule]) -> None:
        self.kind = kind
        self.data = data
        self.rules = rules
        self.i = 0

    def run(self, g: Game) -> Decision | None:
        while self.i < len(self.rules):
            r = self.rules[self.i]
            self.i += 1
            if r.wants(g, self.kind, self.data):  # re-checked: an earlier trigger may have changed things
                r.fire(g, self.kind, self.data)
                return None
        g.frames.pop()
        return None

    def describe(self) -> dict[str, Any]:
        return {"frame": "Triggers", "kind": self.kind}


class Declaration(Frame):
    """A declaration of victory (S-WIN-1..7, A-35, A-36).

    1. The declarer's victory rule gives the winners (the identity rule first if several hold).
    2. Missions that react to a declaration are checked in S-TRIG order (players who lost never win, A-27): if one
       that says 「你的胜利会导致他的宣告失败」 is met, its owners win and the declaration fails; the others
       (大美女, 礼服蒙面人) win together with the declarer.
    3. If the declaration stands, ``declaring`` fires: skills of the declarer such as 柒佰's may add a co-winner
       (appended to ``data["extra"]``, S-WIN-5).
    """

    __slots__ = ("co_winners", "data", "rule_id", "seat", "stage", "winners")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stage = 0
        self.rule_id = ""
        self.winners: list[int] = []
        self.co_winners: list[int] = []
        self.data: dict[str, Any] = {}

    def run(self, g: Game) -> Decision | None:
        seat = self.seat
        if self.stage == 0:
            rules = [r for r in g.victory_rules if r.owner == seat and r.can_declare(g)]
            rules.sort(key=lambda r: not r.rule_id.startswith("S-ID-"))
            rule = rules[0]
            self.rule_id = rule.rule_id
            self.winners = list(rule.winners(g))
            g.events.append(Event("declare", {"seat": seat, "rule": rule.rule_id}))
            hijackers: list[int] = []
            for s in g.trig_order():
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
            self.stage = 1
            self.data = {"seat": seat, "winners": list(self.winners), "extra": []}
            g.fire("declaring", self.data)
            return None
        g.frames.pop()
        winners = set(self.winners) | set(self.co_winners) | set(self.data.get("extra", []))
        g.finish(sorted(winners), "declared", declarer=seat, rule=self.rule_id)
        return None

    def describe(self) -> dict[str, Any]:
        return {"frame": "Declaration", "seat": self.seat}
