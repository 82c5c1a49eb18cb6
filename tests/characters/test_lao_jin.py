"""老金 (standard-characters.md §A7): C-LAO_JIN-1, C-LAO_JIN-2 (the placements, A-58) and the mission."""

from __future__ import annotations

from typing import Any

from fengsheng.config import Config
from fengsheng.core.cards import find_cards
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import build, kinds, opts

LJ = "lao_jin"
FLIP = f"skill {LJ}.1"


# ---------------------------------------------------------------------------------------------------------------
# C-LAO_JIN-1: when his card is seen through, flip: draw 5, put 2 back on top of the deck
# ---------------------------------------------------------------------------------------------------------------
DECK5 = ["R:burn", "B:burn", "K:burn", "R:return", "B:return"]


def seen_through(**kw: Any) -> Game:
    """老金 (seat 0, face down, current) locks seat 2; seat 1 answers with 识破."""
    return build(
        current=0,
        at="play",
        hands=kw.pop("hands", {0: ["R:lock", "R:decode", "K:decode"], 1: ["B:see_through"]}),
        deck=DECK5,
        characters=kw.pop("characters", {0: LJ}),
        **kw,
    )


def test_C_LAO_JIN_1_flip_when_his_card_is_seen_through_draw_five_put_two_back() -> None:
    g = seen_through()
    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "1: play c{B:see_through} see_through ^top")
    s.expect(0, "skill_choice", "C-LAO_JIN-1")
    assert g.decision.private  # he is face down: being asked would give him away
    s.do(f"0: {FLIP}")
    assert g.seats[0].face_up and len(g.seats[0].hand) == 7  # two + five
    s.expect(0, "skill_choice", "C-LAO_JIN-1")
    first, second = find_cards("K:burn", g.seats[0].hand)[0], find_cards("R:decode", g.seats[0].hand)[0]
    s.do(f"0: choose c{first}", f"0: choose c{second}")  # any order: the second one ends on top
    assert g.deck[-2:] == [first, second]
    assert len(g.seats[0].hand) == 5
    puts = [e for e in g.events if e.kind == "to_deck"]
    assert len(puts) == 2 and "card" not in puts[0].for_seat(1) and puts[0].for_seat(0)["card"] == first
    assert g.locks == []  # the lock itself was cancelled


def test_C_LAO_JIN_1_is_optional_and_only_for_his_own_card() -> None:
    g = seen_through()
    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "1: play c{B:see_through} see_through ^top", "0: pass")
    assert not g.seats[0].face_up and len(g.seats[0].hand) == 2
    # another player's card is cancelled: no question (老金 is seat 3 here)
    g2 = seen_through(characters={3: LJ}, hands={0: ["R:lock", "R:decode", "K:decode"], 1: ["B:see_through"]})
    s2 = Script(g2)
    s2.do("0: play c{R:lock} lock @2", "1: play c{B:see_through} see_through ^top")
    s2.expect(0, "send")
    assert not g2.seats[3].face_up


def test_C_LAO_JIN_1_not_when_the_see_through_is_itself_cancelled() -> None:
    g = seen_through(hands={0: ["R:lock", "R:decode", "K:decode", "R:see_through"], 1: ["B:see_through"]})
    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "1: play c{B:see_through} see_through ^top")
    s.do("0: play c{R:see_through} see_through ^top")  # his 识破 cancels seat 1's 识破 ...
    s.expect(0, "send")  # ... so his lock went through: nothing of his was seen through
    assert g.locks == [2] and not g.seats[0].face_up


def test_C_LAO_JIN_1_not_at_will_and_not_once_face_up() -> None:
    g = seen_through(hands={0: ["R:lock", "R:decode"]})
    Script(g).expect(0, "priority", "play")
    assert not any(o.startswith("skill") for o in opts(g))
    g2 = seen_through(face_up={0: True})
    s2 = Script(g2)
    s2.do("0: play c{R:lock} lock @2", "1: play c{B:see_through} see_through ^top")
    s2.expect(0, "send")  # no question


# ---------------------------------------------------------------------------------------------------------------
# C-LAO_JIN-2: on obtaining false intelligence, place a false one on himself, cover, place intelligence
# ---------------------------------------------------------------------------------------------------------------
def scatter(hand: list[str], own: list[str] | None = None, **kw: Any) -> Game:
    """老金 (seat 1, face up) is offered a black 破译 (Step 3) in seat 0's turn."""
    return build(
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        hands={1: hand, **kw.pop("hands", {})},
        intel={1: own or [], **kw.pop("intel", {})},
        characters={1: LJ},
        face_up={1: True},
        **kw,
    )


def test_C_LAO_JIN_2_place_false_on_himself_cover_then_place_one_each_on_several_players() -> None:
    g = scatter(["K:lock", "R:burn", "B:burn", "R:return"])
    s = Script(g)
    s.do("1: accept")
    s.expect(1, "skill_choice", "C-LAO_JIN-2")
    assert "pass" in opts(g)  # optional
    s.do("1: choose c{K:lock}")
    assert not g.seats[1].face_up and len(g.seats[1].intel) == 2  # the false card, then covered
    # compulsory now: at least one placement, so the first card has no "pass"
    s.expect(1, "skill_choice", "C-LAO_JIN-2")
    assert "pass" not in opts(g)
    s.do("1: choose c{R:burn}")
    assert set(opts(g)) == {"choose @0", "choose @1", "choose @2", "choose @3"}  # anyone, himself included
    s.do("1: choose @1", "1: choose c{B:burn}")
    assert "choose @1" not in opts(g)  # at most one per player
    s.do("1: choose @3")
    assert "pass" in opts(g)  # after the first placement he may stop
    s.do("1: pass")
    assert find_cards("R:burn", g.seats[1].intel) and find_cards("B:burn", g.seats[3].intel)
    assert find_cards("R:return", g.seats[1].hand)


def test_C_LAO_JIN_2_the_seed_example_he_places_a_red_card_on_himself_and_wins() -> None:
    # 潜伏战线 老金 with two red intelligence gets a false card, places another false card on himself, covers, and
    # places a red card on himself: three red, he declares (000's example)
    g = scatter(["K:lock", "R:burn"], own=["R:lock", "R:decode"], identities=["mi", "ug", "mi", "ug"])
    s = Script(g)
    s.do("1: accept", "1: choose c{K:lock}", "1: choose @1")  # the red 烧毁 is his only card left: forced
    s.expect(1, "declare")
    s.do("1: declare")
    r = s.over()
    assert r["winners"] == [1, 3] and r["rule"] == "S-ID-1"


def test_C_LAO_JIN_2_if_the_false_card_he_places_is_his_third_he_dies_and_places_nothing() -> None:
    g = scatter(["K:lock", "R:burn"], own=["K:return"])
    s = Script(g)
    s.do("1: accept", "1: choose c{K:lock}")
    assert not g.seats[1].alive  # death is immediate (S-DEATH-3)
    assert g.death_order == [1] and g.killers == [1]  # a self-kill
    assert all(x.intel == [] for x in g.seats)  # no placements


def test_C_LAO_JIN_2_several_deaths_at_once_numbered_in_seat_order() -> None:
    # he places a false card on seat 3 then on seat 2 (his choice order); each had two false intelligence: both die,
    # numbered from the current player counterclockwise, and he is their killer
    g = scatter(
        ["K:lock", "K:burn", "K:return"],
        players=5,
        identities=["ug", "by", "mi", "ug", "mi"],
        intel={2: ["K:see_through", "K:probe"], 3: ["K:intercept", "K:lure_away"]},
    )
    s = Script(g)
    s.do("1: accept", "1: choose c{K:lock}")
    s.do("1: choose c{K:burn}", "1: choose @3", "1: choose c{K:return}", "1: choose @2")
    # every card placed: no more question, the deaths settle
    assert g.death_order == [2, 3] and g.killers == [1, 1]
    died = [e.data["order"] for e in g.events if e.kind == "died"]
    assert died == [1, 2]


def test_C_LAO_JIN_2_placements_are_put_down_together_before_any_death() -> None:
    g = scatter(
        ["K:lock", "K:burn", "R:return"],
        intel={2: ["K:see_through", "K:probe"]},
    )
    s = Script(g)
    s.do("1: accept", "1: choose c{K:lock}")
    mark = len(g.events)
    s.do("1: choose c{K:burn}", "1: choose @2", "1: choose c{R:return}", "1: choose @3")
    new = kinds(g, mark)
    assert new.count("obtain") == 2 and new.index("dying") > max(i for i, k in enumerate(new) if k == "obtain")


def test_C_LAO_JIN_2_not_for_red_or_blue_not_without_a_black_card_not_face_down() -> None:
    g1 = build(
        current=0,
        at="step3",
        transit={"card": "B:decode", "holder": 1},
        hands={1: ["K:lock"]},
        characters={1: LJ},
        face_up={1: True},
    )
    Script(g1).do("1: accept")
    assert g1.decision.kind != "skill_choice"  # blue: no question
    g2 = scatter(["R:lock"])
    Script(g2).do("1: accept")
    assert g2.decision.kind != "skill_choice"  # no black card in hand: no question
    g3 = build(
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        hands={1: ["K:lock"]},
        characters={1: LJ},
    )
    Script(g3).do("1: accept")
    assert g3.decision.kind != "skill_choice"  # face down: the skill is off (S-CHAR-2)


def test_C_LAO_JIN_2_declined() -> None:
    g = scatter(["K:lock", "R:burn"])
    s = Script(g)
    s.do("1: accept", "1: pass")
    assert g.seats[1].face_up and len(g.seats[1].intel) == 1 and len(g.seats[1].hand) == 2


# ---------------------------------------------------------------------------------------------------------------
# Sex and mission (a mission on the hand: declared in a window, although no intelligence changed)
# ---------------------------------------------------------------------------------------------------------------
def test_C_LAO_JIN_face_down_he_has_no_sex() -> None:
    g = seen_through()
    assert not g.seats[0].sex_matches("M")
    Script(g).do("0: play c{R:lock} lock @2", "1: play c{B:see_through} see_through ^top", f"0: {FLIP}")
    assert g.seats[0].sex_matches("M")


HAND_3R_2B = ["R:lock", "R:decode", "R:burn", "B:lock", "B:decode"]


def test_mission_lao_jin_three_red_and_three_blue_cards_in_hand_after_a_draw() -> None:
    g = build(
        current=0,
        identities=["by", "mi", "ug", "ug"],
        at="draw",
        hands={0: list(HAND_3R_2B)},
        deck=["B:burn", "K:decode"],
        characters={0: LJ},
    )
    s = Script(g)
    s.expect(0, "priority", "play")
    assert "declare" in opts(g)  # the draw completed his hand: he may declare in the play phase
    s.do("0: declare")
    assert s.over()["winners"] == [0]


def test_mission_lao_jin_the_offer_goes_away_when_his_hand_no_longer_meets_it() -> None:
    g = build(
        current=0,
        identities=["by", "mi", "ug", "ug"],
        at="play",
        hands={0: [*HAND_3R_2B, "B:burn"]},
        intel={1: ["K:lock"]},
        characters={0: LJ},
    )
    s = Script(g)
    assert "declare" in opts(g)
    s.do("0: play c{B:burn} burn @1 x{K:lock@1}")  # the burn settles; then the window goes on
    s.expect(0, "priority", "play")
    assert "declare" not in opts(g)  # only two blue cards left


def test_mission_lao_jin_only_for_a_bystander() -> None:
    g = build(
        current=0,
        identities=["ug", "mi", "by", "ug"],
        at="draw",
        hands={0: list(HAND_3R_2B)},
        deck=["B:burn", "K:decode"],
        characters={0: LJ},
    )
    Script(g).expect(0, "priority", "play")
    assert "declare" not in opts(g)


WAITING = {"seat": None, "kind": "waiting", "context": ""}


def test_C_LAO_JIN_2_the_question_is_private() -> None:
    """Asked only when he holds a black card: other seats see only that the game waits (issue 9)."""
    g = scatter(["K:lock", "R:burn"])
    s = Script(g)
    s.do("1: accept")
    d = s.expect(1, "skill_choice", "C-LAO_JIN-2")
    assert d.private and all(g.view(v)["decision"] == WAITING for v in (0, 2, 3, None))
    s.do("1: choose c{K:lock}")  # once the cost is paid, the placements follow in public
    assert "skill" in kinds(g)


def test_C_LAO_JIN_2_uniform_prompts_ask_him_without_a_black_card_too() -> None:
    """Config.uniform_prompts: without a black card he is asked anyway, ``continue`` only."""
    g = scatter(["R:lock"], config=Config(players=4, uniform_prompts=True))
    s = Script(g)
    s.do("1: accept")
    d = s.expect(1, "skill_choice", "C-LAO_JIN-2")
    assert d.private and opts(g) == ["continue"]
    s.do("1: continue")
    assert g.seats[1].face_up and len(g.seats[1].intel) == 1 and "skill" not in kinds(g)
