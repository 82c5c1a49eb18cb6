"""闪灵 Shining — hidden, female (standard-characters.md §A4).

* C-SHAN_LING-1 狙击 (flip, any time): flip this character: burn three intelligence of another player (all if fewer).
  Used in any window where she holds priority, on the stack like a card (EX-1); the burn cannot be cancelled
  (skills never can, S-CHAR-6). She picks which three (A-38). It cannot save a dying player: death is immediate.
* Mission: 潜伏战线全灭 (A-27c), while she is in the game: a dead player wins only through his faction or a mission
  about his own death (A-37).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import UNDERGROUND, CharacterDef, Mission, Skill, wiped_out

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

BURNS = 3


class Snipe(Skill):
    __slots__ = ()
    character = "standard.shan_ling"
    skill_id = "C-SHAN_LING-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g):
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
        if len(intel) <= BURNS:
            self._burn(g, target, list(intel))
        else:
            self._ask(g, {"target": target, "chosen": []})

    def _ask(self, g: Game, data: dict[str, Any]) -> None:
        left = [(data["target"], c) for c in g.seats[data["target"]].intel if c not in data["chosen"]]
        self.choose_intel(g, left, self._chosen, data)

    def _chosen(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        data["chosen"].append(option.ref)
        if len(data["chosen"]) < BURNS:
            self._ask(g, data)
        else:
            self._burn(g, data["target"], data["chosen"])

    def _burn(self, g: Game, target: int, cards: list[int]) -> None:
        for c in cards:
            g.burn_intel(target, c, by=self.owner)


class ShanLingMission(Mission):
    __slots__ = ()
    character = "standard.shan_ling"

    def mission_met(self, g: Game) -> bool:
        return g.seats[self.owner].in_game and wiped_out(g, UNDERGROUND)


CHARACTER = CharacterDef("standard.shan_ling", rules=(Snipe, ShanLingMission))


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
