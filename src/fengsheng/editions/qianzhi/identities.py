"""千智风声's identities: 8 identity cards (3 潜伏战线, 3 军情处, 2 打酱油的) and the identity mix per player count.

001 refers to a table it does not give (「參考下表」, Q-ID-2). Following A-81 the standard rows (S-DIST-1) are used
from 3 to 8 players; each fits within 3/3/2. The optional rows for 4 (2/2/0) and 6 (3/3/0) players fit too; the
7-player optional row (2/2/3) needs three bystanders and does not exist here.

The faction victory is the standard one (S-ID-1/2: one member holds three red / blue intelligence, the faction wins,
Q-ID-1): the same rule objects. A 打酱油的 player's victory is his character's 醬油任務 (Q-CHAR-3); without characters
he can only win as the last player standing (Q-WIN-2).

Implements: Q-ID-1, Q-ID-2, Q-WIN-1.
"""

from __future__ import annotations

from fengsheng.core.cards import MILITARY_INTEL, UNDERGROUND
from fengsheng.rules.base import Rule
from fengsheng.rules.victory import MilitaryIntelVictory, UndergroundVictory

IDENTITY_CARDS: dict[str, int] = {UNDERGROUND: 3, MILITARY_INTEL: 3, "bystander": 2}
"""Q-COMP-1: 001「身份卡8張（潛伏戰線3張，軍情處3張，打醬油的2張）」."""

# the standard rows up to 8 players (underground, military_intel, bystander).
DISTRIBUTION: dict[int, tuple[int, int, int]] = {
    3: (1, 1, 1),
    4: (1, 1, 2),
    5: (2, 2, 1),
    6: (2, 2, 2),
    7: (3, 3, 1),
    8: (3, 3, 2),
}
# A-81: the optional rows that fit within 3/3/2 (not 7 players' 2/2/3).
OPTIONAL_DISTRIBUTION: dict[int, tuple[int, int, int]] = {4: (2, 2, 0), 6: (3, 3, 0)}

IDENTITY_RULES: dict[str, type[Rule]] = {
    UNDERGROUND: UndergroundVictory,
    MILITARY_INTEL: MilitaryIntelVictory,
}
