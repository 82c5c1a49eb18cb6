"""The route of intelligence as one pure function (``flow/route.py``): which seat a card reaches next from its holder.

Seats are numbered counterclockwise; +1 is the right-hand neighbour (A-1). The engine's ``next_stop`` and the
HeuristicBot both call ``route``; the last test checks it against the engine over random games.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from fengsheng.config import Config
from fengsheng.core.cards import DIRECT, SECRET, TEXT
from fengsheng.core.state import Passing
from fengsheng.flow.passing import PassFrame, next_stop
from fengsheng.flow.route import DISCARDED, TURN_BACK, route
from fengsheng.game import Game

FIVE = (True, True, True, True, True)


def go(
    holder: int,
    sender: int = 0,
    method: str = SECRET,
    *,
    direction: int = 1,
    target: int = -1,
    back: bool = False,
    in_game: Sequence[bool] = FIVE,
    lured: Collection[int] = (),
    locks: Collection[int] = (),
) -> int:
    return route(
        holder=holder,
        sender=sender,
        direction=direction,
        method=method,
        target=target,
        back=back,
        in_game=in_game,
        lured=lured,
        locks=locks,
    )


def test_S_METH_1_secret_goes_to_the_right_and_on_and_back_to_the_sender() -> None:
    assert go(0) == 1
    assert go(1) == 2
    assert go(4) == 0  # round to the sender, who must take it (S-PASS-6)
    assert go(3, sender=2) == 4 and go(4, sender=2) == 0 and go(1, sender=2) == 2


def test_S_METH_3_text_travels_like_secret_in_either_direction() -> None:
    assert go(0, method=TEXT) == 1
    assert go(0, method=TEXT, direction=-1) == 4  # 逢缘 / 退回: clockwise (S-METH-6, S-PASS-10)
    assert go(4, method=TEXT, direction=-1) == 3
    assert go(1, method=TEXT, direction=-1) == 0


def test_S_METH_2_direct_goes_to_its_target_then_back_to_the_sender() -> None:
    assert go(0, method=DIRECT, target=3) == 3
    assert go(3, method=DIRECT, target=3, back=True) == 0  # declined: back to the sender, who must take it
    assert go(0, sender=2, method=DIRECT, target=0) == 0  # the target is named, whatever the seats between


def test_S_PASS_9_lured_away_and_dead_players_are_skipped() -> None:
    assert go(0, lured=[1]) == 2  # 003: A sends 密电 with B lured away, the card goes to C
    dead_3 = (True, True, True, False, True)
    assert go(2, in_game=dead_3) == 4  # C -> E with D dead
    assert go(0, lured=[1, 2], in_game=dead_3) == 4
    assert go(0, lured=[1, 2, 3, 4]) == 0  # everyone else away: straight back to the sender


def test_S_PREC_1_a_locked_player_is_not_skipped_although_lured() -> None:
    assert go(0, lured=[1], locks=[1]) == 1
    assert go(0, lured=[1, 2], locks=[2]) == 2


def test_S_PREC_6_direct_target_lured_away_turns_back() -> None:
    assert go(0, method=DIRECT, target=2, lured=[2]) == TURN_BACK
    assert go(0, method=DIRECT, target=2, lured=[2], locks=[2]) == 2  # locked beats lured (S-PREC-1)
    assert go(0, method=DIRECT, target=2, lured=[1]) == 2  # only the target matters


def test_S_PASS_11_direct_target_out_of_the_game_turns_back() -> None:
    assert go(0, method=DIRECT, target=2, in_game=(True, True, False, True, True)) == TURN_BACK


def test_S_PASS_7_the_card_of_a_sender_out_of_the_game_is_discarded() -> None:
    dead_0 = (False, True, True, True, True)
    assert go(4, in_game=dead_0) == DISCARDED
    assert go(1, in_game=dead_0, lured=[2, 3, 4]) == DISCARDED
    assert go(2, method=DIRECT, target=2, back=True, in_game=dead_0) == DISCARDED
    assert go(2, method=DIRECT, target=2, back=True) == 0


def reference_next_stop(g: Game, p: Passing) -> int:
    """The engine's ``next_stop`` as it was written over the game before ``route`` (the oracle of the next test)."""
    seats = g.seats
    sender = p.sender
    if p.method == DIRECT:
        if p.back:
            return sender if seats[sender].in_game else DISCARDED
        t = p.target
        if not seats[t].in_game or (t in p.lured and t not in g.locks):
            return TURN_BACK
        return t
    s = p.holder
    while True:
        s = (s + p.direction) % g.n
        if s == sender:
            return sender if seats[sender].in_game else DISCARDED
        if not seats[s].in_game or (s in p.lured and s not in g.locks):
            continue
        return s


def test_route_is_what_the_engine_does() -> None:
    """At every decision during a pass in random games (characters on, so 逢缘, 退回, deaths, locks and lures all
    happen), ``route`` called with plain copies of the state agrees with the reference, and the engine's
    ``next_stop`` is ``route``."""
    rng = random.Random(3)
    checked = directs = 0
    for i in range(80):
        g = Game.new(Config(players=3 + i % 7, characters=True, character_pool="all"), 1000 + i)
        while g.decision is not None:
            p = g.passing
            if p is not None and not p.finished and any(isinstance(f, PassFrame) for f in g.frames):
                got = route(
                    holder=p.holder,
                    sender=p.sender,
                    direction=p.direction,
                    method=p.method,
                    target=p.target,
                    back=p.back,
                    in_game=tuple(s.alive and not s.lost for s in g.seats),
                    lured=tuple(p.lured),
                    locks=frozenset(g.locks),
                )
                assert got == reference_next_stop(g, p) == next_stop(g, p)
                checked += 1
                directs += p.method == DIRECT
            g.step(rng.randrange(len(g.decision.options)))
    assert checked > 1000 and directs > 100, (checked, directs)
