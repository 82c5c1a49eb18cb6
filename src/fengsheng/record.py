"""Records and replays: config + seed (or scenario) + the answered decisions reproduce a game exactly.

A record is a JSON-able dict (see :meth:`fengsheng.game.Game.record`): ``version``, ``config``, ``seed``,
``scenario`` (or null), ``decisions`` as ``[seat, option]`` pairs, the ``result`` and a ``digest`` of the full
event log. :func:`replay` re-runs it; :func:`verify` also checks that the result and the digest are the same.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fengsheng.config import Config
from fengsheng.core.options import parse_option, quote
from fengsheng.errors import ConfigError, IllegalAction, RecordError, ReplayError, ScenarioError
from fengsheng.game import RECORD_VERSION, Game

MAX_RECORD_BYTES = 32 * 1024 * 1024  # a long 9-player game with characters is well under 1 MB
MAX_DECISIONS = 200_000  # far more than any game has (a few thousand at most)
MAX_DEPTH = 16  # a record nests 5 levels deep (record, scenario, hands, seat, card)
MAX_SEED = 2**256  # a server table's seed is 129 bits (docs/server.md, "The seed"); the CLI's are small
RECORD_KEYS = ("version", "edition", "config", "seed", "scenario", "decisions", "result", "digest")
# failure records (``simulate``) and games.jsonl lines may carry more: ``error``, ``traceback``, ``game_index``,
# ``first_player`` … they are not used to replay, so they are allowed and ignored.


def check_record(record: object) -> dict[str, Any]:
    """Check a record's shape before replaying it: :class:`RecordError` (one line) if it is not well formed.

    The checks are those of a server that reads records from strangers: a JSON object; ``version`` this engine's;
    ``config`` a config object (:meth:`Config.from_dict`, strict) or a ``scenario`` object
    (:meth:`Scenario.from_dict`, strict keys and types, checked again by ``build``); ``seed`` an integer in range;
    ``decisions`` a list of at most ``MAX_DECISIONS`` ``[seat, "option"]`` pairs (a seat of the game, an option in
    the strict notation); ``result`` null or an object; ``digest`` null or a string; nesting at most ``MAX_DEPTH``.
    """
    if not isinstance(record, dict):
        raise RecordError(f"a record must be a JSON object, not {type(record).__name__}")
    if not _shallow(record, MAX_DEPTH):
        raise RecordError(f"the record nests deeper than {MAX_DEPTH} levels")
    version = record.get("version")
    if type(version) is not int or version != RECORD_VERSION:
        raise RecordError(f"record version {quote(version)}; this engine reads version {RECORD_VERSION}")
    for key in ("config", "seed", "decisions"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    seed = record["seed"]
    if type(seed) is not int or not -MAX_SEED < seed < MAX_SEED:
        raise RecordError(f"seed must be an integer of at most 256 bits, not {quote(seed)}")
    try:
        config = Config.from_dict(record["config"])
    except ConfigError as exc:
        raise RecordError(f"bad config: {exc}") from None
    scenario = record.get("scenario")
    if scenario is not None and not isinstance(scenario, dict):
        raise RecordError(f"scenario must be null or an object, not {type(scenario).__name__}")
    if scenario:
        players = scenario.get("players", 5)
        if type(players) is not int:
            raise RecordError(f"scenario players must be an integer, not {quote(players)}")
    else:
        players = config.players
    decisions = record["decisions"]
    if not isinstance(decisions, list):
        raise RecordError(f"decisions must be a list, not {type(decisions).__name__}")
    if len(decisions) > MAX_DECISIONS:
        raise RecordError(f"{len(decisions)} decisions: more than {MAX_DECISIONS}")
    for i, pair in enumerate(decisions):
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise RecordError(f"decision {i} must be a [seat, option] pair, not {quote(pair)}")
        seat, option = pair
        if type(seat) is not int or not 0 <= seat < players:
            raise RecordError(f"decision {i}: {quote(seat)} is not a seat of a {players}-player game")
        if not isinstance(option, str):
            raise RecordError(f"decision {i}: the option must be a string, not {quote(option)}")
        try:
            parse_option(option)
        except IllegalAction as exc:
            raise RecordError(f"decision {i}: {exc}") from None
    result = record.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError(f"result must be null or an object, not {quote(result)}")
    digest = record.get("digest")
    if digest is not None and not (isinstance(digest, str) and len(digest) <= 128):
        raise RecordError(f"digest must be null or a short string, not {quote(digest)}")
    edition = record.get("edition")
    if edition is not None and edition != config.edition:
        raise RecordError(f"edition {quote(edition)} differs from the config's {config.edition!r}")
    return record


def _shallow(obj: object, limit: int) -> bool:
    """True if ``obj`` nests at most ``limit`` levels of lists and dicts (iteratively: no recursion to exhaust)."""
    todo: list[tuple[object, int]] = [(obj, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list | tuple):
            if depth > limit:
                return False
            values = item.values() if isinstance(item, dict) else item
            todo.extend((v, depth + 1) for v in values if isinstance(v, dict | list | tuple))
    return True


def replay(record: dict[str, Any]) -> Game:
    """Re-run a record and return the game in its final (or last recorded) state.

    Raises :class:`RecordError` if the record is not well formed (:func:`check_record`) or its scenario cannot be
    built, and :class:`ReplayError` if a decision does not apply."""
    check_record(record)
    try:
        if record.get("scenario"):
            from fengsheng.scenario import Scenario

            g = Scenario.from_dict(record["scenario"]).build()
        else:
            g = Game.new(Config.from_dict(record["config"]), record["seed"])
    except (ConfigError, ScenarioError) as exc:
        raise RecordError(f"bad scenario: {exc}") from None
    for i, (seat, option) in enumerate(record["decisions"]):
        try:
            g.act(option, seat=seat)
        except IllegalAction as exc:
            raise ReplayError(f"decision {i} ({seat}: {quote(option)}) does not apply: {exc}") from None
    return g


def verify(record: dict[str, Any]) -> Game:
    """Replay and check the result and the event-log digest. Raises :class:`ReplayError` on any difference."""
    g = replay(record)
    if record.get("result") != g.result:
        raise ReplayError(f"result differs: recorded {record.get('result')}, replayed {g.result}")
    if record.get("digest") and record["digest"] != g.digest():
        raise ReplayError("the replayed event log differs from the recorded one")
    return g


def save(record: dict[str, Any], path: str | Path) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    return p


def load(path: str | Path) -> dict[str, Any]:
    """Read a record file. :class:`RecordError` (one line) if it cannot be read as a record's JSON object: larger
    than ``MAX_RECORD_BYTES``, not UTF-8, not JSON, nested too deep, or not an object. (The shape is checked by
    :func:`replay`; an ``OSError`` such as a missing file is left to the caller.)"""
    return loads(read_bytes(Path(path)), str(path))


def read_bytes(p: Path) -> bytes:
    """The bytes of ``p``, or :class:`RecordError` if it is larger than ``MAX_RECORD_BYTES`` (read no further)."""
    with p.open("rb") as fh:
        data = fh.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{p}: larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB")
    return data


def loads(data: bytes | str, source: str = "record") -> dict[str, Any]:
    """Parse one record's JSON text (see :func:`load`)."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        obj = json.loads(text)
    except UnicodeDecodeError as exc:
        raise RecordError(f"{source}: not UTF-8 (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source}: not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    except RecursionError:
        raise RecordError(f"{source}: nested too deep") from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise RecordError(f"{source}: not a record ({quote(str(exc))})") from None
    if not isinstance(obj, dict):
        raise RecordError(f"{source}: a record must be a JSON object, not {type(obj).__name__}")
    return obj
