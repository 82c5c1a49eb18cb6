"""礼服蒙面人 Masked Man in Tuxedo — public, male (standard-characters.md §B10; 000 spells it 服蒙面人).

* C-LI_FU_MENG_MIAN_REN-1 (trigger, optional): when you obtain false intelligence, you may draw two cards, however it
  came: sent, 真伪莫辨 or a skill (000「被角色技能或真伪莫辨放置假情报时也可以抽牌」). A third false card kills him at
  once (S-DEATH-3): his death settles before this trigger runs, so a fatal card gives no draw.
* C-LI_FU_MENG_MIAN_REN-2 (identity flip; death trigger): when a woman dies, you may reveal your identity card, then
  burn two false intelligence in front of her to save her.
  * A ``dying`` trigger: it resolves in seat order with the other death triggers, current player first (A-30,
    S-TRIG-2). A woman is a female player or a face-up female character, judged as she dies (S-CHAR-7, A-41).
  * Only if burning two leaves her with two or fewer false intelligence (A-73): she has three or four.
  * Revealing the identity is the cost, so the skill works once per game (A-43).
  * He cannot save himself, even as a female player (000「因为角色死亡视为失去其相关技能」); nor can he act while he
    is dying himself (same reason).
  * He chooses the two cards to burn (A-38). The rescued woman does not reveal her identity; she has not died
    (death order, 全灭, kills: A-30), which the engine's Death frame records by not killing her; the death triggers
    still to come in seat order are not offered for her (六姐, 刀锋 000, 黄雀, her own 后着/遗志; R-14).
* Mission: a woman declares victory (S-WIN-4): he wins **together with** the declarer (A-36,
  ``react_to_declaration`` → ``([owner], False)``). When there is no woman at the table, the mission becomes: kill
  every player but yourself. Checked continuously (A-42): "at the table" = players still in the game.
  Rulings (not covered by the A-items):
  * the owner himself does not count as "a woman at the table" (a female player holding this card): otherwise her
    own declaration would be her mission, which is circular;
  * 「杀掉除自己以外的所有玩家」 is met when every other player is out of the game (dead or lost) while he is still
    in it, the reading A-28 gives these fallback missions (compare 全灭, A-27c); who killed them does not matter;
  * he must be in the game to win with a declarer: a dead player wins only through his faction or a mission about
    his own death (A-37).

Text set 004 (seed 004, A-45; where the spec and the seed disagree, the seed is followed):

* C-LI_FU_MENG_MIAN_REN-1: 004「當你獲得假情報時，可抽取2張卡牌」, 「由「真偽莫辨」及角色技能而取得的假情報亦可觸發此技能」:
  as 000.
* C-LI_FU_MENG_MIAN_REN-2: 004「當一位女性死亡時，可翻開自家身分卡牌，並燒毀她面前的2張假情報」,
  「被拯救的女性無須翻開其身分卡牌」: as 000 (A-30, A-43, A-73 apply alike).
* Mission: 004「由一位女性宣布勝利」 only: **no fallback** for a table without women (000: kill everyone else). With no
  woman at the table the mission simply cannot be met.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from fengsheng.characters.base import BYSTANDER, CharacterDef, Mission, Skill, black_count, others_gone, women_in_game
from fengsheng.core.options import SKILL

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

DRAW = 2
BURNS = 2
DEATH = 3  # false intelligence that kill (S-DEATH-1)


class Composure(Skill):
    __slots__ = ()
    character = "standard.li_fu_meng_mian_ren"
    skill_id = "C-LI_FU_MENG_MIAN_REN-1"
    listens = ("obtain",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.owner and g.is_black[data["card"]] and self.active(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use)

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind == SKILL:
            self.log(g)
            g.draw(self.owner, DRAW)


class Rescue(Skill):
    __slots__ = ()
    character = "standard.li_fu_meng_mian_ren"
    skill_id = "C-LI_FU_MENG_MIAN_REN-2"
    listens = ("dying",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        victim = data["seat"]
        return (
            victim != self.owner
            and victim in g.dying
            and DEATH <= black_count(g, victim) <= DEATH - 1 + BURNS  # two burns must bring her below three
            and g.seats[victim].sex_matches("F")
            and self.active(g)
            and self.owner not in g.dying
            and not g.seats[self.owner].identity_revealed  # the reveal is the cost
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._use, {"target": data["seat"], "chosen": []})

    def _use(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind != SKILL:
            return
        g.reveal_identity(self.owner)
        self.log(g, target=data["target"])
        self._ask(g, data)

    def _ask(self, g: Game, data: dict[str, Any]) -> None:
        target = data["target"]
        left = [(target, c) for c in g.seats[target].intel if g.is_black[c] and c not in data["chosen"]]
        self.choose_intel(g, left, self._chosen, data)

    def _chosen(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        data["chosen"].append(option.ref)
        if len(data["chosen"]) < BURNS:
            self._ask(g, data)
            return
        for c in data["chosen"]:
            g.burn_intel(data["target"], c, by=self.owner)


class LiFuMengMianRenMission(Mission):
    __slots__ = ()
    character = "standard.li_fu_meng_mian_ren"
    has_fallback: ClassVar[bool] = True
    """000: with no woman at the table the mission becomes "kill every player but yourself"; 004 has no fallback."""

    def fallback(self, g: Game) -> bool:
        """No woman at the table (A-42; the owner himself does not count): the mission is the fallback."""
        return self.has_fallback and not women_in_game(g, exclude=self.owner)

    def mission_met(self, g: Game) -> bool:
        return self.fallback(g) and others_gone(g, self.owner)

    def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> tuple[list[int], bool] | None:
        me = g.seats[self.owner]
        if me.identity != BYSTANDER or not me.in_game or self.fallback(g):
            return None
        if g.seats[declarer].sex_matches("F"):
            return [self.owner], False
        return None


class LiFuMengMianRenMission004(LiFuMengMianRenMission):  # 004: no fallback
    __slots__ = ()
    has_fallback = False


CHARACTER = CharacterDef("standard.li_fu_meng_mian_ren", rules=(Composure, Rescue, LiFuMengMianRenMission))
TEXT_SETS = {
    "004": CharacterDef("standard.li_fu_meng_mian_ren", rules=(Composure, Rescue, LiFuMengMianRenMission004)),
}


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Position, SkillAI  # noqa: E402


def _rescue_offer(pos: Position) -> bool:
    """Reveal the identity to save a dying woman: only a likely ally."""
    victim = pos.last_dying
    return victim >= 0 and pos.ally(victim) > 0.5


def _rescue_intel(pos: Position, seat: int, card: int) -> float:
    return 1.0  # any of her false intelligence: each one removed saves her


AI = CharacterAI(rank=40, skills={Rescue: SkillAI(offer=_rescue_offer, intel=_rescue_intel)})
