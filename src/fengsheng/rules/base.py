"""Rules bound to a seat: the one mechanism through which victory conditions, character skills and missions act.

A :class:`Rule` belongs to one seat (its ``owner``) and overrides only the hooks it needs. The game indexes its rules
by the hooks they override (see :meth:`fengsheng.game.Game.add_rule`), so a game without characters pays nothing
for the hooks it does not use. Adding a character means writing Rule subclasses and registering them; no engine
file changes.

Hooks:

* **Triggers** (``listens`` + :meth:`wants` + :meth:`fire`): automatic skills. When the engine fires an event, the
  rules that want it run in S-TRIG order: current player first, then counterclockwise (S-TRIG-1, S-PRIO-9).
* **Activated skills** (:meth:`actions` + :meth:`play` + :meth:`resolve`): options offered in response windows; the
  use goes on the LIFO stack like a card (S-PRIO-13) unless :meth:`play` resolves it at once.
* **Card conversions** (:meth:`card_uses`): "your X may be used as Y" (S-CARD-LOCK-5). The card keeps its colour.
* **Permissions** (:meth:`permits`): "you may use 锁定 in other players' turns" (S-PRIO-1, golden rule).
* **Static modifiers** (:meth:`draw_count`, :meth:`may_conceal`, :meth:`send_directions`): e.g. a different draw,
  城府 concealment, 逢缘's choice of direction.
* **Victory** (:meth:`can_declare`, :meth:`winners`, :meth:`react_to_declaration`): S-WIN.
* **Loss** (:meth:`loses`): e.g. 小白's 败露 (S-LOSE-4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from fengsheng.core.events import Event
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

# The hook names the game indexes; a rule takes part in a hook when its class overrides the method.
HOOKS = (
    "fire",
    "actions",
    "card_uses",
    "permits",
    "draw_count",
    "may_conceal",
    "can_declare",
    "react_to_declaration",
    "loses",
    "send_directions",
)


class Rule:
    """A piece of rules text bound to one seat. Subclasses override the hooks they need."""

    __slots__ = ("owner",)

    rule_id: ClassVar[str] = ""
    """The rule id this implements (S-…, C-…), for logs and coverage."""
    listens: ClassVar[tuple[str, ...]] = ()
    """Event kinds this rule's trigger reacts to."""
    bystander_only: ClassVar[bool] = False
    """True for a mission whose :meth:`can_declare` is False for a player who is not a bystander, unless every
    mission counts (``Config.missions_for_all``): ``BystanderMission``'s first test, which the rule index applies
    without calling the rule (a subclass whose ``can_declare`` says otherwise sets it False)."""
    face: ClassVar[bool | None] = None
    """The face its owner's character must show for :meth:`actions` and :meth:`card_uses` to give anything: True
    (face up: a skill that works only while :meth:`Skill.active`), False (face down: a 「翻开此角色」 skill,
    :meth:`Skill.can_flip`), None (either, or not a question of face). The rule index skips the rule for the other
    face, for which it gives nothing (``tests/contract/test_rule_hints.py`` holds every declared face to that)."""
    converts_to: ClassVar[frozenset[str] | None] = None
    """The uses :meth:`card_uses` may add (None: any): a window in which none of them may be used by its seat (the
    edition's ``role_types``) skips the conversion without asking it card by card."""
    live_condition: ClassVar[bool] = False
    """True if ``can_declare`` may change while no intelligence changes hands (e.g. a mission on the hand): windows
    then check it live before offering ``declare`` (see ``Game.can_declare_now``)."""

    def __init__(self, owner: int) -> None:
        self.owner = owner

    # --- triggers -------------------------------------------------------------------------------------------
    def wants(self, g: Game, kind: str, data: Event) -> bool:
        """Whether this trigger reacts to the event (its condition is met)."""
        return True

    def fire(self, g: Game, kind: str, data: Event) -> None:
        """Resolve the trigger. May push frames (e.g. ask the owner whether to use an optional skill)."""

    # --- activated skills -----------------------------------------------------------------------------------
    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        """Skill options for the owner (``seat``) holding priority in ``window``; the engine asks only the owner."""
        return []

    def play(self, g: Game, option: Option, window: Window) -> Use | None:
        """The owner chose one of this rule's actions: pay costs, return a Use for the stack (or None)."""
        return None

    def resolve(self, g: Game, use: Use) -> None:
        """Resolve this rule's use from the stack."""

    # --- card conversions and permissions -------------------------------------------------------------------
    def card_uses(self, g: Game, card: int) -> tuple[str, ...]:
        """Extra card types the owner may use ``card`` as."""
        return ()

    def permits(self, g: Game, seat: int, use: str, window: Window) -> bool:
        """True to allow ``seat`` to use ``use`` in ``window`` although the card's own timing forbids it."""
        return False

    # --- static modifiers -----------------------------------------------------------------------------------
    def draw_count(self, g: Game, seat: int, count: int) -> int:
        """Change the number of cards ``seat`` draws in his draw phase."""
        return count

    def send_directions(self, g: Game, seat: int, card: int) -> tuple[int, ...]:
        """Directions (+1 counterclockwise, -1 clockwise) the owner may send a non-直达 ``card`` in (S-METH-6)."""
        return ()

    def may_conceal(self, g: Game, seat: int) -> bool:
        """True if ``seat`` may answer a 试探 with either action (城府, S-CARD-PROBE-7)."""
        return False

    # --- victory and loss ------------------------------------------------------------------------------------
    def can_declare(self, g: Game) -> bool:
        """True while the owner may declare victory through this rule."""
        return False

    def winners(self, g: Game) -> list[int]:
        """Who wins when the owner declares through this rule."""
        return [self.owner]

    def react_to_declaration(self, g: Game, declarer: int, winners: list[int]) -> tuple[list[int], bool] | None:
        """A mission that reacts to someone's declaration (S-WIN-4). Return (extra winners, hijack?) or None.

        ``hijack=True`` means 「你的胜利会导致他的宣告失败」: the declarer's declaration fails (A-36).
        """
        return None

    def loses(self, g: Game) -> bool:
        """True if the owner must now lose the game (e.g. 小白's 败露)."""
        return False

    def __repr__(self) -> str:
        return f"{type(self).__name__}(owner={self.owner})"


def overrides(cls: type[Rule], hook: str) -> bool:
    """Whether the rule class ``cls`` overrides ``hook`` of :class:`Rule` (the index asks it once per class)."""
    return getattr(cls, hook) is not getattr(Rule, hook)
