"""致命香水 (qianzhi): QC-ZHI_MING_XIANG_SHUI-1 攻守兼備, QC-ZHI_MING_XIANG_SHUI-2 臨危受命 (A-91, R-43), no mission."""

from __future__ import annotations

import random
from typing import Any

from fengsheng.config import Config
from fengsheng.core.cards import NO_IDENTITY
from fengsheng.game import Game
from fengsheng.invariants import check
from fengsheng.testing import Script
from fengsheng.text import render_event
from tests.helpers import events, opts
from tests.qianzhi.common import QZ, build, card_of

ZM = "zhi_ming_xiang_shui"
IDS = ["ug", "mi", "by", "ug"]


def _dying_table(**kw: Any) -> Game:
    """Seat 0 (潜伏战线) plays 博弈 on seat 1 (军情处, two black already): the top card is black, seat 1 dies; seat 2
    is 致命香水 (打酱油的), face up; seat 3 (潜伏战线) has a red intelligence, seat 0 a blue one."""
    kw.setdefault("intel", {1: ["K:lock", "K:decode"], 3: ["R:lock"], 0: ["B:burn"]})
    kw.setdefault("hands", {0: ["K:gamble", "R:decode", "B:decode"]})
    kw.setdefault("deck", ["K:transfer", "B:lock", "R:transfer"])  # the top first
    kw.setdefault("characters", {2: ZM})
    kw.setdefault("face_up", {2: True})
    return build(4, kw.pop("identities", IDS), at="play", **kw)


# --- 攻守兼備 --------------------------------------------------------------------------------------------------------
def test_QC_ZHI_MING_XIANG_SHUI_1_a_lock_that_takes_effect_draw_two_then_one_back_on_top() -> None:
    g = build(
        4, IDS, at="play", hands={0: ["R:lock", "K:decode"]}, deck=["B:burn", "R:burn", "K:burn"], characters={0: ZM}
    )
    s = Script(g)
    s.do("0: play c{R:lock} lock @1")
    assert [e["skill"] for e in events(g, "skill")] == ["QC-ZHI_MING_XIANG_SHUI-1"]
    assert len(g.seats[0].hand) == 3  # K:decode and the two drawn
    s.expect(0, "skill_choice", "QC-ZHI_MING_XIANG_SHUI-1")
    back = card_of(g, "R:burn", 0)
    s.do(f"0: choose c{back}")
    assert g.deck[-1] == back and back not in g.seats[0].hand and len(g.seats[0].hand) == 2
    put = next(e for e in g.events if e.kind == "to_deck")
    assert "card" not in put.for_seat(1) and put.for_seat(0)["card"] == back  # face down: only she knows it


def test_QC_ZHI_MING_XIANG_SHUI_1_lure_away_too_and_not_when_cancelled_Q_TERM_10() -> None:
    g = build(4, IDS, at="step1", hands={3: ["R:lure_away"]}, transit={"card": "K:decode"}, characters={3: ZM})
    Script(g).do("3: play c{R:lure_away} lure_away @1")
    assert [e["skill"] for e in events(g, "skill")] == ["QC-ZHI_MING_XIANG_SHUI-1"]
    g = build(4, IDS, at="play", auto_pass=False, hands={0: ["R:lock"], 2: ["K:see_through"]}, characters={0: ZM})
    s = Script(g)
    s.do("0: play c{R:lock} lock @1", "1: pass", "2: play c{K:see_through} see_through ^top")
    s.do("3: pass", "0: pass", "1: pass", "2: pass")
    used = next(i for i, e in enumerate(g.events) if e.kind == "use")
    assert events(g, "locked") == [] and events(g, "skill") == []
    assert not [e for e in g.events[used:] if e.kind == "draw"]


def test_QC_ZHI_MING_XIANG_SHUI_1_not_for_another_players_lock() -> None:
    g = build(4, IDS, at="play", hands={0: ["R:lock", "K:decode"]}, characters={1: ZM})
    Script(g).do("0: play c{R:lock} lock @1")
    assert events(g, "skill") == []


# --- 臨危受命 --------------------------------------------------------------------------------------------------------
def test_QC_ZHI_MING_XIANG_SHUI_2_A_91_takes_the_dead_players_card_his_identity_is_never_revealed() -> None:
    g = _dying_table()
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1")
    s.expect(2, "skill_choice", "QC-ZHI_MING_XIANG_SHUI-2")
    s.do(f"2: skill {ZM}.2")
    assert (g.seats[2].identity, g.seats[1].identity, g.identity_out) == ("military_intel", NO_IDENTITY, ["bystander"])
    taken = next(e for e in g.events if e.kind == "identity_taken")
    assert taken.for_seat(2) == {
        "kind": "identity_taken", "seat": 2, "target": 1, "out": 0, "shown": False,
        "identity": "military_intel", "own": "bystander",
    }  # fmt: skip
    assert "identity" not in taken.for_seat(0) and "own" not in taken.for_seat(None)
    s.do("2: choose @3 x{R:lock@3}")
    died = events(g, "died")[-1]
    assert died["seat"] == 1 and died["identity"] == NO_IDENTITY  # nothing to reveal: the card is hers
    assert render_event(died, "zh", "001").endswith("身份：无身份牌")
    assert render_event(died, "en", "001").endswith("identity: no identity card")
    v0, v2, spectator = g.view(0), g.view(2), g.view(None)
    assert v0["seats"][1]["identity"] == NO_IDENTITY and v0["seats"][2]["identity"] is None
    assert v2["me"]["identity"] == "military_intel" and v2["identities_out"] == ["bystander"]
    assert v0["identities_out"] == [None] and spectator["identities_out"] == [None]
    assert g.view(1)["seats"][2]["identity"] == "military_intel"  # he knows the card he held
    check(g)  # the four identity cards dealt: three held, one out
    zh, en = render_event(taken.for_seat(0), "zh", "001"), render_event(taken.for_seat(2), "en", "001")
    assert zh == "2号 把自己的身份牌面朝下移出游戏，得到 1号 的身份牌"
    assert (
        en
        == "P2 puts his identity card out of the game face down and takes P1's (out: Bystander; taken: Military Intelligence)"
    )


def test_QC_ZHI_MING_XIANG_SHUI_2_R_43_the_exchange_the_deck_top_for_an_intelligence_not_the_dying_players() -> None:
    g = _dying_table()
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1", f"2: skill {ZM}.2")
    red, blue = card_of(g, "R:lock", 3, "intel"), card_of(g, "B:burn", 0, "intel")
    assert opts(g) == [f"choose @0 x{blue}", f"choose @3 x{red}"]  # not the dying seat 1's; compulsory
    top = g.deck[-1]
    s.do(f"2: choose @3 x{red}")
    assert g.deck[-1] == red and g.seats[3].intel == [top]  # the card face up on the deck, the top card in front
    moved = events(g, "intel_to_deck")[-1]
    assert (moved["from"], moved["card"], moved["by"]) == (3, red, 2)
    got = events(g, "obtain")[-1]
    assert (got["seat"], got["card"], got["how"], got["source"]) == (3, top, "skill", 2)


def test_QC_ZHI_MING_XIANG_SHUI_2_the_card_placed_can_kill_and_she_is_the_killer() -> None:
    g = _dying_table(
        intel={1: ["K:lock", "K:decode"], 3: ["K:lock", "K:decode", "R:lock"]}, deck=["K:transfer", "K:burn"]
    )
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1", f"2: skill {ZM}.2")
    s.do("2: choose @3 x{R:lock@3}")  # the deck's top is now K:burn: seat 3's third black card
    assert events(g, "dying")[-1] == {"kind": "dying", "seat": 3, "killer": 2}
    s.expect(2, "skill_choice", "QC-ZHI_MING_XIANG_SHUI-2")  # his death too: she may take his card as well
    s.do("2: pass")
    assert not g.seats[3].alive and next(e for e in events(g, "died") if e["seat"] == 3)["killer"] == 2


def test_QC_ZHI_MING_XIANG_SHUI_2_declined_the_dead_players_identity_is_revealed() -> None:
    g = _dying_table()
    Script(g).do("0: play c{K:gamble} gamble @1", "2: pass")
    assert events(g, "died")[-1]["identity"] == "military_intel" and g.seats[2].identity == "bystander"
    assert g.identity_out == [] and events(g, "identity_taken") == []


def test_QC_ZHI_MING_XIANG_SHUI_2_A_91_the_faction_of_the_card_taken_is_hers_the_dead_player_wins_nothing() -> None:
    # she takes seat 1's 军情处 card; she already holds three blue intelligence: she may declare at once
    g = _dying_table(intel={1: ["K:lock", "K:decode"], 2: ["B:lock", "B:decode", "B:transfer"], 0: ["B:burn"]})
    s = Script(g)
    assert not g.can_declare_now(2)  # a bystander without a mission
    s.do("0: play c{K:gamble} gamble @1", f"2: skill {ZM}.2", "2: choose @0 x{B:burn@0}")
    assert g.can_declare_now(2)
    s.do("2: declare")
    assert g.result is not None and g.result["winners"] == [2] and g.result["factions"] == ["military_intel"]
    assert 1 not in g.result["winners"]  # his card was hers: he belongs to no faction


def test_QC_ZHI_MING_XIANG_SHUI_2_the_taken_card_follows_who_knew_it_beginner_table_public() -> None:
    """新手場 deals every identity face up: the card she takes is public, and so is the one she puts out."""
    g = _dying_table(config=Config(edition="qianzhi", players=4, mode="beginner", auto_pass=True))
    for seat in g.seats:
        seat.identity_revealed = True
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1", f"2: skill {ZM}.2")
    assert next(e for e in g.events if e.kind == "identity_taken")["shown"]
    assert g.view(0)["seats"][2]["identity"] == "military_intel" and g.view(None)["identities_out"] == ["bystander"]


def test_QC_ZHI_MING_XIANG_SHUI_2_A_91_the_mission_mode_a_card_taken_brings_no_victory() -> None:
    g = build(
        6,
        ["ug", "mi", "by", "ug", "mi", "by"],
        config=Config(edition="qianzhi", players=6, mode="mission", characters=True, auto_pass=True),
        at="play",
        hands={0: ["K:gamble"]},
        intel={1: ["K:lock", "K:decode"], 2: ["B:lock", "B:decode", "B:transfer"]},
        deck=["K:transfer", "R:transfer"],
        characters={2: ZM},
        face_up={2: True},
    )
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1", f"2: skill {ZM}.2")
    assert g.seats[2].identity == "military_intel" and not g.can_declare_now(2)
    assert not [r for r in g.victory_rules if r.owner == 2]


def test_QC_ZHI_MING_XIANG_SHUI_2_determinize_the_dead_players_answers_now_tell_of_her() -> None:
    """Seat 0 probed seat 1 (the 军情处 試探 took effect, so seat 0 knows he was 军情处): once she holds his card, every
    world seat 0 imagines has her 军情处, him without a card, and her old card out of the game."""
    g = build(
        6,
        ["ug", "mi", "by", "ug", "mi", "by"],
        at="play",
        hands={0: ["K:gamble", "R:probe:mi:draw", "B:decode"]},
        intel={1: ["K:lock", "K:decode"], 3: ["R:lock"]},
        deck=["B:lock", "R:burn", "K:transfer", "B:burn"],  # the 試探's two draws, then 博弈's black card
        characters={2: ZM},
        face_up={2: True},
    )
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1", "0: pass")
    assert events(g, "probe_answer")[-1]["answer"] == "draw_1"
    s.do("0: play c{K:gamble} gamble @1", "0: pass", f"2: skill {ZM}.2")
    rng = random.Random(7)
    seen = set()
    for _ in range(40):
        d = g.determinize(0, rng)
        check(d)
        assert d.view(0) == g.view(0)
        assert d.seats[2].identity == "military_intel" and d.seats[1].identity == NO_IDENTITY
        dealt = {e["seat"]: e["identity"] for e in (x.full() for x in d.events) if e["kind"] == "identity"}
        assert dealt[1] == d.seats[2].identity and dealt[2] == d.identity_out[0]  # the log tells the new story
        taken = next(x.full() for x in d.events if x.kind == "identity_taken")
        assert (taken["identity"], taken["own"]) == (d.seats[2].identity, d.identity_out[0])
        seen.add((d.seats[3].identity, d.identity_out[0]))
    assert len(seen) > 2  # seat 0 does not know the card out of the game


def test_QC_ZHI_MING_XIANG_SHUI_random_games_with_her_keep_every_identity_card() -> None:
    taken = 0
    for seed in range(40):
        others = [c for c in QZ.characters() if c != f"qianzhi.{ZM}"]
        fixed = random.Random(seed).sample(others, 5)
        fixed.insert(seed % 6, f"qianzhi.{ZM}")
        g = Game.new(Config(edition="qianzhi", players=6, characters=True, fixed_characters=tuple(fixed)), seed)
        rng = random.Random(seed)
        while g.decision is not None:
            opts_ = g.decision.options
            pick = next((i for i, o in enumerate(opts_) if o.use == f"{ZM}.2"), rng.randrange(len(opts_)))
            g.step(pick)
            check(g)
        taken += bool(g.identity_out)
    assert taken > 0


# --- the bot ---------------------------------------------------------------------------------------------------------
def _bot_answer(g: Game, seat: int) -> str:
    from fengsheng.bots import HeuristicBot

    bot = HeuristicBot(seat, 0)
    bot.strict = True
    d = g.decision
    assert d is not None and d.seat == seat
    return str(bot.choose(d, g.view(seat), g.events_for(seat)))


def test_QC_ZHI_MING_XIANG_SHUI_2_the_bot_takes_a_card_as_a_bystander_not_her_own_factions() -> None:
    g = _dying_table()
    Script(g).do("0: play c{K:gamble} gamble @1")
    assert _bot_answer(g, 2) == f"skill {ZM}.2"  # a 打酱油的 without a mission: a faction's card is her way to win
    g = _dying_table(identities=["ug", "mi", "mi", "ug"])  # she is 军情处, as the dying seat 1 may well be
    Script(g).do("0: play c{K:gamble} gamble @1")
    assert _bot_answer(g, 2) == "pass"


def test_QC_ZHI_MING_XIANG_SHUI_2_the_belief_follows_the_card() -> None:
    """Seat 0 knows seat 1 is 军情处 (its 試探 took effect): after 臨危受命, seat 0's bot believes the same of her."""
    from tests.bots.test_heuristic_belief import see, watcher

    g = _dying_table(
        hands={0: ["K:gamble", "R:probe:mi:draw", "B:decode"]}, deck=["B:lock", "R:burn", "K:transfer", "B:burn"]
    )
    bot = watcher(g)
    start = len(g.events)
    s = Script(g)
    s.do("0: play c{R:probe:mi:draw} probe @1", "0: pass")
    assert see(bot, g, start)[1]["military_intel"] > 0.999
    start = len(g.events)
    s.do("0: play c{K:gamble} gamble @1", "0: pass", f"2: skill {ZM}.2")
    assert see(bot, g, start)[2]["military_intel"] > 0.999


def test_QC_ZHI_MING_XIANG_SHUI_2_the_terminal_notebook_follows_the_card() -> None:
    from fengsheng.play.notes import notebook

    g = _dying_table()
    Script(g).do("0: play c{K:gamble} gamble @1", f"2: skill {ZM}.2", "2: choose @3 x{R:lock@3}")
    by_seat = {n.seat: n for n in notebook(g.view(0), g.events_for(0), "en")}
    assert by_seat[2].certain is None and "took P1's identity card" in by_seat[2].facts
    assert by_seat[1].certain == NO_IDENTITY
    mine = {n.seat: n for n in notebook(g.view(1), g.events_for(1), "en")}
    assert mine[2].certain == "military_intel"  # the giver knows the card he held


def test_QC_ZHI_MING_XIANG_SHUI_2_R_43_rescued_after_his_card_was_taken_he_plays_on_without_one() -> None:
    """禮服蒙面人's 救美 (after her in seat order) saves the dying woman whose card she took: she plays on with none;
    standing alone she wins for no faction (fuzz found the case)."""
    g = _dying_table(
        identities=["ug", "mi", "by", "ug"],
        characters={1: "hei_mei_gui", 2: ZM, 3: "li_fu_meng_mian_ren"},
        face_up={1: True, 2: True, 3: True},  # 黑玫瑰 face up: a woman
    )
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1", f"2: skill {ZM}.2", "2: choose @0 x{B:burn@0}")
    assert g.decision is not None and g.decision.seat == 3
    s.do("3: " + next(o for o in opts(g) if o.startswith("skill")))
    while g.decision is not None and g.decision.seat == 3:
        s.do("3: " + opts(g)[0])
    assert events(g, "rescued")[-1]["seat"] == 1 and g.seats[1].alive and g.seats[1].identity == NO_IDENTITY
    check(g)
    from fengsheng.flow.settle import end_last_standing

    for seat in (0, 2, 3):
        g.seats[seat].alive = False
    end_last_standing(g)
    assert g.result is not None and g.result["winners"] == [1] and g.result["factions"] == []
