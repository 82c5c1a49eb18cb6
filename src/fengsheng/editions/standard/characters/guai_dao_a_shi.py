"""怪盗阿十 Phantom Thief A-Shi — public, male (standard-characters.md §B16; 004: 怪盗九九).

* C-GUAI_DAO_A_SHI-1 (trigger, face up, optional): when a player obtains false intelligence you sent, you may take a
  card from his hand.
* C-GUAI_DAO_A_SHI-2 (trigger, face up, optional): when you obtain false intelligence sent by a player, you may take
  a card from his hand.
* Both need *sent* intelligence (A-64): accepted, forced by a lock, or intercepted (it stays the sender's card, A-47);
  never 真伪莫辨 or a card placed by a skill, and never his own card coming back to him (A-47 for skill 1; for
  skill 2 he would take from himself).
* The card is taken blind, at random (S-TERM-12, A-38). Nothing happens if the other player has no card in hand, for
  instance because the false card killed him (death is immediate, S-DEATH-3: his cards are already discarded); nor if
  the card killed 怪盗阿十 himself.
* Mission: hold ten or more cards in your hand (000; 004 says nine, A-45). No hand limit (A-54). A
  ``live_condition``: the hand changes with no intelligence settling, so windows check it live
  (``Game.can_declare_now``).

Text set 004 (seed 004, A-45; where the spec and the seed disagree, the seed is followed). The character is named
怪盜九九 (怪盗九九, "Phantom Thief Jiujiu"); its id stays ``standard.guai_dao_a_shi``.

* C-GUAI_DAO_A_SHI-1 / -2: 004「當任一玩家獲得你傳出的假情報時，可抽取其1張手牌」,
  「當你獲得任一玩家所傳出的假情報時，可抽取其1張手牌」, 「由「真偽莫辨」及角色技能而取得的假情報不能觸發此技能」,
  「抽牌時若對方無手牌，則視為抽取無效」: both skills exclude 真伪莫辨 and skills, which is how A-64 already reads
  000: the same rules.
* Mission: 004「獲得9張以上的手牌」: **nine** cards in hand (000: ten).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from fengsheng.characters.base import CharacterDef, Mission, Skill, take_blind
from fengsheng.core.options import SKILL

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

SENT = ("accept", "forced", "intercept")  # how sent intelligence is obtained (S-TERM-4)
TEN = 10


def sent_false(g: Game, data: Event) -> bool:
    """The obtained card is false intelligence sent by someone (S-TERM-4, S-TERM-5)."""
    return g.is_black[data["card"]] and data.get("how") in SENT and data.get("source", -1) >= 0


class Pickpocket(Skill):  # a player obtains false intelligence you sent
    __slots__ = ()
    character = "standard.guai_dao_a_shi"
    skill_id = "C-GUAI_DAO_A_SHI-1"
    listens = ("obtain",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        victim = data["seat"]
        return (
            victim != self.owner
            and sent_false(g, data)
            and data["source"] == self.owner
            and g.seats[victim].in_game
            and bool(g.seats[victim].hand)
            and self.active(g)
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use, {"victim": data["seat"]})

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind == SKILL:
            self.log(g, target=data["victim"])
            take_blind(g, self.owner, data["victim"])


class Payback(Skill):  # you obtain false intelligence sent by a player
    __slots__ = ()
    character = "standard.guai_dao_a_shi"
    skill_id = "C-GUAI_DAO_A_SHI-2"
    listens = ("obtain",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        if data["seat"] != self.owner or not sent_false(g, data):
            return False
        sender = data["source"]
        return sender != self.owner and g.seats[sender].in_game and bool(g.seats[sender].hand) and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use, {"victim": data["source"]})

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind == SKILL:
            self.log(g, target=data["victim"])
            take_blind(g, self.owner, data["victim"])


class GuaiDaoAShiMission(Mission):
    __slots__ = ()
    character = "standard.guai_dao_a_shi"
    live_condition = True  # on the hand: it changes with draws and cards used, with no intelligence settling
    hand_needed: ClassVar[int] = TEN

    def mission_met(self, g: Game) -> bool:
        return len(g.seats[self.owner].hand) >= self.hand_needed


class GuaiDaoJiuJiuMission(GuaiDaoAShiMission):  # 004: nine cards
    __slots__ = ()
    hand_needed = 9


CHARACTER = CharacterDef("standard.guai_dao_a_shi", rules=(Pickpocket, Payback, GuaiDaoAShiMission))
TEXT_SETS = {"004": CharacterDef("standard.guai_dao_a_shi", rules=(Pickpocket, Payback, GuaiDaoJiuJiuMission))}


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI  # noqa: E402

AI = CharacterAI(rank=33)  # his optional triggers take cards: always used
