"""Hints the rule index trusts instead of calling a rule (``Rule.bystander_only``, ``Rule.face``).

``RuleIndex.refresh_declarable`` skips a mission of a player who is not a bystander without calling it
(``BystanderMission.can_declare``'s first test, S-ID-4, Q-MODE-3). That is only right for a rule whose
``can_declare`` is that one: a mission that overrides it must say ``bystander_only = False``. A window skips an
action skill whose owner's character shows the other face than its ``face``, and a seat whose every skill is
so skipped (with no conversion or live mission) takes the pass-only fast path (``RuleIndex.plain``).
"""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.core.cards import BYSTANDER
from fengsheng.core.options import PRIORITY
from fengsheng.editions import EDITIONS, get_edition
from fengsheng.flow.window import Window
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.rules.victory import BystanderMission
from tests.suite import sized


def _rule_classes() -> set[type[Rule]]:
    out: set[type[Rule]] = set()
    for name in EDITIONS:
        ed = get_edition(name)
        for texts in ("000", "004") if name == "standard" else ("",):
            for ch in ed.characters(texts).values():
                out.update(ch.rules)
        out.update(ed.identity_rules.values())
    return out


def test_a_rule_skipped_for_non_bystanders_declares_as_a_bystander_mission_does() -> None:
    classes = _rule_classes()
    hinted = [c for c in classes if c.bystander_only]
    assert len(hinted) > 20  # every character's mission
    for c in hinted:
        assert c.can_declare is BystanderMission.can_declare, c.__name__
    assert not any(c.bystander_only for c in classes if c.can_declare is not BystanderMission.can_declare)


def _faces_checked(cls: type[Rule]) -> set[bool]:
    """The faces that the helpers called by ``cls.actions`` and ``cls.card_uses`` (its own or inherited, through
    ``super()``) require, read from their source (``Skill.active``: up, ``Skill.can_flip``: down)."""
    out: set[bool] = set()
    for hook in ("actions", "card_uses"):
        for klass in cls.__mro__:
            if klass is Rule:
                break
            if hook in klass.__dict__:
                src = inspect.getsource(klass.__dict__[hook])
                if "self.active(g)" in src:
                    out.add(True)
                elif "self.can_flip(g)" in src:
                    out.add(False)
                elif "super()" in src:
                    continue  # it asks its parent's, which checks
                break
    return out


def test_every_declared_face_is_the_face_its_hooks_check() -> None:
    classes = _rule_classes()
    declared = [c for c in classes if c.face is not None]
    assert len(declared) > 30  # the action skills and the conversions of both editions
    for c in declared:
        assert _faces_checked(c) == {c.face}, c.__name__
    # a skill that checks a face and does not say so only misses the shortcut; none does today
    assert not [c.__name__ for c in classes if c.face is None and _faces_checked(c)]
    converters = [c for c in classes if c.card_uses is not Rule.card_uses]
    assert len(converters) >= 5 and all(c.converts_to for c in converters)


def _plain(g: Game, seat: int) -> bool:
    """``RuleIndex.plain[seat]`` computed from scratch."""
    live = g.seat_live_victory[seat]
    if live and (g.seats[seat].identity == BYSTANDER or g.missions_for_all or not all(r.bystander_only for r in live)):
        return False
    face = g.seats[seat].face_up
    rules = [*g.seat_actions[seat], *g.seat_conversions[seat]]
    return all(r.face is not None and r.face is not face for r in rules)


def _configs(edition: str, games: int) -> list[Config]:
    """Random tables with characters; in 千智风声 every third one has 致命香水, who takes identity cards (臨危受命), and
    every fifth one is of the mission mode (every mission counts, Q-MODE-3)."""
    out = []
    for i in range(games):
        extra: dict[str, Any] = {}
        if edition == "qianzhi" and i % 3 == 0:
            others = sorted(c for c in get_edition(edition).characters() if not c.endswith(".zhi_ming_xiang_shui"))
            fixed = random.Random(i).sample(others, 5)
            extra = {
                "players": 6,
                "fixed_characters": (*fixed[: i % 6], "qianzhi.zhi_ming_xiang_shui", *fixed[i % 6 :]),
            }
        elif edition == "qianzhi" and i % 5 == 1:
            extra = {"mode": "mission", "players": 6}
        players = extra.pop("players", 3 + i % 6)
        out.append(Config(edition=edition, players=players, characters=True, character_pool="all", **extra))
    return out


def _positions(edition: str, games: int) -> list[tuple[Game, Window]]:
    """Every priority decision's game (a clone) and window in random games, and a determinization of every tenth
    (its identities, faces and rules drawn again)."""
    out: list[tuple[Game, Window]] = []
    for i, config in enumerate(_configs(edition, games)):
        g = Game.new(config, 4400 + i)
        rnd = random.Random(i)
        while g.decision is not None:
            d = g.decision
            top = g.frames[-1]
            if d.kind == PRIORITY and isinstance(top, Window):
                c = g.clone()
                out.append((c, c.frames[-1]))  # type: ignore[arg-type]
                if len(out) % 10 == 0:
                    c = g.determinize(d.seat, random.Random(len(out)))
                    out.append((c, c.frames[-1]))  # type: ignore[arg-type]
            g.act(rnd.choice(d.options))
    return out


@pytest.mark.parametrize("edition", ["standard", "qianzhi"])
def test_a_rule_skipped_by_its_hints_gives_nothing_and_plain_follows_every_flip(edition: str) -> None:
    """At every priority decision of random games: a skill or conversion of a seat whose character shows the other
    face (``Rule.face``) gives nothing; a conversion adds nothing but its ``converts_to``; and ``plain`` is what the
    indexes, the faces and the identities say now (no face or identity changes without the index knowing)."""
    skipped = converted = 0
    games = sized(16, 40)
    for g, win in _positions(edition, games):
        cards = range(len(g.card_type))
        for seat in range(g.n):
            assert g.plain[seat] is _plain(g, seat), seat
            face = g.seats[seat].face_up
            for r in g.seat_actions[seat]:
                if r.face is not None and r.face is not face:
                    assert r.actions(g, seat, win) == [], type(r).__name__
                    skipped += 1
            for r in g.seat_conversions[seat]:
                uses = {u for c in cards for u in r.card_uses(g, c)}
                assert r.converts_to is not None and uses <= r.converts_to, type(r).__name__
                if r.face is not None and r.face is not face:
                    assert not uses, type(r).__name__
                    skipped += 1
                converted += bool(uses)
    assert skipped > 300 * games // 40 and converted > 20 * games // 40


@pytest.mark.parametrize("edition", ["standard", "qianzhi"])
def test_the_options_are_those_asked_of_every_rule(edition: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat's priority options with the hints equal those of the same position with every skill and conversion
    asked (no ``face``, no ``converts_to``, no seat plain but by having no rule)."""
    positions = _positions(edition, 12)
    with_hints = [[list(g.priority_options(s, w)) for s in range(g.n) if g.seats[s].in_game] for g, w in positions]
    for c in _rule_classes():
        monkeypatch.setattr(c, "face", None)
        monkeypatch.setattr(c, "converts_to", None)
    compared = 0
    for (g, w), expected in zip(positions, with_hints, strict=True):
        for s in range(g.n):
            g._replan(s)
        assert [list(g.priority_options(s, w)) for s in range(g.n) if g.seats[s].in_game] == expected
        compared += len(expected)
    assert compared > 1000
