"""The intelligence-passing phase (S-PASS-1..13) and the character-free parts of worked example EX-2.

Seats are numbered counterclockwise; the right-hand neighbour of seat i is seat i+1 (A-1). Every scenario uses
auto-pass, so only seats with a real choice are asked, and the strict script driver fails on any unscripted prompt.
"""

from __future__ import annotations

from typing import ClassVar

from fengsheng.core.events import Event
from fengsheng.core.options import SKILL, Option
from fengsheng.core.state import Use
from fengsheng.flow.window import Window
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import CARD_COLOUR, CARD_TYPE, IS_BLACK, AnyTurnLock, add_rules, arrivals, events, uses_offered
from tests.helpers import build_table as build


class KillOn(Rule):
    """Test-only stand-in for a killing skill (e.g. 黑玫瑰): when ``kind`` fires (optionally only for the event's
    ``seat`` == ``at``), the player ``victim`` dies."""

    listens: ClassVar[tuple[str, ...]] = ("send", "arrive")

    def __init__(self, owner: int, kind: str, victim: int, at: int = -1) -> None:
        super().__init__(owner)
        self.kind = kind
        self.victim = victim
        self.at = at

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return kind == self.kind and (self.at < 0 or data.get("seat") == self.at) and g.seats[self.victim].in_game

    def fire(self, g: Game, kind: str, data: Event) -> None:
        g.kill(self.victim)


# ----------------------------------------------------------------------------------------------------------------
# S-PASS-1 / S-PASS-2: the duty to send, method and colour
# ----------------------------------------------------------------------------------------------------------------


def test_S_PASS_1_must_send_exactly_one_card_and_any_card_may_be_sent() -> None:
    hand = ["R:lock", "B:lure_away", "K:intercept", "R:return", "B:decode", "K:burn", "R:see_through", "B:probe"]
    g = build(hands={0: [*hand, "K:true_or_false"]}, at="pass")
    d = Script(g).expect(0, "send", "pass")
    # every card of the hand may be sent, and there is no way not to send (no "pass" option)
    assert {o.card for o in d.options} == set(g.seats[0].hand)
    assert {o.kind for o in d.options} == {"send"}
    s = Script(g)
    s.do("0: send c{K:true_or_false}")  # 文本
    assert len(g.seats[0].hand) == 8
    # the pass runs: 0 may lock in Step 1 (he still holds a 锁定); seat 1 accepts
    s.do("0: pass", "1: accept")
    # end phase: 0 could burn the black card now in front of seat 1; he passes, and the turn is over
    s.do("0: pass")
    assert [e["seat"] for e in events(g, "send")] == [0]  # exactly one card was sent this turn
    assert g.current == 1 and g.turn == 2
    assert len(g.seats[0].hand) == 8


def test_S_PASS_1_a_player_with_no_card_cannot_send_and_loses_at_the_end_of_his_turn() -> None:
    g = build(hands={0: [], 1: ["R:lock"]}, at="pass")
    assert [e["seat"] for e in events(g, "cannot_send")] == [0]
    assert g.seats[0].lost and not g.seats[0].in_game
    assert g.seats[0].alive  # losing is not death
    assert g.current == 1


def test_S_PASS_2_stamp_sets_method_colour_is_the_intelligence_colour() -> None:
    # seat 1 is 潜伏战线 with two red intelligence; a red 锁定 (直达 stamp) sent to him is red intelligence
    g = build(
        identities=["mi", "ug", "mi", "ug", "by"],
        hands={0: ["R:lock", "K:decode"]},
        intel={1: ["R:probe", "R:decode"]},
        at="pass",
    )
    s = Script(g)
    d = s.expect(0, "send")
    lock = s.card("R:lock", 0)
    decode = s.card("K:decode", 0)
    assert {o.target for o in d.options if o.card == lock} == {1, 2, 3, 4}  # 直达: a target is named
    assert [o.target for o in d.options if o.card == decode] == [-1]  # 密电: no target
    s.do(f"0: send c{lock} @1")
    p = g.passing
    assert p is not None and p.method == "direct" and p.target == 1 and not p.face_up
    # the function text does nothing: sending a 锁定 locks nobody (S-COMP-5)
    assert g.locks == []
    s.do("1: accept")
    assert lock in g.seats[1].intel and CARD_COLOUR[lock] == "red"
    s.do("1: declare")  # three red intelligence: the colour of the card is what counts
    assert g.result is not None and g.result["winners"] == [1, 3] and g.result["factions"] == ["underground"]


def test_S_PASS_2_text_stamp_is_face_up_secret_stamp_is_face_down() -> None:
    g = build(hands={0: ["R:lure_away", "B:intercept"]}, at="pass")
    s = Script(g)
    s.do("0: send c{R:lure_away}")
    p = g.passing
    assert p is not None and p.method == "text" and p.face_up
    assert next(e for e in g.events_for(3) if e["kind"] == "send")["card"] == p.card  # everyone sees a 文本
    g2 = build(hands={0: ["R:lure_away", "B:intercept"]}, at="pass")
    Script(g2).do("0: send c{B:intercept}")
    p2 = g2.passing
    assert p2 is not None and p2.method == "secret" and not p2.face_up
    sends = [e for e in g2.events_for(3) if e["kind"] == "send"]
    assert sends and "card" not in sends[0]  # others do not see a 密电
    assert next(e for e in g2.events_for(0) if e["kind"] == "send")["card"] == p2.card


# ----------------------------------------------------------------------------------------------------------------
# S-PASS-3 / 4 / 5: what may be used in each step
# ----------------------------------------------------------------------------------------------------------------

ALL_BUT_TOF = ["lock", "lure_away", "intercept", "return", "decode", "burn", "see_through", "probe"]


def _hand(colour: str) -> list[str]:
    return [f"{colour}:{t}" for t in ALL_BUT_TOF]


def test_S_PASS_3_step1_allows_lure_intercept_lock_but_not_decode_or_return() -> None:
    g = build(
        hands={0: _hand("R"), 2: _hand("B")},
        intel={4: ["K:true_or_false"]},
        transit={"card": "K:decode"},
        at="step1",
    )
    s = Script(g)
    s.expect(0, "priority", "step1")
    # the current player: 锁定 and 调虎离山 (and 烧毁); never 截获 in his own turn; never 破译 / 退回 in Step 1
    assert uses_offered(g, 0) == {"lock", "lure_away", "burn"}
    s.do("0: pass")
    s.expect(2, "priority", "step1")  # seat 1 has nothing and is auto-passed
    assert uses_offered(g, 2) == {"lure_away", "intercept", "burn"}
    s.do("2: play c{B:lure_away} lure_away @3")
    # with a card pending, 识破 joins in; 破译 and 退回 still do not
    s.expect(0, "priority", "step1")
    assert uses_offered(g, 0) == {"lock", "lure_away", "burn", "see_through"}
    assert uses_offered(g, 2) == {"intercept", "burn", "see_through"}  # his only 调虎离山 is used
    s.do("0: pass", "2: pass")
    assert events(g, "lured")[0]["seat"] == 3


def test_S_PASS_4_step2_allows_decode_and_return_only_for_the_player_reached() -> None:
    g = build(
        hands={0: ["R:lock", "R:lure_away", "K:burn"], 2: _hand("B"), 3: ["R:decode", "R:return"]},
        intel={4: ["K:true_or_false"]},
        transit={"card": "R:probe", "holder": 2},
        at="step2",
    )
    s = Script(g)
    s.expect(0, "priority", "step2")
    assert uses_offered(g, 0) == {"burn"}  # no 锁定 / 调虎离山 in Step 2
    s.do("0: pass")
    s.expect(2, "priority", "step2")
    assert uses_offered(g, 2) == {"decode", "return", "burn"}  # no 截获 / 调虎离山 / 锁定
    assert uses_offered(g, 3) == set()  # 破译 / 退回 only for the player the card reached
    s.do("2: pass")
    # seat 3 was never asked: the window closed and Step 3 follows
    s.expect(2, "receive", "step3")


def test_S_PASS_5_step3_is_only_accept_or_decline() -> None:
    g = build(
        hands={1: _hand("R"), 2: ["K:intercept", "B:burn", "B:see_through"]},
        intel={3: ["K:true_or_false"]},
        transit={"card": "B:decode", "holder": 1},
        at="step3",
    )
    s = Script(g)
    d = s.expect(1, "receive", "step3")
    assert {str(o) for o in d.options} == {"accept", "decline"}
    s.do("1: decline")
    # declining starts Step 1 again: a Step-1 window in which seat 1 (调虎离山, 截获, 烧毁) and seat 2 are asked
    s.expect(1, "priority", "step1")
    assert uses_offered(g, 1) == {"lure_away", "intercept", "burn"}
    s.do("1: pass")
    s.expect(2, "priority", "step1")
    s.do("2: pass")
    assert arrivals(g) == [2]


def test_S_PASS_5_accepting_puts_the_card_face_up_in_front_of_the_receiver() -> None:
    g = build(transit={"card": "B:decode", "holder": 1}, at="step3")
    s = Script(g)
    card = g.passing.card  # type: ignore[union-attr]
    s.do("1: accept")
    assert g.seats[1].intel == [card]
    assert card not in g.seats[1].hand
    ob = [e for e in g.events_for(None) if e["kind"] == "obtain"]
    assert ob == [{"kind": "obtain", "seat": 1, "card": card, "how": "accept", "source": 0}]  # public, face up
    assert g.view(3)["seats"][1]["intel"] == [card]


# ----------------------------------------------------------------------------------------------------------------
# S-PASS-6 / 7: the card goes round; back at the sender; a dead sender
# ----------------------------------------------------------------------------------------------------------------


def test_S_PASS_6_nobody_accepts_the_sender_must_take_it_with_a_step1_window_on_every_leg() -> None:
    g = build(players=4, hands={0: ["B:intercept", "R:decode"], 2: ["K:intercept"]}, at="pass")
    s = Script(g)
    s.do("0: send c{B:intercept}")
    card = g.passing.card  # type: ignore[union-attr]
    s.do("2: pass", "1: decline")  # leg 0 -> 1
    s.do("2: pass", "2: decline")  # leg 1 -> 2
    s.do("2: pass", "3: decline")  # leg 2 -> 3
    s.do("2: pass")  # leg 3 -> 0: the return leg has its own Step-1 window
    s.do("0: pass")  # Step 2 at the sender: he could 破译 his own card
    assert arrivals(g) == [1, 2, 3, 0]
    assert g.seats[0].intel == [card]
    assert events(g, "obtain")[-1] == {"kind": "obtain", "seat": 0, "card": card, "how": "forced", "source": 0}


def test_S_PASS_6_at_the_sender_there_is_a_step2_window_but_no_return_and_no_choice() -> None:
    g = build(
        players=4,
        hands={0: ["R:return", "R:decode"], 2: ["K:burn"]},
        intel={1: ["K:true_or_false"]},
        transit={"card": "B:intercept", "holder": 3},
        at="step1",
    )
    s = Script(g)
    card = g.passing.card  # type: ignore[union-attr]
    s.do("2: pass")  # Step 1 of the last leg
    s.expect(0, "priority", "step2")  # the sender may 破译 his own card (pointless) but not 退回 it
    assert uses_offered(g, 0) == {"decode"}
    s.do("0: pass")
    s.expect(2, "priority", "step2")
    s.do("2: play c{K:burn} burn @1 x{K:true_or_false@1}")
    s.do("0: pass")  # the burn resolves (seat 2 has nothing left) ...
    s.do("0: pass")  # ... then a fresh round of passes
    assert g.seats[1].intel == []
    assert g.seats[0].intel == [card]  # no receive decision: he must take it
    assert [e["how"] for e in events(g, "obtain")] == ["forced"]


def test_S_PASS_7_sender_dead_and_nobody_accepts_the_card_is_discarded() -> None:
    g = build(hands={0: ["B:intercept", "R:probe"]}, at="pass")
    add_rules(g, KillOn(2, "arrive", victim=0, at=4))  # the sender dies while the card is with seat 4
    s = Script(g)
    s.do("0: send c{B:intercept}")
    card = g.passing.card  # type: ignore[union-attr]
    s.do("1: decline", "2: decline", "3: decline")
    assert not g.seats[0].alive
    s.do("4: decline")
    assert arrivals(g) == [1, 2, 3, 4]
    assert card in g.discard
    assert events(g, "intel_discarded") == [{"kind": "intel_discarded", "card": card, "sender": 0}]
    assert all(card not in st.intel for st in g.seats)
    assert g.passing is None or g.passing.finished


def test_S_PASS_7_dead_sender_of_a_direct_card_that_is_declined() -> None:
    g = build(hands={0: ["K:lock", "R:probe"]}, at="pass")
    add_rules(g, KillOn(2, "arrive", victim=0, at=2))
    s = Script(g)
    s.do("0: send c{K:lock} @2")
    card = g.passing.card  # type: ignore[union-attr]
    s.do("2: decline")
    assert card in g.discard and events(g, "intel_discarded")
    assert arrivals(g) == [2]


def test_S_PASS_7_S_DEATH_7_secret_card_back_at_its_sender_who_dies_in_his_step_2_is_discarded() -> None:
    """The 密电 went all the way round; its sender dies in his own Step 2: nobody accepted it, so it is discarded
    (003「假如传出情报者在传递过程中死亡而该情报无人接收则将其置入弃牌堆」, 000「情报传递一圈后如无人接收则做弃掉处理」),
    not sent round a second time."""
    g = build(hands={0: ["B:intercept", "R:probe"]}, at="pass")
    add_rules(g, KillOn(2, "arrive", victim=0, at=0))  # the sender dies when the card comes back to him
    s = Script(g)
    s.do("0: send c{B:intercept}")
    card = g.passing.card  # type: ignore[union-attr]
    s.do("1: decline", "2: decline", "3: decline", "4: decline")
    assert not g.seats[0].alive
    assert arrivals(g) == [1, 2, 3, 4, 0]  # one round, no second
    assert card in g.discard and all(card not in st.intel for st in g.seats)
    assert events(g, "intel_discarded") == [{"kind": "intel_discarded", "card": card, "sender": 0}]
    assert g.passing is None or g.passing.finished


# ----------------------------------------------------------------------------------------------------------------
# S-PASS-8 / 9 / 10 / 11 / 12
# ----------------------------------------------------------------------------------------------------------------


def test_S_PASS_8_card_moves_on_only_after_everything_resolved_and_a_full_round_of_passes() -> None:
    # everyone holds 烧毁 and there is a false intelligence on the table, so everyone is asked in every window
    g = build(
        hands={0: ["R:burn"], 1: ["K:burn", "R:lure_away"], 2: ["B:burn"], 3: ["K:burn"], 4: ["B:burn"]},
        intel={4: ["K:true_or_false"]},
        transit={"card": "B:decode"},
        at="step1",
    )
    s = Script(g)
    s.do("0: pass", "1: play c{R:lure_away} lure_away @2")
    # after an action, priority goes to the actor's right-hand neighbour
    s.do("2: pass", "3: pass", "4: pass", "0: pass", "1: pass")
    # resolved; the current player holds priority again, the card has not moved yet
    assert events(g, "lured")[0]["seat"] == 2
    assert arrivals(g) == []
    s.expect(0, "priority", "step1")
    s.do("0: pass", "1: pass", "2: pass", "3: pass", "4: pass")
    assert arrivals(g) == [1]
    kinds = [e.kind for e in g.events]
    assert kinds.index("resolve") < kinds.index("arrive")
    s.expect(0, "priority", "step2")


def test_S_PASS_9_lured_away_and_dead_players_are_skipped() -> None:
    g = build(
        dead=[3],
        transit={"card": "B:decode", "lured": [1]},
        at="step1",
    )
    s = Script(g)
    card = g.passing.card  # type: ignore[union-attr]
    s.do("2: decline")  # the card went past lured-away seat 1
    s.do("4: decline")  # and past dead seat 3
    assert arrivals(g) == [2, 4, 0]
    assert card in g.seats[0].intel


def test_S_PASS_10_after_return_no_receive_decision_and_the_reverse_direction_stays() -> None:
    # 003's example: E's 退回 sends the card back to C; when C declines again it goes on to B
    g = build(hands={0: ["B:decode", "R:probe"], 3: ["R:return"], 4: ["K:intercept"]}, at="pass")
    s = Script(g)
    s.do("0: send c{B:decode}")
    s.do("4: pass", "1: decline", "4: pass", "2: decline", "4: pass")
    s.expect(3, "priority", "step2")
    s.do("3: play c{R:return} return")
    # no receive decision for seat 3: the card travels back through a Step-1 window
    s.expect(4, "priority", "step1")
    assert g.passing.direction == -1  # type: ignore[union-attr]
    s.do("4: pass", "2: decline", "4: pass", "1: decline", "4: pass")
    assert arrivals(g) == [1, 2, 3, 2, 1, 0]
    assert [e["seat"] for e in events(g, "decline")] == [1, 2, 2, 1]
    assert events(g, "returned") == [{"kind": "returned", "seat": 3, "direction": -1}]
    assert events(g, "obtain")[-1]["seat"] == 0 and events(g, "obtain")[-1]["how"] == "forced"


def test_S_PASS_11_a_player_dies_while_the_card_moves_and_the_pass_goes_on() -> None:
    g = build(hands={0: ["B:decode", "R:probe"]}, at="pass")
    add_rules(g, KillOn(4, "send", victim=2))
    s = Script(g)
    s.do("0: send c{B:decode}")
    assert not g.seats[2].alive
    s.do("1: decline", "3: accept")
    assert arrivals(g) == [1, 3]


def test_S_PASS_11_the_holder_dies_on_arrival_and_the_card_goes_on_without_his_decision() -> None:
    g = build(hands={0: ["B:decode", "R:probe"]}, at="pass")
    add_rules(g, KillOn(4, "arrive", victim=1, at=1))
    s = Script(g)
    s.do("0: send c{B:decode}")
    s.do("2: accept")
    assert arrivals(g) == [1, 2]
    assert events(g, "decline") == []


def test_S_PASS_11_the_direct_target_dies_and_the_card_goes_back_to_the_sender_as_intelligence() -> None:
    g = build(hands={0: ["K:lock", "R:probe"], 3: ["K:intercept"]}, at="pass")
    add_rules(g, KillOn(4, "send", victim=2))
    s = Script(g)
    s.do("0: send c{K:lock} @2")
    card = g.passing.card  # type: ignore[union-attr]
    s.do("3: pass")  # Step 1 towards the (now dead) target
    assert events(g, "turn_back") == [{"kind": "turn_back", "target": 2}]
    s.do("3: pass")  # Step 1 on the way back
    assert arrivals(g) == [0]
    assert card in g.seats[0].intel and card not in g.seats[0].hand  # taken as intelligence


def _pass_ends(g: Game, expect_how: str | None) -> None:
    p = g.passing
    assert p is None or p.finished
    assert g.turn == 2 and g.current == 1  # the turn went on to the next player
    kinds = [e.kind for e in g.events]
    end = kinds.index("obtain" if expect_how else "intel_discarded")
    assert not {"arrive", "decline", "turn_back"} & set(kinds[end:])  # nothing moved after that
    assert len(events(g, "obtain")) == (1 if expect_how else 0)
    if expect_how:
        assert events(g, "obtain")[0]["how"] == expect_how


def test_S_PASS_12_the_pass_ends_when_the_card_is_accepted() -> None:
    g = build(hands={3: ["K:intercept"]}, transit={"card": "B:decode", "holder": 1}, at="step3")
    Script(g).do("1: accept")
    _pass_ends(g, "accept")
    assert arrivals(g) == []  # no further leg, no more Step-1 window for seat 3's 截获


def test_S_PASS_12_the_pass_ends_when_the_card_is_forced_on_the_sender() -> None:
    g = build(hands={2: ["K:intercept"]}, transit={"card": "B:decode", "holder": 4}, at="step1")
    Script(g).do("2: pass")
    _pass_ends(g, "forced")
    assert arrivals(g) == [0]


def test_S_PASS_12_the_pass_ends_when_the_card_is_intercepted() -> None:
    g = build(hands={2: ["K:intercept", "B:intercept"]}, transit={"card": "B:decode"}, at="step1")
    s = Script(g)
    s.do("2: play c{K:intercept} intercept")
    s.do("2: pass")
    _pass_ends(g, "intercept")
    assert arrivals(g) == []
    assert len(g.seats[2].hand) == 1  # no further Step-1 window in which he could intercept again


def test_S_PASS_12_the_pass_ends_when_the_card_is_discarded() -> None:
    # the sender (seat 0) has died during the pass; the card is on its last leg
    g = build(dead=[0], transit={"card": "B:decode", "holder": 4}, at="step1")
    _pass_ends(g, None)
    assert len(events(g, "intel_discarded")) == 1
    assert g.current == 1  # the turn went on


# ----------------------------------------------------------------------------------------------------------------
# S-PASS-13: the table of cards per step
# ----------------------------------------------------------------------------------------------------------------

TABLE_HANDS = {
    0: [*_hand("R"), "R:true_or_false"],
    1: [*_hand("B"), "B:true_or_false"],
    2: [*_hand("K"), "K:true_or_false"],
}


def test_S_PASS_13_play_phase_column() -> None:
    g = build(hands=TABLE_HANDS, intel={4: ["K:lock"]}, at="play")
    Script(g).expect(0, "priority", "play")
    assert uses_offered(g, 0) == {"lock", "burn", "probe", "true_or_false"}
    assert uses_offered(g, 1) == {"burn"}
    assert uses_offered(g, 2) == {"burn"}


def test_S_PASS_13_step1_column() -> None:
    g = build(hands=TABLE_HANDS, intel={4: ["K:lock"]}, transit={"card": "R:decode"}, at="step1")
    s = Script(g)
    s.expect(0, "priority", "step1")
    assert uses_offered(g, 0) == {"lock", "lure_away", "burn"}  # 锁定: current player only; no 截获 for him
    for other in (1, 2):
        assert uses_offered(g, other) == {"lure_away", "intercept", "burn"}
    s.do("0: play c{R:lure_away} lure_away @3")  # 识破 only in response to a card
    for seat in (0, 1, 2):
        assert "see_through" in uses_offered(g, seat)
    for seat in (0, 1, 2):
        assert not uses_offered(g, seat) & {"decode", "return", "probe", "true_or_false"}


def test_S_PASS_13_step2_column() -> None:
    g = build(hands=TABLE_HANDS, intel={4: ["K:lock"]}, transit={"card": "R:decode", "holder": 1}, at="step2")
    s = Script(g)
    s.expect(0, "priority", "step2")
    assert uses_offered(g, 0) == {"burn"}
    assert uses_offered(g, 1) == {"decode", "return", "burn"}  # only the player reached
    assert uses_offered(g, 2) == {"burn"}
    s.do("0: pass", "1: play c{B:decode} decode")
    for seat in (0, 1, 2):
        assert "see_through" in uses_offered(g, seat)
        assert not uses_offered(g, seat) & {"lock", "lure_away", "intercept", "probe", "true_or_false"}


def test_S_PASS_13_step3_column_and_no_return_for_a_locked_player() -> None:
    g = build(hands=TABLE_HANDS, intel={4: ["K:lock"]}, transit={"card": "R:decode", "holder": 1}, at="step3")
    d = Script(g).expect(1, "receive", "step3")
    assert {str(o) for o in d.options} == {"accept", "decline"}
    g2 = build(
        hands=TABLE_HANDS, intel={4: ["K:lock"]}, locks=[1], transit={"card": "R:decode", "holder": 1}, at="step2"
    )
    Script(g2).expect(0, "priority", "step2")
    assert uses_offered(g2, 1) == {"decode", "burn"}  # 退回 not if he is locked


# ----------------------------------------------------------------------------------------------------------------
# EX-2 (003), with test-only stand-ins for 黑玫瑰 and 柒佰
# ----------------------------------------------------------------------------------------------------------------


class BloodRose(Rule):
    """Stand-in for 黑玫瑰's 血染玫瑰: show the top card of the deck; if black, put up to three false intelligence
    from your hand in front of a player. An activated skill that goes on the stack (S-PRIO-13)."""

    def actions(self, g: Game, seat: int, win: Window) -> list[Option]:
        hand = g.seats[self.owner].hand
        if seat != self.owner or not win.stack or win.kind != "step1" or not any(IS_BLACK[c] for c in hand):
            return []
        return [Option(SKILL, use="blood_rose", target=s.index) for s in g.seats if s.in_game]

    def play(self, g: Game, option: Option, win: Window) -> Use | None:
        return g.new_use(self.owner, "blood_rose", option.target)

    def resolve(self, g: Game, use: Use) -> None:
        top = g.deck[-1]
        if IS_BLACK[top]:
            blacks = [c for c in g.seats[self.owner].hand if IS_BLACK[c]][:3]
            for c in blacks:
                g.seats[self.owner].hand.remove(c)
                g.obtain(use.target, c, source=self.owner, how="skill")


def test_EX_2_passing_phase_example_lure_intercept_killed_decode_return_lock_beats_lure() -> None:
    # A..E = seats 0..4, A's turn. B has two false intelligence already.
    g = build(
        identities=["ug", "mi", "ug", "mi", "by"],
        hands={
            0: ["K:decode", "R:lure_away", "R:decode"],
            1: ["K:lock", "K:return", "K:lure_away"],
            3: ["K:intercept"],
            4: ["B:decode", "B:return", "B:lock"],
        },
        intel={1: ["K:probe", "K:see_through"]},
        deck=["K:burn"],
        at="pass",
    )
    add_rules(g, BloodRose(1), AnyTurnLock(4))
    s = Script(g)
    s.do("0: send c{K:decode}")  # A sends a 密电 (black)
    card = g.passing.card  # type: ignore[union-attr]
    s.do("0: play c{R:lure_away} lure_away @1")  # and lures B away
    s.do("1: pass", "3: pass", "4: pass")  # the lure resolves
    assert g.passing.lured == [1]  # type: ignore[union-attr]
    s.do("1: pass", "3: play c{K:intercept} intercept")  # D plays 截获
    s.do("4: pass", "1: skill blood_rose @3")  # B answers with 血染玫瑰 on D
    s.do("4: pass", "1: pass")  # all pass: the skill resolves first (LIFO)
    assert not g.seats[3].alive  # D has three false intelligence and dies ...
    assert any(e["use"] == "intercept" and e["why"] == "user_gone" for e in events(g, "fizzle"))  # ... his 截获 fails
    s.do("4: pass")  # nobody acts; the card goes to C (B is skipped)
    s.do("2: decline")
    s.do("4: pass")  # the card goes to E (D is dead)
    assert arrivals(g) == [2, 4]
    s.do("4: play c{B:decode} decode", "4: pass")  # E decodes ...
    assert 4 in g.passing.seen  # type: ignore[union-attr]
    s.do("4: play c{B:return} return")  # ... then returns it
    s.do("4: pass")
    s.do("2: decline")  # back at C, who declines again
    # back in Step 1, E (柒佰) locks B during A's turn; the lock cancels the earlier 调虎离山
    s.do("4: play c{B:lock} lock @1")
    assert [e["seat"] for e in events(g, "locked")] == [1]
    kinds = [e.kind for e in g.events]
    assert kinds.index("locked") < len(kinds) - 1 - kinds[::-1].index("arrive")  # B was reached after the lock
    # the card reaches B, who has to accept it: it is black, B has three false intelligence and dies
    assert arrivals(g) == [2, 4, 2, 1]
    assert events(g, "obtain")[-1] == {"kind": "obtain", "seat": 1, "card": card, "how": "forced", "source": 0}
    assert not g.seats[1].alive
    assert [e["seat"] for e in events(g, "died")] == [3, 1]
    assert CARD_TYPE[card] == "decode"
    assert g.passing is None or g.passing.finished
