"""The ``fengsheng`` command: ``demo`` (one bot game, printed), ``simulate`` (many games), ``replay`` (re-run a
record). Interactive play comes with the terminal issue."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from fengsheng.config import VARIANTS, Config
from fengsheng.errors import FengshengError
from fengsheng.text import LANGS, render_event


def _config(args: argparse.Namespace) -> Config:
    return Config(
        players=args.players,
        auto_pass=getattr(args, "auto_pass", False),
        characters=getattr(args, "characters", False),
        character_pool=getattr(args, "pool", "base"),
    ).with_variants(args.variant)


def cmd_demo(args: argparse.Namespace) -> int:
    from fengsheng.bots import RandomBot
    from fengsheng.sim.runner import play_game

    g = play_game(_config(args), args.seed, lambda s, bs: RandomBot(s, bs))
    if args.spectator or args.seat is not None:
        events = g.events_for(args.seat)
    else:
        events = [e.full() for e in g.events]  # bots only: show everything, hidden cards included
    for e in events:
        line = render_event(e, args.lang)
        if line:
            print(line)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from fengsheng.sim.simulate import dumps, format_summary, simulate

    summary = simulate(_config(args), args.games, args.seed, bot=args.bots, failures_dir=args.failures)
    if args.json:
        print(dumps(summary))
    else:
        print(format_summary(summary, args.lang))
    return 1 if summary["errors"] else 0


def cmd_replay(args: argparse.Namespace) -> int:
    from fengsheng.record import load, verify

    g = verify(load(args.record))
    if args.show:
        for e in g.events_for(args.seat):
            line = render_event(e, args.lang)
            if line:
                print(line)
    print("reproduced" if args.lang == "en" else "复现成功", g.result)
    return 0


def _character_args(sp: argparse.ArgumentParser) -> None:
    grp = sp.add_mutually_exclusive_group()
    grp.add_argument("--characters", dest="characters", action="store_true", default=True, help="(default)")
    grp.add_argument("--no-characters", dest="characters", action="store_false", help="the first-game mode")
    sp.add_argument(
        "--pool", choices=["base", "all"], default="base", help="base: the 18 of the 2010 rulebook; all: + supplement"
    )


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="fengsheng", description="风声 (The Message): rules engine, bots and tools")
    sub = p.add_subparsers(dest="command", required=True)

    def common(sp: argparse.ArgumentParser, players: int = 5) -> None:
        sp.add_argument("--players", type=int, default=players, help="3 to 9 (default %(default)s)")
        sp.add_argument("--seed", type=int, default=0)
        sp.add_argument("--variant", action="append", default=[], choices=sorted(VARIANTS), help="repeatable")
        sp.add_argument("--lang", choices=LANGS, default="zh")

    d = sub.add_parser("demo", help="play one game between random bots and print its log")
    common(d)
    _character_args(d)
    d.add_argument("--seat", type=int, default=None, help="print the log as this seat saw it")
    d.add_argument("--spectator", action="store_true", help="print only what a spectator saw (default: everything)")
    d.set_defaults(func=cmd_demo)

    s = sub.add_parser("simulate", help="play many games between bots and summarise")
    common(s)
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--bots", choices=["random"], default="random")
    _character_args(s)
    s.add_argument("--auto-pass", action="store_true", help="skip asking seats that can only pass")
    s.add_argument("--json", action="store_true", help="print the summary as one JSON object (last line)")
    s.add_argument("--failures", default="failures", help="where records of games that raised are saved")
    s.set_defaults(func=cmd_simulate)

    r = sub.add_parser("replay", help="re-run a record and check that it reproduces")
    r.add_argument("record")
    r.add_argument("--show", action="store_true")
    r.add_argument("--seat", type=int, default=None)
    r.add_argument("--lang", choices=LANGS, default="zh")
    r.set_defaults(func=cmd_replay)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except FengshengError as exc:
        print(f"fengsheng: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `fengsheng demo | head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
