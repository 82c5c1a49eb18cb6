"""The card roles the rule index trusts (``CardHandler.users``, ``needs_stack``; ``Edition.role_cards``).

Where no rule gives permissions, the priority options and the pass fast path look only at the cards a seat may use
by their own text: the current player's (锁定, 试探, 真伪莫辨, …), the others' (截获), 识破 only against a use on the
stack. A wrong declaration would hide a legal option, so these tests hold the declarations against the handlers'
own ``allowed`` and the options against those computed with every card of the window (S-PRIO-2).
"""

from __future__ import annotations

import random

import pytest

from fengsheng.cards.base import ANYONE, CURRENT, OTHERS
from fengsheng.config import Config
from fengsheng.core.options import PRIORITY
from fengsheng.editions import get_edition
from fengsheng.flow.window import Window
from fengsheng.game import Game

CONFIGS = [
    Config(players=5, characters=False),
    Config(players=5, characters=True),
    Config(players=7, characters=True, character_pool="all"),
    Config(edition="qianzhi", players=5, characters=False),
    Config(edition="qianzhi", players=6, characters=True),
]


def _positions(config: Config, games: int, seed: int) -> list[tuple[Game, Window]]:
    """Random play; every priority decision's game and window (each a clone, so that the test may change it)."""
    out: list[tuple[Game, Window]] = []
    for i in range(games):
        g = Game.new(config, seed + i)
        rnd = random.Random(seed + i)
        while g.decision is not None:
            d = g.decision
            if d.kind == PRIORITY and rnd.random() < 0.3:
                c = g.clone()
                top = c.frames[-1]
                assert isinstance(top, Window)
                out.append((c, top))
            g.act(d.options[rnd.randrange(len(d.options))])
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.edition}-{c.players}-{c.characters}")
def test_a_handler_refuses_what_its_role_excludes(config: Config) -> None:
    """``users`` and ``needs_stack`` never exclude a seat that ``allowed`` lets use the card."""
    checked = 0
    for g, win in _positions(config, 12, 7100):
        for h in g.handlers.values():
            if win.kind not in h.windows:
                continue
            for seat in range(g.n):
                if not g.seats[seat].in_game:
                    continue
                current = seat == g.current
                excluded = (h.users == CURRENT and not current) or (h.users == OTHERS and current)
                excluded = excluded or (h.needs_stack and not win.stack)
                if excluded:
                    assert not h.allowed(g, seat, win), (type(h).__name__, seat, g.current, win.kind)
                    checked += 1
    assert checked > 500


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.edition}-{c.players}-{c.characters}")
def test_the_options_are_those_of_every_card_of_the_window(config: Config) -> None:
    """Every seat's priority options with the role tables equal those computed with the window's whole card set."""
    compared = 0
    for g, win in _positions(config, 10, 7200):
        roles = g.priority_options
        seats = [s for s in range(g.n) if g.seats[s].in_game]
        with_roles = [list(roles(s, win)) for s in seats]
        g.role_cards = {k: ((c, c), (c, c)) for k, c in g.window_cards.items()}  # no card left out
        assert [list(g.priority_options(s, win)) for s in seats] == with_roles
        compared += len(seats)
    assert compared > 500


def test_the_declarations_the_tables_are_made_of() -> None:
    std = get_edition("standard")
    users = {t: (h.users, h.needs_stack) for t, h in std.handlers.items()}
    assert users["lock"] == (CURRENT, False) and users["probe"] == (CURRENT, False)
    assert users["intercept"] == (OTHERS, False) and users["see_through"] == (ANYONE, True)
    # a seat that is not the current player holds no usable 锁定 in the play window; the current player may use it
    lock = next(i for i, t in enumerate(std.card_type) if t == "lock")
    assert lock not in std.role_cards["play"][False][False] and lock in std.role_cards["play"][True][False]
    see_through = next(i for i, t in enumerate(std.card_type) if t == "see_through")
    assert see_through not in std.role_cards["play"][True][False] and see_through in std.role_cards["play"][True][True]
