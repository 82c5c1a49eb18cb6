"""The generic policy for character skills, and the valuations character knowledge blocks share.

Two entry points, both reading the skill's :class:`~fengsheng.bots.ai.SkillAI` (declared beside the character):

* :func:`skill_gain`: the gain of a ``skill …`` option in a response window (flip skills and activated skills), on
  the same scale as card plays; a skill without a ``gain`` is not used.
* :func:`skill_choice`: the answer to a ``skill_choice`` question. The question's context is the skill id, which says
  what the choice does: use an optional trigger or not (yes unless the skill says otherwise: most draw or take
  cards), choose a seat (by default a likely ally, or this seat), a card from the hand (by default the least useful,
  or nothing if that is allowed), or an intelligence on the table (by default the one whose removal helps this seat
  most).

The helpers below (:func:`removal`, :func:`harm_seat`, :func:`place_seat` …) are the valuations several skills
share; the character modules use them in their blocks. This module imports no bot: it sees a decision through the
:class:`~fengsheng.bots.ai.Position` / :class:`~fengsheng.bots.ai.Deciding` interfaces.
"""

from __future__ import annotations

from fengsheng.bots.ai import Deciding, Position, SkillAI, skill_ai
from fengsheng.core.options import CHOOSE, PASS, SKILL, Decision, Option

FLIP_COST = 0.2
"""What flipping (or covering) a character costs: it shows the character, or loses its skills for a while."""
MOST_USES = 2
"""A skill is used at most this many times a turn (no flip / cover loops)."""
CARD_DRAWN = 0.3
"""What one card drawn is worth (about a card's worth kept; the policy's ``DRAWN_CARD``)."""
REVEAL_COST = 1.0
"""What revealing the identity card costs (a skill's price: everyone knows the side from then on)."""
_GENERIC = SkillAI()


# --- the generic policy --------------------------------------------------------------------------------------------
def skill_gain(pos: Deciding, edition: str, o: Option, context: str, uses_this_turn: int) -> float:
    """The gain of the skill option ``o`` in a ``context`` window; ``uses_this_turn``: how often this seat used the
    skill this turn."""
    if uses_this_turn >= MOST_USES:
        return -1.0
    ai = skill_ai(edition, o.use)
    if ai is None or ai.gain is None:
        return -1.0
    return ai.gain(pos, o, context)


def skill_choice(pos: Deciding, edition: str, d: Decision) -> Option:
    """The answer to the ``skill_choice`` question ``d``."""
    ctx = d.context
    ai = skill_ai(edition, ctx) or _GENERIC
    opts = d.options
    pass_opt = next((o for o in opts if o.kind == PASS), None)
    skill = next((o for o in opts if o.kind == SKILL), None)
    chooses = [o for o in opts if o.kind == CHOOSE]
    if skill is not None:
        use = ai.offer if isinstance(ai.offer, bool) else ai.offer(pos)
        if use or pass_opt is None:
            return skill
        return pass_opt
    if not chooses:
        return pass_opt if pass_opt is not None else opts[0]
    seats_only = all(o.card < 0 and o.ref < 0 and o.target >= 0 for o in chooses)
    cards_only = all(o.card >= 0 for o in chooses)
    if seats_only:
        score = ai.seat or help_seat
        scored = [(score(pos, ctx, o.target), o) for o in chooses]
        best = pos.best(scored)
        top = max(s for s, _ in scored)
        if pass_opt is not None and top <= 0.0:
            return pass_opt
        return best
    if cards_only:
        return (ai.card or keep_or_least_useful)(pos, ctx, chooses, pass_opt)
    # intelligence on the table (mixed with hand cards only for 情报处长's payment)
    cards = [o for o in chooses if o.card >= 0]
    if cards:  # 情报处长: discard the least useful card rather than burn his own intelligence
        return pos.best([(-pos.keep(o.card), o) for o in cards])
    worth = ai.intel or removal
    scored = [(worth(pos, o.target, o.ref), o) for o in chooses]
    top = max(g for g, _ in scored)
    if pass_opt is not None and top <= 0.0:
        return pass_opt
    return pos.best(scored)


# --- shared valuations ---------------------------------------------------------------------------------------------
def removal(pos: Position, seat: int, card: int) -> float:
    """The gain of taking ``card`` away from in front of ``seat``."""
    return -pos.held_value(seat, card)


def help_seat(pos: Position, skill_id: str, seat: int) -> float:
    """A seat to help (give a card to, let win with him …): the one this seat cares for most."""
    return pos.care[seat]


def harm_seat(pos: Position, skill_id: str, seat: int) -> float:
    """A seat to put false intelligence on: a likely enemy, the nearer death the better; never this seat."""
    k = pos.counts[seat][2]
    return -pos.care[seat] * (1.0 + 0.5 * k) if seat != pos.seat else -5.0


def chosen_card(pos: Position, skill_id: str) -> int | None:
    """The card this seat chose in its previous answer to the same skill (a hand card or an intelligence)."""
    last = pos.last_choice.get(skill_id)
    if last is None or last.kind != CHOOSE:
        return None
    if last.card >= 0:
        return last.card
    if last.ref >= 0:
        return last.ref
    return None


def place_seat(pos: Position, skill_id: str, seat: int) -> float:
    """Where to place the card chosen before as intelligence: where its colour is worth most to this seat (before a
    card is chosen: a likely enemy)."""
    card = chosen_card(pos, skill_id)
    if card is None:
        return -pos.care[seat]
    return pos.value(seat, pos.colour(card))


def least_useful(pos: Deciding, chooses: list[Option]) -> Option:
    """The hand card least worth keeping."""
    return pos.best([(-pos.keep(o.card), o) for o in chooses])


def give_least_useful(pos: Deciding, skill_id: str, chooses: list[Option], pass_opt: Option | None) -> Option:
    """A card given away or put back: the least useful one."""
    return least_useful(pos, chooses)


def keep_or_least_useful(pos: Deciding, skill_id: str, chooses: list[Option], pass_opt: Option | None) -> Option:
    """A card the skill spends: none if that is allowed, else the least useful one."""
    if pass_opt is not None:
        return pass_opt
    return least_useful(pos, chooses)


def more_false_on_enemy(pos: Deciding, skill_id: str, chooses: list[Option], pass_opt: Option | None) -> Option:
    """One more false intelligence on the seat chosen before, while it is a likely enemy."""
    last = pos.last_choice.get(skill_id)
    target = last.target if last is not None and last.target >= 0 else -1
    if pass_opt is not None and (target < 0 or pos.care[target] >= 0):
        return pass_opt
    return chooses[0]


def any_enemy(pos: Position, below: float) -> bool:
    """Whether some other seat in the game is an enemy to at least this degree (``care`` under ``below``)."""
    return any(pos.care[s] < below and pos.in_game[s] for s in range(pos.n) if s != pos.seat)


def best_placed(pos: Deciding, chooses: list[Option]) -> Option:
    """The hand card whose colour is worth most to this seat in front of the best seat for it."""
    scored = [
        (max((pos.value(s, pos.colour(o.card)) for s in range(pos.n) if pos.in_game[s]), default=0.0), o)
        for o in chooses
    ]
    return pos.best(scored)


__all__ = [
    "CARD_DRAWN",
    "FLIP_COST",
    "MOST_USES",
    "REVEAL_COST",
    "any_enemy",
    "best_placed",
    "chosen_card",
    "give_least_useful",
    "harm_seat",
    "help_seat",
    "keep_or_least_useful",
    "least_useful",
    "more_false_on_enemy",
    "place_seat",
    "removal",
    "skill_choice",
    "skill_gain",
]
