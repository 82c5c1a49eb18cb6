"""千面女郎 Woman of a Thousand Faces — public, female; supplement (standard-characters.md §C S2, A-51).

* C-QIAN_MIAN_NV_LANG-1 城府 (face up): when probed, you may do either action printed on the probe
  (S-CARD-PROBE-7).
* C-QIAN_MIAN_NV_LANG-2 逢缘 (static, face up): for each of your own 密电 / 文本 passes you choose the direction:
  the engine offers ``send c<id> cw`` (clockwise) besides the normal counterclockwise send (S-METH-6, A-75). A 直达
  card has no direction. 退回 still reverses the card (S-CARD-RETURN).
* C-QIAN_MIAN_NV_LANG-3 笙歌 (trigger, face up, optional): when a player (herself included) uses 真伪莫辨, you may
  draw 3, then give a card from your hand to another player (only the two of them see which).
  Ruling: 「当一位玩家使用真伪莫辨时」 fires once the 真伪莫辨 has gone unanswered (not cancelled by 识破), before
  its layout: S-TERM-13 / S-TRIG-4 ("when …" needs the card to take effect), as for 柒佰's 「当你使用【锁定】时」
  (A-59). So the engine's ``resolving`` event, not ``used``. With an empty hand after the draw (deck and discard
  pile both empty, A-7) nothing is given.
* Mission (hijack, S-WIN-4, A-36): the first player on your left or on your right declares victory; your win makes
  his declaration fail. The neighbours are the nearest players still in the game on each side at the moment of the
  declaration (A-69). Ruling: she must be in the game herself (a dead player wins only through his faction or a
  mission about his own death, A-37). Under 醬油同盟 the win is shared by the bystanders (S-VAR-1, A-77).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import BYSTANDER, CharacterDef, Mission, Skill, give_card
from fengsheng.core.cards import DIRECT, TRUE_OR_FALSE
from fengsheng.core.options import SKILL

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

DRAWS = 3


class PokerFace(Skill):  # 城府
    __slots__ = ()
    character = "standard.qian_mian_nv_lang"
    skill_id = "C-QIAN_MIAN_NV_LANG-1"

    def may_conceal(self, g: Game, seat: int) -> bool:
        return seat == self.owner and self.active(g)


class ChanceMeeting(Skill):  # 逢缘
    __slots__ = ()
    character = "standard.qian_mian_nv_lang"
    skill_id = "C-QIAN_MIAN_NV_LANG-2"

    def send_directions(self, g: Game, seat: int, card: int) -> tuple[int, ...]:
        if seat != self.owner or not self.active(g) or g.send_method(seat, card) == DIRECT:
            return ()
        return (1, -1)


class SongAndDance(Skill):  # 笙歌
    __slots__ = ()
    character = "standard.qian_mian_nv_lang"
    skill_id = "C-QIAN_MIAN_NV_LANG-3"
    listens = ("resolve",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["use"] == TRUE_OR_FALSE and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use)

    def _others(self, g: Game) -> list[int]:
        return [s.index for s in g.seats if s.in_game and s.index != self.owner]

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind != SKILL:
            return
        self.log(g)
        g.draw(self.owner, DRAWS)
        hand = g.seats[self.owner].hand
        if hand and self._others(g):
            self.choose_hand_card(g, hand, self._card)

    def _card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        self.choose_seat(g, self._others(g), self._give, {"card": option.card})

    def _give(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        give_card(g, self.owner, option.target, data["card"])


def previous_in_game(g: Game, seat: int) -> int:
    """The nearest seat clockwise (the other side from :meth:`Game.next_in_game`) that is still in the game."""
    for k in range(1, g.n):
        s = (seat - k) % g.n
        if g.seats[s].in_game:
            return s
    return seat


class QianMianNvLangMission(Mission):
    __slots__ = ()
    character = "standard.qian_mian_nv_lang"

    def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> tuple[list[int], bool] | None:
        me = g.seats[self.owner]
        if me.identity != BYSTANDER or not me.in_game or declarer == self.owner:
            return None
        if declarer in (g.next_in_game(self.owner), previous_in_game(g, self.owner)):
            return list(self.winners(g)), True
        return None


CHARACTER = CharacterDef(
    "standard.qian_mian_nv_lang", rules=(PokerFace, ChanceMeeting, SongAndDance, QianMianNvLangMission)
)


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, SkillAI  # noqa: E402
from fengsheng.bots.skills import give_least_useful, help_seat  # noqa: E402

AI = CharacterAI(
    rank=37,
    conceals=True,  # 城府
    skills={SongAndDance: SkillAI(seat=help_seat, card=give_least_useful)},
)
