"""鎖定 Lock in 千智风声 (Q-CARD-LOCK, A-83).

001「指定另一位玩家必須接收本回合傳遞到他的情報。只能在自己的出牌階段使用」: only in your own play phase (not in the
passing phase, unlike the standard edition's Step 1), on another player. What a lock does to the pass is the shared
machinery (the locked player must accept; a lock beats an earlier 調虎離山), as for the standard card.

Implements: Q-CARD-LOCK.
"""

from __future__ import annotations

from typing import ClassVar

from fengsheng.cards.lock import Lock
from fengsheng.core.state import W_PLAY


class QianzhiLock(Lock):
    windows: ClassVar[frozenset[str]] = frozenset({W_PLAY})
    # allowed (inherited): the current player only, so in his own play phase (A-83); 柒佰's 敏銳 is a permission


HANDLER = QianzhiLock()
