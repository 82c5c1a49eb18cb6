"""S-VAR: 醬油同盟, the 4-card victory and the first-game set-up."""

from __future__ import annotations

from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.core.cards import BYSTANDER
from fengsheng.errors import ConfigError
from fengsheng.game import Game
from fengsheng.scenario import Scenario
from fengsheng.testing import Script
from tests.helpers import TwoIntel


def to_step3(players: int, identities: list[str], holder: int, card: str, config: Config, **kw: Any) -> Game:
    return Scenario(
        players=players,
        identities=identities,
        current=0,
        at="step3",
        transit={"card": card, "holder": holder},
        config=config,
        **kw,
    ).build()


@pytest.mark.parametrize("alliance,expect", [(True, [2, 5]), (False, [2])])
def test_S_VAR_1_bystander_alliance_all_bystanders_share_a_declared_win(alliance: bool, expect: list[int]) -> None:
    ids = ["ug", "mi", "by", "ug", "mi", "by"]
    g = to_step3(6, ids, 2, "K:decode", Config(players=6, bystander_alliance=alliance), intel={2: ["R:lock"]})
    g.add_rule(TwoIntel(2))
    Script(g).do("2: accept", "2: declare")
    assert g.result["winners"] == expect and g.result["factions"] == [BYSTANDER]


def test_S_VAR_1_a_bystander_who_lost_does_not_share_it() -> None:
    ids = ["by", "ug", "by", "mi", "ug", "mi"]
    g = Scenario(
        players=6,
        identities=ids,
        current=0,
        at="pass",
        intel={2: ["R:lock"]},
        deck=["B:decode", "K:decode"],
        config=Config(players=6, bystander_alliance=True, auto_pass=True),
    ).build()
    assert g.seats[0].lost  # no card to send
    g.add_rule(TwoIntel(2))
    s = Script(g)
    s.do("1: send c{K:decode}")
    while g.decision.kind == "priority":
        s.do(f"{g.decision.seat}: pass")
    s.do("2: accept", "2: declare")
    assert g.result["winners"] == [2]


@pytest.mark.parametrize("players,optional", [(3, False), (4, False), (5, False), (7, False), (8, False), (4, True)])
def test_S_VAR_1_bystander_alliance_only_with_2_2_2_or_3_3_3(players: int, optional: bool) -> None:
    with pytest.raises(ConfigError):
        Config(players=players, optional_distribution=optional, bystander_alliance=True)


def test_S_VAR_1_bystander_alliance_at_6_and_9_players() -> None:
    assert Config(players=6, bystander_alliance=True).distribution == (2, 2, 2)
    assert Config(players=9, bystander_alliance=True).distribution == (3, 3, 3)


def test_S_VAR_2_four_card_victory() -> None:
    cfg = Config(players=5, four_card_victory=True)
    assert cfg.faction_target == 4 and Config(players=5).faction_target == 3
    ids = ["mi", "ug", "mi", "ug", "by"]
    g = to_step3(5, ids, 1, "R:decode", cfg, intel={1: ["R:lock", "R:burn"]})
    Script(g).do("1: accept")
    assert sum(1 for c in g.seats[1].intel) == 3 and not g.declarable[1] and g.decision.kind != "declare"
    g = to_step3(5, ids, 1, "R:decode", cfg, intel={1: ["R:lock", "R:burn", "R:return"]})
    s = Script(g)
    s.do("1: accept")
    s.expect(1, "declare")
    s.do("1: declare")
    assert g.result["winners"] == [1, 3]


@pytest.mark.parametrize("players", [4, 6])
def test_S_VAR_3_first_game_even_players_no_bystander_no_characters(players: int) -> None:
    cfg = Config(players=players, optional_distribution=True)
    assert not cfg.characters
    for seed in range(5):
        g = Game.new(cfg, seed)
        assert BYSTANDER not in [x.identity for x in g.seats]
        assert all(x.character is None for x in g.seats)
        assert not g.action_rules and not g.reaction_rules
