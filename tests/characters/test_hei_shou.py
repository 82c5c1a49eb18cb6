"""黑手 (standard-characters.md §C S3): C-HEI_SHOU-1..3 and the mission (A-41, A-48, A-61, A-74)."""

from __future__ import annotations

from typing import Any

from fengsheng.config import Config
from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import build_table as build
from tests.helpers import events, opts
from tests.rules.test_hooks import PlaceBlack

HS = "hei_shou"


# --- C-HEI_SHOU-1 残忍 ------------------------------------------------------------------------------------------
def cruelty_game(face_up: bool = True) -> Game:
    return build(
        current=0,
        hands={0: ["R:return", "B:lure_away", "K:true_or_false", "R:decode", "R:probe"]},
        characters={0: HS},
        face_up={0: face_up},
        at="play",
    )


def test_C_HEI_SHOU_1_his_text_cards_may_be_used_as_lock() -> None:
    g = cruelty_game()
    s = Script(g)
    o = opts(g)
    for spec in ("R:return", "B:lure_away", "K:true_or_false"):
        assert f"play c{s.card(spec, 0)} lock @1" in o
    for spec in ("R:decode", "R:probe"):  # 密电 cards are not 文本
        assert f"play c{s.card(spec, 0)} lock @1" not in o
    ret = s.card("R:return", 0)
    s.do(f"0: play c{ret} lock @3", "0: pass")
    assert g.locks == [3]
    assert ret in g.discard  # a full lock: discarded afterwards, a red card still
    assert events(g, "locked")[-1]["seat"] == 3


def test_C_HEI_SHOU_1_the_converted_lock_can_be_seen_through() -> None:
    g = build(
        current=0,
        hands={0: ["R:return", "R:decode"], 2: ["B:see_through"]},
        characters={0: HS},
        at="play",
    )
    s = Script(g)
    s.do("0: play c{R:return} lock @3", "2: play c{B:see_through} see_through ^top")
    assert g.locks == [] and events(g, "cancelled")[-1]["use"] == "lock"


def test_C_HEI_SHOU_1_not_while_covered() -> None:
    g = cruelty_game(face_up=False)
    assert not any(o.endswith("lock @1") for o in opts(g))


# --- C-HEI_SHOU-2 冷血 ------------------------------------------------------------------------------------------
def kill_game(face_up: bool = True, victim_black: int = 2, **kw: Any) -> Game:
    """黑手 (seat 0) has sent a black card; seat 1, locked, must take it: with two false cards already, he dies."""
    return build(
        current=0,
        hands={0: ["R:decode"]},
        intel=kw.pop("intel", {1: ["K:lock", "K:burn"][:victim_black], 2: ["R:lock"], 3: ["B:burn"]}),
        deck=["B:decode", "K:decode", "B:decode", "K:decode"],
        locks=[1],
        transit={"card": "K:probe", "holder": 1},
        characters={0: HS},
        face_up={0: face_up},
        at="step3",
        **kw,
    )


def test_C_HEI_SHOU_2_after_a_kill_he_moves_an_intelligence_at_the_end_of_the_turn() -> None:
    g = kill_game()
    s = Script(g)
    assert g.death_order == [1] and g.killers == [0]
    assert g.phase == "end"
    s.expect(0, "skill_choice", "C-HEI_SHOU-2")
    lock = find_cards("R:lock", g.seats[2].intel)[0]
    assert set(opts(g)) == {f"choose @2 x{lock}", f"choose @3 x{find_cards('B:burn', g.seats[3].intel)[0]}", "pass"}
    s.do(f"0: choose @2 x{lock}")
    assert "choose @2" not in opts(g)  # to another player's area
    assert "choose @0" in opts(g)  # himself included
    s.do("0: choose @3")
    assert lock in g.seats[3].intel and lock not in g.seats[2].intel
    assert events(g, "obtain")[-1] == {"kind": "obtain", "seat": 3, "card": lock, "how": "skill", "source": 0}
    s.expect(2, "send")  # the next turn (seat 1 is dead): nothing to play, he sends
    assert g.current == 2


def test_C_HEI_SHOU_2_is_optional() -> None:
    g = kill_game()
    s = Script(g)
    s.do("0: pass")
    assert [len(g.seats[i].intel) for i in (2, 3)] == [1, 1]
    s.expect(2, "send")


def test_C_HEI_SHOU_2_not_without_a_kill_this_turn() -> None:
    g = kill_game(victim_black=1)
    s = Script(g)
    assert g.death_order == []
    s.expect(1, "send")  # straight into the next turn
    assert g.current == 1


def test_C_HEI_SHOU_2_not_while_covered() -> None:
    g = kill_game(face_up=False)
    s = Script(g)
    assert g.death_order == [1]
    s.expect(2, "send")


def test_C_HEI_SHOU_2_at_the_end_of_another_players_turn_in_which_he_killed() -> None:
    """A-74: whoever's turn it is. A test-only skill lets 黑手 place a black card in seat 1's turn."""
    g = build(
        current=1,
        hands={0: ["K:decode"], 1: ["R:decode", "R:probe"], 2: ["B:decode"]},
        intel={3: ["K:lock", "K:burn"], 4: ["R:lock"]},
        characters={0: HS},
        at="play",
    )
    g.add_rule(PlaceBlack(0))
    s = Script(g)
    s.do("1: pass", "0: skill test.place @3", "1: pass", "0: pass")
    assert g.death_order == [3] and g.killers == [0]
    s.do("1: pass", "1: send c{R:decode}", "2: pass", "2: accept")
    s.expect(0, "skill_choice", "C-HEI_SHOU-2")
    assert g.current == 1
    s.do("0: choose @4 x{R:lock@4}", "0: choose @2")
    assert len(g.seats[2].intel) == 2


def test_C_HEI_SHOU_2_a_false_card_he_moves_kills_in_his_name() -> None:
    g = kill_game(
        identities=["ug", "mi", "ug", "mi", "mi"],
        intel={1: ["K:lock", "K:burn"], 2: ["K:lock", "K:burn"], 3: ["K:lure_away"]},
    )
    s = Script(g)
    s.do("0: choose @3 x{K:lure_away@3}", "0: choose @2")
    assert g.death_order == [1, 2] and g.killers == [0, 0]


# --- C-HEI_SHOU-3 滥杀 ------------------------------------------------------------------------------------------
def test_C_HEI_SHOU_3_after_killing_a_bystander_he_may_declare_a_victory_alone() -> None:
    g = kill_game(identities=["ug", "by", "ug", "mi", "mi"])
    s = Script(g)
    s.expect(0, "declare")
    s.do("0: declare")
    r = s.over()
    assert r["winners"] == [0] and r["rule"] == "C-HEI_SHOU-3"  # not his 潜伏战线 teammate (seat 2)


def test_C_HEI_SHOU_3_the_right_stays_open_after_the_kill() -> None:
    g = kill_game(identities=["ug", "by", "ug", "mi", "mi"])
    s = Script(g)
    s.do("0: pass")  # not now
    s.expect(0, "priority", "end")
    assert "declare" in opts(g)  # he may declare whenever he holds priority
    s.do("0: pass", "0: pass")  # the end window, then 冷血
    s.expect(0, "priority", "play")  # seat 2's play phase
    assert g.current == 2 and "declare" in opts(g)
    s.do("0: declare")
    assert s.over()["winners"] == [0]


def test_C_HEI_SHOU_3_not_after_killing_someone_who_is_not_a_bystander() -> None:
    g = kill_game()
    assert not g.declarable[0]
    Script(g).expect(0, "skill_choice", "C-HEI_SHOU-2")


def test_C_HEI_SHOU_3_not_while_covered() -> None:
    g = kill_game(identities=["ug", "by", "ug", "mi", "mi"], face_up=False)
    assert not g.declarable[0]


def test_C_HEI_SHOU_3_killing_himself_is_no_win() -> None:
    g = build(
        identities=["by", "mi", "ug", "mi", "ug"],
        current=0,
        intel={0: ["K:lock", "K:burn"]},
        transit={"card": "K:probe", "holder": 0, "sender": 0},
        characters={0: HS},
        at="step3",
    )
    assert g.death_order == [0] and g.killers == [0]
    assert g.result is None and not g.declarable[0]


# --- mission ------------------------------------------------------------------------------------------------
def mission_game(victim: str, face_up: bool = True, sexes: tuple[str, ...] = ()) -> Game:
    return build(
        identities=["by", "mi", "ug", "mi", "ug"],
        current=0,
        hands={0: ["R:decode"]},
        intel={1: ["K:lock", "K:burn"]},
        locks=[1],
        transit={"card": "K:probe", "holder": 1},
        characters={0: HS, 1: victim},
        face_up={1: face_up},
        at="step3",
        config=Config(players=5, auto_pass=True, player_sexes=sexes),
    )


def test_mission_hei_shou_he_kills_a_female_character_with_his_own_hand() -> None:
    g = mission_game("qian_mian_nv_lang")
    s = Script(g)
    s.expect(0, "declare")
    s.do("0: declare")
    r = s.over()
    assert r["winners"] == [0] and r["rule"] == "S-ID-3"


def test_mission_hei_shou_a_face_down_female_character_has_no_sex() -> None:
    g = mission_game("fu_ping", face_up=False)
    assert g.death_order == [1] and g.killers == [0]
    assert not g.declarable[0]
    assert g.seats[1].face_up  # revealed at death, too late


def test_mission_hei_shou_a_flipped_hidden_female_character_counts() -> None:
    g = mission_game("fu_ping", face_up=True)
    s = Script(g)
    s.do("1: pass")  # her 后着
    s.expect(0, "declare")


def test_mission_hei_shou_a_female_player_with_a_male_character_does_not_count() -> None:
    g = mission_game("fu_she", sexes=("", "F", "", "", ""))
    assert g.death_order == [1] and not g.declarable[0]


def test_mission_hei_shou_counts_only_for_a_bystander() -> None:
    g = build(
        identities=["mi", "mi", "ug", "mi", "ug"],
        current=0,
        hands={0: ["R:decode"]},
        intel={1: ["K:lock", "K:burn"]},
        locks=[1],
        transit={"card": "K:probe", "holder": 1},
        characters={0: HS, 1: "qian_mian_nv_lang"},
        at="step3",
    )
    assert g.death_order == [1] and not g.declarable[0]
