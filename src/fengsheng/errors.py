"""The documented exceptions of the engine. All are ``ValueError`` subclasses, in the style of python-chess."""

from __future__ import annotations


class FengshengError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(FengshengError):
    """An answer that is not one of the pending decision's legal options, is malformed, or comes too late.

    The message names the seat, the decision and the options on offer. The game state is left unchanged.
    """


class ConfigError(FengshengError):
    """A game configuration that the rules do not allow (e.g. 10 players, 醬油同盟 at 5 players)."""


class ScenarioError(FengshengError):
    """A scenario description that cannot be built (e.g. a card used twice)."""


class ReplayError(FengshengError):
    """A record that does not reproduce (different events or result)."""


class RecordError(ReplayError):
    """A record that is not a well-formed record, so it is not replayed at all: not a JSON object (or not JSON, not
    UTF-8, too large, nested too deep), a missing field or a field of the wrong type or range (version, config,
    seed, scenario, decisions as ``[seat, "option"]`` pairs, result, digest). The message is one line and quotes at
    most a short prefix of the bad input. ``fengsheng replay`` prints it and exits 2.
    """
