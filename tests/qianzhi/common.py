"""Building 千智风声 scenarios for the tests of ``tests/qianzhi/``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fengsheng.config import Config
from fengsheng.editions import get_edition
from fengsheng.game import Game
from fengsheng.scenario import Scenario

QZ = get_edition("qianzhi")
DECK = QZ.deck
IDS = ("ug", "mi", "by", "ug", "mi", "by", "ug", "mi")


def build(players: int = 4, identities: Sequence[str] | None = None, *, auto_pass: bool = True, **kw: Any) -> Game:
    """A built 千智风声 :class:`Scenario` of ``players`` seats (identities ug, mi, by, … by default)."""
    ids = list(identities) if identities else list(IDS[:players])
    kw.setdefault("config", Config(edition="qianzhi", players=players, auto_pass=auto_pass))
    return Scenario(players=players, identities=ids, **kw).build()


def new(players: int = 5, seed: int = 0, **kw: Any) -> Game:
    return Game.new(Config(edition="qianzhi", players=players, **kw), seed)


def card_of(g: Game, spec: str, seat: int, zone: str = "hand") -> int:
    from fengsheng.core.cards import find_cards

    cards = g.seats[seat].hand if zone == "hand" else g.seats[seat].intel
    found = find_cards(spec, cards, g.edition.deck)
    assert found, (spec, seat, zone)
    return found[0]
