"""Reading the output of ``fengsheng simulate --out DIR``: ``DIR/games.jsonl`` (one game a line) and
``DIR/summary.json`` (the simulate summary).

A line holds at least ``index`` (or ``game_index``), ``seed``, ``config`` (``Config.to_dict``), ``result``
(winners, reason, factions, turns, declarer, rule), ``identities`` (one per seat), ``characters`` (one per seat, or
null) and ``record`` (the replayable record of :meth:`fengsheng.game.Game.record`); ``decisions`` (a count) is used
when there is no record. A line with ``"ok": false``, an ``error`` or no result is a game that raised: it is
counted, not analysed.

The seat of the first player is not in the result: it is read from a ``first_player`` field if the line has one,
else found by replaying the record up to the ``first_player`` event (only the dealing and the character choices, a
few decisions).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fengsheng.config import VARIANTS
from fengsheng.core.options import quote
from fengsheng.errors import FengshengError

GAMES_FILE = "games.jsonl"
SUMMARY_FILE = "summary.json"


class ReportError(FengshengError):
    """A directory or file that cannot be read as simulation output."""


@dataclass(frozen=True)
class GameRow:
    """One finished game, as the report needs it."""

    index: int
    seed: int | None
    players: int
    with_characters: bool
    variants: tuple[str, ...]
    identities: tuple[str, ...]
    characters: tuple[str, ...] | None
    winners: frozenset[int]
    factions: tuple[str, ...]
    reason: str
    rule: str | None
    declarer: int | None
    turns: int
    decisions: int | None
    first_player: int | None
    edition: str = "standard"

    def position(self, seat: int) -> int | None:
        """1 for the first player, 2 for the next one in turn order, ...; None if the first player is unknown."""
        if self.first_player is None:
            return None
        return (seat - self.first_player) % self.players + 1


@dataclass
class Loaded:
    """What a simulation directory holds."""

    source: str
    games: list[GameRow]
    errors: int
    summary: dict[str, Any] | None


def games_path(path: str | Path) -> Path:
    """``DIR/games.jsonl`` for a directory; a file is taken as the games file itself."""
    p = Path(path)
    if p.is_dir():
        p = p / GAMES_FILE
    if not p.is_file():
        raise ReportError(f"no games file at {p} (expected the output of `fengsheng simulate --out DIR`)")
    return p


def iter_entries(path: str | Path) -> Iterator[dict[str, Any]]:
    """The JSON objects of a JSON-lines file (blank lines skipped). A line that is not UTF-8, not JSON or not an
    object raises :class:`ReportError` naming the file and line."""
    p = Path(path)
    with p.open("rb") as fh:
        for lineno, raw in enumerate(fh, 1):
            if not raw.strip():
                continue
            yield _entry(raw, f"{p}:{lineno}")


def _entry(raw: bytes, where: str) -> dict[str, Any]:
    try:
        obj = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ReportError(f"{where}: not UTF-8 (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ReportError(f"{where}: not JSON: {exc}") from None
    except (RecursionError, ValueError):  # nested too deep, an integer of thousands of digits
        raise ReportError(f"{where}: not a games.jsonl line") from None
    if not isinstance(obj, dict):
        raise ReportError(f"{where}: expected a JSON object, got {type(obj).__name__}")
    return obj


def first_player_of(entry: dict[str, Any]) -> int | None:
    """The first player's seat: the entry's ``first_player`` or ``record.first_player``, else by replaying the
    record up to the ``first_player`` event. None if it cannot be found (e.g. a scenario that starts mid-game)."""
    for src in (entry, entry.get("record") or {}):
        fp = src.get("first_player")
        if isinstance(fp, int):
            return fp
    rec = entry.get("record")
    if not isinstance(rec, dict):
        return None
    from fengsheng.config import Config
    from fengsheng.game import RECORD_VERSION, Game

    if rec.get("version") != RECORD_VERSION:
        return None
    try:
        if rec.get("scenario"):
            from fengsheng.scenario import Scenario

            g = Scenario.from_dict(rec["scenario"]).build()
        else:
            g = Game.new(Config.from_dict(rec["config"]), int(rec["seed"]))
        seen = 0
        decisions = rec.get("decisions") or []
        for i in range(len(decisions) + 1):
            for e in g.events[seen:]:
                if e.kind == "first_player":
                    seat = e["seat"]
                    return int(seat)
            seen = len(g.events)
            if i == len(decisions) or g.decision is None:
                return None
            seat, option = decisions[i]
            g.act(option, seat=seat)
    except (FengshengError, KeyError, TypeError, ValueError):
        return None
    return None


def _edition_of(entry: dict[str, Any]) -> str:
    """The edition a games.jsonl line names in its config (the standard edition if it names none)."""
    config = entry.get("config") or (entry.get("record") or {}).get("config") or {}
    ed = config.get("edition", "standard") if isinstance(config, dict) else "standard"
    return ed if isinstance(ed, str) else "standard"


def _variants(config: dict[str, Any]) -> tuple[str, ...]:
    return tuple(v for v in VARIANTS if config.get(v))


def parse_entry(entry: dict[str, Any], find_first_player: bool = True) -> GameRow:
    """A :class:`GameRow` from one line of ``games.jsonl`` (which must have a result)."""
    result = entry["result"]
    identities = tuple(str(i) for i in entry["identities"])
    config = entry.get("config") or (entry.get("record") or {}).get("config") or {}
    players = len(identities)
    chars = entry.get("characters")
    characters = tuple(str(c) for c in chars) if chars else None
    rec = entry.get("record")
    decisions = len(rec["decisions"]) if isinstance(rec, dict) and "decisions" in rec else entry.get("decisions")
    declarer = result.get("declarer")
    return GameRow(
        index=int(entry.get("index", entry.get("game_index", -1))),
        seed=entry.get("seed"),
        players=players,
        with_characters=bool(config.get("characters", characters is not None)),
        variants=_variants(config),
        identities=identities,
        characters=characters,
        winners=frozenset(int(w) for w in result["winners"]),
        factions=tuple(result.get("factions") or sorted({identities[w] for w in result["winners"]})),
        reason=str(result["reason"]),
        rule=result.get("rule"),
        declarer=int(declarer) if declarer is not None else None,
        turns=int(result.get("turns", 0)),
        decisions=int(decisions) if decisions is not None else None,
        first_player=first_player_of(entry) if find_first_player else None,
        edition=str(config.get("edition", "standard")),
    )


def load(path: str | Path, find_first_player: bool = True, edition: str | None = None) -> Loaded:
    """Read a simulation directory (or a games file). Games that raised are counted in ``errors``. With ``edition``,
    only that edition's games count (its errors too)."""
    gp = games_path(path)
    games: list[GameRow] = []
    errors = 0
    for lineno, entry in enumerate(iter_entries(gp), 1):
        if edition is not None and _edition_of(entry) != edition:
            continue
        if entry.get("ok") is False or entry.get("error") is not None:
            errors += 1
            continue
        if not isinstance(entry.get("result"), dict):  # e.g. {"a": 1}: not a line simulate writes
            raise ReportError(f"{gp}:{lineno}: not a game line (no 'result' object, no 'error')")
        try:
            games.append(parse_entry(entry, find_first_player))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise ReportError(f"{gp}:{lineno}: not a game record ({type(exc).__name__}: {quote(str(exc))})") from None
    summary: dict[str, Any] | None = None
    sp = gp.parent / SUMMARY_FILE
    if sp.is_file():
        data = _entry(sp.read_bytes(), str(sp))
        summary = data if isinstance(data, dict) else None
    source = str(Path(path))
    return Loaded(source=source, games=games, errors=errors, summary=summary)
