"""Terminal play: one human against bots (``fengsheng play``).

* :mod:`fengsheng.play.words`: options and decisions in plain words (zh/en), help texts; no terminal needed;
* :mod:`fengsheng.play.screen`: the screen drawn with ``rich`` from a seat's view (and :func:`to_text` for tests);
* :mod:`fengsheng.play.session`: the input loop (bots, delay, help, log, EOF, Ctrl-C, the saved record).
"""

from __future__ import annotations

from fengsheng.play.words import describe_decision, describe_option, describe_options

__all__ = ["describe_decision", "describe_option", "describe_options"]
