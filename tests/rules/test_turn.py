"""S-TURN: turn order and the phases of a turn."""

from __future__ import annotations

from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.core.cards import find_cards
from fengsheng.core.events import Event
from fengsheng.core.options import Option
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.scenario import Scenario
from fengsheng.testing import Script
from tests.conftest import play_random
from tests.helpers import CARD_TYPE, build, kinds
from tests.rules.test_hooks import listener


def until_turn(s: Script, seat: int, receiver: int | None = None) -> None:
    """Pass every window, send the first card offered, decline (or accept at ``receiver``) until ``seat``'s turn."""
    g = s.g
    while not (g.phase == "play" and g.current == seat and g.decision is not None and g.decision.context == "play"):
        d = g.decision
        assert d is not None, g.result
        if d.kind == "priority":
            s.do(f"{d.seat}: pass")
        elif d.kind == "receive":
            s.do(f"{d.seat}: " + ("accept" if d.seat == receiver else "decline"))
        elif d.kind == "send":
            g.act(d.options[0])
        else:
            g.act(d.options[-1])


# ---------------------------------------------------------------------------------------------------------------
# S-TURN-1 order
# ---------------------------------------------------------------------------------------------------------------


def test_S_TURN_1_next_turn_is_the_right_hand_seat_skipping_the_dead() -> None:
    g = build(5, current=1, at="end", dead=[2], hands={1: ["R:lock"]}, auto_pass=False)
    s = Script(g)
    s.do("1: pass", "3: pass", "4: pass", "0: pass")  # priority skips the dead seat 2 as well
    turns = [e.data["seat"] for e in g.events if e.kind == "turn"]
    assert turns == [1, 3]
    assert g.current == 3


@pytest.mark.parametrize("players", [3, 5, 8])
def test_S_TURN_1_counterclockwise_order_in_whole_games(players: int) -> None:
    removed_kinds = set()
    for seed in range(12):
        g = play_random(Game.new(Config(players=players, auto_pass=True), seed), seed)
        out: set[int] = set()
        prev = None
        for e in g.events:
            if e.kind in ("died", "lost"):
                out.add(e.data["seat"])
                removed_kinds.add(e.kind)
            elif e.kind == "turn":
                seat = e.data["seat"]
                if prev is not None:
                    expect = next(
                        (prev + k) % players for k in range(1, players + 1) if (prev + k) % players not in out
                    )
                    assert seat == expect, (seed, prev, seat, out)
                prev = seat
    assert removed_kinds == {"died", "lost"}  # both kinds of removal were skipped somewhere


# ---------------------------------------------------------------------------------------------------------------
# S-TURN-2/3/4/7 phases, start, draw
# ---------------------------------------------------------------------------------------------------------------


def test_S_TURN_2_phases_in_order_with_the_pass_as_its_own_phase() -> None:
    g = build(
        3,
        current=0,
        at="start",
        hands={0: ["K:lock", "B:lock", "R:probe:mi:draw", "R:true_or_false", "R:decode"]},
        auto_pass=False,
    )
    phases = [(e.data.get("phase"), e.kind) for e in g.events if e.kind in ("turn", "draw", "phase")][-5:]
    assert phases == [(None, "turn"), ("start", "phase"), (None, "draw"), ("draw", "phase"), ("play", "phase")]
    assert g.phase == "play"
    assert {o.use for o in g.decision.options} >= {"lock", "probe", "true_or_false"}
    s = Script(g)
    s.do("0: pass", "1: pass", "2: pass")
    assert g.phase == "pass"
    s.do("0: send c{R:decode}")
    # Step 1: the play phase is over; 试探 and 真伪莫辨 (play phase only) are no longer offered, 锁定 is
    d = s.expect(0, "priority", "step1")
    assert {o.use for o in d.options if o.kind == "play"} == {"lock"}
    s.do("0: pass", "1: pass", "2: pass", "0: pass", "1: pass", "2: pass", "1: accept")
    assert g.phase == "end"
    s.expect(0, "priority", "end")
    s.do("0: pass", "1: pass", "2: pass")
    assert g.current == 1 and g.phase == "play"


def test_S_TURN_3_start_phase_has_no_decision_but_skills_may_act_in_it() -> None:
    g = build(3, current=0, at="start", auto_pass=False, deck=["R:lock", "B:lock"])
    assert g.decision is not None and g.decision.context == "play"  # nothing asked in the start or draw phase
    assert [e.data.get("phase") for e in g.events if e.kind == "phase"] == ["start", "draw", "play"]
    log: list[Any] = []
    sizes: list[int] = []
    rec = listener(("phase",), log, effect=lambda g, r, k, d: sizes.append(len(g.seats[r.owner].hand)))
    g2 = Scenario(
        players=3,
        identities=["ug", "mi", "by"],
        current=0,
        at="end",
        hands={0: ["R:lock"]},
        deck=["R:burn", "B:burn"],
        config=Config(players=3),
    ).build()
    g2.add_rule(rec(1))
    Script(g2).do("0: pass", "1: pass", "2: pass")  # end of seat 0's turn; seat 1's turn starts
    assert [(d["phase"], d["seat"]) for _, _, d in log] == [("start", 1), ("draw", 1)]
    assert sizes == [0, 2]  # a start-phase skill acts before the draw


def test_S_TURN_4_draw_two_from_the_top_of_the_deck() -> None:
    g = build(3, current=1, at="draw", deck=["R:lock", "B:burn", "K:decode"], auto_pass=False)
    top2 = find_cards("R:lock")[:1] + find_cards("B:burn")[:1]
    assert sorted(g.seats[1].hand) == sorted(top2)
    assert g.deck[-1] == find_cards("K:decode")[0]  # the third card is the new top
    draw = [e for e in g.events if e.kind == "draw"][-1]
    assert draw.data == {"seat": 1, "count": 2} and draw.audience == (1,)


def test_S_TURN_5_empty_deck_reshuffles_the_discard_pile_at_once() -> None:
    g = build(3, current=0, at="draw", deck=["R:lock"], rest="discard", auto_pass=False)
    assert len(g.seats[0].hand) == 2
    assert find_cards("R:lock")[0] in g.seats[0].hand
    ev = kinds(g)
    assert ev.index("reshuffle") < len(ev) - 1 - ev[::-1].index("draw")
    assert g.discard == [] and len(g.deck) == 81 - 2


def test_S_TURN_5_A_7_the_deck_emptied_by_a_draw_is_rebuilt_at_once_and_later_discards_stay_out() -> None:
    """000「当牌库的牌抽完时，马上把弃牌堆洗混后形成新的牌库」, A-7 (1): the draw that empties the deck reshuffles the
    discard pile into a new deck at once, not at the next draw; a card burned later in the turn goes to the new
    discard pile, not into the new deck."""
    g = build(
        3,
        current=0,
        at="draw",
        hands={0: ["K:burn"]},
        intel={1: ["K:lock"]},
        deck=["R:lock", "B:lock"],
        discard=["R:decode", "B:decode"],
        rest="aside",
    )
    old_pile = find_cards("R:decode")[:1] + find_cards("B:decode")[:1]
    assert len(g.seats[0].hand) == 3  # drew the two cards of the deck
    assert sorted(g.deck) == sorted(old_pile) and g.discard == []  # the new deck, at once
    assert kinds(g).count("reshuffle") == 1
    burn = next(c for c in g.seats[0].hand if CARD_TYPE[c] == "burn")
    target = g.seats[1].intel[0]
    Script(g).do(f"0: play c{burn} burn @1 x{target}", "0: pass")
    assert sorted(g.discard) == sorted([burn, target])  # the new discard pile
    assert sorted(g.deck) == sorted(old_pile)  # not shuffled into the deck
    assert kinds(g).count("reshuffle") == 1


def all_in_hands(players: int) -> dict[int, list[Any]]:
    ids = list(range(81))
    return {s: ids[s::players] for s in range(players)}


def test_S_TURN_6_no_deck_and_no_discard_cancels_the_draw_until_cards_exist() -> None:
    hands = all_in_hands(3)
    g = build(3, current=0, at="draw", hands=hands, rest="discard", auto_pass=True)
    assert g.deck == [] and g.discard == []
    assert len(g.seats[0].hand) == 27  # drew nothing
    draw = [e for e in g.events if e.kind == "draw"][-1]
    assert draw.data == {"seat": 0, "count": 0}
    s = Script(g)
    # a card reaches the discard pile; the next draw takes it (A-7: what is there)
    lock = next(c for c in g.seats[0].hand if CARD_TYPE[c] == "lock")
    s.do(f"0: play c{lock} lock @2")
    until_turn(s, 1, receiver=2)
    assert lock not in g.seats[0].hand
    last = [e for e in g.events if e.kind == "draw"][-1]
    assert last.data == {"seat": 1, "count": 1} and last.private == {"cards": [lock]}


def test_S_TURN_6_A_7_a_short_deck_and_no_discard_pile_the_draw_takes_what_is_there() -> None:
    """A short deck set up with ``rest="aside"`` (no hands to fill): one card in the deck, none in the discard pile.
    The draw takes the one card (A-7 (2)); the deck is then empty with nothing to rebuild it (S-TURN-6)."""
    g = build(3, current=0, at="draw", deck=["R:lock"], rest="aside", auto_pass=False)
    assert g.seats[0].hand == find_cards("R:lock")[:1]
    assert g.deck == [] and g.discard == [] and "reshuffle" not in kinds(g)
    draw = [e for e in g.events if e.kind == "draw"][-1]
    assert draw.data == {"seat": 0, "count": 1}


def test_S_TURN_7_cards_usable_once_the_current_player_has_drawn() -> None:
    g = build(3, current=0, at="start", deck=["K:lock", "R:probe:mi:draw"], auto_pass=False)
    d = g.decision
    assert d is not None and d.seat == 0 and d.context == "play"
    assert sorted(g.seats[0].hand) == sorted(find_cards("K:lock")[:1] + find_cards("R:probe:mi:draw"))
    assert {o.use for o in d.options if o.kind == "play"} == {"lock", "probe"}  # the drawn cards


def test_S_TURN_8_any_number_of_cards_in_the_play_phase() -> None:
    g = build(
        4, current=0, at="play", hands={0: ["K:lock", "R:lock", "R:probe:mi:draw", "R:burn"]}, intel={3: ["K:decode"]}
    )
    s = Script(g)
    s.do("0: play c{K:lock} lock @1", "0: pass")
    s.do("0: play c{R:lock} lock @2", "0: pass")
    s.do("0: play c{R:probe:mi:draw} probe @3", "0: pass")
    assert sorted(g.locks) == [1, 2]
    assert len(g.probes_out) == 1
    s.expect(0, "priority", "play")  # still the play phase
    s.do("0: pass")
    assert g.phase == "pass"


def test_S_TURN_9_used_cards_go_to_the_discard_pile_probes_out_of_the_game() -> None:
    g = build(
        3,
        current=0,
        at="play",
        hands={0: ["K:lock", "R:probe:mi:draw", "B:probe:ug:draw", "R:burn"], 1: ["B:see_through"]},
        intel={2: ["K:decode"]},
        deck=["R:decode", "B:decode"],
    )
    s = Script(g)
    lock, p1, p2 = s.card("K:lock", 0), s.card("R:probe:mi:draw", 0), s.card("B:probe:ug:draw", 0)
    s.do(f"0: play c{lock} lock @1", "1: pass", "0: pass")
    assert g.discard == [lock]
    s.do(f"0: play c{p1} probe @1", "1: pass", "0: pass")
    assert g.probes_out == [p1] and p1 not in g.discard
    see = s.card("B:see_through", 1)
    s.do(f"0: play c{p2} probe @2", f"1: play c{see} see_through ^top", "0: pass")
    assert g.discard == [lock, see, p2]  # the cancelled probe is discarded (S-CARD-SEE-2)
    assert g.probes_out == [p1]


def test_S_TURN_10_exactly_one_card_must_be_sent() -> None:
    g = build(3, current=0, at="pass", hands={0: ["K:lock", "R:decode", "B:return"]}, auto_pass=False)
    d = Script(g).expect(0, "send")
    hand = g.seats[0].hand
    lock = find_cards("K:lock", hand)[0]
    assert set(d.options) == {
        Option("send", card=lock, target=1),
        Option("send", card=lock, target=2),
        *(Option("send", card=c) for c in hand if c != lock),
    }
    assert not any(o.kind == "pass" for o in d.options)
    s = Script(g)
    s.do("0: send c{R:decode}")
    s.do("0: pass", "1: pass", "2: pass", "0: pass", "1: pass", "2: pass", "1: accept")
    s.expect(0, "priority", "end")
    assert len(g.seats[0].hand) == 2
    assert [e.kind for e in g.events].count("send") == 1
    s.do("0: pass", "1: pass", "2: pass")
    assert g.current == 1 and [e.kind for e in g.events].count("send") == 1


def test_S_TURN_11_end_phase_window_then_the_loss_of_a_player_who_could_not_send() -> None:
    g = build(3, current=0, at="play", hands={0: ["K:lock"], 1: ["R:burn"]}, intel={2: ["K:lock"]}, auto_pass=False)
    s = Script(g)
    s.do("0: play c{K:lock} lock @1", "1: pass", "2: pass", "0: pass")  # his last card
    s.do("0: pass", "1: pass", "2: pass")  # play phase over; he cannot send
    s.expect(0, "priority", "end")
    assert not g.seats[0].lost
    s.do("0: pass", "1: play c{R:burn} burn @2 x{K:lock@2}", "2: pass", "0: pass", "1: pass")  # 烧毁 in the end phase
    assert g.seats[2].intel == []
    s.do("0: pass", "1: pass", "2: pass")
    ev = kinds(g)
    assert ev.index("cannot_send") < ev.index("phase", ev.index("cannot_send")) < ev.index("lost")
    assert g.seats[0].lost
    assert ev.index("lost") < max(i for i, k in enumerate(ev) if k == "turn")  # before the next turn
    assert g.current == 1


def test_S_TURN_12_a_rule_may_change_the_draw_phase() -> None:
    class DrawThreePutOneBack(Rule):  # 大美女: 抽三张牌，然后选择一张手牌放回牌库顶 (test stand-in: the last drawn)
        listens = ("phase",)

        def draw_count(self, g: Game, seat: int, count: int) -> int:
            return 3 if seat == self.owner else count

        def wants(self, g: Game, kind: str, data: Event) -> bool:
            return data["seat"] == self.owner and data["phase"] == "draw"

        def fire(self, g: Game, kind: str, data: Event) -> None:
            g.deck.append(g.seats[self.owner].hand.pop())

    g = Scenario(
        players=3,
        identities=["ug", "mi", "by"],
        current=2,
        at="end",
        hands={2: ["R:lock"]},
        deck=["R:burn", "B:burn", "K:burn", "R:decode", "B:decode"],
        config=Config(players=3),
    ).build()
    g.add_rule(DrawThreePutOneBack(0))
    Script(g).do("2: pass", "0: pass", "1: pass")
    assert g.current == 0
    burns = find_cards("R:burn")[:1] + find_cards("B:burn")[:1]
    assert sorted(g.seats[0].hand) == sorted(burns)
    assert g.deck[-1] == find_cards("K:burn")[0]  # the third card went back on top
    assert [e.data["count"] for e in g.events if e.kind == "draw"][-1] == 3
    # the others still draw two
    until_turn(Script(g), 1, receiver=1)
    assert [e.data for e in g.events if e.kind == "draw"][-1] == {"seat": 1, "count": 2}


def test_S_TURN_13_no_hand_limit() -> None:
    big = [
        "R:lock",
        "B:lock",
        "K:lock",
        "R:burn",
        "B:burn",
        "K:burn",
        "R:decode",
        "B:decode",
        "K:decode",
        "R:return",
        "B:return",
        "K:return",
    ]
    g = build(3, current=0, at="end", hands={0: big}, auto_pass=False)
    s = Script(g)
    s.do("0: pass", "1: pass", "2: pass")
    assert len(g.seats[0].hand) == 12
    assert g.current == 1 and g.decision is not None and g.decision.kind == "priority"
    assert not any(e.kind == "probe_answer" or e.kind == "discarded" for e in g.events)
