"""黃雀 (qianzhi): QC-HUANG_QUE-1 潛藏伏擊 (own play phase), QC-HUANG_QUE-2 黃雀在後 (draw one) and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_HUANG_QUE_1_in_her_play_phase_puts_an_intelligence_back_on_the_deck() -> None:
    g = build(
        4,
        IDS,
        at="play",
        auto_pass=False,
        hands={0: ["K:decode"]},
        intel={2: ["K:lock", "R:lock"]},
        characters={0: "huang_que"},
    )
    assert [o for o in opts(g) if "huang_que" in o] == ["skill huang_que.1 @2"]
    s = Script(g)
    s.do("0: skill huang_que.1 @2", "0: choose @2 x{K:lock@2}")
    moved = events(g, "intel_to_deck")[-1]
    assert moved["from"] == 2 and g.deck[-1] == moved["card"] and g.is_black[moved["card"]]
    assert len(g.seats[2].intel) == 1 and not g.is_black[g.seats[2].intel[0]]
    g = build(
        4, IDS, at="play", auto_pass=False, hands={0: ["K:decode"]}, intel={2: ["K:lock"]}, characters={1: "huang_que"}
    )
    Script(g).do("0: pass")
    assert not [o for o in opts(g) if "huang_que" in o]  # another player's play phase


def kill(**kw: object) -> Script:
    g = build(
        4,
        IDS,
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"], 2: ["K:lock", "K:burn", "R:lock"]},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:transfer", "R:transfer"],  # the top first
        characters={2: "huang_que"},
        face_up={2: True},
        **kw,  # type: ignore[arg-type]
    )
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1")
    return s


def test_QC_HUANG_QUE_2_draws_one_then_may_reveal_and_place_up_to_two() -> None:
    s = kill()
    g = s.g
    assert [(e["seat"], e["count"]) for e in events(g, "draw")][-1] == (2, 1)
    assert s.expect(2, "skill_choice", "QC-HUANG_QUE-2").private
    s.do("2: skill huang_que.2")
    assert g.seats[2].identity_revealed
    s.do("2: choose @3", "2: choose c{K:lock}", "2: choose c{K:burn}")
    assert len([e for e in events(g, "obtain") if e["seat"] == 3]) == 2


def test_QC_HUANG_QUE_2_declining_still_drew() -> None:
    s = kill()
    s.do("2: pass")
    assert not s.g.seats[2].identity_revealed
    assert [(e["seat"], e["count"]) for e in events(s.g, "draw")][-1][0] == 2


def test_QC_HUANG_QUE_mission_a_red_and_a_blue_player_dead() -> None:
    g = build(5, ["ug", "mi", "by", "ug", "mi"], characters={2: "huang_que"}, dead=[0, 1])
    assert g.can_declare_now(2)
