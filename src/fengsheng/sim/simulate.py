"""``fengsheng simulate``: many games between bots, with a summary (see the README and docs/engine.md).

Each game's seed derives from the run seed and the game index, so the same arguments give the same summary. A game
that raises is counted in ``errors`` and saved as a replayable record (config, seed, decisions so far, the error).
"""

from __future__ import annotations

import json
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

from fengsheng.bots import BOTS
from fengsheng.config import Config
from fengsheng.core.cards import BYSTANDER, MILITARY_INTEL, UNDERGROUND
from fengsheng.game import RECORD_VERSION
from fengsheng.record import save
from fengsheng.sim.runner import derive_seed, play_game

FACTIONS = (UNDERGROUND, MILITARY_INTEL, BYSTANDER)


def simulate(
    config: Config,
    games: int,
    seed: int,
    bot: str = "random",
    failures_dir: str | Path = "failures",
) -> dict[str, Any]:
    """Play ``games`` games and return the summary dict."""
    bot_cls = BOTS[bot]
    wins: Counter[str] = Counter()
    char_wins: Counter[str] = Counter()
    char_games: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    errors = 0
    failures: list[str] = []
    turns = 0
    decisions = 0
    finished = 0
    t0 = time.perf_counter()
    for i in range(games):
        gseed = derive_seed(seed, i)
        state: dict[str, Any] = {}

        def track(g: Any, state: dict[str, Any] = state) -> None:
            state["game"] = g

        try:
            g = play_game(config, gseed, lambda s, bs: bot_cls(s, bs), on_start=track)
        except Exception as exc:  # a bug: never dropped silently
            errors += 1
            # the record holds every answer given, the failing one included, so replaying it reaches the failure;
            # a game that failed while being dealt is replayed from its config and seed alone
            rec: dict[str, Any] = {
                "version": RECORD_VERSION,
                "config": config.to_dict(),
                "seed": gseed,
                "scenario": None,
                "decisions": [],
                "result": None,
                "digest": None,
            }
            if "game" in state:
                rec = state["game"].record()
            rec["error"] = repr(exc)
            rec["traceback"] = traceback.format_exc()
            rec["game_index"] = i
            path = save(rec, Path(failures_dir) / f"failure-{seed}-{i}.json")
            failures.append(str(path))
            continue
        finished += 1
        assert g.result is not None
        for f in g.result["factions"]:
            wins[f] += 1
        winners = set(g.result["winners"])
        for seat in g.seats:
            if seat.character is not None:
                char_games[seat.character] += 1
                if seat.index in winners:
                    char_wins[seat.character] += 1
        reasons[g.result["reason"]] += 1
        turns += g.turn
        decisions += len(g.history)
    seconds = time.perf_counter() - t0
    return {
        "games": games,
        "errors": errors,
        "failures": failures,
        "players": config.players,
        "seed": seed,
        "variants": list(config.variants),
        "characters": config.characters,
        "character_pool": config.character_pool if config.characters else None,
        "bots": bot,
        "wins_by_faction": {f: wins[f] for f in FACTIONS},
        "wins_by_character": {c: {"wins": char_wins[c], "games": char_games[c]} for c in sorted(char_games)},
        "end_reasons": dict(sorted(reasons.items())),
        "mean_turns": round(turns / finished, 3) if finished else 0.0,
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 1) if seconds > 0 else None,
    }


def format_summary(s: dict[str, Any], lang: str = "zh") -> str:
    """A human-readable summary."""
    g = s["games"] or 1
    lines = []
    w = s["wins_by_faction"]
    if lang == "zh":
        lines.append(
            f"{s['games']} 局，{s['players']} 人，种子 {s['seed']}，变体 {s['variants'] or '无'}，错误 {s['errors']}"
        )
        lines.append(
            f"胜局：潜伏战线 {w['underground']} ({w['underground'] / g:.1%})  军情局 {w['military_intel']} "
            f"({w['military_intel'] / g:.1%})  打酱油的 {w['bystander']} ({w['bystander'] / g:.1%})"
        )
        lines.append(f"结束原因：{s['end_reasons']}")
        lines.append(f"平均回合 {s['mean_turns']}，决策 {s['decisions']}，用时 {s['seconds']} 秒")
    else:
        lines.append(
            f"{s['games']} games, {s['players']} players, seed {s['seed']}, variants {s['variants'] or 'none'}, "
            f"errors {s['errors']}"
        )
        lines.append(
            f"Wins: underground {w['underground']} ({w['underground'] / g:.1%})  military_intel "
            f"{w['military_intel']} ({w['military_intel'] / g:.1%})  bystander {w['bystander']} "
            f"({w['bystander'] / g:.1%})"
        )
        lines.append(f"End reasons: {s['end_reasons']}")
        lines.append(f"Mean turns {s['mean_turns']}, decisions {s['decisions']}, {s['seconds']} s")
    wbc = s.get("wins_by_character") or {}
    if wbc:
        ranked = sorted(wbc.items(), key=lambda kv: -kv[1]["wins"] / max(1, kv[1]["games"]))
        from fengsheng.characters import CHARACTERS

        parts = [f"{CHARACTERS[c].name(lang) if c in CHARACTERS else c} {v['wins']}/{v['games']}" for c, v in ranked]
        lines.append(("角色胜局：" if lang == "zh" else "Wins by character: ") + ", ".join(parts))
    for f in s["failures"]:
        lines.append(("失败记录：" if lang == "zh" else "Failure record: ") + f)
    return "\n".join(lines)


def dumps(summary: dict[str, Any]) -> str:
    return json.dumps(summary, ensure_ascii=False, sort_keys=True)
