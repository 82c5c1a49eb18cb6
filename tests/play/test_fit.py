"""The fitted screen (:func:`fengsheng.play.screen.fit_screen`) at every question of random games, in zh and en, at
80×24 and 140×45: no line wider than the terminal (in terminal cells, so a Chinese character counts two), no more
lines than the height less the prompt line (when the question keeps to its budget: a header of two lines and ten
options of one line, as the choice tree asks them), and the viewer's identity, hand, the intelligence in transit and
the question always on it; with the notebook panel on (every other position) too, which shows when there is room."""

from __future__ import annotations

import random
import re

import pytest
from rich.cells import cell_len

from fengsheng.bots import RandomBot
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.play.notes import notebook, render_notes
from fengsheng.play.screen import fit_screen, render_question, to_text
from fengsheng.play.words import describe_options
from fengsheng.text import card_name, name, render_events
from tests.suite import sized

SIZES = [(80, 24), (140, 45)]
GAMES = sized(2, 6)
EVERY = 7  # look at every 7th decision of a game
QUESTION_BUDGET = 2 + 2 + 10  # the question's box, a header of up to two lines and ten options (one line each)


def positions(seed: int) -> list[tuple[Game, int]]:
    """(a copy of the game at a decision, the deciding seat) along one random game."""
    cfg = Config(players=3 + seed % 7, characters=seed % 3 != 0, character_pool="all")
    g = Game.new(cfg, seed)
    bots = {s: RandomBot(s, seed * 10 + s) for s in range(g.n)}
    out: list[tuple[Game, int]] = []
    k = 0
    while g.decision is not None:
        d = g.decision
        if k % EVERY == 0:
            out.append((g.clone(), d.seat))
        g.act(bots[d.seat].choose(d, g.view(d.seat), None))
        k += 1
    return out


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("seed", range(GAMES))
def test_the_fitted_screen_fits_and_shows_what_matters(seed: int, lang: str) -> None:
    rng = random.Random(seed)
    checked = fitted = 0
    for k, (g, seat) in enumerate(positions(seed)):
        d = g.decision
        assert d is not None
        view = g.view(seat)
        log = render_events(g.events_for(seat), lang, g.config.character_texts, seat)
        choices = describe_options(d.options, lang, view, d.kind, d.context)[:10]
        question = render_question(view, choices, lang)
        width, height = rng.choice(SIZES)
        notes = render_notes(notebook(view, g.events_for(seat), lang), lang, seat) if k % 2 else None
        text = to_text(fit_screen(view, lang, log, question, width, height, notes=notes), width)
        lines = text.splitlines()
        if len(to_text(question, width).splitlines()) <= QUESTION_BUDGET:
            assert len(lines) <= height - 1, f"{len(lines)} lines at {width}×{height}:\n{text}"
            fitted += 1
        assert max(cell_len(line) for line in lines) <= width
        identity = view["me"]["identity"]
        assert name(identity, lang) in text
        flat = re.sub(r"[\s│]+", " " if lang == "en" else "", text)  # a card name may wrap at the edge (of a box)
        for card in view["me"]["hand"]:
            assert re.sub(r"\s+", " " if lang == "en" else "", card_name(card, lang)) in flat
        assert ("传递中的情报" if lang == "zh" else "Intelligence in transit") in text
        assert choices[-1][1].split()[0] in text and (f"{choices[-1][0]}." in text)
        checked += 1
    assert checked > 5 and fitted > checked // 2
