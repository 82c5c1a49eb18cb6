"""The rendered screen for a scripted position (a face-down card in transit, a pending stack of two cards), in zh
and en, compared exactly with the files in tests/play/snapshots/ (width 100, colour off).

Regenerate them with ``FENGSHENG_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/play/test_snapshots.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from rich.console import Group

from fengsheng.play.screen import render_question, render_screen, to_text
from fengsheng.play.words import describe_options
from fengsheng.text import render_event
from tests.play.helpers import snapshot_game

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("FENGSHENG_UPDATE_SNAPSHOTS") == "1"
WIDTH = 100


def screen(lang: str) -> str:
    g = snapshot_game()
    d = g.decision
    assert d is not None
    view = g.view(0)
    log = [line for line in (render_event(e, lang) for e in g.events_for(0)) if line]
    choices = describe_options(d.options, lang, view, d.kind, d.context)
    return to_text(Group(render_screen(view, lang, log), render_question(view, choices, lang)), WIDTH)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_screen_snapshot(lang: str) -> None:
    text = screen(lang)
    path = SNAPSHOTS / f"screen_{lang}.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing snapshot {path}: run with FENGSHENG_UPDATE_SNAPSHOTS=1"
    assert text == path.read_text(encoding="utf-8")


def test_snapshot_position_is_the_one_described() -> None:
    g = snapshot_game()
    view = g.view(0)
    assert view["transit"]["card"] is None and not view["transit"]["face_up"]  # face down, not seen by seat 0
    assert [e["use"] for e in view["stack"]] == ["intercept", "see_through"]
    text = screen("zh")
    assert "[？]（面朝下）" in text and "← 最先结算" in text
    assert "\x1b" not in text  # colour off
