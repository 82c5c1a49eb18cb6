"""HeuristicBot plays the recorded games exactly (``golden_games.py``: results, decisions, event-log digests).

The figures were recorded from the bot before it was split into modules; a change meant to keep its play must keep
them. A change that alters the play on purpose records them again (``python tests/bots/golden_games.py --write``)
and says why in its commit.
"""

from __future__ import annotations

import json

from tests.bots.golden_games import PATH, run


def test_heuristic_games_are_as_recorded() -> None:
    want = json.loads(PATH.read_text())
    got = run(len(want))
    assert [g["game"] for g in got] == [w["game"] for w in want]
    diff = [(w, g) for w, g in zip(want, got, strict=True) if w != g]
    assert not diff, f"{len(diff)} of {len(want)} games differ; first: {diff[0]}"
