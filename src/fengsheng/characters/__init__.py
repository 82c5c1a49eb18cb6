"""The character registry of the standard edition: every module in this package that defines ``CHARACTER``.

Texts (names, sex, hidden/public, skill and mission texts in Chinese and English) come from a text set, now the 2010
rulebook's (seed 000, ``data/characters-standard-000.json``). The registry checks that data and code agree. Pools:
``base`` = the 18 characters of the 2010 rulebook; ``all`` = plus the 6 complete supplement characters (易先生 is cut
off in the seeds and left out, see docs/characters.md).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from dataclasses import replace
from importlib import resources
from typing import Any

from fengsheng.characters.base import CharacterDef

TEXT_SET = "000"


def _load_texts(text_set: str = TEXT_SET) -> dict[str, Any]:
    raw = resources.files("fengsheng").joinpath(f"data/characters-standard-{text_set}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


def _discover() -> dict[str, CharacterDef]:
    texts = _load_texts()["characters"]
    found: dict[str, CharacterDef] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name == "base" or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        ch = getattr(module, "CHARACTER", None)
        if ch is None:
            continue
        if ch.id not in texts:
            raise RuntimeError(f"character {ch.id} has no texts in the text set {TEXT_SET}")
        t = texts[ch.id]
        found[ch.id] = replace(ch, sex=t["sex"], hidden=t["hidden"], pool=t["pool"], texts=t)
    return dict(sorted(found.items()))  # tests/characters check that every character of the text set is here


CHARACTERS: dict[str, CharacterDef] = _discover()


def pool(name: str = "base") -> list[str]:
    """Character ids of a pool, in a fixed order (the game's RNG shuffles them)."""
    if name == "all":
        return list(CHARACTERS)
    return [c for c, ch in CHARACTERS.items() if ch.pool == name]


def text(character: str, lang: str = "zh") -> dict[str, Any]:
    """Name, skills and mission of a character in one language (for the UI and ``help``)."""
    t = CHARACTERS[character].texts
    return {
        "id": character,
        "name": t["name"][lang],
        "sex": t["sex"],
        "hidden": t["hidden"],
        "skills": [{"id": s["id"], "name": s["name"][lang], "text": s["text"][lang]} for s in t["skills"]],
        "mission": t["mission"][lang],
    }


__all__ = ["CHARACTERS", "CharacterDef", "pool", "text"]
