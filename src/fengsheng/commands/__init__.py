"""The subcommands of ``fengsheng``, one module each. A module provides ``register(subparsers)``, which adds its
parser and sets ``func`` (``args -> exit code``). ``COMMANDS`` lists them in help order."""

from __future__ import annotations

COMMANDS = ("play", "demo", "simulate", "replay", "report", "serve")
