"""小白 Xiao Bai — public, male and female (「？」) (standard-characters.md §B18; the 000 texts, A-45).

* C-XIAO_BAI-1 乔装 (static): this character counts as both male and female. It is data: the character's sex is
  ``"FM"``, and ``Seat.sex_matches`` counts a face-up character's sex only (S-CHAR-7, A-41). Covered, 小白 loses it
  with every other skill (S-CHAR-4) and counts only by the player's own sex.
* C-XIAO_BAI-2 收买 (activated, no timing, so in any window where he holds priority, in anyone's turn, never in
  Step 3: S-CHAR-1, A-62): give exactly four cards from your hand to another player who has at least one
  intelligence, then obtain one intelligence in front of him.
  * Ruling (not covered by an A-item): as with a flip, the first clause is the cost, paid when the skill is used: he
    picks the four cards (one question each, before anyone else may act; only he and the receiver see them) and the
    use goes on the stack; the second clause
    is the effect, which resolves from the stack. If the player has no intelligence left, or has left the game, by
    then, nothing is obtained.
  * 小白 picks the card, of any colour (A-62, A-38). It becomes his intelligence (``g.move_intel``, source 小白): it
    can kill him (a self-kill, A-48) or bring on 败露.
* C-XIAO_BAI-3 败露 (static, face up): with six or more intelligence you lose the game (S-LOSE-4). A ``loses`` hook:
  a loss, not a death (no death triggers, S-LOSE-2). The settle order is deaths, then losses, then declarations
  (A-37, S-WIN-10): a victory condition reached by the same card does not save him, and a player who has lost never
  wins (A-27b). Conversely, a card that is both his sixth and his third false intelligence kills him first (deaths
  come first), and a dead player does not lose.
* Mission: be the first to die, or 潜伏战线 or 军情局 is wiped out (A-27c). Deaths are numbered in S-TRIG order (A-76);
  a loss is not a death (A-26); a player rescued by 礼服蒙面人 has not died (A-30). A dead bystander 小白 may declare
  through the first part (000「第一个获得三张假情报导致死亡时视为获得胜利」, A-37); the second part, not being about his
  death, needs him in the game (A-37).
  Ruling (not covered by an A-item): he dies when he obtains his third false intelligence (S-DEATH-1, S-DEATH-3), so a
  death caused by the triggers of his death (e.g. 黄雀在后 killing someone) comes after his, and he is not first if he
  dies of the triggers of someone else's death, although the engine appends to ``g.death_order`` when a death has
  finished resolving. The mission therefore notes, when his death begins (the ``dying`` event), whether nobody had
  died and nobody else was dying; he is first if that death is not undone (a rescue, A-30).

Text set 004 (seed 004, A-45; where the spec and the seed disagree, the seed is followed):

* C-XIAO_BAI-1: 004「可同時視為男性及女性」: as 000.
* C-XIAO_BAI-2: 004「將你的3張手牌給其他任一玩家，並取得其面前的1張情報(包括假情報)」,
  「可在自家回合或他家回合進行，若不足3張手牌將無法發動此技能」: **three** cards (000: four); otherwise as above (any
  window where he holds priority, in anyone's turn; a card of any colour, false included, as A-62 reads 000).
* C-XIAO_BAI-3: 004「當你獲得6張以上的情報時，你將輸掉此遊戲」, 「若獲得6張以上的情報時，同時達到勝利條件，仍視為輸掉遊戲」:
  as 000.
* Mission: 004「你第一個死亡，或讓潛伏戰線及軍情處其中一方皆被消滅」: as 000. Ruling: 「讓」 states the goal ("see
  either faction wiped out"); it does not ask him to do the killing himself (the 004 table says 「親手」 where it
  means that, as for 职业杀手).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from fengsheng.characters.base import MILITARY_INTEL, UNDERGROUND, CharacterDef, Mission, Skill, give_card, wiped_out

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

BRIBE = 4  # cards given by 收买 (000; 004 says three)
EXPOSED = 6  # intelligence that make him lose (败露)


class Disguise(Skill):  # 乔装: the character's sex is "FM" (data); nothing to hook
    __slots__ = ()
    character = "standard.xiao_bai"
    skill_id = "C-XIAO_BAI-1"


class Bribe(Skill):  # 收买
    __slots__ = ()
    face = True  # its actions need Skill.active (face up)
    character = "standard.xiao_bai"
    skill_id = "C-XIAO_BAI-2"
    cards: ClassVar[int] = BRIBE

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if seat != self.owner or not self.active(g) or len(g.seats[seat].hand) < self.cards:
            return []
        return [self.option(target=s.index) for s in g.seats if s.in_game and s.index != seat and s.intel]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        target = option.target
        self.log(g, target=target)
        use = g.new_use(self.owner, self.key, target=target)
        hand = g.seats[self.owner].hand
        if len(hand) == self.cards:
            self._give(g, target, list(hand))
        else:  # the cost is paid before anyone else may act: these questions run before the window goes on
            self._ask_card(g, {"target": target, "chosen": []})
        return use

    def _ask_card(self, g: Game, data: dict[str, Any]) -> None:
        left = [c for c in g.seats[self.owner].hand if c not in data["chosen"]]
        self.choose_hand_card(g, left, self._card, data)

    def _card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        data["chosen"].append(option.card)
        if len(data["chosen"]) < self.cards:
            self._ask_card(g, data)
        else:
            self._give(g, data["target"], data["chosen"])

    def _give(self, g: Game, target: int, cards: list[int]) -> None:
        for c in cards:
            give_card(g, self.owner, target, c)

    def resolve(self, g: Game, use: Use) -> None:
        target = use.target
        if not g.seats[target].in_game or not g.seats[target].intel:
            return
        self.choose_intel(g, [(target, c) for c in g.seats[target].intel], self._obtain)

    def _obtain(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        g.move_intel(option.target, option.ref, self.owner, by=self.owner)


class BribeWithThree(Bribe):  # 004: three cards
    __slots__ = ()
    cards = 3


class Exposed(Skill):  # 败露
    __slots__ = ()
    character = "standard.xiao_bai"
    skill_id = "C-XIAO_BAI-3"
    rule_id = "C-XIAO_BAI-3"  # the reason recorded with the loss

    def loses(self, g: Game) -> bool:
        return self.active(g) and len(g.seats[self.owner].intel) >= EXPOSED


class XiaoBaiMission(Mission):
    __slots__ = ("first",)
    character = "standard.xiao_bai"
    listens = ("dying",)

    def __init__(self, owner: int) -> None:
        super().__init__(owner)
        self.first = False  # nobody had died, nor was dying, when his own death began

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        # Noted here, when the event fires and before any death trigger resolves; there is nothing to resolve.
        if data["seat"] == self.owner:
            nobody_dead = all(s.alive for s in g.seats if s.index != self.owner)
            self.first = nobody_dead and g.dying == [self.owner]
        return False

    def mission_met(self, g: Game) -> bool:
        me = g.seats[self.owner]
        if self.first and not me.alive:
            return True
        return me.in_game and (wiped_out(g, UNDERGROUND) or wiped_out(g, MILITARY_INTEL))


CHARACTER = CharacterDef("standard.xiao_bai", rules=(Disguise, Bribe, Exposed, XiaoBaiMission))
TEXT_SETS = {"004": CharacterDef("standard.xiao_bai", rules=(Disguise, BribeWithThree, Exposed, XiaoBaiMission))}


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, Position, SkillAI  # noqa: E402
from fengsheng.bots.skills import give_least_useful, removal  # noqa: E402


def _bribe_gain(pos: Deciding, o: Option, context: str) -> float:
    """收买: four cards for one intelligence of that seat, which becomes his (败露 at six)."""
    t = o.target
    if t < 0:
        return -1.0
    intel = pos.view["seats"][t]["intel"]
    best = max((removal(pos, t, c) + pos.value(pos.seat, pos.colour(c)) for c in intel), default=-1.0)
    if len(pos.view["seats"][pos.seat]["intel"]) >= 5:
        return -1.0  # 败露 at six intelligence
    return best - 4 * 0.35


def _bribe_intel(pos: Position, seat: int, card: int) -> float:
    return removal(pos, seat, card) + pos.value(pos.seat, pos.colour(card))


def _death_wins(pos: Position) -> bool:
    return not pos.view.get("death_order")  # the first to die


AI = CharacterAI(
    rank=20,  # 败露: never kept
    mission_rel=(-0.6, -0.6, -0.2),
    death_wins=_death_wins,
    skills={Bribe: SkillAI(gain=_bribe_gain, card=give_least_useful, intel=_bribe_intel)},
)
