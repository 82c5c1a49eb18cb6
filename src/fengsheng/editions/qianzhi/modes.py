"""千智风声's modes (Q-MODE, A-81, A-82): ``Config(edition="qianzhi", mode=...)``, ``--mode NAME``.

* ``free`` (the default, Q-MODE-4): 001「3-8人遊戲，人數自由，規則與五、六人場相同」: the identity rows of A-81.
* ``beginner`` 新手場 (Q-MODE-1): 001「新手場遊戲人數為4人，陣營公開」: four players whose identity cards are face up
  from the deal. 001 does not give the mix; A-81 suggests 2/2/0, which is what "factions public" needs (with a
  打酱油的 at the table a public identity would say who has a secret mission).
* ``3v3`` (Q-MODE-2): 001「3V3場基本同上，雙方角色座次如圖所示。角色選定后可以查看己方隊友」: two teams of three (3/3/0);
  the seating figure is missing, so the teams sit alternately (A-82), which faction at the first seat decided by the
  deal; after the characters are chosen each player sees his teammates' identity cards, not his opponents'.

* ``mission`` (Q-MODE-3, unnamed in 001, A-82): 001「與六人場身份配置相同，玩家無論身份均需完成醬油任務才可勝利」: six
  players, the six-player identity row, characters required. Ruling (A-82, docs/qianzhi.md): a player's character
  mission is his only victory condition, whatever his identity: the faction conditions (three red / blue) win nobody,
  the last player standing wins only through his mission (else nobody), and a mission win is his alone (his
  faction's others did not complete theirs). 致命香水's mission 「無」 can never be met (A-91).

Implements: Q-MODE-1, Q-MODE-2, Q-MODE-3.
"""

from __future__ import annotations

from fengsheng.editions.base import IDENTITIES_PUBLIC, IDENTITIES_TEAM, Mode
from fengsheng.editions.qianzhi.identities import DISTRIBUTION

MODES: dict[str, Mode] = {
    "free": Mode("free", {"zh": "自由场", "en": "free table"}),
    "beginner": Mode("beginner", {"zh": "新手场", "en": "beginner table"}, {4: (2, 2, 0)}, IDENTITIES_PUBLIC),
    "3v3": Mode("3v3", {"zh": "3V3场", "en": "3 vs 3"}, {6: (3, 3, 0)}, IDENTITIES_TEAM, alternate=True),
    "mission": Mode("mission", {"zh": "酱油任务场", "en": "mission table"}, {6: DISTRIBUTION[6]}, missions=True),
}
