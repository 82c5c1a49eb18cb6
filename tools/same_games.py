"""Behaviour check for engine speed work: play many random games and hash everything observable.

    python tools/same_games.py [--games N] [--out FILE] [--compare FILE]

Plays ``--games`` games (default 1,600) with :class:`~fengsheng.bots.random_bot.RandomBot` (one per seat, seeded
from the game's seed), cycling through 3..9 players, characters off and on, character texts ``"000"`` and
``"004"``, auto-pass off and on. For every decision it hashes the seat, kind, context, privacy flag and the option
list in order (as strings); every fifth decision and at the end it hashes every seat's (and a spectator's) view;
at the end every seat's (and a spectator's) event stream and the record. It prints, and with ``--out`` writes, one
digest per configuration group plus an overall digest; ``--compare FILE`` checks against a digest file written
before a change and exits 1 on any difference (naming the first game that differs, so it can be replayed); a
quick check with fewer ``--games`` compares the file's first games.

The engine must be deterministic for this to mean anything: run it with the same ``PYTHONHASHSEED`` before and
after (the script re-executes itself with ``PYTHONHASHSEED=0`` if it is unset).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from fengsheng.bots.random_bot import RandomBot
from fengsheng.config import Config
from fengsheng.game import Game

VIEW_EVERY = 5  # hash all views every this many decisions (views are the costly part of the check)


def configs() -> list[tuple[str, Config]]:
    """Every configuration combination the check cycles through (name, config)."""
    out: list[tuple[str, Config]] = []
    for players in range(3, 10):
        for characters in (False, True):
            for texts in ("000", "004") if characters else ("000",):
                for auto_pass in (False, True):
                    name = f"p{players}-c{int(characters)}-t{texts}-a{int(auto_pass)}"
                    cfg = Config(players=players, characters=characters, character_texts=texts, auto_pass=auto_pass)
                    out.append((name, cfg))
    return out


def _dump(x: Any) -> bytes:
    return json.dumps(x, sort_keys=True, ensure_ascii=False, default=str).encode()


def play(config: Config, seed: int) -> str:
    """Play one random game; return the hex digest of everything observable in it."""
    h = hashlib.sha256()
    g = Game.new(config, seed)
    bots = [RandomBot(s, seed * 31 + s) for s in range(config.players)]
    seats: list[int | None] = [*range(config.players), None]
    k = 0
    while True:
        d = g.decision
        if d is None:
            break
        h.update(_dump([d.seat, d.kind, d.context, d.private, [str(o) for o in d.options]]))
        if k % VIEW_EVERY == 0:
            for s in seats:
                h.update(_dump(g.view(s)))
        g.act(bots[d.seat].choose(d))
        k += 1
    for s in seats:
        h.update(_dump(g.view(s)))
        h.update(_dump(g.events_for(s)))
    h.update(_dump(g.record()))
    return h.hexdigest()


def run(games: int) -> dict[str, Any]:
    """Play ``games`` games over the configurations; per-group digests, per-game digests and the overall one."""
    cfgs = configs()
    groups: dict[str, hashlib._Hash] = {}
    per_game: list[str] = []
    total = hashlib.sha256()
    for i in range(games):
        name, cfg = cfgs[i % len(cfgs)]
        dg = play(cfg, 1000 + i)
        per_game.append(f"{name} seed={1000 + i} {dg}")
        groups.setdefault(name, hashlib.sha256()).update(dg.encode())
        total.update(dg.encode())
    return {
        "games": games,
        "digest": total.hexdigest(),
        "groups": {k: v.hexdigest() for k, v in sorted(groups.items())},
        "per_game": per_game,
    }


def main() -> int:
    if os.environ.get("PYTHONHASHSEED") is None:
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable, *sys.argv])
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1600)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", type=Path)
    a = ap.parse_args()
    res = run(a.games)
    print(f"{res['games']} games, digest {res['digest']}")
    if a.out:
        a.out.write_text(json.dumps(res, indent=1) + "\n")
    if a.compare:
        ref = json.loads(a.compare.read_text())
        if ref["games"] < res["games"]:
            print(f"{a.compare} has only {ref['games']} games")
            return 1
        for old, new in zip(ref["per_game"], res["per_game"], strict=False):
            if old != new:
                print(f"first difference: {old} -> {new.rsplit(' ', 1)[1]}")
                return 1
        part = "" if ref["games"] == res["games"] else f" (its first {res['games']} games)"
        print(f"identical to {a.compare}{part}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
