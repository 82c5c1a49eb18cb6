"""大美女 Great Beauty — public, female (standard-characters.md §B13; 000 texts, A-45).

* C-DA_MEI_NV-1 (draw-phase change, compulsory): in your draw phase, draw three cards instead of two
  (``draw_count``), then choose a card from your hand and put it back on top of the deck (a ``phase`` trigger on her
  own draw phase). Only her own turn's draw phase, never draws from card effects such as a 试探 on her (000). Any card
  of her hand may go back, not only one just drawn; only she sees which.
* C-DA_MEI_NV-2 (identity flip): reveal your identity card: burn one false intelligence of any player (herself
  included). No timing is stated, so it may be used in any window where she holds priority (S-CHAR-1). Revealing is
  the cost, paid on use; the burn then resolves from the stack and cannot be cancelled (skills never are, S-CHAR-6).
  Once per game, since an identity cannot be revealed twice (A-43). Not on a player who already has three false
  intelligence (he is dying; only 礼服蒙面人 can save him, A-60).
* Mission: when a male **character** declares victory (a face-up male character; a player's own sex does not count,
  A-41), you have at most one false intelligence: she wins **together with** the declarer (A-36,
  ``react_to_declaration`` → ``([owner], False)``). When there is no male character at the table, the mission
  becomes: kill every player but yourself. Checked continuously, "at the table" = players still in the game (A-42).
  Rulings (not covered by the A-items):
  * 「杀掉除自己以外的所有玩家」 is met when every other player is out of the game (dead or lost) while she is still in
    it, the reading A-28 gives these fallback missions (compare 全灭, A-27c);
  * she must be in the game to win with a declarer (a dead player has no intelligence, and wins only through his
    faction or a mission about his own death, A-37).

Text set 004 (seed 004, A-45; where the spec and the seed disagree, the seed is followed):

* C-DA_MEI_NV-1: 004「抽牌階段改為抽3張卡牌，並選擇其中1張手牌放回卡牌堆上方」: the card put back is **one of the
  cards just drawn** (「其中」, among the three; the spec lists no difference here, the seed wins). If the deck gave
  her fewer (S-TURN-6), one of those; none drawn, nothing goes back.
* C-DA_MEI_NV-2: 004「翻開自家身分卡牌，並燒毀任一玩家(包括自家)的1張假情報」, 「此燒毀技能為角色技能，將無法被識破」: as
  000.
* Mission: 004「當一位男性宣布勝利時，你獲得的假情報須不超過1張」: a **man** declares (男性: a male player or a face-up
  male character, S-CHAR-7, A-41; 000 says 男性角色, characters only), and there is **no fallback** for a table
  without men. She wins together with the declarer (A-36), and must be in the game, as under 000.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from fengsheng.characters.base import BYSTANDER, CharacterDef, Mission, Skill, black_count, others_gone
from fengsheng.core.state import PH_DRAW

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Seat, Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

DRAW = 3
DEATH = 3  # false intelligence that kill (S-DEATH-1)
MAX_FALSE = 1


class Allure(Skill):
    __slots__ = ()
    character = "standard.da_mei_nv"
    skill_id = "C-DA_MEI_NV-1"
    listens = ("phase",)

    def draw_count(self, g: Game, seat: int, count: int) -> int:
        return DRAW if seat == self.owner and self.active(g) else count

    def candidates(self, g: Game) -> list[int]:
        """The cards she may put back: any card of her hand (000)."""
        return list(g.seats[self.owner].hand)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["phase"] == PH_DRAW and data["seat"] == self.owner and self.active(g) and bool(self.candidates(g))

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.log(g)
        self.choose_hand_card(g, self.candidates(g), self.put_back)


class AllureDrawn(Allure):  # 004: one of the cards just drawn
    __slots__ = ()

    def candidates(self, g: Game) -> list[int]:
        """The cards of this draw phase's draw that are still in her hand: her draw-phase trigger fires right after
        the draw, before anything else happens, so her latest ``draw`` event is that draw."""
        hand = g.seats[self.owner].hand
        for e in reversed(g.events):
            if e.kind == "draw" and e["seat"] == self.owner:
                return [c for c in e["cards"] if c in hand]
        return []


class Unmask(Skill):
    __slots__ = ()
    face = True  # its actions need Skill.active (face up)
    character = "standard.da_mei_nv"
    skill_id = "C-DA_MEI_NV-2"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.active(g) or g.seats[seat].identity_revealed:
            return []
        return [
            self.option(target=s.index, ref=c)
            for s in g.seats
            if s.in_game and s.index not in g.dying and black_count(g, s.index) < DEATH
            for c in s.intel
            if g.is_black[c]
        ]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.reveal_identity(self.owner)  # the cost
        self.log(g, target=option.target)
        return g.new_use(self.owner, self.key, target=option.target, ref=option.ref)

    def resolve(self, g: Game, use: Use) -> None:
        target = g.seats[use.target]
        if target.in_game and use.ref in target.intel:
            g.burn_intel(use.target, use.ref, by=self.owner)


def male_character(s: Seat) -> bool:
    """A face-up male character (小白 counts: 「？」 is both). A player's own sex does not count (A-41)."""
    return s.character is not None and s.face_up and "M" in s.character_sex


class DaMeiNvMission(Mission):
    __slots__ = ()
    character = "standard.da_mei_nv"
    has_fallback: ClassVar[bool] = True
    """000: with no male character at the table the mission becomes "kill every player but yourself"; 004: none."""

    def counts_as_male(self, s: Seat) -> bool:
        """The declarer her mission waits for: 000 a male character (A-41)."""
        return male_character(s)

    def fallback(self, g: Game) -> bool:
        """No male character at the table (A-42): the mission is the fallback."""
        return self.has_fallback and not any(s.in_game and male_character(s) for s in g.seats)

    def mission_met(self, g: Game) -> bool:
        return self.fallback(g) and others_gone(g, self.owner)

    def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> tuple[list[int], bool] | None:
        me = g.seats[self.owner]
        if me.identity != BYSTANDER or not me.in_game or self.fallback(g):
            return None
        if self.counts_as_male(g.seats[declarer]) and black_count(g, self.owner) <= MAX_FALSE:
            return [self.owner], False
        return None


class DaMeiNvMission004(DaMeiNvMission):  # 004: a man (player or character), no fallback
    __slots__ = ()
    has_fallback = False

    def counts_as_male(self, s: Seat) -> bool:
        return s.sex_matches("M")


CHARACTER = CharacterDef("standard.da_mei_nv", rules=(Allure, Unmask, DaMeiNvMission))
TEXT_SETS = {"004": CharacterDef("standard.da_mei_nv", rules=(AllureDrawn, Unmask, DaMeiNvMission004))}


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import give_least_useful  # noqa: E402
from fengsheng.core.cards import BURN  # noqa: E402


def _unmask_gain(pos: Deciding, o: Option, context: str) -> float:
    """The second skill: like a 烧毁 of that intelligence, at a price."""
    if o.target < 0:
        return -1.0
    return pos.card_gain(BURN, context, target=o.target, ref=o.ref) - 1.0


AI = CharacterAI(
    rank=49,
    skills={Allure: SkillAI(card=give_least_useful), Unmask: SkillAI(gain=_unmask_gain)},
)
