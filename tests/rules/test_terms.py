"""S-TERM (the glossary, standard.md §16) and S-COMP-2: the defined terms behave as defined."""

from __future__ import annotations

from fengsheng.characters.base import wiped_out
from fengsheng.testing import Script
from tests.helpers import CARD_COLOUR, CHARACTERS, IS_BLACK, STANDARD_DECK, build, pool


def test_S_COMP_2_the_rules_use_108_components_not_the_retail_115() -> None:
    # 9 identity cards + 81 game cards + 18 character cards = 108; the supplement's 7 characters (one of them,
    # 易先生, cut off in the seeds) would make the retail listing's 115.
    assert len(STANDARD_DECK) == 81
    assert 9 + len(STANDARD_DECK) + len(pool("base")) == 108
    assert len(pool("all")) - len(pool("base")) == 6 and "yi_xian_sheng" not in CHARACTERS
    assert 108 + 7 == 115


def test_S_TERM_1_S_TERM_2_cards_in_hand_are_not_intelligence() -> None:
    # three black and three red cards in hand neither kill nor win: only intelligence in front of a player counts
    g = build(
        current=0,
        at="step3",
        transit={"card": "B:decode", "holder": 1},
        hands={1: ["K:lock", "K:burn", "K:decode", "R:lock", "R:burn", "R:decode"]},
        identities=["mi", "ug", "mi", "ug"],
    )
    card = g.passing.card  # type: ignore[union-attr]
    Script(g).do("1: accept")
    assert g.seats[1].intel == [card]
    assert g.seats[1].in_game and not g.declarable[1] and g.result is None
    assert sum(1 for c in g.seats[1].hand if IS_BLACK[c]) >= 3  # still in his hand (he has drawn since)


def test_S_TERM_3_cards_placed_by_a_skill_are_obtained_intelligence() -> None:
    # 黑玫瑰 places a black card from her hand in front of seat 1: he obtains it (face up, counts for death)
    g = build(
        current=0,
        at="play",
        hands={0: ["R:decode"], 1: ["K:burn"]},
        intel={1: ["K:lock", "K:decode"]},
        characters={1: "hei_mei_gui"},
        face_up={1: False},
        deck=["R:lock"],
        identities=["ug", "mi", "by", "ug"],
    )
    s = Script(g)
    card = s.card("K:burn", 1)
    s.do("1: skill hei_mei_gui.1", "1: pass")  # the others hold nothing usable (auto-pass); the flip resolves
    # the top card is red: one placement; she places her own black card in front of herself
    s.do("1: choose @1")  # her only black card: a forced choice
    obtains = [e.data for e in g.events if e.kind == "obtain"]
    assert obtains[-1] == {"seat": 1, "card": card, "how": "skill", "source": 1}
    assert not g.seats[1].alive  # her own third false intelligence: obtained is obtained


def test_S_TERM_5_false_means_black_and_true_means_red_or_blue() -> None:
    g = build(current=0, at="play", hands={0: ["K:burn"]}, intel={2: ["R:lock", "B:lock", "K:lock"]})
    burns = [o for o in g.decision.options if o.use == "burn"]
    assert [o.ref for o in burns] == [c for c in g.seats[2].intel if CARD_COLOUR[c] == "black"]  # only 假情报
    assert {CARD_COLOUR[c] for c in g.seats[2].intel if not IS_BLACK[c]} == {"red", "blue"}  # 真情报


def test_S_TERM_7_inspected_cards_are_seen_only_by_the_inspector() -> None:
    g = build(current=0, at="step2", transit={"card": "K:lock", "holder": 1}, hands={1: ["B:decode"]})
    s = Script(g)
    s.do("1: play c{B:decode} decode")
    s.expect(1, "receive")
    e = next(e for e in g.events if e.kind == "decoded")
    assert e.for_seat(1)["card"] == g.passing.card  # type: ignore[union-attr]
    for other in (0, 2, 3, None):
        assert "card" not in e.for_seat(other)
    assert g.view(1)["transit"]["card"] == g.passing.card  # type: ignore[union-attr]
    assert g.view(2)["transit"]["card"] is None


def test_S_TERM_12_draws_come_from_the_top_of_the_deck_and_takes_are_blind() -> None:
    g = build(current=0, at="draw", deck=["R:lock", "B:lock", "K:lock"])
    assert sorted(STANDARD_DECK[c].spec for c in g.seats[0].hand) == ["B:lock", "R:lock"]
    assert STANDARD_DECK[g.deck[-1]].spec == "K:lock"  # the next card on top
    # 六姐's 拷问 takes a card of the probed player's hand blind: she chooses whether, never which card
    g = build(
        current=0,
        at="play",
        hands={0: ["R:probe:ug:draw"], 1: ["B:decode", "K:decode"]},
        characters={0: "liu_jie"},
        identities=["ug", "mi", "by", "ug"],
    )
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @1")
    s.expect(0, "skill_choice")
    assert [str(o) for o in g.decision.options] == ["skill liu_jie.1", "pass"]  # no card to pick


def test_S_TERM_14_discards_are_face_up() -> None:
    g = build(current=0, at="play", hands={0: ["K:burn"]}, intel={2: ["K:lock"]})
    s = Script(g)
    burn = s.card("K:burn", 0)
    target = s.card("K:lock", 2, "intel")
    s.do(f"0: play c{burn} burn @2 x{target}")  # nobody can answer (auto-pass): it resolves
    for seat in (None, 1, 2, 3):
        assert {burn, target} <= set(g.view(seat)["discard"])


def test_S_TERM_17_losing_is_not_dying() -> None:
    # a player who cannot send loses at the end of his turn: no death, no death order, no death triggers
    g = build(current=0, at="pass", hands={}, characters={1: "dao_feng"}, identities=["ug", "mi", "by", "ug"])
    assert g.seats[0].lost and g.seats[0].alive
    assert g.death_order == [] and not [e for e in g.events if e.kind in ("dying", "died")]


def test_S_TERM_18_wiped_out_means_every_member_dead_or_lost() -> None:
    g = build(players=5, identities=["ug", "mi", "by", "ug", "mi"], current=0, at="play", dead=[0])
    assert not wiped_out(g, "underground")  # seat 3 is still playing
    g.seats[3].lost = True
    assert wiped_out(g, "underground")  # one dead, one lost
    g2 = build(players=4, identities=["ug", "mi", "mi", "ug"], current=0, at="play")
    assert not wiped_out(g2, "bystander")  # a faction nobody had is never wiped out (A-27c)
