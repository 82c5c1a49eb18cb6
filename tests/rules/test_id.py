"""S-ID: identities and their victory conditions."""

from __future__ import annotations

from fengsheng.config import Config
from fengsheng.core.cards import MILITARY_INTEL
from fengsheng.core.events import Event
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import TwoIntel, build, take


def accept_secret(s: Script, sender: int, spec: str, receiver: int) -> None:
    """``sender`` sends a 密电 card (automated when it is his only card); every window is passed and everyone
    declines until ``receiver``, who accepts."""
    g = s.g
    d = g.decision
    if d is not None and d.kind == "send":
        s.do(f"{sender}: send c{{{spec}}}")
    take(s, receiver)


def test_S_ID_1_three_red_wins_for_the_whole_underground_faction() -> None:
    g = build(
        5,
        ["mi", "ug", "mi", "ug", "by"],
        current=0,
        hands={0: ["R:decode"]},
        intel={1: ["R:lock", "R:burn"]},
        at="pass",
    )
    s = Script(g)
    accept_secret(s, 0, "R:decode", 1)
    s.expect(1, "declare", "settle")
    s.do("1: declare")
    assert g.result is not None
    assert g.result["reason"] == "declared" and g.result["declarer"] == 1
    assert g.result["winners"] == [1, 3]
    assert g.result["factions"] == ["underground"]


def test_S_ID_2_three_blue_wins_for_the_whole_military_intel_faction() -> None:
    g = build(
        5,
        ["mi", "ug", "mi", "ug", "by"],
        current=4,
        hands={4: ["B:decode"]},
        intel={0: ["B:lock", "B:burn"]},
        at="pass",
    )
    s = Script(g)
    accept_secret(s, 4, "B:decode", 0)
    s.do("0: declare")
    assert g.result is not None
    assert g.result["winners"] == [0, 2] and g.result["factions"] == ["military_intel"]


def test_S_ID_1_S_ID_2_the_other_colour_does_not_count() -> None:
    g = build(
        5,
        ["mi", "ug", "mi", "ug", "by"],
        current=0,
        hands={0: ["B:decode"], 2: ["K:lock"]},
        intel={1: ["B:lock", "B:burn"], 2: ["R:lock", "R:burn"]},
        at="pass",
    )
    s = Script(g)
    accept_secret(s, 0, "B:decode", 1)  # ug with three blue
    assert g.result is None
    assert not g.declarable[1]
    d = g.decision
    assert d is not None and d.kind != "declare"


def test_S_ID_3_a_bystander_without_character_has_no_victory_condition() -> None:
    g = build(
        3,
        ["ug", "mi", "by"],
        current=0,
        hands={0: ["R:decode"]},
        intel={2: ["R:lock", "R:burn", "B:lock", "B:burn"]},
        at="pass",
    )
    s = Script(g)
    accept_secret(s, 0, "R:decode", 2)
    assert g.result is None and g.declarable == [False, False, False]
    assert not any(r.owner == 2 for r in g.victory_rules)


def test_S_ID_3_a_bystander_mission_win_is_personal() -> None:
    g = build(4, ["ug", "mi", "by", "by"], current=0, hands={0: ["K:decode"]}, intel={2: ["K:lock"]}, at="pass")
    g.add_rule(TwoIntel(2))
    g.add_rule(TwoIntel(3))
    s = Script(g)
    accept_secret(s, 0, "K:decode", 2)
    s.do("2: declare")
    assert g.result is not None
    assert g.result["winners"] == [2]  # not the other bystander
    assert g.result["factions"] == ["bystander"]


def test_S_ID_4_S_WIN_9_a_mission_counts_only_for_a_bystander() -> None:
    g = build(
        4,
        ["ug", "mi", "by", "by"],
        current=0,
        hands={0: ["K:decode"]},
        intel={1: ["K:lock", "R:lock"], 2: ["R:burn"]},
        at="pass",
    )
    g.add_rule(TwoIntel(1))  # 军情局: the mission is met but ignored
    g.add_rule(TwoIntel(2))  # 打酱油的: the mission is his victory condition
    s = Script(g)
    accept_secret(s, 0, "K:decode", 2)  # seat 1 declines, seat 2 accepts
    assert [e.data["seat"] for e in g.events if e.kind == "decline"] == [1]
    s.expect(2, "declare")
    assert g.declarable == [False, False, True, False]
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2]


def test_S_ID_5_identities_are_secret_until_death_or_loss() -> None:
    g = build(
        4,
        ["ug", "mi", "by", "ug"],
        current=0,
        hands={0: ["K:decode"]},
        intel={1: ["K:lock", "K:burn"]},
        at="pass",
    )
    for viewer in (0, 2, 3, None):
        assert g.view(viewer)["seats"][1]["identity"] is None
    assert g.view(1)["seats"][1]["identity"] == MILITARY_INTEL
    seen = [e for e in g.events_for(0) if e["kind"] == "identity"]
    assert [("identity" in e) for e in seen] == [True, False, False, False]  # seat 0 sees only his own card
    s = Script(g)
    accept_secret(s, 0, "K:decode", 1)  # his third false intelligence: he dies
    assert not g.seats[1].alive and g.seats[1].identity_revealed
    for viewer in (0, 2, 3, None):
        assert g.view(viewer)["seats"][1]["identity"] == MILITARY_INTEL
    died = next(e for e in g.events_for(2) if e["kind"] == "died")
    assert died["identity"] == MILITARY_INTEL
    # the others are still secret
    assert g.view(2)["seats"][0]["identity"] is None and g.view(2)["seats"][3]["identity"] is None


def test_S_ID_5_identity_revealed_on_loss() -> None:
    g = build(3, ["ug", "mi", "by"], current=0, hands={1: ["R:lock"]}, at="pass", config=Config(players=3))
    s = Script(g)
    s.expect(0, "priority", "end")  # seat 0 could not send
    assert g.view(1)["seats"][0]["identity"] is None
    s.do("0: pass", "1: pass", "2: pass")
    assert g.seats[0].lost and g.seats[0].identity_revealed
    assert g.view(1)["seats"][0]["identity"] == "underground"


def test_S_ID_6_one_blue_identity_for_probes_and_victory() -> None:
    g = build(5, ["ug", "mi", "by", "mi", "ug"], current=0, hands={0: ["R:probe:mi:draw", "K:lock"]}, at="play")
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @3", "0: pass")
    assert [e.data["answer"] for e in g.events if e.kind == "probe_answer"] == ["draw"]
    assert len(g.seats[3].hand) == 2
    ids = {s.identity for s in g.seats}
    assert ids == {"underground", "military_intel", "bystander"}
    mi_rules = [r for r in g.victory_rules if r.owner in (1, 3)]
    assert {r.rule_id for r in mi_rules} == {"S-ID-2"}


def test_S_ID_5_a_skill_may_reveal_its_owners_identity() -> None:
    class Reveal(Rule):  # 大美女 / 礼服蒙面人 / 黄雀: 翻开你的身份牌
        listens = ("locked",)

        def wants(self, g: Game, kind: str, data: Event) -> bool:
            return data["seat"] == self.owner and not g.seats[self.owner].identity_revealed

        def fire(self, g: Game, kind: str, data: Event) -> None:
            g.reveal_identity(self.owner)

    g = build(3, ["ug", "mi", "by"], current=0, hands={0: ["K:lock", "R:burn"]}, at="play")
    g.add_rule(Reveal(2))
    assert g.view(1)["seats"][2]["identity"] is None
    Script(g).do("0: play c{K:lock} lock @2")
    assert g.seats[2].identity_revealed and g.seats[2].alive
    assert g.view(1)["seats"][2]["identity"] == "bystander" and g.view(None)["seats"][2]["identity"] == "bystander"
    assert g.view(1)["seats"][0]["identity"] is None
