"""Hints the rule index trusts instead of calling a rule (``Rule.bystander_only``, ``Rule.actions_face``).

``RuleIndex.refresh_declarable`` skips a mission of a player who is not a bystander without calling it
(``BystanderMission.can_declare``'s first test, S-ID-4, Q-MODE-3). That is only right for a rule whose
``can_declare`` is that one: a mission that overrides it must say ``bystander_only = False``. A window skips an
action skill whose owner's character shows the other face than its ``actions_face``, and a seat whose every skill is
so skipped (with no conversion or live mission) takes the pass-only fast path (``RuleIndex.plain``).
"""

from __future__ import annotations

import inspect
import random

import pytest

from fengsheng.config import Config
from fengsheng.core.options import PRIORITY
from fengsheng.editions import EDITIONS, get_edition
from fengsheng.flow.window import Window
from fengsheng.game import Game
from fengsheng.rules.base import Rule
from fengsheng.rules.victory import BystanderMission


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


def _face_helper(cls: type[Rule]) -> bool | None:
    """The face that the helper called by ``cls.actions`` (its own or inherited) requires, read from its source."""
    for klass in cls.__mro__:
        if "actions" in klass.__dict__:
            src = inspect.getsource(klass.__dict__["actions"])
            if "self.active(g)" in src:
                return True
            if "self.can_flip(g)" in src:
                return False
    return None


def test_every_declared_actions_face_is_the_face_its_actions_check() -> None:
    classes = _rule_classes()
    declared = [c for c in classes if c.actions_face is not None]
    assert len(declared) > 25  # the action skills of both editions
    for c in declared:
        assert _face_helper(c) is c.actions_face, c.__name__
    # a skill that checks a face and does not say so only misses the shortcut; none does today
    assert not [c.__name__ for c in classes if c.actions_face is None and _face_helper(c) is not None]


def _plain(g: Game, seat: int) -> bool:
    """``RuleIndex.plain[seat]`` computed from scratch."""
    if g.seat_conversions[seat] or g.seat_live_victory[seat]:
        return False
    face = g.seats[seat].face_up
    return all(r.actions_face is not None and r.actions_face is not face for r in g.seat_actions[seat])


@pytest.mark.parametrize("edition", ["standard", "qianzhi"])
def test_a_skill_skipped_for_its_face_offers_nothing_and_plain_follows_every_flip(edition: str) -> None:
    """At every priority decision of random games: each action skill of a seat whose character shows the other
    face (``Rule.actions_face``) offers nothing, and ``plain`` is what the indexes and the faces say now (no face
    changes without the index knowing)."""
    skipped = 0
    for i in range(60):
        g = Game.new(Config(edition=edition, players=3 + i % 6, characters=True), i)
        rnd = random.Random(i)
        while g.decision is not None:
            d = g.decision
            top = g.frames[-1]
            if d.kind == PRIORITY and isinstance(top, Window):
                for seat in range(g.n):
                    assert g.plain[seat] is _plain(g, seat), (i, seat)
                    face = g.seats[seat].face_up
                    for r in g.seat_actions[seat]:
                        if r.actions_face is not None and r.actions_face is not face:
                            assert r.actions(g, seat, top) == [], (i, type(r).__name__)
                            skipped += 1
            g.act(rnd.choice(d.options))
    assert skipped > 500
