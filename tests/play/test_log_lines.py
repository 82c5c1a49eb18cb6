"""Every log line, compared exactly with a golden file: what :func:`fengsheng.text.render_event` gives, in zh and
en, for every event of 200 random games (characters on, pool all, 3 to 9 players, the default character texts and
every other game with the 004 texts) as each seat, the spectator and the uncensored record (``Event.full()``, what
``fengsheng demo`` prints) saw it.

The golden file stores each distinct event dict, with the game's text set, and its two lines, so the comparison does
not depend on the engine still playing the same games. Kinds the games did not produce are added from
:data:`SAMPLES`.

Regenerate it with ``FENGSHENG_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/play/test_log_lines.py`` (and read
the diff of the lines: ``.venv/bin/python tests/play/test_log_lines.py`` prints the golden as text).
"""

from __future__ import annotations

import json
import lzma
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from fengsheng.bots import RandomBot
from fengsheng.config import Config
from fengsheng.core import events as ev
from fengsheng.sim.runner import play_game
from fengsheng.text import RENDERERS, SILENT, line, render_event

GOLDEN = Path(__file__).parent / "golden" / "log_lines.json.xz"
UPDATE = os.environ.get("FENGSHENG_UPDATE_GOLDEN") == "1"
GAMES = 200
LANGS = ("zh", "en")

# Kinds too rare for the random games, made by hand (one event each).
SAMPLES: list[ev.Event] = [
    ev.IntelDiscarded(card=12, sender=2),
    ev.TableLeftover(cards=[3, 40]),
    ev.HandShown(seat=1, cards=[5, 17, 60]),
    ev.IntelToDeck(from_=3, card=22, by=0),
    ev.Rescued(seat=4),
    ev.TurnedBack(target=1),
    ev.Transferred(seat=1, target=3),  # 千智风声's 轉移 and 調包 (their games below name 千智 cards)
    ev.Swapped(seat=2, card=40, old=12),
    ev.UsedCardTaken(seat=3, card=33),  # 千智风声's characters: 心智迷茫, 移花接木, 偷龍轉鳳
    ev.TransitReplaced(seat=1, card=20, old=7),
    ev.TransitToDeck(seat=4),
    ev.IdentityTaken(seat=2, target=1, out=0, shown=False, identity="military_intel", own="bystander", audience=(2,)),
    ev.Died(seat=1, identity="", character="qianzhi.hei_mei_gui", killer=0, order=1),  # 臨危受命 took his card
]
GAMES_QIANZHI = 10  # 千智风声 games (text set 001, no characters): its cards by its own table


def config(seed: int) -> Config:
    texts = "004" if seed % 2 else ""
    return Config(players=3 + seed % 7, characters=True, character_pool="all", character_texts=texts)


def seen_dicts() -> list[tuple[str, dict[str, Any]]]:
    """Each distinct (text set, event dict) of the golden games (every seat, the spectator and ``full()``), then
    the samples."""
    out: dict[tuple[str, str], dict[str, Any]] = {}

    def add(texts: str, d: dict[str, Any]) -> None:
        key = json.dumps(d, ensure_ascii=False)
        back = json.loads(key)
        assert back == d, f"event does not survive JSON: {d}"
        out.setdefault((texts, key), back)

    for seed in range(GAMES):
        cfg = config(seed)
        g = play_game(cfg, seed, lambda s, bs: RandomBot(s, bs))
        for e in g.events:
            add(cfg.character_texts, e.full())
            for seat in (None, *range(cfg.players)):
                add(cfg.character_texts, e.for_seat(seat))
    for seed in range(GAMES_QIANZHI):
        qz = Config(edition="qianzhi", players=3 + seed % 6)
        g = play_game(qz, seed, lambda s, bs: RandomBot(s, bs))
        for e in g.events:
            add(qz.character_texts, e.full())
            for seat in (None, *range(qz.players)):
                add(qz.character_texts, e.for_seat(seat))
    for e in SAMPLES:
        add("", e.full())
        for seat in (None, 0, 1, 2, 3):
            add("", e.for_seat(seat))
    return [(texts, d) for (texts, _), d in out.items()]


def write_golden() -> None:
    groups: dict[tuple[str, str, tuple[str, ...]], list[list[Any]]] = {}
    for texts, d in seen_dicts():
        keys = tuple(k for k in d if k != "kind")
        groups.setdefault((d["kind"], texts, keys), []).append(
            [d[k] for k in keys] + [render_event(d, lang, texts) for lang in LANGS]
        )
    text = "\n".join(
        json.dumps(
            {"kind": k, "texts": texts, "keys": list(keys), "rows": rows}, ensure_ascii=False, separators=(",", ":")
        )
        for (k, texts, keys), rows in groups.items()
    )
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_bytes(lzma.compress(text.encode("utf-8"), preset=9 | lzma.PRESET_EXTREME))


Stored = list[tuple[str, dict[str, Any], dict[str, str | None]]]


def golden() -> Stored:
    """(text set, event dict, {lang: line}) for every stored event."""
    out = []
    for raw in lzma.decompress(GOLDEN.read_bytes()).decode("utf-8").splitlines():
        group = json.loads(raw)
        keys = group["keys"]
        for row in group["rows"]:
            d = {"kind": group["kind"], **dict(zip(keys, row[: len(keys)], strict=True))}
            out.append((group["texts"], d, dict(zip(LANGS, row[len(keys) :], strict=True))))
    return out


@pytest.fixture(scope="module")
def stored() -> Stored:
    if UPDATE:
        write_golden()
    assert GOLDEN.exists(), f"missing {GOLDEN}: run with FENGSHENG_UPDATE_GOLDEN=1"
    return golden()


def test_every_line_is_the_golden_one(stored: Stored) -> None:
    wrong = [
        (texts, d, lang, want, got)
        for texts, d, lines in stored
        for lang, want in lines.items()
        if (got := render_event(d, lang, texts)) != want
    ]
    assert not wrong, f"{len(wrong)} lines differ, the first: " + "\n".join(
        f"{d} [{lang}, texts {texts!r}]: want {want!r}, got {got!r}" for texts, d, lang, want, got in wrong[:10]
    )


def test_golden_is_large_and_covers_every_kind(stored: Stored) -> None:
    assert len(stored) > 10_000
    assert {d["kind"] for _, d, _ in stored} == set(ev.KINDS)
    assert any(d.get("audience") for _, d, _ in stored)  # the uncensored form is in
    assert any(d["kind"] == "draw" and "cards" not in d for _, d, _ in stored)  # and the censored one
    # the 004 texts name some skills otherwise: the same event gives another line
    lines: dict[str, dict[str, str | None]] = {}
    for texts, d, got in stored:
        if d["kind"] == "skill":
            lines.setdefault(json.dumps(d, sort_keys=True), {})[texts] = got["zh"]
    assert any(len(set(by.values())) > 1 for by in lines.values() if len(by) == 2)


def test_every_kind_has_a_renderer_or_is_silent() -> None:
    assert not set(RENDERERS) & SILENT
    assert set(RENDERERS) | SILENT == set(ev.KINDS)


def test_silent_and_unknown_kinds_give_no_line() -> None:
    assert render_event({"kind": "turn_end", "seat": 1}) is None
    assert render_event({"kind": "phase", "seat": 1, "phase": "draw"}, "en") is None
    assert render_event({"kind": "no_such_kind", "seat": 1}) is None
    assert render_event({"kind": "locked", "seat": 1, "user": 0, "uid": 7}, "en") == "P1 is locked"


def test_a_kind_is_registered_once() -> None:
    with pytest.raises(ValueError, match="obtain"):
        line("obtain")(lambda e, lang, text_set: None)
    with pytest.raises(ValueError, match="phase"):
        line("phase")(lambda e, lang, text_set: None)
    assert "obtain" in RENDERERS and "phase" not in RENDERERS


if __name__ == "__main__":  # print the golden as text, one line per event and language
    for texts, d, lines in golden():
        for lang, text in lines.items():
            sys.stdout.write(f"{texts or '-'}\t{json.dumps(d, ensure_ascii=False)}\t{lang}\t{text}\n")
