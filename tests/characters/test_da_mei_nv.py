"""大美女 (standard-characters.md §B13): C-DA_MEI_NV-1, -2 and the mission."""

from __future__ import annotations

from typing import Any

from fengsheng.characters.base import black_count
from fengsheng.core.cards import find_cards
from fengsheng.editions.standard.characters.da_mei_nv import DaMeiNvMission
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import opts, rule_of, seat_opts

BEAUTY = "da_mei_nv"
UNMASK = f"{BEAUTY}.2"


def build(players: int = 5, **kw: Any) -> Game:
    return helpers.build(players, **kw)


def mission(g: Game, seat: int) -> DaMeiNvMission:
    return rule_of(g, DaMeiNvMission, seat)


# --- C-DA_MEI_NV-1 -------------------------------------------------------------------------------------------------


def draw_phase(current: int = 0, face_up: bool = True) -> Game:
    return build(
        current=current,
        at="draw",
        hands={0: ["R:decode"], 1: ["B:decode"]},
        deck=["R:lock", "B:lock", "K:lock", "K:burn"],
        characters={0: BEAUTY},
        face_up={0: face_up},
    )


def test_C_DA_MEI_NV_1_draws_three_then_puts_one_back_on_top() -> None:
    g = draw_phase()
    s = Script(g)
    d = s.expect(0, "skill_choice", "C-DA_MEI_NV-1")
    assert len(g.seats[0].hand) == 4  # 1 + 3 drawn
    assert [o.kind for o in d.options] == ["choose"] * 4  # compulsory: no pass
    assert find_cards("K:burn", [g.deck[-1]])  # the fourth card is still on top
    decode = find_cards("R:decode", g.seats[0].hand)[0]
    s.do(f"0: choose c{decode}")  # any card of her hand, not only one just drawn
    assert g.deck[-1] == decode and decode not in g.seats[0].hand
    assert len(g.seats[0].hand) == 3


def test_C_DA_MEI_NV_1_only_her_own_draw_phase() -> None:
    g = build(
        current=1,
        at="draw",
        hands={0: ["R:decode"], 1: ["B:decode"]},
        deck=["R:lock", "B:lock", "K:lock"],
        characters={0: BEAUTY},
    )
    assert len(g.seats[1].hand) == 3 and len(g.seats[0].hand) == 1  # seat 1 drew the usual two
    assert g.decision is not None and g.decision.context != "C-DA_MEI_NV-1"


def test_C_DA_MEI_NV_1_not_for_draws_from_a_probe() -> None:
    g = build(
        identities=["ug", "mi", "by", "ug", "mi"],
        current=0,
        at="play",
        hands={0: ["R:probe:mi:draw", "R:decode", "B:decode"]},
        characters={1: BEAUTY},
    )
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1")
    assert len(g.seats[1].hand) == 2  # the probe's two cards, none put back
    assert not any(e.kind == "skill" for e in g.events)


def test_C_DA_MEI_NV_1_covered_public_character_draws_two() -> None:
    g = draw_phase(face_up=False)
    assert len(g.seats[0].hand) == 3
    assert g.decision is not None and g.decision.context != "C-DA_MEI_NV-1"


# --- C-DA_MEI_NV-2 -------------------------------------------------------------------------------------------------


def table(**kw: Any) -> Game:
    kw.setdefault("intel", {1: ["K:lock", "R:lock"], 0: ["K:burn"]})
    kw.setdefault("hands", {0: ["R:decode", "B:decode"]})
    return build(current=0, at="play", characters={0: BEAUTY}, **kw)


def test_C_DA_MEI_NV_2_reveal_identity_to_burn_a_false_intelligence() -> None:
    g = table(hands={0: ["R:decode", "B:decode"], 3: ["R:burn"]})
    s = Script(g)
    black = s.card("K:lock", 1, "intel")
    red = s.card("R:lock", 1, "intel")
    assert f"skill {UNMASK} @1 x{black}" in opts(g) and f"skill {UNMASK} @1 x{red}" not in opts(g)
    s.do(f"0: skill {UNMASK} @1 x{black}")
    assert g.seats[0].identity_revealed  # the cost is paid on use
    s.expect(3, "priority", "play")
    assert black in g.seats[1].intel  # the burn waits on the stack
    s.do("3: pass")  # everyone else is passed automatically: it resolves
    assert black not in g.seats[1].intel and black in g.discard and g.seats[1].intel == [red]
    assert g.decision is not None and g.decision.seat == 3
    assert seat_opts(g, 0) == ["pass"]  # once per game, though seat 0 still has a false card


def test_C_DA_MEI_NV_2_any_player_herself_included() -> None:
    g = table()
    s = Script(g)
    s.do(f"0: skill {UNMASK} @0 x{{K:burn@0}}")
    assert black_count(g, 0) == 0


def test_C_DA_MEI_NV_2_any_window_and_cannot_be_cancelled() -> None:
    g = build(
        current=0,
        at="step2",
        transit={"card": "B:decode", "holder": 1},
        hands={3: ["R:see_through"]},
        intel={1: ["K:lock"]},
        characters={2: BEAUTY},
    )
    s = Script(g)
    s.do(f"2: skill {UNMASK} @1 x{{K:lock@1}}")
    # seat 3 holds a 识破 but a skill is no card: nothing to target, so he is passed automatically
    s.expect(1, "receive", "step3")
    assert g.seats[1].intel == []


def test_C_DA_MEI_NV_2_not_while_covered_nor_without_false_intelligence() -> None:
    assert any(o.startswith("skill") for o in seat_opts(table(), 0))
    hands = {0: ["R:probe:ug:draw", "R:decode", "B:decode"]}  # the window waits on seat 0
    for g in (table(face_up={0: False}, hands=hands), table(intel={1: ["R:lock", "B:lock"]}, hands=hands)):
        s = Script(g)
        s.expect(0, "priority", "play")
        assert not any(o.startswith("skill") for o in opts(g))


def test_C_DA_MEI_NV_2_not_on_a_player_with_three_false_intelligence() -> None:
    """A-60: a player at three false cards is dying; only 礼服蒙面人's rescue can help him."""
    g = table(intel={1: ["K:lock", "K:burn", "K:decode"], 3: ["K:return"]})
    options = opts(g)
    assert not any("@1" in o for o in options if o.startswith("skill"))
    assert any("@3" in o for o in options if o.startswith("skill"))


# --- mission -------------------------------------------------------------------------------------------------------


def man_declares(
    beauty_intel: tuple[str, ...] = ("K:lock",),
    declarer: str = "qing_bao_chu_zhang",
    identities: list[str] | None = None,
    **kw: Any,
) -> Game:
    """Seat 1 (潜伏战线, playing ``declarer``) accepts his third red intelligence; 大美女 (a bystander) is seat 2."""
    chars = {2: BEAUTY, 1: declarer}
    chars.update(kw.pop("characters", {}))
    return build(
        identities=identities or ["ug", "ug", "by", "mi", "mi"],
        current=0,
        at="step3",
        transit={"card": "R:decode", "holder": 1},
        intel={1: ["R:lock", "R:burn"], 2: list(beauty_intel)},
        characters=chars,
        **kw,
    )


def test_mission_da_mei_nv_wins_with_a_male_character_if_she_has_at_most_one_false() -> None:
    g = man_declares()
    s = Script(g)
    s.do("1: accept", "1: declare")
    r = s.over()
    assert r["winners"] == [0, 1, 2] and r["declarer"] == 1


def test_mission_da_mei_nv_not_with_two_false_intelligence() -> None:
    g = man_declares(beauty_intel=("K:lock", "K:burn"))
    Script(g).do("1: accept", "1: declare")
    assert g.result is not None and g.result["winners"] == [0, 1]


def test_mission_da_mei_nv_a_male_player_is_not_a_male_character() -> None:
    """A-41: 男性角色 looks only at characters: a man playing 六姐 does not count; a face-down one neither."""
    g = man_declares(declarer="liu_jie", sexes=("", "M", "", "", ""), characters={3: "dao_feng"})
    Script(g).do("1: accept", "1: declare")
    assert g.result is not None and g.result["winners"] == [0, 1]
    g = man_declares(face_up={1: False}, characters={3: "dao_feng"})
    Script(g).do("1: accept", "1: declare")
    assert g.result is not None and g.result["winners"] == [0, 1]


def test_mission_da_mei_nv_only_for_a_bystander_in_the_game_face_up_or_not() -> None:
    g = man_declares(identities=["ug", "ug", "mi", "mi", "by"])
    Script(g).do("1: accept", "1: declare")
    assert g.result is not None and g.result["winners"] == [0, 1]
    g = man_declares(face_up={2: False})  # a covered public character keeps its mission (S-CHAR-4)
    Script(g).do("1: accept", "1: declare")
    assert g.result is not None and g.result["winners"] == [0, 1, 2]


def test_mission_da_mei_nv_fallback_without_male_characters() -> None:
    """A-42: no male character in the game → the mission is "kill every player but yourself"."""
    g = build(players=3, identities=["ug", "mi", "by"], dead=[0, 1], characters={2: BEAUTY})
    m = mission(g, 2)
    assert m.fallback(g) and m.mission_met(g)
    g = build(players=3, identities=["ug", "mi", "by"], dead=[0], characters={2: BEAUTY, 1: "liu_jie"})
    assert mission(g, 2).fallback(g) and not mission(g, 2).mission_met(g)  # seat 1 is still in the game
    g = build(players=3, identities=["ug", "mi", "by"], characters={2: BEAUTY, 1: "dao_feng"})
    assert not mission(g, 2).fallback(g)
    assert mission(g, 2).react_to_declaration(g, 1, [1]) == ([2], False)
    g.seats[1].face_up = False  # covered: no male character at the table any more
    assert mission(g, 2).fallback(g) and mission(g, 2).react_to_declaration(g, 1, [1]) is None


def test_mission_da_mei_nv_fallback_kill_everyone_else() -> None:
    g = build(
        players=3,
        identities=["ug", "mi", "by"],
        dead=[0],
        current=2,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        intel={1: ["K:lock", "K:burn"]},
        hands={2: ["R:lock"]},
        characters={2: BEAUTY},
    )
    assert not mission(g, 2).mission_met(g)
    Script(g).do("1: accept")
    assert g.result is not None and g.result["winners"] == [2] and g.result["reason"] == "declared"
