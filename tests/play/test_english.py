"""``--lang en`` shows no Chinese: the log, the fitted screen, the questions and the end summary of many random games,
a whole game played through the terminal (with the help and the log asked for), and ``fengsheng demo``, scanned for
CJK characters. Documented exceptions: none (character names have English names in the texts, the probe cards'
printed lines are translated by ``fengsheng.text.PROBE_LINES``)."""

from __future__ import annotations

import re

import pytest

from fengsheng.bots import RandomBot
from fengsheng.cli import main
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.play.screen import fit_screen, render_question, render_result, to_text
from fengsheng.play.words import describe_options
from fengsheng.text import render_events
from tests.play.helpers import scripted_session
from tests.suite import sized

CJK = re.compile(r"[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
GAMES = sized(8, 24)


def chinese(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if CJK.search(line)]


def test_the_scan_finds_chinese() -> None:
    assert chinese("P1 draws 2\nP2 说：我是卧底") == ["P2 说：我是卧底"]
    assert chinese("【老鬼】") and chinese("，") and not chinese("P0 (you) · “I'm undercover”")


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_random_game_in_english_has_no_chinese(seed: int) -> None:
    texts = "004" if seed % 2 else ""
    cfg = Config(players=3 + seed % 7, characters=seed % 4 != 0, character_pool="all", character_texts=texts)
    g = Game.new(cfg, seed)
    bots = {s: RandomBot(s, 7 * seed + s) for s in range(g.n)}
    found: list[str] = []
    k = 0
    while g.decision is not None:
        d = g.decision
        if k % 6 == 0:
            view = g.view(d.seat)
            choices = describe_options(d.options, "en", view, d.kind, d.context)
            log = render_events(g.events_for(d.seat), "en", texts, d.seat)
            found += chinese(to_text(fit_screen(view, "en", log, render_question(view, choices, "en"), 100, 40), 100))
        g.act(bots[d.seat].choose(d, g.view(d.seat), None))
        k += 1
    found += chinese("\n".join(render_events([e.full() for e in g.events], "en", texts)))
    for seat in range(g.n):
        view = g.view(seat)
        summary = render_result(view, [s.character for s in g.seats], "en", g.events_for(seat))
        found += chinese(to_text(summary, 100))
    assert not found, found[:10]


def test_a_terminal_game_in_english_has_no_chinese() -> None:
    g = Game.new(Config(players=6, characters=True, character_pool="all"), 11)
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        if len(asked) == 2:
            return "?"
        if len(asked) == 3:
            return "log"
        high = re.search(r"\d+-(\d+)", prompt)  # the last line: an option at every level (0 goes back below the top)
        return high.group(1) if high else "0"

    session, out = scripted_session(g, read, lang="en")
    assert session.run() == 0
    assert g.result is not None
    found = chinese(out.getvalue()) + chinese("\n".join(asked))
    assert not found, found[:10]


def test_demo_in_english_has_no_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (1, 2, 3):
        assert main(["demo", "--seed", str(seed), "--players", "7", "--pool", "all", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "Your identity" not in text  # nobody is "you" when everything is shown
    assert chinese(text) == []
