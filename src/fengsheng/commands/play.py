"""``fengsheng play``: play a game in the terminal against bots (see fengsheng.play)."""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from pathlib import Path
from typing import Any

from fengsheng.commands.common import (
    add_bot_budget_args,
    add_character_args,
    add_uniform_arg,
    bad_seat,
    bot_options,
    config_from,
    players_of,
)
from fengsheng.config import VARIANTS
from fengsheng.text import LANGS, edition_texts

DEFAULT_DELAY = 0.6  # seconds after each visible bot move, when the output is a terminal
MAX_DELAY = 60.0  # seconds: a longer pause is a typo (or `inf`)
RECORDS_DIR = "records"


def default_bot() -> str:
    from fengsheng.bots import BOTS

    return "heuristic" if "heuristic" in BOTS else "random"


def _robust_streams() -> None:
    """Undecodable input bytes become U+FFFD (a bad answer, asked again) and unprintable characters are replaced,
    rather than an exception; on a terminal, line editing and history when ``readline`` is there."""
    for stream in (sys.stdin, sys.stdout):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (imported for its side effect on input())


def run(args: argparse.Namespace) -> int:
    from fengsheng.bots import BOTS
    from fengsheng.choices import AskPolicy
    from fengsheng.game import Game
    from fengsheng.play.screen import make_console
    from fengsheng.play.session import Session
    from fengsheng.play.words import _t
    from fengsheng.sim.runner import derive_seed
    from fengsheng.sim.simulate import bot_kwargs, check_bots

    lang = args.lang
    if bad_seat("play", args.seat, players_of(args)):
        return 2
    if args.delay is not None and not 0 <= args.delay <= MAX_DELAY:  # also refuses inf and nan
        print(f"fengsheng play: --delay must be from 0 to {MAX_DELAY:g} seconds", file=sys.stderr)
        return 2
    if sys.stdin is None or sys.stdout is None or sys.stdin.closed or sys.stdout.closed:
        print("fengsheng play: needs a standard input and a standard output (one of them is closed)", file=sys.stderr)
        return 2
    _robust_streams()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    config = config_from(args)
    game = Game.new(config, seed)
    if args.bots is None:  # the default: the strongest bot that knows the edition
        known = BOTS[default_bot()].editions
        args.bots = default_bot() if known is None or config.edition in known else "random"
    check_bots(args.bots, {}, config.edition)
    bot_cls = BOTS[args.bots]
    kwargs = bot_kwargs(args.bots, bot_options(args))
    bots = {s: bot_cls(s, derive_seed(seed, "bot", s), **kwargs) for s in range(config.players) if s != args.seat}
    live = sys.stdout.isatty()
    delay = args.delay if args.delay is not None else (DEFAULT_DELAY if live else 0.0)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    record = Path(args.record) if args.record else Path(RECORDS_DIR) / f"play-{stamp}-seed{seed}.json"
    console = make_console(colour=False if args.no_colour else None)
    # the edition is named unless it is the default one (the line players of the standard edition know stays)
    ed = game.edition
    edition_zh = f" · {ed.name['zh']}" if config.edition != "standard" else ""
    edition_en = f" · {ed.name['en']}" if config.edition != "standard" else ""
    console.print(
        _t(
            lang,
            f"风声{edition_zh} · {config.players} 人局 · 你是 {args.seat}号 · 对手：{args.bots} 机器人 · 种子 {seed}。"
            "每个问题输入编号回答，? 查看帮助。",
            f"The Message{edition_en} · {config.players} players · you are P{args.seat} · opponents: {args.bots} bots"
            f" · seed {seed}. Answer each question with a number; ? for help.",
        ),
        markup=False,
        soft_wrap=True,
    )
    session = Session(
        game,
        args.seat,
        bots,
        console,
        read=lambda prompt: console.input(prompt, markup=False),
        lang=lang,
        delay=delay,
        live=live,
        echo=not sys.stdin.isatty(),
        record_path=record,
        notes=args.notes,
        flat=args.flat,
        policy=AskPolicy.everything() if (args.ask or ("all" if args.flat else "default")) == "all" else AskPolicy(),
    )
    with edition_texts(config.character_texts):  # card ids are this edition's cards
        return session.run()


def register(sub: Any) -> None:
    from fengsheng.bots import BOTS

    p = sub.add_parser("play", help="play a game in the terminal against bots")
    p.add_argument("--players", type=int, default=None, help="3 to 9 (default 5, or the mode's own count)")
    p.add_argument("--seat", type=int, default=0, help="your seat, 0 to players-1 (default %(default)s)")
    p.add_argument("--seed", type=int, default=None, help="the game's seed (default: a random one, shown)")
    add_character_args(p)
    add_uniform_arg(p)
    p.add_argument("--variant", action="append", default=[], choices=sorted(VARIANTS), help="repeatable")
    p.add_argument(
        "--bots",
        choices=sorted(BOTS),
        default=None,
        help=f"(default {default_bot()}, or random for an edition it does not know)",
    )
    add_bot_budget_args(p)
    p.add_argument("--lang", choices=LANGS, default="zh")
    p.add_argument(
        "--delay",
        type=float,
        default=None,
        help=f"seconds to show each bot move (default {DEFAULT_DELAY} on a terminal, else 0)",
    )
    p.add_argument(
        "--record", default=None, help=f"where to save the record (default {RECORDS_DIR}/play-<time>-seed<S>.json)"
    )
    p.add_argument(
        "--notes",
        action="store_true",
        help="show your notebook (identity odds from what you saw, and why) on the screen; `notes` shows it anyway",
    )
    p.add_argument(
        "--ask",
        choices=("default", "all"),
        default=None,
        help="which response windows to ask: the default policy (windows that concern you) or all of them "
        "(default: default; with --flat: all); `settings` changes it during the game",
    )
    p.add_argument(
        "--flat",
        action="store_true",
        help="one numbered list per question (pass is 0) and every window asked, as before the step-by-step "
        "choices: the numbering scripts piping answers rely on",
    )
    p.add_argument("--no-colour", "--no-color", dest="no_colour", action="store_true", help="plain text, no colours")
    p.set_defaults(func=run)
