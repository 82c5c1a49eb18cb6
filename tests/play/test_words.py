"""Options and decisions in plain words: every option shape random games produce is described in zh and en, with
no raw notation left, and the screen renders every kind of position without error."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.core.options import Option
from fengsheng.game import Game
from fengsheng.play.screen import render_question, render_screen, to_text
from fengsheng.play.words import (
    describe_decision,
    describe_option,
    describe_options,
    help_topic,
    number_options,
)
from tests.helpers import STANDARD_DECK

RAW = re.compile(r"(?<![A-Za-z])c\d+|[@^]\d|\bx\d+|_")  # card ids, seat/uid refs, option words like lure_away


def card(spec: tuple[str, str, str]) -> int:
    return next(c.id for c in STANDARD_DECK if (c.type, c.colour, c.method) == spec)


def test_describe_option_examples() -> None:
    lock = card(("lock", "red", "direct"))
    icp = card(("intercept", "red", "secret"))
    st = card(("see_through", "blue", "direct"))
    view: dict[str, Any] = {"seat": 0, "current": 0}
    view["stack"] = [{"uid": 7, "user": 2, "use": "lock", "target": 3, "ref": -1, "card": lock}]
    view["seats"] = [{"seat": s, "alive": True, "lost": False} for s in range(5)]
    assert describe_option(f"play c{lock} lock @3", "zh", view) == "用 [红·锁定·直达] 锁定 3号"
    assert describe_option(f"play c{lock} lock @3", "en", view) == "Lock P3 with [red Lock (direct)]"
    assert describe_option(f"play c{lock} lock @0", "zh", view) == "用 [红·锁定·直达] 锁定 0号（你）"
    assert describe_option(f"send c{icp}", "zh", view) == "以密电传出 [红·截获·密电]（逆时针，先到 1号）"
    assert describe_option(f"send c{icp} cw", "en", view) == (
        "Send [red Intercept (secret)] as secret (clockwise, first to P4)"
    )
    assert describe_option(f"send c{st} @2", "zh", view) == "以直达传出 [蓝·识破·直达] → 2号"
    assert describe_option(f"play c{st} see_through ^7", "zh", view) == (
        "用 [蓝·识破·直达] 识破 #7（2号 锁定 → 3号 [红·锁定·直达]）"
    )
    assert describe_option("pick #2", "zh") == "选第 3 张面朝下的牌"
    assert describe_option("choose lao_gui", "en") == "Choose [Old Ghost]"
    assert describe_option("skill lao_gui.1", "zh") == "发动 「就计」"
    assert describe_option("pass", "zh", {**view, "stack": []}, "priority", "play") == "不再出牌（进入传递情报阶段）"
    assert describe_option("pass", "zh", view, "priority", "play") == "不出牌（放弃）"
    assert describe_option("pass", "zh", view, "skill_choice", "C-LAO_GUI-1", skill_offer=True) == "不发动"
    assert describe_option("pass", "en", view, "declare") == "Not now"


def test_pass_is_always_number_0() -> None:
    opts = [Option("play", card=0, use="lock", target=1), Option("pass"), Option("play", card=0, use="lock", target=2)]
    assert [n for n, _ in number_options(opts)] == [0, 1, 2]
    assert number_options(opts)[0][1] == Option("pass")


def test_identical_cards_are_one_choice() -> None:
    same = [c.id for c in STANDARD_DECK if (c.type, c.colour, c.method) == ("intercept", "black", "secret")]
    assert len(same) >= 2
    opts = [Option("pass"), *(Option("play", card=c, use="intercept") for c in same)]
    assert len(describe_options(opts, "zh")) == 2
    assert len(describe_options(opts, "zh", merge_same=False)) == len(same) + 1


@pytest.mark.parametrize("seed", range(6))
def test_every_option_of_random_games_in_plain_words(seed: int) -> None:
    g = Game.new(Config(players=5 + seed % 4, characters=True, character_pool="all"), 500 + seed)
    rng = random.Random(seed)
    n = 0
    while g.decision is not None:
        d = g.decision
        view = g.view(d.seat)
        for lang in ("zh", "en"):
            choices = describe_options(d.options, lang, view, d.kind, d.context)
            assert choices
            for _, words, o in choices:
                assert words and not RAW.search(words), (str(o), words)
            assert describe_decision(view, lang)
            if n % 25 == 0:
                text = to_text(render_screen(view, lang, ["x"]), 80) + to_text(render_question(view, choices, lang), 80)
                assert "Traceback" not in text
        g.act(rng.choice(d.options))
        n += 1
    assert g.result is not None


def test_help_topics() -> None:
    assert help_topic("锁定", "zh", None, None).startswith("锁定：")  # type: ignore[union-attr]
    assert help_topic("lock", "en", None, None).startswith("Lock: ")  # type: ignore[union-attr]
    assert "【老鬼】" in help_topic("Old Ghost", "zh", None, None)  # type: ignore[operator]
    assert "就计" in help_topic("就计", "zh", None, None)  # type: ignore[operator]
    assert help_topic("直达", "zh", None, None).startswith("直达")  # type: ignore[union-attr]
    assert "潜伏战线" in help_topic("rules", "zh", None, None)  # type: ignore[operator]
    assert help_topic("c0", "en", None, None).startswith("Lock")  # type: ignore[union-attr]
    assert help_topic("nothing", "zh", None, None) is None
    numbered = number_options([Option("pass"), Option("play", card=0, use="lock", target=1)])
    assert "锁定" in help_topic("1", "zh", None, numbered)  # type: ignore[operator]
