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

Fields: ``kind``, ``card`` (card id or -1), ``use`` (card type or skill name, or ""), ``target`` (seat or -1),
``ref`` (a card id ``x``, a stack uid ``^`` or a slot ``#``, or -1) and ``name`` (a free word such as a character id).
"""

from __future__ import annotations

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
KINDS = (PASS, DECLARE, PLAY, SKILL, SEND, ACCEPT, DECLINE, DISCARD, PICK, CHOOSE, RESPOND)

# Which prefix the ``ref`` field uses in the notation, by the option's ``use`` (default: ``x`` = card id).
REF_STACK = "^"
REF_SLOT = "#"
REF_CARD = "x"
_REF_PREFIX_BY_USE = {"see_through": REF_STACK}
_REF_PREFIX_BY_KIND = {PICK: REF_SLOT}


class Option(NamedTuple):
    """One legal answer to a decision. Immutable, hashable, JSON-serialisable via :meth:`to_dict`."""

    kind: str
    card: int = -1
    use: str = ""
    target: int = -1
    ref: int = -1
    name: str = ""

    def __str__(self) -> str:
        parts = [self.kind]
        if self.card >= 0:
            parts.append(f"c{self.card}")
        if self.use:
            parts.append(self.use)
        if self.name:
            parts.append(self.name)
        if self.target >= 0:
            parts.append(f"@{self.target}")
        if self.ref >= 0:
            prefix = _REF_PREFIX_BY_KIND.get(self.kind) or _REF_PREFIX_BY_USE.get(self.use, REF_CARD)
            parts.append(f"{prefix}{self.ref}")
        return " ".join(parts)

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
        if not isinstance(d, dict) or not isinstance(d.get("kind"), str):
            raise IllegalAction(f"option dict must have a string 'kind': {d!r}")
        for key, value in d.items():  # malformed fields are refused, never coerced (3.7 or True is not card 3 or 1)
            want = str if key in ("kind", "use", "name") else int if key in ("card", "target", "ref") else None
            if want is None or type(value) is not want:
                raise IllegalAction(f"malformed option dict {d!r}: bad field {key!r}")
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
            raise IllegalAction(f"malformed option dict {d!r}: {exc}") from None


def _int(token: str, what: str, text: str) -> int:
    try:
        value = int(token)
    except ValueError:
        raise IllegalAction(f"cannot parse option {text!r}: {what} {token!r} is not a number") from None
    if value < 0:
        raise IllegalAction(f"cannot parse option {text!r}: {what} must not be negative")
    return value


def parse_option(text: str) -> Option:
    """Parse the notation produced by ``str(option)``. Raises :class:`IllegalAction` on malformed text."""
    if not isinstance(text, str):
        raise IllegalAction(f"an option must be a string or an Option, not {type(text).__name__}")
    tokens = text.split()
    if not tokens or tokens[0] not in KINDS:
        raise IllegalAction(f"cannot parse option {text!r}: it must start with one of {', '.join(KINDS)}")
    kind = tokens[0]
    card = target = ref = -1
    prefix = ""
    words: list[str] = []
    for tok in tokens[1:]:
        head, rest = tok[0], tok[1:]
        if (
            (head == "c" and rest.isdigit() and card >= 0)
            or (head == "@" and target >= 0)
            or (head in (REF_CARD, REF_STACK, REF_SLOT) and rest.isdigit() and ref >= 0)
        ):
            raise IllegalAction(f"cannot parse option {text!r}: {tok!r} repeats a field")
        if head == "c" and rest.isdigit():
            card = _int(rest, "card", text)
        elif head == "@":
            target = _int(rest, "seat", text)
        elif head in (REF_CARD, REF_STACK, REF_SLOT) and rest.isdigit():
            ref = _int(rest, "reference", text)
            prefix = head
        elif tok.replace("_", "").replace(".", "").isalnum():
            words.append(tok)
        else:
            raise IllegalAction(f"cannot parse option {text!r}: unexpected token {tok!r}")
    if len(words) > 2:
        raise IllegalAction(f"cannot parse option {text!r}: too many words {words!r}")
    use = name = ""
    if kind in (PLAY, SKILL):
        use = words[0] if words else ""
        name = words[1] if len(words) > 1 else ""
    else:
        name = words[0] if words else ""
        if len(words) > 1:
            raise IllegalAction(f"cannot parse option {text!r}: unexpected word {words[1]!r}")
    if prefix and prefix != (_REF_PREFIX_BY_KIND.get(kind) or _REF_PREFIX_BY_USE.get(use, REF_CARD)):
        raise IllegalAction(
            f"cannot parse option {text!r}: wrong reference prefix {prefix!r} for {kind} {use}".rstrip()
        )
    return Option(kind, card, use, target, ref, name)


P_PASS = Option(PASS)
P_DECLARE = Option(DECLARE)
P_ACCEPT = Option(ACCEPT)
P_DECLINE = Option(DECLINE)
PASS_ONLY: tuple[Option, ...] = (P_PASS,)
"""The options of a seat that may only pass (one shared tuple: the rule index's fast path returns it)."""


class Decision(NamedTuple):
    """The one decision the game is waiting for: who decides, what kind of decision, and the legal options.

    ``context`` says where it arises (e.g. the window kind ``play`` / ``step1`` / ``step2`` / ``end``, or a skill).
    ``private``: who is being asked is itself hidden information (a declaration prompt, a face-down character's
    optional trigger), so other seats' views show only that the game is waiting.
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
