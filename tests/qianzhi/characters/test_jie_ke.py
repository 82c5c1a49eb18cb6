"""傑克 (qianzhi): QC-JIE_KE-1 笑裡藏刀, QC-JIE_KE-2 運籌帷幄 and the mission."""

from __future__ import annotations

from fengsheng.config import Config
from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build


def test_QC_JIE_KE_1_places_a_black_card_on_who_took_his_red_or_blue() -> None:
    g = build(
        4,
        at="step2",
        characters={0: "jie_ke"},
        hands={0: ["K:lock", "R:lock", "K:burn"]},
        transit={"card": "B:decode", "holder": 1},
    )
    s = Script(g)
    s.do("1: accept")
    d = s.expect(0, "skill_choice", "QC-JIE_KE-1")
    assert d.private  # it depends on a black card in his hand
    black = {s.card("K:lock", 0), s.card("K:burn", 0)}
    assert {o.card for o in g.decision.options if o.card >= 0} == black and "pass" in opts(g)
    s.do("0: choose c{K:lock}")
    placed = events(g, "obtain")[-1]
    assert (placed["seat"], placed["how"], placed["source"]) == (1, "skill", 0)
    assert len(g.seats[1].intel) == 2 and len(g.seats[0].hand) == 2


def test_QC_JIE_KE_1_not_on_black_and_not_without_a_black_card() -> None:
    g = build(4, at="step2", characters={0: "jie_ke"}, hands={0: ["K:lock"]}, transit={"card": "K:decode", "holder": 1})
    s = Script(g)
    s.do("1: accept")
    assert g.decision is not None and g.decision.context != "QC-JIE_KE-1"
    g = build(4, at="step2", characters={0: "jie_ke"}, hands={0: ["R:lock"]}, transit={"card": "B:decode", "holder": 1})
    s = Script(g)
    s.do("1: accept")
    assert g.decision is not None and g.decision.context != "QC-JIE_KE-1"
    # uniform prompts: asked anyway, ``continue`` only
    cfg = Config(edition="qianzhi", players=4, uniform_prompts=True)
    g = build(
        4,
        at="step2",
        config=cfg,
        characters={0: "jie_ke"},
        hands={0: ["R:lock"]},
        transit={"card": "B:decode", "holder": 1},
    )
    s = Script(g)
    while g.decision is not None and g.decision.kind != "receive":
        s.do(f"{g.decision.seat}: pass")
    s.do("1: accept")
    while g.decision is not None and g.decision.context != "QC-JIE_KE-1":
        s.do(f"{g.decision.seat}: {g.decision.options[0]}")
    assert opts(g) == ["continue"]


def test_QC_JIE_KE_2_draws_one_on_any_red_or_blue_he_obtains() -> None:
    g = build(
        4, current=1, at="step2", characters={2: "jie_ke"}, transit={"card": "R:decode", "sender": 1, "holder": 2}
    )
    s = Script(g)
    s.do("2: accept")
    s.expect(2, "skill_choice", "QC-JIE_KE-2")
    mark = len(g.events)
    s.do("2: skill jie_ke.2")
    assert next((e.data["seat"], e.data["count"]) for e in g.events[mark:] if e.kind == "draw") == (2, 1)
    g = build(
        4, current=1, at="step2", characters={2: "jie_ke"}, transit={"card": "K:decode", "sender": 1, "holder": 2}
    )
    s = Script(g)
    s.do("2: accept")
    assert g.decision is not None and g.decision.context != "QC-JIE_KE-2"


def test_QC_JIE_KE_mission_three_blue() -> None:
    from fengsheng.editions.qianzhi.characters.jie_ke import JieKeMission
    from tests.helpers import rule_of

    g = build(4, ["ug", "mi", "by", "ug"], intel={2: ["B:lock", "B:decode", "R:lock"]}, characters={2: "jie_ke"})
    assert not rule_of(g, JieKeMission, 2).mission_met(g)
    g = build(4, ["ug", "mi", "by", "ug"], intel={2: ["B:lock", "B:decode", "B:burn"]}, characters={2: "jie_ke"})
    assert rule_of(g, JieKeMission, 2).mission_met(g)
