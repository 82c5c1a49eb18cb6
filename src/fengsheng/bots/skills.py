"""The HeuristicBot's generic policy for character skills.

Two entry points:

* :func:`skill_gain`: the gain of a ``skill …`` option in a response window (flip skills and activated skills), on
  the same scale as card plays (``HeuristicBot.gain``); unknown skills are not used.
* :func:`skill_choice`: the answer to a ``skill_choice`` question. The question's context is the skill id, which says
  what the choice does: use an optional trigger or not (mostly yes: they draw or take cards), choose a seat to harm
  (likely enemies) or to help (likely allies, or this seat), a card from the hand (the least useful to give or put
  back; false intelligence to place), or an intelligence on the table (the one whose removal helps this seat most).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fengsheng.core.cards import BLACK, INTERCEPT, LURE_AWAY
from fengsheng.core.options import CHOOSE, PASS, SKILL, Decision, Option
from fengsheng.editions.standard.deck import DECK

CARD_COLOUR = tuple(c.colour for c in DECK)  # the standard edition is the one the bot knows

if TYPE_CHECKING:
    from fengsheng.bots.heuristic import HeuristicBot

# optional triggers this policy declines (or decides case by case below)
_OFFER_NO = frozenset({"C-YI_DIAN_YUAN-2"})
# who a "choose a seat" question is about
_HARM = frozenset({"C-HEI_MEI_GUI-1", "C-HUANG_QUE-2"})
_HELP = frozenset({"C-QI_BAI-2", "C-QIAN_MIAN_NV_LANG-3", "C-QI_BAI-3", "C-BEI_LEI_MAO-2", "C-DAO_FENG-2"})
_PLACE = frozenset({"C-XIAO_MA_GE-1", "C-LAO_JIN-2", "C-FU_PING-2", "C-HEI_SHOU-2"})
# hand-card questions where the card is given away or put back (the least useful one goes)
_GIVE_CARD = frozenset(
    {"C-DA_MEI_NV-1", "C-LAO_JIN-1", "C-QI_BAI-2", "C-DAO_FENG-2", "C-QIAN_MIAN_NV_LANG-3", "C-XIAO_BAI-2"}
)
FLIP_COST = 0.2


def _removal(bot: HeuristicBot, seat: int, card: int) -> float:
    """The gain of taking ``card`` away from in front of ``seat``."""
    return -bot.held_value(seat, card)


def skill_gain(bot: HeuristicBot, o: Option, context: str) -> float:
    key = o.use
    t = o.target
    tr = bot._transit()
    if bot.skill_uses.get(key, 0) >= 2:
        return -1.0  # at most twice a turn: no flip / cover loops
    if key == "fu_she.2":  # no cards: flip, draw 1 (if there is a card to draw)
        v = bot._view
        return 1.0 if v.get("deck_count") or v.get("discard") else -1.0
    if key == "shan_ling.1":
        if t < 0:
            return -1.0
        intel = bot._view["seats"][t]["intel"]
        gains = sorted((_removal(bot, t, c) for c in intel), reverse=True)[:3]
        return sum(gains) - FLIP_COST if len(intel) > 3 else sum(_removal(bot, t, c) for c in intel) - FLIP_COST
    if key == "hei_mei_gui.1":
        blacks = [c for c in bot._hand if CARD_COLOUR[c] == BLACK]
        if not blacks:
            return -1.0
        best = 0.0
        for s in range(bot.n):
            if not bot._in_game[s] or s == bot.seat:
                continue
            one = bot.value(s, BLACK)
            three = sum(bot.value(s, BLACK, extra=k) for k in range(min(3, len(blacks))))
            best = max(best, 0.62 * one + 0.38 * three)
        return best - FLIP_COST - 0.2 * min(3, len(blacks))
    if key == "e_mei_feng.1":
        if tr is None or context != "step1":
            return -1.0
        return bot.g_intercept(Option("play", use=INTERCEPT), context) - FLIP_COST
    if key == "yi_dian_yuan.1":
        if tr is None or tr.get("holder") != bot.seat or tr.get("card") is not None:
            return -1.0
        return bot.g_decode(o, context) + 0.4 - FLIP_COST
    if key == "lao_qiang.2":
        if t < 0 or bot.model is None or t in bot.model.known:
            return -1.0
        from fengsheng.bots.heuristic import entropy

        return 1.2 * entropy(bot._p[t]) - 0.6
    if key == "da_mei_nv.2":
        if t < 0:
            return -1.0
        return bot.g_burn(Option("play", use="burn", target=t, ref=o.ref), context) - 1.0
    if key == "fu_ping.1":
        if t < 0 or context != "play" or bot._view.get("current") != bot.seat:
            return -1.0
        hand: int = bot._view["seats"][t]["hand_count"]
        return 0.3 * min(2, hand) - 0.3 * bot._care[t] - FLIP_COST
    if key == "huang_que.1":
        if t < 0:
            return -1.0
        intel = bot._view["seats"][t]["intel"]
        return max((_removal(bot, t, c) for c in intel), default=0.0) - 0.3
    if key == "xiao_bai.2":
        if t < 0:
            return -1.0
        intel = bot._view["seats"][t]["intel"]
        best = max((_removal(bot, t, c) + bot.value(bot.seat, CARD_COLOUR[c]) for c in intel), default=-1.0)
        if len(bot._view["seats"][bot.seat]["intel"]) >= 5:
            return -1.0  # 败露 at six intelligence
        return best - 4 * 0.35
    if key == "fu_she.1":
        if tr is None or t < 0:
            return -1.0
        return bot.g_lure(Option("play", use=LURE_AWAY, target=t), context) - 0.5
    return -1.0


def _offer(bot: HeuristicBot, context: str) -> bool:
    """Use an optional trigger?"""
    if context in _OFFER_NO:
        return False
    if context == "C-LIU_JIE-2":  # a random card from the victim's hand as intelligence: not with two false
        return bot._counts[bot.seat][2] < 2
    if context == "C-LI_FU_MENG_MIAN_REN-2":  # reveal the identity to save a woman: only a likely ally
        victim = bot.last_dying
        return victim >= 0 and bot.ally(victim) > 0.5
    if context == "C-HUANG_QUE-2":  # reveal the identity, place up to two false intelligence
        return any(bot._care[s] < -0.3 and bot._in_game[s] for s in range(bot.n) if s != bot.seat)
    return True  # draw, take a card, flip for cards, 遗志 …


def _seat_score(bot: HeuristicBot, context: str, seat: int) -> float:
    if context in _HARM:
        k = bot._counts[seat][2]
        return -bot._care[seat] * (1.0 + 0.5 * k) if seat != bot.seat else -5.0
    if context == "C-LAO_GUI-3":  # three cards of the hand at random, as intelligence
        hand = bot._hand
        if not hand:
            return 0.0
        return sum(bot.value(seat, CARD_COLOUR[c]) for c in hand) / len(hand)
    if context in _PLACE:
        card = _chosen_card(bot, context)
        if card is None:
            if context == "C-FU_PING-2":  # whose hand to look at
                return -bot._care[seat] + 0.1 * float(bot._view["seats"][seat]["hand_count"])
            return -bot._care[seat]
        return bot.value(seat, CARD_COLOUR[card])
    if context in _HELP:
        return bot._care[seat]
    return bot._care[seat]


def _chosen_card(bot: HeuristicBot, context: str) -> int | None:
    last = bot.last_choice.get(context)
    if last is None or last.kind != CHOOSE:
        return None
    if last.card >= 0:
        return last.card
    if last.ref >= 0:
        return last.ref
    return None


def skill_choice(bot: HeuristicBot, d: Decision) -> Option:
    ctx = d.context
    opts = d.options
    pass_opt = next((o for o in opts if o.kind == PASS), None)
    skill = next((o for o in opts if o.kind == SKILL), None)
    chooses = [o for o in opts if o.kind == CHOOSE]
    if skill is not None:
        if _offer(bot, ctx) or pass_opt is None:
            return skill
        return pass_opt
    if not chooses:
        return pass_opt if pass_opt is not None else opts[0]
    seats_only = all(o.card < 0 and o.ref < 0 and o.target >= 0 for o in chooses)
    cards_only = all(o.card >= 0 for o in chooses)
    if seats_only:
        scored = [(_seat_score(bot, ctx, o.target), o) for o in chooses]
        best = bot._best(scored)
        top = max(s for s, _ in scored)
        if pass_opt is not None and top <= 0.0:
            return pass_opt
        return best
    if cards_only:
        return _choose_card(bot, ctx, chooses, pass_opt)
    # intelligence on the table (mixed with hand cards only for 情报处长's payment)
    cards = [o for o in chooses if o.card >= 0]
    if cards:  # 情报处长: discard the least useful card rather than burn his own intelligence
        return bot._best([(-bot.keep(o.card), o) for o in cards])
    scored = []
    for o in chooses:
        s, c = o.target, o.ref
        g = _removal(bot, s, c)
        if ctx == "C-XIAO_BAI-2":
            g += bot.value(bot.seat, CARD_COLOUR[c])
        elif ctx == "C-HEI_SHOU-2":
            g += max((bot.value(x, CARD_COLOUR[c]) for x in range(bot.n) if x != s and bot._in_game[x]), default=0.0)
        elif ctx == "C-LI_FU_MENG_MIAN_REN-2":
            g = 1.0
        scored.append((g, o))
    top = max(g for g, _ in scored)
    if pass_opt is not None and top <= 0.0:
        return pass_opt
    return bot._best(scored)


def _choose_card(bot: HeuristicBot, ctx: str, chooses: list[Option], pass_opt: Option | None) -> Option:
    if ctx in _GIVE_CARD:
        return bot._best([(-bot.keep(o.card), o) for o in chooses])
    if ctx in ("C-HEI_MEI_GUI-1", "C-HUANG_QUE-2"):
        # more false intelligence on the chosen target while it is an enemy
        last = bot.last_choice.get(ctx)
        target = last.target if last is not None and last.target >= 0 else -1
        if pass_opt is not None and (target < 0 or bot._care[target] >= 0):
            return pass_opt
        return chooses[0]
    if ctx == "C-ZHI_YE_SHA_SHOU-1":  # another false intelligence on whoever took mine
        victim = bot.last_obtain.get("seat", -1)
        if victim >= 0 and bot._care[victim] < -0.1:
            return chooses[0]
        return pass_opt if pass_opt is not None else chooses[0]
    if ctx == "C-XIAO_MA_GE-1":
        if any(bot._care[s] < -0.2 and bot._in_game[s] for s in range(bot.n) if s != bot.seat):
            return chooses[0]
        return pass_opt if pass_opt is not None else chooses[0]
    if ctx == "C-LAO_JIN-2":
        if pass_opt is not None:
            return pass_opt  # the cost is a false intelligence on himself: not worth it
        scored = [
            (max((bot.value(s, CARD_COLOUR[o.card]) for s in range(bot.n) if bot._in_game[s]), default=0.0), o)
            for o in chooses
        ]
        return bot._best(scored)
    if ctx == "C-FU_PING-2":
        scored = [
            (max((bot.value(s, CARD_COLOUR[o.card]) for s in range(bot.n) if bot._in_game[s]), default=0.0), o)
            for o in chooses
        ]
        return bot._best(scored)
    # unknown: the least useful card, or nothing if optional
    if pass_opt is not None:
        return pass_opt
    return bot._best([(-bot.keep(o.card), o) for o in chooses])
