"""黄雀 (standard-characters.md §C S1): C-HUANG_QUE-1 潜藏伏击, C-HUANG_QUE-2 黄雀在后 and the mission."""

from __future__ import annotations

from typing import Any

from fengsheng.config import Config
from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import events, opts, seat_opts, skill_events

ORIOLE = "huang_que"
AMBUSH, BEHIND = "C-HUANG_QUE-1", "C-HUANG_QUE-2"


def build(players: int = 4, **kw: Any) -> Game:
    kw.setdefault("characters", {2: ORIOLE})
    return helpers.build(players, **kw)


# --- C-HUANG_QUE-1 潜藏伏击 -----------------------------------------------------------------------------------------------


def test_C_HUANG_QUE_1_flip_then_put_an_intelligence_back_on_top_of_the_deck() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"]}, intel={1: ["R:decode", "K:decode"], 2: ["B:decode"]})
    s = Script(g)
    s.do("0: pass")
    s.expect(2, "priority", "play")  # in another player's turn: no timing is printed
    assert [o for o in opts(g) if o.startswith("skill")] == ["skill huang_que.1 @1"]  # another player's, with intel
    s.do("2: skill huang_que.1 @1")
    assert g.seats[2].face_up  # the flip is the cost, paid at once
    s.do("0: pass")  # then it resolves
    red = s.card("R:decode", 1, "intel")
    black = s.card("K:decode", 1, "intel")
    s.expect(2, "skill_choice", AMBUSH)
    assert sorted(opts(g)) == sorted([f"choose @1 x{red}", f"choose @1 x{black}"])  # her choice, any colour
    s.do(f"2: choose @1 x{black}")
    assert g.seats[1].intel == [red] and g.deck[-1] == black
    assert any(e.kind == "intel_to_deck" and e.data["card"] == black for e in g.events)  # face up: public


def test_C_HUANG_QUE_1_with_no_intelligence_about_she_may_still_flip() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"]}, intel={2: ["B:decode"]})
    s = Script(g)
    s.do("0: pass")
    assert [o for o in opts(g) if o.startswith("skill")] == ["skill huang_que.1"]
    deck = list(g.deck)
    s.do("2: skill huang_que.1", "0: pass")
    assert g.seats[2].face_up and g.deck == deck and len(g.seats[2].intel) == 1


def test_C_HUANG_QUE_1_only_while_face_down() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"]}, intel={1: ["R:decode"]}, face_up={2: True})
    assert not any(o.startswith("skill") for o in seat_opts(g, 2))


def test_C_HUANG_QUE_1_nothing_happens_if_the_intelligence_is_gone_when_it_resolves() -> None:
    g = build(current=0, at="play", hands={0: ["R:lock"], 3: ["K:burn"]}, intel={1: ["K:decode"]})
    s = Script(g)
    deck = list(g.deck)
    s.do("0: pass", "2: skill huang_que.1 @1", "3: play c{K:burn} burn @1 x{K:decode@1}", "0: pass")
    assert g.seats[2].face_up and g.deck == deck and g.seats[1].intel == []


def test_C_HUANG_QUE_1_in_a_passing_window() -> None:
    g = build(current=0, at="step1", transit={"card": "R:decode"}, hands={2: ["R:lure_away"]}, intel={3: ["B:lock"]})
    s = Script(g)
    s.expect(2, "priority", "step1")
    assert "skill huang_que.1 @3" in opts(g)


# --- C-HUANG_QUE-2 黄雀在后 -----------------------------------------------------------------------------------------------


def dying(card: str = "K:intercept", **kw: Any) -> Game:
    """Seat 1 is about to accept his third false intelligence (sent by seat 0); 黄雀 (seat 2) is face up."""
    kw.setdefault("face_up", {2: True})
    kw.setdefault("hands", {2: ["K:lock", "K:burn", "R:decode"]})
    intel = kw.pop("intel", {})
    intel.setdefault(1, ["K:decode", "K:lure_away"])
    return build(at="step3", transit={"card": card, "holder": 1}, current=0, intel=intel, **kw)


def test_C_HUANG_QUE_2_reveal_the_identity_then_place_up_to_two_false_intelligence() -> None:
    g = dying(intel={3: ["K:return"]})
    s = Script(g)
    s.do("1: accept")
    d = s.expect(2, "skill_choice", BEHIND)
    assert d.private and opts(g) == ["skill huang_que.2", "pass"]
    assert not g.seats[1].identity_revealed  # S-DEATH-5: before the dead player's identity is revealed
    s.do("2: skill huang_que.2")
    assert g.seats[2].identity_revealed  # the cost
    assert opts(g) == ["choose @0", "choose @1", "choose @2", "choose @3"]  # any player
    s.do("2: choose @3")
    lock, burn = s.card("K:lock", 2), s.card("K:burn", 2)
    assert sorted(opts(g)) == sorted([f"choose c{lock}", f"choose c{burn}"])  # black cards; at least one
    s.do(f"2: choose c{lock}")
    assert opts(g) == [f"choose c{burn}", "pass"]  # the second is optional
    s.do(f"2: choose c{burn}")
    assert not g.seats[1].alive and not g.seats[3].alive
    assert dict(zip(g.death_order, g.killers, strict=True)) == {1: 0, 3: 2}  # she killed seat 3


def test_C_HUANG_QUE_2_one_card_is_enough() -> None:
    g = dying()
    s = Script(g)
    s.do("1: accept", "2: skill huang_que.2", "2: choose @0", "2: choose c{K:burn}", "2: pass")
    assert len(g.seats[0].intel) == 1 and find_cards("K:burn", g.seats[0].intel)
    assert find_cards("K:lock", g.seats[2].hand)


def test_C_HUANG_QUE_2_is_optional_and_once_per_game() -> None:
    g = dying()
    s = Script(g)
    s.do("1: accept", "2: pass")
    assert not g.seats[2].identity_revealed and not g.seats[1].alive
    g = dying(intel={3: ["K:return", "K:see_through"]}, hands={0: ["R:decode"], 2: ["K:lock", "K:burn", "K:probe"]})
    s = Script(g)
    s.do("1: accept", "2: skill huang_que.2", "2: choose @3", "2: choose c{K:lock}", "2: pass")
    # seat 3 dies of it: she has revealed her identity already, so nothing is asked
    assert not g.seats[3].alive and len(skill_events(g, BEHIND)) == 2  # use + placement, once
    assert g.decision is None or g.decision.context != BEHIND


def test_C_HUANG_QUE_2_not_while_face_down() -> None:
    g = dying(face_up={2: False})
    Script(g).do("1: accept")
    assert not g.seats[1].alive and skill_events(g, BEHIND) == []
    assert g.decision is None or g.decision.context != BEHIND


def test_C_HUANG_QUE_2_R_6_A_39_without_a_black_card_she_may_still_reveal_and_places_none() -> None:
    """「最多二张」 from her hand (A-39: with too few black cards she places what she has): with none she places
    nothing, but revealing her identity still does something, so the skill is offered (R-6)."""
    g = dying(hands={2: ["R:decode", "B:decode"]})
    s = Script(g)
    s.do("1: accept")
    s.expect(2, "skill_choice", BEHIND)
    s.do("2: skill huang_que.2")
    assert g.seats[2].identity_revealed and len(skill_events(g, BEHIND)) == 1  # the use; no placement
    assert all(e["how"] != "skill" for e in events(g, "obtain"))
    assert not g.seats[1].alive and (g.decision is None or g.decision.context != BEHIND)


def test_C_HUANG_QUE_2_not_for_her_own_death() -> None:
    g = build(
        at="step3",
        transit={"card": "K:intercept", "holder": 2},
        current=0,
        intel={2: ["K:decode", "K:lure_away"]},
        hands={2: ["K:lock"]},
        face_up={2: True},
    )
    Script(g).do("2: accept")
    assert not g.seats[2].alive and skill_events(g, BEHIND) == []


def test_C_HUANG_QUE_2_A_30_not_after_a_rescue() -> None:
    """礼服蒙面人 (seat 0, current) saves the dying woman first: she has not died (A-30), so 「当另一位玩家死亡时」 has
    not happened and 黄雀在后 is not offered (one reading of a death for every death trigger, as for 六姐)."""
    g = dying(sexes=("", "F", "", ""), characters={0: "li_fu_meng_mian_ren", 2: ORIOLE})
    s = Script(g)
    s.do("1: accept", "0: skill li_fu_meng_mian_ren.2")
    while g.decision is not None and g.decision.seat == 0 and g.decision.context.startswith("C-LI_FU"):
        s.do(f"0: {opts(g)[0]}")
    assert g.seats[1].in_game  # rescued
    assert skill_events(g, BEHIND) == [] and not g.seats[2].identity_revealed
    assert g.decision is None or g.decision.context != BEHIND


def test_C_HUANG_QUE_2_A_30_before_a_rescue_in_seat_order() -> None:
    """黄雀 (seat 0, current) comes before 礼服蒙面人 (seat 2): the woman is still dying when 黄雀在后 is offered."""
    g = dying(
        sexes=("", "F", "", ""),
        characters={0: ORIOLE, 2: "li_fu_meng_mian_ren"},
        face_up={0: True},
        hands={0: ["K:lock", "R:decode"]},
    )
    s = Script(g)
    s.do("1: accept")
    s.expect(0, "skill_choice", BEHIND)
    assert 1 in g.dying


# --- mission -----------------------------------------------------------------------------------------------------


def test_mission_huang_que_an_underground_and_a_military_intelligence_player_dead() -> None:
    g = dying(identities=["ug", "mi", "by", "ug"], dead=[3], face_up={2: False})  # seat 3 (潜伏战线) is dead
    s = Script(g)
    s.do("1: accept")
    s.expect(2, "declare", "settle")
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2]


def test_mission_huang_que_not_with_one_faction_only() -> None:
    g = dying(identities=["ug", "mi", "by", "mi"], dead=[3], face_up={2: False})
    Script(g).do("1: accept")
    assert not g.seats[1].alive and g.result is None
    assert g.decision is None or g.decision.kind != "declare"


def test_mission_huang_que_a_loss_is_not_a_death() -> None:
    # seat 3 (军情局, 小白) loses by 败露; 潜伏战线 seat 1 is dead
    g = build(
        identities=["ug", "ug", "by", "mi"],
        characters={2: ORIOLE, 3: "xiao_bai"},
        dead=[1],
        at="step3",
        transit={"card": "R:decode", "holder": 3},
        current=0,
        intel={3: ["R:lock", "B:lock", "K:lock", "B:burn", "R:burn"]},
    )
    Script(g).do("3: accept")
    assert g.seats[3].lost and g.result is None
    assert not g.can_declare_now(2)


def test_mission_huang_que_only_for_a_bystander_alive() -> None:
    g = dying(identities=["ug", "mi", "ug", "ug"], dead=[3], face_up={2: False})
    Script(g).do("1: accept")
    assert g.result is None and (g.decision is None or g.decision.kind != "declare")


def test_mission_huang_que_a_dead_huang_que_does_not_win_through_it() -> None:
    g = build(
        players=5,
        identities=["ug", "mi", "by", "ug", "mi"],
        dead=[2, 3],  # 黄雀 and a 潜伏战线 player are dead; 军情局 seat 1 dies now
        at="step3",
        transit={"card": "K:intercept", "holder": 1},
        current=0,
        intel={1: ["K:decode", "K:lure_away"]},
    )
    Script(g).do("1: accept")
    assert not g.seats[1].alive and g.result is None and not g.declarable[2]


def test_C_HUANG_QUE_2_uniform_prompts_ask_her_the_same_questions_without_a_black_card() -> None:
    """Config.uniform_prompts: without a black card she may still reveal (R-6, A-39) and is then asked the player and
    two card questions (``continue`` only), as with two black cards; others see only that the game waits (R-19)."""
    g = dying(hands={2: ["R:decode", "B:decode"]}, config=Config(players=4, uniform_prompts=True))
    s = Script(g)
    s.do("1: accept")
    d = s.expect(2, "skill_choice", BEHIND)
    assert d.private and opts(g) == ["skill huang_que.2", "pass"]
    assert g.view(0)["decision"] == {"seat": None, "kind": "waiting", "context": ""}
    s.do("2: skill huang_que.2")
    assert g.decision is not None and g.decision.seat == 2  # the player: public, she has revealed
    s.do(f"2: {opts(g)[0]}")
    for _ in range(2):  # two card questions whatever she holds
        assert g.decision is not None and g.decision.seat == 2 and g.decision.private and opts(g) == ["continue"]
        assert g.view(0)["decision"]["kind"] == "waiting"
        s.do("2: continue")
    assert g.seats[2].identity_revealed and not g.seats[1].alive
