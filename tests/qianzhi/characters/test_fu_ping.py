"""浮萍 (qianzhi): QC-FU_PING-1 先機 (he draws one), QC-FU_PING-2 后著 and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_FU_PING_1_takes_two_blind_then_he_draws_one() -> None:
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: ["K:decode"], 2: ["R:lock", "B:lock", "K:lock"]},
        characters={0: "fu_ping"},
    )
    s = Script(g)
    s.do("0: skill fu_ping.1 @2")
    assert g.seats[0].face_up
    assert [e["from"] for e in events(g, "take")] == [2, 2]
    assert [(e["seat"], e["count"]) for e in events(g, "draw")][-1] == (2, 1)
    assert len(g.seats[0].hand) == 3 and len(g.seats[2].hand) == 2
    assert all("card" not in e.for_seat(3) for e in g.events if e.kind == "take")  # blind, and secret to others


def test_QC_FU_PING_2_at_her_death_she_places_a_card_of_another_hand() -> None:
    g = build(
        4,
        IDS,
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"], 3: ["R:lock", "B:burn"]},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        characters={1: "fu_ping"},
        face_up={1: True},
    )
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1")
    s.expect(1, "skill_choice", "QC-FU_PING-2")
    burn = s.card("B:burn", 3)
    s.do("1: choose @3", f"1: choose c{burn}", "1: choose @2")
    last = events(g, "obtain")[-1]
    assert (last["seat"], last["how"]) == (2, "skill") and len(g.seats[3].hand) == 1


def test_QC_FU_PING_mission_second_or_later_to_die() -> None:
    g = build(4, ["ug", "by", "mi", "ug"], characters={1: "fu_ping"}, dead=[0])
    from fengsheng.editions.qianzhi.characters.fu_ping import FuPingMission
    from tests.helpers import rule_of

    m = rule_of(g, FuPingMission, 1)
    assert not m.mission_met(g)
    g.death_order.append(1)
    assert m.mission_met(g)
