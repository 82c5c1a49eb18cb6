"""傑克 Jack — ordinary, male (qianzhi.md §12 no. 12). New in 001.

* QC-JIE_KE-1 笑裡藏刀: 「當另一位玩家獲得你傳出的紅藍情報時，你可以在他面前放置一張黑情報」: the black card comes from his
  hand (Q-TERM-8: 「如沒特別註明，都由手牌中放置」); intelligence he sent is the S-TERM-4 meaning (passed, forced,
  intercepted). Asked privately, since the question depends on a black card in his hand (as the standard 职业杀手's
  placement; with ``Config.uniform_prompts`` he is asked ``continue`` without one).
* QC-JIE_KE-2 運籌帷幄: 「當你獲得一張紅藍情報時，你可以抽一張牌」: any red or blue card he obtains, however it came
  (passed, 真偽莫辨, 博弈, placed by a skill): 001 sets no limit.
* Mission: 「獲得三張或以上藍色情報」.

Implements: QC-JIE_KE-1, QC-JIE_KE-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Mission, Skill, black_in_hand, count_colour, sent_by
from fengsheng.core.cards import BLUE
from fengsheng.core.options import SKILL
from fengsheng.editions.standard.characters.zhi_ye_sha_shou import DoubleTap

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

CID = "qianzhi.jie_ke"
THREE = 3


class HiddenDagger(DoubleTap):  # 笑裡藏刀: the standard placement of a black card, on red/blue sent intelligence
    __slots__ = ()
    character = CID
    skill_id = "QC-JIE_KE-1"

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        target = data["seat"]
        return (
            target != self.owner
            and sent_by(g, data, self.owner)
            and not g.is_black[data["card"]]
            and g.seats[target].in_game
            and self.active(g)
            and (g.config.uniform_prompts or bool(black_in_hand(g, self.owner)))
        )


class MasterPlan(Skill):  # 運籌帷幄
    __slots__ = ()
    character = CID
    skill_id = "QC-JIE_KE-2"
    listens = ("obtain",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.owner and not g.is_black[data["card"]] and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use)

    def _use(self, g: Game, option: Option, data: Any) -> None:
        if option.kind == SKILL and g.seats[self.owner].in_game:
            self.log(g)
            g.draw(self.owner, 1)


class JieKeMission(Mission):
    __slots__ = ()
    character = CID

    def mission_met(self, g: Game) -> bool:
        return count_colour(g, g.seats[self.owner].intel, BLUE) >= THREE


CHARACTER = CharacterDef(CID, rules=(HiddenDagger, MasterPlan, JieKeMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.core.cards import BLACK  # noqa: E402


def _dagger_card(pos: Deciding, skill_id: str, chooses: list[Option], pass_opt: Option | None) -> Option:
    """笑裡藏刀: a black card of the hand on whoever took his red or blue intelligence: where false intelligence is
    worth more than the card kept (an enemy who intercepted it), else none."""
    victim = pos.last_obtain.get("seat", -1)
    if victim < 0:
        return pass_opt if pass_opt is not None else chooses[0]
    scored = [(pos.value(victim, BLACK) - pos.keep(o.card), o) for o in chooses]
    if pass_opt is not None and max(s for s, _ in scored) <= 0.0:
        return pass_opt
    return pos.best(scored)


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(
    rank=36,
    mission_intel=(BLUE, 3),
    skills={HiddenDagger: SkillAI(card=_dagger_card), MasterPlan: SkillAI(offer=True)},
)
"""笑裡藏刀 only on an enemy; 運籌帷幄 always draws."""
