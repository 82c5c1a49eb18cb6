"""S-WIN: declaring victory, shared and personal wins, missions reacting to declarations, the last player standing.

Missions of real characters (S-WIN-4/5/6) wait for the characters issue; their mechanism (victory and reaction
hooks of :class:`fengsheng.rules.base.Rule`) is tested here with test-only rules.
"""

from __future__ import annotations

from typing import Any

from fengsheng.config import Config
from fengsheng.core.cards import BYSTANDER
from fengsheng.core.events import Event
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.rules.victory import BystanderMission, UndergroundVictory
from fengsheng.testing import Script
from tests.helpers import IS_BLACK, kinds
from tests.helpers import build_asked as build
from tests.rules.test_hooks import listener


def red_to(players: int, holder: int, **kw: Any) -> Game:
    """A red 密电 sent by seat 0 waiting for ``holder``'s Step-3 decision."""
    return build(players, current=0, at="step3", transit={"card": "R:decode", "holder": holder}, **kw)


# ---------------------------------------------------------------------------------------------------------------


def test_S_WIN_1_the_game_ends_at_once_when_a_player_declares() -> None:
    g = red_to(5, 1, identities=["mi", "ug", "mi", "ug", "by"], intel={1: ["R:lock", "R:burn"]}, hands={2: ["K:lock"]})
    s = Script(g)
    s.do("1: accept")
    s.expect(1, "declare", "settle")
    n = len(g.events)
    s.do("1: declare")
    assert g.decision is None and g.result is not None
    assert kinds(g, n) == ["declare", "game_over"]  # nothing else happens: no end phase, no next turn
    assert g.result["reason"] == "declared" and g.result["turns"] == 1
    assert all(x.identity_revealed for x in g.seats)


def test_S_WIN_1_declaring_in_the_middle_of_a_pass_stops_it() -> None:
    g = red_to(5, 1, identities=["mi", "ug", "mi", "ug", "by"], intel={1: ["R:lock", "R:burn"]})
    s = Script(g)
    s.do("1: accept", "1: pass")  # he does not declare yet
    assert g.result is None and g.declarable[1]
    # his next chance: a window where he holds priority (seat 0's end phase)
    s.expect(0, "priority", "end")
    s.do("0: pass")
    assert "declare" in [str(o) for o in g.decision.options]
    s.do("1: declare")
    assert g.result is not None and g.result["winners"] == [1, 3] and g.decision is None


def test_S_WIN_2_dead_teammates_share_the_faction_win() -> None:
    g = red_to(
        5,
        1,
        identities=["mi", "ug", "mi", "ug", "by"],
        intel={1: ["R:lock", "R:burn"]},
        dead=[3],
    )
    Script(g).do("1: accept", "1: declare")
    assert g.result["winners"] == [1, 3]
    assert not g.seats[3].alive


def test_S_WIN_2_teammates_who_lost_do_not_share_it() -> None:
    g = build(
        4,
        current=0,
        at="pass",
        identities=["ug", "mi", "ug", "by"],
        intel={2: ["R:lock", "R:burn"]},
        deck=["R:decode", "B:decode"],
        config=Config(players=4, auto_pass=True),
    )
    assert g.seats[0].lost  # no card to send: lost at the end of his turn
    s = Script(g)
    s.expect(1, "send")
    s.do("1: send c{R:decode}")
    while g.decision.kind == "priority":
        s.do(f"{g.decision.seat}: pass")
    s.do("2: accept", "2: declare")
    assert g.result["winners"] == [2] and g.result["factions"] == ["underground"]


def test_S_WIN_3_declare_whenever_the_condition_holds_but_it_must_still_hold() -> None:
    class Snipe(Rule):  # burns any intelligence (闪灵-like), here a red one
        def actions(self, g: Game, seat: int, window: Any) -> list[Any]:
            from fengsheng.core.options import SKILL, Option

            return [Option(SKILL, use="test.snipe", target=1)] if seat == self.owner and g.seats[1].intel else []

        def play(self, g: Game, option: Any, window: Any) -> Any:
            return g.new_use(self.owner, "test.snipe", target=option.target)

        def resolve(self, g: Game, use: Any) -> None:
            g.burn_intel(1, g.seats[1].intel[0], by=self.owner)

    g = red_to(5, 1, identities=["mi", "ug", "mi", "ug", "by"], intel={1: ["R:lock", "R:burn"]})
    g.add_rule(Snipe(4))
    s = Script(g)
    s.do("1: accept", "1: pass")
    s.expect(0, "priority", "end")
    s.do("0: pass")
    assert "declare" in [str(o) for o in g.decision.options]  # still true: he may declare now
    s.do("1: pass", "2: pass", "3: pass", "4: skill test.snipe @1", "0: pass")
    s.expect(1, "priority")
    assert "declare" in [str(o) for o in g.decision.options]  # still true while the burn is pending
    s.do("1: pass", "2: pass", "3: pass", "4: pass")
    assert len(g.seats[1].intel) == 2 and not g.declarable[1]
    s.do("0: pass")
    assert "declare" not in [str(o) for o in g.decision.options]  # no longer true


def test_S_WIN_3_declare_in_the_middle_of_true_or_false() -> None:
    g = build(
        3,
        current=0,
        at="play",
        identities=["mi", "ug", "by"],
        hands={0: ["R:true_or_false"]},
        intel={1: ["R:lock", "R:burn"]},
        deck=["R:decode", "R:return", "R:see_through"],
    )
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "1: pass", "2: pass", "0: pass")
    s.do("0: pick #0")
    s.expect(1, "pick")
    s.do("1: pick #0")  # every card is red: his third
    s.expect(1, "declare")
    s.do("1: declare")
    assert g.result is not None and g.result["winners"] == [1]
    assert [e.data["seat"] for e in g.events if e.kind == "obtain"] == [0, 1]  # seat 2 never picked
    assert len(g.table) == 1


def test_S_WIN_4_a_mission_reacting_to_a_declaration_may_hijack_it() -> None:
    class Hijack(BystanderMission):  # 蝮蛇-like: "当一位玩家宣告胜利时，没有玩家死亡。你的胜利会导致他的宣告失败"
        def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> Any:
            return ([self.owner], True) if not g.death_order else None

    g = red_to(5, 1, identities=["mi", "ug", "mi", "ug", "by"], intel={1: ["R:lock", "R:burn"]})
    g.add_rule(Hijack(4))
    Script(g).do("1: accept", "1: declare")
    r = g.result
    assert r["reason"] == "hijacked" and r["winners"] == [4] and r["declarer"] == 1
    assert r["factions"] == [BYSTANDER]  # the declarer's faction does not win


def test_S_WIN_4_a_mission_without_the_hijack_clause_wins_together() -> None:
    class MaleDeclares(BystanderMission):  # 大美女-like: "当一位男性角色宣布胜利时" (here: a male player)
        def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> Any:
            return ([self.owner], False) if g.seats[declarer].sex_matches("M") else None

    for sex, expect in (("M", [1, 3, 4]), ("F", [1, 3])):
        g = red_to(
            5,
            1,
            identities=["mi", "ug", "mi", "ug", "by"],
            intel={1: ["R:lock", "R:burn"]},
            config=Config(players=5, player_sexes=("", sex, "", "", "F")),
        )
        g.add_rule(MaleDeclares(4))
        Script(g).do("1: accept", "1: declare")
        assert g.result["reason"] == "declared" and g.result["winners"] == expect


def test_S_WIN_4_a_bystander_reaction_only_if_he_is_a_bystander() -> None:
    class Hijack(BystanderMission):
        def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> Any:
            if g.seats[self.owner].identity != BYSTANDER:
                return None
            return [self.owner], True

    g = red_to(5, 1, identities=["mi", "ug", "mi", "ug", "by"], intel={1: ["R:lock", "R:burn"]})
    g.add_rule(Hijack(0))  # a 军情局 player holding the character: no effect
    Script(g).do("1: accept", "1: declare")
    assert g.result["reason"] == "declared" and g.result["winners"] == [1, 3]


def test_S_WIN_5_a_declarer_may_take_one_woman_along_whose_faction_does_not_win() -> None:
    class QiBai(UndergroundVictory):  # 柒佰: 宣告胜利时，选择一名女性与你一同胜利
        def winners(self, g: Game) -> list[int]:
            women = [x.index for x in g.seats if x.index != self.owner and x.sex_matches("F")]
            return super().winners(g) + women[:1]

    def game(sexes: tuple[str, ...]) -> Game:
        g = red_to(
            5,
            1,
            identities=["mi", "ug", "mi", "ug", "by"],
            intel={1: ["R:lock", "R:burn"]},
            config=Config(players=5, player_sexes=sexes),
        )
        g.victory_rules[:] = [r for r in g.victory_rules if r.owner != 1]  # the character's rule replaces it
        g.add_rule(QiBai(1))
        # seat 4's character is female but face down: no sex (S-CHAR-7)
        g.seats[4].character, g.seats[4].character_sex, g.seats[4].face_up = "test_woman", "F", False
        Script(g).do("1: accept", "1: declare")
        return g

    g = game(("", "M", "F", "", ""))
    assert g.result["winners"] == [1, 2, 3]  # seat 2's teammate seat 0 does not win
    assert g.result["declarer"] == 1
    g = game(("", "M", "", "", ""))
    assert g.result["winners"] == [1, 3]  # no woman present


def test_S_WIN_6_a_kill_may_allow_a_personal_declaration() -> None:
    class BlackHand(Rule):  # 黑手 滥杀: 当你杀死一位打酱油的玩家时，你可以宣告你个人的胜利
        listens = ("died",)
        killed = False

        def wants(self, g: Game, kind: str, data: Event) -> bool:
            return data["killer"] == self.owner and g.seats[data["seat"]].identity == BYSTANDER

        def fire(self, g: Game, kind: str, data: Event) -> None:
            self.killed = True

        def can_declare(self, g: Game) -> bool:
            return self.killed and g.seats[self.owner].in_game

        def winners(self, g: Game) -> list[int]:
            return [self.owner]

    g = build(
        4,
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": 2},
        identities=["ug", "mi", "by", "ug"],
        intel={2: ["K:lock", "K:burn"]},
    )
    g.add_rule(BlackHand(0))
    s = Script(g)
    s.do("2: accept")
    died = next(e for e in g.events if e.kind == "died")
    assert died.data["killer"] == 0 and died.data["identity"] == BYSTANDER
    s.expect(0, "declare")
    s.do("0: declare")
    assert g.result["winners"] == [0]  # alone: not his teammate seat 3


def test_S_WIN_7_one_declarer_reactions_see_only_him() -> None:
    calls: list[tuple[int, int]] = []

    class Watch(Rule):
        def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> Any:
            calls.append((self.owner, declarer))
            return ([self.owner], False) if self.owner == 2 else None

    g = red_to(5, 1, identities=["mi", "ug", "mi", "ug", "by"], intel={1: ["R:lock", "R:burn"]})
    for seat in range(5):
        g.add_rule(Watch(seat))
    Script(g).do("1: accept", "1: declare")
    r = g.result
    assert r["declarer"] == 1
    assert sorted(calls) == [(0, 1), (2, 1), (3, 1), (4, 1)]  # once each, about the declarer only
    assert r["winners"] == [1, 2, 3]  # seat 2 wins with him; his teammate seat 0 does not
    assert [e.data["seat"] for e in g.events if e.kind == "declare"] == [1]


def test_S_WIN_8_the_last_player_standing_wins() -> None:
    g = build(
        3,
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        dead=[2],
        intel={1: ["K:lock", "K:burn"]},
    )
    Script(g).do("1: accept")
    assert g.result == {**g.result, "winners": [0], "reason": "last_standing"}
    assert g.decision is None


def test_S_WIN_8_a_last_survivor_who_meets_his_condition_wins_with_his_dead_teammates() -> None:
    # R-12: seat 1's own false card comes back to him and kills him. Seat 0 is then alone and already holds 3 red,
    # so he wins through his faction: the underground wins, dead seat 2 included, not seat 0 alone.
    g = build(
        3,
        identities=["ug", "mi", "ug"],
        current=1,
        at="step3",
        transit={"card": "K:decode", "holder": 1, "sender": 1},
        dead=[2],
        intel={0: ["R:lock", "R:burn", "R:decode"], 1: ["K:lock", "K:burn"]},
    )
    assert g.decision is None  # the forced take kills seat 1 at once
    assert g.result is not None
    assert g.result["reason"] == "declared" and g.result["declarer"] == 0
    assert g.result["winners"] == [0, 2] and g.result["factions"] == ["underground"]


def test_S_WIN_8_nobody_wins_when_the_last_players_go_together() -> None:
    class Bomb(Rule):  # places a false intelligence in front of every player at once (老金-like)
        listens = ("obtain",)

        def wants(self, g: Game, kind: str, data: Event) -> bool:
            return data["how"] == "accept" and bool(g.seats[self.owner].hand)

        def fire(self, g: Game, kind: str, data: Event) -> None:
            hand = g.seats[self.owner].hand
            for seat in (0, 1):
                c = next(c for c in hand if IS_BLACK[c])
                hand.remove(c)
                g.obtain(seat, c, self.owner, "skill")

    g = build(
        3,
        current=0,
        at="step3",
        transit={"card": "R:decode", "holder": 1},
        dead=[2],
        intel={0: ["K:lock", "K:burn"], 1: ["K:return", "K:decode"]},
        hands={0: ["K:lock", "K:burn"]},
    )
    g.add_rule(Bomb(0))
    Script(g).do("1: accept")
    assert g.death_order == [2, 0, 1]  # seat 2 died before the scenario (its "dead" list)
    assert g.result["winners"] == [] and g.result["reason"] == "nobody_left"


def test_S_WIN_10_a_dead_player_may_win_through_a_mission_about_his_own_death() -> None:
    class FirstToDie(BystanderMission):  # 小白-like: 第一个死亡时视为获得胜利
        def mission_met(self, g: Game) -> bool:
            return g.death_order[:1] == [self.owner]

    g = build(
        4,
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": 2},
        identities=["ug", "mi", "by", "ug"],
        intel={2: ["K:lock", "K:burn"]},
    )
    g.add_rule(FirstToDie(2))
    s = Script(g)
    s.do("2: accept")
    assert not g.seats[2].alive
    s.expect(2, "declare")
    s.do("2: declare")
    assert g.result["winners"] == [2]


def test_S_WIN_10_deaths_settle_before_declarations() -> None:
    log: list[Any] = []

    def place(g: Game, r: Rule, kind: str, data: dict[str, Any]) -> None:
        c = g.seats[r.owner].hand.pop()
        g.obtain(3, c, r.owner, "skill")

    g = red_to(
        5,
        1,
        identities=["mi", "ug", "mi", "ug", "by"],
        intel={1: ["R:lock", "R:burn"], 3: ["K:lock", "K:burn"]},
        hands={4: ["K:return"]},
    )
    # one event: seat 1 obtains his third red, and a trigger puts a third false one in front of his teammate
    g.add_rule(listener(("obtain",), log, want=lambda g, r, k, d: d["seat"] == 1, effect=place)(4))
    g.add_rule(listener(("died",), log)(0))
    s = Script(g)
    s.do("1: accept")
    s.expect(1, "declare")
    assert not g.seats[3].alive  # the death (with its trigger) is settled before the declaration is offered
    assert [k for _, k, _ in log] == ["obtain", "died"]
    s.do("1: declare")
    assert g.result["winners"] == [1, 3]  # seat 3, dead, still wins with his faction


class AnyDeath(BystanderMission):
    """A test mission that does not depend on the owner's own cards: someone has died."""

    def mission_met(self, g: Game) -> bool:
        return len(g.death_order) >= 1


def lost_bystander_then_a_death(extra_rule: Rule | None = None) -> Game:
    """Seat 0 (打酱油的) loses (nothing to send); next turn seat 1 sends a black card that kills seat 2."""
    g = build(
        4,
        current=0,
        at="pass",
        identities=["by", "ug", "mi", "ug"],
        intel={2: ["K:lock", "K:burn"]},
        deck=["K:decode", "R:decode"],
        config=Config(players=4, auto_pass=True),
    )
    assert g.seats[0].lost
    g.add_rule(AnyDeath(0))
    if extra_rule is not None:
        g.add_rule(extra_rule)
    s = Script(g)
    s.do("1: send c{K:decode}")
    while g.decision.kind == "priority":
        s.do(f"{g.decision.seat}: pass")
    s.do("2: accept")
    assert g.death_order == [2]
    return g


def test_S_WIN_2_S_WIN_10_a_player_who_lost_cannot_declare_even_if_his_mission_is_met() -> None:
    g = lost_bystander_then_a_death()
    assert g.declarable[0] is False
    assert g.decision is not None and g.decision.kind != "declare" and g.result is None


def test_S_WIN_2_S_WIN_4_a_player_who_lost_does_not_win_through_a_reaction() -> None:
    class Hijack(BystanderMission):  # "your win makes his declaration fail", whatever the declaration
        def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> Any:
            return [self.owner], True

    g = build(
        4,
        current=0,
        at="pass",
        identities=["by", "ug", "mi", "ug"],
        intel={1: ["R:lock", "R:burn"]},
        deck=["R:decode", "B:decode"],
        config=Config(players=4, auto_pass=True),
    )
    assert g.seats[0].lost  # nothing to send
    g.add_rule(Hijack(0))
    s = Script(g)
    s.do("1: send c{R:decode}")  # nobody takes it: back to the sender, his third red
    while g.decision.kind != "declare":
        d = g.decision
        s.do(f"{d.seat}: " + ("pass" if d.kind == "priority" else "decline"))
    s.do("1: declare")
    assert g.result["reason"] == "declared" and g.result["winners"] == [1, 3]
