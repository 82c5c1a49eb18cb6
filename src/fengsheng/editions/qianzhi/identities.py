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

from fengsheng.core.cards import BYSTANDER, MILITARY_INTEL, UNDERGROUND
from fengsheng.editions.standard import identities as standard

IDENTITY_CARDS: dict[str, int] = {UNDERGROUND: 3, MILITARY_INTEL: 3, BYSTANDER: 2}
"""Q-COMP-1: 001「身份卡8張（潛伏戰線3張，軍情處3張，打醬油的2張）」."""


def _fits(row: tuple[int, int, int]) -> bool:
    """Whether an identity row (underground, military_intel, bystander) can be dealt from the 8 identity cards."""
    return all(k <= IDENTITY_CARDS[f] for k, f in zip(row, (UNDERGROUND, MILITARY_INTEL, BYSTANDER), strict=True))


# the standard rows that fit within 3/3/2 — every row from 3 to 8 players, and the optional rows for 4 and 6
# (not 7 players' 2/2/3).
DISTRIBUTION: dict[int, tuple[int, int, int]] = {n: r for n, r in standard.DISTRIBUTION.items() if _fits(r)}
OPTIONAL_DISTRIBUTION: dict[int, tuple[int, int, int]] = {
    n: r for n, r in standard.OPTIONAL_DISTRIBUTION.items() if _fits(r)
}
IDENTITY_RULES = standard.IDENTITY_RULES  # Q-ID-1: the same victory rules
