"""贝雷帽 Beret — public, male (standard-characters.md §B17; the 000 texts, not 004's, A-45).

* C-BEI_LEI_MAO-1 换日: your black cards in hand may be used as 锁定. The card is a full 锁定 (A-61): his own turn
  only, in the play phase and his Step-1 windows (A-3), cancellable by 识破, it triggers 「被锁定」 skills, and it keeps
  its colour.
* C-BEI_LEI_MAO-2 偷天 (trigger, face up, optional): when a player obtains false intelligence you sent, you may put
  one true (red or blue) intelligence in front of him into any player's hand.
  * Sent intelligence only (S-TERM-4): accepted, forced by a lock, or intercepted (A-47); not 真伪莫辨, not a skill's
    placement, and not his own card coming back to him (A-47).
  * He picks the card (A-38) and the player: anyone still in the game, himself and that player included (「任意一位
    玩家」). The card leaves the table (``g.intel_to_hand``): it is no longer intelligence.
  * Death is immediate (S-DEATH-3): if the false card kills the player, his cards are already discarded and nothing
    happens.
* Mission: hold three red cards and three blue cards in your hand. A ``live_condition``: the hand changes with no
  intelligence settling, so windows check it live (``Game.can_declare_now``).

Text set 004 (seed 004, A-45): two other skills and another mission.

* C-BEI_LEI_MAO-1: 004「你可指定你所有傳遞的非直達情報之傳遞方向」, 「傳遞方向包括逆時針及順時針方向」: for each of his own
  密电 / 文本 passes he chooses clockwise or counterclockwise: 千面女郎's 逢缘 (its class is reused; S-METH-6, A-75).
* C-BEI_LEI_MAO-2: 004「捨棄1張黑色手牌，視為使用鎖定」, 「此鎖定技能為角色技能，將無法被識破」: an activated skill.
  Discarding the black card is the cost, paid when the skill is used (the card goes to the discard pile at once);
  the effect is a 锁定 on the target, resolved by the lock's own rules when the use resolves from the stack: the
  「被锁定」 skills of 老鬼 and 老枪 trigger, and it cancels an 调虎离山 on that player. It is a skill, not a card, so
  识破 cannot cancel it (S-CHAR-6). Ruling: 「視為使用鎖定」 brings in the lock's timing and targets (A-61): his own
  turn (or where a skill such as 柒佰's would permit a lock), in the play phase and his Step-1 windows (A-3), on
  another player in the game who is not locked yet. He names the target, then (if his black cards differ) the card.
* Mission: 004「遊戲只剩下你和另一位玩家」: he and exactly one other player are still in the game (the rest dead or
  out, A-27c). It changes only when a player leaves the game, so it is not checked live.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Mission, Skill, black_in_hand, count_colour, sent_by
from fengsheng.core.cards import BLUE, LOCK, RED
from fengsheng.core.events import Discarded
from fengsheng.editions.standard.characters.qian_mian_nv_lang import ChanceMeeting
from fengsheng.flow.window import Window

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.game import Game

THREE = 3


class SwitchTheSun(Skill):  # 换日
    __slots__ = ()
    character = "standard.bei_lei_mao"
    skill_id = "C-BEI_LEI_MAO-1"
    face = True  # its card_uses need Skill.active (face up)
    converts_to = frozenset({LOCK})

    def card_uses(self, g: Game, card: int) -> tuple[str, ...]:
        return (LOCK,) if g.is_black[card] and self.active(g) else ()


class StealTheSky(Skill):  # 偷天
    __slots__ = ()
    character = "standard.bei_lei_mao"
    skill_id = "C-BEI_LEI_MAO-2"
    listens = ("obtain",)

    def true_intel(self, g: Game, seat: int) -> list[tuple[int, int]]:
        return [(seat, c) for c in g.seats[seat].intel if not g.is_black[c]]

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        target = data["seat"]
        return (
            target != self.owner
            and sent_by(g, data, self.owner)
            and g.is_black[data["card"]]
            and g.seats[target].in_game
            and bool(self.true_intel(g, target))
            and self.active(g)
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.choose_intel(g, self.true_intel(g, data["seat"]), self._card, optional=True)

    def _card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.ref < 0:
            return
        seats = [s.index for s in g.seats if s.in_game]
        self.choose_seat(g, seats, self._give, {"from": option.target, "card": option.ref})

    def _give(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        self.log(g, target=data["from"], card=data["card"], to=option.target)
        g.intel_to_hand(data["from"], data["card"], option.target, by=self.owner)


class BeiLeiMaoMission(Mission):
    __slots__ = ()
    character = "standard.bei_lei_mao"
    live_condition = True  # on the hand: it changes with draws and cards used, with no intelligence settling

    def mission_met(self, g: Game) -> bool:
        hand = g.seats[self.owner].hand
        return count_colour(g, hand, RED) >= THREE and count_colour(g, hand, BLUE) >= THREE


class AnyDirection(ChanceMeeting):  # 004: choose the direction of his non-direct passes (逢缘's rule)
    __slots__ = ()
    character = "standard.bei_lei_mao"
    skill_id = "C-BEI_LEI_MAO-1"


class BlackLock(Skill):  # 004: discard a black card: it counts as using 锁定, and 识破 cannot cancel it
    __slots__ = ()
    face = True  # its actions need Skill.active (face up)
    character = "standard.bei_lei_mao"
    skill_id = "C-BEI_LEI_MAO-2"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        lock = g.handlers[LOCK]
        if seat != self.owner or not self.active(g) or not black_in_hand(g, seat):
            return []
        if window.kind not in lock.windows or not lock.can_use(g, seat, window):
            return []
        return [self.option(target=t) for t, _ in lock.targets(g, seat, window)]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        use = g.new_use(self.owner, self.key, target=option.target)
        self.log(g, target=option.target)
        black = black_in_hand(g, self.owner)
        if len(black) == 1:
            self._discard(g, black[0])
        else:  # the cost is paid before anyone else may act: this question runs before the window goes on
            self.choose_hand_card(g, black, self._chosen)
        return use

    def _chosen(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        self._discard(g, option.card)

    def _discard(self, g: Game, card: int) -> None:
        g.seats[self.owner].hand.remove(card)
        g.discard.append(card)
        g.emit(Discarded(self.owner, card))

    def resolve(self, g: Game, use: Use) -> None:
        window = next(f for f in reversed(g.frames) if isinstance(f, Window))  # the window this use resolves in
        g.handlers[LOCK].resolve(g, use, window)


class BeiLeiMaoMission004(Mission):  # 004: only he and one other player are left
    __slots__ = ()
    character = "standard.bei_lei_mao"

    def mission_met(self, g: Game) -> bool:
        return g.seats[self.owner].in_game and sum(1 for s in g.seats if s.in_game) == 2


CHARACTER = CharacterDef("standard.bei_lei_mao", rules=(SwitchTheSun, StealTheSky, BeiLeiMaoMission))
TEXT_SETS = {"004": CharacterDef("standard.bei_lei_mao", rules=(AnyDirection, BlackLock, BeiLeiMaoMission004))}


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, SkillAI  # noqa: E402
from fengsheng.bots.skills import help_seat  # noqa: E402

AI = CharacterAI(rank=33, skills={StealTheSky: SkillAI(seat=help_seat)})  # 偷天: the card goes to a friend
