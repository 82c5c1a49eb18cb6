"""The ``fengsheng`` command. Each subcommand lives in ``fengsheng/commands/<name>.py`` (see ``COMMANDS``)."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from fengsheng.commands import COMMANDS
from fengsheng.errors import FengshengError


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="fengsheng", description="风声 (The Message): rules engine, bots and tools")
    sub = p.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"fengsheng.commands.{name}").register(sub)
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
