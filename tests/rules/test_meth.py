"""Passing methods: 密电, 直达, 文本 (S-METH-1..6)."""

from __future__ import annotations

from typing import Any

from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import Clockwise, add_rules, arrivals, events
from tests.helpers import build_table as build


def seen_by(g: Game, seat: int | None, kind: str) -> list[dict[str, Any]]:
    return [e for e in g.events_for(seat) if e["kind"] == kind]


def test_S_METH_1_secret_goes_face_down_to_the_right_and_back_to_the_sender() -> None:
    g = build(players=4, hands={0: ["K:intercept", "R:probe"]}, at="pass")
    s = Script(g)
    s.do("0: send c{K:intercept}")
    card = g.passing.card  # type: ignore[union-attr]
    assert g.passing.method == "secret" and not g.passing.face_up  # type: ignore[union-attr]
    # face down: nobody but the sender sees the card, neither at the send nor when it arrives
    for seat in (None, 1, 2, 3):
        assert "card" not in seen_by(g, seat, "send")[0]
        assert all("card" not in e for e in seen_by(g, seat, "arrive"))
        assert g.view(seat)["transit"]["card"] is None
    assert seen_by(g, 0, "send")[0]["card"] == card
    assert g.view(0)["transit"]["card"] == card
    s.do("1: decline", "2: decline", "3: decline")
    assert arrivals(g) == [1, 2, 3, 0]  # right-hand neighbour each time
    assert g.seats[0].intel == [card]
    assert events(g, "obtain")[0]["how"] == "forced"


def test_S_METH_1_a_player_on_the_way_may_take_it() -> None:
    g = build(hands={0: ["K:intercept", "R:probe"]}, at="pass")
    s = Script(g)
    s.do("0: send c{K:intercept}", "1: decline", "2: accept")
    assert g.seats[2].intel and events(g, "obtain")[0]["seat"] == 2
    assert arrivals(g) == [1, 2]


def test_S_METH_2_direct_names_any_other_player_who_takes_it_or_sends_it_back() -> None:
    g = build(hands={0: ["K:lock", "R:probe"]}, dead=[2], at="pass")
    s = Script(g)
    d = s.expect(0, "send")
    lock = s.card("K:lock", 0)
    # any one player, never the sender himself, never a dead player
    assert sorted(o.target for o in d.options if o.card == lock) == [1, 3, 4]
    s.do(f"0: send c{lock} @3")
    p = g.passing
    assert p is not None and p.method == "direct" and p.target == 3 and not p.face_up
    assert events(g, "send")[0]["target"] == 3  # the target is named in Step 1, publicly
    s.do("3: decline")
    # the card went straight to seat 3 (nobody on the way was reached) and came back to the sender, who must take it
    assert arrivals(g) == [3, 0]
    assert g.seats[0].intel == [lock]
    assert [(e["seat"], e["how"]) for e in events(g, "obtain")] == [(0, "forced")]


def test_S_METH_2_direct_target_accepts() -> None:
    g = build(hands={0: ["K:lock", "R:probe"]}, at="pass")
    s = Script(g)
    s.do("0: send c{K:lock} @4", "4: accept")
    assert arrivals(g) == [4]
    assert len(g.seats[4].intel) == 1 and events(g, "obtain")[0]["how"] == "accept"


def test_S_METH_3_text_is_like_secret_but_face_up() -> None:
    g = build(players=4, hands={0: ["R:lure_away", "R:probe"]}, at="pass")
    s = Script(g)
    s.do("0: send c{R:lure_away}")
    card = g.passing.card  # type: ignore[union-attr]
    assert g.passing.method == "text" and g.passing.face_up  # type: ignore[union-attr]
    for seat in (None, 1, 2, 3):
        assert seen_by(g, seat, "send")[0]["card"] == card
        assert g.view(seat)["transit"]["card"] == card
    s.do("1: decline")
    assert all(e["card"] == card for e in seen_by(g, None, "arrive"))
    s.do("2: decline", "3: decline")
    assert arrivals(g) == [1, 2, 3, 0]
    assert g.seats[0].intel == [card]


def test_S_METH_4_obtained_intelligence_lies_face_up_whatever_the_method() -> None:
    for spec, extra in (("K:intercept", ""), ("K:lock", " @1"), ("R:lure_away", "")):
        g = build(hands={0: [spec, "R:probe"]}, at="pass")
        s = Script(g)
        card = s.card(spec, 0)
        s.do(f"0: send c{card}{extra}", "1: accept")
        assert g.seats[1].intel == [card]
        for seat in (None, 2, 3):
            assert g.view(seat)["seats"][1]["intel"] == [card]
            assert seen_by(g, seat, "obtain")[0]["card"] == card


def test_S_METH_5_the_receiver_decides_without_looking_unless_he_decodes() -> None:
    g = build(hands={0: ["K:intercept", "R:probe"], 1: ["B:decode"], 2: ["R:decode"]}, at="pass")
    s = Script(g)
    s.do("0: send c{K:intercept}")
    card = g.passing.card  # type: ignore[union-attr]
    s.do("1: pass")  # Step 2: seat 1 does not decode
    s.expect(1, "receive", "step3")
    assert g.view(1)["transit"]["card"] is None  # he decides blind
    s.do("1: decline")
    assert 1 not in g.passing.seen  # type: ignore[union-attr]  # a player who declines never sees it
    s.do("2: play c{R:decode} decode")
    s.expect(2, "receive", "step3")
    assert g.view(2)["transit"]["card"] == card  # 破译 lets him look first
    assert g.view(1)["transit"]["card"] is None


def test_S_METH_6_direction_skill_mechanism_the_passing_direction_is_honoured_and_return_reverses_it() -> None:
    # waiting for characters: the real 逢缘 / 贝雷帽 skills; this checks the engine honours a chosen direction
    g = build(hands={0: ["K:intercept", "R:probe"], 3: ["R:return"]}, at="pass")
    add_rules(g, Clockwise(0))
    s = Script(g)
    s.do("0: send c{K:intercept}")
    assert g.passing.direction == -1  # type: ignore[union-attr]
    s.do("4: decline")
    s.do("3: play c{R:return} return")  # 退回 still reverses it
    s.do("4: decline")
    assert arrivals(g) == [4, 3, 4, 0]
