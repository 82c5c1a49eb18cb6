"""Options (the answers a seat may give) and the pending Decision.

An :class:`Option` is a small immutable tuple. Its string notation is stable and parses back::

    pass                              give up priority in a response window
    declare                           declare victory
    play c23 lock @3                  use card 23 as 锁定 on seat 3
    play c12 burn @3 x45              use card 12 as 烧毁 on card 45 in front of seat 3
    play c40 see_through ^7           use card 40 as 识破 on the pending use with uid 7
    play c5 intercept                 use card 5 as 截获
    skill lao_qiang.cover @2          use a character skill (characters issue)
    send c17                          send card 17 as intelligence (密电 / 文本)
    send c17 @2                       send card 17 直达 to seat 2
    accept / decline                  receive decision (Step 3)
    discard c9                        discard card 9 (e.g. answering a 试探)
    pick #2                           pick face-down slot 2 (真伪莫辨)
    choose lao_gui                    choose a character
    continue                          nothing to do: the only option of a uniform prompt (Config.uniform_prompts)

Fields: ``kind``, ``card`` (card id or -1), ``use`` (card type or skill name, or ""), ``target`` (seat or -1),
``ref`` (a card id ``x``, a stack uid ``^`` or a slot ``#``, or -1) and ``name`` (a free word such as a character id).
"""

from __future__ import annotations

import re
import reprlib
from typing import Any, NamedTuple

from fengsheng.errors import IllegalAction

# Option kinds
PASS = "pass"
DECLARE = "declare"
PLAY = "play"
SKILL = "skill"
SEND = "send"
ACCEPT = "accept"
DECLINE = "decline"
DISCARD = "discard"
PICK = "pick"
CHOOSE = "choose"
RESPOND = "respond"
CONTINUE = "continue"  # the only option of a uniform prompt to a seat with nothing to do (Config.uniform_prompts)
KINDS = (PASS, DECLARE, PLAY, SKILL, SEND, ACCEPT, DECLINE, DISCARD, PICK, CHOOSE, RESPOND, CONTINUE)

# Which prefix the ``ref`` field uses in the notation, by the option's ``use`` (default: ``x`` = card id).
REF_STACK = "^"
REF_SLOT = "#"
REF_CARD = "x"
_REF_PREFIX_BY_USE = {"see_through": REF_STACK}
_REF_PREFIX_BY_KIND = {PICK: REF_SLOT}


def ref_prefix(kind: str, use: str) -> str:
    """The letter before an option's ``ref``: what it refers to depends on the kind, else on the use."""
    return _REF_PREFIX_BY_KIND.get(kind) or _REF_PREFIX_BY_USE.get(use, REF_CARD)


def notation(kind: str, card: int, use: str, name: str, target: str, ref: str) -> str:
    """The option notation's words in their order; ``target`` and ``ref`` come spelled ("" when absent), so that
    another catalogue (the RL actions' relative seats) writes the same notation."""
    parts = [kind]
    if card >= 0:
        parts.append(f"c{card}")
    if use:
        parts.append(use)
    if name:
        parts.append(name)
    if target:
        parts.append(target)
    if ref:
        parts.append(ref)
    return " ".join(parts)


class Option(NamedTuple):
    """One legal answer to a decision. Immutable, hashable, JSON-serialisable via :meth:`to_dict`."""

    kind: str
    card: int = -1
    use: str = ""
    target: int = -1
    ref: int = -1
    name: str = ""

    def __str__(self) -> str:
        return notation(
            self.kind,
            self.card,
            self.use,
            self.name,
            f"@{self.target}" if self.target >= 0 else "",
            f"{ref_prefix(self.kind, self.use)}{self.ref}" if self.ref >= 0 else "",
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict holding only the fields that are set."""
        d: dict[str, Any] = {"kind": self.kind}
        if self.card >= 0:
            d["card"] = self.card
        if self.use:
            d["use"] = self.use
        if self.name:
            d["name"] = self.name
        if self.target >= 0:
            d["target"] = self.target
        if self.ref >= 0:
            d["ref"] = self.ref
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Option:
        if not isinstance(d, dict) or d.get("kind") not in KINDS:
            raise IllegalAction(f"option dict must have a 'kind' of {', '.join(KINDS)}: {quote(d)}")
        # malformed fields are refused, never coerced (3.7 or True is not card 3 or 1); a number is -1 (unset) or more
        for key, value in d.items():
            want = str if key in ("kind", "use", "name") else int if key in ("card", "target", "ref") else None
            if (
                want is None
                or type(value) is not want
                or (type(value) is int and value < -1)
                or (type(value) is str and key != "kind" and value and not _is_word(value))
            ):
                raise IllegalAction(f"malformed option dict {quote(d)}: bad field {quote(key)}")
        if (d.get("use") and d["kind"] not in (PLAY, SKILL)) or (
            d.get("name") and not d.get("use") and d["kind"] in (PLAY, SKILL)
        ):
            raise IllegalAction(f"malformed option dict {quote(d)}: the notation could not say it")  # one form, one set
        try:
            return cls(
                kind=d["kind"],
                card=int(d.get("card", -1)),
                use=str(d.get("use", "")),
                target=int(d.get("target", -1)),
                ref=int(d.get("ref", -1)),
                name=str(d.get("name", "")),
            )
        except (TypeError, ValueError) as exc:
            raise IllegalAction(f"malformed option dict {quote(d)}: {exc}") from None


MAX_NOTATION = 120  # characters: the longest legal option is about 40, so anything longer is refused unread
MAX_NUMBER_DIGITS = 9  # card ids, seats, uids and slots are small; no number in the notation is longer
_NUMBER = re.compile(rf"0|[1-9][0-9]{{0,{MAX_NUMBER_DIGITS - 1}}}")
_WORD = re.compile(r"[a-z0-9_]+(?:\.[a-z0-9_]+)*")
_FIELD_TYPES = (str, int, str, int, int, str)  # the exact type of each field of an Option, in order


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxdict, _SHORT.maxlist, _SHORT.maxtuple = 2, 4, 4, 4
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 40, 40, 40


def _is_word(text: str) -> bool:
    """A word of the notation (``lock``, ``standard.lao_gui``) that cannot be read as a field (``c12``, ``x3``)."""
    return bool(_WORD.fullmatch(text)) and not (text[0] in "cx" and text[1:2].isdigit())


def quote(value: object, limit: int = 40) -> str:
    """A short ``repr`` of ``value`` (at most ``limit`` characters, nested containers elided): an error message
    never echoes a long or deep hostile input in full, and quoting never fails."""
    try:
        text = _SHORT.repr(value)
    except Exception:  # a hostile object's own __repr__
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def well_typed(option: object) -> bool:
    """True if ``option`` is an :class:`Option` whose every field has its exact type (``str`` or ``int``; not a
    ``bool``, a ``float``, ``None`` or a subclass). A tuple compares equal to a legal option whatever its field
    types (``3.0 == 3``, ``True == 1``), so :meth:`Game.act` refuses an option that is not well typed."""
    return isinstance(option, Option) and tuple(map(type, option)) == _FIELD_TYPES


def _int(token: str, what: str, text: str) -> int:
    """A number of the notation: ASCII digits, no sign, no leading zero, no ``_``, at most 9 digits."""
    if not _NUMBER.fullmatch(token):
        raise IllegalAction(
            f"cannot parse option {quote(text)}: {what} {quote(token)} is not a number (ASCII digits, no sign, "
            "no leading zero)"
        )
    return int(token)


def parse_option(text: str) -> Option:
    """Parse the notation produced by ``str(option)``. Raises :class:`IllegalAction` on malformed text.

    Strict: printable ASCII only (no full-width or other Unicode digits or spaces), tokens separated by ASCII
    spaces, numbers in plain decimal (``@+1``, ``@0_1``, ``c0074`` are refused), words in lower case, at most
    ``MAX_NOTATION`` characters. The terminal normalises what a person types before it gets here.
    """
    if not isinstance(text, str):
        raise IllegalAction(f"an option must be a string or an Option, not {type(text).__name__}")
    if len(text) > MAX_NOTATION:
        raise IllegalAction(f"cannot parse option {quote(text)}: longer than {MAX_NOTATION} characters")
    if not (text.isascii() and text.isprintable()):
        raise IllegalAction(f"cannot parse option {quote(text)}: only printable ASCII characters are allowed")
    tokens = text.split(" ")
    tokens = [t for t in tokens if t]
    if not tokens or tokens[0] not in KINDS:
        raise IllegalAction(f"cannot parse option {quote(text)}: it must start with one of {', '.join(KINDS)}")
    kind = tokens[0]
    card = target = ref = -1
    prefix = ""
    words: list[str] = []
    for tok in tokens[1:]:
        head, rest = tok[0], tok[1:]
        numeric = rest[:1].isdigit()
        if (
            (head == "c" and numeric and card >= 0)
            or (head == "@" and target >= 0)
            or (head in (REF_CARD, REF_STACK, REF_SLOT) and numeric and ref >= 0)
        ):
            raise IllegalAction(f"cannot parse option {quote(text)}: {quote(tok)} repeats a field")
        if head == "c" and numeric:
            card = _int(rest, "card", text)
        elif head == "@":
            target = _int(rest, "seat", text)
        elif head in (REF_CARD, REF_STACK, REF_SLOT) and (numeric or head != REF_CARD):
            ref = _int(rest, "reference", text)
            prefix = head
        elif _WORD.fullmatch(tok):
            words.append(tok)
        else:
            raise IllegalAction(f"cannot parse option {quote(text)}: unexpected token {quote(tok)}")
    if len(words) > 2:
        raise IllegalAction(f"cannot parse option {quote(text)}: too many words")
    use = name = ""
    if kind in (PLAY, SKILL):
        use = words[0] if words else ""
        name = words[1] if len(words) > 1 else ""
    else:
        name = words[0] if words else ""
        if len(words) > 1:
            raise IllegalAction(f"cannot parse option {quote(text)}: unexpected word {quote(words[1])}")
    if prefix and prefix != (_REF_PREFIX_BY_KIND.get(kind) or _REF_PREFIX_BY_USE.get(use, REF_CARD)):
        raise IllegalAction(
            f"cannot parse option {quote(text)}: wrong reference prefix {prefix!r} for {kind} {use}".rstrip()
        )
    return Option(kind, card, use, target, ref, name)


P_PASS = Option(PASS)
P_DECLARE = Option(DECLARE)
P_ACCEPT = Option(ACCEPT)
P_DECLINE = Option(DECLINE)
P_CONTINUE = Option(CONTINUE)
PASS_ONLY: tuple[Option, ...] = (P_PASS,)
"""The options of a seat that may only pass (one shared tuple: the rule index's fast path returns it)."""


class Decision(NamedTuple):
    """The one decision the game is waiting for: who decides, what kind of decision, and the legal options.

    ``context`` says where it arises (e.g. the window kind ``play`` / ``step1`` / ``step2`` / ``end``, or a skill).
    ``private``: who is being asked is itself hidden information (a declaration prompt, a face-down character's
    optional trigger, a question asked only when its owner holds a certain card, a uniform prompt's ``continue``),
    so other seats' views show only that the game is waiting.
    """

    seat: int
    kind: str
    options: tuple[Option, ...]
    context: str = ""
    private: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "context": self.context,
            "options": [str(o) for o in self.options],
        }


# Decision kinds
PRIORITY = "priority"  # a response window: use a card / skill, declare, or pass
SEND_KIND = "send"  # choose the intelligence to send
RECEIVE = "receive"  # Step 3: accept or decline
DISCARD_KIND = "discard"  # choose a card to discard
PICK_KIND = "pick"  # 真伪莫辨: pick a face-down card
DECLARE_KIND = "declare"  # your victory condition holds: declare now or not
CHOOSE_CHARACTER = "choose_character"
RESPOND_KIND = "respond"  # answer an effect with one of several named responses (e.g. 城府)
SKILL_CHOICE = "skill_choice"  # a character skill asks for a choice (use it? which seat / card?)
