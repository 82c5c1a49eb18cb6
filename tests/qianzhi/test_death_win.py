"""千智风声 death, victory and terms (Q-DEATH, Q-WIN, Q-ID, Q-TERM)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, obtained
from tests.qianzhi.common import build


def test_Q_DEATH_1_Q_DEATH_2_three_black_kill_then_discard_and_reveal() -> None:
    g = build(4, at="pass", hands={0: ["K:lock", "R:lock"], 1: ["B:lock"]}, intel={1: ["K:burn", "K:swap"]})
    s = Script(g)
    s.do("0: send c{K:lock}", "1: accept")
    died = events(g, "died")
    assert [e["seat"] for e in died] == [1] and died[0]["identity"] == "military_intel"
    s1 = g.seats[1]
    assert not s1.alive and s1.identity_revealed and s1.hand == [] and s1.intel == []
    assert len(g.discard) == 4  # his hand and his three intelligence
    kinds = [e.kind for e in g.events]
    assert kinds.index("dying") < kinds.index("died")


def test_Q_ID_1_Q_WIN_1_Q_WIN_3_three_red_and_the_underground_faction_declares_and_wins_together() -> None:
    g = build(
        4,
        ["ug", "mi", "ug", "by"],
        at="pass",
        current=1,
        hands={1: ["R:intercept", "B:lock"]},
        intel={0: ["R:swap", "R:burn"]},
    )
    s = Script(g)
    s.do("1: send c{R:intercept} @0", "0: accept")
    s.expect(0, "declare")
    s.do("0: declare")
    assert g.result["winners"] == [0, 2] and g.result["declarer"] == 0 and g.result["factions"] == ["underground"]


def test_Q_WIN_2_the_last_player_standing_wins_even_a_bystander() -> None:
    g = build(
        3,
        ["ug", "mi", "by"],
        at="pass",
        current=2,
        hands={2: ["K:intercept", "R:lock"]},
        intel={0: ["K:burn", "K:swap"]},
        dead=[1],
    )
    s = Script(g)
    s.do("2: send c{K:intercept} @0", "0: accept")
    assert g.result["reason"] == "last_standing" and g.result["winners"] == [2]


def test_Q_TERM_2_obtaining_puts_the_card_face_up_in_front_of_the_player() -> None:
    g = build(4, at="pass", hands={0: ["K:decode", "R:lock"]})
    card = g.seats[0].hand[0]
    Script(g).do("0: send c{K:decode}", "1: accept")
    assert g.seats[1].intel == [card]
    assert all(e["card"] == card for e in events(g, "obtain"))
    assert any(e["kind"] == "obtain" and e["card"] == card for e in g.events_for(3))  # everyone sees it


def test_Q_TERM_4_inspecting_shows_the_card_to_the_inspector_only() -> None:
    g = build(4, at="step2", hands={1: ["R:decode"]}, transit={"card": "K:lock", "holder": 1})
    card = g.passing.card
    Script(g).do("1: play c{R:decode} decode")
    assert any(e["kind"] == "decoded" and e.get("card") == card for e in g.events_for(1))
    assert not any(e["kind"] == "decoded" and e.get("card") == card for e in g.events_for(2))


def test_Q_TERM_6_drawing_takes_from_the_top_of_the_deck() -> None:
    g = build(4, at="draw", deck=["K:gamble", "K:gamble", "K:rebalance"])
    tops = [c for c in g.seats[0].hand]
    assert {g.edition.deck[c].type for c in tops} == {"gamble"}


def test_Q_TERM_9_burning_puts_the_intelligence_in_the_discard_pile() -> None:
    g = build(4, at="play", hands={0: ["R:burn"]}, intel={2: ["K:lock"]})
    s = Script(g)
    black = g.seats[2].intel[0]
    s.do(f"0: play c{{R:burn}} burn @2 x{black}")
    assert g.seats[2].intel == [] and black in g.discard


def test_Q_TERM_10_when_only_if_it_took_effect_a_cancelled_probe_does_nothing() -> None:
    g = build(4, ["ug", "mi", "by", "ug"], at="play", hands={0: ["R:probe:mi:draw"], 1: ["K:see_through"]})
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1", "1: play c{K:see_through} see_through ^top")
    assert events(g, "probe") == [] and events(g, "probe_answer") == []
    probe = events(g, "use")[0]["card"]
    assert probe in g.discard and probe not in g.probes_out  # its text, which removes it, never happened
    assert [e["seat"] for e in events(g, "draw")][-1] != 0  # the user drew nothing for it


def test_Q_TERM_11_discards_are_face_up_everyone_sees_them() -> None:
    g = build(4, at="play", hands={0: ["K:rebalance", "R:lock", "B:lock"]}, deck=["R:decode", "B:decode"])
    s = Script(g)
    s.do("0: play c{K:rebalance} rebalance", "0: pass")
    shown = [e["card"] for e in g.events_for(2) if e["kind"] == "discarded"]
    assert len(shown) == 2 and all(c is not None for c in shown)
    assert set(shown) <= set(g.view(3)["discard"])


def test_Q_TERM_3_showing_a_swapped_card_is_seen_by_all() -> None:
    g = build(4, at="step1", hands={2: ["B:swap"]}, transit={"card": "K:decode"})
    Script(g).do("2: play c{B:swap} swap")
    new = g.passing.card
    assert g.edition.deck[new].type == "swap" and g.passing.face_up
    assert any(e["kind"] == "swapped" and e["card"] == new for e in g.events_for(1))
    assert obtained(g) == []
