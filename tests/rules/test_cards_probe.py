"""试探 Probe (S-CARD-PROBE-1..8)."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from fengsheng.core.events import Event
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import STANDARD_DECK, add_rules, events, uses_offered
from tests.helpers import build_table as build


def answers(g: Game) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "kind"} for e in events(g, "probe_answer")]


def test_S_CARD_PROBE_1_own_play_phase_never_on_yourself() -> None:
    g = build(hands={0: ["R:probe", "K:decode"], 2: ["B:probe", "K:burn"]}, intel={4: ["K:lock"]}, dead=[3], at="play")
    s = Script(g)
    s.expect(0, "priority", "play")
    assert {o.target for o in g.decision.options if o.use == "probe"} == {1, 2, 4}  # type: ignore[union-attr]
    assert uses_offered(g, 2) == {"burn"}  # not in another player's turn
    s.do("0: pass")
    s.expect(2, "priority", "play")
    s.do("2: pass")
    # the pass phase: no 试探 in Step 1; 0 is not even asked
    s.do("0: send c{K:decode}")
    s.expect(2, "priority", "step1")
    assert uses_offered(g, 2) == {"burn"} and uses_offered(g, 0) == set()


def test_S_CARD_PROBE_2_right_identity_discard_one() -> None:
    g = build(hands={0: ["B:probe:mi:discard", "K:decode"], 1: ["R:lock", "B:lock"]}, at="play")
    s = Script(g)
    s.do("0: play c{B:probe:mi:discard} probe @1")  # seat 1 is 军情局
    d = s.expect(1, "discard", "probe")
    assert {o.card for o in d.options} == set(g.seats[1].hand)
    lock = s.card("B:lock", 1)
    s.do(f"1: discard c{lock}")
    assert lock in g.discard and len(g.seats[1].hand) == 1
    assert answers(g) == [{"seat": 1, "user": 0, "answer": "discard", "card": lock}]


def test_S_CARD_PROBE_2_right_identity_draw_two() -> None:
    g = build(hands={0: ["R:probe:ug:draw", "K:decode"]}, deck=["R:lock", "B:lock"], at="play")
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @2")  # seat 2 is 潜伏战线
    assert sorted(g.seats[2].hand) == sorted([s.card("R:lock", 2), s.card("B:lock", 2)])
    assert answers(g) == [{"seat": 2, "user": 0, "answer": "draw"}]


def test_S_CARD_PROBE_2_wrong_identity_says_the_line() -> None:
    # draw-2 cards say 我是卧底, discard-1 cards say 我是好人
    g = build(hands={0: ["R:probe:ug:draw", "K:probe:by:discard", "K:decode"], 1: ["R:lock"]}, at="play")
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @1", "0: pass")  # seat 1 is 军情局, not 潜伏战线
    s.do("0: play c{K:probe:by:discard} probe @1")
    assert answers(g) == [
        {"seat": 1, "user": 0, "answer": "line", "line": "我是卧底"},
        {"seat": 1, "user": 0, "answer": "line", "line": "我是好人"},
    ]
    assert len(g.seats[1].hand) == 1  # nothing drawn, nothing discarded


def test_S_CARD_PROBE_3_only_the_user_and_the_probed_player_see_the_card() -> None:
    g = build(hands={0: ["B:probe:mi:draw", "K:decode"], 3: ["R:see_through"]}, at="play")
    s = Script(g)
    probe = s.card("B:probe", 0)
    s.do(f"0: play c{probe} probe @1")
    # pending: seat 3 may answer it with 识破 without seeing it
    s.expect(3, "priority", "play")
    assert [u["card"] for u in g.view(3)["stack"]] == [None]
    assert [u["card"] for u in g.view(0)["stack"]] == [probe]
    assert next(e for e in g.events_for(3) if e["kind"] == "use").get("card") is None
    s.do("3: pass")
    for seat in (0, 1):
        (pe,) = [e for e in g.events_for(seat) if e["kind"] == "probe"]
        assert pe["card"] == probe and pe["identity"] == "military_intel" and pe["effect"] == "draw_2"
    for seat in (None, 2, 3, 4):
        (pe,) = [e for e in g.events_for(seat) if e["kind"] == "probe"]
        assert "card" not in pe and "identity" not in pe
        assert probe not in g.view(seat)["discard"]
    assert g.view(2)["probes_out_count"] == 1


def test_S_CARD_PROBE_4_no_cards_to_discard_he_just_says_so() -> None:
    g = build(hands={0: ["B:probe:mi:discard", "K:decode"]}, at="play")
    s = Script(g)
    assert g.seats[1].hand == []
    s.do("0: play c{B:probe} probe @1")
    assert answers(g) == [{"seat": 1, "user": 0, "answer": "discard_none"}]
    assert all(seat != 1 for seat, _ in g.history)  # nothing was asked of seat 1


def test_S_CARD_PROBE_5_a_resolved_probe_leaves_the_game_face_down_for_good() -> None:
    # the deck holds one card; seat 2 (潜伏战线) must draw two, which reshuffles the discard pile into a new deck
    g = build(
        hands={0: ["R:probe:ug:draw", "K:decode", "B:probe"]},
        deck=["R:lock"],
        rest="discard",
        at="play",
    )
    s = Script(g)
    probe = s.card("R:probe:ug:draw", 0)
    s.do(f"0: play c{probe} probe @2", "0: pass")
    assert g.probes_out == [probe]
    assert events(g, "reshuffle")  # the discard pile became the deck ...
    assert probe not in g.deck and probe not in g.discard  # ... without the used probe
    assert probe not in g.seats[2].hand and len(g.seats[2].hand) == 2


def test_S_CARD_PROBE_6_deck_make_up() -> None:
    probes = [c for c in STANDARD_DECK if c.type == "probe"]
    assert len(probes) == 18
    combos = Counter((c.probe_identity, c.colour, c.probe_effect) for c in probes)
    assert set(combos.values()) == {1}  # one card each
    for ident in ("underground", "military_intel", "bystander"):
        mine = [c for c in probes if c.probe_identity == ident]
        assert Counter(c.colour for c in mine) == {"red": 2, "blue": 2, "black": 2}
        assert Counter(c.probe_effect for c in mine) == {"draw_2": 3, "discard_1": 3}
    assert {c.probe_line for c in probes if c.probe_effect == "draw_2"} == {"我是卧底"}
    assert {c.probe_line for c in probes if c.probe_effect == "discard_1"} == {"我是好人"}
    assert {c.method for c in probes} == {"secret"}


class Chengfu(Rule):
    """Test-only 城府 (老鬼, 千面女郎, 潮汐): the owner may answer a 试探 with either action (S-CARD-PROBE-7)."""

    def may_conceal(self, g: Game, seat: int) -> bool:
        return seat == self.owner


def test_S_CARD_PROBE_7_concealment_lets_the_probed_player_choose_either_action() -> None:
    # waiting for characters: 老鬼 / 千面女郎 / 潮汐 themselves; here the engine's 城府 hook
    g = build(
        hands={0: ["B:probe:mi:discard", "R:probe:ug:draw", "K:decode"], 1: ["R:lock"]},
        deck=["R:decode", "B:decode"],
        at="play",
    )
    add_rules(g, Chengfu(1))
    s = Script(g)
    s.do("0: play c{B:probe:mi:discard} probe @1", "0: pass")  # he IS 军情局 ...
    d = s.expect(1, "respond", "probe")
    assert {str(o) for o in d.options} == {"respond effect", "respond line"}
    s.do("1: respond line")  # ... and conceals it
    assert answers(g)[-1] == {"seat": 1, "user": 0, "answer": "line", "line": "我是好人"}
    assert len(g.seats[1].hand) == 1
    s.do("0: play c{R:probe:ug:draw} probe @1")  # he is NOT 潜伏战线 ...
    s.do("1: respond effect")  # ... and draws anyway
    assert answers(g)[-1] == {"seat": 1, "user": 0, "answer": "draw"}
    assert len(g.seats[1].hand) == 3


class WhenProbed(Rule):
    """A "当你被试探时" trigger (like 六姐 / 情报处长): records each probe on its owner that took effect."""

    listens: ClassVar[tuple[str, ...]] = ("probe",)

    def __init__(self, owner: int) -> None:
        super().__init__(owner)
        self.log: list[int] = []

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.owner

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log.append(data["user"])


def test_S_CARD_PROBE_8_being_probed_triggers_need_the_probe_to_succeed() -> None:
    # waiting for characters: 六姐 and 情报处长; here the "probed" event those skills listen to
    g = build(hands={0: ["B:probe:mi:draw", "R:probe:ug:draw", "K:decode"], 3: ["R:see_through"]}, at="play")
    trigger = WhenProbed(1)
    add_rules(g, trigger)
    s = Script(g)
    s.do("0: play c{B:probe:mi:draw} probe @1", "3: play c{R:see_through} see_through ^top", "0: pass")
    assert trigger.log == []  # cancelled: no trigger
    s.do("0: play c{R:probe:ug:draw} probe @1")
    assert trigger.log == [0]  # took effect (even if he only said the line)
    assert answers(g)[-1]["answer"] == "line"
