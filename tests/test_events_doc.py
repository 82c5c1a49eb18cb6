"""The event table of docs/engine.md §5 is the one tools/events_doc.py makes from ``fengsheng.core.events.KINDS``."""

from __future__ import annotations

import importlib.util
from dataclasses import field
from pathlib import Path
from types import ModuleType

import pytest

from fengsheng.core import events as ev

TOOL = Path(__file__).resolve().parents[1] / "tools" / "events_doc.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("events_doc", TOOL)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


events_doc = load()


def test_the_docs_table_is_the_one_made_from_the_code(capsys: pytest.CaptureFixture[str]) -> None:
    doc = events_doc.DOC.read_text(encoding="utf-8")
    assert events_doc.in_doc(doc) == events_doc.table(), "run `python tools/events_doc.py --write`"
    assert events_doc.main(["--check"]) == 0
    assert capsys.readouterr().out.strip() == "OK"


def test_one_row_per_kind_in_the_sections_of_the_module() -> None:
    rows = events_doc.table().splitlines()[2:]
    kinds = [r.split("`")[1] for r in rows if r.startswith("| `")]
    assert kinds == list(ev.KINDS)
    assert "| **Setup (S-SETUP)** | | | | |" in rows
    assert rows.index("| **Turns (S-TURN)** | | | | |") < next(i for i, r in enumerate(rows) if "`draw`" in r)
    draw = next(r for r in rows if r.startswith("| `draw` (Drew)"))
    assert draw == "| `draw` (Drew) | seat, count, cards | cards | the seats it is emitted with |  |"
    sent = next(r for r in rows if r.startswith("| `send` (Sent)"))
    assert "| card | everyone, unless emitted with seats |" in sent
    obtain = next(r for r in rows if r.startswith("| `obtain`"))
    assert "S-DEATH-3" in obtain
    resolve = next(r for r in rows if r.startswith("| `resolve` "))
    assert "card?, .seat = user" in resolve
    assert "from, to, card, by" in next(r for r in rows if r.startswith("| `intel_moved`"))
    assert "info…" in next(r for r in rows if r.startswith("| `skill`"))


def test_a_new_kind_changes_the_table_and_the_check_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = tmp_path / "engine.md"
    doc.write_text(events_doc.DOC.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(events_doc, "DOC", doc)
    monkeypatch.setattr(events_doc, "REPO", tmp_path)
    assert events_doc.main(["--check"]) == 0
    monkeypatch.setattr(ev, "KINDS", dict(ev.KINDS))  # the decorator registers into this copy

    @ev.event
    class Whispered(ev.Event):
        kind = "whispered"
        hidden = frozenset({"words"})
        settles = ev.SETTLE
        seat: int
        words: list[str] = field(default_factory=list)
        audience: tuple[int, ...] | None = ()

    assert "whispered" in ev.KINDS
    made = events_doc.table()
    assert made.splitlines()[-2].startswith("| `game_over` ")
    assert made.splitlines()[-1] == (
        "| `whispered` (Whispered) | seat, words | words | the seats it is emitted with | after its triggers (S-WIN-10) |"
    )
    capsys.readouterr()
    assert events_doc.main(["--check"]) == 1
    assert "differs from the code" in capsys.readouterr().out
    assert events_doc.main(["--write"]) == 0
    assert events_doc.main(["--check"]) == 0
    assert "`whispered`" in doc.read_text(encoding="utf-8")


def test_replace_needs_the_markers() -> None:
    with pytest.raises(SystemExit, match="markers"):
        events_doc.replace("no table here", "| x |")
    doc = f"a\n{events_doc.BEGIN}\nold\n{events_doc.END}\nb"
    assert events_doc.replace(doc, "new") == f"a\n{events_doc.BEGIN}\nnew\n{events_doc.END}\nb"
