"""The ``fengsheng`` command. Each subcommand lives in ``fengsheng/commands/<name>.py`` (see ``COMMANDS``)."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
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
    """Run one subcommand. Bad input never ends in a traceback: an engine error (``FengshengError``) or a file
    that cannot be read or written (``OSError``: an unwritable path, a full disk, a closed stdout) is one line on
    stderr and exit 2 (1 for output lost on the way); Ctrl-C is exit 130; a closed pipe (``| head``) is exit 0."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except FengshengError as exc:
        _say(f"fengsheng: {exc}")
        return 2
    except BrokenPipeError:  # e.g. `fengsheng demo | head`
        _drop_stdout()
        return 0
    except OSError as exc:  # an unwritable path, a full disk, a closed stream
        _drop_stdout()
        where = f": {exc.filename}" if exc.filename else ""
        _say(f"fengsheng {args.command}: {exc.strerror or exc}{where}")
        return 2 if exc.filename else 1
    except KeyboardInterrupt:
        _drop_stdout()
        _say("fengsheng: interrupted (Ctrl-C)")
        return 130


def _say(message: str) -> None:
    """One line on stderr, if there is a stderr to write to."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(message, file=sys.stderr, flush=True)


def _drop_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's last flush at exit cannot fail again (a full disk, a
    closed pipe) and print an "Exception ignored" traceback."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
