"""The terminal's seat table tells an unknown identity (？) from a seat known to hold no identity card (R-43: 致命香水's
臨危受命 took it; the view says ``""``)."""

from __future__ import annotations

import io

from rich.console import Console

from fengsheng.core.cards import NO_IDENTITY
from fengsheng.play.screen import render_seats
from fengsheng.testing import Script
from tests.qianzhi.characters.test_zhi_ming_xiang_shui import ZM, _dying_table


def text(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(renderable)
    return out.getvalue()


def test_R_43_a_seat_without_an_identity_card_is_shown_so() -> None:
    g = _dying_table()
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1")
    s.do(f"2: skill {ZM}.2")
    v = g.view(0)
    assert v["seats"][1]["identity"] == NO_IDENTITY and v["seats"][2]["identity"] is None
    lines = [line.strip("│ ") for line in text(render_seats(v, "zh")).splitlines()]
    rows = {line.split()[0]: line for line in lines if "号" in line}
    assert "无身份牌" in rows["1号"] and "？" not in rows["1号"]
    assert "？" in rows["2号"]
    en = text(render_seats(v, "en"))
    assert "no identity card" in en
