"""Worked example EX-3 (000): chained 截获, reproduced step by step.

Six players a to f (seats 0..5); a sends. b does not intercept and does not accept. While the card is on its way to
c: d plays 截获, e does not, f plays 截获, b then plays 截获, and e then plays 截获. e obtains the intelligence,
because the last 截获 resolves first; the other 截获 cards have failed and are discarded.
"""

from __future__ import annotations

from fengsheng.config import Config
from fengsheng.scenario import Scenario
from fengsheng.testing import Script
from tests.helpers import CARD_TYPE

A, B, C, D, E, F = range(6)


def test_EX_3_chained_intercepts_the_last_one_obtains_the_others_are_discarded() -> None:
    g = Scenario(
        players=6,
        identities=["ug", "mi", "ug", "mi", "by", "by"],
        current=A,
        hands={
            A: ["R:probe", "B:probe"],
            B: ["K:intercept"],
            D: ["K:intercept"],
            E: ["K:intercept"],
            F: ["K:intercept"],
        },
        at="pass",
        config=Config(players=6, auto_pass=True),
    ).build()
    s = Script(g)
    s.do(f"{A}: send c{{R:probe}}")
    card = g.passing.card  # type: ignore[union-attr]
    intercepts = {seat: s.card("K:intercept", seat) for seat in (B, D, E, F)}
    # Step 1 towards b: nobody intercepts (a, the current player, may not and is not asked)
    s.do(f"{B}: pass", f"{D}: pass", f"{E}: pass", f"{F}: pass")
    # b does not accept
    s.do(f"{B}: decline")
    # Step 1 towards c: d, (e passes), f, b, e
    s.expect(B, "priority", "step1")
    s.do(f"{B}: pass")
    s.do(f"{D}: play c{intercepts[D]} intercept")
    s.do(f"{E}: pass")
    s.do(f"{F}: play c{intercepts[F]} intercept")
    s.do(f"{B}: play c{intercepts[B]} intercept")
    s.do(f"{E}: play c{intercepts[E]} intercept")
    # everyone else has nothing left to do: the stack resolves LIFO
    assert g.seats[E].intel == [card]
    obtains = [e.full() for e in g.events if e.kind == "obtain"]
    assert obtains == [{"kind": "obtain", "seat": E, "card": card, "how": "intercept", "source": A}]
    resolved = [(e.kind, e.data["user"]) for e in g.events if e.kind in ("resolve", "fizzle")]
    assert resolved == [
        ("resolve", E),
        ("resolve", B),
        ("fizzle", B),
        ("resolve", F),
        ("fizzle", F),
        ("resolve", D),
        ("fizzle", D),
    ]
    # the failed 截获 cards are discarded, not returned to the hand (and e's own card is used up as well)
    for seat in (B, D, E, F):
        assert intercepts[seat] in g.discard
        assert intercepts[seat] not in g.seats[seat].hand
    assert all(CARD_TYPE[c] == "intercept" for c in g.discard)
    # the card never reached c
    assert [e.data["seat"] for e in g.events if e.kind == "arrive"] == [B]
    assert g.passing is None or g.passing.finished
