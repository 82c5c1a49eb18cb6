"""千智风声 turn structure and passing (Q-TURN, Q-PASS, Q-LOSE)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import arrivals, events, obtained, opts
from tests.qianzhi.common import QZ, build


def test_Q_TURN_1_draw_two_then_play_then_skip_ahead_to_passing() -> None:
    assert QZ.switches.draw_count == 2
    g = build(4, at="start", hands={0: ["K:lock"]}, deck=["R:decode", "B:decode"])
    s = Script(g)
    s.expect(0, "priority", "play")
    assert len(g.seats[0].hand) == 3
    assert [e["count"] for e in events(g, "draw") if e["seat"] == 0][-1] == 2
    s.do("0: pass")  # nothing more to do: on to the passing phase
    s.expect(0, "send", "pass")


def test_Q_TURN_2_exactly_one_intelligence_sent_and_the_turn_ends() -> None:
    g = build(4, at="pass", hands={0: ["K:decode", "R:decode"]}, deck=["B:lock"] * 1 + ["R:lock"] * 2)
    s = Script(g)
    s.do("0: send c{K:decode}", "1: accept")
    assert obtained(g) == [(1, "accept")]
    assert g.current == 1 and [e.kind for e in g.events].count("send") == 1  # one card sent in seat 0's turn
    assert len(g.seats[0].hand) == 1


def test_Q_TURN_3_turns_go_counterclockwise_and_there_is_no_end_phase() -> None:
    assert QZ.turn_plan == ("start", "draw", "play", "pass")
    g = build(4, at="pass", current=2, hands={2: ["K:decode", "R:lock"]})
    s = Script(g)
    s.do("2: send c{K:decode}", "3: accept")
    assert g.current == 3  # right-hand player next
    assert not any(e.kind == "phase" and e.phase == "end" for e in g.events)


def test_Q_PASS_2_secret_goes_right_face_down_a_decliner_never_sees_it_and_it_returns_to_the_sender() -> None:
    g = build(4, at="pass", hands={0: ["K:decode", "R:lock"]})
    s = Script(g)
    s.do("0: send c{K:decode}", "1: decline", "2: decline", "3: decline")
    assert arrivals(g) == [1, 2, 3, 0]
    assert all("card" not in e or e["card"] is None for e in events(g, "arrive"))
    for seat in (1, 2, 3):
        assert all(e.get("card") is None for e in g.events_for(seat) if e["kind"] in ("arrive", "send"))
    assert obtained(g) == [(0, "forced")]  # back to the sender, who must take it


def test_Q_PASS_3_direct_to_any_player_declined_goes_back_to_the_sender_who_must_take_it() -> None:
    g = build(4, at="pass", hands={0: ["K:intercept"]})
    s = Script(g)
    assert {o.target for o in g.decision.options} == {1, 2, 3}
    s.do("0: send c{K:intercept} @2", "2: decline")
    assert arrivals(g) == [2, 0] and obtained(g) == [(0, "forced")]
    assert all(e.get("card") is None for e in g.events_for(2) if e["kind"] == "arrive")


def test_Q_PASS_4_text_goes_right_face_up() -> None:
    g = build(4, at="pass", hands={0: ["R:lure_away", "R:lock"]})
    s = Script(g)
    s.do("0: send c{R:lure_away}", "1: decline")
    card = g.passing.card
    assert all(e["card"] == card for e in events(g, "arrive"))
    assert any(e["kind"] == "arrive" and e.get("card") == card for e in g.events_for(3))


def test_Q_PASS_1_intelligence_has_no_effect_and_cards_in_hand_are_not_intelligence() -> None:
    # three red cards in hand do not win; three red intelligence in front of an underground player do
    g = build(4, at="pass", hands={0: ["R:decode", "R:lock", "R:burn", "K:decode"]}, intel={0: ["R:swap", "R:probe"]})
    s = Script(g)
    assert g.result is None
    s.do("0: send c{K:decode}", "1: accept")  # a decode as intelligence decodes nothing
    assert events(g, "decoded") == [] and g.result is None
    g2 = build(4, at="pass", hands={1: ["R:intercept", "K:decode"]}, intel={0: ["R:swap", "R:probe"]}, current=1)
    Script(g2).do("1: send c{R:intercept} @0", "0: accept", "0: declare")
    assert g2.result is not None and g2.result["factions"] == ["underground"]


def test_Q_PASS_5_as_a_function_card_only_the_name_counts() -> None:
    g = build(4, at="play", hands={0: ["K:lock", "R:lock", "B:lock"]})
    by_card = {o.card: (o.use, o.target) for o in g.decision.options if o.kind == "play"}
    uses = {u for u, _ in by_card.values()}
    assert uses == {"lock"} and len({c for c in by_card}) == 3
    targets = {c: {o.target for o in g.decision.options if o.card == c} for c in by_card}
    assert all(t == {1, 2, 3} for t in targets.values())  # the same use whatever the colour


def test_Q_LOSE_1_cannot_send_loses_at_the_end_of_the_turn_without_death_and_reveals_both_cards() -> None:
    g = build(4, at="pass", hands={0: []}, intel={0: ["R:lock"]})
    assert g.current == 1  # seat 0 could not send: he lost at the end of his turn, and seat 1 plays
    assert events(g, "lost") and events(g, "lost")[0]["seat"] == 0
    assert events(g, "died") == [] and events(g, "dying") == []
    s0 = g.seats[0]
    assert s0.lost and not s0.in_game and s0.identity_revealed and s0.intel == [] and s0.hand == []
    assert "cannot_send" in opts(g) or g.decision.seat == 1
