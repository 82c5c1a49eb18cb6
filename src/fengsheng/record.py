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
from fengsheng.errors import IllegalAction, ReplayError
from fengsheng.game import RECORD_VERSION, Game


def replay(record: dict[str, Any]) -> Game:
    """Re-run a record and return the game in its final (or last recorded) state."""
    if record.get("version") != RECORD_VERSION:
        raise ReplayError(f"record version {record.get('version')!r}; this engine reads version {RECORD_VERSION}")
    if record.get("scenario"):
        from fengsheng.scenario import Scenario

        g = Scenario.from_dict(record["scenario"]).build()
    else:
        g = Game.new(Config.from_dict(record["config"]), int(record["seed"]))
    for i, (seat, option) in enumerate(record["decisions"]):
        try:
            g.act(option, seat=seat)
        except IllegalAction as exc:
            raise ReplayError(f"decision {i} ({seat}: {option}) does not apply: {exc}") from None
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
    data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    return data
