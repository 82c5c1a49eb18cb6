"""老金 Old Jin — hidden, male (standard-characters.md §A7).

* C-LAO_JIN-1 (flip, trigger): when your card is seen through, you may flip this character: draw 5, then put 2 cards
  from your hand back on top of the deck in any order. "Seen through" = a card he used was cancelled by a 识破 that
  took effect (the ``cancelled`` event; S-TERM-13). Asked privately: being asked would reveal the face-down card.
  He puts the two back one at a time: the second one chosen ends on top. With fewer than two cards (a short deck,
  S-TURN-6) he puts back what he has. It cannot be used at any other time (S-CHAR-3).
* C-LAO_JIN-2 (trigger, face up, optional): when you obtain false intelligence, you may place a false intelligence in
  front of yourself: cover this character, and place one intelligence in front of each of any number of players.
  * Any way of obtaining counts (passed, intercepted, 真伪莫辨, placed by a skill): 000 sets no limit.
  * The false card comes from his hand (000「从自己手牌中选择情报」, A-39); placing it and covering himself is the
    cost. Once paid, the placements are compulsory (000「盖伏角色后就必须执行」): at least one card if he has any in hand,
    at most one per player, any colour, each from his hand, himself included (A-58). He picks the cards and players.
  * Asked privately: the question depends on his hand (a black card in it); with ``Config.uniform_prompts`` he is
    asked whenever he obtains false intelligence face up, ``continue`` only without a black card.
  * Death is immediate (S-DEATH-3): the false card he places on himself settles before the placements; if it is his
    third, he dies and places nothing more. The placements are then put down all at once, and only then do deaths
    settle, numbered in S-TRIG order (A-76); the killer of a player who dies from them is 老金 (A-48).
* Mission: hold three red cards and three blue cards in your hand.

Rulings (not covered by an A-item): the false card placed as the cost settles (deaths, then declarations) before the
placements are chosen, as above.

Text set 004 (seed 004, A-45; where the spec and the seed disagree, the seed is followed; the spec lists 老金 as
unchanged):

* C-LAO_JIN-1: 004「當你的卡牌被識破時，翻開此張角色卡。可抽取5張卡牌，並將其中2張卡牌以任意順序放回卡牌堆上方」.
  * The flip is **compulsory** (no 「可」 before 翻開; the 004 table writes 「可」 exactly where a choice exists, e.g.
    小马哥's 「抽取1張卡牌。之後，可在…」, which 000 confirms); the draw is optional (「可抽取」). So nothing is asked
    privately: he flips, and then (face up) is asked whether to draw.
  * The two cards put back are **two of the five drawn** (「其中」; 000: any two cards of his hand). With fewer drawn
    (a short deck) he puts back two of those, or all of them if fewer than two.
* C-LAO_JIN-2: 004「當你獲得假情報時，可將1張假情報置於自家面前。之後，覆蓋此張角色卡牌，在任意位玩家(包括自家)面前各放置1張情報」,
  「任意位玩家(包括自家)面前放置的情報須從自家手牌打出」: as 000.
* Mission: 004「手牌集滿3張紅色卡牌及3張藍色卡牌」, as 000.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Mission, Skill, black_in_hand, count_colour, place_from_hand
from fengsheng.core.cards import BLUE, RED
from fengsheng.core.options import SKILL

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.game import Game

DRAW = 5
PUT_BACK = 2
THREE = 3


class Restock(Skill):  # flip when his card is seen through
    __slots__ = ()
    character = "standard.lao_jin"
    skill_id = "C-LAO_JIN-1"
    listens = ("cancelled",)
    face_down_trigger = True

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return data["seat"] == self.owner and self.can_flip(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._answer, private=True)

    def _answer(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind != SKILL:
            return
        g.flip(self.owner)
        self.log(g)
        g.draw(self.owner, DRAW)
        self._ask_put_back(g, {"left": PUT_BACK})

    def _ask_put_back(self, g: Game, data: dict[str, Any]) -> None:
        hand = g.seats[self.owner].hand
        cards = [c for c in data["drawn"] if c in hand] if "drawn" in data else hand
        if data["left"] > 0 and cards:
            self.choose_hand_card(g, cards, self._put_back, data)

    def _put_back(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        g.put_on_deck(self.owner, option.card)
        data["left"] -= 1
        self._ask_put_back(g, data)


class ForcedRestock(Restock):  # 004: the flip is compulsory, the draw optional; two of the drawn cards go back
    __slots__ = ()
    face_down_trigger = False  # the flip is public: nothing is asked while he is face down

    def fire(self, g: Game, kind: str, data: Event) -> None:
        g.flip(self.owner)
        self.log(g)
        self.offer(g, self._draw)

    def _draw(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind == SKILL:
            self._ask_put_back(g, {"left": PUT_BACK, "drawn": g.draw(self.owner, DRAW)})


class Scatter(Skill):  # place a false intelligence on himself, cover, place intelligence
    __slots__ = ()
    character = "standard.lao_jin"
    skill_id = "C-LAO_JIN-2"
    listens = ("obtain",)

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return (
            data["seat"] == self.owner
            and g.is_black[data["card"]]
            and self.active(g)
            and (g.config.uniform_prompts or bool(black_in_hand(g, self.owner)))
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        black = black_in_hand(g, self.owner)
        if black:  # private: the question depends on his hand
            self.choose_hand_card(g, black, self._cost, optional=True, private=True)
        else:
            self.idle(g)

    def _cost(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.card < 0 or not self.active(g):
            return
        self.log(g)
        g.later(self._start_placements, {"pairs": []})  # runs after the cost has settled
        place_from_hand(g, self.owner, self.owner, option.card)
        g.cover(self.owner)

    def _start_placements(self, g: Game, data: dict[str, Any]) -> None:
        if g.seats[self.owner].in_game:
            self._ask_card(g, data)

    def _chosen_cards(self, data: dict[str, Any]) -> list[int]:
        return [c for c, _ in data["pairs"]]

    def _free_seats(self, g: Game, data: dict[str, Any]) -> list[int]:
        used = {s for _, s in data["pairs"]}
        return [s.index for s in g.seats if s.in_game and s.index not in used]

    def _ask_card(self, g: Game, data: dict[str, Any]) -> None:
        chosen = self._chosen_cards(data)
        left = [c for c in g.seats[self.owner].hand if c not in chosen]
        if not left or not self._free_seats(g, data):
            self._place(g, data)
            return
        # at least one placement if he has a card; then he may stop
        self.choose_hand_card(g, left, self._card, data, optional=bool(chosen))

    def _card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.card < 0:
            self._place(g, data)
            return
        data["card"] = option.card
        self.choose_seat(g, self._free_seats(g, data), self._seat, data)

    def _seat(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        data["pairs"].append((data.pop("card"), option.target))
        self._ask_card(g, data)

    def _place(self, g: Game, data: dict[str, Any]) -> None:
        pairs = data["pairs"]
        self.log(g, count=len(pairs))
        for card, seat in pairs:  # all put down before any death settles
            place_from_hand(g, self.owner, seat, card)


class LaoJinMission(Mission):
    __slots__ = ()
    character = "standard.lao_jin"
    live_condition = True  # on the hand: it changes with draws and cards used, with no intelligence settling

    def mission_met(self, g: Game) -> bool:
        hand = g.seats[self.owner].hand
        return count_colour(g, hand, RED) >= THREE and count_colour(g, hand, BLUE) >= THREE


CHARACTER = CharacterDef("standard.lao_jin", rules=(Restock, Scatter, LaoJinMission))
TEXT_SETS = {"004": CharacterDef("standard.lao_jin", rules=(ForcedRestock, Scatter, LaoJinMission))}


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import best_placed, give_least_useful, place_seat  # noqa: E402


def _scatter_card(pos: Deciding, skill_id: str, chooses: list[Option], pass_opt: Option | None) -> Option:
    """The cost is a false intelligence on himself: not worth it when it may be refused."""
    if pass_opt is not None:
        return pass_opt
    return best_placed(pos, chooses)


AI = CharacterAI(
    rank=31,
    skills={Restock: SkillAI(card=give_least_useful), Scatter: SkillAI(seat=place_seat, card=_scatter_card)},
)
