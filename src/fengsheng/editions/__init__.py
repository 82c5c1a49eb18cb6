"""The editions the engine plays, by name. Each lives in its own package (``editions/standard/`` …) and is built
on first use."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from fengsheng.core.options import quote
from fengsheng.errors import ConfigError

if TYPE_CHECKING:
    from fengsheng.editions.base import Edition

EDITIONS: tuple[str, ...] = ("standard", "qianzhi")
"""Edition names, the default first."""

_built: dict[str, Edition] = {}


def get_edition(name: str = "standard") -> Edition:
    """The edition called ``name`` (raises :class:`ConfigError` for an unknown one)."""
    ed = _built.get(name)
    if ed is None:
        if name not in EDITIONS:
            raise ConfigError(f"unknown edition {quote(name)}; editions are {', '.join(EDITIONS)}")
        ed = _built[name] = importlib.import_module(f"fengsheng.editions.{name}").EDITION
    return ed


def character_edition(cid: str) -> Edition:
    """The edition a full character id (``standard.lao_gui``) belongs to."""
    return get_edition(cid.split(".", 1)[0] if "." in cid else EDITIONS[0])


__all__ = ["EDITIONS", "character_edition", "get_edition"]
