"""The terminal UI and the command line with the 004 character texts (A-45): the view names the game's text set
(``character_texts``), and help, the screen, the questions and the event log show that set's texts; ``--texts`` on
``fengsheng play``, ``simulate`` and ``demo``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fengsheng.cli import build_parser, main
from fengsheng.commands.common import config_from
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.play.screen import render_screen, to_text
from fengsheng.play.words import describe_decision, help_topic
from fengsheng.scenario import Scenario
from fengsheng.testing import Script
from fengsheng.text import render_event
from tests.play.helpers import scripted_session

BLADE_004 = (
    "你的锁定不能被识破",
    "你的试探可以当作锁定使用",
    "当一位玩家死亡时，可抽取2张卡牌。之后，将1张手牌给其左手边玩家",
)
BLADE_000 = "你的试探和退回可以当作锁定使用。"


def blade_game(texts: str = "004", identity: str = "ug") -> Game:
    """Seat 0 plays 刀锋 in a five-player game with the character texts ``texts``."""
    return Scenario(
        players=5,
        identities=[identity, "mi", "ug", "mi", "by" if identity != "by" else "ug"],
        current=0,
        at="play",
        hands={0: ["R:lock", "B:decode"], 1: ["R:burn"]},
        characters={0: "dao_feng", 1: "guai_dao_a_shi"},
        config=Config(players=5, characters=True, character_texts=texts),
    ).build()


def test_help_on_a_004_character_in_a_004_game_shows_the_004_text(tmp_path: Path) -> None:
    g = blade_game()
    answers = ["help 刀锋", "help 怪盗九九", "?", "quit"]
    session, out = scripted_session(g, answers, record=tmp_path / "r.json")
    session.run()
    shown = out.getvalue()
    # help's card (character_help): "【name】 kind", then "  技能N：text" lines and the mission line
    assert "【刀锋】 公开角色" in shown
    assert all(f"  技能{i}：{t}" in shown for i, t in enumerate(BLADE_004, 1)) and BLADE_000 not in shown
    assert "机密任务（打酱油的）：潜伏战线皆被消灭" in shown
    assert "【怪盗九九】 公开角色" in shown and "机密任务（打酱油的）：获得9张以上的手牌" in shown


def test_help_in_a_000_game_still_shows_the_000_text() -> None:
    g = blade_game("000")
    view = g.view(0)
    assert view["character_texts"] == "000"
    text = help_topic("刀锋", "zh", view)
    assert text is not None and BLADE_000 in text and BLADE_004[0] not in text
    assert help_topic("怪盗九九", "zh", view) is None and help_topic("怪盗阿十", "zh", view) is not None
    g4 = blade_game()
    text4 = help_topic("1号", "zh", g4.view(0))  # a seat: its face-up character's card
    assert text4 is not None and "【怪盗九九】" in text4 and "获得9张以上的手牌" in text4
    en = help_topic("Blade", "en", g4.view(0))
    assert en is not None and "Your Locks cannot be seen through." in en


def test_the_screen_shows_the_games_texts_skills_and_mission() -> None:
    for texts, skill, mission in (
        ("004", BLADE_004[2], "潜伏战线皆被消灭"),
        ("000", "你可以抽四张牌", "一位潜伏战线玩家和一位军情处玩家死亡"),
    ):
        g = blade_game(texts, identity="by")
        screen = to_text(render_screen(g.view(0), "zh"), width=200)
        assert skill in screen and mission in screen, texts
        assert ("怪盗九九" in screen) == (texts == "004")


def test_questions_and_the_log_use_the_games_texts() -> None:
    g = Scenario(
        players=5,
        current=0,
        at="step3",
        identities=["ug", "mi", "by", "ug", "mi"],
        transit={"card": "K:decode", "holder": 1},
        intel={1: ["K:lock", "K:burn"]},
        characters={3: "dao_feng"},
        config=Config(players=5, auto_pass=True, characters=True, character_texts="004"),
    ).build()
    Script(g).do("1: accept")
    view = g.view(3)
    assert view["decision"]["context"] == "C-DAO_FENG-3"
    assert BLADE_004[2] in describe_decision(view, "zh")  # a skill only the 004 text set has
    Script(g).do("3: skill dao_feng.3")
    skill = next(e for e in g.events_for(3) if e["kind"] == "skill")
    assert render_event(skill, "zh", "004") == "3号 发动【刀锋】：抽取2张卡牌。之后，将1张手牌给其左手边玩家"
    char = {"kind": "character", "seat": 1, "character": "standard.guai_dao_a_shi", "face_up": True}
    assert "怪盗九九" in (render_event(char, "zh", "004") or "") and "怪盗阿十" in (render_event(char, "zh") or "")


def test_texts_switch_on_play_simulate_and_demo() -> None:
    parser = build_parser()
    for command in ("play", "simulate", "demo"):
        assert config_from(parser.parse_args([command])).character_texts == "000"
        args = parser.parse_args([command, "--texts", "004", "--players", "4"])
        assert args.texts == "004" and config_from(args).character_texts == "004"
        with pytest.raises(SystemExit):
            parser.parse_args([command, "--texts", "005"])


def test_simulate_and_demo_with_the_004_texts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc = main(["simulate", "--texts", "004", "--players", "4", "--games", "8", "--workers", "1", "--json"])
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert rc == 0 and summary["errors"] == 0 and summary["games"] == 8
    assert main(["demo", "--texts", "004", "--players", "3", "--seed", "4"]) == 0
    assert "—— 第1回合" in capsys.readouterr().out


def test_uniform_prompts_switch_on_play_and_simulate() -> None:
    """--uniform-prompts sets Config.uniform_prompts (issue 9); off by default."""
    parser = build_parser()
    for command in ("play", "simulate"):
        assert not config_from(parser.parse_args([command])).uniform_prompts
        assert config_from(parser.parse_args([command, "--uniform-prompts"])).uniform_prompts
