"""Which questions to ask a player, from what the player's own seat can see: ask less, lose nothing.

A response window (a ``priority`` decision) opens for every player after every card and at every step of every
passing: about 35 of a 5-player game's 43 questions. Most of them do not concern the player. An :class:`AskPolicy`
decides from the seat's **view only** (``g.view(seat)``: never the game, so never hidden state) whether a decision is
worth asking, and which options can have no effect (not offered). What it does not ask is answered ``pass``.

Always asked (with more than one option): every decision that is not a response window (send, receive, discard, a
skill's questions, the character, a declaration prompt) and any window where you may declare victory. A window is
asked when (default policy):

* ``my_turn``: it is your play phase and nothing is pending (your main phase);
* ``mine``: something you may do here concerns you (each reason is a switch, see :data:`SWITCHES`): a 识破 on a pending use that matters to you (it targets you or a
  known teammate, or it is another player's 识破 on a use of yours or a teammate's), your own passing (锁定, 调虎离山
  on a seat the card can reach), the intelligence in front of you (破译, 退回), a face-up or known card you could
  截获, a character skill.

Never offered (``prune``): an option that can have no effect: 狙击 at a seat with no intelligence; 锁定, 调虎离山 or
声东击西 at a seat a 直达 card does not go to; 破译 of a card you already see; a 识破 on your own card.

``AskPolicy.everything()`` (``--ask all``) asks every question with more than one option and offers every option:
today's terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from fengsheng.core.cards import DIRECT
from fengsheng.core.options import DECLARE, PASS, PLAY, PRIORITY, SKILL, Option, parse_option

# skills whose effect needs intelligence in front of the target seat
_NEEDS_TARGET_INTEL = frozenset({"shan_ling.1"})
# uses that steer a card in transit towards or away from a seat (pointless at a seat a 直达 does not go to)
_STEERING = frozenset({"lock", "lure_away", "fu_she.1"})
_INTERCEPTING = frozenset({"intercept", "e_mei_feng.1"})
_ON_TRANSIT = frozenset({"intercept", "return", "e_mei_feng.1"})  # another's use that takes or turns our card
_COLOUR = {"underground": "red", "military_intel": "blue"}  # the true intelligence each faction needs (S-INTEL-1)


@dataclass(frozen=True)
class AskPolicy:
    """What to ask. Each switch is one of the reasons above; ``prune`` hides options that can have no effect."""

    ask_all: bool = False
    my_turn: bool = True
    see_through: bool = True
    my_passing: bool = True
    at_me: bool = True
    intercept: bool = True
    intercept_hidden: bool = False
    skills: bool = False
    prune: bool = True

    @classmethod
    def everything(cls) -> AskPolicy:
        """Ask every question with more than one option; offer every option."""
        return cls(ask_all=True, prune=False)

    def with_switch(self, switch: str, on: bool) -> AskPolicy:
        """A copy with one switch set (``settings`` in the terminal)."""
        if switch not in SWITCHES:
            raise KeyError(switch)
        return replace(self, **{switch: on})

    # ------------------------------------------------------------------------------------------------------------
    def offered(self, view: dict[str, Any]) -> list[Option]:
        """The options of the seat's pending decision that are worth showing (all of them without ``prune``)."""
        return filtered(_options(view), view, self)

    def asks(self, view: dict[str, Any]) -> bool:
        """Whether to ask the seat its pending decision (else it is answered ``pass``)."""
        d = view.get("decision") or {}
        options = _options(view)
        if len(options) <= 1:
            return False  # a window with only pass (other decisions with one option are applied by the engine)
        if not any(o.kind == PASS for o in options):
            return True  # nothing to answer for the player
        if self.ask_all or d.get("kind") != PRIORITY:
            return True
        offered = self.offered(view)
        if len(offered) <= 1:
            return False
        if any(o.kind == DECLARE for o in offered):
            return True
        me = view["seat"]
        if self.my_turn and view.get("current") == me and d.get("context") == "play" and not view.get("stack"):
            return True
        return any(self._mine(o, view) for o in offered if o.kind != PASS)

    def _mine(self, o: Option, view: dict[str, Any]) -> bool:
        """Whether option ``o`` (not pointless) concerns the seat in this window."""
        me = view["seat"]
        transit = view.get("transit") or None
        stack = view.get("stack") or []
        if o.use == "see_through":
            return self.see_through and matters(o.ref, view)
        if transit is not None and o.use in _STEERING:
            mine = transit.get("sender") == me and transit.get("holder") == me and not stack
            return self.my_passing and mine and worth_steering(transit, view)
        if transit is not None and o.use in _INTERCEPTING:
            card = transit.get("card")
            hidden = self.intercept_hidden and card is None
            return self.intercept and transit.get("sender") != me and (wanted(card, view) or hidden)
        if transit is not None and o.use == "decode":
            return self.at_me and transit.get("holder") == me and transit.get("card") is None
        if transit is not None and o.use == "return":
            return self.at_me and transit.get("holder") == me and me in (view.get("locks") or [])
        if o.kind == SKILL and transit is not None and transit.get("holder") == me and d_context(view) == "step2":
            return self.at_me  # a skill for the intelligence that reached you (一点圆's look before you decide)
        if o.kind == SKILL:
            return self.skills and at_stake(view) and view.get("current") != me and _quiet_end(view)
        if o.use == "burn" and o.target == me and _quiet_end(view):
            return self.at_me and _black_count(view, me) >= 2  # the next false intelligence would kill you
        return False


def worth_steering(transit: dict[str, Any], view: dict[str, Any]) -> bool:
    """Whether the card the viewer just sent is worth forcing on someone or steering: false intelligence (to make an
    enemy take it), or true intelligence of its own colour sent 直达 (to make the target take it)."""
    from fengsheng.editions.standard.deck import DECK

    card = transit.get("card")
    if card is None:
        return True
    colour = DECK[card].colour
    mine = _COLOUR.get((view.get("me") or {}).get("identity") or "")
    return colour == "black" or (colour == mine and transit.get("method") == DIRECT)


def d_context(view: dict[str, Any]) -> str:
    """The pending decision's context (the window kind)."""
    return str((view.get("decision") or {}).get("context", ""))


def _black_count(view: dict[str, Any], seat: int) -> int:
    from fengsheng.editions.standard.deck import DECK

    return sum(DECK[c].colour == "black" for c in view["seats"][seat]["intel"])


def _quiet_end(view: dict[str, Any]) -> bool:
    """Another player's end phase with nothing pending: the last window of a turn."""
    d = view.get("decision") or {}
    return d.get("context") == "end" and not view.get("stack")


def wanted(card: int | None, view: dict[str, Any]) -> bool:
    """Whether a visible card in transit is true intelligence of the viewer's faction's colour."""
    if card is None:
        return False
    from fengsheng.editions.standard.deck import DECK

    colour = _COLOUR.get((view.get("me") or {}).get("identity") or "")
    return colour is not None and DECK[card].colour == colour


def at_stake(view: dict[str, Any]) -> bool:
    """Something is close: a player in the game has two intelligence of one colour (a third red or blue may win,
    a third black kills)."""
    from fengsheng.editions.standard.deck import DECK

    for s in view["seats"]:
        if not s["alive"] or s["lost"]:
            continue
        colours = [DECK[c].colour for c in s["intel"]]
        if any(colours.count(c) >= 2 for c in set(colours)):
            return True
    return False


SWITCHES = ("my_turn", "see_through", "my_passing", "at_me", "intercept", "intercept_hidden", "skills", "prune")
"""The switches ``settings`` can turn on and off."""

SWITCH_WORDS: dict[str, tuple[str, str]] = {
    "my_turn": ("我的出牌阶段", "my play phase"),
    "see_through": ("与我有关的牌可以识破时", "See Through on cards that concern me"),
    "my_passing": ("我传出的情报（锁定、调虎离山）", "my own passing (lock, lure away)"),
    "at_me": ("到我面前的情报（破译、退回）", "intelligence in front of me (decode, return)"),
    "intercept": ("可以截获看得见的、我方颜色的情报时", "a visible intelligence of my colour I could intercept"),
    "intercept_hidden": ("可以截获面朝下的情报时", "a face-down intelligence I could intercept"),
    "skills": ("可以发动角色技能时", "when a character skill can be used"),
    "prune": ("不显示不会有效果的选项", "hide options that can have no effect"),
}


def _options(view: dict[str, Any]) -> list[Option]:
    d = view.get("decision") or {}
    return [parse_option(o) for o in d.get("options", [])]


def teammates(view: dict[str, Any]) -> set[int]:
    """The seats the viewer knows are on its side: a visible identity equal to its own (not bystanders)."""
    me = view["seat"]
    mine = (view.get("me") or {}).get("identity")
    if mine is None or mine == "bystander":
        return set()
    return {s["seat"] for s in view["seats"] if s["seat"] != me and s.get("identity") == mine}


def _entry(view: dict[str, Any], uid: int) -> dict[str, Any] | None:
    return next((e for e in view.get("stack") or [] if e["uid"] == uid), None)


def matters(uid: int, view: dict[str, Any]) -> bool:
    """Whether the pending use ``uid`` concerns the viewer: another side's use at it or a teammate, or their 识破 of
    a use of its side (then a 识破 back keeps that use)."""
    entry = _entry(view, uid)
    if entry is None:
        return False
    side = {view["seat"], *teammates(view)}
    if entry["user"] in side:
        return False  # our own card: nothing to cancel
    if entry["use"] == "see_through":
        inner = _entry(view, entry.get("ref", -1))
        return inner is not None and bool(inner["user"] in side)
    target = entry.get("target", -1)
    transit = view.get("transit") or {}
    if entry["use"] in _STEERING and transit.get("sender") not in side:
        return False  # another side's card steered past or onto us: nothing of ours is at stake
    if target in side:
        return bool(entry["use"] != "probe")  # a 试探 only asks a question: not worth a 识破 prompt every time
    return bool(entry["use"] in _ON_TRANSIT | _STEERING and transit.get("sender") in side)


def pointless(o: Option, view: dict[str, Any]) -> bool:
    """Whether option ``o`` can have no effect, from what the view shows."""
    if o.kind not in (PLAY, SKILL):
        return False
    if o.kind == SKILL and o.use in _NEEDS_TARGET_INTEL and o.target >= 0:
        return not bool(view["seats"][o.target]["intel"])
    if o.use in _STEERING and o.target >= 0:
        t = view.get("transit") or None
        if t is not None and t.get("method") == DIRECT and not t.get("back") and t.get("target", -1) >= 0:
            return bool(o.target != t["target"])
    if o.use == "decode":
        t = view.get("transit") or None
        return t is not None and t.get("card") is not None  # you already see the card
    if o.use == "see_through":
        entry = _entry(view, o.ref)
        return entry is not None and entry["user"] == view["seat"]
    return False


def filtered(options: Sequence[Option], view: dict[str, Any], policy: AskPolicy) -> list[Option]:
    """``policy.offered`` for a decision's options given directly (a front end that has them as objects)."""
    if not policy.prune or policy.ask_all:
        return list(options)
    kept = [o for o in options if not pointless(o, view)]
    return kept or list(options)


__all__ = ["SWITCHES", "SWITCH_WORDS", "AskPolicy", "filtered", "matters", "pointless", "teammates"]
