"""S-DIST: how many identity cards of each kind are dealt, by player count and option."""

from __future__ import annotations

from collections import Counter

import pytest

from fengsheng.config import Config
from fengsheng.core.cards import BYSTANDER, MILITARY_INTEL, UNDERGROUND
from fengsheng.errors import ConfigError
from fengsheng.game import Game
from tests.helpers import DISTRIBUTION, OPTIONAL_DISTRIBUTION

MAIN = {3: (1, 1, 1), 4: (1, 1, 2), 5: (2, 2, 1), 6: (2, 2, 2), 7: (3, 3, 1), 8: (3, 3, 2), 9: (3, 3, 3)}
OPTIONAL = {4: (2, 2, 0), 6: (3, 3, 0), 7: (2, 2, 3)}


def dealt(g: Game) -> tuple[int, int, int]:
    c = Counter(s.identity for s in g.seats)
    return c[UNDERGROUND], c[MILITARY_INTEL], c[BYSTANDER]


@pytest.mark.parametrize("players", range(3, 10))
def test_S_DIST_1_main_row_is_dealt(players: int) -> None:
    assert DISTRIBUTION[players] == MAIN[players]
    cfg = Config(players=players)
    assert cfg.distribution == MAIN[players]
    assert len(cfg.identity_pool()) == players
    for seed in range(5):
        g = Game.new(cfg, seed)
        assert dealt(g) == MAIN[players]
        assert all(s.identity for s in g.seats)  # one identity card each


@pytest.mark.parametrize("players", [4, 6, 7])
def test_S_DIST_2_optional_row_for_4_6_7_players(players: int) -> None:
    assert OPTIONAL_DISTRIBUTION[players] == OPTIONAL[players]
    cfg = Config(players=players, optional_distribution=True)
    assert cfg.distribution == OPTIONAL[players]
    g = Game.new(cfg, 2)
    assert dealt(g) == OPTIONAL[players]
    assert g.events[0].data["distribution"] == list(OPTIONAL[players])


@pytest.mark.parametrize("players", [3, 5, 8, 9])
def test_S_DIST_2_no_optional_row_for_other_counts(players: int) -> None:
    with pytest.raises(ConfigError):
        Config(players=players, optional_distribution=True)


@pytest.mark.parametrize("players", [4, 6])
def test_S_DIST_3_first_game_rows_have_no_bystander(players: int) -> None:
    cfg = Config(players=players, optional_distribution=True)
    assert cfg.distribution[2] == 0
    for seed in range(5):
        g = Game.new(cfg, seed)
        assert BYSTANDER not in {s.identity for s in g.seats}
        ug, mi, _ = dealt(g)
        assert ug == mi == players // 2


@pytest.mark.parametrize("players", [0, 1, 2, 10, 12, -3])
def test_S_DIST_4_three_to_nine_players_only(players: int) -> None:
    with pytest.raises(ConfigError):
        Config(players=players)


def test_S_DIST_4_no_row_uses_more_than_three_of_one_identity() -> None:
    for row in [*DISTRIBUTION.values(), *OPTIONAL_DISTRIBUTION.values()]:
        assert max(row) <= 3
    assert sorted(DISTRIBUTION) == list(range(3, 10))
    with pytest.raises(ConfigError):
        Config(players="5")  # type: ignore[arg-type]
