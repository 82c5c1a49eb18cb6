"""情报处长 (standard-characters.md §B8): C-QING_BAO_CHU_ZHANG-1 and the mission."""

from __future__ import annotations

from typing import Any

from fengsheng.core.cards import find_cards
from fengsheng.editions.standard.characters.qing_bao_chu_zhang import QingBaoChuZhangMission
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import IS_BLACK, build, opts, rule_of

CHIEF = "qing_bao_chu_zhang"


def mission(g: Game, seat: int) -> QingBaoChuZhangMission:
    return rule_of(g, QingBaoChuZhangMission, seat)


def probe_scenario(current: int = 0, face_up: bool = True, **kw: Any) -> Game:
    """Seat ``current`` holds a 试探 (mi, draw) and two 破译 (so his turn stops at the send); 情报处长 is seat 2."""
    hands = {current: ["R:probe:mi:draw", "R:decode", "K:decode"], 2: ["B:decode"]}
    hands.update(kw.pop("hands", {}))
    return build(
        current=current,
        hands=hands,
        intel=kw.pop("intel", {2: ["R:lock", "K:lock"]}),
        deck=["K:burn"],
        characters={2: CHIEF},
        face_up={2: face_up},
        at="play",
        **kw,
    )


def test_C_QING_BAO_CHU_ZHANG_1_probe_draws_one_then_discards_a_hand_card() -> None:
    g = probe_scenario()
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1")
    s.expect(2, "skill_choice", "C-QING_BAO_CHU_ZHANG-1")
    s.do(f"2: skill {CHIEF}.1")
    assert find_cards("K:burn", g.seats[2].hand), "he drew the top card"
    # the choice: any hand card, or one of his non-false intelligence (the black lock is not offered)
    red_lock = find_cards("R:lock", g.seats[2].intel)[0]
    black_lock = find_cards("K:lock", g.seats[2].intel)[0]
    assert f"choose @2 x{red_lock}" in opts(g) and f"choose @2 x{black_lock}" not in opts(g)
    decode = find_cards("B:decode", g.seats[2].hand)[0]
    s.do(f"2: choose c{decode}")
    assert decode in g.discard and decode not in g.seats[2].hand
    assert len(g.seats[2].hand) == 1 and len(g.seats[2].intel) == 2
    # then the probed player answers (mi + draw: he draws two)
    assert len(g.seats[1].hand) == 2


def test_C_QING_BAO_CHU_ZHANG_1_may_burn_a_non_false_intelligence_instead() -> None:
    g = probe_scenario()
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1", f"2: skill {CHIEF}.1", "2: choose @2 x{R:lock@2}")
    assert [IS_BLACK[c] for c in g.seats[2].intel] == [True]
    assert len(g.seats[2].hand) == 2  # drew one, discarded none
    assert any(e.kind == "burned" and e.data["seat"] == 2 for e in g.events)


def test_C_QING_BAO_CHU_ZHANG_1_is_optional() -> None:
    g = probe_scenario()
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1", "2: pass")
    assert len(g.seats[2].hand) == 1 and len(g.seats[2].intel) == 2


def test_C_QING_BAO_CHU_ZHANG_1_when_he_himself_is_probed() -> None:
    g = probe_scenario()
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @2")
    s.expect(2, "skill_choice", "C-QING_BAO_CHU_ZHANG-1")
    s.do(f"2: skill {CHIEF}.1", "2: choose c{B:decode}")
    assert len(g.seats[2].hand) == 1  # 1 + 1 drawn - 1 discarded; he is a bystander: the probe's line, no draw


def test_C_QING_BAO_CHU_ZHANG_1_in_another_players_turn() -> None:
    """「在任何人的任何回合内」: seat 3's probe on seat 0 in seat 3's turn."""
    g = probe_scenario(current=3)
    s = Script(g)
    s.do("3: play c{R:probe:mi:draw} probe @0")
    s.expect(2, "skill_choice", "C-QING_BAO_CHU_ZHANG-1")


def test_C_QING_BAO_CHU_ZHANG_1_not_when_the_probe_is_cancelled() -> None:
    g = probe_scenario(hands={1: ["R:see_through"]})
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1", "1: play c{R:see_through} see_through ^top")
    # everyone passes automatically; the 识破 resolves first and the probe was cancelled: no trigger, the turn goes on to the send
    s.expect(0, "send")
    assert len(g.seats[2].hand) == 1
    assert not any(e.kind == "skill" for e in g.events)


def test_C_QING_BAO_CHU_ZHANG_1_covered_public_character_loses_the_skill() -> None:
    g = probe_scenario(face_up=False)
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1")
    s.expect(1, "priority", "play")  # no question to seat 2; seat 1 drew a 烧毁 (K:burn) from the probe
    assert len(g.seats[2].hand) == 1 and not any(e.kind == "skill" for e in g.events)


def test_C_QING_BAO_CHU_ZHANG_1_with_nothing_to_pay_only_draws_when_the_deck_is_empty() -> None:
    g = probe_scenario(hands={2: []}, intel={2: ["K:lock"]}, rest="discard")
    g.deck.clear()
    g.discard.clear()
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1", f"2: skill {CHIEF}.1")
    s.expect(0, "send")  # nothing drawn, nothing to discard or burn: no further question
    assert g.seats[2].hand == [] and len(g.seats[2].intel) == 1


def test_mission_qing_bao_chu_zhang_three_red_intelligence_for_a_bystander() -> None:
    g = build(
        4,
        identities=["ug", "mi", "by", "mi"],
        current=0,
        at="step3",
        transit={"card": "R:decode", "holder": 2},
        intel={2: ["R:lock", "R:burn", "K:lock"]},
        characters={2: CHIEF},
    )
    s = Script(g)
    assert not mission(g, 2).mission_met(g)
    s.do("2: accept")
    s.expect(2, "declare")
    s.do("2: declare")
    assert s.over()["winners"] == [2]


def test_mission_qing_bao_chu_zhang_two_red_are_not_enough_and_burned_ones_do_not_count() -> None:
    g = build(4, current=0, intel={2: ["R:lock", "R:burn", "B:lock"]}, characters={2: CHIEF})
    m = mission(g, 2)
    assert not m.mission_met(g)
    g.seats[2].intel.append(find_cards("R:decode", [c for c in range(81) if c not in g.seats[2].intel])[0])
    assert m.mission_met(g)
    g.seats[2].intel.pop(0)  # only what lies in front of him now
    assert not m.mission_met(g)


def test_mission_qing_bao_chu_zhang_counts_only_for_a_bystander_even_face_down() -> None:
    g = build(
        4, identities=["ug", "mi", "ug", "by"], intel={2: ["R:lock", "R:burn", "R:decode"]}, characters={2: CHIEF}
    )
    assert not mission(g, 2).can_declare(g)  # 潜伏战线: the mission is ignored (S-WIN-9)
    g = build(
        4,
        identities=["ug", "mi", "by", "mi"],
        intel={2: ["R:lock", "R:burn", "R:decode"]},
        characters={2: CHIEF},
        face_up={2: False},
    )
    assert mission(g, 2).can_declare(g)  # a covered public character keeps its mission (S-CHAR-4)
