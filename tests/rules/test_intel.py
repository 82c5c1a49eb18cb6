"""S-INTEL: red, blue and black intelligence; obtained intelligence lies face up in front of its owner."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import CARD_COLOUR, build, take


def test_S_INTEL_1_red_for_underground_blue_for_military_intel() -> None:
    # a 军情局 player with three red, and a 潜伏战线 player with three blue, cannot declare; three of their own can
    g = build(
        4,
        ["ug", "mi", "by", "ug"],
        current=0,
        hands={0: ["R:decode", "B:decode"]},
        intel={1: ["R:lock", "R:burn"], 3: ["B:lock", "B:burn"]},
        at="pass",
    )
    s = Script(g)
    s.do("0: send c{R:decode}")
    take(s, 1)
    assert sum(CARD_COLOUR[c] == "red" for c in g.seats[1].intel) == 3
    assert g.declarable == [False, False, False, False] and g.result is None

    g = build(
        4,
        ["ug", "mi", "by", "ug"],
        current=0,
        hands={0: ["R:decode", "B:decode"]},
        intel={1: ["B:lock", "B:burn"], 3: ["R:lock", "R:burn"]},
        at="pass",
    )
    s = Script(g)
    s.do("0: send c{B:decode}")
    take(s, 1)
    s.expect(1, "declare")
    assert g.declarable == [False, True, False, False]


def test_S_INTEL_1_three_black_kill() -> None:
    g = build(
        3, ["ug", "mi", "by"], current=0, hands={0: ["K:decode", "R:lock"]}, intel={2: ["K:lock", "K:burn"]}, at="pass"
    )
    s = Script(g)
    s.do("0: send c{K:decode}")
    take(s, 2)
    assert not g.seats[2].alive and g.death_order == [2]


def test_S_INTEL_2_obtained_intelligence_lies_face_up_never_in_hand() -> None:
    g = build(3, ["ug", "mi", "by"], current=0, hands={0: ["B:intercept", "R:lock"], 1: ["R:burn"]}, at="pass")
    s = Script(g)
    card = s.card("B:intercept", 0)
    s.do(f"0: send c{card}")
    # 密电: nobody but the sender sees it in transit
    assert g.view(1)["transit"]["card"] is None and g.view(0)["transit"]["card"] == card
    take(s, 1)
    assert g.seats[1].intel == [card]
    assert all(card not in x.hand for x in g.seats)
    for viewer in (0, 1, 2, None):
        assert g.view(viewer)["seats"][1]["intel"] == [card]  # face up: everyone sees it
    obtain = next(e for e in g.events_for(2) if e["kind"] == "obtain")
    assert obtain["card"] == card and obtain["seat"] == 1


def test_S_INTEL_3_only_black_is_false_intelligence() -> None:
    # five true intelligence and two false: alive; 烧毁 may target only the false ones
    g = build(
        3,
        ["ug", "mi", "by"],
        current=0,
        hands={0: ["R:burn", "K:decode", "R:lock"]},
        intel={2: ["R:lock", "B:lock", "R:return", "B:return", "R:decode", "K:lock", "K:burn"]},
        at="play",
    )
    s = Script(g)
    assert g.seats[2].alive
    burns = [o for o in g.decision.options if o.use == "burn"]
    assert sorted(o.ref for o in burns) == sorted(c for c in g.seats[2].intel if CARD_COLOUR[c] == "black")
    s.do("0: pass")
    s.do("0: send c{K:decode}")
    take(s, 2)  # the third false one kills
    assert not g.seats[2].alive
