"""A strict script driver for scenario tests (XMage-style: an unscripted prompt fails the test).

Lines are ``"<seat>: <option>"``. Inside an option, ``{SPEC}`` stands for the id of the first card matching the
card spec in the acting seat's hand, and ``{SPEC@k}`` for one in front of seat ``k``; ``^top`` / ``^top-1`` name the
uid of the newest / second-newest use pending on the stack. Example::

    s = Script(g)
    s.do("0: play c{R:lock} lock @2", "1: pass", "2: play c{K:see_through} see_through ^top")
    s.expect(3, "priority")
"""

from __future__ import annotations

import re
from typing import Any

from fengsheng.core.cards import find_cards
from fengsheng.core.options import Decision
from fengsheng.flow.window import Window
from fengsheng.game import Game


class UnscriptedPrompt(AssertionError):
    """The game asked for a decision the script did not expect."""


_SPEC = re.compile(r"\{([^{}@]+)(?:@(\d+))?\}")
_TOP = re.compile(r"\^top(?:-(\d+))?")


class Script:
    def __init__(self, g: Game) -> None:
        self.g = g

    def stack(self) -> list[Any]:
        for f in reversed(self.g.frames):
            if isinstance(f, Window):
                return list(f.stack)
        return []

    def card(self, spec: str, seat: int, zone: str = "hand") -> int:
        cards = self.g.seats[seat].hand if zone == "hand" else self.g.seats[seat].intel
        found = find_cards(spec, cards, self.g.edition.deck)
        if not found:
            raise UnscriptedPrompt(f"no {spec} in the {zone} of seat {seat}: {cards}")
        return found[0]

    def expand(self, seat: int, text: str) -> str:
        def spec(m: re.Match[str]) -> str:
            if m.group(2) is not None:
                return str(self.card(m.group(1), int(m.group(2)), "intel"))
            return str(self.card(m.group(1), seat))

        def top(m: re.Match[str]) -> str:
            stack = self.stack()
            k = int(m.group(1) or 0)
            if len(stack) <= k:
                raise UnscriptedPrompt(f"{m.group(0)}: the stack has only {len(stack)} entries")
            return f"^{stack[-1 - k].uid}"

        return _TOP.sub(top, _SPEC.sub(spec, text))

    def do(self, *lines: str) -> Script:
        for line in lines:
            seat_s, _, option = line.partition(":")
            seat = int(seat_s)
            d = self.g.decision
            if d is None:
                raise UnscriptedPrompt(f"script says {line!r} but the game is over: {self.g.result}")
            if d.seat != seat:
                raise UnscriptedPrompt(
                    f"script says {line!r} but seat {d.seat} is asked ({d.kind}, {d.context}): "
                    f"{[str(o) for o in d.options]}"
                )
            self.g.act(self.expand(seat, option.strip()), seat=seat)
        return self

    def expect(self, seat: int, kind: str | None = None, context: str | None = None) -> Decision:
        d = self.g.decision
        if d is None:
            raise UnscriptedPrompt(f"expected seat {seat} to decide, but the game is over: {self.g.result}")
        if d.seat != seat or (kind is not None and d.kind != kind) or (context is not None and d.context != context):
            raise UnscriptedPrompt(
                f"expected seat {seat} {kind or ''} {context or ''}, got seat {d.seat} {d.kind} {d.context}: "
                f"{[str(o) for o in d.options]}"
            )
        return d

    def options(self) -> list[str]:
        d = self.g.decision
        return [str(o) for o in d.options] if d else []

    def over(self) -> dict[str, Any]:
        if self.g.result is None:
            d = self.g.decision
            raise UnscriptedPrompt(f"expected the game to be over; unscripted prompt: {d}")
        return self.g.result
