"""How many questions the terminal asks a player, and what asking fewer costs: the response policy measured.

    python bench/questions.py [--games N] [--players P] [--seed S] [--workers W] [--set SWITCH=on|off]... [--json]

One seat (it rotates: game k uses seat k mod P) is a HeuristicBot answering through a front end; the other seats are
HeuristicBots. Two arms, the same games (the same seeds for the deal and every bot, so they differ only by the
policy):

* ``all``: the seat is asked everything; we count what today's terminal asks (``baseline``: every decision with more
  than one option, as ``Session`` asks) and how many option lines it shows at once (the flat list), and what the
  choice tree would show (its widest level);
* ``policy``: the seat is asked only what the default :class:`fengsheng.choices.AskPolicy` asks, offered only what
  it offers (options that can have no effect are hidden); what it does not ask it answers (``AskPolicy.answer``:
  mostly ``pass``; a question with one sensible answer; the window right after a send, from the send question's
  next step, which the bot answers as part of that question).

Reported per arm: questions per game and per turn (mean, with the largest game), response windows among them, the
largest number of option lines shown at once (flat list; choice tree), and the seat's win rate with its 95% Wilson
interval; and the difference of win rates policy − all with a 95% interval from the paired games (normal
approximation on the per-game differences). The target (issue 10): at most 15 questions per 5-player game, and a win
rate no more than 2 points below asking everything.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from fengsheng.bots import HeuristicBot
from fengsheng.bots.base import Bot
from fengsheng.choices import SWITCHES, AskPolicy, choice_tree
from fengsheng.choices.policy import Recall, follow_ups, same_play
from fengsheng.config import Config
from fengsheng.core.options import PASS, PRIORITY, SEND, Decision, Option
from fengsheng.game import Game
from fengsheng.match import Match
from fengsheng.play.words import describe_options
from fengsheng.report.stats import wilson  # the one 95% Wilson interval (report and benches)
from fengsheng.sim.runner import bot_seed, derive_seed

Z95 = 1.959963984540054
ARMS = ("all", "policy")


@dataclass
class Tally:
    """What one seat was asked in one game."""

    questions: int = 0  # asked by this arm
    windows: int = 0  # of which response windows
    baseline: int = 0  # what today's terminal would ask (more than one option)
    flat_lines: int = 0  # the most option lines of the flat list at one question
    tree_lines: int = 0  # the most children of one level of the choice tree at one question
    lines: list[int] = field(default_factory=list)


class Front(Bot):
    """The seat's front end: asks its bot what the policy asks (``policy=None``: everything), passes the rest, and
    counts. The bot gets the offered options only, and the events of every decision (asked or not: a player sees
    the whole log).

    With a policy that folds the send's follow-up (``AskPolicy.folds``), the send question has a next step: what to
    play right after the send (锁定 / 调虎离山, from ``follow_ups``) or nothing. The bot answers that step when the
    window comes (the first decision after its send), from exactly the options the step offered that are legal
    then; it is part of the send question, so it is not counted again (the send is counted if it or its step had
    more than one option)."""

    def __init__(self, inner: Bot, policy: AskPolicy | None, tally: Tally) -> None:
        super().__init__(inner.seat, inner.seed)
        self.inner = inner
        self.policy = policy
        self.tally = tally
        self.needs_view = True
        self.recall = Recall(inner.seat)
        self.plans: list[Option] | None = None  # the follow-ups the last send question offered

    def _watch(self, view: dict[str, Any], events: list[dict[str, Any]] | None) -> None:
        update = getattr(self.inner, "update", None)
        if update is not None:
            update(view, events)

    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        assert view is not None
        answer = self._choose(decision, view, events)
        self.recall.answered(view, answer)
        return answer

    def _choose(self, decision: Decision, view: dict[str, Any], events: list[dict[str, Any]] | None) -> Option:
        t = self.tally
        policy = self.policy
        self.recall.saw(events)
        plans, self.plans = self.plans, None
        several = len(decision.options) > 1
        if several:
            t.baseline += 1
        if policy is not None and plans is not None and policy.is_follow_up(view, self.recall):
            step = [o for o in policy.offered(view) if o.kind == PASS or any(same_play(o, p) for p in plans)]
            if len(step) <= 1:
                self._watch(view, events)
                return next(o for o in decision.options if o.kind == PASS)
            return self.inner.choose(decision._replace(options=tuple(step)), view, events)
        if policy is None:
            auto = None if several else next(o for o in decision.options if o.kind == PASS)
        else:
            auto = policy.answer(view, self.recall)
        if auto is not None:  # answered for the seat (mostly passed); it still watches the game, as a player reads
            self._watch(view, events)  # the log
            return next(o for o in decision.options if o == auto)
        offered = decision.options if policy is None else tuple(policy.offered(view))
        answer = self.inner.choose(decision._replace(options=offered), view, events)
        lines = choice_tree(offered, view, decision.kind, decision.context).widest()
        if policy is not None and policy.folds() and decision.kind == SEND:
            self.plans = follow_ups(view, answer)
            self.recall.sent(None, bool(self.plans))  # the bot answers the step when its window comes
            if self.plans:
                several = True  # the step: just send, or one of the follow-ups
                lines = max(lines, choice_tree(self.plans, view, PRIORITY, "step1").widest() + 1)
        if several or policy is not None:
            t.questions += 1
            t.windows += decision.kind == PRIORITY
        flat = describe_options(offered, "en", view, decision.kind, decision.context)
        t.flat_lines = max(t.flat_lines, len(flat))
        t.tree_lines = max(t.tree_lines, lines)
        return answer


def play(args: tuple[Any, ...]) -> dict[str, Any]:
    """One game of one arm: the seat's tally, whether it won, the turns. ``args``: run seed, game index, players,
    arm, and optionally the policy's switches as ``{name: on}``."""
    run_seed, index, players, arm = args[:4]
    switches: dict[str, bool] = args[4] if len(args) > 4 else {}
    seed = derive_seed(run_seed, "game", index)
    seat = index % players
    g = Game.new(Config(players=players, characters=True), seed)
    tally = Tally()
    bots: dict[int, Any] = {s: HeuristicBot(s, bot_seed(seed, s)) for s in range(players)}
    bots[seat] = Front(bots[seat], None if arm == "all" else AskPolicy(**switches), tally)
    Match(g, bots).run()
    assert g.result is not None
    turns = sum(1 for e in g.events if e.kind == "turn")
    return {
        "arm": arm,
        "index": index,
        "won": seat in g.result["winners"],
        "turns": turns,
        "questions": tally.questions,
        "windows": tally.windows,
        "baseline": tally.baseline,
        "flat_lines": tally.flat_lines,
        "tree_lines": tally.tree_lines,
    }


def summarize(rows: list[dict[str, Any]], games: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for arm in ARMS:
        rs = [r for r in rows if r["arm"] == arm]
        n = len(rs)
        turns = sum(r["turns"] for r in rs)
        wins = sum(r["won"] for r in rs)
        arm_out: dict[str, Any] = {
            "games": n,
            "questions_per_game": sum(r["questions"] for r in rs) / n,
            "questions_per_turn": sum(r["questions"] for r in rs) / turns,
            "questions_max_game": max(r["questions"] for r in rs),
            "windows_per_game": sum(r["windows"] for r in rs) / n,
            "max_lines_flat": max(r["flat_lines"] for r in rs),
            "max_lines_tree": max(r["tree_lines"] for r in rs),
            "turns_per_game": turns / n,
            "win_rate": wins / n,
            "win_rate_95": wilson(wins, n),
        }
        if arm == "all":
            arm_out["baseline_questions_per_game"] = sum(r["baseline"] for r in rs) / n
            arm_out["baseline_questions_per_turn"] = sum(r["baseline"] for r in rs) / turns
        out[arm] = arm_out
    by = {(r["arm"], r["index"]): r for r in rows}
    diffs = [int(by[("policy", i)]["won"]) - int(by[("all", i)]["won"]) for i in range(games)]
    mean = sum(diffs) / games
    var = sum((d - mean) ** 2 for d in diffs) / max(1, games - 1)
    half = Z95 * math.sqrt(var / games)
    out["win_rate_difference"] = {"policy_minus_all": mean, "95": (mean - half, mean + half)}
    out["target"] = {
        "questions_per_game_at_most": 15,
        "win_rate_drop_at_most": 0.02,
        "questions_met": out["policy"]["questions_per_game"] <= 15,
        "win_rate_met": mean >= -0.02,
    }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=2000, help="games per arm (default %(default)s)")
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--seed", type=int, default=10)
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="SWITCH=on|off",
        help=f"a switch of the policy arm (repeatable): {', '.join(SWITCHES)}",
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    switches: dict[str, bool] = {}
    for item in args.set:
        name, _, value = item.partition("=")
        if name not in SWITCHES or value not in ("on", "off"):
            p.error(f"--set {item!r}: expected SWITCH=on|off with SWITCH one of {', '.join(SWITCHES)}")
        switches[name] = value == "on"
    jobs = [(args.seed, i, args.players, arm, switches) for i in range(args.games) for arm in ARMS]
    start = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            rows = list(pool.map(play, jobs, chunksize=16))
    else:
        rows = [play(j) for j in jobs]
    report = {
        "games": args.games,
        "players": args.players,
        "seed": args.seed,
        "characters": True,
        "policy_switches": {name: getattr(AskPolicy(**switches), name) for name in SWITCHES},
        "seconds": round(time.perf_counter() - start, 1),
        **summarize(rows, args.games),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    a, b = report["all"], report["policy"]
    print(f"{args.games} games per arm, {args.players} players, characters on, {report['seconds']} s")
    print(
        f"today (more than one option): {a['baseline_questions_per_game']:.1f} questions/game, "
        f"{a['baseline_questions_per_turn']:.2f}/turn, up to {a['max_lines_flat']} lines (flat)"
    )
    for name, r in (("ask all", a), ("policy", b)):
        lo, hi = r["win_rate_95"]
        print(
            f"{name:8}: {r['questions_per_game']:.1f} questions/game ({r['windows_per_game']:.1f} windows), "
            f"{r['questions_per_turn']:.2f}/turn, max {r['questions_max_game']} in a game; lines at once: flat "
            f"{r['max_lines_flat']}, tree {r['max_lines_tree']}; win rate {r['win_rate']:.3f} [{lo:.3f}, {hi:.3f}]"
        )
    d = report["win_rate_difference"]
    print(f"win rate policy - all: {d['policy_minus_all']:+.3f} [{d['95'][0]:+.3f}, {d['95'][1]:+.3f}] (paired)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
