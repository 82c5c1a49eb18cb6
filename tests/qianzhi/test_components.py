"""千智风声 components and identities (Q-COMP, Q-CARD-TABLE, Q-ID-2, A-81, A-85)."""

from __future__ import annotations

from collections import Counter

import pytest

from fengsheng.config import Config
from fengsheng.core.cards import BLACK, BLUE, DIRECT, RED, SECRET, TEXT
from fengsheng.errors import ConfigError
from fengsheng.game import Game
from tests.qianzhi.common import DECK, QZ, new

TABLE = {  # type: (method, red, blue, black), 001's printed counts
    "decode": (SECRET, 3, 3, 4),
    "lock": (SECRET, 6, 6, 6),
    "intercept": (DIRECT, 2, 2, 9),
    "burn": (DIRECT, 2, 2, 3),
    "transfer": (DIRECT, 3, 3, 2),
    "lure_away": (TEXT, 3, 3, 5),
    "see_through": (DIRECT, 1, 1, 3),
    "true_or_false": (SECRET, 1, 1, 0),
    "swap": (TEXT, 2, 2, 4),
    "reinforce": (SECRET, 1, 1, 2),
    "gamble": (DIRECT, 0, 0, 2),
    "rebalance": (DIRECT, 0, 0, 2),
    "probe": (SECRET, 6, 6, 6),
}


def test_Q_COMP_1_108_game_cards_and_8_identity_cards() -> None:
    from fengsheng.editions.qianzhi.identities import IDENTITY_CARDS

    assert len(DECK) == 108
    assert [c.id for c in DECK] == list(range(108))
    assert IDENTITY_CARDS == {"underground": 3, "military_intel": 3, "bystander": 2}
    assert sum(IDENTITY_CARDS.values()) + 108 + 30 == 146


def test_Q_CARD_TABLE_each_type_its_counts_per_colour_and_its_one_method() -> None:
    assert len(TABLE) == 13 and {c.type for c in DECK} == set(TABLE)
    for t, (method, red, blue, black) in TABLE.items():
        cards = [c for c in DECK if c.type == t]
        colours = Counter(c.colour for c in cards)
        assert (colours[RED], colours[BLUE], colours[BLACK]) == (red, blue, black), t
        assert {c.method for c in cards} == {method}, t
    assert "return" not in {c.type for c in DECK}  # no 退回 in 千智风声


def test_Q_COMP_5_totals_30_30_48_by_colour_52_37_19_by_method() -> None:
    assert Counter(c.colour for c in DECK) == {RED: 30, BLUE: 30, BLACK: 48}
    assert Counter(c.method for c in DECK) == {SECRET: 52, DIRECT: 37, TEXT: 19}
    assert sum(r + b + k for _, r, b, k in TABLE.values()) == 108


def test_Q_CARD_PROBE_1_A_85_probe_layout_six_per_identity_draw_and_discard_halves() -> None:
    probes = [c for c in DECK if c.type == "probe"]
    assert len(probes) == 18
    for ident in ("underground", "military_intel", "bystander"):
        mine = [c for c in probes if c.probe_identity == ident]
        assert Counter(c.colour for c in mine) == {RED: 2, BLUE: 2, BLACK: 2}
        draw = [c for c in mine if c.probe_effect == "draw_1"]
        discard = [c for c in mine if c.probe_effect == "discard_1"]
        assert {c.colour for c in draw} == {RED, BLUE, BLACK} and {c.colour for c in discard} == {RED, BLUE, BLACK}
        assert {c.probe_line for c in draw} == {"其實我是卧底"} and {c.probe_line for c in discard} == {"我是一個好人"}


def test_Q_COMP_2_every_card_is_a_function_card_and_may_be_sent_as_intelligence() -> None:
    assert set(QZ.handlers) == set(TABLE)
    g = new(5, seed=3, auto_pass=True)
    d = g.decision
    assert d is not None
    while d is not None and d.kind != "send":
        g.step(0)
        d = g.decision
    assert d is not None
    sendable = {o.card for o in d.options}
    assert sendable == set(g.seats[d.seat].hand)  # any card in hand, whatever its type


def test_Q_ID_2_A_81_identity_rows_3_to_8_players_within_the_3_3_2_cards() -> None:
    assert QZ.players == (3, 8)
    rows = {n: Config(edition="qianzhi", players=n).distribution for n in range(3, 9)}
    assert rows == {3: (1, 1, 1), 4: (1, 1, 2), 5: (2, 2, 1), 6: (2, 2, 2), 7: (3, 3, 1), 8: (3, 3, 2)}
    for ug, mi, by in [*rows.values(), *QZ.optional_distribution.values()]:
        assert ug <= 3 and mi <= 3 and by <= 2
    assert Config(edition="qianzhi", players=4, optional_distribution=True).distribution == (2, 2, 0)
    with pytest.raises(ConfigError):
        Config(edition="qianzhi", players=9)  # 8 identity cards
    with pytest.raises(ConfigError):
        Config(edition="qianzhi", players=7, optional_distribution=True)  # 2/2/3 needs 3 bystanders


def test_Q_COMP_3_identity_cards_carry_their_victory_rule() -> None:
    from fengsheng.rules.victory import MilitaryIntelVictory, UndergroundVictory

    g = new(6, seed=1)
    kinds = {(type(r), g.seats[r.owner].identity) for r in g.victory_rules}
    assert kinds == {(UndergroundVictory, "underground"), (MilitaryIntelVictory, "military_intel")}


def test_Q_SETUP_2_identities_dealt_at_random_and_secret() -> None:
    seen = set()
    for seed in range(12):
        g = new(5, seed=seed)
        ids = tuple(s.identity for s in g.seats)
        assert sorted(ids) == sorted(["underground"] * 2 + ["military_intel"] * 2 + ["bystander"])
        seen.add(ids)
        v = g.view(1)
        assert v["me"]["identity"] == ids[1]
        assert all("identity" not in s or s["identity"] is None for i, s in enumerate(v["seats"]) if i != 1)
    assert len(seen) > 3


def test_Q_SETUP_3_three_starting_cards_each() -> None:
    g = Game.new(Config(edition="qianzhi", players=6), 5)
    first = next(e for e in g.events if e.kind == "first_player").seat
    for s in g.seats:
        assert len(s.hand) == (5 if s.index == first else 3)  # the first player has drawn his 2 already


def test_Q_MODE_4_free_mode_3_to_8_players_plays_to_the_end() -> None:
    import random

    for n in range(3, 9):
        g = new(n, seed=n, auto_pass=True)
        r = random.Random(n)
        while g.decision is not None:
            g.step(r.randrange(len(g.decision.options)))
        assert g.result is not None and g.result["reason"] in ("declared", "last_standing", "nobody_left")
