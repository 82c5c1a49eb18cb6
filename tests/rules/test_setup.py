"""S-SETUP: dealing identities and cards, and choosing the first player.

S-SETUP-1 (choosing characters) and S-SETUP-2 (hidden characters face down) need the character cards: they wait
for the characters issue (see tools/rulecov.py).
"""

from __future__ import annotations

from collections import Counter

from fengsheng.config import Config
from fengsheng.core.cards import BYSTANDER, MILITARY_INTEL, UNDERGROUND
from fengsheng.game import Game


def setup_events(g: Game) -> list[dict]:
    out = []
    for e in g.events:
        if e.kind == "turn":
            break
        out.append(e.full())
    return out


def test_S_SETUP_3_first_game_mode_has_no_character_cards() -> None:
    cfg = Config(players=5)
    assert cfg.characters is False
    g = Game.new(cfg, 0)
    assert all(s.character is None and not s.face_up for s in g.seats)
    # only the identity victory rules exist; no skill, no conversion, no character decision
    assert not g.action_rules and not g.conversion_rules and not g.draw_rules and not g.reaction_rules
    assert g.decision is not None and g.decision.kind == "priority" and g.decision.context == "play"
    assert not any("character" in e.kind for e in g.events)


def test_S_SETUP_4_identities_dealt_face_down_one_each_shuffled() -> None:
    cfg = Config(players=5)
    layouts = set()
    for seed in range(30):
        g = Game.new(cfg, seed)
        idents = tuple(s.identity for s in g.seats)
        assert Counter(idents) == {UNDERGROUND: 2, MILITARY_INTEL: 2, BYSTANDER: 1}
        layouts.add(idents)
        # face down: each seat is told only its own identity
        ev = [e for e in g.events if e.kind == "identity"]
        assert [e.audience for e in ev] == [(i,) for i in range(5)]
        assert all("identity" not in e.data for e in ev)
        for s in g.seats:
            assert not s.identity_revealed
            v = g.view(s.index)
            assert [x["identity"] for x in v["seats"]] == [idents[i] if i == s.index else None for i in range(5)]
    assert len(layouts) > 10  # shuffled


def test_S_SETUP_4_identities_dealt_before_cards() -> None:
    evs = [e["kind"] for e in setup_events(Game.new(Config(players=4), 1))]
    assert evs.index("identity") < evs.index("draw") < evs.index("first_player")


def test_S_SETUP_5_three_cards_each_rest_is_the_shuffled_deck() -> None:
    for players in (3, 5, 9):
        g = Game.new(Config(players=players), 7)
        deals = [e for e in setup_events(g) if e["kind"] == "draw"]
        assert [(e["seat"], e["count"]) for e in deals] == [(s, 3) for s in range(players)]
        dealt = [c for e in deals for c in e["cards"]]
        assert len(set(dealt)) == 3 * players
        # after the first player's draw phase (2 cards) the rest is the deck
        assert len(g.deck) == 81 - 3 * players - 2
        assert sorted(g.deck + [c for s in g.seats for c in s.hand]) == list(range(81))
        assert g.discard == [] and all(s.intel == [] for s in g.seats)
    hands = {tuple(Game.new(Config(players=5), seed).seats[0].hand[:3]) for seed in range(20)}
    assert len(hands) > 15  # shuffled


def test_S_SETUP_6_first_player_chosen_at_random() -> None:
    firsts = Counter()
    for seed in range(200):
        g = Game.new(Config(players=5), seed)
        ev = next(e for e in g.events if e.kind == "first_player")
        first = ev.data["seat"]
        firsts[first] += 1
        assert g.current == first
        assert g.decision is not None and g.decision.seat == first
        assert g.turn == 1
        # the first player has drawn (3 + 2 cards); the others hold their 3
        assert [len(s.hand) for s in g.seats] == [5 if s.index == first else 3 for s in g.seats]
    assert set(firsts) == set(range(5))
    assert min(firsts.values()) > 20
