"""Names and log lines in Chinese (default) and English.

Texts are data: one table per language. :func:`render_event` turns an event, as one seat saw it (or a spectator),
into a line of text. Nothing here reads hidden state: it only formats what the event dict already contains.
"""

from __future__ import annotations

from typing import Any

from fengsheng.editions.standard.deck import DECK as STANDARD_DECK

LANGS = ("zh", "en")

NAMES: dict[str, dict[str, str]] = {
    "zh": {
        "lock": "锁定",
        "lure_away": "调虎离山",
        "intercept": "截获",
        "return": "退回",
        "decode": "破译",
        "burn": "烧毁",
        "see_through": "识破",
        "probe": "试探",
        "true_or_false": "真伪莫辨",
        "red": "红",
        "blue": "蓝",
        "black": "黑",
        "secret": "密电",
        "direct": "直达",
        "text": "文本",
        "underground": "潜伏战线",
        "military_intel": "军情局",
        "bystander": "打酱油的",
        "draw_2": "抽二张牌",
        "discard_1": "弃一张手牌",
        "start": "回合开始阶段",
        "draw": "抽牌阶段",
        "play": "出牌阶段",
        "pass": "传递情报阶段",
        "end": "回合结束阶段",
        "step1": "情报传递",
        "step2": "情报到达",
        "step3": "情报接收",
    },
    "en": {
        "lock": "Lock",
        "lure_away": "Lure Away",
        "intercept": "Intercept",
        "return": "Return",
        "decode": "Decode",
        "burn": "Burn",
        "see_through": "See Through",
        "probe": "Probe",
        "true_or_false": "True or False",
        "red": "red",
        "blue": "blue",
        "black": "black",
        "secret": "secret",
        "direct": "direct",
        "text": "text",
        "underground": "Underground",
        "military_intel": "Military Intelligence",
        "bystander": "Bystander",
        "draw_2": "draw 2",
        "discard_1": "discard 1",
        "start": "start phase",
        "draw": "draw phase",
        "play": "play phase",
        "pass": "passing phase",
        "end": "end phase",
        "step1": "transmit",
        "step2": "arrive",
        "step3": "receive",
    },
}

CARD_TEXT: dict[str, dict[str, str]] = {
    "zh": {
        "lock": "在自己回合中对（自己以外）任意一位玩家使用，本回合传出的情报若传递到该玩家，则该玩家必须接收。",
        "lure_away": "指定一位玩家不参与本次的情报传递。不能指定传出情报者和被锁定的玩家。",
        "intercept": "在他人回合的情报传递中使用，获得一张传递中的情报。",
        "return": "当情报传递到你的时候使用，该情报以反方向传递。",
        "decode": "当情报传递到你的时候可以使用，先检视该情报再做决定。",
        "burn": "烧毁（任意一位玩家的）一份假情报。",
        "see_through": "当一位玩家使用卡牌时你可以使用，目标卡牌无效。",
        "probe": "将此牌面朝下交给一位玩家：若他是所写身份，执行所写效果；否则说出所写台词。",
        "true_or_false": "从牌库顶将等同于现存玩家数的牌面朝下放置，从你开始逆时针每人轮流选择一张作为情报。",
    },
    "en": {
        "lock": "Your turn, on another player: if this turn's intelligence reaches him, he must accept it.",
        "lure_away": "Choose a player (not the sender, not a locked player): he takes no part in this pass.",
        "intercept": "In another player's pass: you obtain the intelligence being passed.",
        "return": "When the intelligence reaches you: it travels on in the opposite direction.",
        "decode": "When the intelligence reaches you: look at it before you decide.",
        "burn": "Burn one false (black) intelligence in front of any player.",
        "see_through": "When a player uses a card: that card has no effect.",
        "probe": "Hand it face down to a player: if he has the named identity he does the effect, else says the line.",
        "true_or_false": "Lay out one face-down card per living player; starting with you, each picks one as intelligence.",
    },
}


def name(key: str, lang: str = "zh") -> str:
    return NAMES[lang].get(key, key)


def card_name(card: int | None, lang: str = "zh") -> str:
    """``[红·锁定·直达]`` / ``[red Lock (direct)]``; a hidden card is ``[?]``."""
    if card is None:
        return "[?]" if lang == "en" else "[？]"
    c = STANDARD_DECK[card]
    if lang == "zh":
        extra = ""
        if c.probe_identity:
            extra = f"·{name(c.probe_identity, lang)}/{name(c.probe_effect or '', lang)}"
        return f"[{name(c.colour, lang)}·{name(c.type, lang)}{extra}·{name(c.method, lang)}]"
    extra = f" {name(c.probe_identity, lang)}/{name(c.probe_effect or '', lang)}" if c.probe_identity else ""
    return f"[{c.colour} {name(c.type, lang)}{extra} ({c.method})]"


def seat_name(seat: int | None, lang: str = "zh") -> str:
    if seat is None or seat < 0:
        return "—"
    return f"{seat}号" if lang == "zh" else f"P{seat}"


def character_name(cid: str | None, lang: str = "zh", text_set: str = "") -> str:
    """A character's name (in the game's character texts ``text_set``); a face-down character not known to the
    viewer is 盖伏 / face down."""
    if cid is None:
        return "【盖伏角色】" if lang == "zh" else "[face-down character]"

    ch = _catalog(text_set).get(cid)
    return f"【{ch.name(lang)}】" if ch is not None else cid


def skill_name(skill_id: str, lang: str = "zh", text_set: str = "") -> str:
    """A skill's printed name, or its character's name and number (C-LAO_GUI-1 → 老鬼 1)."""

    for ch in _catalog(text_set).values():
        for sk in ch.texts.get("skills", []):
            if sk["id"] == skill_id:
                label = sk["name"][lang] or f"{ch.name(lang)} {skill_id.rsplit('-', 1)[-1]}"
                return f"「{label}」" if lang == "zh" else f"'{label}'"
    return skill_id


def render_event(e: dict[str, Any], lang: str = "zh", text_set: str = "") -> str | None:
    """One line for an event (as a seat saw it). ``None`` for bookkeeping events not worth a line. ``text_set``: the
    game's character texts (for character and skill names)."""
    k = e["kind"]
    zh = lang == "zh"

    def S(key: str) -> str:
        return seat_name(e.get(key), lang)

    def C(key: str) -> str:
        return card_name(e.get(key), lang)

    def N(v: str) -> str:
        return name(v, lang)

    if k == "setup":
        return (
            f"{e['players']}人局，身份分配 {e['distribution']}"
            if zh
            else f"{e['players']} players, identities {e['distribution']}"
        )
    if k == "identity":
        if "identity" not in e:
            return None
        return (
            f"你（{S('seat')}）的身份：{N(e['identity'])}" if zh else f"Your identity ({S('seat')}): {N(e['identity'])}"
        )
    if k == "draw":
        cards = e.get("cards")
        shown = " ".join(card_name(c, lang) for c in cards) if cards is not None else ""
        return (
            f"{S('seat')} 抽了{e['count']}张牌 {shown}".rstrip()
            if zh
            else f"{S('seat')} draws {e['count']} {shown}".rstrip()
        )
    if k == "first_player":
        return f"起始玩家：{S('seat')}" if zh else f"First player: {S('seat')}"
    if k == "turn":
        return f"—— 第{e['turn']}回合：{S('seat')} ——" if zh else f"—— Turn {e['turn']}: {S('seat')} ——"
    if k == "phase":
        return None
    if k == "use":
        tgt = ""
        if e.get("target", -1) >= 0:
            tgt = f" → {S('target')}"
        if e["use"] == "burn":
            tgt += f" {card_name(e['ref'], lang)}"
        if e["use"] == "see_through":
            tgt = f" → #{e['ref']}"
        card = card_name(e.get("card"), lang)
        return (
            f"{S('seat')} 使用 #{e['uid']} {N(e['use'])}{tgt} {card}"
            if zh
            else f"{S('seat')} uses #{e['uid']} {N(e['use'])}{tgt} {card}"
        )
    if k == "resolve_stack":
        return None
    if k == "resolve":
        return None
    if k == "no_effect":
        return f"#{e['uid']} {N(e['use'])} 被识破，无效" if zh else f"#{e['uid']} {N(e['use'])} is cancelled"
    if k == "fizzle":
        return (
            f"#{e['uid']} {N(e['use'])} 失去目标，无效"
            if zh
            else f"#{e['uid']} {N(e['use'])} has no effect ({e['why']})"
        )
    if k == "cancelled":
        return None
    if k == "revealed":
        return f"#{e['uid']} 是 {C('card')}" if zh else f"#{e['uid']} was {C('card')}"
    if k == "locked":
        return f"{S('seat')} 被锁定" if zh else f"{S('seat')} is locked"
    if k == "lured":
        return f"{S('seat')} 被调虎离山" if zh else f"{S('seat')} is lured away"
    if k == "returned":
        return f"{S('seat')} 退回情报" if zh else f"{S('seat')} returns the intelligence"
    if k == "decoded":
        seen = f"：{C('card')}" if "card" in e else ""
        return f"{S('seat')} 破译了情报{seen}" if zh else f"{S('seat')} decodes the intelligence{seen}"
    if k == "burned":
        return (
            f"{S('by')} 烧毁了 {S('seat')} 面前的 {C('card')}"
            if zh
            else f"{S('by')} burns {C('card')} in front of {S('seat')}"
        )
    if k == "probe":
        if "identity" in e:
            what = f"{N(e['identity'])}/{N(e['effect'])}/“{e['line']}”"
            return f"{S('user')} 试探 {S('target')}：{what}" if zh else f"{S('user')} probes {S('target')}: {what}"
        return f"{S('user')} 试探 {S('target')}" if zh else f"{S('user')} probes {S('target')}"
    if k == "probe_answer":
        a = e["answer"]
        if a == "line":
            return f"{S('seat')}：“{e['line']}”" if zh else f"{S('seat')} says: “{e['line']}”"
        if a == "draw":
            return f"{S('seat')} 执行：抽二张牌" if zh else f"{S('seat')} draws 2"
        if a == "discard":
            return f"{S('seat')} 执行：弃掉 {C('card')}" if zh else f"{S('seat')} discards {C('card')}"
        return f"{S('seat')} 没有手牌可弃" if zh else f"{S('seat')} has no card to discard"
    if k == "tof_layout":
        return f"真伪莫辨：摆出{e['count']}张牌" if zh else f"True or False: {e['count']} cards laid out"
    if k == "tof_leftover":
        return None
    if k == "send":
        tgt = f" → {S('target')}" if e.get("target", -1) >= 0 else ""
        return (
            f"{S('seat')} 以{N(e['method'])}传出情报{tgt} {C('card')}"
            if zh
            else f"{S('seat')} sends {N(e['method'])}{tgt} {C('card')}"
        )
    if k == "cannot_send":
        return f"{S('seat')} 无法传出情报" if zh else f"{S('seat')} cannot send intelligence"
    if k == "arrive":
        return f"情报到达 {S('seat')}" if zh else f"The intelligence reaches {S('seat')}"
    if k == "turn_back":
        return "直达情报返回传出者" if zh else "The direct intelligence turns back to the sender"
    if k == "decline":
        return f"{S('seat')} 不接收" if zh else f"{S('seat')} declines"
    if k == "obtain":
        how = e["how"]
        if zh:
            verb = {"intercept": "截获", "true_or_false": "选得", "forced": "被迫接收"}.get(how, "接收")
            return f"{S('seat')} {verb}情报 {C('card')}"
        verb = {"intercept": "intercepts", "true_or_false": "picks", "forced": "must take"}.get(how, "takes")
        return f"{S('seat')} {verb} {C('card')}"
    if k == "intel_discarded":
        return f"无人接收，情报 {C('card')} 进入弃牌堆" if zh else f"Nobody takes it: {C('card')} is discarded"
    if k == "reshuffle":
        return (
            f"弃牌堆洗混成为新牌库（{e['count']}张）"
            if zh
            else f"The discard pile becomes the deck ({e['count']} cards)"
        )
    if k == "dying":
        return None
    if k == "rescued":
        return f"{S('seat')} 获救" if zh else f"{S('seat')} is rescued"
    if k == "died":
        return (
            f"{S('seat')} 死亡，身份：{N(e['identity'])}" if zh else f"{S('seat')} dies; identity: {N(e['identity'])}"
        )
    if k == "lost":
        return (
            f"{S('seat')} 输掉游戏，身份：{N(e['identity'])}"
            if zh
            else f"{S('seat')} loses; identity: {N(e['identity'])}"
        )
    if k == "declare":
        return f"{S('seat')} 宣告胜利！" if zh else f"{S('seat')} declares victory!"
    if k == "game_over":
        return result_line(e, lang)
    return _render_character_event(e, lang, text_set)


def _render_character_event(e: dict[str, Any], lang: str, text_set: str = "") -> str | None:
    k = e["kind"]
    zh = lang == "zh"
    seat = seat_name(e.get("seat"), lang)
    if k == "characters_dealt":
        if "characters" not in e:
            return None
        names = " / ".join(character_name(c, lang, text_set) for c in e["characters"])
        return f"{seat} 获发角色：{names}" if zh else f"{seat} is dealt {names}"
    if k == "character":
        who = character_name(e.get("character"), lang, text_set)
        state = "" if e.get("face_up") else ("（盖伏）" if zh else " (face down)")
        return f"{seat} 的角色：{who}{state}" if zh else f"{seat} plays {who}{state}"
    if k == "flip":
        return (
            f"{seat} 翻开角色 {character_name(e['character'], lang, text_set)}"
            if zh
            else f"{seat} flips {character_name(e['character'], lang, text_set)}"
        )
    if k == "cover":
        return f"{seat} 的角色被盖伏" if zh else f"{seat}'s character is covered"
    if k == "identity_revealed":
        return (
            f"{seat} 翻开身份牌：{name(e['identity'], lang)}"
            if zh
            else f"{seat} reveals identity: {name(e['identity'], lang)}"
        )
    if k == "skill":
        tgt = f" → {seat_name(e['target'], lang)}" if e.get("target", -1) >= 0 else ""
        return (
            f"{seat} 发动 {skill_name(e['skill'], lang, text_set)}{tgt}"
            if zh
            else f"{seat} uses {skill_name(e['skill'], lang, text_set)}{tgt}"
        )
    if k == "give":
        return (
            f"{seat} 交给 {seat_name(e['to'], lang)} 一张牌 {card_name(e.get('card'), lang)}"
            if zh
            else f"{seat} gives {seat_name(e['to'], lang)} a card {card_name(e.get('card'), lang)}"
        )
    if k == "take":
        return (
            f"{seat} 抽取 {seat_name(e['from'], lang)} 的一张手牌 {card_name(e.get('card'), lang)}"
            if zh
            else f"{seat} takes a card from {seat_name(e['from'], lang)} {card_name(e.get('card'), lang)}"
        )
    if k == "show_hand":
        cards = " ".join(card_name(c, lang) for c in e["cards"])
        return f"{seat} 展示手牌：{cards}" if zh else f"{seat} shows his hand: {cards}"
    if k == "inspected":
        seen = f"：{card_name(e['card'], lang)}" if "card" in e else ""
        return f"{seat} 检视了情报{seen}" if zh else f"{seat} looks at the intelligence{seen}"
    if k == "intel_moved":
        return (
            f"{card_name(e['card'], lang)} 从 {seat_name(e['from'], lang)} 面前移到 {seat_name(e['to'], lang)} 面前"
            if zh
            else f"{card_name(e['card'], lang)} moves from {seat_name(e['from'], lang)} to {seat_name(e['to'], lang)}"
        )
    if k == "intel_to_hand":
        return (
            f"{seat_name(e['from'], lang)} 面前的 {card_name(e['card'], lang)} 加入 {seat_name(e['to'], lang)} 的手牌"
            if zh
            else f"{card_name(e['card'], lang)} of {seat_name(e['from'], lang)} goes to {seat_name(e['to'], lang)}'s hand"
        )
    if k == "to_deck":
        return (
            f"{seat} 把一张手牌放回牌库顶 {card_name(e.get('card'), lang)}"
            if zh
            else f"{seat} puts a card on top of the deck {card_name(e.get('card'), lang)}"
        )
    if k == "intel_to_deck":
        return (
            f"{seat_name(e['from'], lang)} 面前的 {card_name(e['card'], lang)} 放回牌库顶"
            if zh
            else f"{card_name(e['card'], lang)} of {seat_name(e['from'], lang)} goes back on top of the deck"
        )
    if k == "discarded":
        return f"{seat} 弃掉 {card_name(e['card'], lang)}" if zh else f"{seat} discards {card_name(e['card'], lang)}"
    if k == "inspect_hand":
        seen = " ".join(card_name(c, lang) for c in e["cards"]) if "cards" in e else ""
        return (
            f"{seat} 检视 {seat_name(e['target'], lang)} 的手牌 {seen}".rstrip()
            if zh
            else f"{seat} looks at {seat_name(e['target'], lang)}'s hand {seen}".rstrip()
        )
    if k == "identities_exchanged":
        a, b = e.get("seat"), e.get("target")
        known = ""
        if "identities" in e:  # [the first seat's, the second seat's]
            known = " " + ", ".join(
                f"{seat_name(s, lang)}: {name(i, lang)}" for s, i in zip((a, b), e["identities"], strict=True)
            )
        return (
            f"{seat_name(a, lang)} 与 {seat_name(b, lang)} 互相查看身份牌{known}"
            if zh
            else f"{seat_name(a, lang)} and {seat_name(b, lang)} look at each other's identity{known}"
        )
    if k == "top_revealed":
        return (
            f"{seat} 展示牌库顶：{card_name(e['card'], lang)}"
            if zh
            else f"{seat} shows the top of the deck: {card_name(e['card'], lang)}"
        )
    return f"{k} {e}"


REASONS = {
    "zh": {
        "declared": "宣告胜利",
        "hijacked": "机密任务夺取胜利",
        "last_standing": "最后的幸存者",
        "nobody_left": "无人幸存",
    },
    "en": {
        "declared": "declared victory",
        "hijacked": "a secret mission took the win",
        "last_standing": "last player standing",
        "nobody_left": "nobody is left",
    },
}


def result_line(r: dict[str, Any], lang: str = "zh") -> str:
    winners = (
        "、".join(seat_name(w, lang) for w in r["winners"])
        if lang == "zh"
        else ", ".join(seat_name(w, lang) for w in r["winners"])
    )
    factions = "、".join(name(f, lang) for f in r["factions"])
    reason = REASONS[lang].get(r["reason"], r["reason"])
    if lang == "zh":
        return f"游戏结束（{reason}）：胜者 {winners or '无'} {factions}"
    return f"Game over ({reason}): winners {winners or 'none'} {factions}"


def _catalog(text_set: str = "") -> dict[str, Any]:
    from fengsheng.characters import all_characters

    return all_characters(text_set)
