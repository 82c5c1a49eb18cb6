"""The rendered screen for a scripted position (a face-down card in transit, a pending stack of two cards), in zh
and en, compared exactly with the files in tests/play/snapshots/ (colour off): the piped screen at width 100, and
the screen fitted to a terminal of 80×24 and of 140×45 (:func:`fengsheng.play.screen.fit_screen`).

Regenerate them with ``FENGSHENG_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/play/test_snapshots.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from rich.console import Group

from fengsheng.play.screen import fit_screen, render_question, render_screen, to_text
from fengsheng.play.words import describe_options
from fengsheng.text import render_event
from tests.play.helpers import snapshot_game

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("FENGSHENG_UPDATE_SNAPSHOTS") == "1"
WIDTH = 100
SIZES = [(80, 24), (140, 45)]


def screen(lang: str, size: tuple[int, int] | None = None) -> str:
    g = snapshot_game()
    d = g.decision
    assert d is not None
    view = g.view(0)
    log = [line for line in (render_event(e, lang, viewer=0) for e in g.events_for(0)) if line]
    choices = describe_options(d.options, lang, view, d.kind, d.context)
    question = render_question(view, choices, lang)
    if size is None:
        return to_text(Group(render_screen(view, lang, log), question), WIDTH)
    width, height = size
    return to_text(fit_screen(view, lang, log, question, width, height), width)


def check(text: str, path: Path) -> None:
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing snapshot {path}: run with FENGSHENG_UPDATE_SNAPSHOTS=1"
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_screen_snapshot(lang: str) -> None:
    check(screen(lang), SNAPSHOTS / f"screen_{lang}.txt")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_fitted_screen_snapshot(lang: str, size: tuple[int, int]) -> None:
    text = screen(lang, size)
    check(text, SNAPSHOTS / f"screen_{lang}_{size[0]}x{size[1]}.txt")
    lines = text.splitlines()
    assert len(lines) < size[1]  # one line left for the prompt
    assert max(len(line) for line in lines) <= size[0] or lang == "zh"  # zh: checked by cell width in test_fit


def test_snapshot_position_is_the_one_described() -> None:
    g = snapshot_game()
    view = g.view(0)
    assert view["transit"]["card"] is None and not view["transit"]["face_up"]  # face down, not seen by seat 0
    assert [e["use"] for e in view["stack"]] == ["intercept", "see_through"]
    text = screen("zh")
    assert "[？]（面朝下）" in text and "← 最先结算" in text
    assert "\x1b" not in text  # colour off
