"""千智风声 card texts (Q-CARD-*, A-83, A-84, A-86, A-87, A-89, A-97, A-100)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import arrivals, events, obtained, uses_offered
from tests.qianzhi.common import build, card_of


def targets(g, seat: int, use: str) -> set[int]:  # type: ignore[no-untyped-def]
    from tests.helpers import window

    return {o.target for o in g.priority_options(seat, window(g)) if o.use == use}


# --- 破譯 ---------------------------------------------------------------------------------------------------------
def test_Q_CARD_DECODE_only_the_player_reached_inspects_it_before_deciding() -> None:
    g = build(4, at="step2", hands={1: ["R:decode"], 2: ["B:decode"]}, transit={"card": "K:lock", "holder": 1})
    assert uses_offered(g, 2) == set()  # not the card's holder
    card = g.passing.card
    s = Script(g)
    s.do("1: play c{R:decode} decode")
    assert [e.get("card") for e in g.events_for(1) if e["kind"] == "decoded"] == [card]
    assert [e.get("card") for e in g.events_for(2) if e["kind"] == "decoded"] == [None]
    s.expect(1, "receive", "step3")


# --- 鎖定 ---------------------------------------------------------------------------------------------------------
def test_Q_CARD_LOCK_A_83_own_play_phase_only_and_the_locked_player_must_accept() -> None:
    g = build(4, at="step1", auto_pass=False, hands={0: ["R:lock", "K:decode"]}, transit={"card": "B:decode"})
    assert uses_offered(g, 0) == set()  # not in the passing phase (standard Step 1 allows it)
    g = build(4, at="play", hands={0: ["R:lock", "K:decode"]})
    assert targets(g, 0, "lock") == {1, 2, 3}
    s = Script(g)
    s.do("0: play c{R:lock} lock @2")
    assert g.locks == [2]
    s.do("1: decline")  # the send was forced (one card); seat 2 gets no receive decision
    assert arrivals(g) == [1, 2] and obtained(g) == [(2, "forced")]


# --- 截獲 ---------------------------------------------------------------------------------------------------------
def test_Q_CARD_INTERCEPT_A_89_in_another_players_pass_obtained_at_once_even_when_lured_away() -> None:
    g = build(
        4,
        at="step1",
        auto_pass=False,
        hands={0: ["K:intercept"], 2: ["R:intercept"]},
        transit={"card": "B:decode", "lured": [2]},
    )
    assert uses_offered(g, 0) == set()  # not in your own pass
    s = Script(g)
    s.do("0: pass", "1: pass", "2: play c{R:intercept} intercept", "3: pass", "0: pass", "1: pass", "2: pass")
    assert obtained(g) == [(2, "intercept")]  # no receive decision, no route: 調虎離山 does not stop it


# --- 燒毀 ---------------------------------------------------------------------------------------------------------
def test_Q_CARD_BURN_one_black_intelligence_in_the_passing_phase_or_your_own_play_phase() -> None:
    g = build(4, at="play", auto_pass=False, hands={0: ["R:burn"], 1: ["B:burn"]}, intel={2: ["K:lock", "R:lock"]})
    black = card_of(g, "K:lock", 2, "intel")
    assert {(o.target, o.ref) for o in g.decision.options if o.use == "burn"} == {(2, black)}  # black only
    assert uses_offered(g, 1) == set()  # another player's play phase
    g = build(
        4, at="step1", auto_pass=False, hands={1: ["B:burn"]}, intel={2: ["K:lock"]}, transit={"card": "B:decode"}
    )
    assert uses_offered(g, 1) == {"burn"}
    g = build(
        4,
        at="step2",
        auto_pass=False,
        hands={3: ["B:burn"]},
        intel={2: ["K:lock"]},
        transit={"card": "B:decode", "holder": 1},
    )
    assert uses_offered(g, 3) == {"burn"}


# --- 轉移 ---------------------------------------------------------------------------------------------------------
def test_Q_CARD_TRANSFER_A_100_passed_on_to_another_player_who_must_accept() -> None:
    g = build(4, at="step2", hands={1: ["R:transfer"]}, transit={"card": "K:lock", "holder": 1, "lured": [3]})
    assert targets(g, 1, "transfer") == {0, 2}  # not himself, not a player lured away
    s = Script(g)
    s.do("1: play c{R:transfer} transfer @2")
    assert events(g, "transferred") == [{"kind": "transferred", "seat": 1, "target": 2}]
    assert arrivals(g) == [2] and obtained(g) == [(2, "forced")]  # no receive decision for seat 1 or seat 2


def test_Q_CARD_TRANSFER_A_100_not_by_a_player_who_must_accept_and_the_new_transit_may_be_intercepted() -> None:
    g = build(
        4, at="step2", auto_pass=False, hands={1: ["R:transfer"]}, locks=[1], transit={"card": "K:lock", "holder": 1}
    )
    assert uses_offered(g, 1) == set()  # locked: he must accept
    g = build(4, at="step2", auto_pass=False, hands={0: ["R:transfer"]}, transit={"card": "K:lock", "holder": 0})
    assert uses_offered(g, 0) == set()  # back at the sender: he must take it
    g = build(4, at="step2", hands={1: ["R:transfer"], 3: ["K:intercept"]}, transit={"card": "K:lock", "holder": 1})
    s = Script(g)
    s.do("1: play c{R:transfer} transfer @2", "3: play c{K:intercept} intercept")
    assert obtained(g) == [(3, "intercept")]


# --- 調虎離山 -------------------------------------------------------------------------------------------------------
def test_Q_CARD_LURE_Q_CARD_LURE_1_another_player_skips_this_pass() -> None:
    g = build(4, at="play", auto_pass=False, hands={0: ["R:lure_away", "K:decode"]})
    assert uses_offered(g, 0) == set()  # the passing phase only
    g = build(4, at="step1", hands={3: ["R:lure_away"]}, transit={"card": "K:decode"})
    assert targets(g, 3, "lure_away") == {1, 2}  # not himself (Q-CARD-LURE-1), not the sender
    s = Script(g)
    s.do("3: play c{R:lure_away} lure_away @1")
    assert arrivals(g) == [2]


# --- 識破 ---------------------------------------------------------------------------------------------------------
def test_Q_CARD_SEE_A_84_any_player_any_window_a_card_is_used_in_its_target_has_no_effect() -> None:
    g = build(4, at="play", auto_pass=False, hands={0: ["R:lock", "K:see_through"], 2: ["K:see_through"]})
    assert "see_through" not in uses_offered(g, 0)  # nothing to see through
    s = Script(g)
    s.do("0: play c{R:lock} lock @1", "1: pass", "2: play c{K:see_through} see_through ^top")
    s.do("3: pass", "0: pass", "1: pass", "2: pass")
    assert events(g, "locked") == [] and [e["use"] for e in events(g, "no_effect")] == ["lock"]


# --- 真偽莫辨 -------------------------------------------------------------------------------------------------------
def test_Q_CARD_TOF_A_97_each_player_from_the_user_takes_the_top_card_and_deaths_settle_between() -> None:
    g = build(
        4,
        at="play",
        current=1,
        hands={1: ["R:true_or_false", "K:decode"]},
        intel={3: ["K:burn", "K:swap"]},
        deck=["R:lock", "B:lock", "K:lock", "R:decode"],
    )
    s = Script(g)
    order = list(g.deck[::-1][:4])
    s.do("1: play c{R:true_or_false} true_or_false")
    got = [(e["seat"], e["card"], e["how"]) for e in events(g, "obtain")]
    assert got == [
        (1, order[0], "true_or_false"),
        (2, order[1], "true_or_false"),
        (3, order[2], "true_or_false"),
        (0, order[3], "true_or_false"),
    ]
    kinds = [e.kind for e in g.events]
    i3 = max(i for i, e in enumerate(g.events) if e.kind == "obtain" and e.seat == 3)
    assert "died" in kinds[i3:] and kinds.index("died", i3) < max(i for i, k in enumerate(kinds) if k == "obtain")


# --- 調包 ---------------------------------------------------------------------------------------------------------
def test_Q_CARD_SWAP_A_86_the_swap_card_goes_on_face_up_with_the_original_method() -> None:
    g = build(4, at="step1", hands={2: ["B:swap"]}, transit={"card": "K:decode"})
    old = g.passing.card
    s = Script(g)
    s.do("2: play c{B:swap} swap")
    new = g.passing.card
    assert g.edition.deck[new].type == "swap" and g.passing.method == "secret" and g.passing.face_up
    assert old in g.discard
    s.do("1: accept")
    assert g.seats[1].intel == [new]


# --- 增援 ---------------------------------------------------------------------------------------------------------
def test_Q_CARD_REINFORCE_A_87_draw_one_more_than_your_black_intelligence() -> None:
    for blacks, expected in ((0, 1), (2, 3)):
        intel = {0: [*["K:lock", "K:burn"][:blacks], "R:lock"]}
        g = build(4, at="play", hands={0: ["R:reinforce", "K:decode"]}, intel=intel)
        Script(g).do("0: play c{R:reinforce} reinforce")
        assert [e["count"] for e in events(g, "draw") if e["seat"] == 0][-1] == expected


# --- 博弈 ---------------------------------------------------------------------------------------------------------
def test_Q_CARD_GAMBLE_Q_CARD_GAMBLE_1_any_player_yourself_included_obtains_the_top_card() -> None:
    g = build(4, at="play", hands={0: ["K:gamble", "K:decode"]}, deck=["R:lock"])
    assert targets(g, 0, "gamble") == {0, 1, 2, 3}
    top = g.deck[-1]
    Script(g).do("0: play c{K:gamble} gamble @0")
    assert g.seats[0].intel == [top] and obtained(g) == [(0, "gamble")]
    assert g.intel_source[top] == 0


# --- 權衡 ---------------------------------------------------------------------------------------------------------
def test_Q_CARD_REBALANCE_discard_the_whole_hand_then_draw_as_many() -> None:
    g = build(4, at="play", hands={0: ["K:rebalance", "R:lock", "B:lock", "K:decode"]}, deck=["R:burn", "B:burn"])
    before = [c for c in g.seats[0].hand if g.edition.deck[c].type != "rebalance"]
    Script(g).do("0: play c{K:rebalance} rebalance", "0: pass")
    assert [e["card"] for e in events(g, "discarded")] == before
    assert [e["count"] for e in events(g, "draw") if e["seat"] == 0][-1] == 3


# --- 試探 ---------------------------------------------------------------------------------------------------------
def test_Q_CARD_PROBE_Q_CARD_PROBE_1_named_identity_draws_one_and_the_user_draws_one() -> None:
    g = build(4, ["ug", "mi", "by", "ug"], at="play", hands={0: ["R:probe:mi:draw", "K:decode"]})
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1")
    draws = [(e["seat"], e["count"]) for e in events(g, "draw")][-2:]
    assert draws == [(1, 1), (0, 1)]
    assert [e["answer"] for e in events(g, "probe_answer")] == ["draw_1"]


def test_Q_CARD_PROBE_1_discard_one_then_the_user_draws_one_otherwise_the_line_and_nothing_else() -> None:
    g = build(4, ["ug", "mi", "by", "ug"], at="play", hands={0: ["B:probe:by:discard", "K:decode"], 2: ["R:lock"]})
    s = Script(g)
    s.do("0: play c{B:probe:by:discard} probe @2")  # the only card to discard is a forced move
    assert [e["answer"] for e in events(g, "probe_answer")] == ["discard"]
    assert g.seats[2].hand == [] and [(e["seat"], e["count"]) for e in events(g, "draw")][-1] == (0, 1)
    g = build(4, ["ug", "mi", "by", "ug"], at="play", hands={0: ["K:probe:ug:draw", "K:decode"]})
    n = len(events(g, "draw"))
    Script(g).do("0: play c{K:probe:ug:draw} probe @1")
    assert [(e["answer"], e.get("line")) for e in events(g, "probe_answer")] == [("line", "其實我是卧底")]
    assert len(events(g, "draw")) == n  # nobody draws


def test_Q_PASS_6_a_probe_leaves_the_game_face_down_other_cards_go_to_the_discard_pile() -> None:
    g = build(4, at="play", hands={0: ["R:probe:mi:draw", "R:lock", "K:decode"]})
    probe, lock = card_of(g, "R:probe:mi:draw", 0), card_of(g, "R:lock", 0)
    s = Script(g)
    s.do(f"0: play c{probe} probe @2")
    s.do(f"0: play c{lock} lock @1")
    assert probe in g.probes_out and probe not in g.discard and lock in g.discard
    assert all(e.get("card") is None for e in g.events_for(3) if e["kind"] == "use" and e["uid"] == 1)
