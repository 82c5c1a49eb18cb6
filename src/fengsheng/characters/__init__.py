"""How characters are built and found, for every edition.

An edition keeps its characters in its own package (``editions/standard/characters/<name>.py``), each module
declaring ``CHARACTER = CharacterDef("<edition>.<name>", rules=(...))``; names, sex, hidden/public type, pool and
texts come from a text set (``editions/<edition>/data/characters-<set>.json``, keyed by short name), merged in by
:func:`discover`, which checks that data and code agree. Ids are unique across editions (``standard.lao_gui``).

:func:`find` and :func:`text` look a character up by its full id in any edition and text set (for the UI and
reports); the engine gets its registry from the game's edition (``Edition.characters``).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from dataclasses import replace
from importlib import resources
from typing import Any

from fengsheng.characters.base import CharacterDef


def load_texts(package: str, text_set: str) -> dict[str, Any]:
    """The text set ``text_set`` of the edition whose characters live in ``package``."""
    edition_pkg = package.rsplit(".", 1)[0]
    raw = resources.files(edition_pkg).joinpath(f"data/characters-{text_set}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


def discover(package: str, edition: str, text_set: str) -> dict[str, CharacterDef]:
    """Every character module of ``package`` with the texts of ``text_set``, keyed by full id, sorted."""
    texts = load_texts(package, text_set)["characters"]
    pkg = importlib.import_module(package)
    found: dict[str, CharacterDef] = {}
    for info in pkgutil.iter_modules(pkg.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        ch: CharacterDef | None = getattr(module, "TEXT_SETS", {}).get(text_set) or getattr(module, "CHARACTER", None)
        if ch is None:
            continue
        if not ch.id.startswith(edition + "."):
            raise RuntimeError(f"character {ch.id} of {package} must be named {edition}.<name>")
        short = ch.short
        if short not in texts:
            raise RuntimeError(f"character {ch.id} has no texts in the text set {text_set}")
        t = texts[short]
        found[ch.id] = replace(ch, sex=t["sex"], hidden=t["hidden"], pool=t["pool"], texts=t, text_set=text_set)
    return dict(sorted(found.items()))  # tests/characters check that every character of the text set is here


def find(cid: str, text_set: str = "") -> CharacterDef | None:
    """The character with full id ``cid`` (``standard.lao_gui``; a short name means the default edition's) in
    ``text_set`` (its edition's default if empty); ``None`` if there is none."""
    from fengsheng.editions import EDITIONS, get_edition

    if "." not in cid:
        cid = f"{EDITIONS[0]}.{cid}"
    edition = cid.split(".", 1)[0]
    if edition not in EDITIONS:
        return None
    ed = get_edition(edition)
    if text_set and text_set not in ed.text_sets:
        text_set = ""
    return ed.characters(text_set).get(cid)


def name(cid: str, lang: str = "zh", text_set: str = "") -> str:
    """A character's name in ``lang``; the id itself if unknown."""
    ch = find(cid, text_set)
    return ch.name(lang) if ch is not None else cid


def text(character: str, lang: str = "zh", text_set: str = "") -> dict[str, Any]:
    """Name, skills and mission of a character in one language (for the UI and ``help``)."""
    ch = find(character, text_set)
    if ch is None:
        raise KeyError(f"unknown character {character!r}")
    t = ch.texts
    return {
        "id": character,
        "name": t["name"][lang],
        "sex": t["sex"],
        "hidden": t["hidden"],
        "skills": [{"id": s["id"], "name": s["name"][lang], "text": s["text"][lang]} for s in t["skills"]],
        "mission": t["mission"][lang],
    }


def all_characters(text_set: str = "") -> dict[str, CharacterDef]:
    """Every character of every edition (its default text set, or ``text_set`` where the edition has it)."""
    from fengsheng.editions import EDITIONS, get_edition

    out: dict[str, CharacterDef] = {}
    for e in EDITIONS:
        ed = get_edition(e)
        out.update(ed.characters(text_set if text_set in ed.text_sets else ""))
    return out


__all__ = ["CharacterDef", "all_characters", "discover", "find", "load_texts", "name", "text"]
