"""HeuristicBot uses the skills of the 千智风声 characters with purpose: per character, a position built with the
scenario builder where the skill helps (the bot uses it, the right way) and one where it would hurt (the bot
declines it). The knowledge sits in each character module's bot block (``AI = …``); without it a window skill is
never used and a choice follows the generic defaults, so the "uses" tests fail.

Seats (5 players): 0 and 2 潛伏戰線, 1 and 3 軍情處, 4 打醬油的; the bot at seat 0 unless said otherwise. ``known``
lists the seats whose identity the bot is told (as a 試探 or a skill would show it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fengsheng.bots import HeuristicBot
from fengsheng.core.options import PASS, SKILL, Option
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.qianzhi.common import build

FIVE = ["ug", "mi", "ug", "mi", "by"]
ALL = (1, 2, 3, 4)


def ask(g: Game, seat: int = 0, known: Iterable[int] = ALL) -> Option:
    """The bot's answer at ``seat`` to the current decision (a strict bot that saw the whole game so far)."""
    d = g.decision
    assert d is not None and d.seat == seat, d
    bot = HeuristicBot(seat, 0)
    bot.strict = True
    bot.update(g.view(seat), g.events_for(seat))
    assert bot.model is not None
    for s in known:
        bot.model.set_known(s, g.seats[s].identity)
    return bot.choose(d, g.view(seat), [])


def to_window(g: Game, seat: int, context: str) -> None:
    """Pass every other decision (priority windows only) until ``seat`` decides in a ``context`` window."""
    while g.decision is not None:
        d = g.decision
        if d.seat == seat and d.kind == "priority" and d.context == context:
            return
        assert d.kind == "priority", d
        g.act("pass")
    raise AssertionError(f"no {context} window for seat {seat}")


def skill(o: Option, key: str) -> bool:
    return o.kind == SKILL and o.use == key


def build5(**kw: Any) -> Game:
    return build(5, FIVE, **kw)


# --- 出雲龍 -----------------------------------------------------------------------------------------------------------
def _chu(intel: dict[int, list[str]]) -> Game:
    return build5(at="play", hands={0: ["K:burn", "R:decode", "B:decode"]}, intel=intel, characters={0: "chu_yun_long"})


def test_QC_CHU_YUN_LONG_2_bot_burns_the_enemys_winning_colour() -> None:
    """定點抹除: his 燒毀 takes red/blue too; with a known 軍情處 at two blue, he burns one of them."""
    g = _chu({1: ["B:lock", "B:burn"]})
    o = ask(g)
    assert o.use == "burn" and o.target == 1 and g.edition.deck[o.ref].colour == "blue", o


def test_QC_CHU_YUN_LONG_2_bot_keeps_its_burn_for_an_enemys_first_blue() -> None:
    """One blue is far from three: the 燒毀 is worth more kept (against a third false intelligence)."""
    g = _chu({1: ["B:lock"]})
    o = ask(g)
    assert o.use != "burn", o


def test_QC_CHU_YUN_LONG_2_bot_never_burns_a_friends_red() -> None:
    g = _chu({2: ["R:lock", "R:burn"]})
    o = ask(g)
    assert o.use != "burn", o


# --- 大美女 -----------------------------------------------------------------------------------------------------------
def _da_mei_nv(intel: dict[int, list[str]]) -> Game:
    return build5(at="play", hands={0: ["R:decode", "B:decode"]}, intel=intel, characters={0: "da_mei_nv"})


def test_QC_DA_MEI_NV_2_bot_reveals_to_burn_a_friends_two_false_intelligence() -> None:
    g = _da_mei_nv({2: ["K:lock", "K:decode"], 1: ["K:burn"]})
    o = ask(g)
    assert skill(o, "da_mei_nv.2"), o
    g.act(o)
    while g.decision is not None and g.decision.seat == 0 and g.decision.kind == "skill_choice":
        g.act(ask(g))
    assert g.seats[0].identity_revealed
    assert g.seats[2].intel == [] and len(g.seats[1].intel) == 1  # the friend's two, not the enemy's


def test_QC_DA_MEI_NV_2_bot_keeps_her_identity_when_only_enemies_hold_false_intelligence() -> None:
    g = _da_mei_nv({1: ["K:lock", "K:decode"], 3: ["K:burn"]})
    assert not skill(ask(g), "da_mei_nv.2")


# --- 刀鋒 -------------------------------------------------------------------------------------------------------------
def test_QC_DAO_FENG_1_bot_locks_the_friend_who_wins_with_its_red() -> None:
    """亮劍: a lock without a card; the friend at two red must then take the red card sent."""
    g = build5(
        at="play", hands={0: ["R:decode", "K:decode"]}, intel={2: ["R:lock", "R:burn"]}, characters={0: "dao_feng"}
    )
    o = ask(g)
    assert skill(o, "dao_feng.1") and o.target == 2, o


def test_QC_DAO_FENG_1_bot_does_not_lock_a_friend_onto_its_false_intelligence() -> None:
    g = build5(at="play", hands={0: ["K:decode", "K:burn"]}, intel={2: ["K:lock"]}, characters={0: "dao_feng"})
    o = ask(g)
    assert not (skill(o, "dao_feng.1") and o.target == 2), o


# --- 福爾摩斯 ---------------------------------------------------------------------------------------------------------
def _holmes(method: str, card: str) -> Game:
    g = build5(
        current=4,
        at="step2",
        hands={0: ["K:lock", "R:decode"]},
        intel={0: ["K:burn", "K:decode"]},
        transit={"card": card, "sender": 4, "holder": 0, "method": method},
        characters={0: "fu_er_mo_si"},
    )
    to_window(g, 0, "step2")
    return g


def test_QC_FU_ER_MO_SI_1_bot_exposes_an_unseen_card_when_it_cannot_risk_it() -> None:
    """揭露: with two false intelligence he would have to pass an unseen card on; a black card of his hand turns it
    face up (and draws two if it is black)."""
    g = _holmes("secret", "R:lock")
    o = ask(g)
    assert skill(o, "fu_er_mo_si.1") and g.edition.deck[o.ref].colour == "black", o


def test_QC_FU_ER_MO_SI_1_bot_keeps_its_card_for_a_face_up_red() -> None:
    g = _holmes("text", "R:probe")
    assert not skill(ask(g), "fu_er_mo_si.1")


# --- 怪盜九九 ---------------------------------------------------------------------------------------------------------
def _jiujiu(hands: dict[int, list[str]]) -> Game:
    g = build5(
        at="step2",
        characters={0: "guai_dao_jiu_jiu"},
        hands=hands,
        transit={"card": "K:decode", "holder": 1},
    )
    Script(g).do("1: accept")
    Script(g).expect(0, "skill_choice", "QC-GUAI_DAO_JIU_JIU-1")
    return g


def test_QC_GUAI_DAO_JIU_JIU_1_bot_takes_from_an_enemy() -> None:
    """陰謀: a card from any player's hand: from a 軍情處 seat, not from the friend at seat 2."""
    g = _jiujiu({1: ["R:probe"], 2: ["R:lock", "B:lock"], 3: ["B:burn", "K:lock"]})
    o = ask(g)
    assert o.target in (1, 3), o


def test_QC_GUAI_DAO_JIU_JIU_1_bot_does_not_take_from_its_only_friend() -> None:
    g = _jiujiu({2: ["R:lock", "B:lock"]})
    assert ask(g).kind == PASS


# --- 海軍上校 ---------------------------------------------------------------------------------------------------------
def _navy(card: str) -> Game:
    g = build5(
        current=1,
        at="step1",
        intel={0: ["R:lock", "R:burn"]},
        hands={1: ["K:decode"]},
        transit={"card": card, "sender": 1, "holder": 1, "method": "text"},
        characters={0: "hai_jun_shang_xiao"},
    )
    to_window(g, 0, "step1")
    return g


def test_QC_HAI_JUN_SHANG_XIAO_1_bot_flips_to_take_its_winning_red() -> None:
    """截上截: in another player's pass, the face-up red is his third: he flips and takes it."""
    g = _navy("R:decode")
    assert skill(ask(g), "hai_jun_shang_xiao.1")


def test_QC_HAI_JUN_SHANG_XIAO_1_bot_lets_a_false_intelligence_pass() -> None:
    g = _navy("K:probe")
    assert not skill(ask(g), "hai_jun_shang_xiao.1")


# --- 傑克 -------------------------------------------------------------------------------------------------------------
def _jack(holder: int) -> Game:
    g = build5(
        at="step2",
        characters={0: "jie_ke"},
        hands={0: ["K:lock", "R:lock"]},
        transit={"card": "B:decode", "holder": holder},
    )
    Script(g).do(f"{holder}: accept")
    Script(g).expect(0, "skill_choice", "QC-JIE_KE-1")
    return g


def test_QC_JIE_KE_1_bot_places_a_black_card_on_an_enemy_who_took_its_blue() -> None:
    g = _jack(1)
    o = ask(g)
    assert o.kind != PASS and g.edition.deck[o.card].colour == "black", o


def test_QC_JIE_KE_1_bot_spares_a_friend() -> None:
    g = _jack(2)
    assert ask(g).kind == PASS


# --- 禮服蒙面人 -------------------------------------------------------------------------------------------------------
def _rescue(victim: int) -> Game:
    g = build5(
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"]},
        intel={victim: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        characters={victim: "da_mei_nv", 4: "li_fu_meng_mian_ren"},
    )
    Script(g).do(f"0: play c{{K:gamble}} gamble @{victim}")  # her third black card
    Script(g).expect(4, "skill_choice", "QC-LI_FU_MENG_MIAN_REN-2")
    return g


def test_QC_LI_FU_MENG_MIAN_REN_2_bot_saves_a_dying_woman_as_a_bystander() -> None:
    """救美 as the 打醬油的 (his mission: a woman declares): he reveals and saves 大美女."""
    g = _rescue(1)
    assert skill(ask(g, 4, known=()), "li_fu_meng_mian_ren.2")


def test_QC_LI_FU_MENG_MIAN_REN_2_bot_does_not_save_an_enemy() -> None:
    """As 潛伏戰線 (seat 2 here, 大美女 at seat 1 a known 軍情處): he lets her die."""
    g = build5(
        at="play",
        hands={0: ["K:gamble", "R:decode", "B:decode"]},
        intel={1: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        characters={1: "da_mei_nv", 2: "li_fu_meng_mian_ren"},
    )
    Script(g).do("0: play c{K:gamble} gamble @1")
    Script(g).expect(2, "skill_choice", "QC-LI_FU_MENG_MIAN_REN-2")
    assert ask(g, 2, known=(1,)).kind == PASS


def test_QC_LI_FU_MENG_MIAN_REN_2_bot_saves_a_friend() -> None:
    g = build5(
        at="play",
        current=1,
        hands={1: ["K:gamble", "R:decode", "B:decode"]},
        intel={0: ["K:lock", "K:decode"]},
        deck=["K:transfer"],
        characters={0: "da_mei_nv", 2: "li_fu_meng_mian_ren"},
    )
    Script(g).do("1: play c{K:gamble} gamble @0")
    Script(g).expect(2, "skill_choice", "QC-LI_FU_MENG_MIAN_REN-2")
    assert skill(ask(g, 2, known=(0,)), "li_fu_meng_mian_ren.2")


# --- 千金小姐 ---------------------------------------------------------------------------------------------------------
def test_QC_QIAN_JIN_XIAO_JIE_1_bot_sends_the_winning_red_direct_to_its_friend() -> None:
    """香氣傳達: a card discarded so that the red goes 直達 to the friend at two red (counterclockwise it would meet
    an enemy first); then she sends it there."""
    g = build5(
        at="play",
        hands={0: ["R:decode", "K:decode", "B:decode"]},
        intel={2: ["R:lock", "R:burn"]},
        characters={0: "qian_jin_xiao_jie"},
    )
    red = Script(g).card("R:decode", 0)
    o = ask(g)
    assert skill(o, "qian_jin_xiao_jie.1") and o.ref != red, o
    g.act(o)
    while g.decision is not None and g.decision.kind != "send":
        g.act(ask(g) if g.decision.seat == 0 else "pass")
    o = ask(g)
    assert o.card == red and o.target == 2, o


def test_QC_QIAN_JIN_XIAO_JIE_1_bot_keeps_its_cards_when_direct_sends_help_nobody() -> None:
    g = build5(at="play", hands={0: ["K:decode", "K:burn", "B:lock"]}, characters={0: "qian_jin_xiao_jie"})
    assert not skill(ask(g), "qian_jin_xiao_jie.1")


# --- 情報處長 ---------------------------------------------------------------------------------------------------------
def _chief(card: str) -> Game:
    g = build5(
        current=4,
        at="step2",
        hands={0: ["B:decode", "R:probe"]},
        intel={0: ["K:burn", "K:decode"]},
        transit={"card": card, "sender": 4, "holder": 0, "method": "text"},
        locks=[0],
        characters={0: "qing_bao_chu_zhang"},
    )
    to_window(g, 0, "step2")
    return g


def test_QC_QING_BAO_CHU_ZHANG_2_bot_changes_a_fatal_card_it_must_take() -> None:
    """偷龍轉鳳: locked, with two false intelligence, a face-up black reaches him: he changes it for the deck's top."""
    g = _chief("K:lock")
    assert skill(ask(g), "qing_bao_chu_zhang.2")


def test_QC_QING_BAO_CHU_ZHANG_2_bot_keeps_a_red_it_must_take() -> None:
    g = _chief("R:lock")
    assert not skill(ask(g), "qing_bao_chu_zhang.2")


# --- 小馬哥 -----------------------------------------------------------------------------------------------------------
def test_QC_XIAO_MA_GE_1_bot_places_a_black_card_on_an_enemy() -> None:
    """英雄本色: black intelligence from seat 1 (a known 軍情處): two cards drawn, then a black card of his hand on an
    enemy, not on his friend."""
    g = build5(
        current=1,
        at="step2",
        hands={0: ["K:lock", "R:decode"]},
        transit={"card": "K:decode", "sender": 1, "holder": 0},
        characters={0: "xiao_ma_ge"},
    )
    to_window(g, 0, "step2")
    Script(g).do("0: pass", "0: accept")
    Script(g).expect(0, "skill_choice", "QC-XIAO_MA_GE-1")
    o = ask(g)
    assert o.kind != PASS and g.edition.deck[o.card].colour == "black", o
    g.act(o)
    Script(g).expect(0, "skill_choice", "QC-XIAO_MA_GE-1")
    o = ask(g)
    assert o.target in (1, 3), o


# --- 血牡丹 -----------------------------------------------------------------------------------------------------------
def test_QC_XUE_MU_DAN_1_bot_takes_from_an_enemy_and_places_the_card_where_it_hurts() -> None:
    """光影浮華: a card taken from the enemy's hand (here his only card, black) goes on an enemy."""
    g = build5(
        at="play", hands={0: ["R:decode", "B:decode"], 1: ["K:lock"], 2: ["R:lock"]}, characters={0: "xue_mu_dan"}
    )
    o = ask(g)
    assert skill(o, "xue_mu_dan.1") and o.target == 1, o
    g.act(o)
    Script(g).expect(0, "skill_choice", "QC-XUE_MU_DAN-1")
    o = ask(g)
    assert o.target in (1, 3), o


def test_QC_XUE_MU_DAN_1_bot_places_a_red_card_on_its_friend() -> None:
    g = build5(at="play", hands={0: ["R:decode", "B:decode"], 1: ["R:lock"]}, characters={0: "xue_mu_dan"})
    Script(g).do("0: skill xue_mu_dan.1 @1")
    Script(g).expect(0, "skill_choice", "QC-XUE_MU_DAN-1")
    assert ask(g).target == 2


def test_QC_XUE_MU_DAN_1_bot_does_not_flip_for_nothing() -> None:
    """Nobody else holds a card: the flip would take nothing."""
    g = build5(at="play", hands={0: ["R:decode", "B:decode"]}, characters={0: "xue_mu_dan"}, rest="discard")
    assert not skill(ask(g), "xue_mu_dan.1")


# --- 譯電員 -----------------------------------------------------------------------------------------------------------
def _clerk(method: str) -> Game:
    g = build5(
        current=4,
        at="step2",
        hands={0: ["R:decode"]},
        intel={0: ["K:burn", "K:decode"]},
        transit={"card": "R:lock", "sender": 4, "holder": 0, "method": method},
        characters={0: "yi_dian_yuan"},
    )
    to_window(g, 0, "step2")
    return g


def test_QC_YI_DIAN_YUAN_1_bot_reads_an_unseen_card_in_front_of_it() -> None:
    """速譯: with two false intelligence, an unseen card must be passed on blind; reading it (and a card) is worth
    the flip."""
    g = _clerk("secret")
    assert skill(ask(g), "yi_dian_yuan.1")


def test_QC_YI_DIAN_YUAN_1_bot_keeps_the_flip_for_a_card_it_sees() -> None:
    g = _clerk("text")
    assert not skill(ask(g), "yi_dian_yuan.1")


# --- 議長 -------------------------------------------------------------------------------------------------------------
def _speaker(card: str) -> Game:
    g = build5(
        current=4,
        at="step2",
        hands={0: ["R:decode", "K:burn"]},
        intel={0: ["K:lock", "K:decode"]},
        transit={"card": card, "sender": 4, "holder": 0, "method": "text"},
        locks=[0],
        characters={0: "yi_zhang"},
    )
    to_window(g, 0, "step2")
    return g


def test_QC_YI_ZHANG_1_bot_grafts_a_red_in_place_of_a_fatal_black() -> None:
    """移花接木: locked with two false intelligence, a black reaches him: he puts his red card in its place."""
    g = _speaker("K:probe")
    o = ask(g)
    assert skill(o, "yi_zhang.1") and o.ref == Script(g).card("R:decode", 0), o


def test_QC_YI_ZHANG_1_bot_keeps_a_red_that_reaches_it() -> None:
    g = _speaker("R:probe")
    assert not skill(ask(g), "yi_zhang.1")


# --- 硬漢 -------------------------------------------------------------------------------------------------------------
def _tough(known: tuple[int, ...]) -> Option:
    g = build5(at="play", hands={0: ["R:decode", "B:decode"]}, characters={0: "ying_han"}, face_up={0: True})
    return ask(g, known=known)


def test_QC_YING_HAN_2_bot_exchanges_identities_with_an_unknown_seat() -> None:
    """合謀: he covers himself to see the identity of a seat he is unsure of."""
    o = _tough(known=(1, 2))
    assert skill(o, "ying_han.2") and o.target in (3, 4), o


def test_QC_YING_HAN_2_bot_does_not_cover_to_learn_nothing() -> None:
    assert not skill(_tough(known=ALL), "ying_han.2")


# --- 職業殺手 ---------------------------------------------------------------------------------------------------------
def _killer(holder: int) -> Game:
    g = build5(
        at="step2",
        characters={0: "zhi_ye_sha_shou"},
        hands={0: ["R:decode"]},
        deck=["K:lock", "B:lock"],
        transit={"card": "K:decode", "holder": holder},
    )
    Script(g).do(f"{holder}: accept")
    Script(g).expect(0, "skill_choice", "QC-ZHI_YE_SHA_SHOU-1")
    return g


def test_QC_ZHI_YE_SHA_SHOU_1_bot_places_another_black_on_the_enemy() -> None:
    """連擊: the enemy took his black card; two cards drawn, then another black from his hand on that enemy."""
    g = _killer(1)
    o = ask(g)
    assert o.kind != PASS and g.edition.deck[o.card].colour == "black", o


def test_QC_ZHI_YE_SHA_SHOU_1_bot_spares_a_friend() -> None:
    g = _killer(2)
    assert ask(g).kind == PASS
