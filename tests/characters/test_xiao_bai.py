"""小白 (standard-characters.md §B18): C-XIAO_BAI-1 乔装, -2 收买, -3 败露 and the mission."""

from __future__ import annotations

from typing import Any

from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import events, opts, seat_opts

BAI = "xiao_bai"
BRIBE = "C-XIAO_BAI-2"


def build(players: int = 4, **kw: Any) -> Game:
    kw.setdefault("characters", {2: BAI})
    return helpers.build(players, **kw)


# --- C-XIAO_BAI-1 乔装 --------------------------------------------------------------------------------------------------


def test_C_XIAO_BAI_1_counts_as_male_and_female_while_face_up() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"]})
    assert g.seats[2].character_sex == "FM"
    assert g.seats[2].sex_matches("F") and g.seats[2].sex_matches("M")
    g.cover(2)  # S-CHAR-4: a covered public character loses its sex with its skills
    assert not g.seats[2].sex_matches("F") and not g.seats[2].sex_matches("M")


def test_C_XIAO_BAI_1_covered_only_the_players_own_sex_counts() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"]}, sexes=("", "", "F", ""), face_up={2: False})
    assert g.seats[2].sex_matches("F") and not g.seats[2].sex_matches("M")


def qi_bai_declares(face_up: bool) -> Game:
    """柒佰 (seat 1, 军情局) accepts his third blue intelligence; 小白 sits at seat 2."""
    return build(
        identities=["ug", "mi", "by", "ug"],
        characters={1: "qi_bai", 2: BAI},
        face_up={2: face_up},
        at="step3",
        transit={"card": "B:decode", "holder": 1},
        current=0,
        intel={1: ["B:burn", "B:lock"]},
    )


def test_C_XIAO_BAI_1_a_woman_for_qi_bai_only_while_face_up() -> None:
    g = qi_bai_declares(face_up=True)
    s = Script(g)
    s.do("1: accept", "1: declare")  # 小白 is the only woman at the table: 柒佰 must choose him (forced)
    assert g.result is not None and g.result["winners"] == [1, 2]
    g = qi_bai_declares(face_up=False)
    Script(g).do("1: accept", "1: declare")
    assert g.result is not None and g.result["winners"] == [1]  # covered: no woman, no question


# --- C-XIAO_BAI-2 收买 --------------------------------------------------------------------------------------------------

FIVE = ["R:return", "B:return", "K:return", "R:lure_away", "B:lure_away"]  # nothing he could play in these windows


def test_C_XIAO_BAI_2_gives_four_cards_then_obtains_an_intelligence() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"], 2: FIVE}, intel={1: ["R:decode", "K:decode"]})
    s = Script(g)
    s.do("0: pass")
    s.expect(2, "priority", "play")  # in another player's turn: no timing is printed
    assert [o for o in opts(g) if o.startswith("skill")] == ["skill xiao_bai.2 @1"]  # only players with intelligence
    hand = list(g.seats[2].hand)
    s.do("2: skill xiao_bai.2 @1")
    for k in range(4):
        s.expect(2, "skill_choice", BRIBE)
        assert len(opts(g)) == 5 - k  # exactly four, no pass
        s.do(f"2: choose c{hand[k]}")
    assert g.seats[2].hand == hand[4:] and sorted(g.seats[1].hand) == sorted(hand[:4])
    assert [e["to"] for e in events(g, "give")] == [1] * 4
    s.do("0: pass")  # seat 0 may answer it (here with nothing); then it resolves
    red = s.card("R:decode", 1, "intel")
    black = s.card("K:decode", 1, "intel")
    s.expect(2, "skill_choice", BRIBE)
    assert sorted(opts(g)) == sorted([f"choose @1 x{red}", f"choose @1 x{black}"])  # any colour; no pass
    s.do(f"2: choose @1 x{black}")
    assert g.seats[2].intel == [black] and g.seats[1].intel == [red]
    assert g.intel_source[black] == 2


def test_C_XIAO_BAI_2_with_exactly_four_cards_they_all_go_without_a_question() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"], 2: FIVE[:4]}, intel={1: ["R:decode"]})
    s = Script(g)
    s.do("0: pass", "2: skill xiao_bai.2 @1", "0: pass")
    assert g.seats[2].hand == [] and len(g.seats[1].hand) == 4
    assert find_cards("R:decode", g.seats[2].intel) and g.seats[1].intel == []


def test_C_XIAO_BAI_2_not_with_fewer_than_four_cards_nor_on_a_player_without_intelligence() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"], 2: FIVE[:3]}, intel={1: ["R:decode"]})
    assert not any(o.startswith("skill") for o in seat_opts(g, 2))
    g = build(current=0, at="play", hands={0: ["R:lock"], 2: FIVE}, intel={2: ["R:decode"]})
    assert not any(o.startswith("skill") for o in seat_opts(g, 2))  # nobody else has intelligence


def test_C_XIAO_BAI_2_covered_he_cannot_use_it() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"], 2: FIVE}, intel={1: ["R:decode"]}, face_up={2: False})
    assert not any(o.startswith("skill") for o in seat_opts(g, 2))


def test_C_XIAO_BAI_2_in_a_passing_window() -> None:
    g = build(current=0, at="step1", transit={"card": "R:decode"}, hands={2: FIVE}, intel={3: ["B:decode"]})
    s = Script(g)
    s.expect(2, "priority", "step1")
    assert "skill xiao_bai.2 @3" in opts(g)


def test_C_XIAO_BAI_2_the_cost_is_paid_even_if_nothing_is_left_to_take() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"], 2: FIVE[:4], 3: ["K:burn"]}, intel={1: ["K:decode"]})
    s = Script(g)
    s.do("0: pass", "2: skill xiao_bai.2 @1", "3: play c{K:burn} burn @1 x{K:decode@1}", "0: pass")
    assert g.seats[1].intel == [] and g.seats[2].intel == []
    assert len(g.seats[1].hand) == 4 and g.seats[2].hand == []


def test_C_XIAO_BAI_2_the_card_he_takes_can_kill_him() -> None:
    g = build(
        current=0,
        at="play",
        hands={0: ["R:lock"], 2: FIVE[:4]},
        intel={1: ["K:decode"], 2: ["K:burn", "K:lock"]},
    )
    s = Script(g)
    s.do("0: pass", "2: skill xiao_bai.2 @1", "0: pass")
    assert not g.seats[2].alive and g.death_order == [2] and g.killers == [2]  # a self-kill


# --- C-XIAO_BAI-3 败露 --------------------------------------------------------------------------------------------------

FIVE_INTEL = ["R:decode", "B:decode", "K:decode", "B:burn", "B:lock"]


def sixth(card: str = "R:lock", **kw: Any) -> Game:
    """小白 (seat 2) has five intelligence; seat 0 sent him ``card`` (Step 3)."""
    kw.setdefault("intel", {2: FIVE_INTEL})
    return build(at="step3", transit={"card": card, "holder": 2}, current=0, **kw)


def test_C_XIAO_BAI_3_six_intelligence_lose_the_game_not_a_death() -> None:
    g = sixth(hands={2: ["R:burn"]})
    s = Script(g)
    s.do("2: accept")
    seat = g.seats[2]
    assert seat.lost and not seat.in_game and seat.alive
    assert seat.hand == [] and seat.intel == []  # S-LOSE-3: all his cards to the discard pile
    assert [e["why"] for e in events(g, "lost")] == ["C-XIAO_BAI-3"]
    assert g.death_order == [] and events(g, "dying") == []  # S-LOSE-2: no death, no death triggers


def test_C_XIAO_BAI_3_five_intelligence_are_not_enough() -> None:
    g = sixth(intel={2: FIVE_INTEL[:4]})
    Script(g).do("2: accept")
    assert g.seats[2].in_game and len(g.seats[2].intel) == 5


def test_C_XIAO_BAI_3_beats_a_victory_reached_by_the_same_card() -> None:
    # 小白 is 潜伏战线: the sixth card is his third red one; he loses before he could declare
    g = sixth(identities=["mi", "mi", "ug", "ug"], intel={2: ["R:decode", "R:burn", "B:decode", "B:burn", "K:lock"]})
    s = Script(g)
    s.do("2: accept")
    assert g.seats[2].lost and g.result is None
    assert g.decision is not None and g.decision.kind != "declare"


def test_C_XIAO_BAI_3_covered_he_does_not_lose() -> None:
    g = sixth(face_up={2: False})
    Script(g).do("2: accept")
    assert g.seats[2].in_game and len(g.seats[2].intel) == 6


def test_C_XIAO_BAI_3_a_sixth_card_that_is_his_third_false_one_kills_him_first() -> None:
    g = sixth(card="K:lock", intel={2: ["K:decode", "K:burn", "R:decode", "B:decode", "B:burn"]}, dead=[1])
    s = Script(g)
    s.do("2: accept")
    assert not g.seats[2].alive and not g.seats[2].lost  # deaths settle before losses


def test_C_XIAO_BAI_3_through_his_own_bribe() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"], 2: FIVE[:4]}, intel={1: ["R:decode"], 2: FIVE_INTEL})
    Script(g).do("0: pass", "2: skill xiao_bai.2 @1", "0: pass")
    assert g.seats[2].lost


# --- mission -----------------------------------------------------------------------------------------------------


def test_mission_xiao_bai_first_to_die_wins_even_dead() -> None:
    g = sixth(card="K:lock", intel={2: ["K:decode", "K:burn"]})
    s = Script(g)
    s.do("2: accept")
    assert not g.seats[2].alive and g.death_order == [2]
    s.expect(2, "declare", "settle")  # a dead bystander 小白 may declare
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2]


def test_mission_xiao_bai_first_to_die_though_his_death_triggers_kill_someone() -> None:
    # 小白 (seat 1) takes his third false card; while his death resolves, 黄雀在后 (seat 2) kills seat 3: 小白 died
    # first (ruling in the module docstring), whatever order the engine records the two deaths in
    g = build(
        identities=["ug", "by", "mi", "ug"],
        characters={1: BAI, 2: "huang_que"},
        face_up={2: True},
        at="step3",
        transit={"card": "K:lock", "holder": 1},
        current=0,
        intel={1: ["K:decode", "K:burn"], 3: ["K:return", "K:see_through"]},
        hands={2: ["K:probe"]},
    )
    s = Script(g)
    s.do("1: accept", "2: skill huang_que.2", "2: choose @3")  # her only black card goes at once
    assert sorted(g.death_order) == [1, 3]
    s.expect(1, "declare", "settle")
    s.do("1: declare")
    assert g.result is not None and g.result["winners"] == [1]


def test_mission_xiao_bai_not_first_when_he_dies_during_another_players_death() -> None:
    # seat 1 takes his third false card; while his death resolves, 黄雀在后 (seat 3) kills 小白 (seat 2): seat 1 died
    # first, even if the engine finishes 小白's death before his
    g = build(
        players=5,
        identities=["ug", "mi", "by", "ug", "mi"],
        characters={2: BAI, 3: "huang_que"},
        face_up={3: True},
        at="step3",
        transit={"card": "K:lock", "holder": 1},
        current=0,
        intel={1: ["K:decode", "K:burn"], 2: ["K:return", "K:see_through"]},
        hands={3: ["K:probe"]},
    )
    s = Script(g)
    s.do("1: accept", "3: skill huang_que.2", "3: choose @2")
    assert sorted(g.death_order) == [1, 2]
    assert g.result is None and not g.declarable[2]


def test_mission_xiao_bai_a_dead_xiao_bai_does_not_win_by_a_wipe_out() -> None:
    g = build(
        players=5,
        identities=["ug", "mi", "by", "ug", "ug"],
        dead=[2],
        at="step3",
        transit={"card": "K:lock", "holder": 1},
        current=0,
        intel={1: ["K:decode", "K:burn"]},
    )
    Script(g).do("1: accept")  # 军情局 is wiped out, but 小白 is dead and did not die first of it
    assert not g.seats[1].alive and g.result is None and not g.declarable[2]


def test_mission_xiao_bai_second_to_die_does_not() -> None:
    # 真伪莫辨 of black cards: seat 1 dies at his pick, 小白 at his own, second
    g = build(
        current=0,
        at="play",
        identities=["ug", "mi", "by", "mi"],
        hands={0: ["R:true_or_false", "R:return"]},
        intel={1: ["K:decode", "K:burn"], 2: ["K:lock", "K:lure_away"]},
        deck=["K:probe"] * 4,
    )
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "0: pick #0", "1: pick #0")
    assert g.death_order == [1]
    s.do("2: pick #0")
    assert g.death_order == [1, 2]
    assert g.result is None and (g.decision is None or g.decision.kind != "declare")


def test_mission_xiao_bai_a_faction_wiped_out() -> None:
    # the only 军情局 player (seat 1) takes his third false intelligence
    g = build(
        identities=["ug", "mi", "by", "ug"],
        at="step3",
        transit={"card": "K:lock", "holder": 1},
        current=0,
        intel={1: ["K:decode", "K:burn"]},
    )
    s = Script(g)
    s.do("1: accept")
    s.expect(2, "declare", "settle")
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2]


def test_mission_xiao_bai_not_for_a_faction_player_and_never_after_a_loss() -> None:
    g = build(
        identities=["ug", "mi", "ug", "by"],
        at="step3",
        transit={"card": "K:lock", "holder": 1},
        current=0,
        intel={1: ["K:decode", "K:burn"]},
    )
    Script(g).do("1: accept")
    assert not g.seats[1].alive and g.result is None and (g.decision is None or g.decision.kind != "declare")
    # a 小白 who has lost (败露) no longer wins, though 军情局 is wiped out (A-27b)
    g = sixth(identities=["ug", "mi", "by", "ug"], dead=[1])
    assert g.can_declare_now(2)
    Script(g).do("2: accept")
    assert g.seats[2].lost and not g.can_declare_now(2) and not g.declarable[2] and g.result is None


def test_mission_xiao_bai_a_loss_is_not_a_death() -> None:
    g = sixth(identities=["ug", "mi", "by", "ug"])
    Script(g).do("2: accept")
    assert g.seats[2].lost and g.death_order == []
    mission_rule = next(r for r in g.rules if type(r).__name__ == "XiaoBaiMission")
    assert not mission_rule.mission_met(g)


def test_mission_xiao_bai_kept_when_covered() -> None:
    g = sixth(card="K:lock", intel={2: ["K:decode", "K:burn"]}, face_up={2: False})
    Script(g).do("2: accept", "2: declare")
    assert g.result is not None and g.result["winners"] == [2]
