"""情報處長 (qianzhi): QC-QING_BAO_CHU_ZHANG-1 隔牆有耳, QC-QING_BAO_CHU_ZHANG-2 偷龍轉鳳 (R-42) and the mission."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_QING_BAO_CHU_ZHANG_1_his_successful_probe_draws_two_and_puts_one_back() -> None:
    g = build(4, IDS, at="play", hands={0: ["R:probe:mi:draw", "K:decode"]}, characters={0: "qing_bao_chu_zhang"})
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1")
    s.expect(0, "skill_choice", "QC-QING_BAO_CHU_ZHANG-1")
    mark = len(g.events)
    s.do("0: skill qing_bao_chu_zhang.1")
    assert next((e.data["seat"], e.data["count"]) for e in g.events[mark:] if e.kind == "draw") == (0, 2)
    s.expect(0, "skill_choice", "QC-QING_BAO_CHU_ZHANG-1")
    assert "pass" not in opts(g)  # one card back is compulsory after the draw
    back = g.decision.options[0].card
    s.do(f"0: choose c{back}")
    put = events(g, "to_deck")[-1]
    assert (put["seat"], put["card"]) == (0, back)
    # then the probe is answered: the target (軍情處, "draw") draws the top card, the card put back
    assert back in g.seats[1].hand


def test_QC_QING_BAO_CHU_ZHANG_1_not_on_another_players_probe() -> None:
    g = build(4, IDS, at="play", hands={0: ["R:probe:mi:draw", "K:decode"]}, characters={2: "qing_bao_chu_zhang"})
    Script(g).do("0: play c{R:probe:mi:draw} probe @1")
    assert g.decision is not None and g.decision.context != "QC-QING_BAO_CHU_ZHANG-1"


def test_QC_QING_BAO_CHU_ZHANG_2_R_42_exchanges_the_card_with_the_top_of_the_deck_unseen() -> None:
    g = build(
        4,
        IDS,
        at="step2",
        auto_pass=False,
        characters={1: "qing_bao_chu_zhang"},
        hands={1: ["R:lock"]},
        deck=["B:burn"],
        transit={"card": "K:decode", "holder": 1},
    )
    s = Script(g)
    while g.decision.seat != 1:
        s.do(f"{g.decision.seat}: pass")
    old, top = g.passing.card, g.deck[-1]
    s.do(f"1: skill qing_bao_chu_zhang.2 x{s.card('R:lock', 1)}")
    assert g.passing.card == top and g.deck[-1] == old and not g.passing.face_up
    assert events(g, "transit_to_deck")[-1]["seat"] == 1
    for v in (0, 1, 2, 3):
        assert g.view(v)["transit"].get("card") is None  # nobody knows the new card, not even the sender
    while g.decision is not None and g.decision.kind == "priority":
        s.do(f"{g.decision.seat}: pass")
    s.do("1: accept")
    assert top in g.seats[1].intel


def test_QC_QING_BAO_CHU_ZHANG_mission_three_red() -> None:
    assert build(
        4, IDS, intel={2: ["R:lock", "R:decode", "R:burn"]}, characters={2: "qing_bao_chu_zhang"}
    ).can_declare_now(2)
