"""Which questions to ask a player, from what the player's own seat can see: ask less, lose nothing.

A response window (a ``priority`` decision) opens for every player after every card and at every step of every
passing: about 35 of a 5-player game's 43 questions. Most of them do not concern the player. An :class:`AskPolicy`
decides from the seat's **view only** (``g.view(seat)``: never the game, so never hidden state) whether a decision is
worth asking, and which options can have no effect (not offered). What it does not ask is answered ``pass``.

Always asked (with more than one option): every decision that is not a response window (send, receive, discard, a
skill's questions, the character) but those with one sensible answer (``auto``: a victory you may declare is declared,
a blind 真伪莫辨 pick is made, a skill that only draws cards is used). A window is asked when (default policy):

* ``my_turn``: it is your play phase and nothing is pending (your main phase);
* ``mine``: something you may do here concerns you (each reason is a switch, see :data:`SWITCHES`): a 识破 on a
  pending use that matters to you (it targets you or a known teammate, or it is another player's 识破 on a use of
  yours or a teammate's), your own passing (锁定, 调虎离山 on a seat the card can reach: the send question carries them
  as its next step, and the window right after the send is answered from it), the intelligence in front of you (破译,
  退回), a face-up card of your colour you could 截获, or a face-down one that could decide the game (it could win it
  for you, or it is about to reach a likely enemy with two of his colour: the seat's own identity belief).

The rules that need memory (the send's follow-up, the belief) read a :class:`Recall`: the seat's own events and
answers, never the game.

Never offered (``prune``): an option that can have no effect: 狙击 at a seat with no intelligence; 锁定, 调虎离山 or
声东击西 at a seat a 直达 card does not go to; 破译 of a card you already see; a 识破 on your own card.

``AskPolicy.everything()`` (``--ask all``) asks every question with more than one option and offers every option:
the terminal before this layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from fengsheng.core.cards import DIRECT
from fengsheng.core.options import (
    DECLARE,
    PASS,
    PICK,
    PICK_KIND,
    PLAY,
    PRIORITY,
    SEND,
    SKILL,
    SKILL_CHOICE,
    Option,
    parse_option,
)
from fengsheng.editions import get_edition
from fengsheng.text import rendered_deck

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
    auto: bool = True

    @classmethod
    def everything(cls) -> AskPolicy:
        """Ask every question with more than one option; offer every option."""
        return cls(ask_all=True, prune=False, auto=False)

    def with_switch(self, switch: str, on: bool) -> AskPolicy:
        """A copy with one switch set (``settings`` in the terminal)."""
        if switch not in SWITCHES:
            raise KeyError(switch)
        return replace(self, **{switch: on})

    # ------------------------------------------------------------------------------------------------------------
    def offered(self, view: dict[str, Any]) -> list[Option]:
        """The options of the seat's pending decision that are worth showing (all of them without ``prune``)."""
        return filtered(_options(view), view, self)

    def folds(self) -> bool:
        """Whether the send question carries its follow-up (锁定 / 调虎离山 right after the send) as its next step."""
        return self.my_passing and not self.ask_all

    def is_follow_up(self, view: dict[str, Any], recall: Recall | None) -> bool:
        """Whether the pending decision is the window right after the seat's own send, with nothing pending: the
        send question's follow-up step answers it."""
        if recall is None or not recall.after_send or not self.folds():
            return False
        d = view.get("decision") or {}
        t = view.get("transit") or {}
        me = view["seat"]
        return (
            d.get("kind") == PRIORITY
            and d.get("context") == "step1"
            and t.get("sender") == me
            and t.get("holder") == me
            and not view.get("stack")
        )

    def answer(self, view: dict[str, Any], recall: Recall | None = None) -> Option | None:
        """What the front end answers for the seat without asking, or None: ask. The answer is ``pass`` for a
        question not worth asking; with ``auto``, the one sensible answer where there is one (declare a victory the
        seat has, a blind 真伪莫辨 pick, a skill that only draws cards); in the window right after the seat's send,
        the follow-up chosen with the send."""
        options = _options(view)
        if len(options) == 1:
            return options[0]
        if self.auto and not self.ask_all:
            sure = sure_answer(view, options)
            if sure is not None:
                return sure
        if self.is_follow_up(view, recall) and recall is not None and recall.plan is not None:
            plan = recall.plan
            if plan.kind == PASS:
                return plan
            got = next((o for o in self.offered(view) if same_play(o, plan)), None)
            if got is not None:
                return got
        return None if self._worth(view, recall) else Option(PASS)

    def asks(self, view: dict[str, Any], recall: Recall | None = None) -> bool:
        """Whether to ask the seat its pending decision (else :meth:`answer` answers it, mostly ``pass``).
        ``recall``: what the seat's front end remembers (its events and answers), for the rules that need memory
        (the identity belief, the send's follow-up); without it they ask."""
        return self.answer(view, recall) is None

    def _worth(self, view: dict[str, Any], recall: Recall | None) -> bool:
        """Whether the pending decision is worth asking (before the answers the front end gives by itself)."""
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
        return any(self._mine(o, view, recall) for o in offered if o.kind != PASS)

    def _mine(self, o: Option, view: dict[str, Any], recall: Recall | None = None) -> bool:
        """Whether option ``o`` (not pointless) concerns the seat in this window."""
        me = view["seat"]
        transit = view.get("transit") or None
        stack = view.get("stack") or []
        if o.use == "see_through":
            return self.see_through and matters(o.ref, view)
        if transit is not None and o.use in _STEERING:
            mine = transit.get("sender") == me and transit.get("holder") == me and not stack
            if recall is not None and recall.stepped and self.folds() and not recall.others_acted:
                return False  # the send question offered it; asked again only once another seat has acted
            return self.my_passing and mine and worth_steering(transit, view)
        if transit is not None and o.use in _INTERCEPTING:
            if not self.intercept or transit.get("sender") == me:
                return False
            card = transit.get("card")
            if card is not None:
                return wanted(card, view)
            return self.intercept_hidden or decisive(transit, view, recall)
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


_ONLY_GAIN = frozenset({"C-QING_BAO_CHU_ZHANG-1", "C-LI_FU_MENG_MIAN_REN-1", "C-DAO_FENG-2"})
"""Optional triggers that only draw cards (情报处长: draw, then discard or burn one; 礼服蒙面人: draw two; 刀锋: draw
four, then give one to anyone, yourself included): using them is never worse than not."""


def sure_answer(view: dict[str, Any], options: Sequence[Option]) -> Option | None:
    """The one sensible answer to the pending decision, if there is one: declare a victory you have (it wins); pick
    a face-down 真伪莫辨 card (every pick is the same blind draw: the first); use a skill that only draws cards."""
    d = view.get("decision") or {}
    declare = next((o for o in options if o.kind == DECLARE), None)
    if declare is not None:
        return declare
    if d.get("kind") == PICK_KIND and all(o.kind == PICK for o in options):
        return options[0]
    if d.get("kind") == SKILL_CHOICE and d.get("context") in _ONLY_GAIN:
        skill = [o for o in options if o.kind == SKILL]
        if len(skill) == 1 and all(o.kind in (SKILL, PASS) for o in options):
            return skill[0]
    return None


def _target(view: dict[str, Any]) -> int:
    """Intelligence of a faction's colour needed to win (S-VAR-2: four with ``four_card_victory``)."""
    return 4 if "four_card_victory" in (view.get("variants") or []) else 3


def _colour_count(view: dict[str, Any], seat: int, colour: str) -> int:
    deck = rendered_deck()  # the edition's, in a front end that renders within text.edition_texts
    return sum(deck[c].colour == colour for c in view["seats"][seat]["intel"])


def ally(view: dict[str, Any], recall: Recall | None, seat: int) -> float:
    """How likely ``seat`` is on the viewer's side, from the view (a known identity) and, with ``recall``, the
    seat's identity belief; without it an unknown seat counts as not on the viewer's side."""
    me = view["seat"]
    mine = (view.get("me") or {}).get("identity")
    if seat == me:
        return 1.0
    if mine is None or mine == "bystander":
        return 0.0
    known = view["seats"][seat].get("identity")
    if known is not None:
        return 1.0 if known == mine else 0.0
    if recall is None:
        return 0.0
    return float(recall.belief(view).get(seat, {}).get(mine, 0.0))


def decisive(transit: dict[str, Any], view: dict[str, Any], recall: Recall | None) -> bool:
    """Whether a face-down card in transit is worth a 截获 question: taking it could win you the game (you hold one
    fewer than needed of your faction's colour), or it is about to reach a seat your view says is an enemy (on your
    side with less than 20% odds) holding one fewer than needed of a true colour. Never with two false in front of
    you (a third kills)."""
    me = view["seat"]
    need = _target(view) - 1
    if _colour_count(view, me, "black") >= 2:
        return False
    mine = _COLOUR.get((view.get("me") or {}).get("identity") or "")
    if mine is not None and _colour_count(view, me, mine) >= need:
        return True
    holder = int(transit.get("holder", -1))
    if holder < 0 or holder == me:
        return False
    if ally(view, recall, holder) >= DENY_ALLY:
        return False
    odds = identity_odds(view, recall, holder)
    close = sum(p for ident, p in odds.items() if _colour_count(view, holder, _COLOUR.get(ident, "")) >= need)
    return close >= DENY_CLOSE


DENY_ALLY = 0.2  # at most this likely on your side …
DENY_CLOSE = 0.7  # … and at least this likely to need the colour he has one fewer than needed of


def identity_odds(view: dict[str, Any], recall: Recall | None, seat: int) -> dict[str, float]:
    """The odds of ``seat``'s identities from the viewer's view (a known identity) and, with ``recall``, belief;
    without it, an unknown seat is equally likely to be of any faction."""
    known = view["seats"][seat].get("identity")
    if known is not None:
        return {known: 1.0}
    if recall is None:
        return {"underground": 0.5, "military_intel": 0.5}
    return dict(recall.belief(view).get(seat, {}))


def worth_steering(transit: dict[str, Any], view: dict[str, Any]) -> bool:
    """Whether the card the viewer just sent is worth forcing on someone or steering: false intelligence (to make an
    enemy take it), or true intelligence of its own colour sent 直达 (to make the target take it)."""
    deck = rendered_deck()  # the edition's, in a front end that renders within text.edition_texts
    card = transit.get("card")
    if card is None:
        return True
    colour = deck[card].colour
    mine = _COLOUR.get((view.get("me") or {}).get("identity") or "")
    return colour == "black" or (colour == mine and transit.get("method") == DIRECT)


def d_context(view: dict[str, Any]) -> str:
    """The pending decision's context (the window kind)."""
    return str((view.get("decision") or {}).get("context", ""))


def _black_count(view: dict[str, Any], seat: int) -> int:
    deck = rendered_deck()  # the edition's, in a front end that renders within text.edition_texts
    return sum(deck[c].colour == "black" for c in view["seats"][seat]["intel"])


def _quiet_end(view: dict[str, Any]) -> bool:
    """Another player's end phase with nothing pending: the last window of a turn."""
    d = view.get("decision") or {}
    return d.get("context") == "end" and not view.get("stack")


def wanted(card: int | None, view: dict[str, Any]) -> bool:
    """Whether a visible card in transit is true intelligence of the viewer's faction's colour."""
    if card is None:
        return False
    deck = rendered_deck()  # the edition's, in a front end that renders within text.edition_texts
    colour = _COLOUR.get((view.get("me") or {}).get("identity") or "")
    return colour is not None and deck[card].colour == colour


def at_stake(view: dict[str, Any]) -> bool:
    """Something is close: a player in the game has two intelligence of one colour (a third red or blue may win,
    a third black kills)."""
    deck = rendered_deck()  # the edition's, in a front end that renders within text.edition_texts
    for s in view["seats"]:
        if not s["alive"] or s["lost"]:
            continue
        colours = [deck[c].colour for c in s["intel"]]
        if any(colours.count(c) >= 2 for c in set(colours)):
            return True
    return False


FOLLOW_UPS = frozenset({"lock", "lure_away"})
"""The uses the send question may carry as its next step (the window right after the send answers from it)."""


class Recall:
    """What a seat's front end remembers between its questions, from the seat's own events and answers only (never
    the game): whether its last answer was its send (the window right after it is that question's follow-up), the
    follow-up chosen with the send, whether another seat used a card or skill since its last answer, and the
    identity belief the seat's own view supports (the one HeuristicBot and the notebook keep)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.after_send = False
        self.stepped = False  # the send question of the seat's last send carried the follow-up step
        self.plan: Option | None = None  # the follow-up chosen there (``pass``: just send)
        self.others_acted = True
        self._watcher: Any = None  # a HeuristicBot used for its memory and belief only, built on first use
        self._events: list[dict[str, Any]] = []

    def sent(self, plan: Option | None, stepped: bool) -> None:
        """The seat's send question: whether it carried the follow-up step, and the follow-up chosen there."""
        self.stepped, self.plan = stepped, plan

    def saw(self, events: Sequence[dict[str, Any]] | None) -> None:
        """The events the seat saw since the last call."""
        for e in events or ():
            if e.get("kind") == "use" and e.get("seat") != self.seat:
                self.others_acted = True
            self._events.append(e)

    def answered(self, view: dict[str, Any], option: Option) -> None:
        """The seat answered its pending decision in ``view`` (asked or answered for it)."""
        self.after_send = (view.get("decision") or {}).get("kind") == SEND
        if not view.get("stack"):
            self.others_acted = False

    def belief(self, view: dict[str, Any]) -> dict[int, dict[str, float]]:
        """Per other seat, the probabilities of its identities from the seat's view and events: HeuristicBot's
        belief, for the editions it knows (their card and identity tables); for another edition none (every seat
        unknown, so the questions that depend on the belief are asked)."""
        from fengsheng.bots.heuristic.bot import HeuristicBot

        if view.get("character_texts", "") not in _BELIEF_TEXT_SETS:
            self._events = []
            return {}
        if self._watcher is None:
            self._watcher = HeuristicBot(self.seat, 0)
        self._watcher.update(view, self._events)
        self._events = []
        belief: dict[int, dict[str, float]] = self._watcher.belief()
        return belief


_BELIEF_TEXT_SETS = frozenset(t for ed in ("standard", "qianzhi") for t in get_edition(ed).text_sets) | {""}
"""The character text sets of the editions HeuristicBot's belief knows (the view names its game's text set)."""


def follow_ups(view: dict[str, Any], send: Option) -> list[Option]:
    """The 锁定 / 调虎离山 the seat could play right after sending ``send`` (from its view before the send), pruned
    as the window would be: the next step of the send question. A card the seat also sends is not among them."""
    deck = rendered_deck()  # the edition's, in a front end that renders within text.edition_texts
    me = view["seat"]
    mine = view.get("me") or {}
    hand: list[int] = list(mine.get("hand") or [])
    uses: list[list[str]] = list(mine.get("uses") or [[] for _ in hand])
    direct = send.card >= 0 and deck[send.card].method == DIRECT and send.target >= 0
    locks = set(view.get("locks") or [])
    seats = [s["seat"] for s in view["seats"] if s["alive"] and not s["lost"] and s["seat"] != me]
    if direct:
        seats = [s for s in seats if s == send.target]
    out: list[Option] = []
    for card, card_uses in zip(hand, uses, strict=False):
        if card == send.card:
            continue
        for use in card_uses:
            if use not in FOLLOW_UPS:
                continue
            for t in seats:
                if use == "lure_away" and t in locks:
                    continue
                o = Option(PLAY, card=card, use=use, target=t)
                if o not in out:
                    out.append(o)
    return out


def same_play(a: Option, b: Option) -> bool:
    """Whether two options are the same to a player: the same but for which of two identical cards they use."""
    from fengsheng.play.words import _sameness

    return a == b or _sameness(a) == _sameness(b)


SWITCHES = (
    "my_turn",
    "see_through",
    "my_passing",
    "at_me",
    "intercept",
    "intercept_hidden",
    "skills",
    "prune",
    "auto",
)
"""The switches ``settings`` can turn on and off."""

SWITCH_WORDS: dict[str, tuple[str, str]] = {
    "my_turn": ("我的出牌阶段", "my play phase"),
    "see_through": ("与我有关的牌可以识破时", "See Through on cards that concern me"),
    "my_passing": ("我传出的情报（锁定、调虎离山）", "my own passing (lock, lure away)"),
    "at_me": ("到我面前的情报（破译、退回）", "intelligence in front of me (decode, return)"),
    "intercept": (
        "可以截获看得见的我方颜色情报，或可能决定胜负的面朝下情报时",
        "an intelligence I could intercept: visible of my colour, or face down when it could decide the game",
    ),
    "intercept_hidden": ("可以截获面朝下的情报时", "a face-down intelligence I could intercept"),
    "skills": ("可以发动角色技能时", "when a character skill can be used"),
    "prune": ("不显示不会有效果的选项", "hide options that can have no effect"),
    "auto": (
        "只有一个合理答案时替我回答（宣告胜利、盲抽真伪莫辨、只摸牌的技能）",
        "answer for me where one answer is the only sensible one (declare a victory, a blind True or False pick, a skill that only draws)",
    ),
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
