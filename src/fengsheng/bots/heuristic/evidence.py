"""What an observation says about identities: the likelihoods the memory feeds to the belief
(:class:`fengsheng.bots.belief.IdentityBelief`), as P(observation | identity), identity order UG, MI, BY.

* taking (or refusing) a card whose colour the taker saw (:data:`ACCEPT_L`);
* sending a card of a colour to a chosen receiver (:data:`SEND_L`, a pairwise table sender x receiver);
* burning another's false intelligence (:data:`HELP_PAIR`), placing false intelligence on him (:data:`HARM_PAIR`);
* a 试探 answer: exact when this seat read the probe, else weighed by the probes it has not seen; softened for a
  城府 character, who may answer either way.
"""

from __future__ import annotations

from collections.abc import Sequence

from fengsheng.bots.belief import BY, FLOOR, MI, UG
from fengsheng.bots.heuristic.tables import DRAW_LINE
from fengsheng.cards.probe import ProbeAnswer
from fengsheng.core.cards import BLACK, BLUE, DISCARD_1, DRAW_2, RED
from fengsheng.editions.qianzhi.cards.probe import QianzhiProbeAnswer

DRAW_ANSWERS = frozenset({ProbeAnswer.DRAW_ANSWER, QianzhiProbeAnswer.DRAW_ANSWER})
"""The answers by which a probed player draws (standard ``draw``: two; 千智 ``draw_1``: one, Q-CARD-PROBE-1)."""

# taking a card whose colour the taker saw
ACCEPT_L = {RED: (0.85, 0.3, 0.5), BLUE: (0.3, 0.85, 0.5), BLACK: (0.1, 0.1, 0.2)}
# sending a card of this colour to a chosen receiver: table[sender identity][receiver identity]
_HELP = 2.0
_HURT = 0.4
SEND_L = {
    RED: ((_HELP, 1.0, 1.0), (_HURT, 1.0, 1.0), (1.0, 1.0, 1.0)),
    BLUE: ((1.0, _HURT, 1.0), (1.0, _HELP, 1.0), (1.0, 1.0, 1.0)),
    BLACK: ((0.35, 2.0, 1.0), (2.0, 0.35, 1.0), (1.0, 1.0, 1.0)),
}
HELP_PAIR = ((1.6, 0.6, 1.0), (0.6, 1.6, 1.0), (1.0, 1.0, 1.0))  # a seat burns another's false intelligence
HARM_PAIR = ((0.5, 1.8, 1.0), (1.8, 0.5, 1.0), (1.0, 1.0, 1.0))  # a seat places false intelligence on another


def declined(col: str) -> tuple[float, float, float]:
    """Refusing a card of colour ``col`` whose colour the seat saw."""
    lik = ACCEPT_L[col]
    return (1 - lik[0], 1 - lik[1], 1 - lik[2])


def read_probe_answer(identity: int, answer: str, soft: bool) -> list[float]:
    """The answer to a 试探 naming ``identity`` that this seat read: the effect (``draw`` / ``discard``) if the target
    has it, the line otherwise; ``soft`` for a 城府 target."""
    matched = answer != "line"
    lik = [FLOOR, FLOOR, FLOOR] if matched else [1.0, 1.0, 1.0]
    lik[identity] = 1.0 if matched else FLOOR
    if soft:
        lik = [0.4 + 0.2 * x for x in lik]
    return lik


def unread_probe_effect(answer: str, line: str | None, draw_line: str | None = DRAW_LINE) -> str:
    """The kind of effect printed on a 试探 this seat did not read (:data:`DRAW_2` for one that draws, however many
    the edition says; :data:`DISCARD_1` for one that discards), told by the answer: the line said aloud names it
    (``draw_line``: the edition's line on the drawing probes)."""
    if answer == "line":
        return DRAW_2 if line == draw_line else DISCARD_1
    if answer in DRAW_ANSWERS:
        return DRAW_2
    return DISCARD_1


def unread_probe_answer(counts: Sequence[int], answer: str, soft: bool) -> list[float] | None:
    """The answer to a 试探 this seat did not read, given how many unseen probes with its effect name each identity
    (``counts``); None if no such probe can be unseen."""
    tot = sum(counts)
    if tot <= 0:
        return None
    if answer == "line":
        lik = [(tot - counts[i]) / tot for i in (UG, MI, BY)]
    else:
        lik = [counts[i] / tot for i in (UG, MI, BY)]
    if soft:
        lik = [0.5 + 0.5 * x for x in lik]
    return lik


__all__ = [
    "ACCEPT_L",
    "HARM_PAIR",
    "HELP_PAIR",
    "SEND_L",
    "declined",
    "read_probe_answer",
    "unread_probe_answer",
    "unread_probe_effect",
]
