"""A notebook of what one seat can infer: for every other seat, how likely each identity is and the facts behind it.

The odds are the belief a :class:`~fengsheng.bots.heuristic.bot.HeuristicBot` at the seat keeps (fed the same view
and events, never asked to decide), so the notebook and the bots reason alike. The facts are the observations that move it, in the seat's words: the 试探 answers the seat saw (with what
the probe said, when the seat read it), who took or refused which colour (when the colour was visible to him),
identities turned face up or seen, deaths and losses.

Everything comes from ``g.view(seat)`` and ``g.events_for(seat)``: nothing the seat cannot know. A test swaps the
hidden state under the same view (``Game.determinize``) and gets the same notebook.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fengsheng.bots.heuristic.bot import HeuristicBot
from fengsheng.core.cards import IDENTITIES, NO_IDENTITY, TEXT
from fengsheng.text import card_name, death_how, identity_name, loss_how, name, probe_line, seat_name

FACTS_SHOWN = 3  # facts per seat in the panel (the `notes` command shows them all)


@dataclass
class SeatNotes:
    """One other seat: the identity probabilities (``certain``: the identity is known) and the facts, oldest first."""

    seat: int
    odds: dict[str, float]
    certain: str | None = None
    facts: list[str] = field(default_factory=list)


@dataclass
class _Passing:
    """The intelligence being passed, as the viewer knows it (like the bots' ``Transit``)."""

    card: int | None
    face_up: bool
    knowers: set[int]
    refused: list[int] = field(default_factory=list)  # seats that declined it knowing it, told once it is known


def notebook(view: dict[str, Any], events: list[dict[str, Any]], lang: str = "zh") -> list[SeatNotes]:
    """The notebook of ``view``'s seat from its own view and the events it saw (``g.events_for(seat)``)."""
    me = int(view["seat"])
    texts = str(view.get("character_texts") or "")
    bot = HeuristicBot(me, 0)  # its memory and belief only: it is never asked to decide
    bot.update(view, events)
    memory = bot.memory
    odds = bot.belief()
    facts: dict[int, list[str]] = {s["seat"]: [] for s in view["seats"] if s["seat"] != me}
    certain: dict[int, str] = {}
    zh = lang == "zh"
    read: dict[tuple[int, int], dict[str, Any]] = {}  # (user, target) -> the last probe text the viewer read
    passing: _Passing | None = None

    def note(seat: int, text: str) -> None:
        if seat in facts:
            facts[seat].append(text)

    for e in events:
        kind = e["kind"]
        if kind == "probe":
            if e.get("identity"):
                read[(e["user"], e["target"])] = e
        elif kind == "probe_answer":
            seat, user = e["seat"], e["user"]
            text = read.pop((user, seat), None)
            answer = e.get("answer")
            if answer == "line":
                said = probe_line(e.get("line"), lang)
                what = f"说“{said}”" if zh else f"said “{said}”"
            elif answer == "draw":
                what = "抽了二张牌" if zh else "drew 2"
            else:
                what = "弃了一张牌" if zh else "discarded a card"
            by = seat_name(user, lang)
            if text is not None:
                ident = name(text["identity"], lang)
                verdict = (
                    (f"不是{ident}" if answer == "line" else f"是{ident}")
                    if zh
                    else (f"not {ident}" if answer == "line" else f"is {ident}")
                )
                if memory.conceals(seat):
                    verdict += "（城府：可隐瞒）" if zh else " (may conceal)"
                probe = card_name(text.get("card"), lang)
                note(
                    seat,
                    f"被{by}试探 {probe}：{what} → {verdict}" if zh else f"probed by {by} {probe}: {what} → {verdict}",
                )
            else:
                note(seat, f"被{by}试探：{what}" if zh else f"probed by {by}: {what}")
        elif kind == "turn":
            passing = None
        elif kind == "send":
            passing = _Passing(e.get("card"), e["method"] == TEXT, {e["seat"]})
        elif kind in ("decoded", "inspected") and passing is not None:
            passing.knowers.add(e["seat"])
            if e.get("card") is not None:
                passing.card = e["card"]
        elif kind == "decline" and passing is not None:
            if passing.face_up or e["seat"] in passing.knowers:
                passing.refused.append(e["seat"])
        elif kind in ("obtain", "intel_discarded"):
            card = e["card"]
            if passing is not None and (kind == "intel_discarded" or e.get("how") in ("accept", "forced", "intercept")):
                for s in passing.refused:
                    note(s, f"拒收 {card_name(card, lang)}" if zh else f"refused {card_name(card, lang)}")
                if kind == "obtain":
                    seen = passing.face_up or e["seat"] in passing.knowers
                    verb = {
                        "accept": ("接收", "took"),
                        "forced": ("被迫接收", "had to take"),
                        "intercept": ("截获", "intercepted"),
                    }[e["how"]]
                    known = ("（收前看得到）" if zh else " (seen before)") if seen else ""
                    note(e["seat"], f"{verb[0 if zh else 1]} {card_name(card, lang)}{known}")
                passing = None
        elif kind == "identity_revealed":
            certain[e["seat"]] = e["identity"]
            note(
                e["seat"],
                f"翻开身份牌：{name(e['identity'], lang)}"
                if zh
                else f"turned his identity face up: {name(e['identity'], lang)}",
            )
        elif kind == "identities_exchanged" and e.get("identities"):
            for s, ident in zip((e["seat"], e["target"]), e["identities"], strict=True):
                if s != me:
                    certain[s] = ident
                    note(s, f"身份被查看：{name(ident, lang)}" if zh else f"identity seen: {name(ident, lang)}")
        elif kind == "identity_taken":  # 臨危受命: what was known of the giver's card is known of hers now
            taker, giver = e["seat"], e["target"]
            if giver in certain:
                certain[taker] = certain[giver]
            elif taker != me:
                certain.pop(taker, None)
            certain[giver] = NO_IDENTITY
            note(
                taker,
                f"得到 {seat_name(giver, lang)} 的身份牌" if zh else f"took {seat_name(giver, lang)}'s identity card",
            )
        elif kind == "died":
            certain[e["seat"]] = e["identity"]
            how = death_how(e.get("killer"), lang)
            note(
                e["seat"],
                f"死亡（{how}），身份：{identity_name(e['identity'], lang)}"
                if zh
                else f"died ({how}); identity: {identity_name(e['identity'], lang)}",
            )
        elif kind == "lost":
            certain[e["seat"]] = e["identity"]
            how = loss_how(e.get("why", ""), lang, texts)
            note(
                e["seat"],
                f"出局（{how}），身份：{identity_name(e['identity'], lang)}"
                if zh
                else f"out ({how}); identity: {identity_name(e['identity'], lang)}",
            )
    for info in view["seats"]:  # identities the view shows (revealed, or seen) that no event above told
        if info["seat"] != me and info.get("identity"):
            certain.setdefault(info["seat"], info["identity"])
    out: list[SeatNotes] = []
    for s in sorted(facts):
        p = odds.get(s) or {i: 0.0 for i in IDENTITIES}
        sure = certain.get(s)
        if sure is not None:
            p = {i: 1.0 if i == sure else 0.0 for i in IDENTITIES}
        out.append(SeatNotes(s, {i: float(p.get(i, 0.0)) for i in IDENTITIES}, sure, facts[s]))
    return out


def render_notes(
    notes: list[SeatNotes], lang: str = "zh", me: int | None = None, facts: int = FACTS_SHOWN
) -> RenderableType:
    """The notebook as a panel: a row per seat with the three identity percentages and its latest ``facts``."""
    from fengsheng.play.screen import STYLE, colourize

    zh = lang == "zh"
    table = Table(expand=True, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("座位" if zh else "Seat", no_wrap=True)
    for ident, short in zip(IDENTITIES, ("潜伏", "军情", "酱油") if zh else ("UG", "MI", "By"), strict=True):
        table.add_column(Text(short, style=STYLE[ident]), justify="right", no_wrap=True)
    table.add_column("依据" if zh else "Why", overflow="fold", ratio=1)
    for n in notes:
        cells: list[RenderableType] = [Text(seat_name(n.seat, lang), style="bold")]
        for ident in IDENTITIES:
            pct = round(100 * n.odds[ident])
            cells.append(Text(f"{pct}%", style=STYLE[ident] if pct >= 50 else STYLE["dim"] if pct == 0 else ""))
        shown = n.facts[-facts:] if facts else n.facts
        more = len(n.facts) - len(shown)
        why = ("；" if zh else "; ").join(shown) or ("（还没有线索）" if zh else "(no clues yet)")
        if more:
            why = (f"（另有 {more} 条）" if zh else f"(+{more} earlier) ") + why
        cells.append(colourize(why, me, lang))
        table.add_row(*cells)
    title = "笔记：只根据你看到的推断" if zh else "Notes: inferred from what you saw"
    return Panel(Group(table), title=title, title_align="left")


__all__ = ["FACTS_SHOWN", "SeatNotes", "notebook", "render_notes"]
