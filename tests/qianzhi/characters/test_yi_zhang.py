"""議長 (qianzhi): QC-YI_ZHANG-1 移花接木 (A-94), QC-YI_ZHANG-2 金蟬脫殼 (A-94) and the mission (R-41)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import events, opts
from tests.qianzhi.common import build

IDS = ["ug", "mi", "by", "ug"]


def test_QC_YI_ZHANG_1_A_94_replaces_the_card_that_reached_him_face_down() -> None:
    g = build(
        4,
        IDS,
        at="step2",
        auto_pass=False,
        characters={1: "yi_zhang"},
        hands={1: ["R:lock", "B:lock"]},
        transit={"card": "K:decode", "holder": 1},
    )
    s = Script(g)
    while g.decision.seat != 1:
        s.do(f"{g.decision.seat}: pass")
    red = s.card("R:lock", 1)
    old = g.passing.card
    assert f"skill yi_zhang.1 x{red}" in opts(g)
    s.do(f"1: skill yi_zhang.1 x{red}")
    assert g.seats[1].face_up and g.passing.card == red and old in g.discard and not g.passing.face_up
    ev = events(g, "transit_replaced")[-1]
    assert ev["old"] == old and ev["card"] == red
    replaced = next(e for e in g.events if e.kind == "transit_replaced")
    assert all("card" not in replaced.for_seat(v) for v in (0, 2, 3, None))  # only he knows the new card
    assert g.view(0)["transit"].get("card") is None and g.view(1)["transit"].get("card") == red  # nor the sender
    while g.decision is not None and g.decision.kind == "priority":
        s.do(f"{g.decision.seat}: pass")
    s.do("1: accept")
    assert red in g.seats[1].intel


def test_QC_YI_ZHANG_1_only_face_down_and_when_it_reaches_him() -> None:
    g = build(
        4,
        IDS,
        at="step2",
        auto_pass=False,
        characters={2: "yi_zhang"},
        hands={2: ["R:lock"]},
        transit={"card": "K:decode", "holder": 1},
    )
    s = Script(g)
    while g.decision.seat != 2:
        s.do(f"{g.decision.seat}: pass")
    assert not [o for o in opts(g) if "yi_zhang" in o]


def test_QC_YI_ZHANG_2_covers_when_a_player_uses_intercept() -> None:
    g = build(
        4,
        IDS,
        at="step1",
        hands={3: ["K:intercept"]},
        characters={2: "yi_zhang"},
        face_up={2: True},
        transit={"card": "K:decode"},
    )
    s = Script(g)
    s.do("3: play c{K:intercept} intercept")
    assert not g.seats[2].face_up and events(g, "cover")[-1]["seat"] == 2


def test_QC_YI_ZHANG_mission_R_41_four_red_or_four_blue() -> None:
    assert not build(4, IDS, intel={2: ["R:lock", "R:decode", "R:burn"]}, characters={2: "yi_zhang"}).can_declare_now(2)
    assert build(
        4, IDS, intel={2: ["B:lock", "B:decode", "B:burn", "B:probe"]}, characters={2: "yi_zhang"}
    ).can_declare_now(2)
