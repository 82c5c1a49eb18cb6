"""The HeuristicBot regression set: games with fixed seeds whose results, decisions and event-log digests are
recorded in ``golden_games.json``. A change to the bot that is meant to play the same must reproduce them exactly.

    python tests/bots/golden_games.py --write   # record the figures (from the code being the reference)
    python tests/bots/golden_games.py           # compare with the recorded figures
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from fengsheng.bots import HeuristicBot, RandomBot
from fengsheng.bots.base import Bot
from fengsheng.config import Config
from fengsheng.core.cards import MILITARY_INTEL, UNDERGROUND
from fengsheng.sim.runner import derive_seed, play_game

PATH = Path(__file__).with_name("golden_games.json")
GAMES = 120


def _heuristic(seat: int, seed: int) -> Bot:
    b = HeuristicBot(seat, seed)
    b.strict = True  # a policy error must show, not hide behind the fallback
    return b


def _random(seat: int, seed: int) -> Bot:
    return RandomBot(seat, seed)


def setting(i: int) -> tuple[Config, int, str]:
    """Game ``i``: 3 to 9 players, characters (all 24) mostly on, auto-pass on or off; every third game the
    benchmark's design (one faction's seats HeuristicBots, the others RandomBots), else HeuristicBots everywhere."""
    players = 3 + i % 7
    config = Config(players=players, characters=i % 5 != 4, character_pool="all", auto_pass=i % 4 != 3)
    mode = ("all", "underground", "military_intel")[i % 3]
    return config, derive_seed("golden-heuristic", i), mode


def play(i: int) -> dict[str, Any]:
    config, seed, mode = setting(i)
    if mode == "all":
        g = play_game(config, seed, _heuristic)
    else:
        faction = UNDERGROUND if mode == "underground" else MILITARY_INTEL
        g = play_game(config, seed, _random, faction_factories={faction: _heuristic})
    assert g.result is not None
    history = hashlib.sha256("\n".join(f"{s} {o}" for s, o in g.history).encode()).hexdigest()[:16]
    return {
        "game": i,
        "mode": mode,
        "players": config.players,
        "winners": sorted(g.result["winners"]),
        "reason": g.result["reason"],
        "decisions": len(g.history),
        "history": history,
        "digest": g.digest(),
    }


def run(games: int = GAMES) -> list[dict[str, Any]]:
    return [play(i) for i in range(games)]


def main(argv: list[str]) -> int:
    rows = run()
    if "--write" in argv:
        PATH.write_text("[\n" + ",\n".join(json.dumps(r, sort_keys=True) for r in rows) + "\n]\n")
        print(f"wrote {len(rows)} games to {PATH}")
        return 0
    want = json.loads(PATH.read_text())
    bad = [(w, r) for w, r in zip(want, rows, strict=True) if w != r]
    for w, r in bad:
        print(f"game {w['game']}: recorded {w}\n        now {r}")
    print(f"{len(rows) - len(bad)}/{len(rows)} games as recorded")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
