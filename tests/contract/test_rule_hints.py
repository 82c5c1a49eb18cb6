"""Hints the rule index trusts instead of calling a rule (``Rule.bystander_only``).

``RuleIndex.refresh_declarable`` skips a mission of a player who is not a bystander without calling it
(``BystanderMission.can_declare``'s first test, S-ID-4, Q-MODE-3). That is only right for a rule whose
``can_declare`` is that one: a mission that overrides it must say ``bystander_only = False``.
"""

from __future__ import annotations

from fengsheng.editions import EDITIONS, get_edition
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
