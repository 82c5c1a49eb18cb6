"""福爾摩斯 (qianzhi): QC-FU_ER_MO_SI-1 揭露, QC-FU_ER_MO_SI-2 真相 (R-39), the mission, and 001's Q-PRIO-7 example."""

from __future__ import annotations

import random

from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_FU_ER_MO_SI_1_discards_a_black_card_turns_the_card_face_up_black_draws_two() -> None:
    g = build(
        4,
        IDS,
        at="step2",
        auto_pass=False,
        characters={1: "fu_er_mo_si"},
        hands={1: ["K:lock", "R:lock"]},
        transit={"card": "K:decode", "holder": 1},
    )
    s = Script(g)
    while g.decision.seat != 1:
        s.do(f"{g.decision.seat}: pass")
    black = s.card("K:lock", 1)
    assert [o for o in opts(g) if "fu_er_mo_si" in o] == [f"skill fu_er_mo_si.1 x{black}"]  # black cards only
    mark = len(g.events)
    s.do(f"1: skill fu_er_mo_si.1 x{black}")
    assert black in g.discard and g.passing.face_up
    shown = next(e for e in g.events[mark:] if e.kind == "revealed")
    assert shown.for_seat(3)["card"] == g.passing.card  # everyone sees it
    assert next((e.data["seat"], e.data["count"]) for e in g.events[mark:] if e.kind == "draw") == (1, 2)


def test_QC_FU_ER_MO_SI_1_red_draws_nothing_and_only_when_it_reaches_him() -> None:
    g = build(
        4,
        IDS,
        at="step2",
        auto_pass=False,
        characters={1: "fu_er_mo_si"},
        hands={1: ["K:lock"]},
        transit={"card": "R:decode", "holder": 1},
    )
    s = Script(g)
    while g.decision.seat != 1:
        s.do(f"{g.decision.seat}: pass")
    mark = len(g.events)
    s.do(f"1: skill fu_er_mo_si.1 x{s.card('K:lock', 1)}")
    assert g.passing.face_up and not [e for e in g.events[mark:] if e.kind == "draw"]
    g = build(
        4,
        IDS,
        at="step2",
        auto_pass=False,
        characters={2: "fu_er_mo_si"},
        hands={2: ["K:lock"]},
        transit={"card": "R:decode", "holder": 1},
    )
    s = Script(g)
    while g.decision.seat != 2:
        s.do(f"{g.decision.seat}: pass")
    assert not [o for o in opts(g) if "fu_er_mo_si" in o]  # the card is at seat 1


def test_QC_FU_ER_MO_SI_2_inspects_another_players_probe() -> None:
    g = build(4, IDS, at="play", hands={0: ["R:probe:mi:draw", "K:decode"]}, characters={3: "fu_er_mo_si"})
    s = Script(g)
    probe = s.card("R:probe:mi:draw", 0)
    s.do("0: play c{R:probe:mi:draw} probe @1")
    seen = next(e for e in g.events if e.kind == "inspected")
    assert seen.for_seat(3)["card"] == probe
    assert all("card" not in seen.for_seat(v) for v in (0, 1, 2, None))


def test_Q_PRIO_7_001s_example_liu_jie_probes_lao_gui_holmes_to_her_right() -> None:
    """001: in 六姐's turn she probes 老鬼, 福爾摩斯 sits to her right: 拷問, then 真相, then 就計."""
    g = build(
        4,
        IDS,
        at="play",
        hands={0: ["R:probe:mi:draw", "K:decode"], 2: ["B:lock"]},
        characters={0: "liu_jie", 1: "fu_er_mo_si", 2: "lao_gui"},
    )
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @2")
    s.expect(0, "skill_choice", "QC-LIU_JIE-1")
    s.do("0: skill liu_jie.1")  # 真相 is compulsory: it resolves without a question
    s.expect(2, "skill_choice", "QC-LAO_GUI-1")
    s.do("2: skill lao_gui.1")
    order = [e.data["skill"] for e in g.events if e.kind == "skill"]
    assert order == ["QC-LIU_JIE-1", "QC-FU_ER_MO_SI-2", "QC-LAO_GUI-1"]


def test_QC_FU_ER_MO_SI_mission_three_red() -> None:
    g = build(4, IDS, intel={2: ["R:lock", "R:decode", "R:burn"]}, characters={2: "fu_er_mo_si"})
    assert g.can_declare_now(2)


def test_QC_FU_ER_MO_SI_2_the_inspected_probe_is_kept_in_his_knowledge() -> None:
    """真相 「先檢視該試探」: he has read the card as its user and target did. His knowledge (``State.knowledge``) keeps
    its record, so his view lists it and his determinized samples keep that card in place; nobody else learns it."""
    g = build(4, IDS, at="play", hands={0: ["R:probe:mi:draw", "K:decode"]}, characters={3: "fu_er_mo_si"})
    s = Script(g)
    probe = s.card("R:probe:mi:draw", 0)
    s.do("0: play c{R:probe:mi:draw} probe @1")
    assert [p["card"] for p in g.knowledge[3].probes] == [probe]
    assert g.knowledge[2].probes == []
    assert [p["card"] for p in g.view(3)["me"]["probes"]] == [probe]
    assert all(p["card"] != probe for p in g.view(2)["me"]["probes"])
    where = _place(g, probe)
    assert where != "unknown"
    for k in range(8):
        assert _place(g.determinize(3, random.Random(k)), probe) == where  # his samples keep it where it is
    moved = [_place(g.determinize(2, random.Random(k)), probe) for k in range(16)]
    assert any(m != where for m in moved)  # 2 did not read it: his samples deal that slot afresh


def _place(g: Game, card: int) -> str:
    """Where ``card`` lies: a hand, the deck, the used 试探 pile or the response stack."""
    from fengsheng.flow.window import Resolve, Window

    for seat in g.seats:
        if card in seat.hand:
            return f"hand{seat.index}"
    if card in g.deck:
        return "deck"
    if card in g.probes_out:
        return "probes_out"
    for f in g.frames:
        if any(
            u.card == card for u in (f.stack if isinstance(f, Window) else [f.use] if isinstance(f, Resolve) else [])
        ):
            return "stack"
    return "unknown"
