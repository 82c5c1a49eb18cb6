"""The standard edition's identity table (S-DIST-1, S-DIST-2) and the victory rule each identity brings (S-ID).

3 to 9 players (S-DIST-4); the optional rows include the 2/2/0 and 3/3/0 suggested for a first game (S-DIST-3). No
row uses more than 3 of an identity, the 3 × 3 identity cards (S-COMP-3). 军情局 and 军情处 are one identity,
military_intel (S-ID-6).

Implements: S-DIST-1..4, S-ID-6, S-COMP-3.
"""

from __future__ import annotations

from fengsheng.core.cards import MILITARY_INTEL, UNDERGROUND
from fengsheng.rules.base import Rule
from fengsheng.rules.victory import MilitaryIntelVictory, UndergroundVictory

# S-DIST-1: (underground, military_intel, bystander) per player count, 3 to 9 players (S-DIST-4).
DISTRIBUTION: dict[int, tuple[int, int, int]] = {
    3: (1, 1, 1),
    4: (1, 1, 2),
    5: (2, 2, 1),
    6: (2, 2, 2),
    7: (3, 3, 1),
    8: (3, 3, 2),
    9: (3, 3, 3),
}
# S-DIST-2: the optional rows of 000「红色部分」.
OPTIONAL_DISTRIBUTION: dict[int, tuple[int, int, int]] = {4: (2, 2, 0), 6: (3, 3, 0), 7: (2, 2, 3)}

IDENTITY_RULES: dict[str, type[Rule]] = {
    UNDERGROUND: UndergroundVictory,
    MILITARY_INTEL: MilitaryIntelVictory,
}
"""The victory rule each identity brings (bystanders have none without characters: S-ID-3)."""
