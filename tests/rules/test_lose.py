"""S-LOSE: a player who cannot send loses at the end of his turn; losing is not death."""

from __future__ import annotations

from typing import Any

from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import build_asked as build
from tests.helpers import kinds
from tests.rules.test_hooks import listener


class Exposed(Rule):
    """小白's 败露 stand-in: with six or more intelligence, the owner loses."""

    rule_id = "C-XIAO_BAI-TEST"

    def loses(self, g: Game) -> bool:
        return len(g.seats[self.owner].intel) >= 6


def test_S_LOSE_1_playing_your_last_card_loses_at_the_end_of_the_turn() -> None:
    g = build(3, current=0, at="play", hands={0: ["K:lock"]})
    s = Script(g)
    s.do("0: play c{K:lock} lock @1", "1: pass", "2: pass", "0: pass")
    s.do("0: pass", "1: pass", "2: pass")  # the play phase ends with an empty hand
    assert [e.data for e in g.events if e.kind == "cannot_send"] == [{"seat": 0}]
    assert not g.seats[0].lost  # not yet: at the end of the turn
    s.expect(0, "priority", "end")
    s.do("0: pass", "1: pass", "2: pass")
    assert g.seats[0].lost
    assert [e.data["why"] for e in g.events if e.kind == "lost"] == ["cannot_send"]


def test_S_LOSE_1_a_player_with_a_card_cannot_choose_not_to_send() -> None:
    g = build(3, current=0, at="pass", hands={0: ["K:lock", "R:decode"]})
    d = Script(g).expect(0, "send")
    assert {o.kind for o in d.options} == {"send"}
    g1 = build(3, current=0, at="pass", hands={0: ["R:decode"]})  # one card: sent without asking
    assert [e.data["seat"] for e in g1.events if e.kind == "send"] == [0]
    assert not g1.seats[0].lost


def test_S_LOSE_2_losing_is_not_death_no_death_triggers() -> None:
    log: list[Any] = []
    g = build(3, current=0, at="pass", intel={0: ["R:lock", "K:lock"]})  # nothing to send
    for seat in (0, 1, 2):
        g.add_rule(listener(("dying", "died"), log)(seat))
    Script(g).do("0: pass", "1: pass", "2: pass")
    assert g.seats[0].lost and g.seats[0].alive and not g.seats[0].in_game
    assert log == [] and g.death_order == []
    assert "dying" not in kinds(g) and "died" not in kinds(g)
    assert g.current == 1


def test_S_LOSE_3_the_loser_discards_everything_and_reveals_identity_and_character() -> None:
    g = build(3, current=0, at="pass", intel={0: ["R:lock", "K:lock", "B:burn"]})
    g.seats[0].character = "test_public"
    intel = list(g.seats[0].intel)
    assert g.view(1)["seats"][0]["identity"] is None
    Script(g).do("0: pass", "1: pass", "2: pass")  # end phase; he had no card to send
    s0 = g.seats[0]
    assert s0.lost and s0.intel == [] and s0.hand == []
    assert set(intel) <= set(g.discard)
    assert s0.identity_revealed and s0.face_up
    v = g.view(2)["seats"][0]
    assert v["identity"] == "underground" and v["character"] == "test_public"
    lost = next(e for e in g.events_for(None) if e["kind"] == "lost")
    assert lost["identity"] == "underground"


def test_S_LOSE_4_a_loss_rule_exposed_with_six_intelligence_instead_of_winning() -> None:
    log: list[Any] = []
    g = build(
        4,
        current=0,
        at="step3",
        transit={"card": "R:decode", "holder": 1},
        identities=["mi", "ug", "by", "ug"],
        intel={1: ["R:lock", "R:burn", "B:lock", "B:burn", "K:lock"]},
    )
    g.add_rule(Exposed(1))
    for seat in range(4):
        g.add_rule(listener(("dying", "died"), log)(seat))
    Script(g).do("1: accept")  # the sixth intelligence, and his third red
    s1 = g.seats[1]
    assert s1.lost and s1.alive and g.death_order == [] and log == []
    assert [e.data["why"] for e in g.events if e.kind == "lost"] == ["C-XIAO_BAI-TEST"]
    assert g.result is None and "declare" not in kinds(g)  # losing is settled before declarations
    assert g.decision is not None and g.decision.kind != "declare"
