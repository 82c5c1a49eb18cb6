"""The report's charts: the game's colours for factions and identities, a value on every bar, Chinese labels in a
font that has their glyphs (the ``report`` extra ships Noto Sans CJK), and a clean English fallback without one."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from fengsheng.config import Config
from fengsheng.report import format_report, report
from fengsheng.sim.simulate import simulate

pytest.importorskip("matplotlib")

from matplotlib.colors import to_hex

from fengsheng.report import plots


@pytest.fixture(scope="module")
def rep(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    base = tmp_path_factory.mktemp("sim")
    simulate(Config(players=5, characters=True), 30, seed=21, out=base / "a", failures_dir=base / "f")
    return report(base / "a")


def bars(fig: object) -> list[object]:
    ax = fig.axes[0]  # type: ignore[attr-defined]
    return [p for p in ax.patches if p.get_height() > 0]


def test_faction_and_identity_bars_are_in_the_games_colours(rep: dict[str, object]) -> None:
    figs = dict(plots.figures(rep, "en"))
    for name, key in (("faction.png", "by_faction"), ("identity.png", "by_identity")):
        table = rep[key]
        assert isinstance(table, dict)
        colours = [to_hex(p.get_facecolor()) for p in figs[name].axes[0].patches]
        assert colours == [plots.FACTION_COLOURS[k] for k in table]
    assert plots.FACTION_COLOURS == {"underground": "#c62828", "military_intel": "#1f5fbf", "bystander": "#707070"}
    by_count = {to_hex(p.get_facecolor()) for p in figs["players.png"].axes[0].patches}
    assert by_count <= set(plots.FACTION_COLOURS.values())


def test_every_bar_is_labelled_with_its_value(rep: dict[str, object]) -> None:
    for name, fig in plots.figures(rep, "en"):
        ax = fig.axes[0]
        values = [t.get_text() for t in ax.texts]
        assert len(values) == len(ax.patches), name
        assert all(v.endswith("%") for v in values), name


def test_a_chinese_chart_uses_a_font_with_the_glyphs(rep: dict[str, object], tmp_path: Path) -> None:
    font = plots.cjk_font()
    if font is None:
        pytest.skip("no CJK font (the report extra's noto-cjk-sans-otc is not installed)")
    assert plots.has_glyphs(font, "潜伏战线军情局打酱油的阵营胜率角色座位结束原因")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        res = plots.write_plots(rep, tmp_path, "zh")
    assert res["labels"] == "zh" and res["font"] == font
    assert not [w for w in caught if "missing from" in str(w.message) or "Glyph" in str(w.message)]


def test_the_bundled_font_is_registered_when_installed() -> None:
    path = plots.bundled_font()
    if path is None:
        pytest.skip("noto-cjk-sans-otc is not installed")
    from matplotlib import font_manager

    assert "Noto Sans CJK SC" in {f.name for f in font_manager.fontManager.ttflist if f.fname == path}
    assert plots.cjk_font() == "Noto Sans CJK SC"


def test_without_a_cjk_font_the_labels_fall_back_to_english_with_one_warning(
    rep: dict[str, object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(plots, "cjk_font", lambda: None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        res = plots.write_plots(rep, tmp_path, "zh")
    assert res["labels"] == "en" and res["font"] is None and len(res["written"]) == 6
    assert not [w for w in caught if "Glyph" in str(w.message) or "missing from" in str(w.message)]
    text = format_report({**rep, "plots": res}, "zh")
    assert text.count("未找到中文字体") == 1


def test_a_font_without_the_glyphs_is_not_taken() -> None:
    assert not plots.has_glyphs("DejaVu Sans", "潜伏战线")
    assert plots.has_glyphs("DejaVu Sans", "win rate")
