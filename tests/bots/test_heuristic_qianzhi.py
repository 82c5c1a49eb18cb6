"""HeuristicBot on the 千智风声 edition: its tables are that edition's, its identity belief moves on that edition's
试探 cards (A-85: draw or discard one) and identity rows (A-81, the modes' rows), and it keeps the bot interface's
guarantees there (plain JSON inputs, no reach into the hidden state, deterministic given its seed).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from fengsheng.bots import HeuristicBot
from fengsheng.bots.base import Bot
from fengsheng.bots.heuristic.tables import tables_for
from fengsheng.config import Config
from fengsheng.core.cards import DISCARD_1, DRAW_1
from fengsheng.editions import get_edition
from fengsheng.game import Game
from fengsheng.sim.runner import derive_seed, play_game
from fengsheng.testing import Script
from tests.bots.test_bot_interface import _hide_and_change, plain
from tests.bots.test_heuristic_belief import see, watcher  # the same strict observer
from tests.qianzhi.common import build

QZ = get_edition("qianzhi")
FIVE = ["ug", "mi", "ug", "mi", "by"]  # 5 players: 2/2/1 (A-81: the standard row)


def test_the_tables_are_the_editions() -> None:
    t = tables_for("qianzhi")
    assert t.deck is QZ.deck and len(t.deck) == 108
    assert t.total_colours == {"red": 30, "blue": 30, "black": 48}
    assert {t.deck[c].probe_effect for c in t.probe_ids} == {DRAW_1, DISCARD_1}
    assert t.distribution == dict(QZ.distribution)
    assert {"transfer", "swap", "reinforce", "gamble", "rebalance"} <= t.card_types
    g = build(5, FIVE, hands={0: ["K:decode"]}, at="play")
    assert watcher(g).memory.tables is t  # the setup event names the edition


def test_prior_follows_the_editions_rows() -> None:
    g = build(5, FIVE, hands={0: ["K:decode"]}, at="play")
    assert watcher(g).belief()[1] == pytest.approx({"underground": 0.25, "military_intel": 0.5, "bystander": 0.25})


@pytest.mark.parametrize(("players", "mode"), [(6, "3v3"), (4, "beginner")])
def test_modes_without_bystanders_have_none_in_the_belief(players: int, mode: str) -> None:
    """3V3 (3/3/0) and 新手場 (2/2/0): no seat can be a bystander; teammates (3V3) or all factions (新手場) known."""
    g = Game.new(Config(edition="qianzhi", players=players, mode=mode, auto_pass=True), 3)
    bot = HeuristicBot(0, 0)
    bot.update(g.view(0), g.events_for(0))
    bel = bot.belief()
    assert all(row["bystander"] == 0.0 for row in bel.values())
    mine = g.seats[0].identity
    for s, row in bel.items():
        if g.view(0)["seats"][s].get("identity") is not None:
            assert row[g.seats[s].identity] == 1.0
    if mode == "beginner":
        assert all(row[g.seats[s].identity] == 1.0 for s, row in bel.items())
    else:
        assert sum(row[mine] for row in bel.values()) == pytest.approx(2.0)


def test_own_probe_answered_by_drawing_one_is_certain() -> None:
    # 「試探潛伏戰線，如果是，他抽一張牌」: seat 2 draws one, so it is surely underground
    g = build(5, FIVE, hands={0: ["R:probe:ug:draw", "K:decode"]}, at="play")
    bot = watcher(g)
    start = len(g.events)
    Script(g).do("0: play c{R:probe:ug:draw} probe @2")
    bel = see(bot, g, start)
    assert bel[2]["underground"] > 0.999
    assert all(bel[s]["underground"] < 0.001 for s in (1, 3, 4))


def test_own_probe_answered_with_the_line_rules_the_identity_out() -> None:
    g = build(5, FIVE, hands={0: ["B:probe:mi:discard", "K:decode"]}, at="play")
    bot = watcher(g)
    start = len(g.events)
    Script(g).do("0: play c{B:probe:mi:discard} probe @4")  # seat 4 is a bystander: 「我是一個好人」
    bel = see(bot, g, start)
    assert bel[4]["military_intel"] < 0.001
    assert bel[4]["underground"] + bel[4]["bystander"] == pytest.approx(1.0)


def test_probe_heard_from_afar_weighs_this_editions_probes_not_seen() -> None:
    """Seat 1 probes seat 3 with a card seat 0 cannot see; seat 3 draws one. Two of this edition's 「潛伏戰線? 抽一張」
    probes are in seat 0's hand, so the probe most likely named another identity: seat 3 is less likely underground.
    (With the standard deck's tables the card ids and the draw effect would not match: the belief would not move.)"""
    g = build(
        5,
        FIVE,
        hands={0: ["R:probe:ug:draw", "B:probe:ug:draw", "K:decode"], 1: ["K:probe:mi:draw", "B:decode"]},
        current=1,
        at="play",
    )
    bot = watcher(g)
    before = bot.belief()[3]
    start = len(g.events)
    Script(g).do("1: play c{K:probe:mi:draw} probe @3")  # seat 3 is 軍情處: it draws
    after = see(bot, g, start)[3]
    assert after["underground"] < before["underground"] - 0.02
    assert sum(after.values()) == pytest.approx(1.0)


CONFIGS = [
    Config(edition="qianzhi", players=5, characters=True, auto_pass=True),
    Config(edition="qianzhi", players=4, characters=False, auto_pass=True),
    Config(edition="qianzhi", players=6, mode="3v3", characters=True, auto_pass=True),
    Config(edition="qianzhi", players=4, mode="beginner", characters=True, auto_pass=True),
    Config(edition="qianzhi", players=8, characters=True, auto_pass=True),
]


def _rows(cfg: Config) -> tuple[int, int, int]:
    return tuple(QZ.modes[cfg.mode].distribution[cfg.players]) if cfg.mode else QZ.distribution[cfg.players]  # type: ignore[return-value, index]


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c.players}p-{c.mode or 'free'}-{c.characters}")
def test_whole_games_strict_and_the_belief_consistent(cfg: Config) -> None:
    """No policy error (strict), plain JSON inputs, and every seat's belief sums per identity to the cards left of
    this edition's row (3V3 and 新手場 rows included)."""
    dist = _rows(cfg)
    for gi in range(3):
        bots: list[HeuristicBot] = []

        def make(seat: int, seed: int, bots: list[HeuristicBot] = bots) -> Bot:
            b = HeuristicBot(seat, seed)
            b.strict = True
            bots.append(b)
            return b

        def check(g: Game, bots: list[HeuristicBot] = bots) -> None:
            for b in bots:
                if b.model is None:
                    continue
                bel = b.belief()
                mine = {"underground": 0, "military_intel": 1, "bystander": 2}[b.identity or ""]
                for k, ident in enumerate(("underground", "military_intel", "bystander")):
                    assert sum(bel[s][ident] for s in bel) == pytest.approx(dist[k] - (k == mine), abs=1e-6)

        g = play_game(cfg, derive_seed("qz-belief", cfg.players, gi), make, on_decision=check)
        assert g.result is not None
        assert all(b.fallbacks == 0 for b in bots)


def test_inputs_are_plain_json() -> None:
    seen: list[bool] = []

    class Checked(HeuristicBot):
        def choose(self, decision: Any, view: Any, events: Any) -> Any:
            seen.append(plain(view) and plain(events))
            return super().choose(decision, view, events)

    play_game(CONFIGS[0], 11, lambda s, b: Checked(s, b))
    assert seen and all(seen)


@pytest.mark.parametrize("cfg", CONFIGS[:3], ids=lambda c: f"{c.players}p-{c.mode or 'free'}")
def test_deterministic_given_the_seed(cfg: Config) -> None:
    a = play_game(cfg, 42, lambda s, b: HeuristicBot(s, b))
    b = play_game(cfg, 42, lambda s, b: HeuristicBot(s, b))
    assert a.history == b.history and a.digest() == b.digest()


def test_hidden_state_does_not_change_the_choice() -> None:
    """At many decisions of HeuristicBot seats in 千智 games: a copy of the game with other hands and two other
    identities changed (the seat's view and events unchanged) gets the same answer from a copy of the bot."""
    rng = random.Random(9)
    checked = 0
    cfg = CONFIGS[0]
    for gi in range(3):
        seed = derive_seed("qz-hidden", gi)
        g = Game.new(cfg, seed)
        bots = [HeuristicBot(s, derive_seed(seed, "bot", s)) for s in range(cfg.players)]
        seen = [0] * cfg.players
        while g.decision is not None:
            d = g.decision
            s = d.seat
            view, events = g.view(s), g.events_for(s, seen[s])
            if len(d.options) > 1 and rng.random() < 0.3:
                h = _hide_and_change(g, s, rng)
                assert h.view(s) == view and h.events_for(s, seen[s]) == events
                twin = copy.deepcopy(bots[s])
                assert twin.choose(h.decision, h.view(s), h.events_for(s, seen[s])) == copy.deepcopy(bots[s]).choose(
                    d, view, events
                )
                checked += 1
            seen[s] = len(g.events)
            g.act(bots[s].choose(d, view, events))
    assert checked > 50


def _bot_at_step2(g: Game, seat: int) -> tuple[HeuristicBot, Any]:
    """Pass every window until ``seat`` decides in the Step-2 window of the card in front of it."""
    bot = watcher(g, seat)
    while g.decision is not None:
        d = g.decision
        if d.seat == seat and d.kind == "priority" and d.context == "step2":
            return bot, d
        assert d.kind == "priority", d
        g.act("pass")
    raise AssertionError("no Step-2 window")


def _black_text_at_seat_0(enemy_blacks: int) -> tuple[HeuristicBot, Any, Game]:
    """Seat 4 sends a face-up black card (調包 is 文本) that reaches seat 0 (underground); seat 1 (military_intel,
    known to the bot) has ``enemy_blacks`` black intelligence; seat 0 holds a 轉移."""
    g = build(
        5,
        FIVE,
        hands={4: ["K:swap", "R:decode"], 0: ["R:transfer", "K:decode", "B:decode"]},
        intel={1: ["K:lock", "K:burn"][:enemy_blacks]},
        current=4,
        at="pass",
    )
    Script(g).do("4: send c{K:swap}")
    bot, d = _bot_at_step2(g, 0)
    bot.model.set_known(1, "military_intel")  # type: ignore[union-attr]
    bot.model.set_known(2, "underground")  # type: ignore[union-attr]
    assert any(o.use == "transfer" for o in d.options)
    return bot, d, g


def test_transfer_sends_a_false_intelligence_on_to_kill_an_enemy() -> None:
    """轉移 (A-100): the target must take the card; a third black kills the known enemy with two: the bot transfers it
    to him rather than decline it."""
    bot, d, g = _black_text_at_seat_0(2)
    choice = bot.choose(d, g.view(0), g.events_for(0))
    assert choice.use == "transfer" and choice.target == 1, choice


def test_without_a_kill_the_bot_declines_rather_than_spend_a_transfer() -> None:
    """The same card with the enemy holding no black: declining costs nothing, so 轉移 is kept."""
    bot, d, g = _black_text_at_seat_0(0)
    assert bot.choose(d, g.view(0), g.events_for(0)).use != "transfer"


def test_a_lock_is_played_before_the_send_in_the_own_play_phase() -> None:
    """鎖定 only in the own play phase (A-83): holding a lock and a red card as underground, with two red in front of a
    known teammate, the bot locks the teammate before sending so that he must take the winning red."""
    g = build(
        5,
        FIVE,
        hands={0: ["R:lock", "R:decode", "K:decode"]},
        intel={2: ["R:burn", "R:decode"]},
        at="play",
    )
    bot = watcher(g)
    bot.model.set_known(2, "underground")  # type: ignore[union-attr]
    d = g.decision
    assert d is not None and d.seat == 0 and d.context == "play"
    choice = bot.choose(d, g.view(0), g.events_for(0))
    assert choice.use == "lock" and choice.target == 2, choice
