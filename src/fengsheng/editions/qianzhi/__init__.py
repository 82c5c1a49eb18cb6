"""千智风声 (Qianzhi Fengsheng), the online edition of 千骐动漫 and 腾讯QQ游戏 (seed 001; the specification's ``qianzhi.md``).

108 game cards of 13 types (``data/cards.csv``), 8 identity cards (3/3/2), 3 to 8 players. The machinery is the shared
one; what differs is data and hooks on this object:

* the turn plan: 摸牌-出牌階段 (the turn's start bookkeeping, draw 2, then the play window, which the current player
  ends by passing priority: he goes on to passing) and the separate 傳情報階段, where exactly one intelligence is sent;
  there is no end phase (Q-TURN-1..3);
* the card handlers: the shared 破譯, 截獲 and 識破, and this edition's own modules in ``cards/`` for 鎖定, 燒毀,
  調虎離山, 真偽莫辨, 試探 and the five new types 轉移, 調包, 增援, 博弈, 權衡;
* the switches: skills cannot be answered (Q-PRIO-4), the last player standing wins (Q-WIN-2), discards face up
  (Q-TERM-11), 試探 draws or discards one (Q-CARD-PROBE-1);
* the identity table (``identities.py``, A-81).

The characters are ``characters/`` (one module per character, texts in ``data/characters-001.json``, the one text
set); characters are on by default as in the standard edition (Q-SETUP-1, Q-CHAR).

Priority, 後發先至 and the passing methods are the shared windows and route, which read as 001 does: the current
player acts first in each window, priority goes counterclockwise (and so do automatic skills triggered at once, red or
blue, from the current player, without waiting for answers: Q-PRIO-7, A-98, the shared S-TRIG order), after a use it goes to the user's right-hand
player, and everything pending resolves last-in first-out once everyone has passed in a row (Q-PRIO-2, -3, -5, -6;
A-84: 識破's 「識破階段」 is the response window of any card use); 密電 goes to the right-hand player face down, 直達
to any player and back to the sender when declined, 文本 face up to the right, a player who declines never sees the
card, and a card that comes back to its sender is his (Q-PASS-1..4, Q-TURN-2).

The shared machinery also carries, unchanged, what 001 says of setup, deaths, losses and victory, and of the terms:
identity cards dealt at random and secret, three starting cards (Q-SETUP-2/3); three or more black intelligence
kill, then the dead player's cards go to the discard pile and his identity (and character) are revealed (Q-DEATH-1/2;
without characters there are no death triggers); a player who cannot send loses when his turn ends, without death
triggers, his cards discarded and his cards revealed (Q-LOSE-1); identity victory rules on the identity cards
(Q-COMP-3) declared by the player who meets them (Q-WIN-3); a character's text beats a card's, which beats the rules
(Q-PRIO-1: a rule's permission beats the card's own timing, ``CardHandler.can_use``); the free mode of 3 to 8 players
(Q-MODE-4; the other modes are ``modes.py``); obtaining intelligence face up, showing, inspecting, drawing from the top, burning to the discard pile,
and 「當……時」 only for what took effect (Q-TERM-2/3/4/6/9/10).

Implements: Q-TURN-1..3, Q-PRIO-1..7, Q-PASS-1..5, Q-WIN-2, Q-WIN-3, Q-TERM-2..4, Q-TERM-6, Q-TERM-9..11,
Q-CARD-DECODE, Q-CARD-INTERCEPT, Q-CARD-SEE, Q-SETUP-2, Q-SETUP-3, Q-DEATH-1, Q-DEATH-2, Q-LOSE-1, Q-COMP-3,
Q-MODE-4.
"""

from __future__ import annotations

from fengsheng.cards import decode, intercept, see_through
from fengsheng.core.state import PH_DRAW, PH_PASS, PH_PLAY, PH_START
from fengsheng.editions.base import Edition, Switches
from fengsheng.editions.qianzhi.cards import (
    burn,
    gamble,
    lock,
    lure_away,
    probe,
    rebalance,
    reinforce,
    swap,
    transfer,
    true_or_false,
)
from fengsheng.editions.qianzhi.characters import TEXT_SETS, load_characters
from fengsheng.editions.qianzhi.deck import DECK
from fengsheng.editions.qianzhi.identities import DISTRIBUTION, IDENTITY_RULES, OPTIONAL_DISTRIBUTION
from fengsheng.editions.qianzhi.modes import MODES

TURN_PLAN: tuple[str, ...] = (PH_START, PH_DRAW, PH_PLAY, PH_PASS)
"""Q-TURN: the turn's start (bookkeeping only: nothing may be played there), 摸牌 (draw 2), 出牌 (the play window),
傳情報 (send exactly one intelligence). No end phase."""


EDITION = Edition(
    id="qianzhi",
    name={"zh": "千智风声", "en": "Qianzhi (online) edition"},
    deck=DECK,
    handlers={
        m.HANDLER.type: m.HANDLER
        for m in (
            decode,
            lock,
            intercept,
            burn,
            transfer,
            lure_away,
            see_through,
            true_or_false,
            swap,
            reinforce,
            gamble,
            rebalance,
            probe,
        )
    },
    turn_plan=TURN_PLAN,
    distribution=DISTRIBUTION,
    optional_distribution=OPTIONAL_DISTRIBUTION,
    identity_rules=IDENTITY_RULES,
    text_sets=TEXT_SETS,
    load_characters=load_characters,
    variants=(),  # 醬油同盟 and four-card victory are the standard edition's (S-VAR); 001 has modes instead
    modes=MODES,  # modes.py: free, 新手場, 3V3 (Q-MODE)
    switches=Switches(
        skills_answerable=False,  # Q-PRIO-4
        last_standing_wins=True,  # Q-WIN-2
        discard_face_up=True,  # Q-TERM-11
        probe_effects=("draw_1", "discard_1"),  # Q-CARD-PROBE-1
        starting_hand=3,  # Q-SETUP-3
        draw_count=2,  # Q-TURN-1
        characters_dealt=2,  # Q-SETUP-1
        fatal_black=3,  # Q-DEATH-1
        faction_target=3,  # Q-ID-1
    ),
)
