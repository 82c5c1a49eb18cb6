"""Setting up a game (S-SETUP, S-DIST): characters, identities, the deck, starting hands and the first player.

Order (S-SETUP-1..6): with characters, two are dealt at random to each player, who keeps one (a decision; what was
dealt and what was kept stay private until everyone has chosen); hidden (潜伏) characters then go face down and the
others face up (S-SETUP-2). Identities are dealt face down (S-SETUP-4), the 81 cards shuffled and 3 dealt to each
player (S-SETUP-5), and a random player starts (S-SETUP-6, A-53).

Without characters (the first-game suggestion, S-SETUP-3) none is dealt.

Implements: S-SETUP-1..6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.core.cards import BYSTANDER
from fengsheng.core.events import PUBLIC, CharactersDealt, CharacterSeated, FirstPlayer, IdentityDealt, SetUp
from fengsheng.core.options import CHOOSE, CHOOSE_CHARACTER, Decision, Option
from fengsheng.core.state import Frame
from fengsheng.editions.base import IDENTITIES_OWN, IDENTITIES_PUBLIC, IDENTITIES_TEAM
from fengsheng.errors import ConfigError
from fengsheng.flow.turn import TurnCycle

if TYPE_CHECKING:
    from fengsheng.game import Game


def assign_identities(g: Game, identities: list[str], seen: str = IDENTITIES_OWN) -> None:
    """Give each seat its identity and the victory rule it brings (S-ID). Who sees each identity card: its holder
    (S-SETUP-4), his teammates too (``IDENTITIES_TEAM``, a mode's: a 打酱油的 has none), or everyone
    (``IDENTITIES_PUBLIC``: dealt face up)."""
    for seat, ident in zip(g.seats, identities, strict=True):
        seat.identity = ident
        g._replan(seat.index)  # a bystander's mission counts for him only (RuleIndex.plain)
        audience: tuple[int, ...] | None = (seat.index,)
        if seen == IDENTITIES_PUBLIC:
            audience = PUBLIC
            seat.identity_revealed = True
        elif seen == IDENTITIES_TEAM and ident != BYSTANDER:
            audience = tuple(i for i, x in enumerate(identities) if x == ident)
        g.emit(IdentityDealt(seat.index, ident, audience))
        rule = g.identity_rules.get(ident)
        if rule is not None:
            g.add_rule(rule(seat.index))


def assign_characters(g: Game, chosen: list[str] | dict[int, str], face_up: dict[int, bool] | None = None) -> None:
    """Seat each chosen character: hidden ones face down, public ones face up (S-SETUP-2); register its rules.

    ``chosen`` is one id per seat, or ``{seat: id}`` (a scenario may leave seats without a character).
    """
    pairs = chosen.items() if isinstance(chosen, dict) else enumerate(chosen)
    for index, cid in pairs:
        seat = g.seats[index]
        ch = g.characters[g.edition.character_id(cid)]
        seat.character = cid = ch.id
        seat.character_sex = ch.sex
        seat.face_up = not ch.hidden if face_up is None or seat.index not in face_up else face_up[seat.index]
        g.emit(CharacterSeated(seat.index, seat.face_up, cid, PUBLIC if seat.face_up else (seat.index,)))
        for rule_cls in ch.rules:
            g.add_rule(rule_cls(seat.index))
    from fengsheng.characters.base import bind_uniform_covers

    bind_uniform_covers(g)  # Config.uniform_prompts: every face-down seat is asked alike


class Setup(Frame):
    """Stages: ``announce`` (and deal two characters each), ``choose`` (each seat keeps one), ``deal`` (identities,
    the deck, starting hands, the first player)."""

    __slots__ = ("chosen", "dealt", "stage")

    ANNOUNCE = "announce"
    CHOOSE = "choose"
    DEAL = "deal"

    def __init__(self) -> None:
        self.stage = self.ANNOUNCE
        self.dealt: list[list[str]] = []
        self.chosen: list[str] = []

    def run(self, g: Game) -> Decision | None:
        cfg = g.config
        if self.stage == self.ANNOUNCE:
            g.emit(
                SetUp(
                    g.n,
                    list(cfg.distribution),
                    cfg.edition,
                    cfg.character_texts if cfg.characters else "",
                    list(cfg.variants),
                    cfg.characters,
                )
            )
            self.stage = self.DEAL
            g.deck = list(range(len(g.edition.deck)))  # the cards, shuffled once the characters are chosen
            if cfg.characters:
                if cfg.fixed_characters:
                    self.chosen = list(cfg.fixed_characters)
                else:
                    cards = g.edition.pool(cfg.character_pool, cfg.character_texts)
                    g.rng.shuffle(cards)
                    each = min(g.edition.switches.characters_dealt, len(cards) // g.n)
                    if each == 0:
                        raise ConfigError(f"the {cfg.character_pool} pool has {len(cards)} characters for {g.n} seats")
                    for s in range(g.n):  # S-SETUP-1: two each, at random
                        hand = cards[each * s : each * (s + 1)]
                        self.dealt.append(hand)
                        g.emit(CharactersDealt(s, list(hand), (s,)))
                    self.stage = self.CHOOSE
        if self.stage == self.CHOOSE:
            s = len(self.chosen)
            if s < g.n:
                new = tuple.__new__
                opts = tuple([new(Option, (CHOOSE, -1, "", -1, -1, c)) for c in self.dealt[s]])
                return new(Decision, (s, CHOOSE_CHARACTER, opts, "setup", False))
            self.stage = self.DEAL
        if cfg.characters:
            assign_characters(g, self.chosen)
        pool_ids = cfg.identity_pool()
        g.rng.shuffle(pool_ids)
        mode = g.edition.mode(cfg.mode)
        if mode is not None and mode.alternate:  # the two teams sit alternately; the deal says who sits first
            lead, other = pool_ids[0], next(x for x in pool_ids if x != pool_ids[0])
            pool_ids = [lead if i % 2 == 0 else other for i in range(g.n)]
        assign_identities(g, pool_ids, mode.identities if mode is not None else IDENTITIES_OWN)
        g.deck = list(range(len(g.edition.deck)))
        g.rng.shuffle(g.deck)
        for s in range(g.n):
            g.draw(s, g.edition.switches.starting_hand)
        first = g.rng.randrange(g.n)
        g.current = first
        g.emit(FirstPlayer(first))
        g.frames[-1] = TurnCycle(first)
        return None

    def answer(self, g: Game, option: Option) -> None:
        self.chosen.append(option.name)

    def describe(self) -> dict[str, Any]:
        return {"frame": "Setup", "stage": self.stage}
