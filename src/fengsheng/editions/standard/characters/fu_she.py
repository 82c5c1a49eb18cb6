"""蝮蛇 Viper — public (A-51), male; supplement (standard-characters.md §C S4).

* C-FU_SHE-1 声东击西 (cover, face up): while intelligence is passed, cover this character: then it counts as using
  调虎离山, with the same timing and effect (000「使用时机和作用与调虎离山相同」, S-CARD-LURE-7). So: Step 1 windows
  only, in any player's turn, the 调虎离山 card's targets (never the sender or a locked player; himself only when he
  is not the sender, A-8), and the 调虎离山 card handler's resolution (a lock that resolved first makes the target
  illegal, A-9; against a 直达 target the card turns back, A-78). The cover is the cost, paid when the skill is
  used; the effect resolves from the stack. No card is used, so 识破 cannot cancel it (S-CHAR-6, A-17).
* C-FU_SHE-2 弹药无限 (flip): if you have no cards in hand, flip this character, then draw 1. No timing: any window
  in which he holds priority (S-CHAR-1). Golden rule (A-51): it stays usable after 蝮蛇 has been covered, by
  声东击西 or by another skill (老枪); once face up again, 声东击西 works again.
* Mission (hijack, S-WIN-4, A-36): a player declares victory while no player has died; your win makes his declaration
  fail. Ruling: a player whose death is being resolved (``g.dying``) counts as having died; 蝮蛇 cannot be dead
  then, and a player who has lost never wins (A-27). Under 醬油同盟 the win is shared by the bystanders (A-77).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.characters.base import BYSTANDER, CharacterDef, Mission, Skill
from fengsheng.core.cards import LURE_AWAY
from fengsheng.core.state import W_STEP1
from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.game import Game


class Feint(Skill):  # 声东击西
    __slots__ = ()
    face = True  # its actions need Skill.active (face up)
    character = "standard.fu_she"
    skill_id = "C-FU_SHE-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or window.kind != W_STEP1 or not self.active(g):
            return []
        lure = g.handlers[LURE_AWAY]
        if not lure.can_use(g, seat, window):
            return []
        return [self.option(target=t) for t, _ in lure.targets(g, seat, window)]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.cover(self.owner)  # the cost
        self.log(g, target=option.target)
        return g.new_use(self.owner, self.key, target=option.target)

    def resolve(self, g: Game, use: Use) -> None:
        window = next(f for f in reversed(g.frames) if isinstance(f, Window))
        g.handlers[LURE_AWAY].resolve(g, use, window)


class EndlessAmmo(Skill):  # 弹药无限
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = "standard.fu_she"
    skill_id = "C-FU_SHE-2"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g) or g.seats[seat].hand:
            return []
        return [self.option()]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the cost
        self.log(g)
        return g.new_use(self.owner, self.key)

    def resolve(self, g: Game, use: Use) -> None:
        if g.seats[self.owner].in_game:
            g.draw(self.owner, 1)


class FuSheMission(Mission):
    __slots__ = ()
    character = "standard.fu_she"

    def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> tuple[list[int], bool] | None:
        me = g.seats[self.owner]
        if me.identity != BYSTANDER or not me.in_game or declarer == self.owner:
            return None
        if g.dying or any(not s.alive for s in g.seats):
            return None
        return list(self.winners(g)), True


CHARACTER = CharacterDef("standard.fu_she", rules=(Feint, EndlessAmmo, FuSheMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402


def _feint_gain(pos: Deciding, o: Option, context: str) -> float:
    """声东击西: a 调虎离山 (no card spent), at the price of the cover."""
    if pos.transit() is None or o.target < 0:
        return -1.0
    return pos.card_gain(LURE_AWAY, context, target=o.target) - 0.5


def _ammo_gain(pos: Deciding, o: Option, context: str) -> float:
    """弹药无限: a card for nothing, if there is one to draw."""
    v = pos.view
    return 1.0 if v.get("deck_count") or v.get("discard") else -1.0


AI = CharacterAI(
    rank=34,
    skills={Feint: SkillAI(gain=_feint_gain, acts_as=LURE_AWAY), EndlessAmmo: SkillAI(gain=_ammo_gain)},
)
