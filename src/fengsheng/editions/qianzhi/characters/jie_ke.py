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
