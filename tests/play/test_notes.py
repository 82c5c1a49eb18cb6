"""The notebook (play/notes.py): the odds are the HeuristicBot's belief, the facts are what the seat saw, and nothing
else: the same view with the hidden state drawn again (``Game.determinize``) gives the same notebook."""

from __future__ import annotations

import random

import pytest

from fengsheng.bots import HeuristicBot, RandomBot
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.play.notes import notebook, render_notes
from fengsheng.play.screen import to_text
from tests.play.helpers import scripted_session


def played(seed: int, decisions: int, players: int = 6) -> Game:
    g = Game.new(Config(players=players, characters=True), seed)
    bots = {s: RandomBot(s, 3 * seed + s) for s in range(g.n)}
    for _ in range(decisions):
        if g.decision is None:
            break
        d = g.decision
        g.act(bots[d.seat].choose(d, g.view(d.seat), None))
    return g


@pytest.mark.parametrize("seed", range(6))
def test_the_notebook_does_not_change_when_the_hidden_state_does(seed: int) -> None:
    g = played(seed, 60 + 25 * seed, players=5 + seed % 4)
    rng = random.Random(seed)
    for seat in range(g.n):
        mine = notebook(g.view(seat), g.events_for(seat), "zh")
        for _ in range(2):
            other = g.determinize(seat, rng)
            assert other.view(seat) == g.view(seat)
            assert notebook(other.view(seat), other.events_for(seat), "zh") == mine


def test_the_hidden_state_does_change_under_the_same_view() -> None:
    """The test above would be empty if determinize changed nothing: it does (other seats' identities or hands)."""
    g = played(2, 90)
    other = g.determinize(0, random.Random(5))
    assert [(s.identity, s.hand) for s in other.seats] != [(s.identity, s.hand) for s in g.seats]


def test_the_odds_are_the_heuristic_bots_belief() -> None:
    g = played(3, 120)
    for seat in range(g.n):
        bot = HeuristicBot(seat, 0)
        bot.update(g.view(seat), g.events_for(seat))
        belief = bot.belief()
        for n in notebook(g.view(seat), g.events_for(seat), "en"):
            if n.certain is None:
                assert n.odds == pytest.approx(belief[n.seat])
            else:
                assert n.odds[n.certain] == 1.0
            assert sum(n.odds.values()) == pytest.approx(1.0)


def test_facts_are_what_the_seat_saw() -> None:
    g = played(5, 400)
    for seat in range(g.n):
        notes = {n.seat: n for n in notebook(g.view(seat), g.events_for(seat), "zh")}
        assert seat not in notes and len(notes) == g.n - 1
        for e in g.events_for(seat):
            if e["kind"] == "died" and e["seat"] != seat:
                assert notes[e["seat"]].certain == e["identity"]
                assert any(f.startswith("死亡（面前有三张假情报") for f in notes[e["seat"]].facts)
            if e["kind"] == "probe_answer" and e["seat"] != seat:
                assert any(f.startswith(f"被{e['user']}号试探") for f in notes[e["seat"]].facts)
            if e["kind"] == "obtain" and e["how"] == "accept" and e["seat"] != seat:
                assert any(f.startswith("接收 [") for f in notes[e["seat"]].facts)


def test_the_panel_lists_every_other_seat_with_odds() -> None:
    g = played(1, 80)
    text = to_text(render_notes(notebook(g.view(0), g.events_for(0), "en"), "en", 0), 100)
    assert "Notes: inferred from what you saw" in text
    for s in range(1, g.n):
        assert f"P{s} " in text
    assert text.count("%") == 3 * (g.n - 1)


def test_the_notes_command_and_the_panel_toggle() -> None:
    g = Game.new(Config(players=5, characters=True), 3)
    session, out = scripted_session(g, ["notes", "notes on", "look"])
    session.run()
    text = out.getvalue()
    assert text.count("笔记：只根据你看到的推断") >= 2
    assert session.notes  # `notes on` turned the panel on
    session2, out2 = scripted_session(Game.new(Config(players=5, characters=True), 3), ["0"])
    session2.notes = True
    session2.run()
    assert "笔记：只根据你看到的推断" in out2.getvalue()
