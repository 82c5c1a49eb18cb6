"""闪灵 Shining — hidden, female (standard-characters.md §A4).

* C-SHAN_LING-1 狙击 (flip, any time): flip this character: burn three intelligence of another player (all if fewer).
  Used in any window where she holds priority, on the stack like a card (EX-1); the burn cannot be cancelled
  (skills never can, S-CHAR-6). She picks which three (A-38). It cannot save a dying player: death is immediate.
* Mission: 潜伏战线全灭 (A-27c), while she is in the game: a dead player wins only through his faction or a mission
  about his own death (A-37).

Text set 004 (seed 004, A-45; where the spec and the seed disagree, the seed is followed):

* C-SHAN_LING-1: 004「可在自家回合或他家回合翻開此角色卡牌，燒毀其他任一玩家最多3張的情報」,
  「此燒毀技能為角色技能，將無法被識破」, 「當其他任一玩家已獲得第3張假情報時，不能觸發此技能」.
  * 「最多3張」: **up to** three (the spec reads it as 000's "three, all if fewer"; the seed says "at most"): she
    burns them one at a time and may stop after the first (000: three, or all if fewer, with no choice of how many).
    Ruling: at least one, if the target has any: burning is the skill's effect, 「最多」 only caps it.
  * She cannot flip at all while another player in the game has three false intelligence (000 only says she cannot
    save him). Death is immediate in this engine, so the limit only binds in a position where a player with three
    false intelligence has not died yet (a scenario); it is checked anyway, as printed.
* Mission: 004「潛伏戰線皆被消滅」, as 000 (A-27c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from fengsheng.characters.base import UNDERGROUND, CharacterDef, Mission, Skill, wiped_out
from fengsheng.flow.settle import has_fatal_black

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

BURNS = 3


class Snipe(Skill):
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = "standard.shan_ling"
    skill_id = "C-SHAN_LING-1"
    up_to: ClassVar[bool] = False
    """000: three (all if fewer); 004: up to three, her choice how many (at least one)."""

    def blocked(self, g: Game) -> bool:
        """The flip is not allowed now (004: another player has three false intelligence)."""
        return False

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g) or self.blocked(g):
            return []
        return [self.option(target=s.index) for s in g.seats if s.in_game and s.index != seat]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the flip is the cost, paid when the skill is used
        self.log(g, target=option.target)
        return g.new_use(self.owner, self.key, target=option.target)

    def resolve(self, g: Game, use: Use) -> None:
        target = use.target
        intel = g.seats[target].intel
        if not g.seats[target].in_game or not intel:
            return
        if len(intel) <= BURNS and not self.up_to:
            self._burn(g, target, list(intel))
        else:
            self._ask(g, {"target": target, "chosen": []})

    def _ask(self, g: Game, data: dict[str, Any]) -> None:
        left = [(data["target"], c) for c in g.seats[data["target"]].intel if c not in data["chosen"]]
        self.choose_intel(g, left, self._chosen, data, optional=self.up_to and bool(data["chosen"]))

    def _chosen(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.ref >= 0:
            data["chosen"].append(option.ref)
        left = len(g.seats[data["target"]].intel) - len(data["chosen"])
        if option.ref >= 0 and len(data["chosen"]) < BURNS and left > 0:
            self._ask(g, data)
        else:
            self._burn(g, data["target"], data["chosen"])

    def _burn(self, g: Game, target: int, cards: list[int]) -> None:
        for c in cards:
            g.burn_intel(target, c, by=self.owner)


class SnipeUpToThree(Snipe):  # 004
    __slots__ = ()
    up_to = True

    def blocked(self, g: Game) -> bool:
        return any(s.in_game and s.index != self.owner and has_fatal_black(g, s.index) for s in g.seats)


class ShanLingMission(Mission):
    __slots__ = ()
    character = "standard.shan_ling"

    def mission_met(self, g: Game) -> bool:
        return g.seats[self.owner].in_game and wiped_out(g, UNDERGROUND)


CHARACTER = CharacterDef("standard.shan_ling", rules=(Snipe, ShanLingMission))
TEXT_SETS = {"004": CharacterDef("standard.shan_ling", rules=(SnipeUpToThree, ShanLingMission))}


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import FLIP_COST, removal  # noqa: E402


def _snipe_gain(pos: Deciding, o: Option, context: str) -> float:
    """The burn of up to three intelligence of that seat: the best three removals."""
    t = o.target
    if t < 0:
        return -1.0
    intel = pos.view["seats"][t]["intel"]
    gains = sorted((removal(pos, t, c) for c in intel), reverse=True)[:3]
    return sum(gains) - FLIP_COST if len(intel) > 3 else sum(removal(pos, t, c) for c in intel) - FLIP_COST


AI = CharacterAI(
    rank=38,
    mission_rel=(-1.0, -0.1, -0.2),  # the underground wiped out
    skills={Snipe: SkillAI(gain=_snipe_gain)},
)
