"""``fengsheng simulate``: many games between bots, on one process, many processes, or a Ray cluster.

Each game's seed derives from the run seed and the game index (``derive_seed(seed, index)``), and outcomes are
gathered in index order, so the same arguments give the same summary (apart from times) whatever the number of
workers or the backend. A game that raises is counted in ``errors`` and saved as a replayable record (config, seed,
the answers given, the error); it is never silently dropped.

``--out DIR`` writes ``DIR/games.jsonl`` (one line per game: index, seed, config, result, identities, characters,
turns, decisions and the replayable record) and ``DIR/summary.json``; ``fengsheng report DIR`` reads them.
"""

from __future__ import annotations

import json
import logging
import os
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from fengsheng.bots import BOTS
from fengsheng.config import Config
from fengsheng.core.cards import BYSTANDER, MILITARY_INTEL, UNDERGROUND
from fengsheng.errors import ConfigError
from fengsheng.game import RECORD_VERSION, Game
from fengsheng.record import save
from fengsheng.sim.runner import BotFactory, derive_seed, play_game

FACTIONS = (UNDERGROUND, MILITARY_INTEL, BYSTANDER)
BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play game number ``index`` of a run (plain data: it crosses processes)."""

    config: dict[str, Any]
    seed: int
    bots: str = "random"
    faction_bots: dict[str, str] = field(default_factory=dict)
    failures_dir: str = "failures"
    keep_records: bool = False
    bot_options: dict[str, Any] = field(default_factory=dict)


def check_bots(bots: str, faction_bots: dict[str, str], edition: str = "standard") -> None:
    for name in (bots, *faction_bots.values()):
        if name not in BOTS:
            raise ConfigError(f"unknown bot {name!r}; bots are {', '.join(sorted(BOTS))}")
        known = BOTS[name].editions
        if known is not None and edition not in known:
            raise ConfigError(f"the {name} bot does not know the {edition} edition yet; use --bots random")
    for faction in faction_bots:
        if faction not in FACTIONS:
            raise ConfigError(f"unknown faction {faction!r}; factions are {', '.join(FACTIONS)}")


def bot_kwargs(name: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """The options (``--bot-iterations``, ``--bot-budget-ms``) that the bot ``name`` takes (``Bot.options``); the
    others are not for it (a HeuristicBot opponent of a SearchBot has no budget)."""
    accepted = getattr(BOTS[name], "options", ())
    return {k: v for k, v in (options or {}).items() if k in accepted and v is not None}


def _factory(name: str, options: dict[str, Any] | None = None) -> BotFactory:
    cls = BOTS[name]
    kwargs = bot_kwargs(name, options)
    return lambda seat, seed: cls(seat, seed, **kwargs)


def play_one(job: Job, index: int) -> dict[str, Any]:
    """Play game ``index`` of the run; return its outcome (a small JSON-able dict). Never raises for a game bug."""
    config = Config.from_dict(job.config)
    gseed = derive_seed(job.seed, index)
    state: dict[str, Game] = {}

    def track(g: Game) -> None:
        state["game"] = g

    try:
        g = play_game(
            config,
            gseed,
            _factory(job.bots, job.bot_options),
            on_start=track,
            faction_factories={f: _factory(b, job.bot_options) for f, b in job.faction_bots.items()},
        )
    except Exception as exc:  # a bug: counted and saved, never dropped
        rec: dict[str, Any] = {
            "version": RECORD_VERSION,
            "config": job.config,
            "seed": gseed,
            "scenario": None,
            "decisions": [],
            "result": None,
            "digest": None,
        }
        if "game" in state:
            rec = state["game"].record()
        rec.update(error=repr(exc), traceback=traceback.format_exc(), game_index=index)
        path = save(rec, Path(job.failures_dir) / f"failure-{job.seed}-{index}.json")
        return {"index": index, "seed": gseed, "ok": False, "error": repr(exc), "failure": str(path)}
    assert g.result is not None
    out: dict[str, Any] = {
        "index": index,
        "seed": gseed,
        "ok": True,
        "result": g.result,
        "identities": [s.identity for s in g.seats],
        "characters": [s.character for s in g.seats] if config.characters else None,
        "turns": g.turn,
        "decisions": len(g.history),
        "first_player": next((e["seat"] for e in g.events if e.kind == "first_player"), None),
    }
    if job.keep_records:
        out["config"] = job.config
        out["record"] = g.record()
    return out


def play_chunk(job: Job, indices: list[int]) -> list[dict[str, Any]]:
    return [play_one(job, i) for i in indices]


# --------------------------------------------------------------------------------------------------------------
# Executors: each yields the outcomes in index order.
# --------------------------------------------------------------------------------------------------------------
def run_local(job: Job, games: int) -> Iterator[dict[str, Any]]:
    for i in range(games):
        yield play_one(job, i)


def run_processes(job: Job, games: int, workers: int) -> Iterator[dict[str, Any]]:
    import multiprocessing

    chunksize = max(1, min(50, games // (workers * 8) or 1))
    with multiprocessing.get_context().Pool(workers) as pool:
        try:
            yield from pool.imap(partial(play_one, job), range(games), chunksize=chunksize)
        except BaseException:
            pool.terminate()
            raise


def run_ray(job: Job, games: int, address: str | None, chunk: int = 100) -> Iterator[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise ConfigError("the ray backend needs Ray: pip install 'fengsheng[ray]'") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    try:
        remote = ray.remote(play_chunk)
        refs = [remote.remote(job, list(range(a, min(a + chunk, games)))) for a in range(0, games, chunk)]
        for ref in refs:  # gathered in order
            yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()


# --------------------------------------------------------------------------------------------------------------
# The summary
# --------------------------------------------------------------------------------------------------------------
class Tally:
    """Aggregates outcomes into the summary. Order-independent but for the failures list (kept in index order)."""

    def __init__(self) -> None:
        self.games = 0
        self.errors = 0
        self.failures: list[str] = []
        self.wins: Counter[str] = Counter()
        self.char_wins: Counter[str] = Counter()
        self.char_games: Counter[str] = Counter()
        self.reasons: Counter[str] = Counter()
        self.turns = 0
        self.decisions = 0

    def add(self, o: dict[str, Any]) -> None:
        self.games += 1
        if not o["ok"]:
            self.errors += 1
            self.failures.append(o["failure"])
            return
        r = o["result"]
        for f in r["factions"]:
            self.wins[f] += 1
        self.reasons[r["reason"]] += 1
        winners = set(r["winners"])
        for seat, ch in enumerate(o["characters"] or []):
            if ch is not None:
                self.char_games[ch] += 1
                if seat in winners:
                    self.char_wins[ch] += 1
        self.turns += o["turns"]
        self.decisions += o["decisions"]

    def summary(self) -> dict[str, Any]:
        finished = self.games - self.errors
        return {
            "games": self.games,
            "errors": self.errors,
            "failures": list(self.failures),
            "wins_by_faction": {f: self.wins[f] for f in FACTIONS},
            "wins_by_character": {
                c: {"wins": self.char_wins[c], "games": self.char_games[c]} for c in sorted(self.char_games)
            },
            "end_reasons": dict(sorted(self.reasons.items())),
            "mean_turns": round(self.turns / finished, 3) if finished else 0.0,
            "decisions": self.decisions,
        }


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def simulate(
    config: Config,
    games: int,
    seed: int,
    bot: str = "random",
    failures_dir: str | Path = "failures",
    faction_bots: dict[str, str] | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    out: str | Path | None = None,
    on_outcome: Callable[[dict[str, Any]], None] | None = None,
    force: bool = False,
    bot_options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the summary dict (see the module docstring). ``bot_options`` go to the
    bots that take them (:func:`bot_kwargs`).

    ``KeyboardInterrupt`` is caught: the summary then covers the games finished so far and says ``interrupted``.
    """
    faction_bots = dict(faction_bots or {})
    check_bots(bot, faction_bots, config.edition)
    if backend not in BACKENDS:
        raise ConfigError(f"backend must be one of {BACKENDS}, not {backend!r}")
    if games < 0 or workers < 1:
        raise ConfigError("games must be >= 0 and workers >= 1")
    if out is not None:
        prepare_out(out, force)
    job = Job(
        config.to_dict(),
        seed,
        bot,
        faction_bots,
        str(failures_dir),
        keep_records=out is not None,
        bot_options=dict(bot_options or {}),
    )
    outcomes: Iterable[dict[str, Any]]
    if backend == "ray":
        outcomes = run_ray(job, games, address)
    elif workers > 1 and games > 1:
        outcomes = run_processes(job, games, min(workers, games))
    else:
        outcomes = run_local(job, games)
    tally = Tally()
    sink = None
    if out is not None:
        sink = (Path(out) / "games.jsonl").open("w", encoding="utf-8")
    interrupted = False
    t0 = time.perf_counter()
    try:
        for o in outcomes:
            tally.add(o)
            if sink is not None and o["ok"]:
                sink.write(json.dumps(o, ensure_ascii=False, sort_keys=True) + "\n")
            if on_outcome is not None:
                on_outcome(o)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if sink is not None:
            sink.close()
    seconds = time.perf_counter() - t0
    summary = {
        **tally.summary(),
        "requested_games": games,
        "players": config.players,
        "seed": seed,
        "variants": list(config.variants),
        "characters": config.characters,
        "character_pool": config.character_pool if config.characters else None,
        "uniform_prompts": config.uniform_prompts,
        "bots": bot,
        "faction_bots": faction_bots,
        "backend": backend,
        "workers": workers if backend == "local" else None,
        "seconds": round(seconds, 3),
        "games_per_s": round(tally.games / seconds, 1) if seconds > 0 else None,
    }
    if interrupted:
        summary["interrupted"] = True
    if out is not None:
        (Path(out) / "summary.json").write_text(dumps(summary) + "\n", encoding="utf-8")
    return summary


OUT_FILES = ("games.jsonl", "summary.json")  # what simulate writes; `fengsheng report` adds plots/ (PNG files)


def prepare_out(out: str | Path, force: bool = False) -> Path:
    """Make ``out`` ready for a run's output, before any game is played, or raise ``ConfigError`` (one line).

    ``out`` must be a directory that is new, empty, or (with ``force``) one an earlier run wrote: then its
    games.jsonl, summary.json and plots/*.png are removed, so nothing stale is left beside the new output (other
    files are kept). An existing file, a non-empty directory without ``force``, or a path that cannot be created or
    written is refused."""
    p = Path(out)
    if p.exists() and not p.is_dir():
        raise ConfigError(f"--out {p}: exists and is not a directory")
    if p.is_dir() and any(p.iterdir()):
        if not force:
            raise ConfigError(f"--out {p}: the directory is not empty (use --force to replace an earlier run's output)")
        for name in OUT_FILES:
            (p / name).unlink(missing_ok=True)
        plots = p / "plots"
        if plots.is_dir():
            for png in plots.glob("*.png"):
                png.unlink()
            if not any(plots.iterdir()):
                plots.rmdir()
    try:
        p.mkdir(parents=True, exist_ok=True)
        probe = p / ".fengsheng-write-test"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise ConfigError(f"--out {p}: cannot write there ({exc.strerror or exc})") from None
    return p


def format_summary(s: dict[str, Any], lang: str = "zh") -> str:
    """A human-readable summary. Faction names are the words of the texts being rendered (render it inside
    :func:`fengsheng.text.edition_texts` of the games' ``config.character_texts``: 001 says 军情处, not 军情局)."""
    from fengsheng.characters import name as character_name
    from fengsheng.text import name

    g = s["games"] or 1
    lines = []
    w = s["wins_by_faction"]
    zh = lang == "zh"
    if s.get("interrupted"):
        lines.append(
            f"已中断：完成 {s['games']} / {s['requested_games']} 局"
            if zh
            else f"Interrupted: {s['games']} of {s['requested_games']} games done"
        )
    if zh:
        lines.append(
            f"{s['games']} 局，{s['players']} 人，种子 {s['seed']}，变体 {s['variants'] or '无'}，错误 {s['errors']}"
        )
        lines.append(
            "胜局："
            + "  ".join(
                f"{name(f, lang)} {w[f]} ({w[f] / g:.1%})" for f in ("underground", "military_intel", "bystander")
            )
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
        parts = [f"{character_name(c, lang)} {v['wins']}/{v['games']}" for c, v in ranked]
        lines.append(("角色胜局：" if zh else "Wins by character: ") + ", ".join(parts))
    for f in s["failures"]:
        lines.append(("失败记录：" if zh else "Failure record: ") + f)
    return "\n".join(lines)


def dumps(summary: dict[str, Any]) -> str:
    return json.dumps(summary, ensure_ascii=False, sort_keys=True)


__all__ = ["Job", "Tally", "default_workers", "dumps", "format_summary", "play_one", "simulate"]
