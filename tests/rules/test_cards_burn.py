"""烧毁 Burn (S-CARD-BURN-1..3)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import build_table as build
from tests.helpers import events, uses_offered


def test_S_CARD_BURN_1_burn_one_false_intelligence_in_front_of_any_player() -> None:
    g = build(
        hands={0: ["R:burn", "B:probe"]},
        intel={0: ["K:probe"], 1: ["K:lock", "R:lock", "B:lock"], 2: ["K:decode"]},
        at="play",
    )
    s = Script(g)
    targets = {(o.target, o.ref) for o in g.decision.options if o.use == "burn"}  # type: ignore[union-attr]
    black = {(0, s.card("K:probe", 0, "intel")), (1, s.card("K:lock", 1, "intel")), (2, s.card("K:decode", 2, "intel"))}
    assert targets == black  # only false (black) intelligence, in front of anyone, himself included
    card = s.card("K:decode", 2, "intel")
    s.do(f"0: play c{{R:burn}} burn @2 x{card}", "0: pass")
    assert g.seats[2].intel == [] and card in g.discard
    assert events(g, "burned") == [{"kind": "burned", "seat": 2, "card": card, "by": 0}]
    assert len(g.seats[1].intel) == 3


def test_S_CARD_BURN_2_usable_in_another_players_turn_and_in_every_window_but_step3() -> None:
    intel = {4: ["K:decode"]}
    hands = {2: ["K:burn"]}
    g = build(hands=hands, intel=intel, at="play")
    s = Script(g)
    s.expect(2, "priority", "play")  # seat 0's play phase
    s.do("2: play c{K:burn} burn @4 x{K:decode@4}")
    assert g.seats[4].intel == []
    for at, extra in (
        ("end", {}),
        ("step1", {"transit": {"card": "B:decode"}}),
        ("step2", {"transit": {"card": "B:decode", "holder": 1}}),
    ):
        g = build(hands=hands, intel=intel, at=at, **extra)
        Script(g).expect(2, "priority", at)
        assert uses_offered(g, 2) == {"burn"}
    g = build(hands=hands, intel=intel, transit={"card": "B:decode", "holder": 2}, at="step3")
    d = Script(g).expect(2, "receive", "step3")
    assert {str(o) for o in d.options} == {"accept", "decline"}


def test_S_CARD_BURN_2_not_while_something_is_resolving() -> None:
    # a 试探 is resolving: the probed player must discard; he holds 烧毁, but only discards are on offer
    g = build(
        hands={0: ["B:probe:mi:discard", "R:decode"], 1: ["K:burn", "R:probe"]}, intel={4: ["K:decode"]}, at="play"
    )
    s = Script(g)
    s.do("0: play c{B:probe:mi:discard} probe @1", "1: pass")
    d = s.expect(1, "discard", "probe")
    assert {o.kind for o in d.options} == {"discard"}
    assert {o.card for o in d.options} == set(g.seats[1].hand)


def test_S_CARD_BURN_3_a_third_false_intelligence_kills_at_once_and_burn_cannot_save() -> None:
    g = build(
        hands={2: ["K:burn", "B:burn"]},
        intel={1: ["K:lock", "K:decode"]},
        transit={"card": "K:intercept", "holder": 1},
        at="step3",
    )
    s = Script(g)
    before = len(g.history)
    s.do("1: accept")
    # the death followed the obtain with no decision in between: seat 2 never had a chance to burn
    assert len(g.history) == before + 1
    kinds = [e.kind for e in g.events]
    assert kinds.index("obtain") < kinds.index("dying") < kinds.index("died")
    assert not g.seats[1].alive and g.seats[1].intel == []
    # nothing of his is left to burn
    assert all(t != 1 for t in (o.target for o in (g.decision.options if g.decision else ()) if o.use == "burn"))
