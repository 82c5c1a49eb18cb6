"""真伪莫辨 True or False (S-CARD-TOF-1..7)."""

from __future__ import annotations

from typing import ClassVar

from fengsheng.core.cards import find_cards
from fengsheng.core.events import Event
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.testing import Script
from tests.helpers import add_rules, events, uses_offered
from tests.helpers import build_table as build


def picks(g: Game) -> list[int]:
    return [e["seat"] for e in events(g, "obtain") if e["how"] == "true_or_false"]


def test_S_CARD_TOF_1_only_in_your_own_turn() -> None:
    g = build(
        hands={0: ["R:true_or_false", "K:decode"], 2: ["B:true_or_false", "K:burn"]}, intel={4: ["K:lock"]}, at="play"
    )
    s = Script(g)
    s.expect(0, "priority", "play")
    assert "true_or_false" in uses_offered(g, 0)
    assert uses_offered(g, 2) == {"burn"}
    s.do("0: pass")
    s.expect(2, "priority", "play")
    s.do("2: pass", "0: send c{K:decode}")
    s.expect(2, "priority", "step1")  # no 真伪莫辨 in the pass
    assert uses_offered(g, 2) == {"burn"} and "true_or_false" not in uses_offered(g, 0)


def test_S_CARD_TOF_2_one_card_per_living_player_picked_from_the_user_counterclockwise() -> None:
    g = build(
        hands={0: ["R:true_or_false", "R:return"]},
        deck=["R:decode", "B:decode", "K:decode", "B:probe", "R:probe"],
        dead=[2],
        at="play",
    )
    s = Script(g)
    top4 = list(reversed(g.deck[-4:]))
    s.do("0: play c{R:true_or_false} true_or_false")
    assert events(g, "tof_layout") == [{"kind": "tof_layout", "user": 0, "count": 4}]  # 4 players alive
    assert sorted(g.table) == sorted(top4)
    d = s.expect(0, "pick", "true_or_false")
    assert [str(o) for o in d.options] == ["pick #0", "pick #1", "pick #2", "pick #3"]
    s.do("0: pick #2", "1: pick #0", "3: pick #1")  # seat 2 is dead; seat 4 takes the last card (no choice)
    assert picks(g) == [0, 1, 3, 4]
    assert sorted(c for st in g.seats for c in st.intel) == sorted(top4)
    assert all(len(g.seats[i].intel) == 1 for i in (0, 1, 3, 4)) and g.table == []


def test_S_CARD_TOF_3_the_layout_is_shuffled_and_the_picks_are_blind() -> None:
    orders = set()
    for seed in range(12):
        g = build(
            hands={0: ["R:true_or_false", "R:return"]},
            deck=["R:decode", "B:decode", "K:decode", "B:probe", "R:probe"],
            seed=seed,
            at="play",
        )
        top = list(reversed(g.deck[-5:]))
        Script(g).do("0: play c{R:true_or_false} true_or_false")
        assert sorted(g.table) == sorted(top)
        orders.add(tuple(g.table))
        # face down: nobody sees which card lies in which slot
        for seat in (None, 0, 1):
            v = g.view(seat)
            assert v["table_count"] == 5 and "table" not in v
        assert all("cards" not in e for e in g.events_for(0) if e["kind"] == "tof_layout")
    assert len(orders) > 1


def test_S_CARD_TOF_4_a_player_may_declare_in_the_middle_and_the_picks_stop() -> None:
    g = build(
        hands={0: ["R:true_or_false", "R:return"]},
        intel={1: ["B:decode", "B:decode"]},
        deck=["B:lock", "B:lock", "B:lock", "B:return", "B:return"],
        at="play",
    )
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "0: pick #0", "1: pick #0")
    s.expect(1, "declare", "settle")  # seat 1 (军情局) has three blue intelligence
    s.do("1: declare")
    assert g.result is not None and g.result["winners"] == [1, 3] and g.result["declarer"] == 1
    assert picks(g) == [0, 1]
    assert len(g.table) == 3 and all(g.seats[i].intel == [] for i in (2, 3, 4))


def test_S_CARD_TOF_5_see_through_cancels_the_whole_card() -> None:
    g = build(hands={0: ["R:true_or_false", "R:return", "B:probe"], 4: ["B:see_through"]}, at="play")
    s = Script(g)
    tof = s.card("R:true_or_false", 0)
    deck = list(g.deck)
    s.do(f"0: play c{tof} true_or_false", "4: play c{B:see_through} see_through ^top", "0: pass")
    assert events(g, "tof_layout") == [] and picks(g) == []
    assert g.deck == deck and g.table == [] and tof in g.discard


def test_S_CARD_TOF_6_not_sent_by_anyone_and_a_kill_counts_for_the_user() -> None:
    g = build(
        hands={0: ["R:true_or_false", "R:return"]},
        intel={1: ["K:decode", "K:decode"]},
        deck=["K:probe"] * 5,
        at="play",
    )
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "0: pick #0", "1: pick #0")
    assert events(g, "send") == []
    obt = events(g, "obtain")
    assert [(e["seat"], e["how"], e["source"]) for e in obt] == [(0, "true_or_false", 0), (1, "true_or_false", 0)]
    (died,) = events(g, "died")
    assert died["seat"] == 1 and died["killer"] == 0


class KillAfterPick(Rule):
    """Test-only trigger: when ``at`` has picked, ``victim`` dies (e.g. a death skill firing mid-sequence)."""

    listens: ClassVar[tuple[str, ...]] = ("obtain",)

    def __init__(self, owner: int, at: int, victim: int) -> None:
        super().__init__(owner)
        self.at = at
        self.victim = victim

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.at and data["how"] == "true_or_false" and g.seats[self.victim].in_game

    def fire(self, g: Game, kind: str, data: Event) -> None:
        g.kill(self.victim)


def test_S_CARD_TOF_7_a_player_who_dies_before_his_pick_is_skipped_and_leftovers_are_discarded() -> None:
    g = build(
        hands={0: ["R:true_or_false", "R:return"]},
        deck=["R:decode", "B:decode", "K:decode", "B:probe", "R:probe"],
        at="play",
    )
    add_rules(g, KillAfterPick(4, at=1, victim=3))
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "0: pick #0", "1: pick #0", "2: pick #0", "4: pick #0")
    assert picks(g) == [0, 1, 2, 4]
    (left,) = events(g, "tof_leftover")
    assert len(left["cards"]) == 1 and left["cards"][0] in g.discard
    assert g.table == []


def test_S_CARD_TOF_7_a_short_deck_lays_out_what_there_is() -> None:
    g = build(hands={0: ["R:true_or_false", "R:return"]}, deck=["R:decode", "B:decode"], rest="discard", at="play")
    # every other card is out of reach (here: in seat 4's hand), so deck and discard pile hold just two cards
    g.seats[4].hand.extend(g.discard)
    g.discard.clear()
    g._advance()
    s = Script(g)
    s.do("0: play c{R:true_or_false} true_or_false", "4: pass")
    assert events(g, "tof_layout")[0]["count"] == 2
    s.do("0: pick #1")
    assert picks(g) == [0, 1]  # seat 1 took the last one; nobody else gets a card
    assert events(g, "tof_leftover") == []
    assert len(find_cards("R:decode", g.seats[0].intel + g.seats[1].intel)) == 1
