"""``--edition qianzhi`` on the commands, and the log lines of the edition's cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fengsheng.cli import main
from fengsheng.text import card_name, render_event
from tests.qianzhi.common import DECK


def test_simulate_report_replay_demo_take_the_edition(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sim"
    args = ["simulate", "--edition", "qianzhi", "--no-characters", "--players", "6", "--games", "12"]
    assert main([*args, "--workers", "1", "--seed", "4", "--out", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["errors"] == 0 and summary["games"] == 12
    first = json.loads((out / "games.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert first["record"]["config"]["edition"] == "qianzhi"
    assert main(["report", str(out), "--edition", "qianzhi", "--no-plots", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 12
    assert main(["report", str(out), "--edition", "standard", "--no-plots", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 0
    games = str(out / "games.jsonl")
    assert main(["replay", games, "--game", "3", "--edition", "qianzhi"]) == 0
    assert main(["replay", games, "--game", "3", "--edition", "standard"]) == 2
    capsys.readouterr()
    assert main(["demo", "--edition", "qianzhi", "--no-characters", "--players", "4", "--seed", "2"]) == 0
    log = capsys.readouterr().out
    assert "第1回合" in log and "传出情报" in log


def test_characters_are_on_by_default_with_the_edition(capsys: pytest.CaptureFixture[str]) -> None:
    """Q-SETUP-1: ``demo --edition qianzhi`` deals the edition's characters (the CLI's default, as for standard)."""
    assert main(["demo", "--edition", "qianzhi", "--players", "4", "--seed", "3"]) == 0
    log = capsys.readouterr().out
    from fengsheng.editions import get_edition

    names = [ch.name("zh") for ch in get_edition("qianzhi").characters().values()]
    assert any(n in log for n in names), log[:400]


def test_log_lines_name_the_editions_cards() -> None:
    swap = next(c.id for c in DECK if c.type == "swap")
    assert "调包" not in card_name(swap)  # outside an edition's texts: the standard table
    line = render_event({"kind": "obtain", "seat": 1, "card": swap, "how": "gamble", "source": 0}, "zh", "001")
    assert line == f"1号 博弈获得情报 {card_name_in_qianzhi(swap)}" and "调包" in line
    last = max(c.id for c in DECK)
    assert last >= 81 and render_event({"kind": "discarded", "seat": 0, "card": last}, "en", "001") is not None


def card_name_in_qianzhi(card: int) -> str:
    from fengsheng.text import edition_texts

    with edition_texts("001"):
        return card_name(card)


def test_a_bot_that_does_not_know_the_edition_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from fengsheng.bots import BOTS

    assert BOTS["heuristic"].editions == ("standard",) and BOTS["random"].editions is None
    assert main(["simulate", "--edition", "qianzhi", "--no-characters", "--bots", "heuristic", "--games", "2"]) == 2
    assert "does not know the qianzhi edition" in capsys.readouterr().err


def test_Q_CHAR_skill_lines_name_the_character_and_the_skill() -> None:
    from fengsheng.text import skill_effect, skill_name

    assert skill_name("QC-LAO_GUI-1", "zh", "001") == "【老鬼】「就計」"
    assert skill_name("lao_gui.1", "zh", "001") == "【老鬼】「就計」"  # the option word, in the 千智 texts
    assert skill_name("lao_gui.1", "zh", "000") == "【老鬼】「就计」"  # the standard one
    assert (
        skill_effect("QC-DAO_FENG-2", "zh", "001") == "抽三牌"
    )  # the trigger clause 「當另一位玩家死亡時，你可以」 is cut


def test_simulate_summary_says_the_editions_faction_words(capsys: pytest.CaptureFixture[str]) -> None:
    """The 001 texts name the blue faction 軍情處 (军情处), not the standard 军情局: the simulate summary says so, as
    the log does; the standard summary keeps 军情局."""
    base = ["simulate", "--no-characters", "--players", "5", "--games", "2", "--workers", "1", "--seed", "1"]
    assert main([*base, "--edition", "qianzhi", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "军情处" in out and "军情局" not in out
    assert main([*base, "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "军情局" in out and "军情处" not in out
