"""HeuristicBot ends games that the rules would let go round in circles (``Memory.stalled``).

The rules have no turn limit (nor a hand limit, S-TURN-13) and the discard pile becomes the deck again (S-TURN-5),
so a game can repeat one position for ever: in a bystander endgame (the factions gone; characters off, or missions
out of reach) every seat declines false intelligence, the sender must take his own back (S-PASS-6) and burns it
(S-CARD-BURN-1), and the same two cards are drawn again. Once the intelligence in the game stops growing for
``STALL_TURNS`` turns, the bot stops burning, and the game ends by a death or a loss.
"""

from __future__ import annotations

from typing import Any

import pytest

from fengsheng.bots import HeuristicBot
from fengsheng.bots.heuristic import memory as heuristic_memory
from fengsheng.bots.heuristic.memory import STALL_TURNS, Memory
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.match import Match, MatchStuck
from fengsheng.scenario import Scenario
from fengsheng.sim.runner import bot_seed, derive_seed
from tests.suite import sized

# the game reported: 9 players, characters off, HeuristicBot(i, 250 + i) at seat i; three bystanders left after
# turn 38 and went round in circles (a black 破译 sent, declined, taken back by its sender and burnt) for ever
REPORTED = 592685098941573749420226082122004529210
ENOUGH = 8_000  # decisions: a 9-player game takes about 1,000 (at most 3,400 in 1,000 games); this one 3,791


def _bots(n: int, seed: int) -> dict[int, HeuristicBot]:
    bots = {}
    for s in range(n):
        b = HeuristicBot(s, bot_seed(seed, s))
        b.strict = True
        bots[s] = b
    return bots


def _play(config: Config, seed: int, bots: dict[int, HeuristicBot], limit: int = ENOUGH) -> Game:
    g = Game.new(config, seed)
    Match(g, bots, max_decisions=limit).run()
    assert g.result is not None
    return g


def test_the_reported_game_ends() -> None:
    g = _play(Config(players=9), REPORTED, {s: HeuristicBot(s, 250 + s) for s in range(9)})
    assert g.result is not None and g.result["reason"] == "last_standing"
    assert [g.seats[s].identity for s in g.result["winners"]] == ["bystander"]


def test_the_reported_game_goes_round_without_the_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard is what ends it: without it the same game is still turning after ``ENOUGH`` decisions."""
    monkeypatch.setattr(heuristic_memory, "STALL_TURNS", 10**9)
    g = Game.new(Config(players=9), REPORTED)
    with pytest.raises(MatchStuck):
        Match(g, {s: HeuristicBot(s, 250 + s) for s in range(9)}, max_decisions=ENOUGH).run()
    alive = [s for s in g.seats if s.in_game]
    assert {s.identity for s in alive} == {"bystander"} and len(alive) == 3


# games of other sizes that went round in circles before the guard (found by playing 150 to 1,000 games of each)
STALLED = [
    (Config(players=9), 8297743428548881718),
    (Config(players=4), 5341519743116658334),
    (Config(players=4), 5953593353608890535),
    (Config(players=4, characters=True), 5714117263050717665),  # 老鬼 and 礼服蒙面人 left, missions out of reach
    (Config(players=4, characters=True), 3070549870474390897),
]


@pytest.mark.parametrize(("config", "seed"), STALLED, ids=[f"{c.players}p-{s}" for c, s in STALLED])
def test_games_that_stalled_end(config: Config, seed: int) -> None:
    g = _play(config, seed, _bots(config.players, seed))
    assert g.result is not None and g.result["reason"] in ("last_standing", "declared", "nobody_left")


@pytest.mark.parametrize("characters", [False, True])
@pytest.mark.parametrize("players", [4, 9])
def test_heuristic_games_all_end(players: int, characters: bool) -> None:
    """Every game of HeuristicBots ends, well within ``ENOUGH`` decisions (4 players: two bystanders; 9: three)."""
    for k in range(sized(5, 300)):
        seed = derive_seed("heuristic-stall", players, characters, k)
        _play(Config(players=players, characters=characters), seed, _bots(players, seed))


# --- the guard itself --------------------------------------------------------------------------------------------
def _view(turn: int, intel: list[int], out: tuple[int, ...] = ()) -> dict[str, Any]:
    seats = [
        {"seat": s, "alive": s not in out, "lost": False, "intel": list(range(100 * s, 100 * s + k))}
        for s, k in enumerate(intel)
    ]
    return {"players": len(intel), "turn": turn, "seats": seats, "me": {}}


def test_stalled_after_turns_without_a_new_high_until_a_seat_leaves() -> None:
    m = Memory(0)
    m.take_view(_view(1, [0, 0, 0]))
    m.take_view(_view(5, [2, 1, 1]))  # a new high at turn 5
    m.take_view(_view(5 + STALL_TURNS - 1, [1, 1, 1]))
    assert not m.stalled
    m.take_view(_view(5 + STALL_TURNS - 1, [1, 2, 1]))  # back to the high, not above it
    m.take_view(_view(5 + STALL_TURNS, [2, 1, 1]))
    assert m.stalled
    m.take_view(_view(5 + STALL_TURNS + 1, [3, 2, 1]))  # a new high does not clear it: burning is what undid it
    assert m.stalled
    m.take_view(_view(5 + STALL_TURNS + 2, [3, 2, 0], out=(2,)))  # seat 2 left the game: progress
    assert not m.stalled
    m.take_view(_view(5 + 2 * STALL_TURNS + 1, [3, 2, 0], out=(2,)))
    assert not m.stalled
    m.take_view(_view(5 + 2 * STALL_TURNS + 2, [3, 2, 0], out=(2,)))
    assert m.stalled


def test_a_new_high_keeps_the_game_from_stalling() -> None:
    m = Memory(0)
    for turn in range(1, 4 * STALL_TURNS):
        m.take_view(_view(turn, [turn, 0, 0]))
    assert not m.stalled


def test_burns_its_own_false_intelligence_unless_the_game_stalled() -> None:
    for stalled in (False, True):
        g = Scenario(
            players=5,
            identities=["ug", "mi", "ug", "mi", "by"],
            hands={0: ["R:burn", "K:decode"]},
            intel={0: ["K:lock", "K:see_through"]},
            at="play",
            config=Config(players=5, auto_pass=True),
        ).build()
        d = g.decision
        assert d is not None and d.seat == 0
        bot = HeuristicBot(0, 1)
        bot.strict = True
        bot.update(g.view(0), g.events_for(0))
        bot.memory.stalled = stalled
        o = bot.choose(d, g.view(0), None)
        if stalled:
            assert o.kind == "pass", o
        else:
            assert o.kind == "play" and o.use == "burn" and o.target == 0, o
