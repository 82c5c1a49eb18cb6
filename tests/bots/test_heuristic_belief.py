"""HeuristicBot's identity belief in scripted scenarios: it moves the right way on what its seat observed."""

from __future__ import annotations

from typing import Any

import pytest

from fengsheng.bots import HeuristicBot
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.scenario import Scenario
from fengsheng.testing import Script

FIVE = ["ug", "mi", "ug", "mi", "by"]  # 5 players: 2/2/1 (S-DIST-1)
SEVEN = ["ug", "mi", "ug", "mi", "ug", "mi", "by"]


def build(identities: list[str] = FIVE, **kw: Any) -> Game:
    n = len(identities)
    kw.setdefault("config", Config(players=n, auto_pass=True, **kw.pop("cfg", {})))
    return Scenario(players=n, identities=identities, **kw).build()


def watcher(g: Game, seat: int = 0) -> HeuristicBot:
    bot = HeuristicBot(seat, 0)
    bot.strict = True
    bot.update(g.view(seat), g.events_for(seat))
    return bot


def see(bot: HeuristicBot, g: Game, start: int) -> dict[int, dict[str, float]]:
    bot.update(g.view(bot.seat), g.events_for(bot.seat, start))
    return bot.belief()


def test_prior_follows_the_distribution() -> None:
    g = build(hands={0: ["K:decode"]}, at="play")
    bel = watcher(g).belief()
    assert set(bel) == {1, 2, 3, 4}
    assert bel[1] == pytest.approx({"underground": 0.25, "military_intel": 0.5, "bystander": 0.25})


def test_own_probe_answered_by_drawing_is_certain() -> None:
    # "潜伏战线? draw 2": seat 2 draws, so it is surely underground (S-CARD-PROBE-2: no concealing)
    g = build(hands={0: ["R:probe:ug:draw", "K:decode"]}, at="play")
    bot = watcher(g)
    start = len(g.events)
    Script(g).do("0: play c{R:probe:ug:draw} probe @2")
    bel = see(bot, g, start)
    assert bel[2]["underground"] > 0.999
    assert all(bel[s]["underground"] < 0.001 for s in (1, 3, 4))  # the only other underground seat is found


def test_own_probe_answered_with_the_line_rules_the_identity_out() -> None:
    g = build(hands={0: ["B:probe:mi:discard", "K:decode"]}, at="play")
    bot = watcher(g)
    start = len(g.events)
    Script(g).do("0: play c{B:probe:mi:discard} probe @4")  # seat 4 is a bystander: "我是好人"
    bel = see(bot, g, start)
    assert bel[4]["military_intel"] < 0.001
    assert bel[4]["underground"] + bel[4]["bystander"] == pytest.approx(1.0)


def test_probe_received_tells_nothing_about_the_user() -> None:
    g = build(hands={1: ["R:probe:ug:draw", "K:decode"]}, current=1, at="play")
    bot = watcher(g)
    start = len(g.events)
    Script(g).do("1: play c{R:probe:ug:draw} probe @0")  # seat 0 (the bot) draws: it is underground anyway
    assert see(bot, g, start)[1] == pytest.approx({"underground": 0.25, "military_intel": 0.5, "bystander": 0.25})


def test_probe_heard_from_afar_weighs_the_probes_not_seen() -> None:
    # seat 1 probes seat 3 with a card seat 0 cannot see; seat 3 draws. Two of the three "潜伏战线? draw 2" cards are
    # in seat 0's hand, so the probe most likely named another identity: seat 3 is less likely underground.
    g = build(
        hands={0: ["R:probe:ug:draw", "B:probe:ug:draw", "K:decode"], 1: ["K:probe:mi:draw", "B:decode"]},
        current=1,
        at="play",
    )
    bot = watcher(g)
    before = bot.belief()[3]
    start = len(g.events)
    Script(g).do("1: play c{K:probe:mi:draw} probe @3")  # seat 3 is 军情局: it draws
    after = see(bot, g, start)[3]
    assert after["underground"] < before["underground"]
    assert sum(after.values()) == pytest.approx(1.0)


def settle(g: Game, answers: list[str] | None = None) -> None:
    """Pass every window and answer the receive decisions in order from ``answers`` (then decline) until the card in
    transit is obtained or discarded."""
    start = len(g.events)
    queue = list(answers or [])
    while g.decision is not None and not any(e.kind in ("obtain", "intel_discarded") for e in g.events[start:]):
        d = g.decision
        if d.kind == "priority":
            g.act("pass")
        else:
            assert d.kind == "receive", d
            g.act(queue.pop(0) if queue else "decline")
    assert not queue


def pass_text(g: Game, answers: list[str]) -> None:
    """Seat 1 sends its only card (a forced move: applied at once); the seats it reaches answer in order."""
    assert g.passing is not None and g.passing.sender == 1
    settle(g, answers)


def test_taking_face_up_red_leans_underground() -> None:
    g = build(hands={1: ["R:lure_away"]}, current=1, at="pass")  # 调虎离山 is 文本: everyone sees it is red
    bot = watcher(g)
    start = len(g.events)
    pass_text(g, ["accept"])  # seat 2 takes it
    bel = see(bot, g, start)
    assert bel[2]["underground"] > 0.25
    assert bel[2]["military_intel"] < 0.5


def test_refusing_face_up_red_leans_away_from_underground() -> None:
    g = build(hands={1: ["R:lure_away"]}, current=1, at="pass")
    bot = watcher(g)
    start = len(g.events)
    pass_text(g, ["decline", "accept"])  # seat 2 refuses it, seat 3 takes it
    bel = see(bot, g, start)
    assert bel[2]["underground"] < 0.25
    assert bel[3]["underground"] > 0.25


def test_refusing_face_up_blue_leans_away_from_military_intel() -> None:
    g = build(hands={1: ["B:lure_away"]}, current=1, at="pass")
    bot = watcher(g)
    start = len(g.events)
    pass_text(g, ["decline", "accept"])
    bel = see(bot, g, start)
    assert bel[2]["military_intel"] < 0.5
    assert bel[3]["military_intel"] > 0.5


def test_a_dead_players_identity_is_certain() -> None:
    g = build(hands={1: ["K:lure_away"]}, intel={2: ["K:lock", "K:burn"]}, current=1, at="pass")
    bot = watcher(g)
    start = len(g.events)
    pass_text(g, ["accept"])  # seat 2's third false intelligence (S-DEATH-1): his identity is revealed
    assert not g.seats[2].alive
    bel = see(bot, g, start)
    assert bel[2] == {"underground": 1.0, "military_intel": 0.0, "bystander": 0.0}
    assert all(bel[s]["underground"] == 0.0 for s in (1, 3, 4))  # both underground seats are accounted for


def test_a_lost_players_identity_is_certain() -> None:
    # seat 1 sends its last card; then seat 2 has none to send in its turn: it loses (S-LOSE-1, A-26)
    g = build(hands={1: ["K:decode"]}, deck=[], rest="discard", current=1, at="pass")
    g.discard.clear()  # nothing to draw: seat 2 starts its turn with an empty hand
    bot = watcher(g)
    start = len(g.events)
    settle(g)
    while g.decision is not None and not g.seats[2].lost:
        g.act("pass" if g.decision.kind == "priority" else g.decision.options[0])
    assert g.seats[2].lost
    bel = see(bot, g, start)
    assert bel[2]["underground"] == 1.0


def _direct_send(colour: str) -> tuple[float, float]:
    """Seat 1 sends a card 直达 to seat 2, the bot's known teammate (its probe), who takes it: (P(1 is underground),
    P(3 is underground)) as the bot sees it (seven players: 3/3/1)."""
    g = build(
        SEVEN,
        hands={0: ["R:probe:ug:draw", "K:decode", "B:decode"], 1: [f"{colour}:lock", "R:decode"]},
        deck=["R:intercept", "K:intercept", "R:decode", "K:intercept", "K:intercept"],
        at="play",
    )
    bot = watcher(g)
    start = len(g.events)
    Script(g).do("0: play c{R:probe:ug:draw} probe @2", "0: send c{K:decode}")
    settle(g, ["accept"])  # seat 1 takes it
    assert g.current == 1 and g.decision is not None
    Script(g).do("1: pass", f"1: send c{{{colour}:lock}} @2")  # 锁定 is 直达
    settle(g, ["accept"])
    bel = see(bot, g, start)
    assert bel[2]["underground"] == pytest.approx(1.0)
    return bel[1]["underground"], bel[3]["underground"]


def test_sending_black_to_a_teammate_makes_the_sender_less_likely_a_teammate() -> None:
    p1, p3 = _direct_send("K")
    assert p1 < p3  # seat 3 did nothing; seat 1 sent black to the bot's teammate


def test_sending_red_to_a_teammate_makes_the_sender_more_likely_a_teammate() -> None:
    p1, p3 = _direct_send("R")
    assert p1 > p3


def test_lao_qiang_exchange_is_certain() -> None:
    g = build(
        hands={0: ["K:decode"]},
        characters={0: "lao_qiang", 2: "qi_bai"},
        face_up={0: True},
        at="play",
        cfg={"characters": True, "fixed_characters": ()},
    )
    bot = watcher(g)
    start = len(g.events)
    Script(g).do("0: skill lao_qiang.2 @2")  # cover both; they look at each other's identity
    assert see(bot, g, start)[2]["underground"] == 1.0


def test_belief_stays_consistent_through_whole_games() -> None:
    """Every seat's row sums to 1 and each identity's column to the number of such cards left (S-DIST)."""
    from fengsheng.sim.runner import derive_seed, play_game

    dist = {5: (2, 2, 1), 7: (3, 3, 1), 9: (3, 3, 3)}
    for players in (5, 7, 9):
        bots: list[HeuristicBot] = []

        def make(seat: int, seed: int, bots: list[HeuristicBot] = bots) -> HeuristicBot:
            b = HeuristicBot(seat, seed)
            b.strict = True
            bots.append(b)
            return b

        def check(g: Game, bots: list[HeuristicBot] = bots, players: int = players) -> None:
            for b in bots:
                if b.model is None:
                    continue
                bel = b.belief()
                mine = {"underground": 0, "military_intel": 1, "bystander": 2}[b.identity or ""]
                for k, ident in enumerate(("underground", "military_intel", "bystander")):
                    left = dist[players][k] - (k == mine)
                    assert sum(bel[s][ident] for s in bel) == pytest.approx(left, abs=1e-6)
                for row in bel.values():
                    assert sum(row.values()) == pytest.approx(1.0)

        play_game(
            Config(players=players, characters=True, auto_pass=True),
            derive_seed("belief", players),
            make,
            on_decision=check,
        )
