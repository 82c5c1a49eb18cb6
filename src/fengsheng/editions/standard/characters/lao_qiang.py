"""老枪 Old Gun — hidden, male (standard-characters.md §A3).

* C-LAO_QIANG-1 (flip, trigger): when you are locked or probed, you may flip this character: draw 2. Locked = a
  锁定 (or a card played as one, A-61) resolved on him; probed = a 试探 that took effect (S-CARD-PROBE-8). Asked
  privately: being asked would reveal the face-down card. It cannot be used at any other time (S-CHAR-3).
* C-LAO_QIANG-2 (cover self + cover another; any time, any number of times): cover this character: cover another
  player's face-up character; you look at each other's identity cards. He must be face up; the target is any other
  face-up character, public or a hidden one that has flipped (A-50). Covering himself is the cost, paid when the
  skill is used; the rest resolves from the stack like other activated skills (S-PRIO-13). Only the two of them see
  the identities: one private event for both. A covered public character stays covered for good and keeps only its
  mission (S-CHAR-4); a covered hidden one may flip again when its condition is met (A-50).
* Mission: obtain three or more red intelligence.

Ruling (not covered by an A-item): if, when the skill resolves, the target is out of the game or already face
down (covered in response), the skill has lost its target: nothing is covered and no identity is seen; 老枪 stays
covered (the cost is paid).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.cards.base import fail
from fengsheng.characters.base import CharacterDef, FlipAndDraw, Mission, Skill, count_colour
from fengsheng.core.cards import RED
from fengsheng.core.events import IdentitiesExchanged

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

THREE = 3


class Tipoff(FlipAndDraw):  # flip when locked or probed
    __slots__ = ()
    character = "standard.lao_qiang"
    skill_id = "C-LAO_QIANG-1"
    listens = ("locked", "probe")


def _face_up_others(g: Game, owner: int) -> list[int]:
    return [s.index for s in g.seats if s.in_game and s.index != owner and s.character is not None and s.face_up]


class Exchange(Skill):  # cover himself and another, exchange identity cards
    __slots__ = ()
    face = True  # its actions need Skill.active (face up)
    character = "standard.lao_qiang"
    skill_id = "C-LAO_QIANG-2"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.active(g):
            return []
        return [self.option(target=t) for t in _face_up_others(g, seat)]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        self.log(g, target=option.target)
        g.cover(self.owner)  # the cost
        return g.new_use(self.owner, self.key, target=option.target)

    def resolve(self, g: Game, use: Use) -> None:
        t = use.target
        if t not in _face_up_others(g, self.owner):
            fail(g, use, "target_gone")
            return
        g.cover(t)
        me, other = g.seats[self.owner], g.seats[t]
        g.emit(
            IdentitiesExchanged(self.owner, t, [me.identity, other.identity], (self.owner, t))
        )  # [his, the target's]


class LaoQiangMission(Mission):
    __slots__ = ()
    character = "standard.lao_qiang"

    def mission_met(self, g: Game) -> bool:
        return count_colour(g, g.seats[self.owner].intel, RED) >= THREE


CHARACTER = CharacterDef("standard.lao_qiang", rules=(Tipoff, Exchange, LaoQiangMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.belief import entropy  # noqa: E402


def _exchange_gain(pos: Deciding, o: Option, context: str) -> float:
    """The exchange shows him the identity of that seat: worth what he does not know of it."""
    t = o.target
    if t < 0 or not pos.identity_unknown(t):
        return -1.0
    return 1.2 * entropy(pos.p[t]) - 0.6


AI = CharacterAI(rank=49, mission_intel=(RED, 3), skills={Exchange: SkillAI(gain=_exchange_gain)})
