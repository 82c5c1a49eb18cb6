"""海軍上校 Navy Captain — hidden, male (qianzhi.md §12 no. 24). New in 001 (it resembles the standard 峨嵋风).

* QC-HAI_JUN_SHANG_XIAO-1 截上截 (flip): 「在他人回合的情報傳遞中，可以翻開此角色牌，然後將傳遞中的情報放置到你的面前作為你的
  情報」: in a Step-1 or Step-2 window of **another player's** passing phase while a card is in transit, face down: he
  flips and the card in transit is his intelligence at once (the pass is over). R-38: it is obtained as a 截獲 obtains
  it (A-89: no lock, 調虎離山 or declining stops it), so it stays intelligence its sender sent (S-TERM-4: the sender's
  「傳出的」 skills apply). A skill: it cannot be answered and takes effect at once (Q-PRIO-4).
* QC-HAI_JUN_SHANG_XIAO-2 計中計: 「當一個玩家獲得你傳出的紅藍情報時，你可以燒毀他面前的一張黑情報」: when another player
  obtains red/blue intelligence he sent, face up, he may burn one black intelligence in front of that player (none:
  nothing is asked).
* Mission: 「獲得三張或以上的藍色情報」.

Implements: QC-HAI_JUN_SHANG_XIAO-1, QC-HAI_JUN_SHANG_XIAO-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.cards.base import fail
from fengsheng.characters.base import CharacterDef, Skill, sent_by
from fengsheng.core.state import W_STEP1, W_STEP2
from fengsheng.editions.qianzhi.characters.jie_ke import JieKeMission

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.hai_jun_shang_xiao"


class InterceptTheInterceptor(Skill):  # 截上截
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = CID
    skill_id = "QC-HAI_JUN_SHANG_XIAO-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        p = g.passing
        if seat != self.owner or seat == g.current or window.kind not in (W_STEP1, W_STEP2):
            return []
        if p is None or p.finished or not self.can_flip(g):
            return []
        return [self.option()]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the cost
        self.log(g)
        return g.new_use(self.owner, self.key)

    def resolve(self, g: Game, use: Use) -> None:
        p = g.passing
        if p is None or p.finished:
            fail(g, use, "card_gone")
            return
        g.take_transit(self.owner, "intercept")


class PlotWithinAPlot(Skill):  # 計中計
    __slots__ = ()
    character = CID
    skill_id = "QC-HAI_JUN_SHANG_XIAO-2"
    listens = ("obtain",)

    def _black(self, g: Game, seat: int) -> list[tuple[int, int]]:
        return [(seat, c) for c in g.seats[seat].intel if g.is_black[c]]

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        target = data["seat"]
        return (
            target != self.owner
            and not g.is_black[data["card"]]
            and sent_by(g, data, self.owner)
            and g.seats[target].in_game
            and self.active(g)
            and bool(self._black(g, target))
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.choose_intel(g, self._black(g, data["seat"]), self._burn, optional=True)

    def _burn(self, g: Game, option: Option, data: Any) -> None:
        if option.target >= 0 and option.ref in g.seats[option.target].intel:
            self.log(g, target=option.target)
            g.burn_intel(option.target, option.ref, by=self.owner)


class HaiJunShangXiaoMission(JieKeMission):  # three blue intelligence
    __slots__ = ()
    character = CID


CHARACTER = CharacterDef(CID, rules=(InterceptTheInterceptor, PlotWithinAPlot, HaiJunShangXiaoMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import FLIP_COST, removal  # noqa: E402
from fengsheng.core.cards import BLUE, INTERCEPT  # noqa: E402


def _intercept_gain(pos: Deciding, o: Option, context: str) -> float:
    """截上截, in another player's pass: a 截獲 (the card in transit is his intelligence at once), at the price of
    the flip; not on a card in front of himself, which he may simply take."""
    tr = pos.transit()
    if tr is None or tr.get("holder") == pos.seat:
        return -1.0
    return pos.card_gain(INTERCEPT, context) - FLIP_COST


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(
    rank=33,
    mission_intel=(BLUE, 3),
    skills={InterceptTheInterceptor: SkillAI(gain=_intercept_gain), PlotWithinAPlot: SkillAI(intel=removal)},
)
"""截上截 valued as a 截獲 card; 計中計 burns the receiver's black intelligence only when that helps (a friend's)."""
