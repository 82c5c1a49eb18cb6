"""The terminal screen, drawn with ``rich`` from one seat's view (never from the game, so nothing hidden leaks).

:func:`render_screen` builds the whole screen: your seat (identity, character, skills, hand, probes), every seat
(character, identity if known, hand count, intelligence by colour, state), the table (deck, discard, turn, phase,
the intelligence in transit, the pending stack) and the recent log. :func:`render_question` is the numbered list
of options; :func:`render_result` the end of the game. :func:`to_text` renders any of them to plain text at a fixed
width with colour off (the snapshot tests use it).
"""

from __future__ import annotations

import io
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fengsheng.characters import all_characters
from fengsheng.characters import find as find_character
from fengsheng.characters import name as character_name
from fengsheng.characters import text as character_text
from fengsheng.play.words import (
    ZH,
    _t,
    describe_decision,
    describe_use,
    identity_goal,
    skill_label,
    who,
)
from fengsheng.text import (
    REASONS,
    card_name,
    death_how,
    identity_name,
    loss_how,
    name,
    probe_line,
    rendered_deck,
    seat_name,
)

CHARACTERS = all_characters()  # the character catalog of every edition, for names and help texts

LOG_FIT_MAX = 12  # log lines on a fitted boxed screen, at most
LOG_FIT_MIN = 3  # and at least (else the small screen)

STYLE = {
    "red": "bold red",
    "blue": "bold bright_blue",
    "black": "bold white on grey23",
    "hidden": "dim",
    "underground": "bold red",
    "military_intel": "bold bright_blue",
    "bystander": "bold yellow",
    "me": "bold cyan",
    "title": "bold",
    "dim": "dim",
    "warn": "bold yellow",
    "good": "bold green",
}

_COLOUR_PATTERNS = (
    (r"\[红·[^\]]*\]", "red"),
    (r"\[蓝·[^\]]*\]", "blue"),
    (r"\[黑·[^\]]*\]", "black"),
    (r"\[red [^\]]*\]", "red"),
    (r"\[blue [^\]]*\]", "blue"),
    (r"\[black [^\]]*\]", "black"),
    (r"\[[？?]\]", "hidden"),
    (r"潜伏战线|Underground", "underground"),
    (r"军情[局处]|Military Intelligence", "military_intel"),
    (r"打酱油的|Bystander", "bystander"),
)


def colourize(line: str | Text, me: int | None = None, lang: str = ZH) -> Text:
    """A line of text with card names in their colour, identities in theirs and the viewer's seat highlighted."""
    t = Text(line) if isinstance(line, str) else line
    for pattern, key in _COLOUR_PATTERNS:
        t.highlight_regex(pattern, STYLE[key])
    if me is not None:
        t.highlight_regex(rf"(?<![0-9]){me}号" if lang == ZH else rf"\bP{me}\b", STYLE["me"])
    return t


def _intel_counts(cards: list[int], lang: str, short: bool = False) -> Text:
    """``红1 蓝0 黑2``; ``short``: the colours held only (``红1 黑2``, ``—`` for none), for the small screen."""
    deck = rendered_deck()
    out = Text()
    for colour in ("red", "blue", "black"):
        n = sum(1 for c in cards if deck[c].colour == colour)
        if short and not n:
            continue
        if out.plain:
            out.append(" ")
        label = f"{name(colour, lang)}{n}" if lang == ZH else f"{name(colour, lang)} {n}"
        out.append(label, style=STYLE[colour] if n else STYLE["dim"])
    if not out.plain:
        out.append("—", style=STYLE["dim"])
    return out


def _identity_text(identity: str | None, lang: str) -> Text:
    """An identity as the viewer knows it: ``None`` unknown (？), ``""`` known to hold no card (臨危受命, R-43)."""
    if identity is None:
        return Text(_t(lang, "？", "?"), style=STYLE["dim"])
    return Text(identity_name(identity, lang), style=STYLE.get(identity, "dim"))


def _character_cell(info: dict[str, Any], lang: str, mine: bool, text_set: str = "") -> Text:
    if not info.get("has_character"):
        return Text("—", style=STYLE["dim"])
    cid = info.get("character")
    if cid is None:
        return Text(_t(lang, "盖伏", "face down"), style=STYLE["dim"])
    label = character_name(cid, lang, text_set)
    if not info.get("face_up"):
        label += _t(lang, "（盖伏）", " (face down)")
    return Text(label, style="bold" if mine else "")


def phase_words(view: dict[str, Any], lang: str = ZH) -> str:
    """``第3回合 · 2号的回合 · 传递情报阶段（情报传递）``."""
    cur = view.get("current", -1)
    parts: list[str] = []
    if not view.get("turn"):
        return _t(lang, "开局", "setup")
    if view.get("result") is not None:
        return _t(lang, f"游戏结束 · 共{view['turn']}回合", f"game over · {view['turn']} turns")
    if view.get("turn"):
        parts.append(_t(lang, f"第{view['turn']}回合", f"turn {view['turn']}"))
    if cur is not None and cur >= 0:
        parts.append(
            _t(lang, "你的回合", "your turn")
            if cur == view.get("seat")
            else _t(lang, f"{seat_name(cur, lang)}的回合", f"{seat_name(cur, lang)}'s turn")
        )
    phase = view.get("phase")
    if phase:
        p = name(phase, lang)
        t = view.get("transit")
        if t is not None and t.get("step"):
            p += _t(lang, f"（{name(t['step'], lang)}）", f" ({name(t['step'], lang)})")
        parts.append(p)
    return " · ".join(parts)


def render_me(view: dict[str, Any], lang: str = ZH, compact: bool = False) -> RenderableType:
    """Your seat. ``compact``: skill names only (their texts are a ``?`` away), for a small terminal."""
    me = view["me"]
    seat = view["seat"]
    texts = view.get("character_texts", "")
    lines: list[Text] = []
    head = Text()
    head.append(_t(lang, f"你是 {seat_name(seat, lang)}", f"You are {seat_name(seat, lang)}"), style=STYLE["me"])
    head.append(_t(lang, " · 身份：", " · identity: "))
    head.append_text(_identity_text(me.get("identity"), lang))
    lines.append(head)
    target = 4 if "four_card_victory" in view.get("variants", []) else 3
    if me.get("identity"):
        characters_on = bool(view["seats"][seat].get("has_character")) or bool(me.get("characters_dealt"))
        goal = identity_goal(me["identity"], lang, target, me.get("character"), characters_on, texts)
        lines.append(Text(_t(lang, f"  胜利条件：{goal}", f"  goal: {goal}"), style=STYLE["dim"]))
    cid = me.get("character")
    if cid is not None and find_character(cid, texts) is not None:
        t = character_text(cid, lang, texts)
        state = _t(lang, "面朝上", "face up") if view["seats"][seat].get("face_up") else _t(lang, "盖伏", "face down")
        lines.append(
            Text(_t(lang, f"角色：【{t['name']}】（{state}）", f"Character: [{t['name']}] ({state})"), style="bold")
        )
        if compact:
            labels = " ".join(skill_label(sk["id"], lang, texts) for sk in t["skills"])
            lines.append(Text(_t(lang, f"  技能：{labels}（? 查看说明）", f"  skills: {labels} (? for their text)")))
        else:
            for sk in t["skills"]:
                lines.append(Text(f"  {skill_label(sk['id'], lang, texts)}{_t(lang, '', ' ')}{sk['text']}"))
    elif me.get("characters_dealt"):
        names = " / ".join(
            _t(lang, f"【{character_name(c, lang, texts)}】", f"[{character_name(c, lang, texts)}]")
            for c in me["characters_dealt"]
        )
        lines.append(Text(_t(lang, f"发给你的角色：{names}", f"Characters dealt to you: {names}")))
    hand = me.get("hand", [])
    h = Text(_t(lang, f"手牌（{len(hand)}）：", f"Hand ({len(hand)}): "), style="bold")
    if hand:
        h.append("  ".join(card_name(c, lang) for c in hand))
    else:
        h.append(_t(lang, "（无）", "(none)"), style=STYLE["dim"])
    lines.append(colourize(h, None, lang))
    probes_on_me = [p for p in me.get("probes", []) if p.get("target") == seat and "identity" in p]
    for p in probes_on_me[-3:]:
        lines.append(
            colourize(
                _t(
                    lang,
                    f"{seat_name(p['user'], lang)} 试探了你：{card_name(p.get('card'), lang)} “{p['line']}”",
                    f"{seat_name(p['user'], lang)} probed you: {card_name(p.get('card'), lang)} “{probe_line(p['line'], 'en')}”",
                ),
                None,
                lang,
            )
        )
    if me.get("can_declare"):
        lines.append(Text(_t(lang, "你现在可以宣告胜利！", "You can declare victory now!"), style=STYLE["good"]))
    return Panel(Group(*lines), title=_t(lang, "你的座位", "Your seat"), title_align="left")


def render_seats(view: dict[str, Any], lang: str = ZH) -> RenderableType:
    me = view.get("seat")
    t = view.get("transit") or {}
    d = view.get("decision") or {}
    with_characters = any(info.get("has_character") for info in view["seats"])
    table = Table(expand=True, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=True)
    table.add_column(_t(lang, "座位", "Seat"), no_wrap=True)
    if with_characters:
        table.add_column(_t(lang, "角色", "Character"), overflow="fold")
    table.add_column(_t(lang, "身份", "Identity"), no_wrap=True)
    table.add_column(_t(lang, "手牌", "Hand"), justify="right", no_wrap=True)
    table.add_column(_t(lang, "情报", "Intelligence"), no_wrap=True)
    table.add_column(_t(lang, "状态", "State"), overflow="fold")
    for info in view["seats"]:
        s = info["seat"]
        seat_cell = Text(who(s, lang, me), style=STYLE["me"] if s == me else "")
        notes: list[str] = []
        if not info["alive"]:
            notes.append(_t(lang, "死亡", "dead"))
        elif info["lost"]:
            notes.append(_t(lang, "出局", "out"))
        if s == view.get("current"):
            notes.append(_t(lang, "当前回合", "to play"))
        if s in view.get("locks", []):
            notes.append(_t(lang, "被锁定", "locked"))
        if s in (t.get("lured") or []):
            notes.append(_t(lang, "被调虎离山", "lured away"))
        if t and t.get("holder") == s:
            notes.append(_t(lang, "情报在此", "has the intelligence"))
        if d.get("seat") == s and s != me:
            notes.append(_t(lang, "思考中", "deciding"))
        cells: list[RenderableType] = [seat_cell]
        if with_characters:
            cells.append(_character_cell(info, lang, s == me, view.get("character_texts", "")))
        cells += [
            _identity_text(info.get("identity"), lang),
            str(info["hand_count"]),
            _intel_counts(info["intel"], lang),
            Text(_t(lang, "，", ", ").join(notes), style=STYLE["dim"] if not info["alive"] or info["lost"] else ""),
        ]
        table.add_row(*cells)
    return Panel(table, title=_t(lang, "每个座位", "Every seat"), title_align="left", padding=(0, 0))


def _transit_text(view: dict[str, Any], lang: str) -> Text:
    t = view.get("transit")
    me = view.get("seat")
    if t is None:
        return Text(_t(lang, "传递中的情报：无", "Intelligence in transit: none"), style=STYLE["dim"])
    card = t.get("card")
    if card is None:
        shown = card_name(None, lang) + _t(lang, "（面朝下）", " (face down)")
    elif t.get("face_up"):
        shown = card_name(card, lang) + _t(lang, "（面朝上）", " (face up)")
    else:
        shown = card_name(card, lang) + _t(lang, "（面朝下，只有你看得到）", " (face down, only you see it)")
    method = name(t["method"], lang)
    way = _t(lang, "逆时针", "counterclockwise") if t.get("direction", 1) > 0 else _t(lang, "顺时针", "clockwise")
    if lang == ZH:
        s = f"传递中的情报：{shown} · {method} · 由 {who(t['sender'], lang, me)} 传出 · 现在在 {who(t['holder'], lang, me)} 面前"
        if t["method"] == "direct" and t.get("target", -1) >= 0:
            s += f" · 传给 {who(t['target'], lang, me)}"
            if t.get("back"):
                s += "（已退回传出者）"
        else:
            s += f" · {way}"
    else:
        s = (
            f"Intelligence in transit: {shown} · {method} · sent by {who(t['sender'], lang, me)} · now at "
            f"{who(t['holder'], lang, me)}"
        )
        if t["method"] == "direct" and t.get("target", -1) >= 0:
            s += f" · addressed to {who(t['target'], lang, me)}"
            if t.get("back"):
                s += " (turned back to the sender)"
        else:
            s += f" · {way}"
    if t.get("lured"):
        s += _t(lang, " · 被调虎离山：", " · lured away: ") + " ".join(who(x, lang, me) for x in t["lured"])
    return colourize(s, me, lang)


def render_table(view: dict[str, Any], lang: str = ZH) -> RenderableType:
    me = view.get("seat")
    lines: list[Text] = []
    top = _t(
        lang,
        f"牌库 {view['deck_count']} 张 · 弃牌堆 {len(view['discard'])} 张 · {phase_words(view, lang)}",
        f"Deck {view['deck_count']} · discard pile {len(view['discard'])} · {phase_words(view, lang)}",
    )
    lines.append(Text(top, style="bold"))
    extra = []
    if view.get("locks"):
        extra.append(_t(lang, "被锁定：", "locked: ") + " ".join(who(s, lang, me) for s in view["locks"]))
    if view.get("table_count"):
        extra.append(
            _t(
                lang,
                f"真伪莫辨摆出的牌：{view['table_count']} 张",
                f"True or False cards laid out: {view['table_count']}",
            )
        )
    if extra:
        lines.append(colourize(" · ".join(extra), me, lang))
    lines.append(_transit_text(view, lang))
    stack = view.get("stack") or []
    if stack:
        lines.append(
            Text(
                _t(lang, "等待结算（后发先至，最上面的最先结算）：", "Waiting to resolve (last in, first resolved):"),
                style="bold",
            )
        )
        for i, entry in enumerate(reversed(stack)):
            mark = _t(lang, "  ← 最先结算", "  ← resolves first") if i == 0 else ""
            lines.append(
                colourize(f"  {describe_use(entry, lang, me, view.get('character_texts', ''))}{mark}", me, lang)
            )
    else:
        lines.append(Text(_t(lang, "等待结算：无", "Waiting to resolve: nothing"), style=STYLE["dim"]))
    return Panel(Group(*lines), title=_t(lang, "牌桌", "The table"), title_align="left")


def render_log(lines: list[str], view: dict[str, Any], lang: str = ZH, title: str | None = None) -> RenderableType:
    me = view.get("seat")
    body: list[RenderableType] = [colourize(line, me, lang) for line in lines]
    if not body:
        body = [Text(_t(lang, "（还没有记录）", "(nothing yet)"), style=STYLE["dim"])]
    return Panel(Group(*body), title=title or _t(lang, "记录", "Log"), title_align="left")


def render_screen(
    view: dict[str, Any], lang: str = ZH, log: list[str] | None = None, compact: bool = False
) -> RenderableType:
    """The whole screen for the viewer of ``view``: your seat, every seat, the table and the recent log."""
    header = Text(_t(lang, "风声 · ", "The Message · ") + phase_words(view, lang), style="bold reverse")
    parts: list[RenderableType] = [
        header,
        render_me(view, lang, compact),
        render_seats(view, lang),
        render_table(view, lang),
    ]
    if log is not None:
        parts.append(render_log(log, view, lang))
    return Group(*parts)


def _seat_cell(info: dict[str, Any], view: dict[str, Any], lang: str) -> Text:
    """One seat on one line, for the small screen, most important first (a long character name is what gets cut):
    ``1号 ？ 蓝1 黑1 手1 当前·情报在此 大美女``."""
    me = view.get("seat")
    s = info["seat"]
    t = view.get("transit") or {}
    out = not info["alive"] or info["lost"]
    cell = Text(who(s, lang, me), style=STYLE["me"] if s == me else "bold")
    cell.append(" ")
    cell.append_text(_identity_text(info.get("identity"), lang))
    if out:  # his cards are gone (S-DEATH-4): only who he was
        cell.append(
            " " + (_t(lang, "死亡", "dead") if not info["alive"] else _t(lang, "出局", "out")), style=STYLE["dim"]
        )
        return _one_line(cell)
    cell.append(" ")
    cell.append_text(_intel_counts(info["intel"], lang, short=True))
    cell.append(_t(lang, f" 手{info['hand_count']}", f" hand {info['hand_count']}"))
    notes: list[str] = []
    if s == view.get("current"):
        notes.append(_t(lang, "当前", "to play"))
    if s in view.get("locks", []):
        notes.append(_t(lang, "锁定", "locked"))
    if s in (t.get("lured") or []):
        notes.append(_t(lang, "调离", "lured"))
    if t and t.get("holder") == s:
        notes.append(_t(lang, "情报在此", "has it"))
    if notes:
        cell.append(" " + _t(lang, "·", ", ").join(notes), style=STYLE["warn"])
    if info.get("has_character"):
        cell.append(" ")
        cell.append_text(_character_cell(info, lang, s == me, view.get("character_texts", "")))
    return _one_line(cell)


def _one_line(t: Text) -> Text:
    t.no_wrap = True
    t.overflow = "ellipsis"
    return t


def render_small(
    view: dict[str, Any],
    lang: str = ZH,
    log: list[str] | None = None,
    width: int = 80,
    stack_lines: int = 3,
    columns: int | None = None,
    tight: bool = False,
) -> RenderableType:
    """The screen for a small terminal (80×24): no boxes; your identity, character, skills and hand first, then every
    other seat folded two or three to a line, the intelligence in transit, the top of the stack, and as many log lines
    (one line each) as it is given."""
    me_seat = view["seat"]
    me = view["me"]
    texts = view.get("character_texts", "")
    out: list[RenderableType] = []
    header: list[RenderableType] = out if not tight else []  # tight: the question says whose turn and what phase
    deck = _t(
        lang,
        f" · 牌库{view['deck_count']} 弃{len(view['discard'])}",
        f" · deck {view['deck_count']} discard {len(view['discard'])}",
    )
    header.append(
        _one_line(Text(_t(lang, "风声 · ", "The Message · ") + phase_words(view, lang) + deck, style="bold reverse"))
    )
    head = Text()
    head.append(_t(lang, f"你是{seat_name(me_seat, lang)}", f"You are {seat_name(me_seat, lang)}"), style=STYLE["me"])
    head.append(" · ")
    head.append_text(_identity_text(me.get("identity"), lang))
    cid = me.get("character")
    if cid is not None and find_character(cid, texts) is not None:
        t = character_text(cid, lang, texts)
        face = view["seats"][me_seat].get("face_up")
        head.append(" · ")
        head.append(f"【{t['name']}】" if lang == ZH else f"[{t['name']}]", style="bold")
        head.append(_t(lang, "" if face else "（盖伏）", "" if face else " (face down)"))
        head.append(" " + _t(lang, "", " ").join(skill_label(sk["id"], lang, texts) for sk in t["skills"]))
    elif me.get("characters_dealt"):
        head.append(
            _t(lang, " · 发给你：", " · dealt: ")
            + " / ".join(character_name(c, lang, texts) for c in me["characters_dealt"])
        )
    head.append(_t(lang, " · 情报 ", " · intel "))
    head.append_text(_intel_counts(view["seats"][me_seat]["intel"], lang, short=True))
    hand = me.get("hand", [])
    h = Text(_t(lang, f"手牌（{len(hand)}）：", f"Hand ({len(hand)}): "), style="bold")
    h.append(" ".join(card_name(c, lang) for c in hand) if hand else _t(lang, "（无）", "(none)"))
    if tight:
        head.append(" · ")
        head.append_text(h)
        out.append(colourize(head, None, lang))
    else:
        out.append(head)
        out.append(colourize(h, None, lang))
    if me.get("can_declare"):
        out.append(Text(_t(lang, "你现在可以宣告胜利！", "You can declare victory now!"), style=STYLE["good"]))
    others = [info for info in view["seats"] if info["seat"] != me_seat]
    cells = [_seat_cell(info, view, lang) for info in others]
    if columns is None:  # as many to a line as fit whole, up to three
        longest = max((cell_len(c.plain) for c in cells), default=0)
        columns = next((n for n in (3, 2) if longest <= width // n - 1), 1)
    grid = Table.grid(expand=True, padding=(0, 1))
    for _ in range(columns):
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    for i in range(0, len(others), columns):
        row: list[RenderableType] = list(cells[i : i + columns])
        row += [Text("")] * (columns - len(row))
        grid.add_row(*row)
    out.append(grid)
    stack = view.get("stack") or []
    if tight and stack:
        top = describe_use(stack[-1], lang, me_seat, texts)
        more = _t(lang, f"（另有 {len(stack) - 1} 张）", f" (+{len(stack) - 1} more)") if len(stack) > 1 else ""
        line = _transit_text(view, lang)
        line.append_text(colourize(_t(lang, f" · 待结算：{top}{more}", f" · to resolve: {top}{more}"), me_seat, lang))
        out.append(line)
        stack = []
    else:
        out.append(_transit_text(view, lang))
    if stack:
        shown = list(reversed(stack))[: max(1, stack_lines)]
        for i, entry in enumerate(shown):
            prefix = _t(lang, "待结算：", "To resolve: ") if i == 0 else "          "
            mark = _t(lang, " ← 最先结算", " ← first") if i == 0 else ""
            if i == len(shown) - 1 and len(stack) > len(shown):
                mark += _t(lang, f"（另有 {len(stack) - len(shown)} 张）", f" (+{len(stack) - len(shown)} more)")
            out.append(
                _one_line(colourize(f"{prefix}{describe_use(entry, lang, me_seat, texts)}{mark}", me_seat, lang))
            )
    if log:
        out.append(Text(_t(lang, "── 记录 ──", "── Log ──"), style=STYLE["dim"]))
        out.extend(_one_line(colourize(line, me_seat, lang)) for line in log)
    return Group(*out)


def _measure(renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes at ``width``."""
    console = Console(file=io.StringIO(), width=width, color_system=None, no_color=True, legacy_windows=False)
    return len(console.render_lines(renderable, console.options, pad=False))


def fit_screen(
    view: dict[str, Any],
    lang: str = ZH,
    log: list[str] | None = None,
    question: RenderableType | None = None,
    width: int = 80,
    height: int = 24,
    spare: int = 1,
    notes: RenderableType | None = None,
) -> RenderableType:
    """The screen and the question, fitted to a terminal of ``width`` × ``height`` (``spare`` lines left for the
    prompt): the boxed screen when it fits (with ``notes`` if they fit too, and as much of the log as fits, at least
    three lines), else the small screen (:func:`render_small`) with the log and the stack cut to what fits. Your
    identity, your hand, the intelligence in transit and the question are in every one."""
    log = log or []
    q = [question] if question is not None else []
    room = height - spare - (_measure(question, width) if question is not None else 0)
    extras = [notes] if notes is not None else []
    for extra in (extras, []) if extras else ([],):
        for compact in (False, True):
            base = _measure(Group(render_screen(view, lang, None, compact), *extra), width)
            if not log and base <= room:
                return Group(render_screen(view, lang, None, compact), *extra, *q)
            for count in range(min(len(log), LOG_FIT_MAX), min(len(log), LOG_FIT_MIN) - 1, -1):
                if base + 2 + count > room:
                    continue  # every line takes at least one row
                screen = Group(render_screen(view, lang, log[-count:], compact), *extra)
                if _measure(screen, width) <= room:
                    return Group(screen, *q)
    # (stack lines, seats to a line, tight): less and less, until it fits
    levels: list[tuple[int, int | None, bool]] = [(3, None, False), (1, None, False), (1, 3, False), (1, 3, True)]
    for stack_lines, columns, tight in levels:
        small = render_small(view, lang, None, width, stack_lines, columns, tight)
        base = _measure(small, width)
        if base <= room or (stack_lines, columns, tight) == levels[-1]:
            count = max(0, min(len(log), room - base - 1))
            if count:
                small = render_small(view, lang, log[-count:], width, stack_lines, columns, tight)
            return Group(small, *q)
    raise AssertionError("unreachable")


def render_question(
    view: dict[str, Any], choices: list[tuple[int, str, Any]], lang: str = ZH, crumb: str | None = None
) -> RenderableType:
    """The decision: what is asked and the numbered options (``choices`` from ``describe_options``, or one level
    of the choice tree). ``crumb``: the choices made so far in the tree (``用 [红·锁定] › …``)."""
    me = view.get("seat")
    lines: list[RenderableType] = [colourize(Text(describe_decision(view, lang), style="bold"), me, lang)]
    if crumb:
        lines.append(colourize(Text(crumb, style="bold cyan"), me, lang))
    d = view.get("decision") or {}
    if d.get("kind") == "choose_character":
        texts = view.get("character_texts", "")
        for _, _, o in choices:
            if find_character(o.name, texts) is not None:
                from fengsheng.play.words import character_help

                # one line per skill, cut at the terminal's edge: the question must fit 80×24 (? N gives it all)
                lines.extend(_one_line(Text(part)) for part in character_help(o.name, lang, texts).splitlines())
    width = len(str(max((n for n, _, _ in choices), default=0)))
    for n, words, _ in choices:
        lines.append(colourize(Text(f"  {n:>{width}}. {words}"), me, lang))
    return Panel(Group(*lines), title=_t(lang, "轮到你了", "Your move"), title_align="left", border_style="cyan")


def prompt_text(lang: str = ZH, low: int = 0, high: int = 0) -> str:
    """The prompt under a question: the range of option numbers and the help key."""
    return _t(lang, f"请输入编号 {low}–{high}（? 帮助）> ", f"Your choice {low}-{high} (? for help)> ")


def result_why(result: dict[str, Any], view: dict[str, Any], characters: list[str | None], lang: str = ZH) -> str:
    """Why the game ended: which faction or mission won."""
    me = view.get("seat")
    reason = result.get("reason", "")
    rule = result.get("rule", "")
    winners = result.get("winners", [])
    declarer = result.get("declarer")
    target = 4 if "four_card_victory" in view.get("variants", []) else 3

    def ws(seats: list[int]) -> str:
        return ("、" if lang == ZH else ", ").join(who(w, lang, me) for w in seats) or _t(lang, "无人", "nobody")

    def mission(seat: int) -> str:
        cid = characters[seat] if seat < len(characters) else None
        texts = view.get("character_texts", "")
        if cid is None or find_character(cid, texts) is None:
            return ""
        t = character_text(cid, lang, texts)
        return _t(lang, f"【{t['name']}】的机密任务：{t['mission']}", f"[{t['name']}]'s secret mission: {t['mission']}")

    if reason == "declared" and declarer is not None:
        if rule == "S-ID-1":
            why = _t(
                lang,
                f"{who(declarer, lang, me)} 集齐了 {target} 张红色情报：潜伏战线获胜",
                f"{who(declarer, lang, me)} collected {target} red intelligence: the Underground wins",
            )
        elif rule == "S-ID-2":
            why = _t(
                lang,
                f"{who(declarer, lang, me)} 集齐了 {target} 张蓝色情报：军情局获胜",
                f"{who(declarer, lang, me)} collected {target} blue intelligence: Military Intelligence wins",
            )
        else:
            why = _t(
                lang,
                f"{who(declarer, lang, me)}（打酱油的）完成了",
                f"{who(declarer, lang, me)} (Bystander) completed ",
            ) + mission(declarer)
        identities = [s.get("identity") for s in view["seats"]]
        extra = [w for w in winners if w != declarer and identities[w] == "bystander" and rule != "S-ID-3"]
        if extra:
            why += _t(lang, f"；{ws(extra)} 凭机密任务一同获胜", f"; {ws(extra)} won with them by a secret mission")
        return why
    if reason == "hijacked":
        ms = (
            "；".join(m for m in (mission(w) for w in winners) if m)
            if lang == ZH
            else "; ".join(m for m in (mission(w) for w in winners) if m)
        )
        return _t(
            lang,
            f"{who(declarer, lang, me) if declarer is not None else '—'} 宣告胜利时，{ws(winners)} 的机密任务夺走了胜利（{ms}）",
            f"When {who(declarer, lang, me) if declarer is not None else '—'} declared, {ws(winners)} took the win by a secret mission ({ms})",
        )
    if reason == "last_standing":
        return _t(lang, f"{ws(winners)} 是最后留在游戏中的玩家", f"{ws(winners)} is the last player standing")
    return str(REASONS[lang].get(reason, reason))


def fates(events: list[dict[str, Any]], lang: str = ZH, text_set: str = "", me: int | None = None) -> list[str]:
    """How each player who left the game left it, in order, from the ``died`` and ``lost`` events: ``3号 第1个死亡：
    面前有三张假情报，致命的一张来自 2号`` / ``1号 输掉游戏：他的回合里无法传出情报``."""
    out: list[str] = []
    for e in events:
        if e["kind"] == "died":
            how = death_how(e.get("killer"), lang)
            order = e.get("order", 0)
            out.append(
                _t(
                    lang,
                    f"{who(e['seat'], lang, me)} 第{order}个死亡：{how}",
                    f"{who(e['seat'], lang, me)} died (#{order}): {how}",
                )
            )
        elif e["kind"] == "lost":
            how = loss_how(e.get("why", ""), lang, text_set)
            out.append(
                _t(lang, f"{who(e['seat'], lang, me)} 输掉游戏：{how}", f"{who(e['seat'], lang, me)} lost: {how}")
            )
    return out


def render_result(
    view: dict[str, Any],
    characters: list[str | None],
    lang: str = ZH,
    events: list[dict[str, Any]] | None = None,
) -> RenderableType:
    """The end of the game: who won and why, every identity and character, and (from ``events``, the viewer's) how
    each dead player died and each lost player lost."""
    result = view.get("result") or {}
    me = view.get("seat")
    winners = set(result.get("winners", []))
    lines: list[RenderableType] = []
    if me is not None:
        if me in winners:
            lines.append(Text(_t(lang, "你赢了！", "You win!"), style=STYLE["good"]))
        else:
            lines.append(Text(_t(lang, "你输了。", "You lose."), style=STYLE["warn"]))
    factions = (
        "、".join(name(f, lang) for f in result.get("factions", []))
        if lang == ZH
        else ", ".join(name(f, lang) for f in result.get("factions", []))
    )
    lines.append(colourize(_t(lang, f"获胜：{factions or '无'}", f"Winners: {factions or 'none'}"), me, lang))
    lines.append(colourize(_t(lang, "原因：", "Why: ") + result_why(result, view, characters, lang), me, lang))
    with_characters = any(c is not None for c in characters)
    table = Table(expand=True, box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column(_t(lang, "座位", "Seat"), no_wrap=True)
    table.add_column(_t(lang, "身份", "Identity"), overflow="fold")
    if with_characters:
        table.add_column(_t(lang, "角色", "Character"), min_width=9, overflow="fold")
    table.add_column(_t(lang, "情报", "Intelligence"), no_wrap=True)
    table.add_column(_t(lang, "结果", "Result"), min_width=6, no_wrap=True)
    texts = view.get("character_texts", "")
    for info in view["seats"]:
        s = info["seat"]
        cid = characters[s] if s < len(characters) else None
        char = Text("—")
        if cid is not None and find_character(cid, texts) is not None:
            char = Text(character_name(cid, lang, texts))
        state = []
        if s in winners:
            state.append(_t(lang, "胜", "won"))
        if not info["alive"]:
            state.append(_t(lang, "死亡", "dead"))
        elif info["lost"]:
            state.append(_t(lang, "出局", "out"))
        cells: list[RenderableType] = [
            Text(who(s, lang, me), style=STYLE["me"] if s == me else ""),
            _identity_text(info.get("identity"), lang),
        ]
        if with_characters:
            cells.append(char)
        cells += [
            _intel_counts(info["intel"], lang),
            Text(" ".join(state), style=STYLE["good"] if s in winners else STYLE["dim"]),
        ]
        table.add_row(*cells)
    lines.append(table)
    for fate in fates(events or [], lang, texts, me):
        lines.append(colourize(fate, me, lang))
    turns = result.get("turns")
    if turns:
        lines.append(Text(_t(lang, f"共 {turns} 回合", f"{turns} turns")))
    return Panel(Group(*lines), title=_t(lang, "游戏结束", "Game over"), title_align="left", border_style="green")


def saved_words(path: Any, seat: int | None, lang: str = ZH) -> str:
    """Where the record is, and how to replay it."""
    show = f" --show --seat {seat}" if seat is not None else " --show"
    return _t(
        lang,
        f"对局记录已保存：{path}\n回放：fengsheng replay {path}{show}",
        f"Record saved: {path}\nReplay it: fengsheng replay {path}{show}",
    )


def make_console(file: Any = None, width: int | None = None, colour: bool | None = None) -> Console:
    """A console for the game. ``colour=False`` (or a non-terminal, or ``NO_COLOR``) prints plain text."""
    kwargs: dict[str, Any] = {"highlight": False, "emoji": False, "soft_wrap": False}
    if file is not None:
        kwargs["file"] = file
    if width is not None:
        kwargs["width"] = width
    if colour is False:
        kwargs["color_system"] = None
        kwargs["no_color"] = True
    return Console(**kwargs)


def to_text(renderable: RenderableType, width: int = 100) -> str:
    """Render to plain text (no colour, no terminal codes) at a fixed width; trailing spaces stripped."""
    buf = io.StringIO()
    console = Console(
        file=buf,
        width=width,
        color_system=None,
        no_color=True,
        highlight=False,
        emoji=False,
        force_terminal=False,
        legacy_windows=False,
    )
    console.print(renderable)
    return "\n".join(line.rstrip() for line in buf.getvalue().splitlines()) + "\n"


__all__ = [
    "STYLE",
    "colourize",
    "fates",
    "fit_screen",
    "make_console",
    "phase_words",
    "prompt_text",
    "render_log",
    "render_me",
    "render_question",
    "render_result",
    "render_screen",
    "render_seats",
    "render_small",
    "render_table",
    "result_why",
    "saved_words",
    "to_text",
]
