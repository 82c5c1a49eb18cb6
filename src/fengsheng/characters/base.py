"""What a character is, and the small pieces its skills share.

A character module (``characters/<id>.py``) holds that character's rules: one :class:`Skill` subclass per skill and a
:class:`~fengsheng.rules.victory.BystanderMission` subclass for its secret mission, and declares
``CHARACTER = CharacterDef("<id>", rules=(...))``. Its names, sex, hidden/public type and texts are data
(``editions/<edition>/data/characters-<set>.json``), merged in by the registry (``characters/__init__.py``), which discovers the
modules by itself: adding a character touches no engine file.

Helpers here cover what many skills do: ask the owner whether to use an optional skill, choose a seat / a card / an
intelligence, move cards between hands, place intelligence, take a card blind from a hand (S-TERM-12).

A skill's actions are asked for in every response window; one whose text gives no timing offers itself in all of
them (S-CHAR-1). Skill.active: only a face-up character in the game has working skills, so a face-down or covered
one has none, death skills included (S-CHAR-2, S-CHAR-4, S-DEATH-6); Skill.can_flip: a face-down character's flip
skill may be used when its condition holds (S-CHAR-3). A compulsory skill (锁定技) acts without asking; an optional one
asks first (Skill.offer) (S-CHAR-5, S-TERM-20). The terms: intelligence you sent (sent_by, S-TERM-4), false and true
intelligence (black_in_hand, count_colour, S-TERM-5), place from your hand (place_from_hand, S-TERM-11), take blind
(take_blind, S-TERM-12), wiped out (wiped_out, S-TERM-18).

Implements: S-CHAR-1..5, S-TERM-4, S-TERM-5, S-TERM-11, S-TERM-12, S-TERM-18, S-TERM-20, S-DEATH-6.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from fengsheng.core.cards import BLACK, BYSTANDER, MILITARY_INTEL, UNDERGROUND
from fengsheng.core.events import Discarded, Gave, SkillUsed, Took
from fengsheng.core.options import CHOOSE, P_CONTINUE, P_PASS, PASS, SKILL, SKILL_CHOICE, Option
from fengsheng.flow.settle import black_count, has_fatal_black
from fengsheng.rules.base import Rule
from fengsheng.rules.victory import BystanderMission

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.state import Use
    from fengsheng.flow.ask import Then
    from fengsheng.game import Game


@dataclass(frozen=True)
class CharacterDef:
    """A character card: its id and rule classes (from its module), plus its data (from the text set)."""

    id: str  # "<edition>.<name>", e.g. "standard.lao_gui"
    rules: tuple[type[Rule], ...]
    sex: str = ""  # "F", "M" or "FM" (小白)
    hidden: bool = False
    pool: str = "base"  # "base" (the 18 of the 2010 rulebook) or "supplement"
    texts: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    text_set: str = ""

    @property
    def short(self) -> str:
        """The name without the edition (``lao_gui``): the key of its texts and of its skills' option words."""
        return self.id.split(".", 1)[-1]

    def name(self, lang: str = "zh") -> str:
        return str(self.texts.get("name", {}).get(lang, self.id))


class Skill(Rule):
    """A rule printed on a character card. ``character`` and ``skill_id`` (the C-id) identify it."""

    __slots__ = ()
    character: ClassVar[str] = ""
    skill_id: ClassVar[str] = ""
    face_down_trigger: ClassVar[bool] = False
    """A face-down character's optional flip, triggered by an event naming its owner (``data["seat"]``) while he is
    face down (老鬼 老枪 老金): asked privately, and with ``Config.uniform_prompts`` every face-down seat the event
    names is asked (:class:`FaceDownCover`). Its ``listens`` must be among ``FACE_DOWN_KINDS``."""

    key: ClassVar[str] = ""
    """The option word for this skill, e.g. ``shan_ling.1`` (the character's short name and skill number): made once
    per class from ``character`` and ``skill_id`` (an option is built with it in every window the skill is offered)."""

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls.key = f"{cls.character.split('.', 1)[-1]}.{cls.skill_id.rsplit('-', 1)[-1]}"

    def mine(self, g: Game) -> bool:
        return g.seats[self.owner].character == self.character

    def active(self, g: Game) -> bool:
        """Face up and in the game: the skill works (S-CHAR-2, S-CHAR-4)."""
        s = g.seats[self.owner]
        return s.in_game and s.face_up and s.character == self.character

    def can_flip(self, g: Game) -> bool:
        """Face down and in the game: a 「翻开此角色」 skill may be used if its condition holds (S-CHAR-3)."""
        s = g.seats[self.owner]
        return s.in_game and not s.face_up and s.character == self.character

    def option(self, target: int = -1, ref: int = -1, name: str = "") -> Option:
        return tuple.__new__(
            Option, (SKILL, -1, self.key, target, ref, name)
        )  # Option(SKILL, use=…) without its __new__

    def log(self, g: Game, **data: Any) -> None:
        """A public event saying this skill was used."""
        g.emit(SkillUsed(self.owner, self.skill_id, data))

    def use_paying(self, g: Game, card: int) -> Use:
        """The use of a skill whose cost is discarding ``card`` from the owner's hand, face up (「丟棄一張手牌」):
        discard it, say the skill was used, and return its use."""
        g.seats[self.owner].hand.remove(card)
        g.discard.append(card)
        g.emit(Discarded(self.owner, card))
        self.log(g)
        return g.new_use(self.owner, self.key)

    # --- questions --------------------------------------------------------------------------------------------
    def offer(self, g: Game, then: Then, data: Any = None, private: bool = False) -> None:
        """Ask the owner whether to use this optional skill: ``skill <key>`` or ``pass``."""
        g.ask(self.owner, SKILL_CHOICE, (self.option(), P_PASS), then, self.skill_id, data, private)

    def idle(self, g: Game) -> None:
        """The owner has nothing to do where a question depending on his hand would be asked. With
        ``Config.uniform_prompts`` he is asked anyway, privately, with ``continue`` as the only option, so that the
        other seats see the same wait whether or not he could act; otherwise nothing is asked."""
        if g.config.uniform_prompts:
            g.ask(self.owner, SKILL_CHOICE, (P_CONTINUE,), nothing_to_do, self.skill_id, None, True)

    def choose_seat(
        self,
        g: Game,
        seats: Iterable[int],
        then: Then,
        data: Any = None,
        optional: bool = False,
        private: bool = False,
    ) -> None:
        opts = [Option(CHOOSE, target=s) for s in seats]
        if optional or not opts:
            opts.append(P_PASS)
        g.ask(self.owner, SKILL_CHOICE, opts, then, self.skill_id, data, private)

    def choose_hand_card(
        self,
        g: Game,
        cards: Iterable[int],
        then: Then,
        data: Any = None,
        optional: bool = False,
        seat: int | None = None,
        private: bool = False,
    ) -> None:
        opts = [Option(CHOOSE, card=c) for c in cards]
        if optional or not opts:
            opts.append(P_PASS)
        g.ask(self.owner if seat is None else seat, SKILL_CHOICE, opts, then, self.skill_id, data, private)

    def draw_and_put_back(self, g: Game, count: int) -> None:
        """「抽N張牌，然後把一張手牌放回牌庫頂」: the owner draws ``count``, then chooses one card of his hand to put face
        down on top of the deck (:meth:`put_back`); with an empty hand nothing is asked."""
        g.draw(self.owner, count)
        hand = g.seats[self.owner].hand
        if hand:
            self.choose_hand_card(g, hand, self.put_back)

    def put_back(self, g: Game, option: Option, data: Any) -> None:
        """The answer to "which card back on the deck": that card, face down on top (only its owner knows which)."""
        g.put_on_deck(self.owner, option.card)

    def ask_black_cards(self, g: Game, data: dict[str, Any]) -> None:
        """Ask for the next of up to ``data["most"]`` black cards from the owner's hand (collected in
        ``data["cards"]``), the first compulsory, the others optional; then :meth:`place_chosen`. Asked privately
        (the question depends on the hand). With ``Config.uniform_prompts`` exactly ``data["most"]`` questions are
        asked (``continue`` once there is nothing left or the owner stopped), so that the number of waits does not
        count the black cards in hand (黄雀-2, 黑玫瑰-1)."""
        left = [c for c in black_in_hand(g, self.owner) if c not in data["cards"]]
        if g.config.uniform_prompts:
            asked = data.get("asked", 0)
            if asked >= data["most"]:
                self.place_chosen(g, data)
                return
            data["asked"] = asked + 1
            if data.get("stopped") or not left:
                g.ask(self.owner, SKILL_CHOICE, (P_CONTINUE,), self._black_card, self.skill_id, data, True)
                return
        elif len(data["cards"]) >= data["most"] or not left:
            self.place_chosen(g, data)
            return
        self.choose_hand_card(g, left, self._black_card, data, optional=bool(data["cards"]), private=True)

    def _black_card(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind == CHOOSE:
            data["cards"].append(option.card)
        elif not g.config.uniform_prompts:
            self.place_chosen(g, data)  # she stops
            return
        elif option.kind == PASS:
            data["stopped"] = True
        self.ask_black_cards(g, data)

    def place_chosen(self, g: Game, data: dict[str, Any]) -> None:
        """Put down the cards :meth:`ask_black_cards` collected in front of ``data["target"]``, all before any death
        settles (视为同时放置, S-DEATH-3), with one public log line; nothing if the target is no longer in the game."""
        target = data["target"]
        if not g.seats[target].in_game:
            return
        self.log(g, target=target, count=len(data["cards"]))
        for c in data["cards"]:
            place_from_hand(g, self.owner, target, c)

    def choose_intel(
        self,
        g: Game,
        pairs: Iterable[tuple[int, int]],
        then: Then,
        data: Any = None,
        optional: bool = False,
    ) -> None:
        """Choose one intelligence on the table: ``choose @seat x<card>``."""
        opts = [Option(CHOOSE, target=s, ref=c) for s, c in pairs]
        if optional or not opts:
            opts.append(P_PASS)
        g.ask(self.owner, SKILL_CHOICE, opts, then, self.skill_id, data)


class FlipAndDraw(Skill):
    """A face-down character's optional flip when an event (``listens``) concerns its owner, then a draw: 老鬼's 就计
    and 老枪's first skill. Asked privately: being asked would reveal the face-down card."""

    __slots__ = ()
    draws: ClassVar[int] = 2
    face_down_trigger = True

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        return bool(data["seat"] == self.owner) and self.can_flip(g)

    def fire(self, g: Game, kind: str, data: Event) -> None:
        self.offer(g, self._answer, private=True)

    def _answer(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        if option.kind == SKILL:
            g.flip(self.owner)
            self.log(g)
            g.draw(self.owner, self.draws)


def nothing_to_do(g: Game, option: Option, data: Any) -> None:
    """The continuation of a ``continue`` prompt: nothing happens."""


# --- uniform prompts (Config.uniform_prompts) ------------------------------------------------------------------
FACE_DOWN_KINDS = ("locked", "probe", "cancelled")
"""The events a face-down character's flip trigger may listen for (``Skill.face_down_trigger``)."""

UNIFORM = "uniform"  # the context of a cover's ``continue`` prompt


class FaceDownCover(Rule):
    """With ``Config.uniform_prompts``: when an event of ``kinds`` names a seat whose character is face down, and
    that seat's own character has no flip trigger for it, the seat is asked privately, ``continue`` only. Then every
    face-down seat a lock, a probe or a 识破 lands on is asked, whether or not it is 老鬼, 老枪 or 老金, and nobody
    can tell them apart by the wait. ``kinds``: the events the flip triggers of the game's character pool listen
    for. Bound to every seat at setup (:func:`bind_uniform_covers`), whatever its character."""

    __slots__ = ("kinds",)
    rule_id = UNIFORM
    listens = FACE_DOWN_KINDS

    def __init__(self, owner: int, kinds: tuple[str, ...]) -> None:
        super().__init__(owner)
        self.kinds = kinds

    def wants(self, g: Game, kind: str, data: Event) -> bool:
        if kind not in self.kinds or data["seat"] != self.owner:
            return False
        s = g.seats[self.owner]
        if not s.in_game or s.face_up or s.character is None:
            return False
        # the seat's own flip trigger asks instead (face down and its own: Skill.can_flip)
        return not any(
            r.owner == self.owner and isinstance(r, Skill) and r.face_down_trigger and r.can_flip(g)
            for r in g.listeners.get(kind, ())
        )

    def fire(self, g: Game, kind: str, data: Event) -> None:
        g.ask(self.owner, SKILL_CHOICE, (P_CONTINUE,), nothing_to_do, UNIFORM, None, True)


def bind_uniform_covers(g: Game) -> None:
    """Bind a :class:`FaceDownCover` to every seat for the flip triggers of the game's character pool (and of the
    characters seated), when ``Config.uniform_prompts`` is on; the pool is public, the deal is not."""
    if not g.config.uniform_prompts:
        return
    ids = set(g.edition.pool(g.config.character_pool, g.config.character_texts))
    ids.update(s.character for s in g.seats if s.character is not None)
    kinds: set[str] = set()
    for cid in ids:
        for cls in g.characters[cid].rules:
            if issubclass(cls, Skill) and cls.face_down_trigger:
                extra = set(cls.listens) - set(FACE_DOWN_KINDS)
                if extra:
                    raise AssertionError(f"{cls.__name__} listens for {sorted(extra)}: add them to FACE_DOWN_KINDS")
                kinds.update(cls.listens)
    if kinds:
        for seat in range(g.n):
            g.add_rule(FaceDownCover(seat, tuple(k for k in FACE_DOWN_KINDS if k in kinds)))


# --- card movements shared by skills ---------------------------------------------------------------------------
def give_card(g: Game, giver: int, receiver: int, card: int) -> None:
    """``giver`` hands ``card`` to ``receiver``: only the two of them see which card it is."""
    g.seats[giver].hand.remove(card)
    g.seats[receiver].hand.append(card)
    g.emit(Gave(giver, receiver, card, (giver, receiver)))


def take_blind(g: Game, taker: int, victim: int) -> int | None:
    """``taker`` takes a card at random from ``victim``'s hand (S-TERM-12: face down, blind)."""
    hand = g.seats[victim].hand
    if not hand:
        return None
    card = hand.pop(g.rng.randrange(len(hand)))
    g.seats[taker].hand.append(card)
    g.emit(Took(taker, victim, card, (taker, victim)))
    return card


def place_from_hand(g: Game, placer: int, target: int, card: int) -> None:
    """Place a card from ``placer``'s hand as intelligence in front of ``target`` (S-TERM-11, A-39)."""
    g.seats[placer].hand.remove(card)
    g.obtain(target, card, source=placer, how="skill")


def black_in_hand(g: Game, seat: int) -> list[int]:
    return [c for c in g.seats[seat].hand if g.is_black[c]]


def count_colour(g: Game, cards: Iterable[int], colour: str) -> int:
    return sum(1 for c in cards if g.card_colour[c] == colour)


def still_dying(g: Game, seat: int) -> bool:
    """``seat``'s death is being resolved and nobody has rescued him (A-30): his false intelligence still kill."""
    return seat in g.dying and has_fatal_black(g, seat)


def women_in_game(g: Game, exclude: int = -1) -> list[int]:
    """Seats in the game that count as a woman (S-CHAR-7, A-41)."""
    return [s.index for s in g.seats if s.in_game and s.index != exclude and s.sex_matches("F")]


def others_gone(g: Game, owner: int) -> bool:
    """「杀掉除自己以外的所有玩家」: ``owner`` is in the game and nobody else is (A-28, A-42; the fallback missions of
    大美女 and 礼服蒙面人)."""
    if not g.seats[owner].in_game:
        return False
    for s in g.seats:  # noqa: SIM110  (a loop, not a generator: missions are asked whenever intelligence settles)
        if s.in_game and s.index != owner:
            return False
    return True


def wiped_out(g: Game, identity: str) -> bool:
    """全灭 (A-27c): at least one player had the identity and none of them is still in the game."""
    had = [s for s in g.seats if s.identity == identity]
    return bool(had) and not any(s.in_game for s in had)


def is_dead_with(g: Game, identity: str) -> bool:
    return any(not s.alive and s.identity == identity for s in g.seats)


def sent_by(g: Game, data: Event, seat: int) -> bool:
    """The obtained card is intelligence ``seat`` sent (S-TERM-4): not 真伪莫辨, not placed by a skill."""
    return data.get("how") in ("accept", "forced", "intercept") and data.get("source") == seat


class Mission(BystanderMission):
    """A character's secret mission: a victory condition only for a 打酱油的 (S-ID-4); it counts face up or down
    (A-65)."""

    __slots__ = ()
    character: ClassVar[str] = ""


__all__ = [
    "BLACK",
    "BYSTANDER",
    "FACE_DOWN_KINDS",
    "MILITARY_INTEL",
    "UNDERGROUND",
    "CharacterDef",
    "FaceDownCover",
    "FlipAndDraw",
    "Mission",
    "Skill",
    "bind_uniform_covers",
    "black_count",
    "black_in_hand",
    "count_colour",
    "give_card",
    "is_dead_with",
    "nothing_to_do",
    "others_gone",
    "place_from_hand",
    "sent_by",
    "still_dying",
    "take_blind",
    "wiped_out",
    "women_in_game",
]
