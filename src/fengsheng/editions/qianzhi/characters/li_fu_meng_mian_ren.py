"""禮服蒙面人 Masked Man in Tuxedo — ordinary, male (qianzhi.md §12 no. 3).

* QC-LI_FU_MENG_MIAN_REN-1 英雄: 「當你獲得黑情報時，你可以抽二張牌」: the standard skill (any black card he obtains).
* QC-LI_FU_MENG_MIAN_REN-2 救美: 「當一位女性死亡，你可以翻開你的身份牌，然後燒毀她面前的所有黑情報來拯救她」: when the death
  of a woman (a female player or a face-up female character, Q-TERM-1; not himself) begins, face up, while his
  identity is hidden (revealing it is the cost: once per game, A-43), he may burn **all** her black intelligence
  (the standard burns two, so A-73's limit does not arise): she is saved (A-30: a rescued player has not died; her
  death triggers after his do not happen).
* Mission: 「一位女性宣告勝利」: a co-win when a woman declares and the declaration stands (A-36); only the declarer's
  effects fire (Q-TERM-5). 001 has no fallback.

Implements: QC-LI_FU_MENG_MIAN_REN-1, QC-LI_FU_MENG_MIAN_REN-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Skill
from fengsheng.core.options import SKILL
from fengsheng.editions.standard.characters import li_fu_meng_mian_ren as std

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

CID = "qianzhi.li_fu_meng_mian_ren"


class Hero(std.Composure):  # 英雄
    __slots__ = ()
    character = CID
    skill_id = "QC-LI_FU_MENG_MIAN_REN-1"


class Rescue(Skill):  # 救美: all her black intelligence
    __slots__ = ()
    character = CID
    skill_id = "QC-LI_FU_MENG_MIAN_REN-2"
    listens = ("dying",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        victim = data["seat"]
        return (
            victim != self.owner
            and victim in g.dying
            and any(g.is_black[c] for c in g.seats[victim].intel)
            and g.seats[victim].sex_matches("F")
            and self.active(g)
            and self.owner not in g.dying
            and not g.seats[self.owner].identity_revealed
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use, {"target": data["seat"]})

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind != SKILL:
            return
        target = data["target"]
        g.reveal_identity(self.owner)
        self.log(g, target=target)
        for c in [c for c in g.seats[target].intel if g.is_black[c]]:
            g.burn_intel(target, c, by=self.owner)


class LiFuMengMianRenMission(std.LiFuMengMianRenMission004):  # a woman declares; no fallback
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(Hero, Rescue, LiFuMengMianRenMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Position, SkillAI  # noqa: E402


def _rescue_offer(pos: Position) -> bool:
    """救美 reveals his identity: for a likely ally, or any woman when he is a bystander (his mission: a woman
    declares, so a living one is worth saving)."""
    victim = pos.last_dying
    if victim < 0:
        return False
    if (pos.view.get("me") or {}).get("identity") == "bystander":
        return True
    return pos.ally(victim) > 0.5


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(rank=40, skills={Hero: SkillAI(offer=True), Rescue: SkillAI(offer=_rescue_offer)})
"""001's 救美 burns all her black intelligence (no choice to make): the standard's rule for whom to save; 英雄 always
draws."""
