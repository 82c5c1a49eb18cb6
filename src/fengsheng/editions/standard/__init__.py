"""The standard edition (2009/2010 千骐 rulebook, seed 000): 81 cards of 9 types, 3 to 9 players, 18 characters
plus the supplement, two text sets (000, the default, and 004, A-45).

Layout: ``deck.py`` + ``data/cards.csv`` (the cards), ``identities.py`` (S-DIST table and identity victory rules),
``characters/`` (one module per character) + ``data/characters-<set>.json`` (their texts). The card types' rules
are shared machinery in ``fengsheng/cards/``.

The rules use the 108 cards of S-COMP-1 (9 identity, 81 game and 18 base character cards), not the retail listing's
115 (S-COMP-2, A-52).

Implements: S-COMP-1, S-COMP-2.
"""

from __future__ import annotations

from fengsheng.cards import burn, decode, intercept, lock, lure_away, probe, return_, see_through, true_or_false
from fengsheng.editions.base import STANDARD_TURN_PLAN, Edition, Switches
from fengsheng.editions.standard.characters import TEXT_SETS, load_characters
from fengsheng.editions.standard.deck import DECK
from fengsheng.editions.standard.identities import DISTRIBUTION, IDENTITY_RULES, OPTIONAL_DISTRIBUTION

EDITION = Edition(
    id="standard",
    name={"zh": "标准版", "en": "Standard edition"},
    deck=DECK,
    handlers={
        m.HANDLER.type: m.HANDLER
        for m in (lock, lure_away, intercept, return_, decode, burn, see_through, probe, true_or_false)
    },
    turn_plan=STANDARD_TURN_PLAN,
    distribution=DISTRIBUTION,
    optional_distribution=OPTIONAL_DISTRIBUTION,
    identity_rules=IDENTITY_RULES,
    text_sets=TEXT_SETS,
    load_characters=load_characters,
    switches=Switches(),
)
