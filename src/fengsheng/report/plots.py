"""PNG bar charts of the report's win rates, with their confidence intervals as error bars.

Needs matplotlib (the optional extra ``report``: ``pip install -e '.[report]'``); it is drawn with the Agg canvas
directly, so no GUI backend is touched. :func:`available` tells whether it is installed.

The bars of a faction or an identity are in the game's colours (潜伏战线 red, 军情局 blue, 打酱油的 grey), and every
bar carries its value. Chinese labels need a font with Chinese glyphs: the ``report`` extra installs one (Noto Sans
CJK, OFL, the ``noto-cjk-sans-otc`` package), registered here with matplotlib; an installed system font serves too.
Without any, the labels are in English and the report says so once (:func:`cjk_font`).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from fengsheng.report.render import T, character_name, end_label, identity_name, seat_label

CJK_FONTS = (
    "Noto Sans CJK SC",
    "Noto Sans CJK JP",
    "Noto Serif CJK SC",
    "Source Han Sans SC",
    "Source Han Sans CN",
    "WenQuanYi Zen Hei",
    "WenQuanYi Micro Hei",
    "SimHei",
    "Microsoft YaHei",
    "PingFang SC",
    "Heiti SC",
    "AR PL UMing CN",
    "Droid Sans Fallback",
)

FACTION_COLOURS = {"underground": "#c62828", "military_intel": "#1f5fbf", "bystander": "#707070"}
"""The game's colours: 潜伏战线 red, 军情局 blue, 打酱油的 grey."""

NEUTRAL = "#4a4a4a"  # bars that are not a faction's (characters, how games end)
GROUPS = ("#5e548e", "#2a9d8f", "#e9c46a", "#8d99ae", "#6d597a", "#52796f", "#b08968")
"""Colours of the player-count groups in the seat chart (none of them a faction's red, blue or grey)."""

TITLES = {
    "zh": {
        "faction": "阵营胜率",
        "identity": "身份胜率（按玩家）",
        "character": "角色胜率（按玩家）",
        "seat": "座位胜率（按玩家）",
        "players": "按人数的阵营胜率",
        "end_causes": "结束原因",
        "rate": "胜率",
        "share": "占比",
        "seat_axis": "座位",
        "players_axis": "人数",
    },
    "en": {
        "faction": "Win rate by faction",
        "identity": "Win rate by identity (per player)",
        "character": "Win rate by character (per player)",
        "seat": "Win rate by seat (per player)",
        "players": "Faction win rate by player count",
        "end_causes": "How games end",
        "rate": "win rate",
        "share": "share of games",
        "seat_axis": "seat",
        "players_axis": "players",
    },
}


def available() -> bool:
    """Whether matplotlib is installed."""
    return importlib.util.find_spec("matplotlib") is not None


def bundled_font() -> str | None:
    """The path of the CJK font the ``report`` extra installs (``noto-cjk-sans-otc``), registered with matplotlib;
    ``None`` when that package is not installed."""
    try:
        import noto_cjk_sans_otc
    except ImportError:
        return None
    from matplotlib import font_manager

    path = str(noto_cjk_sans_otc.FONT_PATH)
    if not any(f.fname == path for f in font_manager.fontManager.ttflist):
        font_manager.fontManager.addfont(path)
    return path


def has_glyphs(family: str, text: str) -> bool:
    """Whether the font matplotlib picks for ``family`` (and no fallback) has a glyph for every character of
    ``text`` (spaces and ASCII aside)."""
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    try:
        path = font_manager.findfont(font_manager.FontProperties(family=family), fallback_to_default=False)
    except ValueError:
        return False
    font = FT2Font(path)
    return all(font.get_char_index(ord(ch)) for ch in set(text) if ord(ch) > 127)


def cjk_font() -> str | None:
    """The family name of an installed font with the Chinese glyphs the charts use (the bundled one first), if any."""
    from matplotlib import font_manager

    bundled_font()
    names = {f.name for f in font_manager.fontManager.ttflist}
    sample = "".join(TITLES["zh"].values()) + "".join(identity_name(i, "zh") for i in FACTION_COLOURS)
    for name in CJK_FONTS:
        if name in names and has_glyphs(name, sample):
            return name
    return None


def _errors(rates: list[dict[str, Any]]) -> list[list[float]]:
    return [[r["rate"] - r["ci_low"] for r in rates], [r["ci_high"] - r["rate"] for r in rates]]


def _label(ax: Any, xs: list[float], rates: list[dict[str, Any]], size: int = 8) -> None:
    """Every bar's value above its error bar."""
    for xi, r in zip(xs, rates, strict=True):
        ax.annotate(
            f"{r['rate']:.0%}",
            (xi, r["ci_high"]),
            ha="center",
            va="bottom",
            fontsize=size,
            xytext=(0, 2),
            textcoords="offset points",
        )


def _bars(
    fig: Any,
    labels: list[str],
    rates: list[dict[str, Any]],
    title: str,
    ylabel: str,
    rotate: bool,
    colours: list[str] | None = None,
) -> None:
    ax = fig.add_subplot(1, 1, 1)
    x = list(range(len(labels)))
    ax.bar(x, [r["rate"] for r in rates], yerr=_errors(rates), capsize=4, color=colours or NEUTRAL)
    ax.set_xticks(x)
    ax.set_xticklabels(labels, rotation=45 if rotate else 0, ha="right" if rotate else "center")
    ax.set_ylim(0, 1.1)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    _label(ax, [float(v) for v in x], rates)


def figures(report: dict[str, Any], lang: str) -> list[tuple[str, Any]]:
    """The charts of ``report`` as ``(file name, matplotlib Figure)``, labelled in ``lang``."""
    from matplotlib.figure import Figure

    tt = TITLES[lang]
    out: list[tuple[str, Any]] = []
    if not report["games"]:
        return out
    for key in ("faction", "identity"):
        table = report[f"by_{key}"]
        fig = Figure(figsize=(6, 4))
        colours = [FACTION_COLOURS.get(k, NEUTRAL) for k in table]
        labels = [identity_name(k, lang) for k in table]
        _bars(fig, labels, list(table.values()), tt[key], tt["rate"], rotate=False, colours=colours)
        out.append((f"{key}.png", fig))

    chars = sorted(report["by_character"].items(), key=lambda kv: -kv[1]["rate"])
    if chars:
        fig = Figure(figsize=(max(6.0, 0.45 * len(chars) + 2), 4.5))
        labels = [character_name(c, lang) for c, _ in chars]
        _bars(fig, labels, [r for _, r in chars], tt["character"], tt["rate"], rotate=True)
        out.append(("character.png", fig))

    mode = report["seat_mode"]
    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot(1, 1, 1)
    tables = report["by_seat"]
    width = 0.8 / max(1, len(tables))
    for i, (p, table) in enumerate(tables.items()):
        rates = list(table.values())
        x = [j + (i - (len(tables) - 1) / 2) * width for j in range(len(rates))]
        ax.bar(
            x,
            [r["rate"] for r in rates],
            width=width,
            yerr=_errors(rates),
            capsize=3,
            color=GROUPS[i % len(GROUPS)],
            label=T[lang]["players_n"].format(p=p),
        )
        _label(ax, x, rates, size=6 if len(tables) > 2 else 8)
    most = max(len(t) for t in tables.values())
    longest = max(tables.values(), key=len)
    ax.set_xticks(list(range(most)))
    ax.set_xticklabels([seat_label(k, mode, lang) for k in longest])
    ax.set_ylim(0, 1.1)
    ax.set_xlabel(tt["seat_axis"])
    ax.set_ylabel(tt["rate"])
    ax.set_title(tt["seat"])
    ax.grid(axis="y", alpha=0.3)
    if len(tables) > 1:
        ax.legend(fontsize=8)
    out.append(("seat.png", fig))

    players = report["by_players"]
    factions = list(report["by_faction"])
    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot(1, 1, 1)
    width = 0.8 / max(1, len(factions))
    ps = list(players)
    for i, f in enumerate(factions):
        xs: list[float] = []
        rates = []
        for j, p in enumerate(ps):
            r = players[p]["by_faction"].get(f)
            if r is not None:
                xs.append(j + (i - (len(factions) - 1) / 2) * width)
                rates.append(r)
        if rates:
            ax.bar(
                xs,
                [r["rate"] for r in rates],
                width=width,
                yerr=_errors(rates),
                capsize=3,
                color=FACTION_COLOURS.get(f, NEUTRAL),
                label=identity_name(f, lang),
            )
            _label(ax, xs, rates)
    ax.set_xticks(list(range(len(ps))))
    ax.set_xticklabels(ps)
    ax.set_ylim(0, 1.1)
    ax.set_xlabel(tt["players_axis"])
    ax.set_ylabel(tt["rate"])
    ax.set_title(tt["players"])
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    out.append(("players.png", fig))

    ends = report["end_causes"]
    fig = Figure(figsize=(6.5, 4))
    labels = [end_label(c, lang, short=True) for c in ends]
    _bars(fig, labels, list(ends.values()), tt["end_causes"], tt["share"], rotate=False)
    out.append(("end_causes.png", fig))
    return out


def write_plots(report: dict[str, Any], out_dir: str | Path, lang: str = "zh") -> dict[str, Any]:
    """Write the PNG files into ``out_dir``; returns ``{"dir", "written", "skipped", "labels", "font"}``.

    ``skipped`` is ``"no_matplotlib"`` (and nothing is written) when matplotlib is not installed; ``labels`` the
    language the charts are labelled in (English when Chinese was asked for and no CJK font exists), ``font`` the
    CJK font used (or ``None``).
    """
    out = Path(out_dir)
    if not available():
        return {"dir": str(out), "written": [], "skipped": "no_matplotlib", "labels": None, "font": None}
    import matplotlib

    font = cjk_font() if lang == "zh" else None
    lang = "zh" if lang == "zh" and font is not None else "en"
    rc_font: Any = {"font.family": [font, "DejaVu Sans"]} if font else {}
    out.mkdir(parents=True, exist_ok=True)
    written: list[str] = []
    with matplotlib.rc_context(rc_font):
        for name, fig in figures(report, lang):
            path = out / name
            fig.tight_layout()
            fig.savefig(path, dpi=110)
            written.append(str(path))
    return {"dir": str(out), "written": written, "skipped": None, "labels": lang, "font": font}
