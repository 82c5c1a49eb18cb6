"""千面女郎 (standard-characters.md §C S2): C-QIAN_MIAN_NV_LANG-1..3 and the mission (A-36, A-69, A-75)."""

from __future__ import annotations

from typing import Any

import pytest

from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import events, opts

QM = "qian_mian_nv_lang"


def build(players: int = 5, identities: list[str] | None = None, **kw: Any) -> Game:
    return helpers.build(players, identities or ["ug", "ug", "by", "mi", "mi", "by"][:players], **kw)


# --- C-QIAN_MIAN_NV_LANG-1 城府 ---------------------------------------------------------------------------------
def probe_game(face_up: bool = True) -> Game:
    return build(
        current=0,
        hands={0: ["R:probe:by:draw", "R:decode", "K:decode"]},
        characters={2: QM},
        face_up={2: face_up},
        at="play",
    )


def test_C_QIAN_MIAN_NV_LANG_1_probed_she_may_answer_with_the_line_although_the_card_names_her() -> None:
    g = probe_game()
    s = Script(g)
    s.do("0: play c{R:probe:by:draw} probe @2")
    s.expect(2, "respond", "probe")
    s.do("2: respond line")  # she is a bystander: without 城府 she would have to draw two
    assert g.seats[2].hand == []
    assert events(g, "probe_answer")[-1]["answer"] == "line"


def test_C_QIAN_MIAN_NV_LANG_1_covered_she_answers_by_her_identity() -> None:
    g = probe_game(face_up=False)
    s = Script(g)
    s.do("0: play c{R:probe:by:draw} probe @2")
    assert len(g.seats[2].hand) == 2  # no choice: the bystander probe makes her draw
    assert events(g, "probe_answer")[-1]["answer"] == "draw"


# --- C-QIAN_MIAN_NV_LANG-2 逢缘 ---------------------------------------------------------------------------------
def send_game(face_up: bool = True, seat: int = 2, **kw: Any) -> Game:
    return build(
        current=seat,
        hands={seat: ["K:decode", "R:burn", "B:return"], **kw.pop("hands", {})},
        characters={2: QM},
        face_up={2: face_up},
        at="pass",
        **kw,
    )


def test_C_QIAN_MIAN_NV_LANG_2_she_may_send_a_secret_card_clockwise() -> None:
    g = send_game()
    s = Script(g)
    decode = s.card("K:decode", 2)
    ret = s.card("B:return", 2)
    burn = s.card("R:burn", 2)
    o = opts(g)
    assert f"send c{decode}" in o and f"send c{decode} cw" in o
    assert f"send c{ret} cw" in o  # a 文本 card too
    assert f"send c{burn} @1" in o
    assert not any(x.startswith(f"send c{burn}") and x.endswith("cw") for x in o)  # 直达 has no direction
    s.do(f"2: send c{decode} cw")
    assert events(g, "send")[-1]["direction"] == -1
    s.expect(1, "receive", "step3")  # clockwise: seat 1, not seat 3


def test_C_QIAN_MIAN_NV_LANG_2_counterclockwise_stays_the_default() -> None:
    g = send_game()
    s = Script(g)
    s.do("2: send c{K:decode}")
    s.expect(3, "receive", "step3")


def test_C_QIAN_MIAN_NV_LANG_2_a_return_still_reverses_her_clockwise_card() -> None:
    g = send_game(hands={0: ["R:return"]})
    s = Script(g)
    s.do("2: send c{K:decode} cw", "1: decline", "0: play c{R:return} return")
    s.expect(1, "receive", "step3")  # from seat 0 the card goes counterclockwise now: back to seat 1
    assert [e["seat"] for e in events(g, "arrive")] == [1, 0, 1]


def test_C_QIAN_MIAN_NV_LANG_2_not_while_covered_nor_for_other_players() -> None:
    g = send_game(face_up=False)
    assert not any(o.endswith("cw") for o in opts(g))
    g = send_game(seat=0)  # another player's pass
    assert not any(o.endswith("cw") for o in opts(g))


# --- C-QIAN_MIAN_NV_LANG-3 笙歌 ---------------------------------------------------------------------------------
def tof_game(face_up: bool = True, **kw: Any) -> Game:
    return build(
        current=0,
        hands={0: ["R:true_or_false", "R:decode"], 2: ["B:decode"], **kw.pop("hands", {})},
        deck=["K:lock", "R:burn", "B:burn"],
        characters={2: QM},
        face_up={2: face_up},
        at="play",
        **kw,
    )


def test_C_QIAN_MIAN_NV_LANG_3_someone_uses_true_or_false_she_draws_three_and_gives_one_away() -> None:
    g = tof_game()
    s = Script(g)
    top3 = list(reversed(g.deck[-3:]))
    s.do("0: play c{R:true_or_false} true_or_false")
    s.expect(2, "skill_choice", "C-QIAN_MIAN_NV_LANG-3")
    s.do(f"2: skill {QM}.3")
    assert all(c in g.seats[2].hand for c in top3)  # drawn before the layout
    assert len(g.seats[2].hand) == 4
    s.expect(2, "skill_choice", "C-QIAN_MIAN_NV_LANG-3")
    burn = s.card("R:burn", 2)
    s.do(f"2: choose c{burn}")
    assert "choose @2" not in opts(g) and "choose @4" in opts(g)  # another player
    s.do("2: choose @4")
    assert burn in g.seats[4].hand and burn not in g.seats[2].hand
    give = events(g, "give")[-1]
    assert give["seat"] == 2 and give["to"] == 4 and give["audience"] == [2, 4]
    s.expect(0, "pick")  # then the 真伪莫辨 lays out its cards


def test_C_QIAN_MIAN_NV_LANG_3_her_own_true_or_false_counts() -> None:
    g = build(
        current=2,
        hands={2: ["R:true_or_false", "B:decode"]},
        deck=["K:lock", "R:burn", "B:burn"],
        characters={2: QM},
        at="play",
    )
    s = Script(g)
    s.do("2: play c{R:true_or_false} true_or_false")
    s.expect(2, "skill_choice", "C-QIAN_MIAN_NV_LANG-3")


def test_C_QIAN_MIAN_NV_LANG_3_is_optional() -> None:
    g = tof_game()
    s = Script(g)
    hand = list(g.seats[2].hand)
    s.do("0: play c{R:true_or_false} true_or_false", "2: pass")
    assert g.seats[2].hand == hand
    s.expect(0, "pick")


def test_C_QIAN_MIAN_NV_LANG_3_not_when_the_true_or_false_is_cancelled() -> None:
    g = tof_game(hands={1: ["B:see_through"]})
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "1: play c{B:see_through} see_through ^top")
    # no 笙歌 question: the card took no effect (S-TERM-13); seat 0 sends his last card (a forced move)
    s.expect(1, "receive", "step3")
    assert len(g.seats[2].hand) == 1 and not events(g, "skill")


def test_C_QIAN_MIAN_NV_LANG_3_not_while_covered() -> None:
    g = tof_game(face_up=False)
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false")
    s.expect(0, "pick")


# --- mission ------------------------------------------------------------------------------------------------
def declare_game(holder: int, players: int = 5, **kw: Any) -> Game:
    """Seat ``holder`` (潜伏战线, two red intelligence) is about to accept a third red card; 千面女郎 is seat 2."""
    ids = kw.pop("identities", None) or ["mi", "mi", "by", "mi", "mi", "mi"][:players]
    ids = list(ids)
    ids[holder] = "ug"
    current = kw.pop("current", 0)
    return build(
        players=players,
        identities=ids,
        current=current,
        intel={holder: ["R:lock", "R:burn"]},
        hands=kw.pop("hands", {current: ["R:decode"]}),
        transit={"card": "R:probe", "holder": holder, "sender": kw.pop("sender", 0)},
        characters={2: QM},
        at="step3",
        **kw,
    )


@pytest.mark.parametrize("neighbour", [1, 3])
def test_mission_qian_mian_nv_lang_a_neighbour_declares_and_she_takes_the_win(neighbour: int) -> None:
    g = declare_game(neighbour)
    s = Script(g)
    s.do(f"{neighbour}: accept", f"{neighbour}: declare")
    r = s.over()
    assert r["reason"] == "hijacked" and r["winners"] == [2] and r["declarer"] == neighbour


def test_mission_qian_mian_nv_lang_a_player_further_away_declares_and_wins() -> None:
    g = declare_game(4)
    s = Script(g)
    s.do("4: accept", "4: declare")
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [4]


def test_mission_qian_mian_nv_lang_neighbours_are_the_nearest_players_still_in_the_game() -> None:
    g = declare_game(4, dead=[3], current=4, sender=4)  # seat 3 is gone
    s = Script(g)
    s.expect(4, "declare")  # the sender takes his own card back, forced; his condition holds
    s.do("4: declare")
    r = s.over()
    assert r["reason"] == "hijacked" and r["winners"] == [2]


def test_mission_qian_mian_nv_lang_counts_only_for_a_bystander() -> None:
    g = declare_game(1, identities=["mi", "mi", "mi", "mi", "mi"])
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [1]


def test_mission_qian_mian_nv_lang_counts_face_down_too() -> None:
    g = declare_game(1, face_up={2: False})  # a covered public character keeps her mission
    s = Script(g)
    s.do("1: accept", "1: declare")
    assert s.over()["winners"] == [2]


def test_mission_qian_mian_nv_lang_is_no_declaration_of_her_own() -> None:
    g = declare_game(1)
    s = Script(g)
    s.do("1: accept")
    assert find_cards("R:probe", g.seats[1].intel)
    assert g.declarable[1] and not g.declarable[2]  # it only reacts to a neighbour's declaration
    s.do("1: pass")  # he does not declare: nothing happens
    assert g.result is None


def test_mission_qian_mian_nv_lang_not_once_she_is_dead() -> None:
    g = declare_game(1, dead=[2])  # her mission is not about her own death
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["reason"] == "declared" and r["winners"] == [1]
