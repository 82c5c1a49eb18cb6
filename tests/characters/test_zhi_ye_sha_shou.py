"""职业杀手 Professional Killer (standard-characters.md §B9): C-ZHI_YE_SHA_SHOU-1 (place another false intelligence),
C-ZHI_YE_SHA_SHOU-2 (识破 as 锁定) and the mission (kill a player who is the 2nd or later to die).

Rulings applied: S-TERM-4 / A-47 (sent intelligence: accepted, forced or intercepted; never the sender's own card
coming back; not 真伪莫辨, not skills), A-39 (placed from his hand, black cards), A-61 (the converted card is a full
锁定: own turn, cancellable, keeps its colour), A-48 / S-TERM-19 (the killer put the fatal card; self-kills never
count; 真伪莫辨 counts for its user), S-CHAR-4 (covered: no skills, mission kept).
"""

from __future__ import annotations

from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import CARD_COLOUR, IS_BLACK, build_asked, kinds, opts
from tests.rules.test_hooks import PlaceBlack


def build(players: int = 4, identities: list[str] | None = None, **kw: Any) -> Game:
    return build_asked(players, identities or ["by", "mi", "ug", "ug", "mi", "by", "ug", "mi", "by"][:players], **kw)


def arriving(card: str, holder: int, **kw: Any) -> Game:
    """Seat 0 (职业杀手, current) sent ``card``; it is at ``holder``'s Step 3."""
    hands = {0: ["K:lock", "K:burn", "R:decode"], **kw.pop("hands", {})}
    return build(
        current=0,
        hands=hands,
        characters={0: "zhi_ye_sha_shou", **kw.pop("characters", {})},
        at="step3",
        transit={"card": card, "holder": holder, **kw.pop("transit", {})},
        **kw,
    )


# ---------------------------------------------------------------------------------------------------------------
# C-ZHI_YE_SHA_SHOU-1: when a player obtains false intelligence you sent, you may place another in front of him
# ---------------------------------------------------------------------------------------------------------------


def test_C_ZHI_YE_SHA_SHOU_1_S_TERM_11_places_a_black_card_from_his_hand() -> None:
    g = arriving("K:decode", 1)
    s = Script(g)
    s.do("1: accept")
    s.expect(0, "skill_choice", "C-ZHI_YE_SHA_SHOU-1")
    lock, burn = s.card("K:lock", 0), s.card("K:burn", 0)
    assert opts(g) == [f"choose c{lock}", f"choose c{burn}", "pass"]  # black cards only, optional
    s.do(f"0: choose c{burn}")
    assert burn in g.seats[1].intel and len(g.seats[1].intel) == 2
    placed = [e.data for e in g.events if e.kind == "obtain" and e.data["card"] == burn]
    assert placed == [{"seat": 1, "card": burn, "how": "skill", "source": 0}]


def test_C_ZHI_YE_SHA_SHOU_1_the_placed_card_does_not_trigger_it_again() -> None:
    """「角色技能导致获得的假情报不触发该技能」: the card he places is not sent intelligence."""
    g = arriving("K:decode", 1)
    s = Script(g)
    s.do("1: accept", "0: choose c{K:lock}")
    assert len(g.seats[1].intel) == 2 and len(g.seats[0].hand) == 2  # K:burn is still in his hand
    assert g.decision is not None and g.decision.kind != "skill_choice"


def test_C_ZHI_YE_SHA_SHOU_1_is_optional() -> None:
    g = arriving("K:decode", 1)
    s = Script(g)
    s.do("1: accept", "0: pass")
    assert len(g.seats[1].intel) == 1 and len(g.seats[0].hand) == 3


def test_C_ZHI_YE_SHA_SHOU_1_the_placed_card_can_kill_and_he_is_the_killer() -> None:
    g = arriving("K:decode", 1, intel={1: ["K:return"]})
    s = Script(g)
    s.do("1: accept", "0: choose c{K:lock}")
    assert not g.seats[1].alive and g.killers == [0]


def test_C_ZHI_YE_SHA_SHOU_1_S_TERM_4_counts_intercepted_and_forced_cards() -> None:
    """A-47: the card stays "intelligence he sent" when someone intercepts it or a locked player must take it."""
    g = build(
        current=0,
        hands={0: ["K:lock", "R:decode"], 2: ["B:intercept"]},
        characters={0: "zhi_ye_sha_shou"},
        at="step1",
        transit={"card": "K:decode"},
    )
    s = Script(g)
    s.do("0: pass", "1: pass", "2: play c{B:intercept} intercept", "3: pass", "0: pass", "1: pass", "2: pass")
    s.expect(0, "skill_choice", "C-ZHI_YE_SHA_SHOU-1")
    s.do("0: choose c{K:lock}")
    assert len(g.seats[2].intel) == 2 and all(IS_BLACK[c] for c in g.seats[2].intel)
    # a lock: the locked player's forced accept counts too
    g = build(
        current=0,
        hands={0: ["K:lock", "K:burn", "R:decode"]},
        characters={0: "zhi_ye_sha_shou"},
        at="step1",
        transit={"card": "K:decode"},
    )
    s = Script(g)
    s.do("0: play c{K:lock} lock @1", "1: pass", "2: pass", "3: pass", "0: pass")
    s.do("0: pass", "1: pass", "2: pass", "3: pass", "0: pass", "1: pass", "2: pass", "3: pass")
    assert any(e.kind == "obtain" and e.data["how"] == "forced" and e.data["seat"] == 1 for e in g.events)
    s.expect(0, "skill_choice", "C-ZHI_YE_SHA_SHOU-1")


def test_C_ZHI_YE_SHA_SHOU_1_not_when_his_own_card_comes_back() -> None:
    """A-47: the sender taking his own card does not trigger it."""
    g = arriving("K:decode", 0)  # everyone declined; back to the sender, who must take it (forced)
    assert g.seats[0].intel and "skill" not in kinds(g)
    assert g.decision is not None and g.decision.kind != "skill_choice"


def test_C_ZHI_YE_SHA_SHOU_1_not_for_red_or_blue_intelligence() -> None:
    g = arriving("R:burn", 1)
    Script(g).do("1: accept")
    assert g.decision is not None and g.decision.kind != "skill_choice"
    assert len(g.seats[1].intel) == 1


def test_C_ZHI_YE_SHA_SHOU_1_not_without_a_black_card_in_hand() -> None:
    g = arriving("K:decode", 1, hands={0: ["R:lock", "B:burn"]})
    Script(g).do("1: accept")
    assert g.decision is not None and g.decision.kind != "skill_choice" and len(g.seats[1].intel) == 1


def test_C_ZHI_YE_SHA_SHOU_1_not_for_another_players_card() -> None:
    g = build(
        current=3,
        hands={0: ["K:lock", "K:burn"]},
        characters={0: "zhi_ye_sha_shou"},
        at="step3",
        transit={"card": "K:decode", "holder": 1, "sender": 3},
    )
    Script(g).do("1: accept")
    assert g.decision is not None and g.decision.kind != "skill_choice"


def test_C_ZHI_YE_SHA_SHOU_1_not_for_true_or_false() -> None:
    """S-CARD-TOF-6: 真伪莫辨 intelligence was not sent by anyone."""
    g = build(
        3,
        identities=["by", "mi", "ug"],
        current=0,
        hands={0: ["R:true_or_false", "K:lock", "K:burn", "R:decode"]},
        deck=["K:decode", "K:intercept", "K:see_through"],
        characters={0: "zhi_ye_sha_shou"},
        at="play",
        config=Config(players=3, auto_pass=True),
    )
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "0: pass")
    while g.decision is not None and g.decision.kind == "pick":
        s.do(f"{g.decision.seat}: {opts(g)[0]}")
    assert all(len(g.seats[i].intel) == 1 for i in range(3))
    assert "skill" not in kinds(g) and len(g.seats[0].hand) == 3


def test_C_ZHI_YE_SHA_SHOU_1_not_when_covered() -> None:
    g = arriving("K:decode", 1, face_up={0: False})
    Script(g).do("1: accept")
    assert g.decision is not None and g.decision.kind != "skill_choice"


# ---------------------------------------------------------------------------------------------------------------
# C-ZHI_YE_SHA_SHOU-2: your 识破 may be used as 锁定
# ---------------------------------------------------------------------------------------------------------------


def test_C_ZHI_YE_SHA_SHOU_2_see_through_as_lock_keeps_its_colour() -> None:
    g = build(current=0, hands={0: ["B:see_through", "R:decode"]}, characters={0: "zhi_ye_sha_shou"}, at="play")
    s = Script(g)
    card = s.card("B:see_through", 0)
    assert [o for o in opts(g) if o.startswith("play")] == [f"play c{card} lock @{t}" for t in (1, 2, 3)]
    s.do(f"0: play c{card} lock @2", "1: pass", "2: pass", "3: pass", "0: pass")
    assert g.locks == [2] and card in g.discard and CARD_COLOUR[card] == "blue"
    use = next(e for e in g.events if e.kind == "use")
    assert use.data["use"] == "lock" and use.data["card"] == card


def test_C_ZHI_YE_SHA_SHOU_2_the_converted_lock_can_be_cancelled() -> None:
    g = build(
        current=0,
        hands={0: ["B:see_through", "R:decode"], 1: ["R:see_through"]},
        characters={0: "zhi_ye_sha_shou"},
        at="play",
    )
    s = Script(g)
    s.do("0: play c{B:see_through} lock @2", "1: play c{R:see_through} see_through ^top")
    s.do("2: pass", "3: pass", "0: pass", "1: pass")
    assert g.locks == [] and [e.data["use"] for e in g.events if e.kind == "no_effect"] == ["lock"]


def test_C_ZHI_YE_SHA_SHOU_2_still_usable_as_see_through() -> None:
    g = build(
        current=1,
        hands={0: ["B:see_through"], 1: ["R:lock", "R:decode"]},
        characters={0: "zhi_ye_sha_shou"},
        at="play",
    )
    s = Script(g)
    s.do("1: play c{R:lock} lock @2", "2: pass", "3: pass")
    assert any(o.endswith("see_through ^1") for o in opts(g))
    s.do("0: play c{B:see_through} see_through ^top", "1: pass", "2: pass", "3: pass", "0: pass")
    assert g.locks == []


def test_C_ZHI_YE_SHA_SHOU_2_only_in_his_own_turn_and_not_when_covered() -> None:
    """A-61: lock timing applies (own turn); S-CHAR-4: covered, his 识破 is only a 识破."""
    g = build(
        current=1,
        hands={0: ["B:see_through"], 1: ["R:decode", "B:decode"]},
        characters={0: "zhi_ye_sha_shou"},
        at="play",
    )
    s = Script(g)
    s.do("1: pass", "2: pass", "3: pass")
    assert opts(g) == ["pass"]
    with pytest.raises(IllegalAction):
        s.do("0: play c{B:see_through} lock @2")
    g = build(
        current=0,
        hands={0: ["B:see_through", "R:decode"]},
        characters={0: "zhi_ye_sha_shou"},
        face_up={0: False},
        at="play",
    )
    assert opts(g) == ["pass"]


# ---------------------------------------------------------------------------------------------------------------
# Mission: with your own hand, make a player the second or later to die
# ---------------------------------------------------------------------------------------------------------------


def first_death_then(card: str, holder: int, identities: list[str] | None = None, **kw: Any) -> Game:
    """Seat 4 dies first (placed by seat 3's test-only skill); then seat 0 (职业杀手)'s card is at ``holder``."""
    g = build(
        5,
        identities=identities or ["by", "mi", "ug", "ug", "mi"],
        current=0,
        hands={0: ["R:decode", "B:decode"], 3: ["K:lock", "K:burn", "K:lure_away"], **kw.pop("hands", {})},
        characters={0: "zhi_ye_sha_shou", **kw.pop("characters", {})},
        at="step2",
        transit={"card": card, "holder": holder},
        **kw,
    )
    g.add_rule(PlaceBlack(3))
    s = Script(g)
    s.do(
        "0: pass", "1: pass", "2: pass", "3: skill test.place @4", "4: pass", "0: pass", "1: pass", "2: pass", "3: pass"
    )
    assert g.death_order == [4] and g.killers == [3]
    s.do("0: pass", "1: pass", "2: pass", "3: pass")
    return g


def test_mission_zhi_ye_sha_shou_second_death_by_his_sent_card_wins() -> None:
    g = first_death_then("K:decode", 1, intel={1: ["K:return", "K:see_through"]})
    s = Script(g)
    s.do("1: accept")
    assert g.death_order == [4, 1] and g.killers == [3, 0]
    s.expect(0, "declare", "settle")
    s.do("0: declare")
    assert g.result is not None and g.result["winners"] == [0]


def test_mission_zhi_ye_sha_shou_the_first_death_does_not_count() -> None:
    g = arriving("K:decode", 1, intel={1: ["K:return", "K:see_through"]})
    Script(g).do("1: accept")
    assert g.death_order == [1] and g.killers == [0]
    assert not g.declarable[0] and g.result is None


def test_mission_zhi_ye_sha_shou_S_TERM_19_killing_himself_does_not_count() -> None:
    """S-TERM-19 / A-48: 「职业杀手自杀不触发该机密任务完成条件」."""
    g = first_death_then("K:decode", 0, intel={0: ["K:return", "K:see_through"]})
    assert not g.seats[0].alive and g.death_order == [4, 0] and g.killers == [3, 0]
    assert not g.declarable[0] and g.result is None


def test_mission_zhi_ye_sha_shou_someone_elses_kill_does_not_count() -> None:
    g = first_death_then("K:decode", 1, intel={1: ["K:return", "K:see_through"]})
    assert g.killers == [3]
    # seat 3 killed seat 4: a second kill by seat 3 would not count either; 职业杀手 has killed nobody
    assert not g.declarable[0]


def test_mission_zhi_ye_sha_shou_not_for_another_identity() -> None:
    g = first_death_then(
        "K:decode", 1, identities=["ug", "by", "mi", "ug", "mi"], intel={1: ["K:return", "K:see_through"]}
    )
    Script(g).do("1: accept")
    assert g.death_order == [4, 1] and g.killers == [3, 0]
    assert not g.declarable[0] and g.result is None


def test_mission_zhi_ye_sha_shou_a_kill_by_his_skill_counts() -> None:
    """S-TERM-19: a kill by his character's effect (C-ZHI_YE_SHA_SHOU-1's placed card) is his."""
    g = first_death_then("K:decode", 1, intel={1: ["K:return"]}, hands={0: ["R:decode", "K:burn"]})
    s = Script(g)
    s.do("1: accept", "0: choose c{K:burn}")
    assert g.death_order == [4, 1] and g.killers == [3, 0]
    s.expect(0, "declare", "settle")


def test_mission_zhi_ye_sha_shou_is_kept_when_covered() -> None:
    """S-CHAR-4: a covered public character keeps its mission."""
    g = first_death_then("K:decode", 1, intel={1: ["K:return", "K:see_through"]}, face_up={0: False})
    Script(g).do("1: accept")
    Script(g).expect(0, "declare", "settle")


def test_mission_zhi_ye_sha_shou_a_dead_killer_does_not_win_by_it() -> None:
    """A-37: he dies first (seat 3's test-only skill); his card, still in transit, then kills seat 1 as the second
    death (S-PASS-7: the pass goes on). The kill is his (A-48), but a dead player does not win through this mission."""
    g = build(
        5,
        identities=["by", "mi", "ug", "ug", "mi"],
        current=0,
        hands={0: ["R:decode"], 3: ["K:lock", "K:burn", "K:lure_away"]},
        intel={1: ["K:return", "K:see_through"]},
        characters={0: "zhi_ye_sha_shou"},
        at="step2",
        transit={"card": "K:decode", "holder": 1},
    )
    g.add_rule(PlaceBlack(3))
    s = Script(g)
    s.do(
        "0: pass", "1: pass", "2: pass", "3: skill test.place @0", "4: pass", "0: pass", "1: pass", "2: pass", "3: pass"
    )
    assert g.death_order == [0]
    s.do("1: pass", "2: pass", "3: pass", "4: pass", "1: accept")
    assert g.death_order == [0, 1] and g.killers == [3, 0]
    assert not g.declarable[0] and g.result is None


WAITING = {"seat": None, "kind": "waiting", "context": ""}


def test_C_ZHI_YE_SHA_SHOU_1_the_question_is_private() -> None:
    """Asked only when he holds a black card: other seats see only that the game waits (issue 9)."""
    g = arriving("K:decode", 1)
    s = Script(g)
    s.do("1: accept")
    d = s.expect(0, "skill_choice", "C-ZHI_YE_SHA_SHOU-1")
    assert d.private
    assert all(g.view(v)["decision"] == WAITING for v in (1, 2, 3, None))
    assert g.view(0)["decision"]["options"] == opts(g)


def test_C_ZHI_YE_SHA_SHOU_1_uniform_prompts_ask_him_without_a_black_card_too() -> None:
    """Config.uniform_prompts: without a black card he is asked anyway, ``continue`` only; off, nothing is asked."""
    on = arriving("K:decode", 1, hands={0: ["R:decode"]}, config=Config(players=4, uniform_prompts=True))
    s = Script(on)
    s.do("1: accept")
    d = s.expect(0, "skill_choice", "C-ZHI_YE_SHA_SHOU-1")
    assert d.private and opts(on) == ["continue"]
    s.do("0: continue")
    assert len(on.seats[1].intel) == 1 and kinds(on)[-1] != "skill"
    off = arriving("K:decode", 1, hands={0: ["R:decode"]})
    Script(off).do("1: accept")
    assert off.decision is not None and off.decision.kind != "skill_choice"
