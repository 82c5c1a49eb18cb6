"""The 004 text set of the standard edition (A-45; standard-characters.md §D): every skill and mission whose rule
differs from 000, each test citing its C- id and quoting the 004 text; under 000 the same positions keep the old
rule (the other files of tests/characters test 000 in full), and the 004 registry has every character with its texts
in both languages.

Games are built with ``Config(characters=True, character_texts="004")``; :func:`game` does it (``texts="000"`` for
the contrasts).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from fengsheng.characters import text
from fengsheng.characters.base import Mission, Skill
from fengsheng.config import Config
from fengsheng.core.cards import find_cards
from fengsheng.editions.standard.characters.bei_lei_mao import BeiLeiMaoMission004
from fengsheng.editions.standard.characters.da_mei_nv import DaMeiNvMission, DaMeiNvMission004
from fengsheng.editions.standard.characters.dao_feng import DaoFengMission004
from fengsheng.editions.standard.characters.guai_dao_a_shi import GuaiDaoAShiMission
from fengsheng.editions.standard.characters.li_fu_meng_mian_ren import LiFuMengMianRenMission
from fengsheng.errors import ConfigError
from fengsheng.game import Game
from fengsheng.testing import Script
from tests import helpers
from tests.helpers import STANDARD, kinds, opts, rule_of, seat_opts

TEXTS_004: dict[str, Any] = json.loads(
    resources.files("fengsheng.editions.standard").joinpath("data/characters-004.json").read_text("utf-8")
)
TEXTS_000: dict[str, Any] = json.loads(
    resources.files("fengsheng.editions.standard").joinpath("data/characters-000.json").read_text("utf-8")
)
C004 = STANDARD.characters("004")
C000 = STANDARD.characters("000")


def game(
    players: int = 5,
    texts: str = "004",
    sexes: tuple[str, ...] = (),
    auto_pass: bool = True,
    **kw: Any,
) -> Game:
    """A scenario with the character texts ``texts`` (characters given by short name, ``characters={seat: name}``)."""
    kw["config"] = Config(
        players=players, auto_pass=auto_pass, characters=True, character_texts=texts, player_sexes=sexes
    )
    return helpers.build(players, **kw)


def events_of(g: Game, kind: str, start: int = 0) -> list[dict[str, Any]]:
    return [e.data for e in g.events[start:] if e.kind == kind]


# ---------------------------------------------------------------------------------------------------------------
# The registry of the 004 text set
# ---------------------------------------------------------------------------------------------------------------


def test_S_SETUP_1_004_every_character_has_a_module_and_texts_in_both_languages() -> None:
    """All 24 characters of 000 are in 004: the 18 base ones with 004's texts, the 6 supplement ones (absent from
    seed 004) with their 000 texts; every skill of a text has its rule, every rule its text, one mission each."""
    assert STANDARD.text_sets == ("000", "004") and STANDARD.default_texts == "000"
    assert sorted(C004) == sorted(C000) and len(C004) == 24
    assert TEXTS_004["text_set"] == "004" and "004" in TEXTS_004["source"]
    assert sorted(TEXTS_004["from_000"]) == sorted(
        STANDARD.characters("000")[c].short for c in STANDARD.pool("supplement")
    )
    for cid, ch in C004.items():
        t = TEXTS_004["characters"][ch.short]
        assert ch.text_set == "004" and ch.texts == t
        assert (ch.sex, ch.hidden, ch.pool) == (C000[cid].sex, C000[cid].hidden, C000[cid].pool)  # 004's 性別, 顯示型態
        skills = [r for r in ch.rules if issubclass(r, Skill)]
        missions = [r for r in ch.rules if issubclass(r, Mission)]
        assert {r.skill_id for r in skills} == {s["id"] for s in t["skills"]}, cid
        assert all(r.character == cid for r in skills) and len(missions) == 1, cid
        zh, en = text(cid, "zh", "004"), text(cid, "en", "004")
        assert zh["name"] and en["name"] and zh["name"] != en["name"]
        assert [s["id"] for s in zh["skills"]] == [s["id"] for s in en["skills"]]
        assert all(s["text"] for s in zh["skills"] + en["skills"]) and zh["mission"] and en["mission"]
        if ch.short in TEXTS_004["from_000"]:
            assert t == TEXTS_000["characters"][ch.short] and ch.rules == C000[cid].rules
        else:
            assert t != TEXTS_000["characters"][ch.short]  # 004 prints its own text for every base character
            assert all(s["name"]["zh"] == "" for s in t["skills"])  # 004's table names no skill


def test_S_SETUP_1_004_the_characters_whose_rules_differ() -> None:
    """The modules that declare 004 rules (``TEXT_SETS``): the others play their 000 rules with the 004 texts."""
    differ = sorted(C004[c].short for c in C004 if C004[c].rules != C000[c].rules)
    assert differ == [
        "bei_lei_mao",
        "da_mei_nv",
        "dao_feng",
        "e_mei_feng",
        "guai_dao_a_shi",
        "lao_gui",
        "lao_jin",
        "li_fu_meng_mian_ren",
        "qi_bai",
        "shan_ling",
        "xiao_bai",
        "yi_dian_yuan",
    ]
    assert text("guai_dao_a_shi", "zh", "004")["name"] == "怪盗九九"
    assert text("guai_dao_a_shi", "zh")["name"] == "怪盗阿十"  # the default text set is still 000
    assert [s["id"] for s in text("dao_feng", "en", "004")["skills"]] == [
        "C-DAO_FENG-1",
        "C-DAO_FENG-2",
        "C-DAO_FENG-3",
    ]


def test_S_SETUP_1_004_config_and_the_character_deal() -> None:
    assert Config(players=4, characters=True, character_texts="004").character_texts == "004"
    assert Config(players=4).character_texts == "000"
    with pytest.raises(ConfigError):
        Config(players=4, characters=True, character_texts="005")
    g = Game.new(Config(players=4, characters=True, character_texts="004"), 3)
    setup = next(e for e in g.events if e.kind == "setup")
    assert setup.data["character_texts"] == "004" and g.characters is C004
    assert g.view(0)["character_texts"] == "004" and g.view(None)["character_texts"] == "004"


# ---------------------------------------------------------------------------------------------------------------
# 刀锋: 「你的鎖定不能被識破」「你的試探可以當作鎖定使用」「當一位玩家死亡時，可抽取2張卡牌。之後，將1張手牌給其左手邊玩家」
# ---------------------------------------------------------------------------------------------------------------


def blade_turn(texts: str = "004", face_up: bool = True, **kw: Any) -> Game:
    """刀锋 (seat 0, current, play phase) holds a 锁定, a 试探 and a 退回; seat 1 holds a 识破."""
    hands = {0: ["R:lock", "B:probe:mi:draw", "R:return", "B:decode"], 1: ["R:see_through"]}
    hands.update(kw.pop("hands", {}))
    return game(
        texts=texts,
        current=0,
        at="play",
        hands=hands,
        characters={0: "dao_feng", **kw.pop("characters", {})},
        face_up={0: face_up},
        auto_pass=False,
        **kw,
    )


def test_C_DAO_FENG_1_004_his_locks_cannot_be_seen_through() -> None:
    """004「你的鎖定不能被識破」: 识破 is not offered against his lock; it resolves; the card is discarded."""
    g = blade_turn()
    s = Script(g)
    lock = s.card("R:lock", 0)
    s.do(f"0: play c{lock} lock @2")
    assert [(e["seat"], e["skill"]) for e in events_of(g, "skill")] == [(0, "C-DAO_FENG-1")]
    assert s.stack()[0].use == "lock" and s.stack()[0].card == lock and s.stack()[0].uncancellable
    s.expect(1, "priority", "play")
    assert opts(g) == ["pass"]  # seat 1 holds a 识破, but 识破 cannot target this lock
    s.do("1: pass", "2: pass", "3: pass", "4: pass", "0: pass")
    assert g.locks == [2] and events_of(g, "locked") == [{"seat": 2, "user": 0, "uid": 1}]
    assert g.discard.count(lock) == 1  # discarded once it has resolved (S-TURN-9)


def test_C_DAO_FENG_1_004_under_000_or_covered_his_lock_can_be_seen_through() -> None:
    """Controls: the 000 刀锋 (亮剑, 嗜血) and a covered 004 刀锋 lock like anyone: 识破 cancels it."""
    for g in (blade_turn(texts="000"), blade_turn(face_up=False)):
        s = Script(g)
        s.do("0: play c{R:lock} lock @2")
        s.expect(1, "priority", "play")
        assert any(" see_through " in o for o in opts(g))
        s.do("1: play c{R:see_through} see_through ^top", "2: pass", "3: pass", "4: pass", "0: pass", "1: pass")
        assert g.locks == [] and "skill" not in kinds(g)
        assert any(e.kind == "cancelled" for e in g.events)


def test_C_DAO_FENG_1_004_his_other_cards_can_still_be_seen_through() -> None:
    """Only his locks: a 试探 he uses as a 试探 is a card on the stack like any other."""
    g = blade_turn()
    s = Script(g)
    s.do("0: play c{B:probe:mi:draw} probe @1")
    s.expect(1, "priority", "play")
    assert any(" see_through " in o for o in opts(g)) and "skill" not in kinds(g)


def test_C_DAO_FENG_2_004_his_probes_are_locks_that_cannot_be_seen_through_but_not_his_returns() -> None:
    """004「你的試探可以當作鎖定使用」: only 试探 converts (000 亮剑: 试探 and 退回), and 「你的鎖定不能被識破」 covers it."""
    g = blade_turn()
    s = Script(g)
    probe, ret = s.card("B:probe:mi:draw", 0), s.card("R:return", 0)
    assert f"play c{probe} lock @2" in opts(g) and not any(o.startswith(f"play c{ret} lock") for o in opts(g))
    s.do(f"0: play c{probe} lock @2")
    s.expect(1, "priority", "play")
    assert opts(g) == ["pass"]
    s.do("1: pass", "2: pass", "3: pass", "4: pass", "0: pass")
    assert g.locks == [2] and probe in g.discard and probe not in g.probes_out
    g000 = blade_turn(texts="000")
    assert f"play c{ret} lock @2" in opts(g000)  # 000: 退回 too


def blade_death(blade: int = 3, victim: int = 1, texts: str = "004", **kw: Any) -> Game:
    """Seat ``victim`` accepts his third false card (sent by seat 0); 刀锋 is seat ``blade``."""
    return game(
        texts=texts,
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": victim},
        intel={victim: ["K:lock", "K:burn"]},
        hands=kw.pop("hands", {blade: ["R:burn"]}),
        deck=["R:lock", "B:lock", "R:intercept", "B:intercept"],
        characters={blade: "dao_feng", **kw.pop("characters", {})},
        **kw,
    )


def test_C_DAO_FENG_3_004_draws_two_then_gives_a_card_to_the_dying_players_left_hand_neighbour() -> None:
    """004「當一位玩家死亡時，可抽取2張卡牌。之後，將1張手牌給其左手邊玩家」: two cards (000: four), and the card goes to
    the dying player's left-hand neighbour (clockwise: seat 0 for seat 1), with no choice of player."""
    g = blade_death()
    s = Script(g)
    s.do("1: accept")
    s.expect(3, "skill_choice", "C-DAO_FENG-3")
    s.do("3: skill dao_feng.3")
    assert len(g.seats[3].hand) == 3  # one + two drawn
    d = s.expect(3, "skill_choice", "C-DAO_FENG-3")
    assert all(o.kind == "choose" and o.card >= 0 for o in d.options) and len(d.options) == 3  # which card: compulsory
    s.do("3: choose c{R:burn}")
    assert find_cards("R:burn", g.seats[0].hand) and len(g.seats[3].hand) == 2
    assert [e["to"] for e in events_of(g, "give")] == [0]
    assert not g.seats[1].alive


def test_C_DAO_FENG_3_004_the_neighbour_is_the_nearest_clockwise_still_in_the_game() -> None:
    g = blade_death(victim=2, dead=[1])  # seat 1 is dead: seat 0 is seat 2's left-hand neighbour now
    Script(g).do("2: accept", "3: skill dao_feng.3", "3: choose c{R:burn}")
    assert [e["to"] for e in events_of(g, "give")] == [0]


def test_C_DAO_FENG_3_004_he_keeps_the_card_when_he_is_the_neighbour() -> None:
    g = blade_death(blade=0, victim=1, hands={0: ["R:burn"]})
    s = Script(g)
    s.do("1: accept", "0: skill dao_feng.3")
    assert len(g.seats[0].hand) == 3 and "give" not in kinds(g)
    assert g.decision is not None and g.decision.context != "C-DAO_FENG-3"  # no question: the card stays with him


def test_C_DAO_FENG_3_004_is_optional_and_000_draws_four_to_anyone() -> None:
    g = blade_death()
    Script(g).do("1: accept", "3: pass")
    assert len(g.seats[3].hand) == 1
    g = blade_death(texts="000")
    s = Script(g)
    s.do("1: accept", "3: skill dao_feng.2")
    assert len(g.seats[3].hand) == 5 and "choose @4" in opts(g)  # 000 嗜血: four, any player


def test_C_DAO_FENG_3_004_still_after_a_rescue_and_000_not() -> None:
    """004「即使死亡的玩家被拯救，仍可觸發此技能」: 礼服蒙面人 (2) saves the dying woman (1) before 刀锋 (3) in seat order,
    and the 004 skill is still offered; 000's 嗜血 is not (a rescued player has not died, A-30)."""
    for texts, offered in (("004", True), ("000", False)):
        g = blade_death(texts=texts, characters={2: "li_fu_meng_mian_ren"}, sexes=("", "F", "", "", ""))
        s = Script(g)
        s.do("1: accept", "2: skill li_fu_meng_mian_ren.2", "2: choose @1 x{K:lock@1}", "2: choose @1 x{K:burn@1}")
        assert g.seats[1].alive
        asked = g.decision is not None and g.decision.context.startswith("C-DAO_FENG")
        assert asked == offered, texts


def test_mission_dao_feng_004_the_underground_is_wiped_out() -> None:
    """004「潛伏戰線皆被消滅」 (000: a 潜伏战线 and a 军情处 player dead)."""
    g = game(identities=["ug", "mi", "by", "ug", "mi"], dead=[0, 1], characters={2: "dao_feng"})
    m = rule_of(g, DaoFengMission004, 2)
    assert not m.mission_met(g)  # 000's condition holds (seats 0 and 1), not 004's: seat 3 is still in the game
    g.seats[3].alive = False
    assert m.mission_met(g)
    g.seats[2].alive = False  # he must be in the game himself
    assert not m.mission_met(g)


def test_mission_dao_feng_004_declared_when_the_last_underground_player_dies() -> None:
    g = game(
        identities=["ug", "mi", "by", "ug", "mi"],
        dead=[3],
        current=4,
        at="step3",
        transit={"card": "K:decode", "holder": 0},
        intel={0: ["K:lock", "K:burn"]},
        characters={2: "dao_feng"},
    )
    s = Script(g)
    s.do("0: accept", "2: pass")  # the death skill declined
    s.expect(2, "declare")
    s.do("2: declare")
    assert s.over()["winners"] == [2]


# ---------------------------------------------------------------------------------------------------------------
# 贝雷帽: 「你可指定你所有傳遞的非直達情報之傳遞方向」「捨棄1張黑色手牌，視為使用鎖定」「遊戲只剩下你和另一位玩家」
# ---------------------------------------------------------------------------------------------------------------


def test_C_BEI_LEI_MAO_1_004_he_chooses_the_direction_of_his_non_direct_passes() -> None:
    """004「你可指定你所有傳遞的非直達情報之傳遞方向」, 「傳遞方向包括逆時針及順時針方向」 (逢缘's rule, A-75)."""
    hands = {2: ["K:decode", "R:burn", "B:return"]}
    g = game(current=2, at="pass", hands=hands, characters={2: "bei_lei_mao"})
    s = Script(g)
    secret, text_card, direct = s.card("K:decode", 2), s.card("B:return", 2), s.card("R:burn", 2)
    o = opts(g)
    assert f"send c{secret} cw" in o and f"send c{text_card} cw" in o and f"send c{secret}" in o
    assert not any(x.startswith(f"send c{direct}") and x.endswith("cw") for x in o)  # 直达 has no direction
    s.do(f"2: send c{secret} cw")
    assert helpers.events(g, "send")[-1]["direction"] == -1
    s.expect(1, "receive", "step3")  # clockwise: seat 1, not seat 3
    g000 = game(texts="000", current=2, at="pass", hands=hands, characters={2: "bei_lei_mao"})
    assert not any(x.endswith("cw") for x in opts(g000))


def black_lock_turn(hand: list[str], texts: str = "004", **kw: Any) -> Game:
    """贝雷帽 (seat 0, current, play phase); seat 1 holds a 识破; seat 2 is a face-down 老枪."""
    return game(
        texts=texts,
        current=0,
        at="play",
        hands={0: hand, 1: ["R:see_through"]},
        characters={0: "bei_lei_mao", 2: "lao_qiang", **kw.pop("characters", {})},
        auto_pass=False,
        **kw,
    )


def test_C_BEI_LEI_MAO_2_004_discard_a_black_card_it_counts_as_a_lock_that_cannot_be_seen_through() -> None:
    """004「捨棄1張黑色手牌，視為使用鎖定」, 「此鎖定技能為角色技能，將無法被識破」: the discard is the cost (at once),
    the lock resolves from the stack with the lock's rules (老枪's 「被锁定」 flip is offered)."""
    g = black_lock_turn(["K:burn", "R:decode"])
    s = Script(g)
    burn = s.card("K:burn", 0)
    assert [o for o in opts(g) if o.startswith("skill")] == [f"skill bei_lei_mao.2 @{t}" for t in (1, 2, 3, 4)]
    s.do("0: skill bei_lei_mao.2 @2")
    assert burn in g.discard and burn not in g.seats[0].hand  # the cost, paid before anyone may answer
    assert events_of(g, "discarded") == [{"seat": 0, "card": burn}]
    s.expect(1, "priority", "play")
    assert opts(g) == ["pass"]  # a skill, not a card: 识破 cannot cancel it (S-CHAR-6)
    s.do("1: pass", "2: pass", "3: pass", "4: pass", "0: pass")
    s.expect(2, "skill_choice", "C-LAO_QIANG-1")  # locked: 老枪 may flip
    s.do("2: pass")
    assert g.locks == [2] and events_of(g, "locked") == [{"seat": 2, "user": 0, "uid": 1}]


def test_C_BEI_LEI_MAO_2_004_he_chooses_which_black_card() -> None:
    g = black_lock_turn(["K:burn", "K:lock", "R:decode"])
    s = Script(g)
    s.do("0: skill bei_lei_mao.2 @3")
    d = s.expect(0, "skill_choice", "C-BEI_LEI_MAO-2")
    black = sorted(find_cards("K:burn", g.seats[0].hand) + find_cards("K:lock", g.seats[0].hand))
    assert sorted(o.card for o in d.options) == black  # black cards only, no pass: the cost
    s.do("0: choose c{K:lock}")
    assert find_cards("K:lock", g.discard) and find_cards("K:burn", g.seats[0].hand)


def test_C_BEI_LEI_MAO_2_004_the_locks_timing_and_no_more_black_cards_as_locks() -> None:
    """「視為使用鎖定」: his own turn only (A-61, A-3); without a black card, nothing. 000's 换日 is gone: a black card
    is not played as a 锁定 card any more."""
    g = black_lock_turn(["K:burn", "R:decode"])
    burn = Script(g).card("K:burn", 0)
    assert not any(o.startswith(f"play c{burn} lock") for o in opts(g))
    g000 = black_lock_turn(["K:burn", "R:decode"], texts="000")
    assert f"play c{burn} lock @2" in opts(g000) and not any(o.startswith("skill") for o in opts(g000))
    g = black_lock_turn(["R:burn", "R:decode"])
    assert not any(o.startswith("skill bei_lei_mao") for o in opts(g))  # no black card
    g = game(
        current=1, at="play", hands={0: ["K:burn"], 1: ["R:decode"]}, characters={0: "bei_lei_mao"}, auto_pass=False
    )
    assert not any(o.startswith("skill bei_lei_mao") for o in seat_opts(g, 0))  # another player's turn


def test_C_BEI_LEI_MAO_2_004_in_step_1_of_his_own_pass() -> None:
    g = game(current=0, at="step1", transit={"card": "B:decode"}, hands={0: ["K:burn"]}, characters={0: "bei_lei_mao"})
    s = Script(g)
    s.expect(0, "priority", "step1")
    s.do("0: skill bei_lei_mao.2 @3")
    assert g.locks == [3]


def test_mission_bei_lei_mao_004_only_he_and_one_other_player_are_left() -> None:
    """004「遊戲只剩下你和另一位玩家」 (000: three red and three blue cards in hand)."""
    g = game(4, identities=["ug", "mi", "by", "ug"], dead=[0], characters={2: "bei_lei_mao"})
    m = rule_of(g, BeiLeiMaoMission004, 2)
    assert not m.mission_met(g)  # three in the game
    g.seats[1].lost = True  # out of the game (S-LOSE): two left
    assert m.mission_met(g)
    g = game(4, identities=["ug", "mi", "by", "ug"], dead=[0, 2], characters={2: "bei_lei_mao"})
    assert not rule_of(g, BeiLeiMaoMission004, 2).mission_met(g)  # two left, but not him


def test_mission_bei_lei_mao_004_declared_when_the_third_last_player_dies() -> None:
    g = game(
        3,
        identities=["ug", "mi", "by"],
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        intel={1: ["K:lock", "K:burn"]},
        characters={2: "bei_lei_mao"},
    )
    s = Script(g)
    s.do("1: accept")
    s.expect(2, "declare")
    s.do("2: declare")
    assert s.over()["winners"] == [2]


# ---------------------------------------------------------------------------------------------------------------
# 怪盗九九 (000: 怪盗阿十): 「獲得9張以上的手牌」
# ---------------------------------------------------------------------------------------------------------------


def test_mission_guai_dao_a_shi_004_nine_cards_in_hand() -> None:
    """004「獲得9張以上的手牌」: nine cards (000: ten)."""
    hand = ["R:lock", "B:lock", "K:lock", "R:burn", "B:burn", "K:burn", "R:decode", "B:decode"]
    for texts, needed in (("004", 9), ("000", 10)):
        g = game(4, texts=texts, identities=["ug", "mi", "by", "ug"], hands={2: hand}, characters={2: "guai_dao_a_shi"})
        m = rule_of(g, GuaiDaoAShiMission, 2)
        assert not m.mission_met(g)
        g.seats[2].hand.append(g.deck.pop())
        assert m.mission_met(g) == (needed == 9)
        assert g.can_declare_now(2) == (needed == 9)  # a live condition (the hand)


# ---------------------------------------------------------------------------------------------------------------
# 小白: 「將你的3張手牌給其他任一玩家，並取得其面前的1張情報(包括假情報)」
# ---------------------------------------------------------------------------------------------------------------


def test_C_XIAO_BAI_2_004_bribe_with_three_cards() -> None:
    """004「將你的3張手牌給其他任一玩家，並取得其面前的1張情報(包括假情報)」, 「若不足3張手牌將無法發動此技能」:
    three cards (000: four); the card he takes may be false."""
    hand = ["R:lock", "B:lock", "R:decode"]
    g = game(current=0, at="play", hands={0: hand}, intel={3: ["K:burn", "R:burn"]}, characters={0: "xiao_bai"})
    s = Script(g)
    assert "skill xiao_bai.2 @3" in opts(g)
    given = list(g.seats[0].hand)
    s.do("0: skill xiao_bai.2 @3")  # exactly three in hand: all of them, no question
    assert sorted(g.seats[3].hand) == sorted(given)
    s.expect(0, "skill_choice", "C-XIAO_BAI-2")
    burn = s.card("K:burn", 3, "intel")
    s.do(f"0: choose @3 x{burn}")
    assert {"seat": 0, "card": burn, "how": "skill", "source": 0} in events_of(g, "obtain")  # a false one
    assert len(g.seats[3].intel) == 1
    g000 = game(texts="000", current=0, at="play", hands={0: hand}, intel={3: ["K:burn"]}, characters={0: "xiao_bai"})
    assert not any(o.startswith("skill xiao_bai") for o in opts(g000))  # 000 needs four


def test_C_XIAO_BAI_2_004_with_more_cards_he_picks_three_and_not_with_two() -> None:
    g = game(
        current=0,
        at="play",
        hands={0: ["R:lock", "B:lock", "R:decode", "B:decode"]},
        intel={3: ["K:burn"]},
        characters={0: "xiao_bai"},
    )
    s = Script(g)
    s.do("0: skill xiao_bai.2 @3", "0: choose c{R:lock}", "0: choose c{B:lock}", "0: choose c{R:decode}")
    assert len(g.seats[3].hand) == 3 and len(events_of(g, "give")) == 3
    assert not find_cards("B:decode", g.seats[3].hand)  # the fourth card was not given
    g = game(current=0, at="play", hands={0: ["R:lock", "B:lock"]}, intel={3: ["K:burn"]}, characters={0: "xiao_bai"})
    assert not any(o.startswith("skill xiao_bai") for o in opts(g))


# ---------------------------------------------------------------------------------------------------------------
# 柒佰: 「當你宣告勝利時，可選擇與另一位女性共同贏得勝利」
# ---------------------------------------------------------------------------------------------------------------


def qi_bai_declares(texts: str = "004") -> Game:
    """Seat 2 (柒佰, 军情局) accepts his third blue intelligence; seat 4 is a woman (the player)."""
    return game(
        texts=texts,
        identities=["ug", "ug", "mi", "mi", "by"],
        current=0,
        intel={2: ["B:lock", "B:burn"]},
        characters={2: "qi_bai"},
        at="step3",
        transit={"card": "B:decode", "holder": 2},
        sexes=("", "", "M", "", "F"),
    )


def test_C_QI_BAI_3_004_the_co_winner_is_optional() -> None:
    """004「當你宣告勝利時，可選擇與另一位女性共同贏得勝利」: he may choose nobody (000: compulsory)."""
    g = qi_bai_declares()
    s = Script(g)
    s.do("2: accept", "2: declare")
    d = s.expect(2, "skill_choice", "C-QI_BAI-3")
    assert [str(o) for o in d.options] == ["choose @4", "pass"]
    s.do("2: pass")
    assert s.over()["winners"] == [2, 3] and "skill" not in kinds(g)
    g = qi_bai_declares()
    Script(g).do("2: accept", "2: declare", "2: choose @4")
    assert g.result is not None and g.result["winners"] == [2, 3, 4]
    g = qi_bai_declares(texts="000")
    Script(g).do("2: accept", "2: declare")  # 000: compulsory, and the one woman is a forced choice
    assert g.result is not None and g.result["winners"] == [2, 3, 4]


# ---------------------------------------------------------------------------------------------------------------
# 老鬼: 「若被試探時翻開此角色，可從卡牌堆上抽取2張卡牌」「…該玩家可從中選擇3張做為情報」「須有4張以上的紅色卡牌」
# ---------------------------------------------------------------------------------------------------------------


def test_C_LAO_GUI_1_004_flip_when_probed_not_when_locked() -> None:
    """004「若被試探時翻開此角色，可從卡牌堆上抽取2張卡牌」: probed only (000 就计: probed or locked, A-44)."""
    g = game(3, hands={0: ["R:lock", "B:decode", "R:decode"]}, characters={1: "lao_gui"}, at="play")
    s = Script(g)
    s.do("0: play c{R:lock} lock @1")
    s.expect(0, "send")  # no question for 老鬼
    assert not g.seats[1].face_up and g.locks == [1]
    g = game(3, hands={0: ["R:probe:ug:draw", "B:decode", "R:decode"]}, characters={1: "lao_gui"}, at="play")
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @1")
    d = s.expect(1, "skill_choice", "C-LAO_GUI-1")
    assert d.private
    s.do("1: skill lao_gui.1")
    assert g.seats[1].face_up and len(g.seats[1].hand) == 2
    g = game(3, texts="000", hands={0: ["R:lock", "B:decode", "R:decode"]}, characters={1: "lao_gui"}, at="play")
    Script(g).do("0: play c{R:lock} lock @1")
    assert g.decision is not None and g.decision.context == "C-LAO_GUI-1"  # 000: a lock is enough


def dying_lao_gui(hand: list[str], texts: str = "004", identities: list[str] | None = None) -> Game:
    """Seat 1 (老鬼, face up) has two false intelligence and is about to accept a third (seat 0 sent it)."""
    return game(
        4,
        texts=texts,
        identities=identities or ["ug", "mi", "by", "ug"],
        hands={1: hand},
        intel={1: ["K:burn", "K:decode"]},
        characters={1: "lao_gui"},
        face_up={1: True},
        at="step3",
        transit={"card": "K:return", "holder": 1},
    )


def test_C_LAO_GUI_3_004_the_receiver_chooses_the_three() -> None:
    """004「死亡時可將全部手牌正面朝下給任何一位玩家，該玩家可從中選擇3張做為情報」: he chooses (000: at random); the
    cards he does not take go to the discard pile with her other cards (A-80)."""
    g = dying_lao_gui(["B:lock", "B:burn", "K:lock", "R:see_through", "B:see_through"])
    hand = list(g.seats[1].hand)
    s = Script(g)
    s.do("1: accept", "1: skill lao_gui.3", "1: choose @2")
    d = s.expect(2, "skill_choice", "C-LAO_GUI-3")  # the receiver is asked, not 老鬼
    assert sorted(o.card for o in d.options) == sorted(hand) and "pass" not in opts(g)
    assert "options" in g.view(2)["decision"] and "options" not in g.view(3)["decision"]  # only he sees them
    picks = [s.card(x, 1) for x in ("R:see_through", "B:see_through", "B:lock")]
    s.do(f"2: choose c{picks[0]}", f"2: choose c{picks[1]}")
    assert len(opts(g)) == 3  # the third one from the three left
    s.do(f"2: choose c{picks[2]}")
    assert sorted(g.seats[2].intel) == sorted(picks)
    assert set(hand) - set(picks) <= set(g.discard) and not g.seats[1].alive


def test_C_LAO_GUI_3_004_with_three_cards_or_fewer_he_takes_them_all() -> None:
    """004「若死亡時手牌不足3張，接收手牌的玩家須全數接收」."""
    g = dying_lao_gui(["B:lock", "R:burn"])
    hand = sorted(g.seats[1].hand)
    Script(g).do("1: accept", "1: skill lao_gui.3", "1: choose @3")
    assert sorted(g.seats[3].intel) == hand


def test_mission_lao_gui_004_four_red_cards_at_death() -> None:
    """004「當你死亡時展示手牌，須有4張以上的紅色卡牌」 (000: three)."""
    by = ["ug", "by", "mi", "ug"]
    g = dying_lao_gui(["R:lock", "R:burn", "R:decode", "B:burn"], identities=by)
    Script(g).do("1: accept", "1: pass")
    assert any(e.kind == "show_hand" for e in g.events) and g.result is None and not g.declarable[1]
    g = dying_lao_gui(["R:lock", "R:burn", "R:decode", "B:burn"], texts="000", identities=by)
    s = Script(g)
    s.do("1: accept", "1: pass")
    s.expect(1, "declare")  # 000: three are enough
    g = dying_lao_gui(["R:lock", "R:burn", "R:decode", "R:return"], identities=by)
    s = Script(g)
    s.do("1: accept", "1: pass")
    s.expect(1, "declare")
    s.do("1: declare")
    assert s.over()["winners"] == [1]


# ---------------------------------------------------------------------------------------------------------------
# 译电员: 「然後檢視該情報再決定是否接收，並抽取1張卡牌」
# ---------------------------------------------------------------------------------------------------------------


def test_C_YI_DIAN_YUAN_1_004_inspects_then_draws() -> None:
    """004「當情報傳遞到你時，可翻開此張角色卡牌。然後檢視該情報再決定是否接收，並抽取1張卡牌」: inspect first, then draw
    (000 and A-71: draw, then inspect); both when the flip resolves, before she decides."""
    for texts, order in (("004", ["inspected", "draw"]), ("000", ["draw", "inspected"])):
        g = game(
            texts=texts,
            current=0,
            at="step2",
            transit={"card": "K:intercept", "holder": 1},
            hands={1: ["R:decode"]},
            characters={1: "yi_dian_yuan"},
            deck=["B:burn"],
        )
        mark = len(g.events)
        s = Script(g)
        s.do("1: skill yi_dian_yuan.1", "1: pass")
        assert [e.kind for e in g.events[mark:] if e.kind in ("draw", "inspected")] == order, texts
        assert find_cards("B:burn", g.seats[1].hand) and 1 in g.passing.seen
        s.do("1: pass")
        s.expect(1, "receive")


# ---------------------------------------------------------------------------------------------------------------
# 闪灵: 「燒毀其他任一玩家最多3張的情報」「當其他任一玩家已獲得第3張假情報時，不能觸發此技能」
# ---------------------------------------------------------------------------------------------------------------


def snipe(target_intel: list[str], texts: str = "004", **kw: Any) -> Game:
    """闪灵 (seat 2, face down) holds priority in seat 0's play phase; seat 3 has ``target_intel``."""
    g = game(
        texts=texts,
        hands={0: ["R:decode", "B:decode"]},
        intel={3: target_intel, **kw.pop("intel", {})},
        characters={2: "shan_ling"},
        at="play",
        auto_pass=False,
        **kw,
    )
    Script(g).do("0: pass", "1: pass")
    return g


def test_C_SHAN_LING_1_004_burns_up_to_three_and_may_stop_after_the_first() -> None:
    """004「燒毀其他任一玩家最多3張的情報」: up to three, her choice (000: three, or all if fewer)."""
    g = snipe(["R:lock", "K:burn"])
    s = Script(g)
    s.do("2: skill shan_ling.1 @3", "3: pass", "4: pass", "0: pass", "1: pass", "2: pass")
    d = s.expect(2, "skill_choice", "C-SHAN_LING-1")
    assert "pass" not in opts(g) and len(d.options) == 2  # at least one
    s.do("2: choose @3 x{R:lock@3}")
    assert "pass" in opts(g)
    s.do("2: pass")
    assert len(g.seats[3].intel) == 1 and find_cards("K:burn", g.seats[3].intel)
    g = snipe(["R:lock", "K:burn"], texts="000")
    s = Script(g)
    s.do("2: skill shan_ling.1 @3", "3: pass", "4: pass", "0: pass", "1: pass", "2: pass")
    assert g.seats[3].intel == []  # 000: all of them, no question


def test_C_SHAN_LING_1_004_never_more_than_three() -> None:
    g = snipe(["R:lock", "K:burn", "B:lock", "K:lock", "R:burn"])
    s = Script(g)
    s.do("2: skill shan_ling.1 @3", "3: pass", "4: pass", "0: pass", "1: pass", "2: pass")
    s.do("2: choose @3 x{R:lock@3}", "2: choose @3 x{K:burn@3}", "2: choose @3 x{B:lock@3}")
    assert len(g.seats[3].intel) == 2 and len([e for e in g.events if e.kind == "burned"]) == 3
    s.expect(0, "priority", "play")  # no fourth question


def test_C_SHAN_LING_1_004_not_while_another_player_has_three_false_intelligence() -> None:
    """004「當其他任一玩家已獲得第3張假情報時，不能觸發此技能」. Death is immediate, so the position (seat 1 with three
    false intelligence, not dead yet) is built directly; under 000 she could still flip there."""
    for texts, allowed in (("004", False), ("000", True)):
        g = snipe(["R:lock"], texts=texts, intel={1: ["K:lock", "K:burn", "K:decode"]})
        assert g.seats[1].in_game
        assert any(o.startswith("skill shan_ling.1") for o in opts(g)) == allowed, texts


# ---------------------------------------------------------------------------------------------------------------
# 峨嵋风: 「可在自家回合或他家回合宣告傳遞情報時，翻開此張角色卡，視為截獲」
# ---------------------------------------------------------------------------------------------------------------


def test_C_E_MEI_FENG_1_004_flips_only_while_intelligence_is_passed() -> None:
    """004「可在自家回合或他家回合宣告傳遞情報時，翻開此張角色卡，視為截獲」: only in Step 1 of a pass (A-79); 000: in
    any window."""
    for texts, allowed in (("004", False), ("000", True)):
        g = game(
            texts=texts, current=0, at="play", hands={0: ["R:decode"]}, characters={2: "e_mei_feng"}, auto_pass=False
        )
        assert ("skill e_mei_feng.1" in seat_opts(g, 2)) == allowed, texts
    g = game(
        current=0, at="step2", transit={"card": "K:decode", "holder": 1}, characters={2: "e_mei_feng"}, auto_pass=False
    )
    assert "skill e_mei_feng.1" not in seat_opts(g, 2)  # the card has arrived: Step 2
    g = game(current=0, at="step1", transit={"card": "K:decode"}, characters={2: "e_mei_feng"})
    card = g.passing.card
    s = Script(g)
    s.expect(2, "priority", "step1")
    s.do("2: skill e_mei_feng.1")
    assert events_of(g, "obtain") == [{"seat": 2, "card": card, "how": "intercept", "source": 0}]


def test_C_E_MEI_FENG_1_004_in_his_own_pass_the_flip_has_no_effect() -> None:
    """A-46 as under 000: in his own turn the flip counts as a 截获 only where one would be legal, which it is not."""
    g = game(current=2, at="step1", transit={"card": "K:decode"}, characters={2: "e_mei_feng"}, hands={2: ["R:decode"]})
    s = Script(g)
    s.expect(2, "priority", "step1")
    s.do("2: skill e_mei_feng.1")
    assert g.seats[2].face_up and "obtain" not in kinds(g) and not s.stack()
    assert g.passing is not None and not g.passing.finished


# ---------------------------------------------------------------------------------------------------------------
# 礼服蒙面人: 「由一位女性宣布勝利」 (no fallback)
# ---------------------------------------------------------------------------------------------------------------


def test_mission_li_fu_meng_mian_ren_004_no_fallback_without_women() -> None:
    """004「由一位女性宣布勝利」 only: with no woman at the table, killing everyone else is not his mission (000: it is)."""
    for texts, met in (("004", False), ("000", True)):
        g = game(3, texts=texts, identities=["ug", "mi", "by"], dead=[0, 1], characters={2: "li_fu_meng_mian_ren"})
        m = rule_of(g, LiFuMengMianRenMission, 2)
        assert m.fallback(g) == met and m.mission_met(g) == met, texts


def test_mission_li_fu_meng_mian_ren_004_wins_with_a_woman_who_declares() -> None:
    g = game(
        identities=["ug", "ug", "by", "mi", "mi"],
        current=0,
        at="step3",
        transit={"card": "R:decode", "holder": 1},
        intel={1: ["R:lock", "R:burn"]},
        characters={2: "li_fu_meng_mian_ren"},
        sexes=("", "F", "", "", ""),
    )
    s = Script(g)
    s.do("1: accept", "1: declare")
    assert s.over()["winners"] == [0, 1, 2]


# ---------------------------------------------------------------------------------------------------------------
# 大美女: 「並選擇其中1張手牌放回卡牌堆上方」「當一位男性宣布勝利時，你獲得的假情報須不超過1張」
# ---------------------------------------------------------------------------------------------------------------


def test_C_DA_MEI_NV_1_004_puts_back_one_of_the_cards_just_drawn() -> None:
    """004「抽牌階段改為抽3張卡牌，並選擇其中1張手牌放回卡牌堆上方」: one of the three (000: any card of her hand)."""
    for texts in ("004", "000"):
        g = game(
            texts=texts,
            current=0,
            at="draw",
            hands={0: ["R:decode"], 1: ["B:decode"]},
            deck=["R:lock", "B:lock", "K:lock", "K:burn"],
            characters={0: "da_mei_nv"},
        )
        s = Script(g)
        d = s.expect(0, "skill_choice", "C-DA_MEI_NV-1")
        decode = s.card("R:decode", 0)  # the card she held before the draw
        drawn = [c for c in g.seats[0].hand if c != decode]
        assert len(drawn) == 3 and "pass" not in opts(g)
        offered = sorted(o.card for o in d.options)
        assert offered == (sorted(drawn) if texts == "004" else sorted(g.seats[0].hand)), texts
        s.do("0: choose c{B:lock}")
        assert find_cards("B:lock", [g.deck[-1]]) and len(g.seats[0].hand) == 3


def man_declares(texts: str = "004", **kw: Any) -> Game:
    """Seat 1 (潜伏战线, a man playing the female 六姐) accepts his third red card; 大美女 (a bystander) is seat 2."""
    return game(
        texts=texts,
        identities=["ug", "ug", "by", "mi", "mi"],
        current=0,
        at="step3",
        transit={"card": "R:decode", "holder": 1},
        intel={1: ["R:lock", "R:burn"], 2: ["K:lock"]},
        characters={2: "da_mei_nv", 1: "liu_jie", 3: "dao_feng"},
        sexes=("", "M", "", "", ""),
        **kw,
    )


def test_mission_da_mei_nv_004_a_man_declares_player_or_character() -> None:
    """004「當一位男性宣布勝利時，你獲得的假情報須不超過1張」: 男性 is a male player or a face-up male character (A-41);
    000 says 男性角色, characters only."""
    for texts, winners in (("004", [0, 1, 2]), ("000", [0, 1])):
        g = man_declares(texts)
        Script(g).do("1: accept", "1: declare")
        assert g.result is not None and g.result["winners"] == winners, texts


def test_mission_da_mei_nv_004_no_fallback_without_men() -> None:
    """No man at the table: 004 has no "kill everyone else" fallback (000 has)."""
    g = game(3, identities=["ug", "mi", "by"], dead=[0, 1], characters={2: "da_mei_nv"})
    m = rule_of(g, DaMeiNvMission004, 2)
    assert not m.fallback(g) and not m.mission_met(g)
    g = game(3, texts="000", identities=["ug", "mi", "by"], dead=[0, 1], characters={2: "da_mei_nv"})
    assert rule_of(g, DaMeiNvMission, 2).mission_met(g)


# ---------------------------------------------------------------------------------------------------------------
# 老金: 「當你的卡牌被識破時，翻開此張角色卡。可抽取5張卡牌，並將其中2張卡牌以任意順序放回卡牌堆上方」
# ---------------------------------------------------------------------------------------------------------------


def lao_jin_seen_through(texts: str = "004") -> Game:
    """老金 (seat 0, face down, current) locks seat 2; seat 1 answers with 识破."""
    return game(
        texts=texts,
        current=0,
        at="play",
        hands={0: ["R:lock", "R:decode", "K:decode"], 1: ["B:see_through"]},
        deck=["R:burn", "B:burn", "K:burn", "R:return", "B:return"],
        characters={0: "lao_jin"},
    )


def test_C_LAO_JIN_1_004_the_flip_is_compulsory_the_draw_optional() -> None:
    """004「當你的卡牌被識破時，翻開此張角色卡。可抽取5張卡牌」: he flips without being asked, then (face up) may draw
    (000: 「可以翻开」, asked privately)."""
    g = lao_jin_seen_through()
    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "1: play c{B:see_through} see_through ^top")
    assert g.seats[0].face_up
    d = s.expect(0, "skill_choice", "C-LAO_JIN-1")
    assert not d.private and opts(g) == ["skill lao_jin.1", "pass"]
    s.do("0: pass")
    assert len(g.seats[0].hand) == 2
    s.expect(0, "send")
    g = lao_jin_seen_through(texts="000")
    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "1: play c{B:see_through} see_through ^top")
    assert not g.seats[0].face_up and g.decision is not None and g.decision.private


def test_C_LAO_JIN_1_004_two_of_the_five_drawn_go_back() -> None:
    """004「並將其中2張卡牌以任意順序放回卡牌堆上方」: two of the five drawn (000: any two cards of his hand)."""
    g = lao_jin_seen_through()
    s = Script(g)
    before = set(g.seats[0].hand)
    s.do("0: play c{R:lock} lock @2", "1: play c{B:see_through} see_through ^top", "0: skill lao_jin.1")
    drawn = set(g.seats[0].hand) - before
    assert len(drawn) == 5
    d = s.expect(0, "skill_choice", "C-LAO_JIN-1")
    assert {o.card for o in d.options} == drawn
    first, second = sorted(drawn)[:2]
    s.do(f"0: choose c{first}")
    assert {o.card for o in g.decision.options} == drawn - {first}
    s.do(f"0: choose c{second}")
    assert g.deck[-2:] == [first, second] and len(g.seats[0].hand) == 5
