"""PNG bar charts of the report's win rates, with their confidence intervals as error bars.

Needs matplotlib (the optional extra ``report``: ``pip install -e '.[report]'``); it is drawn with the Agg canvas
directly, so no GUI backend is touched. :func:`available` tells whether it is installed. Labels are in the report's
language when a CJK font is installed (else in English).
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


def cjk_font() -> str | None:
    """The family name of an installed font with Chinese glyphs, if any."""
    from matplotlib import font_manager

    names = {f.name for f in font_manager.fontManager.ttflist}
    for name in CJK_FONTS:
        if name in names:
            return name
    return None


def _errors(rates: list[dict[str, Any]]) -> list[list[float]]:
    return [[r["rate"] - r["ci_low"] for r in rates], [r["ci_high"] - r["rate"] for r in rates]]


def _bars(fig: Any, labels: list[str], rates: list[dict[str, Any]], title: str, ylabel: str, rotate: bool) -> None:
    ax = fig.add_subplot(1, 1, 1)
    x = list(range(len(labels)))
    ax.bar(x, [r["rate"] for r in rates], yerr=_errors(rates), capsize=4, color="#4c72b0")
    ax.set_xticks(x)
    ax.set_xticklabels(labels, rotation=45 if rotate else 0, ha="right" if rotate else "center")
    ax.set_ylim(0, 1)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    for xi, r in zip(x, rates, strict=True):
        ax.annotate(
            f"{r['rate']:.0%}",
            (xi, r["ci_high"]),
            ha="center",
            va="bottom",
            fontsize=8,
            xytext=(0, 2),
            textcoords="offset points",
        )


def write_plots(report: dict[str, Any], out_dir: str | Path, lang: str = "zh") -> dict[str, Any]:
    """Write the PNG files into ``out_dir``; returns ``{"dir", "written", "skipped", "labels"}``.

    ``skipped`` is ``"no_matplotlib"`` (and nothing is written) when matplotlib is not installed.
    """
    out = Path(out_dir)
    if not available():
        return {"dir": str(out), "written": [], "skipped": "no_matplotlib", "labels": None}
    from matplotlib.figure import Figure

    font = cjk_font() if lang == "zh" else None
    lang = "zh" if lang == "zh" and font is not None else "en"
    rc_font: Any = {"font.family": [font, "DejaVu Sans"]} if font else {}
    tt = TITLES[lang]
    out.mkdir(parents=True, exist_ok=True)
    written: list[str] = []

    import matplotlib

    def save(fig: Any, name: str) -> None:
        path = out / name
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        written.append(str(path))

    with matplotlib.rc_context(rc_font):
        if not report["games"]:
            return {"dir": str(out), "written": [], "skipped": None, "labels": lang}
        for key, names in (("faction", identity_name), ("identity", identity_name)):
            table = report[f"by_{key}"]
            fig = Figure(figsize=(6, 4))
            _bars(fig, [names(k, lang) for k in table], list(table.values()), tt[key], tt["rate"], rotate=False)
            save(fig, f"{key}.png")

        chars = sorted(report["by_character"].items(), key=lambda kv: -kv[1]["rate"])
        if chars:
            fig = Figure(figsize=(max(6.0, 0.45 * len(chars) + 2), 4.5))
            _bars(
                fig,
                [character_name(c, lang) for c, _ in chars],
                [r for _, r in chars],
                tt["character"],
                tt["rate"],
                rotate=True,
            )
            save(fig, "character.png")

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
                label=T[lang]["players_n"].format(p=p),
            )
        most = max(len(t) for t in tables.values())
        longest = max(tables.values(), key=len)
        ax.set_xticks(list(range(most)))
        ax.set_xticklabels([seat_label(k, mode, lang) for k in longest])
        ax.set_ylim(0, 1)
        ax.set_xlabel(tt["seat_axis"])
        ax.set_ylabel(tt["rate"])
        ax.set_title(tt["seat"])
        ax.grid(axis="y", alpha=0.3)
        if len(tables) > 1:
            ax.legend(fontsize=8)
        save(fig, "seat.png")

        players = report["by_players"]
        factions = [f for f in report["by_faction"]]
        fig = Figure(figsize=(7, 4))
        ax = fig.add_subplot(1, 1, 1)
        width = 0.8 / max(1, len(factions))
        ps = list(players)
        for i, f in enumerate(factions):
            xs, rates = [], []
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
                    label=identity_name(f, lang),
                )
        ax.set_xticks(list(range(len(ps))))
        ax.set_xticklabels(ps)
        ax.set_ylim(0, 1)
        ax.set_xlabel(tt["players_axis"])
        ax.set_ylabel(tt["rate"])
        ax.set_title(tt["players"])
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=8)
        save(fig, "players.png")

        ends = report["end_causes"]
        fig = Figure(figsize=(6.5, 4))
        _bars(
            fig,
            [end_label(c, lang, short=True) for c in ends],
            list(ends.values()),
            tt["end_causes"],
            tt["share"],
            rotate=False,
        )
        save(fig, "end_causes.png")
    return {"dir": str(out), "written": written, "skipped": None, "labels": lang}
