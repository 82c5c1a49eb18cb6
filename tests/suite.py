"""Which suite is running: the quick one (the default) or the full one (``pytest --full``, or ``FENGSHENG_FULL=1``).

The quick suite exercises every module and every contract with fewer random games and smaller samples, so that a
fresh clone checks itself in minutes; the full suite plays the thousands of games, the 1,000-game wire leak test and
the hypothesis runs at full size. A test sizes its sample with :func:`sized`; a test that only makes sense at full
size is marked ``@pytest.mark.full`` and skipped, with that reason, in the quick suite.
"""

from __future__ import annotations

import os

ENV = "FENGSHENG_FULL"


def full() -> bool:
    """True in the full suite (``tests/conftest.py`` sets ``$FENGSHENG_FULL`` for ``--full``)."""
    return os.environ.get(ENV, "") not in ("", "0")


def sized(quick: int, full_size: int) -> int:
    """``quick`` in the quick suite, ``full_size`` in the full one."""
    return full_size if full() else quick
