"""The log and the end summary say things in a player's words: the identity mix of the setup, skills by their
character and name with their effect, a burn's card and target, why a use had no effect, how a player died or lost,
why an identity was turned face up, and nobody is "you" unless the log is a seat's own."""

from __future__ import annotations

import pytest

from fengsheng.bots import RandomBot
from fengsheng.cli import main
from fengsheng.config import Config
from fengsheng.core.cards import find_cards
from fengsheng.play.screen import fates, render_result, to_text
from fengsheng.sim.runner import play_game
from fengsheng.text import render_event, render_events


def test_setup_line_gives_the_identity_mix_in_words() -> None:
    e = {"kind": "setup", "players": 5, "distribution": [2, 2, 1]}
    assert render_event(e, "zh") == "5人局，身份：2 名潜伏战线、2 名军情局、1 名打酱油的"
    e = {"kind": "setup", "players": 4, "distribution": [1, 1, 2]}
    assert render_event(e, "en") == "4 players; identities: 1 Underground, 1 Military Intelligence, 2 Bystanders"


def test_identity_line_says_you_only_to_its_own_seat() -> None:
    e = {"kind": "identity", "seat": 2, "identity": "bystander"}
    assert render_event(e, "zh") == "2号 的身份：打酱油的"
    assert render_event(e, "zh", viewer=2) == "你（2号）的身份：打酱油的"
    assert render_event(e, "en", viewer=1) == "P2's identity: Bystander"


def test_skill_line_names_the_character_and_says_the_effect() -> None:
    unnamed = {"kind": "skill", "seat": 4, "skill": "C-E_MEI_FENG-1"}
    assert render_event(unnamed, "zh") == "4号 发动【峨嵋风】：翻开此角色牌：视为使用了截获"
    named = {"kind": "skill", "seat": 0, "skill": "C-LAO_GUI-1"}
    assert render_event(named, "zh") == "0号 发动【老鬼】「就计」：翻开此角色牌，然后抽二张牌"
    assert render_event(named, "en") == "P0 uses [Old Ghost] 'Ruse': flip this character, then draw 2 cards"
    fizzled = {"kind": "fizzle", "uid": 3, "user": 1, "use": "e_mei_feng.1", "why": "card_gone"}
    assert render_event(fizzled, "zh") == "#3 【峨嵋风】 无效果：情报已被拿走"


def test_burn_line_shows_the_card_used_and_the_target() -> None:
    used, target = find_cards("B:burn")[0], find_cards("K:intercept")[0]
    e = {"kind": "use", "seat": 0, "uid": 21, "use": "burn", "target": 4, "ref": target, "card": used}
    assert render_event(e, "zh") == "0号 使用 #21 烧毁 [蓝·烧毁·直达]：目标是 4号 面前的 [黑·截获·密电]"
    assert render_event(e, "en") == (
        "P0 uses #21 Burn [blue Burn (direct)] on [black Intercept (secret)] in front of P4"
    )


def test_an_identity_turned_face_up_says_why() -> None:
    events = [
        {"kind": "identity_revealed", "seat": 1, "identity": "military_intel"},
        {"kind": "skill", "seat": 1, "skill": "C-DA_MEI_NV-2", "target": 3},
    ]
    lines = render_events(events, "zh")
    assert lines[0] == "1号 翻开身份牌：军情局（发动【大美女】的代价）"
    assert (
        render_events(events, "en")[0]
        == "P1 turns his identity face up: Military Intelligence (the cost of [Great Beauty] 'Unmask')"
    )


def test_deaths_and_losses_say_how() -> None:
    died = {"kind": "died", "seat": 3, "identity": "underground", "character": None, "killer": 2, "order": 1}
    assert render_event(died, "zh") == "3号 死亡（面前有三张假情报，致命的一张来自 2号），身份：潜伏战线"
    lost = {"kind": "lost", "seat": 1, "identity": "bystander", "character": None, "why": "cannot_send"}
    assert render_event(lost, "en") == (
        "P1 loses the game (he could not send intelligence in his turn); identity: Bystander"
    )
    exposed = {"kind": "lost", "seat": 5, "identity": "bystander", "character": "xiao_bai", "why": "C-XIAO_BAI-3"}
    assert "【小白】「败露」" in (render_event(exposed, "zh") or "")
    assert fates([died, lost], "zh", me=3) == [
        "3号（你） 第1个死亡：面前有三张假情报，致命的一张来自 2号",
        "1号 输掉游戏：他的回合里无法传出情报",
    ]


def test_end_summary_says_how_each_dead_player_died() -> None:
    for seed in range(40):
        g = play_game(Config(players=7, characters=True), seed, lambda s, bs: RandomBot(s, bs))
        dead = [s.index for s in g.seats if not s.alive]
        if dead:
            break
    else:
        pytest.fail("no death in 40 games")
    text = to_text(render_result(g.view(0), [s.character for s in g.seats], "zh", g.events_for(0)), 120)
    for s in dead:
        assert f"{s}号" in text and "个死亡：面前有三张假情报" in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_demo_calls_nobody_you_unless_shown_as_a_seat(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    assert main(["demo", "--seed", "4", "--lang", lang]) == 0
    everything = capsys.readouterr().out
    assert "你（" not in everything and "Your identity" not in everything and "[2, 2, 1]" not in everything
    assert main(["demo", "--seed", "4", "--lang", lang, "--seat", "2"]) == 0
    mine = capsys.readouterr().out
    assert ("你（2号）的身份" if lang == "zh" else "Your identity (P2)") in mine
