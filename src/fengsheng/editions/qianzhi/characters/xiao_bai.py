"""小白 Xiao Bai — ordinary, sex 「不明」 (both) (qianzhi.md §12 no. 11).

* QC-XIAO_BAI-1 喬裝: 「此角色既視為男性也視為女性」: the character's sex is ``FM`` (data); face up he counts as a man and
  as a woman (Q-TERM-1); nothing to hook.
* QC-XIAO_BAI-2 收買: 「在你的出牌階段，把你的五張手牌交給一位玩家，然後獲得他面前的一張情報」: in the play window of his own
  turn (the standard: any time), face up, with five or more cards in hand, on another player who has intelligence
  (Q-PRIO-2: a target). He gives five cards (all of them if he holds exactly five; otherwise he picks them one by
  one), then chooses one intelligence of that player, which moves in front of him (獲得, Q-TERM-2). 001 has **no
  敗露** (the standard loses him at six intelligence). A skill: nothing can answer it (Q-PRIO-4); the cards are given
  before the intelligence is taken.
* Mission: 「你第一個死亡，或潛伏戰線與軍情處其中一方全滅」: the standard mission (the first to die, counted when his death
  begins; or a faction wiped out while he is in the game).

Implements: QC-XIAO_BAI-1, QC-XIAO_BAI-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Skill, give_card
from fengsheng.editions.qianzhi.characters._common import own_play_phase
from fengsheng.editions.standard.characters import xiao_bai as std

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.xiao_bai"
BRIBE = 5


class Disguise(std.Disguise):  # 喬裝
    __slots__ = ()
    character = CID
    skill_id = "QC-XIAO_BAI-1"


class Bribe(Skill):  # 收買: five cards, own play phase; the intelligence is taken once the cards are given
    __slots__ = ()
    face = True  # its actions need Skill.active (face up)
    character = CID
    skill_id = "QC-XIAO_BAI-2"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not own_play_phase(g, seat, window) or not self.active(g):
            return []
        if len(g.seats[seat].hand) < BRIBE:
            return []
        return [self.option(target=s.index) for s in g.seats if s.in_game and s.index != seat and s.intel]

    def play(self, g: Game, option: Option, window: Window) -> None:
        target = option.target
        self.log(g, target=target)
        hand = g.seats[self.owner].hand
        if len(hand) == BRIBE:
            self._give(g, target, list(hand))
        else:
            self._ask_card(g, {"target": target, "chosen": []})
        # nothing waits on a stack: the effect follows the giving (``_give``)

    def _ask_card(self, g: Game, data: dict[str, Any]) -> None:
        left = [c for c in g.seats[self.owner].hand if c not in data["chosen"]]
        self.choose_hand_card(g, left, self._card, data)

    def _card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        data["chosen"].append(option.card)
        if len(data["chosen"]) < BRIBE:
            self._ask_card(g, data)
        else:
            self._give(g, data["target"], data["chosen"])

    def _give(self, g: Game, target: int, cards: list[int]) -> None:
        for c in cards:
            give_card(g, self.owner, target, c)
        if g.seats[target].in_game and g.seats[target].intel and g.seats[self.owner].in_game:
            self.choose_intel(g, [(target, c) for c in g.seats[target].intel], self._obtain)

    def _obtain(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        g.move_intel(option.target, option.ref, self.owner, by=self.owner)


class XiaoBaiMission(std.XiaoBaiMission):
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(Disguise, Bribe, XiaoBaiMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import inherit  # noqa: E402

AI = inherit(std.AI, {})
"""The standard 小白's mission (the first to die, or a faction wiped out); 喬裝 answers with the generic policy."""
