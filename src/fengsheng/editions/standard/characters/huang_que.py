"""黄雀 Oriole — hidden (inferred from its flip skill, A-51), female; supplement (standard-characters.md §C S1).

* C-HUANG_QUE-1 潜藏伏击 (flip, no timing, so any time): flip this character, then put one intelligence in front of
  another player back on top of the deck.
  * Used in any window where she holds priority, in anyone's turn, never in Step 3 (S-CHAR-1, S-CHAR-3). The flip
    is the cost, paid when used; the effect resolves from the stack (S-PRIO-13) and cannot be cancelled (S-CHAR-6).
  * She names the player when she flips (like 闪灵, A-49) and picks the card, of any colour, when the effect
    resolves (A-38). The card goes face up, so publicly, onto the deck (``g.intel_to_deck``).
  * Only players with intelligence may be named; if no other player has any, she may still flip, and nothing is put
    back (ruling following A-49 for 闪灵: the effect is compulsory when possible, the flip is not barred).
  * It cannot save a dying player: death is immediate (S-DEATH-3) and no window opens during a death.
* C-HUANG_QUE-2 黄雀在后 (identity flip; death trigger, face up): when another player dies, you may reveal your
  identity card, then place up to two false intelligence in front of a player.
  * A ``dying`` trigger, resolved in seat order with the other death triggers (S-TRIG-2, A-29). A player rescued by
    礼服蒙面人 has not died (A-30), so once the rescue has resolved it is not offered for him (one reading of 「当…
    死亡时」 for every death trigger, as 六姐's C-LIU_JIE-2); if 黄雀 comes first in seat order, he is still dying.
  * Revealing the identity is the cost, so it works once per game (A-43). Not while she is dying herself, nor with
    three or more false intelligence of her own (she is already dead, S-DEATH-1: ruling).
  * The cards are black cards from her hand (A-39), one or two, her choice; with none in hand she places what she
    has, nothing, and the skill is still offered: the reveal itself does something (R-6 leaves out only options that
    surely do nothing). The question is private, as it depends on her hand; with ``Config.uniform_prompts`` the player
    and two card questions are asked whatever she holds (``Skill.ask_black_cards``). The player is anyone still in the
    game, herself and the dying player included (「一位玩家」). The cards are put down together, then deaths settle
    (as 黑玫瑰's, S-DEATH-3); she is the killer (A-48).
* Mission: one 潜伏战线 player and one 军情局 player are dead (dead, not lost: A-26). She must be in the game to win
  through it: a dead player wins only through his faction or a mission about his own death (A-37).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import (
    BLACK,
    MILITARY_INTEL,
    UNDERGROUND,
    CharacterDef,
    Mission,
    Skill,
    black_count,
    black_in_hand,
    is_dead_with,
    still_dying,
)
from fengsheng.core.options import SKILL

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

PLACE = 2  # 最多二张
DEATH = 3  # false intelligence that kill (S-DEATH-1)


class Ambush(Skill):  # 潜藏伏击
    __slots__ = ()
    face = False  # its actions need Skill.can_flip (face down)
    character = "standard.huang_que"
    skill_id = "C-HUANG_QUE-1"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.can_flip(g):
            return []
        opts = [self.option(target=s.index) for s in g.seats if s.in_game and s.index != seat and s.intel]
        return opts or [self.option()]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.flip(self.owner)  # the flip is the cost, paid when the skill is used
        self.log(g, target=option.target)
        return g.new_use(self.owner, self.key, target=option.target)

    def resolve(self, g: Game, use: Use) -> None:
        target = use.target
        if target < 0 or not g.seats[target].in_game or not g.seats[target].intel:
            return
        self.choose_intel(g, [(target, c) for c in g.seats[target].intel], self._put_back)

    def _put_back(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        g.intel_to_deck(option.target, option.ref, by=self.owner)


class OrioleBehind(Skill):  # 黄雀在后
    __slots__ = ()
    character = "standard.huang_que"
    skill_id = "C-HUANG_QUE-2"
    listens = ("dying",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        me = g.seats[self.owner]
        return (
            data["seat"] != self.owner
            and still_dying(g, data["seat"])  # not once he has been rescued
            and self.active(g)
            and not me.identity_revealed  # the reveal is the cost
            and self.owner not in g.dying
            and black_count(g, self.owner) < DEATH
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use, private=True)  # offered with or without a black card: the reveal does something

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind != SKILL:
            return
        g.reveal_identity(self.owner)
        self.log(g)
        if not black_in_hand(g, self.owner) and not g.config.uniform_prompts:
            return  # she places what she has, here nothing; the reveal stands
        self.choose_seat(g, [s.index for s in g.seats if s.in_game], self._target, {"cards": [], "most": PLACE})

    def _target(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        data["target"] = option.target
        # the first card is required (the identity is already revealed), the second optional
        self.ask_black_cards(g, data)


class HuangQueMission(Mission):
    __slots__ = ()
    character = "standard.huang_que"

    def mission_met(self, g: Game) -> bool:
        return g.seats[self.owner].in_game and is_dead_with(g, UNDERGROUND) and is_dead_with(g, MILITARY_INTEL)


CHARACTER = CharacterDef("standard.huang_que", rules=(Ambush, OrioleBehind, HuangQueMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, Position, SkillAI  # noqa: E402
from fengsheng.bots.skills import any_enemy, harm_seat, more_false_on_enemy, removal  # noqa: E402


def _ambush_gain(pos: Deciding, o: Option, context: str) -> float:
    """潜藏伏击: the intelligence of that seat whose removal gains most."""
    t = o.target
    if t < 0:
        return -1.0
    intel = pos.view["seats"][t]["intel"]
    return max((removal(pos, t, c) for c in intel), default=0.0) - 0.3


def _oriole_offer(pos: Position) -> bool:
    """黄雀在后 reveals the identity: only with a false card in hand and a clear enemy to put it on."""
    return any(pos.colour(c) == BLACK for c in pos.hand) and any_enemy(pos, -0.3)


AI = CharacterAI(
    rank=35,
    mission_rel=(-0.7, -0.7, -0.2),  # one of each faction dead
    skills={
        Ambush: SkillAI(gain=_ambush_gain),
        OrioleBehind: SkillAI(offer=_oriole_offer, seat=harm_seat, card=more_false_on_enemy),
    },
)
