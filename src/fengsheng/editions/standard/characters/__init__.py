"""The standard edition's characters: every module here that defines ``CHARACTER``, with the texts of a text set.

Text sets: ``000`` (the 2010 rulebook, the default, A-45) in ``data/characters-000.json``. A module whose rules
differ under another text set declares them in ``TEXT_SETS = {"<set>": CharacterDef(...)}``. Pools: ``base`` = the
18 characters of the 2010 rulebook; ``all`` = plus the 6 complete supplement characters (易先生 is cut off in the
seeds and left out, see docs/characters.md).

The base pool is the 7 hidden and 11 public characters of S-COMP-7.

Implements: S-COMP-7.
"""

from __future__ import annotations

from fengsheng.characters import CharacterDef, discover

TEXT_SETS: tuple[str, ...] = ("000", "004")


def load_characters(text_set: str) -> dict[str, CharacterDef]:
    return discover(__name__, "standard", text_set)


__all__ = ["TEXT_SETS", "load_characters"]
