"""S-COMP: the components, as loaded from data (``data/standard-cards.csv``).

S-COMP-2 (the retail listing of 115 cards) has no rule depending on it (A-52); S-COMP-7 (the character cards) is
the characters issue. Both are outside this issue's scope.
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

from fengsheng.config import Config
from fengsheng.core.cards import BLACK, BLUE, CARD_TYPES, COLOURS, IDENTITIES, METHODS, PROBE, RED
from fengsheng.game import Game
from fengsheng.invariants import card_zones, check
from fengsheng.scenario import Scenario
from fengsheng.testing import Script
from tests.conftest import play_random
from tests.external import rules_file
from tests.helpers import DISTRIBUTION, OPTIONAL_DISTRIBUTION, STANDARD_DECK

PACKAGED_CARDS = Path(__file__).resolve().parents[2] / "src" / "fengsheng" / "editions" / "standard" / "data" / "cards.csv"

# S-COMP-6: type -> (method, red, blue, black)
TABLE = {
    "lock": ("direct", 3, 3, 6),
    "lure_away": ("text", 2, 2, 2),
    "intercept": ("secret", 1, 1, 6),
    "return": ("text", 3, 3, 2),
    "decode": ("secret", 2, 2, 2),
    "burn": ("direct", 2, 2, 2),
    "see_through": ("direct", 5, 5, 4),
    "probe": ("secret", 6, 6, 6),
    "true_or_false": ("text", 1, 1, 1),
}


def test_S_COMP_1_eighty_one_game_cards_and_nine_identity_cards() -> None:
    assert len(STANDARD_DECK) == 81
    assert [c.id for c in STANDARD_DECK] == list(range(81))
    # The identity cards: no distribution row needs more than the 9 cards of S-COMP-3, and 9 players use all 9.
    rows = [*DISTRIBUTION.values(), *OPTIONAL_DISTRIBUTION.values()]
    need = [max(r[i] for r in rows) for i in range(3)]
    assert sum(need) == 9
    assert Counter(Config(players=9).identity_pool()) == Counter(dict.fromkeys(IDENTITIES, 3))


def test_S_COMP_3_three_identity_cards_of_each_identity() -> None:
    assert IDENTITIES == ("underground", "military_intel", "bystander")
    for players in range(3, 10):
        for optional in (False, True):
            if optional and players not in OPTIONAL_DISTRIBUTION:
                continue
            pool = Counter(Config(players=players, optional_distribution=optional).identity_pool())
            assert set(pool) <= set(IDENTITIES)
            assert all(v <= 3 for v in pool.values()), (players, optional, pool)


def test_S_COMP_4_every_card_has_a_method_a_colour_and_an_effect() -> None:
    for c in STANDARD_DECK:
        assert c.method in METHODS
        assert c.colour in COLOURS
        assert c.type in CARD_TYPES
        assert (c.probe_identity is not None) == (c.type == PROBE)
        assert (c.probe_effect is not None) == (c.type == PROBE)


def test_S_COMP_6_counts_per_type_colour_and_method() -> None:
    by_type_colour = Counter((c.type, c.colour) for c in STANDARD_DECK)
    for t, (method, r, b, k) in TABLE.items():
        assert by_type_colour[(t, RED)] == r, t
        assert by_type_colour[(t, BLUE)] == b, t
        assert by_type_colour[(t, BLACK)] == k, t
        # each type has a single method
        assert {c.method for c in STANDARD_DECK if c.type == t} == {method}, t
    assert Counter(c.type for c in STANDARD_DECK) == Counter(
        {
            "lock": 12,
            "lure_away": 6,
            "intercept": 8,
            "return": 8,
            "decode": 6,
            "burn": 6,
            "see_through": 14,
            "probe": 18,
            "true_or_false": 3,
        }
    )
    assert Counter(c.colour for c in STANDARD_DECK) == {RED: 25, BLUE: 25, BLACK: 31}
    assert Counter(c.method for c in STANDARD_DECK) == {"secret": 32, "direct": 32, "text": 17}
    assert len(CARD_TYPES) == 9


def test_S_COMP_6_probe_split_three_identities_three_colours_two_effects() -> None:
    probes = [c for c in STANDARD_DECK if c.type == PROBE]
    keys = Counter((c.probe_identity, c.colour, c.probe_effect) for c in probes)
    assert len(keys) == 18 and set(keys.values()) == {1}
    assert Counter(c.probe_identity for c in probes) == dict.fromkeys(IDENTITIES, 6)
    assert Counter(c.probe_effect for c in probes) == {"draw_2": 9, "discard_1": 9}
    lines = {c.probe_effect: c.probe_line for c in probes}
    assert lines == {"draw_2": "我是卧底", "discard_1": "我是好人"}


def test_S_COMP_6_the_packaged_card_table_has_42_rows_of_81_cards() -> None:
    rows = list(csv.DictReader(PACKAGED_CARDS.read_text(encoding="utf-8").splitlines()))
    assert sum(int(r["count"]) for r in rows) == 81
    assert len(rows) == 42


def test_S_COMP_6_the_packaged_card_table_is_the_specifications() -> None:
    """The engine's cards.csv is the specification's standard-cards.csv, byte for byte (with $FENGSHENG_RULES)."""
    spec = rules_file("standard-cards.csv")
    assert spec.read_text(encoding="utf-8") == PACKAGED_CARDS.read_text(encoding="utf-8")


def test_S_COMP_5_a_card_sent_as_intelligence_has_no_function_effect() -> None:
    """A 锁定 sent as intelligence locks nobody; a 真伪莫辨 obtained does nothing; they are only intelligence."""
    g = Scenario(
        players=3,
        identities=["ug", "mi", "by"],
        current=0,
        hands={0: ["K:lock", "R:true_or_false"]},
        at="pass",
    ).build()
    s = Script(g)
    lock = s.card("K:lock", 0)
    s.do(f"0: send c{lock} @1")
    s.do("0: pass", "1: pass", "2: pass")  # Step 1
    s.do("0: pass", "1: pass", "2: pass")  # Step 2
    s.do("1: accept")
    assert g.locks == []
    assert g.seats[1].intel == [lock]
    assert not [e for e in g.events if e.kind in ("use", "locked", "resolve")]


def test_S_COMP_8_every_card_is_in_exactly_one_play_area() -> None:
    g = Game.new(Config(players=6), 11)
    zones = card_zones(g)
    assert all(len(z) == 1 for z in zones.values())
    assert Counter(z[0] for z in zones.values()) == {
        "deck": 81 - 6 * 3 - 2,
        **{f"hand{s}": 3 for s in range(6) if s != g.current},
        f"hand{g.current}": 5,
    }
    # …and stays so through a whole game, whose areas include the discard pile and the used probes
    seen: set[str] = set()

    def look(g: Game) -> None:
        check(g)
        for z in card_zones(g).values():
            seen.add(z[0].rstrip("0123456789"))

    play_random(g, 11, check=look)
    assert {"deck", "discard", "hand", "intel"} <= seen
