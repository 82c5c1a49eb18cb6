"""The report as text, in Chinese (default) or English."""

from __future__ import annotations

import unicodedata
from typing import Any

from fengsheng.text import NAMES, seat_name

T: dict[str, dict[str, str]] = {
    "zh": {
        "title": "风声平衡报告：{source}",
        "games": "{games} 局（另有 {errors} 局出错），{players} 人，有角色 {chars} 局，变体：{variants}，机器人：{bots}，种子：{seed}",
        "none": "无",
        "ci": "胜率后为 {pct}% 置信区间（Wilson）。",
        "faction": "阵营胜率（该阵营获胜的局数 / 有该阵营的局数；打酱油的 = 有一位打酱油的获胜）",
        "identity": "身份胜率（按玩家：获胜的玩家 / 玩家）",
        "character": "角色胜率（按玩家，由高到低）",
        "no_characters": "  （没有带角色的对局）",
        "character_identity": "角色 × 身份胜率（按玩家；括号内为玩家数）",
        "seat_relative": "座位胜率（按玩家；第1位 = 起始玩家，其后按回合顺序）",
        "seat_absolute": "座位胜率（按玩家；绝对座位号：记录中找不到起始玩家）",
        "position": "第{pos}位",
        "players_n": "{p} 人",
        "players": "按人数",
        "players_line": "{p} 人：{games} 局，平均 {turns} 回合，{decisions} 个决策",
        "length": "对局长度",
        "turns": "回合",
        "decisions": "决策",
        "length_line": "{what}：平均 {mean} [{low}, {high}]，标准差 {sd}，中位 {median}，最少 {min}，最多 {max}",
        "ends": "结束原因（占全部对局）",
        "faction_end": "阵营胜利（以 S-ID-1/2 宣告）",
        "mission_end": "任务（以任务宣告，或截胡）",
        "last_standing": "只剩一人",
        "nobody_left": "无人幸存",
        "other": "其他",
        "hijacked": "截胡",
        "short_faction": "阵营胜利",
        "short_mission": "任务",
        "detail": "明细：{items}",
        "missions": "完成任务的角色：{items}",
        "plots": "图表：{paths}",
        "plots_skipped": "图表：已跳过（{why}）",
        "no_matplotlib": "未安装 matplotlib：pip install -e '.[report]'",
        "disabled": "--no-plots",
        "labels_en": "（未找到中文字体，图中文字用英文；pip install -e '.[report]' 会装上 Noto Sans CJK）",
        "no_games": "没有已完成的对局。",
    },
    "en": {
        "title": "Fengsheng balance report: {source}",
        "games": "{games} games ({errors} more raised), {players} players, {chars} with characters, variants: "
        "{variants}, bots: {bots}, seed: {seed}",
        "none": "none",
        "ci": "Rates are followed by {pct}% confidence intervals (Wilson).",
        "faction": "Win rate by faction (games the faction won / games it was dealt in; bystander = a bystander won)",
        "identity": "Win rate by identity (per player: players who won / players)",
        "character": "Win rate by character (per player, highest first)",
        "no_characters": "  (no games with characters)",
        "character_identity": "Win rate by character and identity (per player; players in parentheses)",
        "seat_relative": "Win rate by seat (per player; #1 = the first player, then in turn order)",
        "seat_absolute": "Win rate by seat (per player; absolute seats: the first player is not in the records)",
        "position": "#{pos}",
        "players_n": "{p} players",
        "players": "By player count",
        "players_line": "{p} players: {games} games, mean {turns} turns, {decisions} decisions",
        "length": "Game length",
        "turns": "turns",
        "decisions": "decisions",
        "length_line": "{what}: mean {mean} [{low}, {high}], sd {sd}, median {median}, min {min}, max {max}",
        "ends": "How games end (share of all games)",
        "faction_end": "faction win (declared by S-ID-1/2)",
        "mission_end": "mission (declared by a mission, or hijacked)",
        "last_standing": "last one standing",
        "nobody_left": "nobody left",
        "other": "other",
        "hijacked": "hijacked",
        "short_faction": "faction win",
        "short_mission": "mission",
        "detail": "detail: {items}",
        "missions": "missions completed by: {items}",
        "plots": "Plots: {paths}",
        "plots_skipped": "Plots: skipped ({why})",
        "no_matplotlib": "matplotlib is not installed: pip install -e '.[report]'",
        "disabled": "--no-plots",
        "labels_en": "",
        "no_games": "No finished games.",
    },
}

END_LABELS = {
    "faction": "faction_end",
    "mission": "mission_end",
    "last_standing": "last_standing",
    "nobody_left": "nobody_left",
}


def width(s: str) -> int:
    """Columns ``s`` takes in a terminal (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def pad(s: str, cols: int) -> str:
    return s + " " * max(0, cols - width(s))


def identity_name(ident: str, lang: str) -> str:
    if not ident:  # a seat that ended without an identity card (臨危受命, R-43)
        from fengsheng.text import identity_name as no_card

        return no_card(ident, lang if lang in NAMES else "en")
    return NAMES.get(lang, NAMES["en"]).get(ident, ident)


def character_name(cid: str, lang: str) -> str:
    from fengsheng.characters import name

    return name(cid, lang)


def seat_label(key: str, mode: str, lang: str) -> str:
    if mode == "relative":
        return T[lang]["position"].format(pos=key)
    return seat_name(int(key), lang)


def end_label(cause: str, lang: str, short: bool = False) -> str:
    if short and cause in ("faction", "mission"):
        return T[lang][f"short_{cause}"]
    return T[lang][END_LABELS.get(cause, "other")]


def detail_label(key: str, lang: str) -> str:
    """A key of ``end_detail``: a rule id (declared), or hijacked / last_standing / nobody_left."""
    if key in ("hijacked", "last_standing", "nobody_left"):
        return T[lang][key]
    return key


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def _num(x: float | None, digits: int = 1) -> str:
    if x is None:
        return "-"
    return f"{x:.{digits}f}" if isinstance(x, float) and not x.is_integer() else f"{int(x)}"


def _table(items: list[tuple[str, dict[str, Any]]], indent: str = "  ") -> list[str]:
    if not items:
        return []
    cols = max(width(label) for label, _ in items) + 2
    fracs = [f"{r['wins']}/{r['games']}" for _, r in items]
    cw = max(len(f) for f in fracs)
    return [
        f"{indent}{pad(label, cols)}{frac:>{cw}}  {_pct(r['rate']):>6}  [{_pct(r['ci_low'])}, {_pct(r['ci_high'])}]"
        for (label, r), frac in zip(items, fracs, strict=True)
    ]


def _cross_table(table: dict[str, dict[str, Any]], order: list[str], lang: str) -> list[str]:
    """One line per character, one column per identity: rate [low, high] (players)."""
    idents: list[str] = []
    for c in order:
        idents += [i for i in table[c] if i not in idents]
    cells = {
        (c, i): f"{_pct(r['rate'])} [{_pct(r['ci_low'])}, {_pct(r['ci_high'])}] ({r['games']})"
        for c in order
        for i, r in table[c].items()
    }
    names = {c: character_name(c, lang) for c in order}
    cols = max(width(n) for n in names.values()) + 2
    cw = {i: max([width(identity_name(i, lang))] + [len(v) for (_, j), v in cells.items() if j == i]) for i in idents}
    head = "    " + " " * cols + "  ".join(pad(identity_name(i, lang), cw[i]) for i in idents)
    lines = [head.rstrip()]
    for c in order:
        lines.append(
            ("    " + pad(names[c], cols) + "  ".join(pad(cells.get((c, i), "-"), cw[i]) for i in idents)).rstrip()
        )
    return lines


def _bots(report: dict[str, Any], lang: str) -> str:
    text = str(report.get("bots") or "-")
    fb = report.get("faction_bots") or {}
    if fb:
        text += " (" + ", ".join(f"{identity_name(f, lang)}: {b}" for f, b in fb.items()) + ")"
    return text


def format_report(report: dict[str, Any], lang: str = "zh") -> str:
    """The report dict of :func:`fengsheng.report.build.build_report` as text."""
    t = T["zh" if lang == "zh" else "en"]
    lang = "zh" if lang == "zh" else "en"
    out = [t["title"].format(source=report["source"])]
    out.append(
        t["games"].format(
            games=report["games"],
            errors=report["errors"],
            players="/".join(str(p) for p in report["players"]) or "-",
            chars=report["with_characters"],
            variants=", ".join(report["variants"]) or t["none"],
            bots=_bots(report, lang),
            seed=report.get("seed") if report.get("seed") is not None else "-",
        )
    )
    if not report["games"]:
        out.append(t["no_games"])
        out.extend(_plots_lines(report, t))
        return "\n".join(out)
    out.append(t["ci"].format(pct=round(report["confidence"] * 100)))

    out += ["", t["faction"]]
    out += _table([(identity_name(f, lang), r) for f, r in report["by_faction"].items()])
    out += ["", t["identity"]]
    out += _table([(identity_name(i, lang), r) for i, r in report["by_identity"].items()])

    out += ["", t["character"]]
    chars = sorted(report["by_character"].items(), key=lambda kv: (-kv[1]["rate"], kv[0]))
    if chars:
        out += _table([(character_name(c, lang), r) for c, r in chars])
        out += ["", t["character_identity"]]
        out += _cross_table(report["by_character_identity"], [c for c, _ in chars], lang)
    else:
        out.append(t["no_characters"])

    mode = report["seat_mode"]
    out += ["", t["seat_relative" if mode == "relative" else "seat_absolute"]]
    for p, table in report["by_seat"].items():
        out.append("  " + t["players_n"].format(p=p))
        out += _table([(seat_label(k, mode, lang), r) for k, r in table.items()], indent="    ")

    out += ["", t["players"]]
    for p, info in report["by_players"].items():
        out.append(
            "  "
            + t["players_line"].format(
                p=p, games=info["games"], turns=_num(info["mean_turns"]), decisions=_num(info["mean_decisions"])
            )
        )
        out += _table([(identity_name(f, lang), r) for f, r in info["by_faction"].items()], indent="    ")

    out += ["", t["length"]]
    for key in ("turns", "decisions"):
        d = report["length"][key]
        if not d["n"]:
            continue
        out.append(
            "  "
            + t["length_line"].format(
                what=t[key],
                mean=_num(d["mean"], 2),
                low=_num(d["ci_low"], 2),
                high=_num(d["ci_high"], 2),
                sd=_num(d["sd"], 2),
                median=_num(float(d["median"])),
                min=_num(float(d["min"])),
                max=_num(float(d["max"])),
            )
        )

    out += ["", t["ends"]]
    out += _table([(end_label(c, lang), r) for c, r in report["end_causes"].items()])
    if report["end_detail"]:
        out.append(
            "  "
            + t["detail"].format(
                items=", ".join(f"{detail_label(k, lang)} {v}" for k, v in report["end_detail"].items())
            )
        )
    if report["missions_by_character"]:
        ranked = sorted(report["missions_by_character"].items(), key=lambda kv: (-kv[1], kv[0]))
        out.append("  " + t["missions"].format(items=", ".join(f"{character_name(c, lang)} {v}" for c, v in ranked)))
    out += _plots_lines(report, t)
    return "\n".join(out)


def _plots_lines(report: dict[str, Any], t: dict[str, str]) -> list[str]:
    plots = report.get("plots")
    if not plots:
        return []
    why = plots.get("skipped")
    if why:
        return ["", t["plots_skipped"].format(why=t.get(why, why))]
    note = t["labels_en"] if plots.get("labels") == "en" else ""
    return ["", t["plots"].format(paths=", ".join(plots.get("written", []))) + note]
