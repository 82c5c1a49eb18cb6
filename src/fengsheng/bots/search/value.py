"""A learnt value of a position for truncated rollouts: the probability that a seat wins, from what a world holds.

A full rollout plays a world to the end of the game (some 150 HeuristicBot decisions, 20–30 ms). A truncated one
plays it for a few turns and then scores the position with :func:`value`: a logistic regression per identity on
:func:`features` (the seat's faction's and the rival faction's intelligence of their colours, black intelligence,
who is still playing, hand sizes, the turn). The coefficients are fitted offline from HeuristicBot self-play by
``scripts/fit_search_value.py`` (deterministic given its seed) and stored in ``value.json`` next to this module;
they are plain numbers, so the bot needs nothing beyond the standard library at run time.

The value reads the *world* (a sampled ``Game``), never the real game: a world is the searching seat's own sample.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from fengsheng.core.cards import BLUE, BYSTANDER, MILITARY_INTEL, RED, UNDERGROUND
from fengsheng.game import Game

COLOUR_OF = {UNDERGROUND: RED, MILITARY_INTEL: BLUE}
"""The colour each faction collects (S-ID-1/2)."""
RIVAL = {UNDERGROUND: MILITARY_INTEL, MILITARY_INTEL: UNDERGROUND}
FEATURES = (
    "bias",
    "ally_best_1",
    "ally_best_2",
    "rival_best_1",
    "rival_best_2",
    "ally_sum",
    "rival_sum",
    "self_alive",
    "self_black_1",
    "self_black_2",
    "allies_alive",
    "enemies_alive",
    "ally_black_2",
    "enemy_black_2",
    "self_hand",
    "enemy_hand",
    "turn",
    "is_current",
)
"""The names of :func:`features`, in order (``value.json`` stores them to check the order)."""
DATA = Path(__file__).with_name("value.json")


def _count(g: Game, seat: int, colour: str) -> int:
    cc = g.card_colour
    return sum(1 for c in g.seats[seat].intel if colour in cc[c])


def _black(g: Game, seat: int) -> int:
    return sum(1 for c in g.seats[seat].intel if g.is_black[c])


def features(g: Game, seat: int) -> list[float]:
    """What the value is computed from, for ``seat`` in ``g`` (in the order of :data:`FEATURES`).

    Allies are the living seats of the seat's identity (itself included); enemies every other living seat. A
    faction's *best* is the most intelligence of its colour in front of one of its living seats (three wins); for a
    bystander, its own best colour is its "ally" best and the two factions' best its rival's."""
    me = g.seats[seat]
    ident = me.identity
    living = [s.index for s in g.seats if s.in_game]
    if ident in COLOUR_OF:
        colour, rival_colour = COLOUR_OF[ident], COLOUR_OF[RIVAL[ident]]
        allies = [s for s in living if g.seats[s].identity == ident]
        rivals = [s for s in living if g.seats[s].identity == RIVAL[ident]]
        ally_counts = [_count(g, s, colour) for s in allies]
        rival_counts = [_count(g, s, rival_colour) for s in rivals]
    else:
        allies = [seat] if me.in_game else []
        rivals = [s for s in living if g.seats[s].identity in COLOUR_OF]
        ally_counts = [max(_count(g, seat, RED), _count(g, seat, BLUE))] if me.in_game else []
        rival_counts = [_count(g, s, COLOUR_OF[g.seats[s].identity]) for s in rivals]
    enemies = [s for s in living if s not in allies]
    ally_best = max(ally_counts, default=0)
    rival_best = max(rival_counts, default=0)
    enemy_hands = [len(g.seats[s].hand) for s in enemies]
    return [
        1.0,
        float(ally_best == 1),
        float(ally_best >= 2),
        float(rival_best == 1),
        float(rival_best >= 2),
        sum(ally_counts) / 3.0,
        sum(rival_counts) / 3.0,
        float(me.in_game),
        float(_black(g, seat) == 1),
        float(_black(g, seat) >= 2),
        len(allies) / 2.0,
        len(enemies) / 2.0,
        float(any(_black(g, s) >= 2 for s in allies)),
        float(any(_black(g, s) >= 2 for s in enemies)),
        len(me.hand) / 5.0,
        (sum(enemy_hands) / len(enemy_hands) / 5.0) if enemy_hands else 0.0,
        min(g.turn, 40) / 20.0,
        float(g.current == seat),
    ]


def group(identity: str) -> str:
    """The coefficient set used for a seat of ``identity`` (one per identity; unknown ones use the bystanders')."""
    return identity if identity in (UNDERGROUND, MILITARY_INTEL) else BYSTANDER


@lru_cache(maxsize=4)
def load(path: str = str(DATA)) -> dict[str, list[float]]:
    """The fitted coefficients per identity group, checked against :data:`FEATURES`."""
    data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise ValueError(
            f"{path}: fitted on other features ({data['features']}); refit with scripts/fit_search_value.py"
        )
    return {k: [float(x) for x in v] for k, v in data["coefficients"].items()}


def logistic(coefficients: list[float], x: list[float]) -> float:
    """σ(w·x), clipped so that a very sure position does not overflow ``exp``."""
    z = sum(w * v for w, v in zip(coefficients, x, strict=True))
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def value(g: Game, seat: int) -> float:
    """The estimated probability that ``seat`` wins ``g``: its actual result if the game is over, else the model's."""
    result = g.result
    if result is not None:
        return 1.0 if seat in result.get("winners", ()) else 0.0
    coef = load()
    return logistic(coef[group(g.seats[seat].identity)], features(g, seat))


__all__ = ["DATA", "FEATURES", "features", "group", "load", "logistic", "value"]
