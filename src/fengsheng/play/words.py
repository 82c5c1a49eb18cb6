"""Plain words for decisions and options, in Chinese (default) or English, for any front end.

:func:`describe_option` turns an option (``play c23 lock @3``, ``send c17 @2``, ``choose @3 x45`` …) into a phrase a
player understands (``用 [红·锁定·密电] 锁定 3号``); :func:`describe_decision` says what is being asked. Both read only
a seat's view (never the game), so they reveal nothing that seat may not know. The help texts (cards, characters,
identities, transmission methods, a short rules summary) are here too: :func:`help_topic` finds one by name.

Nothing here depends on ``rich``: the terminal front end (``fengsheng.play.screen``) adds the colours.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from fengsheng.characters import all_characters
from fengsheng.characters import find as find_character
from fengsheng.characters import text as character_text
from fengsheng.core.cards import ALL_CARD_TYPES, IDENTITIES, METHODS
from fengsheng.core.options import (
    ACCEPT,
    CHOOSE,
    DECLARE,
    DECLINE,
    DISCARD,
    PASS,
    PICK,
    PLAY,
    RESPOND,
    SEND,
    SKILL,
    Option,
    parse_option,
)
from fengsheng.text import card_name, card_names, card_text, name, probe_line, rendered_deck, rules_text, seat_name

CHARACTERS = all_characters()  # the character catalog of every edition, for names and help texts

ZH, EN = "zh", "en"


def _t(lang: str, zh: str, en: str) -> str:
    return zh if lang == ZH else en


# ---------------------------------------------------------------------------------------------------------------
# Seats, skills, stack entries
# ---------------------------------------------------------------------------------------------------------------
def who(seat: int, lang: str = ZH, me: int | None = None) -> str:
    """``3号`` / ``P3``; the viewer's own seat is marked ``0号（你）`` / ``P0 (you)``."""
    if seat == me:
        return _t(lang, f"{seat_name(seat, lang)}（你）", f"{seat_name(seat, lang)} (you)")
    return seat_name(seat, lang)


def _texts(view: dict[str, Any] | None) -> str:
    """The character text set of the game a view is of (``""``: the edition's default)."""
    return str((view or {}).get("character_texts") or "")


def skill_label(skill: str, lang: str = ZH, text_set: str = "") -> str:
    """A skill by its id (``C-LAO_GUI-1``) or its option key (``lao_gui.1``): ``「就计」``, or the character's name and
    the skill's number when the card prints no name (``「译电员·技能1」``). ``text_set``: the game's character texts."""
    char_id, number = _split_skill(skill)
    ch = find_character(char_id, text_set)
    if ch is None:
        return skill
    for sk in ch.texts.get("skills", []):
        if sk["id"].rsplit("-", 1)[-1] == number:
            label = sk["name"][lang] or _t(lang, f"{ch.name(lang)}·技能{number}", f"{ch.name(lang)} {number}")
            return _t(lang, f"「{label}」", f"'{label}'")
    return skill


def skill_text(skill: str, lang: str = ZH, text_set: str = "") -> str:
    """The printed text of a skill (by id or option key), or ``""``."""
    char_id, number = _split_skill(skill)
    ch = find_character(char_id, text_set)
    if ch is None:
        return ""
    for sk in ch.texts.get("skills", []):
        if sk["id"].rsplit("-", 1)[-1] == number:
            return str(sk["text"][lang])
    return ""


def _split_skill(skill: str) -> tuple[str, str]:
    """``lao_gui.1`` or ``C-LAO_GUI-1`` → (``lao_gui``, ``1``)."""
    if skill.startswith("C-") and skill.count("-") >= 2:
        body, number = skill[2:].rsplit("-", 1)
        return body.lower(), number
    if "." in skill:
        char_id, number = skill.rsplit(".", 1)
        return char_id, number
    return skill, ""


def use_name(use: str, lang: str = ZH, text_set: str = "") -> str:
    """What a stack entry is used as: a card type (``锁定``) or a character skill (``「就计」``)."""
    if use in ALL_CARD_TYPES:
        return name(use, lang)
    return skill_label(use, lang, text_set)


def describe_use(entry: dict[str, Any], lang: str = ZH, me: int | None = None, text_set: str = "") -> str:
    """One pending use of a view's ``stack``: ``#7 2号 锁定 → 3号 [红·锁定·密电]``."""
    parts = [f"#{entry['uid']}", who(entry["user"], lang, me), use_name(entry["use"], lang, text_set)]
    target = entry.get("target", -1)
    ref = entry.get("ref", -1)
    if entry["use"] == "see_through":
        parts.append(f"→ #{ref}")
    elif target is not None and target >= 0:
        parts.append(f"→ {who(target, lang, me)}")
        if ref is not None and ref >= 0:
            parts.append(_t(lang, f"面前的 {card_name(ref, lang)}", f"(on {card_name(ref, lang)})"))
    if entry["use"] in ALL_CARD_TYPES:
        parts.append(card_name(entry.get("card"), lang))
    return " ".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------------------------------------------
_PLAY_ZH = {
    "lock": "锁定 {t}",
    "lure_away": "对 {t} 使用调虎离山",
    "intercept": "截获传递中的情报",
    "return": "退回情报",
    "decode": "破译情报",
    "burn": "烧毁 {t} 面前的 {x}",
    "see_through": "识破 {u}",
    "probe": "试探 {t}",
    "true_or_false": "使用真伪莫辨",
}
_PLAY_EN = {
    "lock": "lock {t}",
    "lure_away": "lure {t} away",
    "intercept": "intercept the intelligence",
    "return": "return the intelligence",
    "decode": "decode the intelligence",
    "burn": "burn {x} in front of {t}",
    "see_through": "see through {u}",
    "probe": "probe {t}",
    "true_or_false": "play True or False",
}


def _stack_entry(view: dict[str, Any] | None, uid: int) -> dict[str, Any] | None:
    for entry in (view or {}).get("stack", []):
        if entry["uid"] == uid:
            return dict(entry)
    return None


def _last_probe_on_me(view: dict[str, Any] | None) -> dict[str, Any] | None:
    if not view or view.get("me") is None:
        return None
    mine = [p for p in view["me"].get("probes", []) if p.get("target") == view.get("seat") and "effect" in p]
    return mine[-1] if mine else None


def _next_seat(view: dict[str, Any] | None, seat: int, direction: int) -> int | None:
    if not view:
        return None
    seats = view["seats"]
    n = len(seats)
    s = seat
    for _ in range(n - 1):
        s = (s + direction) % n
        if seats[s]["alive"] and not seats[s]["lost"]:
            return s
    return None


def describe_option(
    option: Option | str,
    lang: str = ZH,
    view: dict[str, Any] | None = None,
    kind: str = "",
    context: str = "",
    skill_offer: bool = False,
) -> str:
    """One option in plain words. ``view`` (the deciding seat's) lets it name stack entries and mark "you";
    ``kind``/``context`` (the decision's) choose the words for ``pass``; ``skill_offer``: the decision is "use this
    skill or not" (so ``pass`` reads "don't use it")."""
    o = parse_option(option) if isinstance(option, str) else option
    me = view.get("seat") if view else None

    def W(seat: int) -> str:
        return who(seat, lang, me)

    def C(card: int) -> str:
        return card_name(card, lang)

    k = o.kind
    if k == PASS:
        return _pass_words(lang, view, kind, context, skill_offer)
    if k == DECLARE:
        return _t(lang, "宣告胜利！", "Declare victory!")
    if k == ACCEPT:
        return _t(lang, "接收这份情报", "Accept the intelligence")
    if k == DECLINE:
        t = (view or {}).get("transit") or {}
        if t.get("method") == "direct" and not t.get("back"):
            return _t(lang, "不接收（情报退回传出者）", "Decline (it goes back to the sender)")
        return _t(lang, "不接收（情报传给下一位）", "Decline (it moves on)")
    if k == DISCARD:
        return _t(lang, f"弃掉 {C(o.card)}", f"Discard {C(o.card)}")
    if k == PICK:
        return _t(lang, f"选第 {o.ref + 1} 张面朝下的牌", f"Take face-down card {o.ref + 1}")
    if k == RESPOND:
        probe = _last_probe_on_me(view)
        if o.name == "effect":
            what = f"：{name(probe['effect'], lang)}" if probe and lang == ZH else ""
            what = f": {name(probe['effect'], lang)}" if probe and lang == EN else what
            return _t(lang, f"执行试探上的效果{what}", f"Do the probe's effect{what}")
        said = probe_line(probe["line"], lang) if probe else ""
        return _t(
            lang, f"说出台词：“{said}”" if probe else "说出台词", f"Say the line: “{said}”" if probe else "Say the line"
        )
    if k == CHOOSE:
        if o.name:
            cname = _char_name(o.name, lang, _texts(view))
            return _t(lang, f"选择角色 【{cname}】", f"Choose [{cname}]")
        if o.target >= 0 and o.ref >= 0:
            return _t(lang, f"选择 {W(o.target)} 面前的情报 {C(o.ref)}", f"Choose {C(o.ref)} in front of {W(o.target)}")
        if o.target >= 0:
            return _t(lang, f"选择 {W(o.target)}", f"Choose {W(o.target)}")
        if o.card >= 0:
            return _t(lang, f"选择手牌 {C(o.card)}", f"Choose {C(o.card)} from your hand")
        return _t(lang, "选择", "Choose")
    if k == SEND:
        card = rendered_deck()[o.card]
        if o.target >= 0:
            return _t(lang, f"以直达传出 {C(o.card)} → {W(o.target)}", f"Send {C(o.card)} direct to {W(o.target)}")
        direction = -1 if o.name == "cw" else 1
        method = name(card.method, lang)
        nxt = _next_seat(view, me, direction) if me is not None else None
        if lang == ZH:
            way = "顺时针" if direction < 0 else "逆时针"
            first = f"，先到 {W(nxt)}" if nxt is not None else ""
            return f"以{method}传出 {C(o.card)}（{way}{first}）"
        way = "clockwise" if direction < 0 else "counterclockwise"
        first = f", first to {W(nxt)}" if nxt is not None else ""
        return f"Send {C(o.card)} as {method} ({way}{first})"
    if k == PLAY:
        return _play_words(o, lang, view, W, C)
    if k == SKILL:
        label = skill_label(o.use, lang, _texts(view))
        tail = ""
        if o.target >= 0 and o.ref >= 0:
            tail = _t(lang, f" → {W(o.target)} 面前的 {C(o.ref)}", f" on {C(o.ref)} in front of {W(o.target)}")
        elif o.target >= 0:
            tail = f" → {W(o.target)}"
        elif o.ref >= 0:
            tail = f" → {C(o.ref)}"
        return _t(lang, f"发动 {label}{tail}", f"Use {label}{tail}")
    return str(o)


def _char_name(cid: str, lang: str, text_set: str = "") -> str:
    ch = find_character(cid, text_set)
    return ch.name(lang) if ch is not None else cid


def _play_words(o: Option, lang: str, view: dict[str, Any] | None, W: Any, C: Any) -> str:
    card = rendered_deck()[o.card]
    table = _PLAY_ZH if lang == ZH else _PLAY_EN
    template = table.get(o.use, o.use)
    u = f"#{o.ref}"
    entry = _stack_entry(view, o.ref) if o.use == "see_through" else None
    if entry is not None:
        me = view.get("seat") if view else None
        inner = describe_use(entry, lang, me, _texts(view)).split(" ", 1)[1]
        u = f"#{o.ref}（{inner}）" if lang == ZH else f"#{o.ref} ({inner})"
    what = template.format(
        t=W(o.target) if o.target >= 0 else "", x=C(o.ref) if o.ref >= 0 and o.use != "see_through" else "", u=u
    ).strip()
    if card.type != o.use:  # a character lets this card be used as another type (a conversion)
        return _t(
            lang, f"把 {C(o.card)} 当作{name(o.use, lang)}：{what}", f"Use {C(o.card)} as {name(o.use, lang)}: {what}"
        )
    return _t(lang, f"用 {C(o.card)} {what}", f"{what[0].upper()}{what[1:]} with {C(o.card)}")


def _pass_words(lang: str, view: dict[str, Any] | None, kind: str, context: str, skill_offer: bool) -> str:
    if kind == "declare":
        return _t(lang, "暂不宣告", "Not now")
    if kind == "skill_choice":
        return _t(lang, "不发动", "Don't use it") if skill_offer else _t(lang, "不选", "Choose none")
    if kind == "priority" and view is not None:
        mine = view.get("current") == view.get("seat")
        if mine and context == "play" and not view.get("stack"):
            return _t(lang, "不再出牌（进入传递情报阶段）", "Done playing (go to the passing phase)")
        if mine and context == "end" and not view.get("stack"):
            return _t(lang, "结束回合", "End the turn")
    return _t(lang, "不出牌（放弃）", "Pass")


def number_options(options: list[Option] | tuple[Option, ...]) -> list[tuple[int, Option]]:
    """Number the options for a player: ``pass`` is always 0 (when it is on offer), the others 1, 2, … in the
    engine's order."""
    out: list[tuple[int, Option]] = []
    n = 1
    for o in options:
        if o.kind == PASS:
            out.insert(0, (0, o))
        else:
            out.append((n, o))
            n += 1
    return out


def describe_options(
    options: list[Option] | tuple[Option, ...],
    lang: str = ZH,
    view: dict[str, Any] | None = None,
    kind: str = "",
    context: str = "",
    merge_same: bool = True,
) -> list[tuple[int, str, Option]]:
    """``number_options`` with each option in plain words: ``[(number, words, option), …]``.

    ``merge_same``: options that differ only by which of two identical cards they use (two 黑·截获·密电 in hand,
    two identical black cards in front of a player) are one choice for a player: only the first is listed.
    """
    skill_offer = any(o.kind == SKILL for o in options)
    kept: list[Option] = []
    seen: set[tuple[Any, ...]] = set()
    for o in options:
        key = _sameness(o)
        if merge_same and key in seen:
            continue
        seen.add(key)
        kept.append(o)
    return [(n, describe_option(o, lang, view, kind, context, skill_offer), o) for n, o in number_options(kept)]


def _card_face(card: int) -> tuple[Any, ...]:
    c = rendered_deck()[card]
    return (c.type, c.colour, c.method, c.probe_identity, c.probe_effect, c.probe_line)


def _sameness(o: Option) -> tuple[Any, ...]:
    """What a player can tell apart in an option: the faces of its cards, not their ids."""
    card = _card_face(o.card) if o.card >= 0 else None
    ref_is_card = o.ref >= 0 and o.kind in (PLAY, CHOOSE, SKILL) and o.use != "see_through"
    ref = _card_face(o.ref) if ref_is_card else o.ref
    return (o.kind, card, o.use, o.target, ref, o.name)


# ---------------------------------------------------------------------------------------------------------------
# Decisions
# ---------------------------------------------------------------------------------------------------------------
_WINDOW_ZH = {"play": "出牌阶段", "step1": "情报传递", "step2": "情报到达", "end": "回合结束阶段"}
_WINDOW_EN = {
    "play": "play phase",
    "step1": "intelligence in transit",
    "step2": "intelligence arrives",
    "end": "end phase",
}


def describe_decision(view: dict[str, Any], lang: str = ZH) -> str:
    """What the viewer is asked now, in one or two sentences (the viewer must be the deciding seat)."""
    d = view.get("decision") or {}
    kind, context = d.get("kind", ""), d.get("context", "")
    me = view.get("seat")
    cur = view.get("current", -1)
    if kind == "choose_character":
        return _t(lang, "选择你的角色（从发给你的两张中选一张）", "Choose your character (one of the two dealt to you)")
    if kind == "priority":
        where = (_WINDOW_ZH if lang == ZH else _WINDOW_EN).get(context, context)
        whose = (
            _t(lang, "你的回合", "your turn")
            if cur == me
            else _t(lang, f"{seat_name(cur, lang)}的回合", f"{seat_name(cur, lang)}'s turn")
        )
        stack = view.get("stack") or []
        if stack:
            top = describe_use(stack[-1], lang, me, _texts(view))
            return _t(
                lang,
                f"{whose} · {where}：有牌等待结算（最上面：{top}）。你要响应吗？",
                f"{whose} · {where}: cards are waiting to resolve (top: {top}). Respond?",
            )
        if cur == me and context == "play":
            return _t(lang, f"{whose} · 出牌阶段：使用一张牌，或结束出牌", f"{whose} · play phase: use a card, or stop")
        return _t(lang, f"{whose} · {where}：你可以使用一张牌", f"{whose} · {where}: you may use a card")
    if kind == "send":
        return _t(
            lang,
            "传递情报阶段：选一张手牌作为情报传出（密电、文本依次传递，直达直接指定一位玩家）",
            "Passing phase: choose a card of your hand to send as intelligence (secret/text travel seat by seat; "
            "direct goes to the player you name)",
        )
    if kind == "receive":
        t = view.get("transit") or {}
        card = t.get("card")
        seen = (
            _t(lang, f"：{card_name(card, ZH)}", f": {card_name(card, EN)}")
            if card is not None
            else _t(lang, "（面朝下）", " (face down)")
        )
        sender = t.get("sender", -1)
        method = name(t.get("method", ""), lang)
        if sender is not None and sender >= 0 and sender != me:
            return _t(
                lang,
                f"{seat_name(sender, ZH)} 以{method}传出的情报到了你面前{seen}。接收吗？",
                f"The {method} intelligence {seat_name(sender, EN)} sent reaches you{seen}. Accept it?",
            )
        return _t(lang, f"情报传到了你面前{seen}。接收吗？", f"The intelligence reaches you{seen}. Accept it?")
    if kind == "discard":
        return _t(lang, "试探：弃一张手牌", "Probe: discard a card")
    if kind == "respond":
        probe = _last_probe_on_me(view)
        shown = ""
        if probe is not None:
            shown = f" {card_name(probe.get('card'), lang)}"
        return _t(
            lang,
            f"你被试探{shown}，可以隐瞒身份：执行效果，或说出台词",
            f"You are probed{shown} and may conceal your identity: do the effect, or say the line",
        )
    if kind == "pick":
        return _t(
            lang,
            "真伪莫辨：选一张面朝下的牌作为你的情报",
            "True or False: take one face-down card as your intelligence",
        )
    if kind == "declare":
        return _t(lang, "你的胜利条件已经达成：现在宣告胜利吗？", "Your victory condition holds: declare victory now?")
    if kind == "skill_choice":
        label = skill_label(context, lang, _texts(view))
        text = skill_text(context, lang, _texts(view))
        return f"{label}{_t(lang, '：', ': ')}{text}" if text else label
    return f"{kind} {context}".strip()


# ---------------------------------------------------------------------------------------------------------------
# Identities and help texts
# ---------------------------------------------------------------------------------------------------------------
def identity_goal(
    identity: str,
    lang: str = ZH,
    target: int = 3,
    character: str | None = None,
    characters: bool = True,
    text_set: str = "",
) -> str:
    """How an identity wins, in one sentence (``text_set``: the game's character texts, for the mission)."""
    if identity == "underground":
        return _t(
            lang,
            f"你或任一潜伏战线队友面前有 {target} 张红色情报时宣告胜利",
            f"win when you or a fellow Underground agent has {target} red intelligence",
        )
    if identity == "military_intel":
        return _t(
            lang,
            f"你或任一军情局队友面前有 {target} 张蓝色情报时宣告胜利",
            f"win when you or a fellow Military Intelligence agent has {target} blue intelligence",
        )
    if not characters:
        return _t(
            lang,
            "没有角色就没有机密任务：只能成为最后留在游戏中的玩家而获胜",
            "no secret mission without characters: you win only as the last player standing",
        )
    if character is not None and find_character(character, text_set) is not None:
        return _t(lang, "完成你角色的机密任务：", "complete your character's secret mission: ") + str(
            character_text(character, lang, text_set)["mission"]
        )
    return _t(lang, "完成角色的机密任务", "complete your character's secret mission")


RULES_TEXT = {
    ZH: (
        "风声：每人有一张秘密的身份牌——潜伏战线（集齐 3 张红色情报获胜）、军情局（集齐 3 张蓝色情报获胜）或打酱油的（完成角色的机密任务）。\n"
        "回合：抽二张牌 → 出牌阶段（使用功能牌）→ 传递情报阶段（必须传出一张手牌作为情报）→ 回合结束。\n"
        "传递：密电面朝下、文本面朝上，依次传给下一位；直达直接传给指定的玩家。情报到达时可以接收或不接收；"
        "没人接收时回到传出者面前，他必须接收。\n"
        "死亡：面前有 3 张黑色情报（假情报）的玩家死亡。无法传出情报（没有手牌）的玩家出局。\n"
        "响应：使用卡牌后，从下一位开始每人都可以响应；后发先至——最后使用的牌最先结算。"
    ),
    EN: (
        "The Message: everyone has a secret identity: Underground (win with 3 red intelligence), Military "
        "Intelligence (3 blue) or Bystander (complete your character's secret mission).\n"
        "A turn: draw 2 → play phase (use action cards) → passing phase (you must send a card of your hand as "
        "intelligence) → end.\n"
        "Passing: secret goes face down and text face up, seat by seat; direct goes straight to the player you name. "
        "When it reaches a player he may accept it or not; if nobody does, it comes back and the sender must take it.\n"
        "Death: a player with 3 black (false) intelligence dies. A player who cannot send (no cards) is out.\n"
        "Responses: after a card is used everyone may respond in turn; last in, first resolved."
    ),
}

METHOD_TEXT = {
    ZH: {
        "secret": "密电：面朝下传递，依次传给下一位玩家（默认逆时针）。",
        "text": "文本：面朝上传递，依次传给下一位玩家（默认逆时针）。",
        "direct": "直达：面朝下，直接传给你指定的一位玩家；他不接收时退回传出者。",
    },
    EN: {
        "secret": "Secret: travels face down, seat by seat (counterclockwise by default).",
        "text": "Text: travels face up, seat by seat (counterclockwise by default).",
        "direct": "Direct: face down, straight to the player you name; if he declines it goes back to the sender.",
    },
}


def character_help(cid: str, lang: str = ZH, text_set: str = "") -> str:
    """A character's card: name, type, skills and mission, in the texts of ``text_set`` (the game's)."""
    t = character_text(cid, lang, text_set)
    kind = (
        _t(lang, "隐藏角色（开局盖伏）", "hidden (starts face down)") if t["hidden"] else _t(lang, "公开角色", "public")
    )
    lines = [f"{_t(lang, '【' + t['name'] + '】', '[' + t['name'] + ']')} {kind}"]
    for i, sk in enumerate(t["skills"], 1):
        label = sk["name"] or _t(lang, f"技能{i}", f"skill {i}")
        lines.append(f"  {label}{_t(lang, '：', ': ')}{sk['text']}")
    lines.append(f"  {_t(lang, '机密任务（打酱油的）：', 'Secret mission (Bystander): ')}{t['mission']}")
    return "\n".join(lines)


def card_help(card_type: str, lang: str = ZH) -> str:
    """A card type's name and rules text, as the edition being rendered prints it (``text.edition_texts``)."""
    return f"{name(card_type, lang)}{_t(lang, '：', ': ')}{card_text(card_type, lang)}"


def commands_help(lang: str = ZH) -> str:
    return _t(
        lang,
        "输入选项的编号来选择（0 总是“放弃/不出牌”）。其他命令：\n"
        "  ?              这个帮助，以及和当前问题有关的卡牌、角色说明\n"
        "  ? 编号 / help 名称   某个选项、卡牌、角色、身份的说明（例：help 锁定、help 老鬼、help 3）\n"
        "  help 规则      游戏规则简介\n"
        "  log [N]        重看最近 N 条记录（默认 30）\n"
        "  look           重新显示牌桌\n"
        "  notes [on|off] 笔记：每个座位的身份可能性和依据（on/off：在牌桌上显示或隐藏）\n"
        "  quit           退出（保存对局记录）",
        'Type an option\'s number to choose it (0 is always "pass"). Other commands:\n'
        "  ?              this help, with the cards and characters of the current question\n"
        "  ? N / help NAME   rules text of option N, a card, a character or an identity (help lock, help 3)\n"
        "  help rules     a short summary of the rules\n"
        "  log [N]        show the last N events again (default 30)\n"
        "  look           show the table again\n"
        "  notes [on|off] your notebook: how likely each seat's identity is, and why (on/off: show it on the screen)\n"
        "  quit           leave the game (the record is saved)",
    )


def normalize(text: str) -> str:
    """Full-width digits and punctuation (a Chinese input method's) become ASCII; spaces are trimmed."""
    return unicodedata.normalize("NFKC", text).strip()


def _key(s: str) -> str:
    return normalize(s).lower().replace(" ", "").replace("_", "").replace("-", "").replace("【", "").replace("】", "")


def help_topic(
    topic: str,
    lang: str = ZH,
    view: dict[str, Any] | None = None,
    numbered: list[tuple[int, Option]] | None = None,
) -> str | None:
    """The rules text for ``topic``: an option number, a card type, a card id (``c23``), a character, a skill, an
    identity, a transmission method, a seat (``3`` is an option number when there is one; ``3号``/``P3`` its
    character), or ``rules``. ``None`` if nothing matches."""
    key = _key(topic)
    if not key:
        return None
    texts = _texts(view)
    if key in (_key("规则"), "rules", "rule"):
        return rules_text(lang) or RULES_TEXT[lang]
    if key.isdigit() and numbered is not None:
        for n, o in numbered:
            if n == int(key):
                return option_help(o, lang, texts)
    if key.startswith("c") and key[1:].isdigit() and int(key[1:]) < len(rendered_deck()):
        card = rendered_deck()[int(key[1:])]
        return card_help(card.type, lang)
    seat = _seat_of(key, view)
    if seat is not None and view is not None:
        info = view["seats"][seat]
        if info.get("character"):
            return f"{who(seat, lang, view.get('seat'))}: " + character_help(info["character"], lang, texts)
        return _t(
            lang,
            f"{seat_name(seat, lang)} 的角色是盖伏的（看不到）",
            f"{seat_name(seat, lang)}'s character is face down",
        )
    in_deck = {c.type for c in rendered_deck()}
    for t in ALL_CARD_TYPES:
        if t in in_deck and key in {_key(t), *map(_key, card_names(t))}:
            return card_help(t, lang)
    catalog = all_characters(texts) if texts else CHARACTERS
    for cid, ch in catalog.items():
        if key in (_key(cid), _key(ch.name(ZH)), _key(ch.name(EN))):
            return character_help(cid, lang, texts)
    for ch in catalog.values():
        for sk in ch.texts.get("skills", []):
            if key in {_key(n) for n in (sk["name"][ZH], sk["name"][EN]) if n}:
                return f"{ch.name(lang)} {skill_label(sk['id'], lang, texts)}{_t(lang, '：', ': ')}{sk['text'][lang]}"
    for ident in IDENTITIES:
        if key in (_key(ident), _key(name(ident, ZH)), _key(name(ident, EN))):
            return f"{name(ident, lang)}{_t(lang, '：', ': ')}{identity_goal(ident, lang)}"
    for m in METHODS:
        if key in (_key(m), _key(name(m, ZH)), _key(name(m, EN))):
            return METHOD_TEXT[lang][m]
    return None


def _seat_of(key: str, view: dict[str, Any] | None) -> int | None:
    if view is None:
        return None
    digits = ""
    if key.endswith("号") and key[:-1].isdigit():
        digits = key[:-1]
    elif key.startswith(("p", "@")) and key[1:].isdigit():
        digits = key[1:]
    if digits and int(digits) < len(view["seats"]):
        return int(digits)
    return None


def option_help(o: Option, lang: str = ZH, text_set: str = "") -> str:
    """The rules behind one option: the card's text (and the converted use's), or the skill's."""
    parts: list[str] = []
    if o.card >= 0:
        card = rendered_deck()[o.card]
        parts.append(f"{card_name(o.card, lang)} " + card_help(card.type, lang))
        if o.kind == PLAY and o.use and o.use != card.type and o.use in ALL_CARD_TYPES:
            parts.append(card_help(o.use, lang))
        if o.kind == SEND:
            parts.append(METHOD_TEXT[lang][card.method])
    if o.kind == SKILL:
        parts.append(f"{skill_label(o.use, lang, text_set)}{_t(lang, '：', ': ')}{skill_text(o.use, lang, text_set)}")
    if o.kind == CHOOSE and find_character(o.name, text_set) is not None:
        parts.append(character_help(o.name, lang, text_set))
    if o.kind == CHOOSE and o.ref >= 0:
        parts.append(f"{card_name(o.ref, lang)} " + card_help(rendered_deck()[o.ref].type, lang))
    if not parts:
        return describe_option(o, lang)
    return "\n".join(parts)


__all__ = [
    "METHOD_TEXT",
    "RULES_TEXT",
    "card_help",
    "character_help",
    "commands_help",
    "describe_decision",
    "describe_option",
    "describe_options",
    "describe_use",
    "help_topic",
    "identity_goal",
    "normalize",
    "number_options",
    "option_help",
    "skill_label",
    "skill_text",
    "use_name",
    "who",
]
