"""``fengsheng demo``: one game between random bots, printed."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from fengsheng.commands.common import add_character_args, add_game_args, bad_seat, config_from, players_of
from fengsheng.text import render_events


def run(args: argparse.Namespace) -> int:
    from fengsheng.bots import RandomBot
    from fengsheng.sim.runner import play_game

    if bad_seat("demo", args.seat, players_of(args)):
        return 2
    if args.spectator and args.seat is not None:
        print("fengsheng demo: --spectator and --seat exclude each other (a spectator has no seat)", file=sys.stderr)
        return 2
    g = play_game(config_from(args), args.seed, lambda s, bs: RandomBot(s, bs))
    if args.spectator or args.seat is not None:
        events = g.events_for(args.seat)
    else:
        events = [e.full() for e in g.events]  # bots only: show everything, hidden cards included
    for line in render_events(events, args.lang, g.config.character_texts, viewer=args.seat):
        print(line)  # as a seat saw it, that seat's identity line says "you"; else nobody is "you"
    return 0


def register(sub: Any) -> None:
    d = sub.add_parser("demo", help="play one game between random bots and print its log")
    add_game_args(d)
    add_character_args(d)
    d.add_argument("--seat", type=int, default=None, help="print the log as this seat saw it")
    d.add_argument("--spectator", action="store_true", help="print only what a spectator saw (default: everything)")
    d.set_defaults(func=run)
