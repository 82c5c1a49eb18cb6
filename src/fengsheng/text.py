"""Names and log lines in Chinese (default) and English.

Texts are data: one table per language. :func:`render_event` turns an event, as one seat saw it (or a spectator),
into a line of text, by the renderer registered for the event's kind (``@line("obtain")``, one small function per
kind, grouped by section like ``fengsheng.core.events``; the bookkeeping kinds in :data:`SILENT` get no line).
Nothing here reads hidden state: it only formats what the event dict already contains.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from fengsheng.editions.standard.deck import DECK as STANDARD_DECK

if TYPE_CHECKING:
    from fengsheng.core.cards import Card
    from fengsheng.editions.base import Edition

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
        "transfer": "转移",
        "swap": "调包",
        "reinforce": "增援",
        "gamble": "博弈",
        "rebalance": "权衡",
        "draw_1": "抽一张牌",
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
        "transfer": "Transfer",
        "swap": "Swap",
        "reinforce": "Reinforce",
        "gamble": "Gamble",
        "rebalance": "Rebalance",
        "draw_1": "draw 1",
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
        "transfer": "把传递到自己的情报传递到另一位玩家，他必须接收。只能在情报传递到你时使用。",
        "swap": "把此牌和传递中的情报调换，并且以面朝上方式展示，传递方式不变。只能在情报传递阶段使用。",
        "reinforce": "你每拥有一张黑情报，就抽黑情报数量+1的牌。只能在自己的出牌阶段使用。",
        "gamble": "指定一位玩家，获得牌库顶牌作为情报。只能在自己的出牌阶段使用。",
        "rebalance": "将你的手牌全部弃掉，然后重新抽取数量相等的牌。只能在自己的出牌阶段使用。",
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
        "transfer": "When the intelligence reaches you: pass it on to another player, who must accept it.",
        "swap": "In the passing phase: this card replaces the intelligence in transit, face up, same method.",
        "reinforce": "Your play phase: draw one card more than the black intelligence in front of you.",
        "gamble": "Your play phase: a player you choose obtains the top card of the deck as intelligence.",
        "rebalance": "Your play phase: discard your whole hand, then draw as many cards.",
    },
}


_EDITION_WORDS: dict[str, dict[str, dict[str, str]]] = {"001": {"zh": {"military_intel": "军情处"}}}
"""Text set -> lang -> the words an edition says otherwise: 001 names the blue faction 軍情處 (the standard rulebook
军情局; one identity, S-ID-6)."""
_WORDS: ContextVar[Mapping[str, Mapping[str, str]] | None] = ContextVar("words", default=None)


def identity_name(identity: str, lang: str = "zh") -> str:
    """An identity held at death, loss or the end: its name, or "no identity card" when 致命香水's 臨危受命 took it
    (``NO_IDENTITY``, R-43)."""
    if identity:
        return name(identity, lang)
    return "无身份牌" if lang == "zh" else "no identity card"


def name(key: str, lang: str = "zh") -> str:
    words = _WORDS.get()
    if words is not None:
        over = words.get(lang)
        if over is not None and key in over:
            return over[key]
    return NAMES[lang].get(key, key)


_DECK: ContextVar[Sequence[Card]] = ContextVar("deck", default=STANDARD_DECK)
"""The deck card ids are looked up in: the standard edition's unless an edition's texts are being rendered."""


def deck_of_texts(text_set: str) -> Sequence[Card]:
    """The deck of the edition whose character text set is ``text_set`` (text sets are unique across editions)."""
    ed = _edition_of_texts(text_set)
    return ed.deck if ed is not None else STANDARD_DECK


def _edition_of_texts(text_set: str) -> Edition | None:
    from fengsheng.editions import EDITIONS, get_edition

    for name_ in EDITIONS:
        ed = get_edition(name_)
        if text_set in ed.text_sets:
            return ed
    return None


@cache
def text_data(text_set: str) -> Mapping[str, Any]:
    """A text set's texts other than the characters': ``editions/<edition>/data/texts-<set>.json`` (the cards as
    that edition prints them, its rules summary), or ``{}`` when the set has none (the standard edition's texts
    are the tables of this module)."""
    ed = _edition_of_texts(text_set)
    if ed is None:
        return {}
    path = files(f"fengsheng.editions.{ed.id}").joinpath("data", f"texts-{text_set}.json")
    if not path.is_file():
        return {}
    data: Mapping[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


class edition_texts:  # a context manager named as a function: ``with edition_texts(...)``
    """Card ids named inside the block are the cards of the edition of ``text_set`` (a game's
    ``config.character_texts``), and names are that edition's words: ``with edition_texts(g.config.character_texts):
    card_name(c)``. A class rather than a generator (``contextlib.contextmanager``): a server enters it for every
    question it builds, and the generator's machinery cost several times the three context variables it sets."""

    __slots__ = ("_tokens", "text_set")

    def __init__(self, text_set: str) -> None:
        self.text_set = text_set
        self._tokens: tuple[Any, Any, Any, Any] | None = None

    def __enter__(self) -> None:
        deck, words, data, key = _rendering_of(self.text_set)
        self._tokens = (_DECK.set(deck), _WORDS.set(words), _TEXTS.set(data), _RENDERING.set(key))

    def __exit__(self, *exc: object) -> None:
        assert self._tokens is not None
        deck, words, data, key = self._tokens
        self._tokens = None
        _RENDERING.reset(key)
        _TEXTS.reset(data)
        _WORDS.reset(words)
        _DECK.reset(deck)


@cache
def _rendering_of(text_set: str) -> tuple[Sequence[Card], Any, Mapping[str, Any], tuple[int, int, int]]:
    """What :func:`edition_texts` sets for ``text_set``: its deck, its words, its texts and the key of that
    rendering (:func:`rendering`)."""
    deck, words, data = deck_of_texts(text_set), _EDITION_WORDS.get(text_set), text_data(text_set)
    return deck, words, data, (id(deck), id(words), id(data))


_TEXTS: ContextVar[Mapping[str, Any]] = ContextVar("texts", default=MappingProxyType({}))
"""The :func:`text_data` of the texts being rendered (:func:`edition_texts`)."""


_RENDERING: ContextVar[tuple[int, int, int]] = ContextVar(
    "rendering", default=(id(STANDARD_DECK), id(None), id(_TEXTS.get()))
)
"""The key of the texts being rendered (:func:`rendering`), set with them by :func:`edition_texts`."""


def rendering() -> tuple[int, int, int]:
    """Which texts are being rendered (:func:`edition_texts`), as a key for what is cached of a rendering: the
    identities of the deck, the edition's words and its texts in use. Each of those lives as long as the process
    (an edition's deck, this module's tables, :func:`text_data`'s cache), so two moments with the same key render
    card ids, names and texts alike."""
    return _RENDERING.get()


def card_text(card_type: str, lang: str = "zh") -> str:
    """A card type's rules text as the edition being rendered prints it (:func:`edition_texts`; the standard
    rulebook's by default): 001's 鎖定 is for one's own play phase, the standard one for one's own turn."""
    own = _TEXTS.get().get("cards", {}).get(card_type)
    if own is not None:
        return str(own[lang])
    return CARD_TEXT[lang].get(card_type, "")


def card_names(card_type: str) -> tuple[str, ...]:
    """Every name a card type goes by, for looking it up: its names in both languages and the rendered edition's
    printed name (001's traditional 轉移 beside 转移)."""
    own = _TEXTS.get().get("cards", {}).get(card_type, {}).get("name")
    return tuple(n for n in (name(card_type, "zh"), name(card_type, "en"), own) if n)


def rules_text(lang: str = "zh") -> str | None:
    """The rules summary of the edition being rendered, or ``None`` when it has none of its own (the standard)."""
    own = _TEXTS.get().get("rules")
    return str(own[lang]) if own is not None else None


def rendered_deck() -> Sequence[Card]:
    """The deck whose card ids are being rendered (:func:`edition_texts`; the standard edition's by default)."""
    return _DECK.get()


def card_name(card: int | None, lang: str = "zh") -> str:
    """``[红·锁定·直达]`` / ``[red Lock (direct)]``; a hidden card is ``[?]``. The card is one of the deck of the
    texts being rendered (:func:`edition_texts`; the standard edition's by default)."""
    if card is None:
        return "[?]" if lang == "en" else "[？]"
    c = _DECK.get()[card]
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
    if ch is None:
        return cid
    return f"【{ch.name(lang)}】" if lang == "zh" else f"[{ch.name(lang)}]"


def _skill_entry(skill: str, text_set: str = "") -> tuple[Any, dict[str, Any]] | None:
    """The character and the skill's text entry of a skill id (``C-LAO_GUI-1``; 千智风声 ``QC-LAO_GUI-1``) or use key
    (``lao_gui.1``)."""
    by_key = not skill.startswith(("C-", "QC-"))
    if by_key and "." not in skill:
        return None
    char_id, _, number = skill.rpartition(".")
    # a short name may be in several editions (lao_gui): the characters of ``text_set`` first
    for ch in sorted(_catalog(text_set).values(), key=lambda c: c.text_set != text_set):
        for sk in ch.texts.get("skills", []):
            if by_key:
                if ch.id.split(".")[-1] == char_id and sk["id"].rsplit("-", 1)[-1] == number:
                    return ch, sk
            elif sk["id"] == skill:
                return ch, sk
    return None


def skill_name(skill_id: str, lang: str = "zh", text_set: str = "") -> str:
    """A skill as a player names it: its character and its printed name (``【老鬼】「就计」``), or its character alone
    when the card prints no name (``【峨嵋风】``: the rulebook names such skills by their character)."""
    found = _skill_entry(skill_id, text_set)
    if found is None:
        return skill_id
    ch, sk = found
    who = character_name(ch.id, lang, text_set)
    label = sk["name"][lang]
    if not label:
        return who
    return f"{who}「{label}」" if lang == "zh" else f"{who} '{label}'"


_TRIGGER = {
    "zh": re.compile(r"^[^。]*?[时時]，?(?:你)?(?:可以|可)?(?=.)"),  # 時: 千智风声's texts are traditional
    "en": re.compile(r"^(?:When|If|Whenever|Each time|After)\b[^,]*,\s*(?:you may\s*)?(?=.)"),
}
"""The trigger clause a skill's text opens with (``当情报传递到你时，可以`` / ``When intelligence reaches you, you
may``): the log says what the skill did, after the event that triggered it."""


def skill_effect(skill_id: str, lang: str = "zh", text_set: str = "") -> str:
    """What a skill does, for the log: its printed text without the trigger (``当情报传递到你时，可以`` / ``When
    intelligence reaches you, you may``) and the final full stop; the whole text when there is no trigger."""
    found = _skill_entry(skill_id, text_set)
    if found is None:
        return ""
    text = str(found[1]["text"][lang]).strip()
    effect = _TRIGGER["zh" if lang == "zh" else "en"].sub("", text, count=1) or text
    return effect.lstrip("：，,: ").rstrip("。.")


# ==============================================================================================================
# Log lines: one renderer per event kind, grouped by section like fengsheng.core.events
# ==============================================================================================================
Renderer = Callable[[dict[str, Any], str, str], str | None]

RENDERERS: dict[str, Renderer] = {}
"""The renderer of each event kind that has a log line (see :func:`line`)."""

STANDARD_TEXT_SETS = ("000", "004")
"""The standard edition's text sets: their card ids need no lookup of the edition."""

SILENT = frozenset({"phase", "turn_end", "resolve_stack", "resolve", "cancelled", "tof_leftover", "dying"})
"""Bookkeeping kinds that never get a line (their news is told by the events around them)."""


def line(*kinds: str) -> Callable[[Renderer], Renderer]:
    """Register the decorated ``(event, lang, text_set) -> str | None`` as the renderer of ``kinds``."""

    def register(fn: Renderer) -> Renderer:
        for k in kinds:
            if k in RENDERERS or k in SILENT:
                raise ValueError(f"event kind {k!r} already has a renderer or is silent")
            RENDERERS[k] = fn
        return fn

    return register


def render_event(e: dict[str, Any], lang: str = "zh", text_set: str = "", viewer: int | None = None) -> str | None:
    """One line for an event (as a seat saw it), by the renderer registered for ``e["kind"]``. ``text_set``: the
    game's character texts (for character and skill names). ``viewer``: the seat the log is for, whose own identity
    line says "you" (``你（0号）的身份``); without it (a demo, a spectator) no seat is "you".

    ``None`` for the bookkeeping kinds in :data:`SILENT`, for a kind without a renderer (an unknown kind gets no
    line), and when the seat did not see what the line would say (another seat's identity)."""
    if viewer is not None and e["kind"] == "identity" and e.get("seat") == viewer and "identity" in e:
        seat, identity = seat_name(viewer, lang), name(e["identity"], lang)
        return f"你（{seat}）的身份：{identity}" if lang == "zh" else f"Your identity ({seat}): {identity}"
    render = RENDERERS.get(e["kind"])
    if render is None:
        return None
    if text_set and text_set not in STANDARD_TEXT_SETS:
        with edition_texts(text_set):
            return render(e, lang, text_set)
    return render(e, lang, text_set)


def render_events(
    events: list[dict[str, Any]], lang: str = "zh", text_set: str = "", viewer: int | None = None
) -> list[str]:
    """The log lines of a run of events (:func:`render_event` each), with what one event alone cannot say: an
    identity turned face up says why (the skill whose cost it is, named by the skill event that follows it)."""
    out: list[str] = []
    for i, e in enumerate(events):
        text = render_event(e, lang, text_set, viewer)
        if text is None:
            continue
        if e["kind"] == "identity_revealed":
            cause = next(
                (x for x in events[i + 1 : i + 4] if x["kind"] == "skill" and x.get("seat") == e.get("seat")), None
            )
            if cause is not None:
                skill = skill_name(cause["skill"], lang, text_set)
                text += f"（发动{skill}的代价）" if lang == "zh" else f" (the cost of {skill})"
        out.append(text)
    return out


def _s(e: dict[str, Any], key: str, lang: str) -> str:
    """The seat in field ``key``."""
    return seat_name(e.get(key), lang)


def _c(e: dict[str, Any], key: str, lang: str) -> str:
    """The card in field ``key`` (``[?]`` when the seat did not see it)."""
    return card_name(e.get(key), lang)


# --- Setup (S-SETUP) ------------------------------------------------------------------------------------------
@line("setup")
def _setup(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    counts = list(zip(e["distribution"], ("underground", "military_intel", "bystander"), strict=False))
    if lang == "zh":
        mix = "、".join(f"{n} 名{name(k, lang)}" for n, k in counts if n)
        return f"{e['players']}人局，身份：{mix}"
    mix = ", ".join(f"{n} {name(k, lang)}{'s' if k == 'bystander' and n > 1 else ''}" for n, k in counts if n)
    return f"{e['players']} players; identities: {mix}"


@line("characters_dealt")
def _characters_dealt(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    if "characters" not in e:
        return None
    names = " / ".join(character_name(c, lang, text_set) for c in e["characters"])
    seat = _s(e, "seat", lang)
    return f"{seat} 获发角色：{names}" if lang == "zh" else f"{seat} is dealt {names}"


@line("character")
def _character(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    zh = lang == "zh"
    seat = _s(e, "seat", lang)
    who = character_name(e.get("character"), lang, text_set)
    state = "" if e.get("face_up") else ("（盖伏）" if zh else " (face down)")
    return f"{seat} 的角色：{who}{state}" if zh else f"{seat} plays {who}{state}"


@line("identity")
def _identity(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    if "identity" not in e:
        return None
    seat, identity = _s(e, "seat", lang), name(e["identity"], lang)
    return f"{seat} 的身份：{identity}" if lang == "zh" else f"{seat}'s identity: {identity}"


@line("first_player")
def _first_player(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    return f"起始玩家：{seat}" if lang == "zh" else f"First player: {seat}"


# --- Turns (S-TURN) -------------------------------------------------------------------------------------------
@line("turn")
def _turn(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    return f"—— 第{e['turn']}回合：{seat} ——" if lang == "zh" else f"—— Turn {e['turn']}: {seat} ——"


@line("draw")
def _draw(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    cards = e.get("cards")
    shown = " ".join(card_name(c, lang) for c in cards) if cards is not None else ""
    seat = _s(e, "seat", lang)
    if lang == "zh":
        return f"{seat} 抽了{e['count']}张牌 {shown}".rstrip()
    return f"{seat} draws {e['count']} {shown}".rstrip()


@line("reshuffle")
def _reshuffle(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    if lang == "zh":
        return f"弃牌堆洗混成为新牌库（{e['count']}张）"
    return f"The discard pile becomes the deck ({e['count']} cards)"


@line("cannot_send")
def _cannot_send(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    return f"{seat} 无法传出情报" if lang == "zh" else f"{seat} cannot send intelligence"


# --- Passing (S-PASS, S-METH) ---------------------------------------------------------------------------------
@line("send")
def _send(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    tgt = f" → {_s(e, 'target', lang)}" if e.get("target", -1) >= 0 else ""
    seat, method, card = _s(e, "seat", lang), name(e["method"], lang), _c(e, "card", lang)
    return f"{seat} 以{method}传出情报{tgt} {card}" if lang == "zh" else f"{seat} sends {method}{tgt} {card}"


@line("turn_back")
def _turn_back(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    return "直达情报返回传出者" if lang == "zh" else "The direct intelligence turns back to the sender"


@line("intel_discarded")
def _intel_discarded(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    card = _c(e, "card", lang)
    return f"无人接收，情报 {card} 进入弃牌堆" if lang == "zh" else f"Nobody takes it: {card} is discarded"


@line("arrive")
def _arrive(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    return f"情报到达 {seat}" if lang == "zh" else f"The intelligence reaches {seat}"


@line("decline")
def _decline(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    return f"{seat} 不接收" if lang == "zh" else f"{seat} declines"


# --- Windows and the stack (S-PRIO) ---------------------------------------------------------------------------
@line("use")
def _use(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    """``2号 使用 #1 截获 [黑·截获·密电]``; a burn names the card used and the card it burns (``烧毁 4号 面前的
    [黑·截获·密电]``), a 识破 the entry it cancels."""
    zh = lang == "zh"
    seat, use, card = _s(e, "seat", lang), use_name(e["use"], lang, text_set), _c(e, "card", lang)
    target, ref = e.get("target", -1), e.get("ref", -1)
    if e["use"] == "burn" and target >= 0 and ref >= 0:
        burned = card_name(ref, lang)
        if zh:
            return f"{seat} 使用 #{e['uid']} 烧毁 {card}：目标是 {_s(e, 'target', lang)} 面前的 {burned}"
        return f"{seat} uses #{e['uid']} Burn {card} on {burned} in front of {_s(e, 'target', lang)}"
    tgt = ""
    if e["use"] == "see_through":
        tgt = f" → #{ref}"
    elif target >= 0:
        tgt = f" → {_s(e, 'target', lang)}"
    return f"{seat} 使用 #{e['uid']} {use}{tgt} {card}" if zh else f"{seat} uses #{e['uid']} {use}{tgt} {card}"


def use_name(use: str, lang: str = "zh", text_set: str = "") -> str:
    """What a stack entry is used as: a card type (``锁定``) or a character's skill (``【峨嵋风】``)."""
    if use in NAMES[lang]:
        return name(use, lang)
    return skill_name(use, lang, text_set)


_FIZZLE_WHY = {
    "zh": {
        "target_gone": "目标已不在",
        "card_gone": "情报已被拿走",
        "target_illegal": "目标已不合法",
        "not_applicable": "此时不适用",
        "user_gone": "使用者已离开游戏",
    },
    "en": {
        "target_gone": "its target is gone",
        "card_gone": "the intelligence is gone",
        "target_illegal": "its target is no longer legal",
        "not_applicable": "it no longer applies",
        "user_gone": "its user has left the game",
    },
}


@line("no_effect")
def _no_effect(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    use = use_name(e["use"], lang, text_set)
    return f"#{e['uid']} {use} 被识破，无效" if lang == "zh" else f"#{e['uid']} {use} is seen through: no effect"


@line("fizzle")
def _fizzle(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    use = use_name(e["use"], lang, text_set)
    why = _FIZZLE_WHY["zh" if lang == "zh" else "en"].get(e["why"], e["why"])
    return f"#{e['uid']} {use} 无效果：{why}" if lang == "zh" else f"#{e['uid']} {use} has no effect: {why}"


# --- Cards (S-CARD-*) -----------------------------------------------------------------------------------------
@line("locked")
def _locked(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    return f"{seat} 被锁定" if lang == "zh" else f"{seat} is locked"


@line("lured")
def _lured(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    return f"{seat} 被调虎离山" if lang == "zh" else f"{seat} is lured away"


@line("returned")
def _returned(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    return f"{seat} 退回情报" if lang == "zh" else f"{seat} returns the intelligence"


@line("transferred")
def _transferred(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, target = _s(e, "seat", lang), _s(e, "target", lang)
    return f"{seat} 把情报转移给 {target}" if lang == "zh" else f"{seat} transfers the intelligence to {target}"


@line("transit_replaced")
def _transit_replaced(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, old = _s(e, "seat", lang), _c(e, "old", lang)
    if lang == "zh":
        card = f" {card_name(e['card'], lang)} " if "card" in e else ""  # spaced as the neighbouring lines' cards
        return f"{seat} 以一张手牌{card}换下传递中的 {old}"
    card = f" {card_name(e['card'], lang)}" if "card" in e else ""
    return f"{seat} replaces {old} in transit with a card of his hand{card}"


@line("transit_to_deck")
def _transit_to_deck(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    if lang == "zh":
        return f"{seat} 将传递中的情报与牌库顶的牌调换"
    return f"{seat} exchanges the intelligence in transit with the top card of the deck"


@line("used_card_taken")
def _used_card_taken(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, card = _s(e, "seat", lang), _c(e, "card", lang)
    return f"{seat} 将 {card} 收入手牌" if lang == "zh" else f"{seat} takes {card} into his hand"


@line("swapped")
def _swapped(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, card, old = _s(e, "seat", lang), _c(e, "card", lang), _c(e, "old", lang)
    if lang == "zh":
        return f"{seat} 调包：{card} 换下传递中的 {old}"
    return f"{seat} swaps: {card} replaces {old} in transit"


@line("decoded")
def _decoded(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seen = (f"：{_c(e, 'card', lang)}" if lang == "zh" else f": {_c(e, 'card', lang)}") if "card" in e else ""
    seat = _s(e, "seat", lang)
    return f"{seat} 破译了情报{seen}" if lang == "zh" else f"{seat} decodes the intelligence{seen}"


PROBE_LINES = {"我是好人": "I'm one of the good guys", "我是卧底": "I'm undercover"}
"""The two lines a probe card prints, in English (the cards print them in Chinese)."""


def probe_line(text: str | None, lang: str = "zh") -> str:
    """A probe's printed line in ``lang``."""
    if text is None:
        return ""
    return text if lang == "zh" else PROBE_LINES.get(text, text)


@line("probe")
def _probe(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    zh = lang == "zh"
    user, target = _s(e, "user", lang), _s(e, "target", lang)
    if "identity" in e:
        what = f"{name(e['identity'], lang)}/{name(e['effect'], lang)}/“{probe_line(e['line'], lang)}”"
        return f"{user} 试探 {target}：{what}" if zh else f"{user} probes {target}: {what}"
    return f"{user} 试探 {target}" if zh else f"{user} probes {target}"


@line("probe_answer")
def _probe_answer(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    zh = lang == "zh"
    seat = _s(e, "seat", lang)
    a = e["answer"]
    if a == "line":
        return f"{seat}：“{e['line']}”" if zh else f"{seat} says: “{probe_line(e['line'], lang)}”"
    if a == "draw_1":
        return f"{seat} 执行：抽一张牌" if zh else f"{seat} draws 1"
    if a == "draw":
        return f"{seat} 执行：抽二张牌" if zh else f"{seat} draws 2"
    if a == "discard":
        card = _c(e, "card", lang)
        return f"{seat} 执行：弃掉 {card}" if zh else f"{seat} discards {card}"
    return f"{seat} 没有手牌可弃" if zh else f"{seat} has no card to discard"


@line("revealed")
def _revealed(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    card = _c(e, "card", lang)
    return f"#{e['uid']} 是 {card}" if lang == "zh" else f"#{e['uid']} was {card}"


@line("tof_layout")
def _tof_layout(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    return f"真伪莫辨：摆出{e['count']}张牌" if lang == "zh" else f"True or False: {e['count']} cards laid out"


# --- Cards and intelligence moving (S-TERM) -------------------------------------------------------------------
_OBTAIN_VERB = {
    "zh": ({"intercept": "截获", "true_or_false": "选得", "forced": "被迫接收", "gamble": "博弈获得"}, "接收"),
    "en": ({"intercept": "intercepts", "true_or_false": "picks", "forced": "must take", "gamble": "gets"}, "takes"),
}


@line("obtain")
def _obtain(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    verbs, other = _OBTAIN_VERB["zh" if lang == "zh" else "en"]
    verb = verbs.get(e["how"], other)
    seat, card = _s(e, "seat", lang), _c(e, "card", lang)
    return f"{seat} {verb}情报 {card}" if lang == "zh" else f"{seat} {verb} {card}"


@line("burned")
def _burned(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    by, seat, card = _s(e, "by", lang), _s(e, "seat", lang), _c(e, "card", lang)
    return f"{by} 烧毁了 {seat} 面前的 {card}" if lang == "zh" else f"{by} burns {card} in front of {seat}"


@line("intel_moved")
def _intel_moved(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    card, src, to = card_name(e["card"], lang), seat_name(e["from"], lang), seat_name(e["to"], lang)
    return f"{card} 从 {src} 面前移到 {to} 面前" if lang == "zh" else f"{card} moves from {src} to {to}"


@line("intel_to_hand")
def _intel_to_hand(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    card, src, to = card_name(e["card"], lang), seat_name(e["from"], lang), seat_name(e["to"], lang)
    return f"{src} 面前的 {card} 加入 {to} 的手牌" if lang == "zh" else f"{card} of {src} goes to {to}'s hand"


@line("intel_to_deck")
def _intel_to_deck(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    card, src = card_name(e["card"], lang), seat_name(e["from"], lang)
    return f"{src} 面前的 {card} 放回牌库顶" if lang == "zh" else f"{card} of {src} goes back on top of the deck"


@line("to_deck")
def _to_deck(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, card = _s(e, "seat", lang), _c(e, "card", lang)
    return f"{seat} 把一张手牌放回牌库顶 {card}" if lang == "zh" else f"{seat} puts a card on top of the deck {card}"


@line("top_revealed")
def _top_revealed(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, card = _s(e, "seat", lang), card_name(e["card"], lang)
    return f"{seat} 展示牌库顶：{card}" if lang == "zh" else f"{seat} shows the top of the deck: {card}"


@line("inspected")
def _inspected(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seen = (
        (f"：{card_name(e['card'], lang)}" if lang == "zh" else f": {card_name(e['card'], lang)}")
        if "card" in e
        else ""
    )
    seat = _s(e, "seat", lang)
    return f"{seat} 检视了情报{seen}" if lang == "zh" else f"{seat} looks at the intelligence{seen}"


@line("give")
def _give(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, to, card = _s(e, "seat", lang), seat_name(e["to"], lang), _c(e, "card", lang)
    return f"{seat} 交给 {to} 一张牌 {card}" if lang == "zh" else f"{seat} gives {to} a card {card}"


@line("take")
def _take(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, src, card = _s(e, "seat", lang), seat_name(e["from"], lang), _c(e, "card", lang)
    return f"{seat} 抽取 {src} 的一张手牌 {card}" if lang == "zh" else f"{seat} takes a card from {src} {card}"


@line("inspect_hand")
def _inspect_hand(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seen = " ".join(card_name(c, lang) for c in e["cards"]) if "cards" in e else ""
    seat, target = _s(e, "seat", lang), seat_name(e["target"], lang)
    if lang == "zh":
        return f"{seat} 检视 {target} 的手牌 {seen}".rstrip()
    return f"{seat} looks at {target}'s hand {seen}".rstrip()


@line("show_hand")
def _show_hand(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    cards = " ".join(card_name(c, lang) for c in e["cards"])
    seat = _s(e, "seat", lang)
    return f"{seat} 展示手牌：{cards}" if lang == "zh" else f"{seat} shows his hand: {cards}"


@line("discarded")
def _discarded(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, card = _s(e, "seat", lang), card_name(e["card"], lang)
    return f"{seat} 弃掉 {card}" if lang == "zh" else f"{seat} discards {card}"


# --- Characters and identities (S-CHAR, S-ID) -----------------------------------------------------------------
@line("skill")
def _skill(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    tgt = f" → {seat_name(e['target'], lang)}" if e.get("target", -1) >= 0 else ""
    seat, skill = _s(e, "seat", lang), skill_name(e["skill"], lang, text_set)
    effect = skill_effect(e["skill"], lang, text_set)
    if lang == "zh":
        return f"{seat} 发动{skill}{tgt}" + (f"：{effect}" if effect else "")
    return f"{seat} uses {skill}{tgt}" + (f": {effect}" if effect else "")


@line("flip")
def _flip(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, who = _s(e, "seat", lang), character_name(e["character"], lang, text_set)
    return f"{seat} 翻开角色 {who}" if lang == "zh" else f"{seat} flips {who}"


@line("cover")
def _cover(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    return f"{seat} 的角色被盖伏" if lang == "zh" else f"{seat}'s character is covered"


@line("identity_revealed")
def _identity_revealed(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, identity = _s(e, "seat", lang), name(e["identity"], lang)
    return f"{seat} 翻开身份牌：{identity}" if lang == "zh" else f"{seat} turns his identity face up: {identity}"


@line("identities_exchanged")
def _identities_exchanged(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    a, b = e.get("seat"), e.get("target")
    known = ""
    if "identities" in e:  # [the first seat's, the second seat's]
        known = " " + ", ".join(
            f"{seat_name(s, lang)}: {name(i, lang)}" for s, i in zip((a, b), e["identities"], strict=True)
        )
    sa, sb = seat_name(a, lang), seat_name(b, lang)
    if lang == "zh":
        return f"{sa} 与 {sb} 互相查看身份牌{known}"
    return f"{sa} and {sb} look at each other's identity{known}"


@line("identity_taken")
def _identity_taken(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, target = _s(e, "seat", lang), _s(e, "target", lang)
    if lang == "zh":
        known = f"（移出：{name(e['own'], lang)}；得到：{name(e['identity'], lang)}）" if "identity" in e else ""
        return f"{seat} 把自己的身份牌面朝下移出游戏，得到 {target} 的身份牌{known}"
    known = f" (out: {name(e['own'], lang)}; taken: {name(e['identity'], lang)})" if "identity" in e else ""
    return f"{seat} puts his identity card out of the game face down and takes {target}'s{known}"


# --- Deaths, losses and the end (S-DEATH, S-LOSE, S-WIN) ------------------------------------------------------
@line("rescued")
def _rescued(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    return f"{seat} 获救" if lang == "zh" else f"{seat} is rescued"


def death_how(killer: int | None, lang: str = "zh") -> str:
    """How a player died (S-DEATH-1): three false intelligence in front of him, the fatal one from ``killer`` (the
    seat that sent or placed it, A-48; unknown when ``None`` or negative)."""
    if killer is None or killer < 0:
        return "面前有三张假情报" if lang == "zh" else "three false intelligence in front of him"
    who = seat_name(killer, lang)
    if lang == "zh":
        return f"面前有三张假情报，致命的一张来自 {who}"
    return f"three false intelligence in front of him, the fatal one from {who}"


def loss_how(why: str, lang: str = "zh", text_set: str = "") -> str:
    """How a player lost without dying: he could not send intelligence in his turn (S-LOSE-1), or a rule of his
    character made him lose (小白's 败露: its name and its text)."""
    if why == "cannot_send":
        return "他的回合里无法传出情报" if lang == "zh" else "he could not send intelligence in his turn"
    found = _skill_entry(why, text_set)
    if found is not None:
        text = str(found[1]["text"][lang]).rstrip("。.")
        return (
            f"{skill_name(why, lang, text_set)}：{text}"
            if lang == "zh"
            else f"{skill_name(why, lang, text_set)}: {text}"
        )
    return why


@line("died")
def _died(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, identity = _s(e, "seat", lang), identity_name(e["identity"], lang)
    how = death_how(e.get("killer"), lang)
    return f"{seat} 死亡（{how}），身份：{identity}" if lang == "zh" else f"{seat} dies ({how}); identity: {identity}"


@line("lost")
def _lost(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat, identity = _s(e, "seat", lang), identity_name(e["identity"], lang)
    how = loss_how(e.get("why", ""), lang, text_set)
    if lang == "zh":
        return f"{seat} 输掉游戏（{how}），身份：{identity}"
    return f"{seat} loses the game ({how}); identity: {identity}"


@line("declare")
def _declare(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    seat = _s(e, "seat", lang)
    return f"{seat} 宣告胜利！" if lang == "zh" else f"{seat} declares victory!"


@line("game_over")
def _game_over(e: dict[str, Any], lang: str, text_set: str) -> str | None:
    return result_line(e, lang)


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
    factions = ("、" if lang == "zh" else ", ").join(name(f, lang) for f in r["factions"])
    reason = REASONS[lang].get(r["reason"], r["reason"])
    if lang == "zh":
        return f"游戏结束（{reason}）：胜者 {winners or '无'} {factions}"
    return f"Game over ({reason}): winners {winners or 'none'} {factions}"


def _catalog(text_set: str = "") -> dict[str, Any]:
    from fengsheng.characters import all_characters

    return all_characters(text_set)
