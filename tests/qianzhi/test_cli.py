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

    assert BOTS["search"].editions == ("standard",) and BOTS["random"].editions is None
    assert main(["simulate", "--edition", "qianzhi", "--no-characters", "--bots", "search", "--games", "2"]) == 2
    assert "does not know the qianzhi edition" in capsys.readouterr().err


def test_the_heuristic_bot_plays_the_edition(capsys: pytest.CaptureFixture[str]) -> None:
    from fengsheng.bots import BOTS

    assert "qianzhi" in (BOTS["heuristic"].editions or ())
    assert main(["simulate", "--edition", "qianzhi", "--bots", "heuristic", "--games", "2"]) == 0
    assert "does not know" not in capsys.readouterr().err


def test_Q_CHAR_skill_lines_name_the_character_and_the_skill() -> None:
    from fengsheng.text import skill_effect, skill_name

    assert skill_name("QC-LAO_GUI-1", "zh", "001") == "【老鬼】「就計」"
    assert skill_name("lao_gui.1", "zh", "001") == "【老鬼】「就計」"  # the option word, in the 千智 texts
    assert skill_name("lao_gui.1", "zh", "000") == "【老鬼】「就计」"  # the standard one
    assert (
        skill_effect("QC-DAO_FENG-2", "zh", "001") == "抽三牌"
    )  # the trigger clause 「當另一位玩家死亡時，你可以」 is cut


QIANZHI_TYPES = sorted({c.type for c in DECK})


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_Q_CARD_TABLE_terminal_help_covers_every_card_and_character_of_the_edition(lang: str) -> None:
    """``help NAME`` in a 千智 game: each of the 13 card types, by its simplified, printed (traditional) or English
    name, gives 001's own text; each of the edition's characters its 001 card; ``help rules`` the edition's rules."""
    from fengsheng.editions.qianzhi.characters import load_characters
    from fengsheng.play.words import RULES_TEXT, help_topic
    from fengsheng.text import card_names, card_text, edition_texts, text_data

    printed = text_data("001")["cards"]
    assert sorted(printed) == QIANZHI_TYPES and len(QIANZHI_TYPES) == 13
    with edition_texts("001"):
        for t in QIANZHI_TYPES:
            assert card_text(t, lang) == printed[t][lang]
            for alias in card_names(t):
                assert help_topic(alias, lang) == help_topic(t, lang)
            text = help_topic(printed[t]["name"], lang)
            assert text is not None and text.endswith(printed[t][lang])
        assert "出牌階段" in card_text("lock", "zh")  # Q-CARD-LOCK: 001's lock is for one's own play phase
        for cid, ch in load_characters("001").items():
            text = help_topic(ch.name("zh"), lang)
            assert text is not None and ch.name(lang) in text, cid
        rules = help_topic("rules", lang)
        assert rules is not None and rules != RULES_TEXT[lang] and ("千智" in rules)
    # outside the edition's texts: the standard rulebook, which has no 轉移
    assert help_topic("转移", lang) is None and help_topic("rules", lang) == RULES_TEXT[lang]
    assert "出牌阶段" not in (help_topic("锁定", lang) or "")


def test_Q_CARD_TABLE_the_pending_stack_names_the_editions_cards() -> None:
    """A 轉移 on the stack is named as a card (it was shown as its bare id ``transfer``)."""
    from fengsheng.play.words import describe_use, use_name
    from fengsheng.text import edition_texts

    with edition_texts("001"):
        card = next(c for c in DECK if c.type == "transfer")
        assert use_name("transfer", "zh") == "转移" and use_name("transfer", "en") == "Transfer"
        line = describe_use({"uid": 3, "user": 1, "use": "transfer", "target": 2, "card": card.id}, "zh", me=0)
        assert "转移" in line and "transfer" not in line


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
