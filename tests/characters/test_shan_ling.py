"""闪灵 Shining (standard-characters.md §A4): C-SHAN_LING-1 狙击 and the mission 潜伏战线全灭.

Rulings applied: S-CHAR-1 (no timing: any window where she holds priority, never in Step 3), S-CHAR-5 (锁定技: after
the flip the burn is compulsory), S-CHAR-6 (识破 cannot cancel it), A-38 (she picks the three), A-49 (only another
player; no saving a dying player; nothing happens if he has no intelligence), A-27c (全灭), A-65 (the mission counts
face down).
"""

from __future__ import annotations

from typing import Any

import pytest

from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import build_asked as build
from tests.helpers import kinds, opts
from tests.rules.test_hooks import PlaceBlack


def snipe_opts(g: Game) -> list[str]:
    return [o for o in opts(g) if o.startswith("skill shan_ling")]


# ---------------------------------------------------------------------------------------------------------------
# C-SHAN_LING-1 狙击: flip this character: burn three intelligence of another player (all if fewer)
# ---------------------------------------------------------------------------------------------------------------


def test_C_SHAN_LING_1_S_TERM_10_burns_all_when_three_or_fewer() -> None:
    g = build(
        hands={0: ["R:decode", "B:decode"]},
        intel={3: ["R:lock", "K:burn", "B:lock"]},
        characters={2: "shan_ling"},
        at="play",
    )
    s = Script(g)
    s.do("0: pass", "1: pass")
    assert snipe_opts(g) == ["skill shan_ling.1 @0", "skill shan_ling.1 @1", "skill shan_ling.1 @3"]  # not herself
    burned = list(g.seats[3].intel)
    s.do("2: skill shan_ling.1 @3")
    # the flip is the cost, paid at once: she is face up while the skill waits on the stack
    assert g.seats[2].face_up and g.view(0)["seats"][2]["character"] == "standard.shan_ling"
    assert [u.use for u in s.stack()] == ["shan_ling.1"]
    assert g.seats[3].intel == burned
    s.do("3: pass", "0: pass", "1: pass", "2: pass")
    assert g.seats[3].intel == [] and set(burned) <= set(g.discard)
    assert [(e.data["seat"], e.data["by"]) for e in g.events if e.kind == "burned"] == [(3, 2)] * 3
    s.expect(0, "priority", "play")


def test_C_SHAN_LING_1_she_chooses_three_of_more_and_cannot_stop() -> None:
    """A-38: the user picks; S-CHAR-5: once flipped, the burn is compulsory (no pass among the choices)."""
    g = build(
        hands={0: ["R:decode", "B:decode"]},
        intel={1: ["R:lock", "K:burn", "B:lock", "K:lock", "R:burn"]},
        characters={2: "shan_ling"},
        at="play",
    )
    s = Script(g)
    s.do("0: pass", "1: pass", "2: skill shan_ling.1 @1", "3: pass", "0: pass", "1: pass", "2: pass")
    s.expect(2, "skill_choice", "C-SHAN_LING-1")
    assert "pass" not in opts(g) and len(opts(g)) == 5
    keep = [s.card("K:burn", 1, "intel"), s.card("R:burn", 1, "intel")]
    s.do("2: choose @1 x{R:lock@1}")
    assert len(opts(g)) == 4  # an intelligence already chosen is not offered again
    s.do("2: choose @1 x{B:lock@1}", "2: choose @1 x{K:lock@1}")
    assert sorted(g.seats[1].intel) == sorted(keep)
    s.expect(0, "priority", "play")


def test_C_SHAN_LING_1_any_colour_and_usable_in_another_players_pass() -> None:
    """No timing: she may flip in Step 1 / Step 2 of someone else's turn (S-CHAR-1)."""
    g = build(
        current=0,
        intel={3: ["R:lock", "B:lock"]},
        characters={2: "shan_ling"},
        at="step2",
        transit={"card": "K:lure_away", "holder": 1},
    )
    s = Script(g)
    s.do("0: pass", "1: pass")
    assert "skill shan_ling.1 @3" in opts(g) and g.decision.context == "step2"
    s.do("2: skill shan_ling.1 @3", "3: pass", "0: pass", "1: pass", "2: pass")
    assert g.seats[3].intel == []
    # red and blue both burned: 狙击 is not limited to false intelligence
    assert len([e for e in g.events if e.kind == "burned"]) == 2


def test_C_SHAN_LING_1_not_in_step3_and_only_once() -> None:
    g = build(
        current=0,
        hands={2: ["R:decode"]},
        intel={3: ["R:lock"]},
        characters={2: "shan_ling"},
        at="step3",
        transit={"card": "K:lure_away", "holder": 1},
    )
    d = Script(g).expect(1, "receive", "step3")
    assert [str(o) for o in d.options] == ["accept", "decline"]  # S-PASS-5: nobody may act
    Script(g).do("1: decline", "0: pass", "1: pass")
    assert snipe_opts(g)  # back in Step 1 she may
    Script(g).do("2: skill shan_ling.1 @3", "3: pass", "0: pass", "1: pass", "2: pass")
    assert g.seats[2].face_up
    # face up now: the flip skill is spent
    while g.decision is not None and not (g.decision.kind == "priority" and g.decision.seat == 2):
        d = g.decision
        Script(g).do(f"{d.seat}: {'decline' if d.kind == 'receive' else 'pass'}")
    assert g.decision is not None and snipe_opts(g) == []
    with pytest.raises(IllegalAction):
        g.act("skill shan_ling.1 @3")


def test_C_SHAN_LING_1_cannot_be_cancelled_by_see_through() -> None:
    """S-CHAR-6 / S-CARD-SEE-5: 识破 targets cards; the skill on the stack offers no target."""
    g = build(
        hands={0: ["R:decode", "B:decode"], 3: ["R:see_through"]},
        intel={1: ["R:lock"]},
        characters={2: "shan_ling"},
        at="play",
    )
    s = Script(g)
    s.do("0: pass", "1: pass", "2: skill shan_ling.1 @1")
    s.expect(3, "priority")
    assert not any("see_through" in o for o in opts(g))
    s.do("3: pass", "0: pass", "1: pass", "2: pass")
    assert g.seats[1].intel == []


def test_C_SHAN_LING_1_with_no_intelligence_to_burn_nothing_happens() -> None:
    """A-49: she may flip anyway; nothing is burned."""
    g = build(hands={0: ["R:decode", "B:decode"]}, characters={2: "shan_ling"}, at="play")
    s = Script(g)
    s.do("0: pass", "1: pass", "2: skill shan_ling.1 @3", "3: pass", "0: pass", "1: pass", "2: pass")
    assert g.seats[2].face_up and "burned" not in kinds(g)
    s.expect(0, "priority", "play")


def test_C_SHAN_LING_1_cannot_save_a_dying_player() -> None:
    """S-DEATH-3: the third false intelligence kills at once; she gets no window in between."""
    g = build(
        current=0,
        intel={1: ["K:lock", "K:burn"]},
        characters={2: "shan_ling"},
        at="step3",
        transit={"card": "K:decode", "holder": 1},
    )
    start = len(g.history)
    Script(g).do("1: accept")
    assert not g.seats[1].alive
    assert len(g.history) == start + 1  # nobody was asked anything between the accept and the death


def test_C_SHAN_LING_1_target_gone_before_it_resolves() -> None:
    """The use resolves LIFO; a target killed in response has nothing left to burn (S-PRIO-10 spirit)."""
    g = build(
        hands={0: ["R:decode", "B:decode"], 3: ["K:lock", "K:burn"]},
        intel={1: ["K:decode", "R:lock"]},
        characters={2: "shan_ling"},
        at="play",
    )
    g.add_rule(PlaceBlack(3))
    s = Script(g)
    s.do(
        "0: pass",
        "1: pass",
        "2: skill shan_ling.1 @1",
        "3: skill test.place @1",
        "0: pass",
        "1: pass",
        "2: pass",
        "3: pass",
    )
    assert not g.seats[1].alive
    assert "burned" not in kinds(g)


# ---------------------------------------------------------------------------------------------------------------
# Mission: 潜伏战线全灭 (for a bystander)
# ---------------------------------------------------------------------------------------------------------------


def killing_pass(identities: list[str], **kw: Any) -> Game:
    """Seat 1 has two false intelligence and is about to accept a third."""
    return build(
        4,
        identities=identities,
        current=0,
        intel={1: ["K:lock", "K:burn"], **kw.pop("intel", {})},
        characters={2: "shan_ling"},
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        **kw,
    )


def test_mission_shan_ling_underground_wiped_out_wins_for_a_bystander() -> None:
    # the only 潜伏战线 player (seat 1) dies; 闪灵 is a face-down bystander
    g = killing_pass(["mi", "ug", "by", "mi"])
    s = Script(g)
    s.do("1: accept")
    d = s.expect(2, "declare", "settle")
    assert d.private
    assert g.view(0)["decision"]["kind"] == "waiting"
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2]


def test_mission_shan_ling_not_while_an_underground_player_is_in_the_game() -> None:
    g = killing_pass(["ug", "ug", "by", "mi"])
    Script(g).do("1: accept")
    assert not g.seats[1].alive and not g.declarable[2] and g.result is None


def test_mission_shan_ling_not_for_another_identity() -> None:
    g = killing_pass(["mi", "ug", "mi", "by"])
    Script(g).do("1: accept")
    assert not g.seats[1].alive and not g.declarable[2] and g.result is None


def test_mission_shan_ling_not_met_without_any_underground_player() -> None:
    """A-27c: 全灭 needs at least one player of the faction to have existed."""
    g = build(
        4,
        identities=["mi", "mi", "by", "by"],
        hands={0: ["R:decode", "B:decode"]},
        characters={2: "shan_ling"},
        at="play",
    )
    g.refresh_declarable()
    assert not g.declarable[2]
    # whereas with a 潜伏战线 player who is out of the game it is met
    g = build(
        4,
        identities=["mi", "ug", "by", "by"],
        hands={0: ["R:decode", "B:decode"]},
        characters={2: "shan_ling"},
        at="play",
        dead=[1],
    )
    g.refresh_declarable()
    assert g.declarable[2]


def test_mission_shan_ling_a_dead_shan_ling_does_not_win_by_it() -> None:
    """A-37: a dead player wins only through his faction or a mission about his own death."""
    g = killing_pass(["mi", "ug", "by", "mi"], dead=[2])
    Script(g).do("1: accept")
    assert not g.seats[1].alive and g.result is None and not g.declarable[2]
