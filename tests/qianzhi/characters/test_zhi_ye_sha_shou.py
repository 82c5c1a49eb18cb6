"""職業殺手 (qianzhi): QC-ZHI_YE_SHA_SHOU-1 連擊 (draw two), QC-ZHI_YE_SHA_SHOU-2 預謀 and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_ZHI_YE_SHA_SHOU_1_draws_two_then_may_place_another_black() -> None:
    g = build(
        4,
        IDS,
        at="step2",
        characters={0: "zhi_ye_sha_shou"},
        deck=["K:lock", "R:lock"],
        transit={"card": "K:decode", "holder": 1},
    )
    s = Script(g)
    s.do("1: accept")
    assert [(e["seat"], e["count"]) for e in events(g, "draw")][-1] == (0, 2)
    assert s.expect(0, "skill_choice", "QC-ZHI_YE_SHA_SHOU-1").private
    black = g.decision.options[0].card
    s.do(f"0: choose c{black}")
    assert len(g.seats[1].intel) == 2 and events(g, "obtain")[-1]["how"] == "skill"


def test_QC_ZHI_YE_SHA_SHOU_1_not_on_red_or_blue() -> None:
    g = build(4, IDS, at="step2", characters={0: "zhi_ye_sha_shou"}, transit={"card": "B:decode", "holder": 1})
    Script(g).do("1: accept")
    assert not [e for e in g.events if e.kind == "skill"]


def test_QC_ZHI_YE_SHA_SHOU_2_lure_away_used_as_a_lock() -> None:
    g = build(
        4, IDS, at="play", auto_pass=False, hands={0: ["K:lure_away", "R:decode"]}, characters={0: "zhi_ye_sha_shou"}
    )
    lure = Script(g).card("K:lure_away", 0)
    assert f"play c{lure} lock @2" in opts(g)
    Script(g).do(f"0: play c{lure} lock @2", "1: pass", "2: pass", "3: pass", "0: pass")
    assert g.locks == [2] and lure in g.discard


def test_QC_ZHI_YE_SHA_SHOU_mission_kills_the_second_to_die() -> None:
    first = build(
        4,
        ["by", "mi", "ug", "ug"],
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"]},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        characters={0: "zhi_ye_sha_shou"},
    )
    Script(first).do("0: play c{K:gamble} gamble @1")
    assert not first.seats[1].alive and first.decision is not None and first.decision.kind != "declare"  # the first
    g = build(
        4,
        ["by", "mi", "ug", "ug"],
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"]},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        dead=[3],
        characters={0: "zhi_ye_sha_shou"},
    )
    g.death_order.append(3)
    g.killers.append(-1)
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1")
    s.expect(0, "declare")
