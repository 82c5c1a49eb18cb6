"""柒佰 Qi Bai (standard-characters.md §B11): C-QI_BAI-1 敏锐, C-QI_BAI-2 联动, C-QI_BAI-3 (a woman wins with him) and
the mission (five non-false intelligence).

Rulings applied: S-PRIO-1 (the skill beats the card's "own turn"), A-59 (敏锐 in that turn's play phase and Step-1
windows; 联动 once the lock went unanswered, before its effect), S-CHAR-5 (联动 and the co-winner choice are
compulsory), S-CHAR-4 (covered: no skills), S-CHAR-7 / A-41 (a woman: female player or face-up female character),
S-WIN-5 (her win is hers alone), A-36 (only if the declaration stands), A-63.
"""

from __future__ import annotations

from typing import Any

import pytest

from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import build_asked as build
from tests.helpers import kinds, opts


def lock_opts(g: Game) -> list[str]:
    return [o for o in opts(g) if " lock " in o]


# ---------------------------------------------------------------------------------------------------------------
# C-QI_BAI-1 敏锐: you may use 锁定 in other players' turns
# ---------------------------------------------------------------------------------------------------------------


def test_C_QI_BAI_1_locks_in_another_players_play_phase() -> None:
    g = build(hands={0: ["R:decode", "B:decode"], 2: ["R:lock"]}, characters={2: "qi_bai"}, at="play")
    s = Script(g)
    s.do("0: pass", "1: pass")
    card = s.card("R:lock", 2)
    assert lock_opts(g) == [f"play c{card} lock @{t}" for t in (0, 1, 3)]  # anyone but himself
    s.do("2: play c{R:lock} lock @1", "3: pass", "0: pass", "1: pass", "2: pass")
    s.do("2: choose c" + str(g.seats[2].hand[0]), "2: choose @3")  # 联动 (C-QI_BAI-2)
    assert g.locks == [1]


def test_C_QI_BAI_1_without_the_skill_no_lock_in_another_turn() -> None:
    """Control: the same hand without 柒佰 (or with 柒佰 covered, S-CHAR-4) offers no lock."""
    for characters, face_up in (({}, {}), ({2: "qi_bai"}, {2: False})):
        g = build(hands={0: ["R:decode", "B:decode"], 2: ["R:lock"]}, characters=characters, face_up=face_up, at="play")
        s = Script(g)
        s.do("0: pass", "1: pass")
        assert opts(g) == ["pass"]
        with pytest.raises(IllegalAction):
            s.do("2: play c{R:lock} lock @1")


def test_C_QI_BAI_1_locks_in_step1_of_another_turn_but_not_in_step2_or_the_end_phase() -> None:
    g = build(
        current=0,
        hands={2: ["R:lock", "B:lock"]},
        characters={2: "qi_bai"},
        at="step1",
        transit={"card": "K:lure_away"},
    )
    s = Script(g)
    s.do("0: pass", "1: pass")
    assert lock_opts(g)
    s.do("2: pass", "3: pass")
    s.expect(0, "priority", "step2")  # the card reached seat 1
    s.do("0: pass", "1: pass")
    assert opts(g) == ["pass"]  # no lock in Step 2
    s.do("2: pass", "3: pass", "1: accept")
    s.expect(0, "priority", "end")
    s.do("0: pass", "1: pass")
    assert opts(g) == ["pass"]  # nor in the end phase


def test_C_QI_BAI_1_his_lock_is_a_card_and_can_be_cancelled() -> None:
    g = build(
        hands={0: ["R:decode", "B:decode"], 2: ["R:lock"], 3: ["B:see_through"]},
        characters={2: "qi_bai"},
        at="play",
    )
    s = Script(g)
    s.do("0: pass", "1: pass", "2: play c{R:lock} lock @1", "3: play c{B:see_through} see_through ^top")
    s.do("0: pass", "1: pass", "2: pass", "3: pass")
    assert g.locks == []
    assert "skill" not in kinds(g)  # 联动 needs the lock to go through
    assert len(g.seats[2].hand) == 0
    s.expect(0, "priority", "play")


# ---------------------------------------------------------------------------------------------------------------
# C-QI_BAI-2 联动 (compulsory): when you use 锁定, draw 2, then give a hand card to another player
# ---------------------------------------------------------------------------------------------------------------


def test_C_QI_BAI_2_draws_two_and_gives_a_card_before_the_lock_takes_effect() -> None:
    g = build(
        hands={0: ["R:decode", "B:decode"], 2: ["R:lock"]},
        characters={2: "qi_bai"},
        deck=["K:burn", "B:burn"],
        at="play",
    )
    s = Script(g)
    s.do("0: pass", "1: pass", "2: play c{R:lock} lock @1", "3: pass", "0: pass", "1: pass", "2: pass")
    d = s.expect(2, "skill_choice", "C-QI_BAI-2")
    assert "pass" not in opts(g)  # compulsory (S-CHAR-5)
    assert g.locks == []  # the lock has not taken effect yet (A-59, EX-2)
    drawn = sorted(g.seats[2].hand)
    assert len(drawn) == 2 and [str(o) for o in d.options] == [f"choose c{c}" for c in g.seats[2].hand]
    given = s.card("K:burn", 2)
    s.do(f"2: choose c{given}")
    assert opts(g) == ["choose @0", "choose @1", "choose @3"]  # another player: not himself
    s.do("2: choose @3")
    assert given in g.seats[3].hand and given not in g.seats[2].hand and len(g.seats[2].hand) == 1
    assert g.locks == [1]
    k = kinds(g)
    assert k.index("skill") < k.index("draw", k.index("skill")) < k.index("give") < k.index("locked")
    give = next(e for e in g.events if e.kind == "give")
    assert give.data == {"seat": 2, "to": 3} and give.private == {"card": given} and set(give.audience) == {2, 3}
    assert "card" not in give.for_seat(0) and give.for_seat(3)["card"] == given


def test_C_QI_BAI_2_also_in_his_own_turn() -> None:
    g = build(current=2, hands={2: ["K:lock", "R:decode"]}, characters={2: "qi_bai"}, at="play")
    s = Script(g)
    s.do("2: play c{K:lock} lock @0", "3: pass", "0: pass", "1: pass", "2: pass")
    s.expect(2, "skill_choice", "C-QI_BAI-2")
    assert len(g.seats[2].hand) == 3


def test_C_QI_BAI_2_R_6_he_may_lock_a_player_already_locked_and_draws_two() -> None:
    """000 锁定「对（自己以外）任意一位玩家使用」, 柒佰「当你使用【锁定】时，抽二张牌」: a lock on a player already
    locked still does something (联动 draws two), so R-6 does not leave that target out."""
    g = build(
        hands={0: ["R:decode", "B:decode"], 2: ["R:lock"]},
        characters={2: "qi_bai"},
        deck=["K:burn", "B:burn"],
        locks=[1],
        at="play",
    )
    s = Script(g)
    s.do("0: pass", "1: pass")
    card = s.card("R:lock", 2)
    assert f"play c{card} lock @1" in lock_opts(g)
    s.do("2: play c{R:lock} lock @1", "3: pass", "0: pass", "1: pass", "2: pass")
    s.expect(2, "skill_choice", "C-QI_BAI-2")
    assert len(g.seats[2].hand) == 2
    s.do(f"2: choose c{g.seats[2].hand[0]}", "2: choose @3")
    assert g.locks == [1] and [e["seat"] for e in (x.data for x in g.events if x.kind == "locked")] == [1]


def test_C_QI_BAI_2_not_when_covered() -> None:
    """S-CHAR-4: a covered public character has no skills: an own-turn lock gives no 联动."""
    g = build(current=2, hands={2: ["K:lock", "R:decode"]}, characters={2: "qi_bai"}, face_up={2: False}, at="play")
    s = Script(g)
    s.do("2: play c{K:lock} lock @0", "3: pass", "0: pass", "1: pass", "2: pass")
    assert g.locks == [0] and len(g.seats[2].hand) == 1 and "skill" not in kinds(g)


# ---------------------------------------------------------------------------------------------------------------
# C-QI_BAI-3: when you declare victory, choose a woman to win with you
# ---------------------------------------------------------------------------------------------------------------


def declaring_qi_bai(**kw: Any) -> Game:
    """Seat 2 (柒佰, 军情局) is about to accept his third blue intelligence."""
    ids = kw.pop("identities", ["ug", "ug", "mi", "mi", "by"])
    return build(
        5,
        identities=ids,
        current=0,
        intel={2: ["B:lock", "B:burn"], **kw.pop("intel", {})},
        characters={2: "qi_bai", **kw.pop("characters", {})},
        at="step3",
        transit={"card": "B:decode", "holder": 2},
        **kw,
    )


def test_C_QI_BAI_3_S_TERM_16_a_face_up_female_character_wins_with_him_alone() -> None:
    # seat 0 (潜伏战线) is a face-up 老鬼 (a woman); her teammate seat 1 does not win with her (S-WIN-5). She is the
    # only woman, so the compulsory choice is a forced move.
    g = declaring_qi_bai(characters={0: "lao_gui"}, face_up={0: True})
    Script(g).do("2: accept", "2: declare")
    assert g.result is not None
    assert g.result["winners"] == [0, 2, 3]  # 军情局 (2, 3) and the woman he chose; not her teammate 1
    # 000「被宣告胜利的女性该胜利只属于她个人」: her faction has not won
    assert g.result["factions"] == ["military_intel"]
    assert [e.data["factions"] for e in g.events if e.kind == "game_over"] == [["military_intel"]]
    assert [e.data for e in g.events if e.kind == "skill"] == [{"seat": 2, "skill": "C-QI_BAI-3", "target": 0}]


def test_C_QI_BAI_3_he_chooses_among_women_players_and_face_up_female_characters() -> None:
    """S-CHAR-7 / A-41: seat 4 is a woman (the person), seat 0 a face-up 老鬼; compulsory: no pass."""
    g = declaring_qi_bai(characters={0: "lao_gui"}, face_up={0: True}, sexes=("", "", "M", "", "F"))
    s = Script(g)
    s.do("2: accept", "2: declare")
    d = s.expect(2, "skill_choice", "C-QI_BAI-3")
    assert [str(o) for o in d.options] == ["choose @0", "choose @4"]
    s.do("2: choose @4")
    assert g.result is not None and g.result["winners"] == [2, 3, 4]


def test_C_QI_BAI_3_a_face_down_female_character_has_no_sex() -> None:
    """A-41: seat 0's 老鬼 is face down, so the only woman is the female player at seat 4."""
    g = declaring_qi_bai(characters={0: "lao_gui"}, sexes=("", "", "M", "", "F"))
    Script(g).do("2: accept", "2: declare")
    assert g.result is not None and g.result["winners"] == [2, 3, 4]


def test_C_QI_BAI_3_no_woman_no_choice() -> None:
    g = declaring_qi_bai(characters={0: "lao_gui"})
    Script(g).do("2: accept", "2: declare")
    assert g.result is not None and g.result["winners"] == [2, 3]


def test_C_QI_BAI_3_not_when_the_declaration_is_hijacked() -> None:
    """A-36: a mission that makes the declaration fail wins instead; 柒佰 chooses nobody."""

    class Hijack(Rule):
        def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> tuple[list[int], bool] | None:
            return ([self.owner], True)

    g = declaring_qi_bai(characters={0: "lao_gui"}, face_up={0: True})
    g.add_rule(Hijack(4))
    Script(g).do("2: accept", "2: declare")
    assert g.result is not None and g.result["winners"] == [4] and g.result["reason"] == "hijacked"
    assert "skill" not in kinds(g)


def test_C_QI_BAI_3_not_for_a_non_declaring_teammate() -> None:
    """S-WIN-7: only the declarer's skill fires; 柒佰 winning with a teammate's declaration chooses nobody."""
    g2 = build(
        5,
        identities=["ug", "ug", "mi", "mi", "by"],
        current=0,
        intel={3: ["B:lock", "B:burn"]},
        characters={2: "qi_bai", 0: "lao_gui"},
        face_up={0: True},
        at="step3",
        transit={"card": "B:decode", "holder": 3},
    )
    Script(g2).do("3: accept", "3: declare")
    assert g2.result is not None and g2.result["winners"] == [2, 3]  # no woman added


# ---------------------------------------------------------------------------------------------------------------
# Mission: obtain five non-false intelligence
# ---------------------------------------------------------------------------------------------------------------


def fifth(intel: list[str], identity: str = "by", card: str = "R:decode") -> Game:
    return build(
        4,
        identities=["ug", "mi", identity, "ug" if identity != "ug" else "mi"],
        current=0,
        intel={2: intel},
        characters={2: "qi_bai"},
        at="step3",
        transit={"card": card, "holder": 2},
    )


def test_mission_qi_bai_five_non_false_intelligence_win_for_a_bystander() -> None:
    g = fifth(["R:lock", "B:lock", "R:burn", "B:burn", "K:lock"])
    s = Script(g)
    s.do("2: accept")
    s.expect(2, "declare", "settle")
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2]


def test_mission_qi_bai_false_intelligence_does_not_count() -> None:
    g = fifth(["R:lock", "B:lock", "R:burn", "K:burn"], card="K:decode")
    Script(g).do("2: accept")
    assert not g.declarable[2] and g.result is None
    g = fifth(["R:lock", "B:lock", "B:burn"])  # four non-false
    Script(g).do("2: accept")
    assert not g.declarable[2] and g.result is None


def test_mission_qi_bai_not_for_another_identity() -> None:
    g = fifth(["R:lock", "B:lock", "B:burn", "B:see_through"], identity="ug")  # four non-false, 1 red: no faction win
    Script(g).do("2: accept")
    assert not g.declarable[2] and g.result is None
