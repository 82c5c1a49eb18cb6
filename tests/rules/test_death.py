"""S-DEATH: three false intelligence kill at once; death triggers, then cards discarded and identity revealed.

Death skills (S-DEATH-2, S-DEATH-6) are exercised through test-only trigger rules (see test_hooks.py).
"""

from __future__ import annotations

from typing import Any

from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.conftest import play_random
from tests.helpers import IS_BLACK, kinds, passes
from tests.helpers import build_asked as build
from tests.rules.test_hooks import PlaceBlack, listener


def test_S_DEATH_1_third_false_intelligence_kills() -> None:
    g = build(3, at="step3", transit={"card": "K:decode", "holder": 1}, intel={1: ["K:lock", "K:burn"]}, current=0)
    s = Script(g)
    s.do("1: accept")
    assert not g.seats[1].alive and g.death_order == [1]
    died = next(e for e in g.events if e.kind == "died")
    assert died.data["seat"] == 1 and died.data["killer"] == 0 and died.data["order"] == 1


def test_S_DEATH_1_three_or_more_placed_at_once_kill() -> None:
    g = build(
        4, current=0, at="play", hands={0: ["R:decode"], 2: ["K:lock", "K:burn", "K:decode"]}, intel={1: ["K:return"]}
    )
    g.add_rule(PlaceBlack(2))
    s = Script(g)
    s.do("0: pass", "1: pass", "2: skill test.place @1", "3: pass", "0: pass", "1: pass", "2: pass")
    assert not g.seats[1].alive
    died = next(e for e in g.events if e.kind == "died")
    assert died.data["killer"] == 2
    # the placed cards went to the discard pile with the rest of his cards
    assert sum(1 for c in g.discard if IS_BLACK[c]) == 4


def test_S_DEATH_2_death_triggers_fire_on_a_death() -> None:
    log: list[Any] = []

    def draw4(g: Game, r: Rule, kind: str, data: dict[str, Any]) -> None:  # 刀锋 嗜血 stand-in
        g.draw(r.owner, 4)

    g = build(4, at="step3", transit={"card": "K:decode", "holder": 1}, intel={1: ["K:lock", "K:burn"]}, current=0)
    g.add_rule(listener(("died",), log, effect=draw4)(3))
    Script(g).do("1: accept")
    assert [(o, k, d["seat"]) for o, k, d in log] == [(3, "died", 1)]
    assert len(g.seats[3].hand) == 4


def test_S_DEATH_3_death_is_immediate_no_window_to_burn() -> None:
    g = build(
        3,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        intel={1: ["K:lock", "K:burn"]},
        current=0,
        hands={2: ["R:burn", "B:burn"]},
    )
    start, asked = len(g.events), len(g.history)
    Script(g).do("1: accept")
    assert len(g.history) == asked + 1  # nobody was asked between the third false card and the death
    ev = kinds(g, start)
    assert ev.index("obtain") < ev.index("dying") < ev.index("died")
    assert not any(k in ("use", "burned") for k in ev)
    # and a dead player's intelligence is no 烧毁 target afterwards
    d = g.decision
    assert d is not None and not any(o.use == "burn" and o.target == 1 for o in d.options)


def test_S_DEATH_3_only_an_explicit_rescue_skill_saves() -> None:
    log: list[Any] = []

    def rescue(g: Game, r: Rule, kind: str, data: dict[str, Any]) -> None:  # 礼服蒙面人 stand-in: burn two
        t = data["seat"]
        for c in [c for c in g.seats[t].intel if IS_BLACK[c]][:2]:
            g.burn_intel(t, c, by=r.owner)

    g = build(3, at="step3", transit={"card": "K:decode", "holder": 1}, intel={1: ["K:lock", "K:burn"]}, current=0)
    g.add_rule(listener(("dying",), log, effect=rescue)(2))
    Script(g).do("1: accept")
    assert g.seats[1].alive and g.death_order == []
    assert "rescued" in kinds(g) and "died" not in kinds(g)
    assert sum(1 for c in g.seats[1].intel if IS_BLACK[c]) == 1


def test_S_DEATH_4_all_his_game_cards_go_to_the_discard_pile() -> None:
    g = build(
        3,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        current=0,
        intel={1: ["K:lock", "K:burn", "R:lock"]},
        hands={1: ["B:lock", "R:probe:ug:draw"]},
    )
    hand, intel = list(g.seats[1].hand), list(g.seats[1].intel)
    Script(g).do("1: accept")
    assert g.seats[1].hand == [] and g.seats[1].intel == []
    assert set(hand + intel) < set(g.discard)
    assert len(g.discard) == len(hand) + len(intel) + 1  # and the fatal card
    assert g.probes_out == []  # a 试探 in his hand is a game card like any other


def test_S_DEATH_5_death_triggers_resolve_before_the_identity_is_revealed() -> None:
    seen: list[Any] = []
    log: list[Any] = []

    def look(g: Game, r: Rule, kind: str, data: dict[str, Any]) -> None:
        s = g.seats[data["seat"]]
        seen.append((kind, s.identity_revealed, len(s.hand), g.view(r.owner)["seats"][s.index]["identity"]))

    g = build(
        3,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        current=0,
        intel={1: ["K:lock", "K:burn"]},
        hands={1: ["R:lock"]},
    )
    g.add_rule(listener(("dying", "died"), log, effect=look)(2))
    start = len(g.events)
    Script(g).do("1: accept")
    assert seen == [("dying", False, 1, None), ("died", True, 0, "military_intel")]
    ev = kinds(g, start)
    assert ev.index("dying") < ev.index("died")


def test_S_DEATH_6_a_face_down_character_is_still_face_down_when_death_triggers_run() -> None:
    """The reveal of a dead player's character comes after the death triggers, so a death skill can tell that its
    owner's hidden character was face down (老鬼) and that its owner was still alive when it fired."""
    seen: list[Any] = []
    log: list[Any] = []

    def look(g: Game, r: Rule, kind: str, data: dict[str, Any]) -> None:
        s = g.seats[r.owner]
        seen.append((kind, s.face_up, s.alive))

    g = build(3, at="step3", transit={"card": "K:decode", "holder": 1}, current=0, intel={1: ["K:lock", "K:burn"]})
    g.seats[1].character = "test_hidden"
    g.add_rule(listener(("dying", "died"), log, want=lambda g, r, k, d: d["seat"] == r.owner, effect=look)(1))
    assert g.view(0)["seats"][1]["character"] is None
    Script(g).do("1: accept")
    assert seen == [("dying", False, True), ("died", True, False)]
    assert g.view(0)["seats"][1]["character"] == "test_hidden"  # revealed with the identity


def test_S_DEATH_7_the_pass_goes_on_after_a_death_and_a_dead_senders_card_is_discarded() -> None:
    g = build(
        4,
        current=0,
        at="step1",
        transit={"card": "B:decode"},
        hands={2: ["K:lock", "K:burn", "K:return"]},
    )
    g.add_rule(PlaceBlack(2))
    s = Script(g)
    card = g.passing.card
    s.do("0: pass", "1: pass", "2: skill test.place @0", "3: pass", "0: pass", "1: pass", "2: pass")
    assert not g.seats[0].alive  # the sender died in Step 1
    assert not g.passing.finished
    for nxt in (1, 2, 3):
        passes(s, 1, 2, 3)  # Step 1 (the dead sender is skipped)
        passes(s, 1, 2, 3)  # Step 2
        s.do(f"{nxt}: decline")
    assert not g.passing.finished
    passes(s, 1, 2, 3)  # Step 1 of the leg back to the sender
    # back at the dead sender: discarded
    assert card in g.discard
    assert [e.data for e in g.events if e.kind == "intel_discarded"] == [{"card": card, "sender": 0}]
    assert all(card not in x.intel for x in g.seats)


def test_S_DEATH_7_death_of_the_player_the_card_reached() -> None:
    g = build(
        4,
        current=0,
        at="step2",
        transit={"card": "B:decode", "holder": 1},
        hands={3: ["K:lock", "K:burn", "K:return"]},
    )
    g.add_rule(PlaceBlack(3))
    s = Script(g)
    s.do("0: pass", "1: pass", "2: pass", "3: skill test.place @1", "0: pass", "1: pass", "2: pass", "3: pass")
    assert not g.seats[1].alive
    passes(s, 0, 2, 3)  # Step 2 closes
    s.expect(0, "priority", "step1")  # no receive decision for the dead: Step 1 again
    passes(s, 0, 2, 3)
    s.expect(0, "priority", "step2")
    assert g.passing.holder == 2


def test_S_DEATH_8_the_current_player_dies_in_his_own_turn() -> None:
    g = build(4, current=0, at="play", hands={0: ["R:decode"], 2: ["K:lock", "K:burn", "K:return"]})
    g.add_rule(PlaceBlack(2))
    s = Script(g)
    s.do("0: pass", "1: pass", "2: skill test.place @0", "3: pass", "0: pass", "1: pass", "2: pass")
    assert not g.seats[0].alive and not g.seats[0].lost
    assert "send" not in kinds(g) and "cannot_send" not in kinds(g)
    assert g.current == 1 and [e.data["seat"] for e in g.events if e.kind == "turn"] == [0, 1]


def test_S_DEATH_8_dead_players_take_no_more_turns() -> None:
    deaths = 0
    for seed in range(15):
        g = play_random(Game.new(Config(players=6, auto_pass=True), seed), seed)
        dead: set[int] = set()
        for e in g.events:
            if e.kind == "died":
                dead.add(e.data["seat"])
                deaths += 1
            elif e.kind == "turn":
                assert e.data["seat"] not in dead
            elif e.kind in ("use", "send") and e.data["seat"] in dead:
                raise AssertionError(f"dead seat acted: {e}")
    assert deaths >= 5
