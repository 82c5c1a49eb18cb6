"""Random-play fuzz of the engine: many games with uniformly random legal answers, invariants checked throughout.

    python scripts/fuzz.py [--games 10000] [--seed 0] [--json] [--characters] [--texts 000|004]
                           [--edition standard|qianzhi]

Every legal configuration is played: 3 to 9 players, the optional identity row where it exists (4, 6, 7 players),
醬油同盟 only with 2/2/2 or 3/3/3 (6 or 9 players), four-card victory, auto-pass on and off. After every decision
``fengsheng.invariants.check`` runs (each card of the edition, 81 or 108, in exactly one zone, counts consistent, game not stuck),
and the pending decision is checked to be one decision of a seat with a finite, duplicate-free option list. A game
that raises is counted (never dropped) and a game that does not end within ``MAX_DECISIONS`` is counted as stuck.

With ``--characters`` every game is played with character cards (S-SETUP-1/2): each configuration twice, with the
``base`` pool (the 18 of the 2010 rulebook) and the ``all`` pool (plus the supplement), the characters dealt and
chosen at random like every other decision (:func:`character_configs`). ``--texts`` picks the character text set
(the standard edition's ``000``, the default, or ``004``) and implies ``--characters``.

``--edition qianzhi`` plays 千智风声 (3 to 8 players, its optional rows for 4 and 6, no variants; characters off until
its characters exist).

The module is also imported by ``tests/contract/test_fuzz.py`` and ``tests/contract/test_fuzz_characters.py`` (smaller
counts) and by other contract tests for :func:`all_configs` / :func:`character_configs`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

from fengsheng.config import CHARACTER_POOLS, Config
from fengsheng.editions import EDITIONS, get_edition
from fengsheng.game import Game
from fengsheng.invariants import check
from fengsheng.sim.runner import derive_seed

MAX_DECISIONS = 100_000  # a random game needs a few hundred; far more means the game is stuck


def all_configs(edition: str = "standard", characters: bool = False) -> list[Config]:
    """Every legal configuration of ``edition`` without characters (48 of the standard edition's; 20 of 千智风声's:
    16 of its free mode, 4 of its other modes); ``characters``: with them, which adds the modes that need them (千智风声's
    mission mode: 22)."""
    ed = get_edition(edition)
    lo, hi = ed.players
    out: list[Config] = []
    for players in range(lo, hi + 1):
        for optional in (False, True):
            if optional and players not in ed.optional_distribution:
                continue
            ug, mi, by = ed.identity_counts(players, optional)
            for alliance in (False, True):
                if alliance and (not (ug == mi == by >= 2) or "bystander_alliance" not in ed.variants):
                    continue  # 2/2/2 or 3/3/3 (S-VAR-1, A-77)
                for four in (False, True):
                    if four and "four_card_victory" not in ed.variants:
                        continue
                    for auto_pass in (False, True):
                        out.append(
                            Config(
                                edition=edition,
                                players=players,
                                optional_distribution=optional,
                                bystander_alliance=alliance,
                                four_card_victory=four,
                                auto_pass=auto_pass,
                            )
                        )
    for mode in list(ed.modes)[1:]:  # the default mode is the loop above
        if ed.modes[mode].missions and not characters:
            continue  # the mission mode (Q-MODE-3) is played with characters only
        for players in ed.modes[mode].distribution or range(lo, hi + 1):
            for auto_pass in (False, True):
                out.append(
                    Config(edition=edition, players=players, mode=mode, auto_pass=auto_pass, characters=characters)
                )
    return out


def character_configs(texts: str = "", edition: str = "standard") -> list[Config]:
    """Every legal configuration of ``edition`` with character cards, once per pool whose characters differ (the
    standard edition: ``base``, ``all``, 96 configurations; 千智风声 has one pool, 22 with its modes). ``texts``: the character
    text set (``""`` = the edition's default)."""
    ed = get_edition(edition)
    pools = [p for i, p in enumerate(CHARACTER_POOLS) if i == 0 or ed.pool(p) != ed.pool(CHARACTER_POOLS[0])]
    return [
        Config.from_dict({**c.to_dict(), "characters": True, "character_pool": pool, "character_texts": texts})
        for pool in pools
        for c in all_configs(edition, characters=True)
    ]


def config_label(c: Config) -> str:
    parts = [f"{c.players}p", *c.variants]
    if c.mode:
        parts.append(f"mode:{c.mode}")
    if c.auto_pass:
        parts.append("auto_pass")
    if c.characters:
        parts.append(f"characters:{c.character_pool}")
        if c.character_texts != c.edition_rules.default_texts:
            parts.append(f"texts:{c.character_texts}")
    return "+".join(parts)


def check_decision(g: Game) -> None:
    """The pending decision (if any) is one decision of one seat with a finite, non-empty, duplicate-free list."""
    d = g.decision
    if d is None:
        assert g.result is not None, "no decision and no result"
        return
    assert g.result is None, "a decision is pending after the end"
    assert isinstance(d.seat, int) and 0 <= d.seat < g.n, f"bad seat {d.seat}"
    assert isinstance(d.kind, str) and d.kind, f"bad kind {d.kind!r}"
    assert isinstance(d.options, tuple) and d.options, "no options"
    assert len(set(d.options)) == len(d.options), f"duplicate options in {d}"


def play_one(
    config: Config,
    seed: int,
    choice_seed: int | None = None,
    invariants: bool = True,
    hook: Callable[[Game], None] | None = None,
) -> Game:
    """Play one game with uniformly random legal answers; check invariants after every decision."""
    rng = random.Random(seed if choice_seed is None else choice_seed)
    g = Game.new(config, seed)
    if invariants:
        check(g)
        check_decision(g)
    n = 0
    while g.decision is not None:
        g.step(rng.randrange(len(g.decision.options)))
        n += 1
        if invariants:
            check(g)
            check_decision(g)
        if hook is not None:
            hook(g)
        if n >= MAX_DECISIONS:
            raise RuntimeError(f"game did not end after {n} decisions")
    return g


def fuzz(games: int, seed: int = 0, invariants: bool = True, configs: list[Config] | None = None) -> dict[str, Any]:
    """Play ``games`` random games over ``configs`` (default: all) and return a summary dict."""
    configs = configs or all_configs()
    pick = random.Random(derive_seed("fuzz-configs", seed))
    reasons: Counter[str] = Counter()
    by_players: Counter[int] = Counter()
    by_config: Counter[str] = Counter()
    failures: list[dict[str, Any]] = []
    exceptions = 0
    decisions = 0
    turns = 0
    max_decisions = 0
    max_game: dict[str, Any] = {}
    t0 = time.perf_counter()
    for i in range(games):
        config = configs[i % len(configs)] if i < len(configs) else pick.choice(configs)
        gseed = derive_seed(seed, i)
        by_players[config.players] += 1
        by_config[config_label(config)] += 1
        try:
            g = play_one(config, gseed, invariants=invariants)
        except Exception as exc:  # counted and reported, never dropped
            exceptions += 1
            if len(failures) < 20:
                failures.append(
                    {
                        "game": i,
                        "config": config.to_dict(),
                        "seed": gseed,
                        "error": repr(exc),
                        "traceback": traceback.format_exc(),
                    }
                )
            continue
        assert g.result is not None
        n = len(g.history)
        decisions += n
        turns += g.turn
        reasons[g.result["reason"]] += 1
        if n > max_decisions:
            max_decisions = n
            max_game = {"game": i, "config": config_label(config), "seed": gseed, "turns": g.turn}
    seconds = time.perf_counter() - t0
    ended = games - exceptions
    return {
        "games": games,
        "seed": seed,
        "exceptions": exceptions,
        "ended": ended,
        "invariants_checked": invariants,
        "decisions": decisions,
        "mean_decisions": round(decisions / ended, 1) if ended else 0.0,
        "mean_turns": round(turns / ended, 2) if ended else 0.0,
        "max_decisions": max_decisions,
        "max_decisions_game": max_game,
        "seconds": round(seconds, 2),
        "games_per_s": round(games / seconds, 1) if seconds > 0 else None,
        "end_reasons": dict(sorted(reasons.items())),
        "games_by_players": {str(k): v for k, v in sorted(by_players.items())},
        "configs": len(configs),
        "games_by_config": dict(sorted(by_config.items())),
        "failures": failures,
    }


def format_summary(s: dict[str, Any]) -> str:
    lines = [
        f"games {s['games']}  exceptions {s['exceptions']}  ended {s['ended']}  "
        f"(seed {s['seed']}, {s['configs']} configs, invariants {'on' if s['invariants_checked'] else 'off'})",
        f"decisions {s['decisions']}  (mean {s['mean_decisions']} per game, mean turns {s['mean_turns']})",
        f"max decisions in a game {s['max_decisions']}  {s['max_decisions_game']}",
        f"seconds {s['seconds']}  ({s['games_per_s']} games/s)",
        f"end reasons {s['end_reasons']}",
        f"games by players {s['games_by_players']}",
    ]
    for f in s["failures"]:
        lines.append(f"FAILURE game {f['game']} seed {f['seed']} {f['config']}: {f['error']}")
        lines.append(f["traceback"])
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-invariants", dest="invariants", action="store_false", help="skip invariants.check")
    ap.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    ap.add_argument(
        "--characters", action="store_true", help="play with character cards (both pools, random deal and choice)"
    )
    ap.add_argument(
        "--texts",
        choices=sorted({t for e in EDITIONS for t in get_edition(e).text_sets}),
        default=None,
        help="the character text set (default: the edition's first, 000); implies --characters",
    )
    ap.add_argument("--edition", choices=EDITIONS, default="standard", help="the edition played (default standard)")
    args = ap.parse_args(argv)
    if args.texts and args.texts not in get_edition(args.edition).text_sets:
        print(f"fuzz: the {args.edition} edition has no character text set {args.texts}", file=sys.stderr)
        return 2
    if args.characters or args.texts:
        configs = character_configs(args.texts or "", args.edition)
    else:
        configs = all_configs(args.edition)
    summary = fuzz(args.games, args.seed, invariants=args.invariants, configs=configs)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, sort_keys=True))
    else:
        print(format_summary(summary))
    return 1 if summary["exceptions"] else 0


if __name__ == "__main__":
    sys.exit(main())
