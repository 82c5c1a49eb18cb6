"""Character ranks: each character's win rate in HeuristicBot self-play, the figure ``CharacterAI.rank`` holds.

    python bench/ranks.py [--edition qianzhi] [--games 3000] [--players 5] [--seed 0] [--json]

Every seat is a HeuristicBot, except that the character offered at setup is taken at random (a bot choosing by
rank would measure its own ranks); identities are dealt after the choice (S-SETUP-4), so the overall rate is what
counts. Prints, per character, the games it played, its wins and its win rate (%) with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import Counter
from typing import Any

from fengsheng.bots import HeuristicBot
from fengsheng.config import Config
from fengsheng.core.options import Decision, Option
from fengsheng.sim.runner import derive_seed, play_game


class RandomPick(HeuristicBot):
    """HeuristicBot whose character choice is random (seeded)."""

    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        if decision.kind == "choose_character":
            self.update(view, events)
            opts = [o for o in decision.options if o.kind == "choose"] or list(decision.options)
            pick = random.Random(derive_seed("pick", self.seat, len(events or ()), *(o.name for o in opts)))
            return pick.choice(opts)
        return super().choose(decision, view, events)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (100 * (c - h), 100 * (c + h))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--edition", default="qianzhi")
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    cfg = Config(edition=a.edition, players=a.players, characters=True, auto_pass=True)
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for i in range(a.games):
        g = play_game(cfg, derive_seed("ranks", a.seed, i), lambda s, b: RandomPick(s, b))
        assert g.result is not None
        winners = set(g.result["winners"])
        for s in g.seats:
            if s.character:
                played[s.character] += 1
                won[s.character] += s.index in winners
    rows = sorted(played, key=lambda c: -won[c] / played[c])
    if a.json:
        print(json.dumps({c: {"games": played[c], "wins": won[c], "rate": 100 * won[c] / played[c]} for c in rows}))
        return
    print(f"{a.games} games, edition {a.edition}, {a.players} players, HeuristicBot self-play, characters at random")
    for c in rows:
        lo, hi = wilson(won[c], played[c])
        print(f"  {c:34s} {played[c]:5d} games  {100 * won[c] / played[c]:5.1f}% [{lo:.1f}, {hi:.1f}]")


if __name__ == "__main__":
    main()
