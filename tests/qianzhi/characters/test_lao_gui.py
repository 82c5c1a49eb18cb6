"""老鬼 (qianzhi): QC-LAO_GUI-1 就計, QC-LAO_GUI-2 城府, QC-LAO_GUI-3 遺志 and the mission (the standard rules)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_LAO_GUI_1_flips_when_locked_or_probed_and_draws_two() -> None:
    g = build(4, IDS, at="play", hands={0: ["R:lock", "K:decode"]}, characters={1: "lao_gui"})
    s = Script(g)
    s.do("0: play c{R:lock} lock @1")
    assert s.expect(1, "skill_choice", "QC-LAO_GUI-1").private
    mark = len(g.events)
    s.do("1: skill lao_gui.1")
    assert g.seats[1].face_up
    assert next((e.data["seat"], e.data["count"]) for e in g.events[mark:] if e.kind == "draw") == (1, 2)
    g = build(4, IDS, at="play", hands={0: ["R:probe:mi:draw", "K:decode"]}, characters={1: "lao_gui"})
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1")
    s.expect(1, "skill_choice", "QC-LAO_GUI-1")
    s.do("1: skill lao_gui.1")
    s.expect(1, "respond", "probe")  # then 城府 applies to the same 試探


def test_QC_LAO_GUI_2_face_up_she_answers_a_probe_as_she_likes() -> None:
    g = build(
        4, IDS, at="play", hands={0: ["R:probe:ug:draw", "K:decode"]}, characters={1: "lao_gui"}, face_up={1: True}
    )
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @1")
    s.expect(1, "respond", "probe")
    assert opts(g) == ["respond effect", "respond line"]  # she is 軍情處, the card names 潛伏戰線
    hand = len(g.seats[1].hand)
    s.do("1: respond effect")
    assert len(g.seats[1].hand) == hand + 1  # she draws one as if named (Q-CARD-PROBE-1)


def test_QC_LAO_GUI_3_last_will_three_at_random_as_intelligence() -> None:
    g = build(
        4,
        IDS,
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"], 1: ["R:lock", "B:lock", "K:burn", "R:burn"]},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        characters={1: "lao_gui"},
        face_up={1: True},
    )
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1")
    s.expect(1, "skill_choice", "QC-LAO_GUI-3")
    s.do("1: skill lao_gui.3", "1: choose @3")
    got = [e for e in events(g, "obtain") if e["seat"] == 3]
    assert len(got) == 3 and all(e["how"] == "skill" and e["source"] == 1 for e in got)
    assert not g.seats[1].alive


def test_QC_LAO_GUI_mission_three_red_in_hand_at_death() -> None:
    g = build(
        4,
        ["ug", "by", "mi", "ug"],
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"], 1: ["R:lock", "R:probe", "R:burn"]},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        characters={1: "lao_gui"},
    )
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1")
    assert events(g, "show_hand")[0]["seat"] == 1
    s.expect(1, "declare")  # a dead 打醬油的 wins by the mission about her own death
    s.do("1: declare")
    assert s.over()["winners"] == [1]
