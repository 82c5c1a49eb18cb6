"""Hidden information with character cards: the oracle of ``test_leaks.py`` over random games with characters.

Over 1,000 random games (3 to 9 players, both pools, every variant, auto-pass on and off; the characters dealt and
chosen at random) every event after every decision is checked for every seat and the spectator, and the view of one
random seat (or the spectator) at a sample of decision points, every view at declaration prompts, at private
decisions and at the end. See ``test_leaks.py`` for what the oracle allows: face-down characters, the deal, private
decisions, cards handed between players, cards put on the deck, inspected cards, identities seen through 老枪.

The oracle itself is tested on doctored views and events.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.core.options import DECLARE_KIND
from fengsheng.game import Game
from fengsheng.scenario import Scenario
from fengsheng.sim.runner import derive_seed
from fengsheng.testing import Script
from tests.contract.test_leaks import Oracle, Shown, Where, collect, fuzz
from tests.suite import full, sized

GAMES = sized(96, 1000)
VIEW_SAMPLE = 0.15


def leak_check_character_game(config: Config, seed: int, stats: Counter[str]) -> None:
    g = Game.new(config, seed)
    rng = random.Random(derive_seed(seed, "leaks"))
    oracle = Oracle(g)
    viewers: list[int | None] = [*range(g.n), None]
    start = 0
    decisions = 0
    while True:
        where = Where(config, seed, decisions)
        for e in g.events[start:]:
            stats["events"] += 1
            stats[f"event:{e.kind}"] += 1
            for s in viewers:
                oracle.check_event(g, s, e.for_seat(s), where)
        start = len(g.events)
        d = g.decision
        if d is None or d.kind == DECLARE_KIND or d.private:
            stats["private"] += d is not None and d.private
            for s in viewers:
                oracle.check_view(g, s, where)
                stats["views"] += 1
        elif rng.random() < VIEW_SAMPLE:
            oracle.check_view(g, rng.choice(viewers), where)
            stats["views"] += 1
        if d is None:
            stats["decisions"] += decisions
            return
        g.step(rng.randrange(len(d.options)))
        decisions += 1
        oracle.update(g)


def test_no_leaks_in_random_games_with_characters() -> None:
    configs = fuzz.character_configs()
    stats: Counter[str] = Counter()
    t0 = time.perf_counter()
    for i in range(GAMES):
        leak_check_character_game(configs[i % len(configs)], derive_seed("leak-test-characters", i), stats)
    seconds = time.perf_counter() - t0
    print(
        f"{GAMES} games, {stats['decisions']} decisions, {stats['events']} events, {stats['views']} views, "
        f"{stats['private']} private decisions, {seconds:.1f} s"
    )
    assert stats["decisions"] > 100 * GAMES
    assert stats["private"] > 0
    # the character events the oracle has to judge all occurred (in the full suite: 老鬼's 004 show_hand and 福平's
    # inspect_hand come about once in 150 random games; their audiences are checked in test_lao_gui and test_fu_ping)
    rare = () if full() else ("show_hand", "inspect_hand")
    for kind in (
        "characters_dealt",
        "character",
        "flip",
        "cover",
        "skill",
        "give",
        "take",
        "to_deck",
        "inspected",
        "identities_exchanged",
        "identity_revealed",
        "show_hand",
        "top_revealed",
        "inspect_hand",
    ):
        assert stats[f"event:{kind}"] > 0 or kind in rare, kind


# ----------------------------------------------------------------------------------------------------------------
# The oracle itself must catch character leaks: feed it doctored views and events
# ----------------------------------------------------------------------------------------------------------------
class Tracked:
    """A scenario game driven by a strict script, with the oracle updated after every answer."""

    def __init__(self, g: Game) -> None:
        self.g = g
        self.oracle = Oracle(g)
        self.script = Script(g)
        self.seen = len(g.events)

    def do(self, *lines: str) -> None:
        """Answer, update the oracle, and check the new events for everyone (the untouched game passes)."""
        for line in lines:
            self.script.do(line)
            self.oracle.update(self.g)
            for e in self.g.events[self.seen :]:
                for s in [*range(self.g.n), None]:
                    self.oracle.check_event(self.g, s, e.for_seat(s), "ok")
            self.seen = len(self.g.events)

    def clean(self) -> None:
        """The untouched views pass for everyone."""
        for s in [*range(self.g.n), None]:
            self.oracle.check_view(self.g, s, "ok")


def doctored_game() -> Tracked:
    """柒佰 (seat 0) locks 老鬼 (seat 1, face down): 联动 gives seat 3 a card, then 老鬼 is asked privately."""
    g = Scenario(
        players=4,
        identities=["ug", "mi", "by", "ug"],
        current=0,
        hands={0: ["R:lock", "B:decode"], 3: ["B:lure_away"]},
        intel={1: ["R:burn"]},
        characters={0: "qi_bai", 1: "lao_gui", 2: "lao_qiang", 3: "shan_ling"},
        face_up={2: True},
        at="play",
        config=Config(players=4),
    ).build()
    t = Tracked(g)
    t.do("0: play c{R:lock} lock @1", "1: pass", "2: pass", "3: pass", "0: pass")
    d = g.decision
    assert d is not None and d.context == "C-QI_BAI-2"
    t.do(f"0: {d.options[0]}", "0: choose @3")
    assert g.decision is not None and g.decision.private and g.decision.context == "C-LAO_GUI-1"
    return t


def test_oracle_catches_a_face_down_character_shown(monkeypatch: Any) -> None:
    import fengsheng.views

    t = doctored_game()
    g, oracle = t.g, t.oracle
    t.clean()
    # the private part of 老鬼's seating event, shown to seat 0
    seated = next(e for e in g.events if e.kind == "character" and e.data["seat"] == 1)
    with pytest.raises(AssertionError, match=r"character 'standard\.lao_gui'"):
        oracle.check_event(g, 0, seated.full(), "doctored")
    # the question she is asked is a skill of hers: the same for a skill event
    with pytest.raises(AssertionError, match=r"character 'standard\.lao_gui'"):
        oracle.check_event(g, 2, {"kind": "skill", "seat": 1, "skill": "C-LAO_GUI-1"}, "doctored")
    # a view that shows her card to another seat
    real_view = fengsheng.views.view

    def leaky(game: Game, seat: int | None) -> dict[str, Any]:
        v = real_view(game, seat)
        v["seats"][1]["character"] = "standard.lao_gui"
        return v

    monkeypatch.setattr(fengsheng.views, "view", leaky)
    with pytest.raises(AssertionError, match=r"character 'standard\.lao_gui'"):
        oracle.check_view(g, 3, "doctored")
    monkeypatch.setattr(fengsheng.views, "view", real_view)
    oracle.check_view(g, 1, "ok")  # her own view may show it


def test_oracle_catches_a_private_decision_shown(monkeypatch: Any) -> None:
    import fengsheng.views

    t = doctored_game()
    g, oracle = t.g, t.oracle
    real_view = fengsheng.views.view

    def leaky(game: Game, seat: int | None) -> dict[str, Any]:
        v = real_view(game, seat)
        v["decision"] = {"seat": 1, "kind": "skill_choice", "context": ""}
        return v

    monkeypatch.setattr(fengsheng.views, "view", leaky)
    with pytest.raises(AssertionError, match="private decision shown"):
        oracle.check_view(g, 0, "doctored")
    monkeypatch.setattr(fengsheng.views, "view", real_view)
    # the same question asked in the open names her face-down character
    d = g.decision
    assert d is not None
    g.decision = d._replace(private=False)
    with pytest.raises(AssertionError, match=r"lao_gui|skill question"):
        oracle.check_view(g, 0, "doctored")
    g.decision = d


def test_oracle_catches_a_given_card_shown_to_a_third_player() -> None:
    t = doctored_game()
    g, oracle = t.g, t.oracle
    give = next(e for e in g.events if e.kind == "give")
    assert give.audience == (0, 3)
    oracle.check_event(g, 3, give.full(), "ok")
    oracle.check_event(g, 0, give.full(), "ok")
    with pytest.raises(AssertionError, match="hidden card"):
        oracle.check_event(g, 2, give.full(), "doctored")
    with pytest.raises(AssertionError, match="hidden card"):
        oracle.check_event(g, None, give.full(), "doctored")


def test_oracle_catches_exchanged_identities_shown_to_a_third_player() -> None:
    t = doctored_game()
    g = t.g
    t.do("1: pass")  # 老鬼 stays face down
    # 老枪 (face up) covers himself and 柒佰: the two of them look at each other's identity cards
    while not (g.decision is not None and g.decision.seat == 2 and g.decision.kind == "priority"):
        d = g.decision
        assert d is not None
        t.do(f"{d.seat}: {'pass' if 'pass' in [str(o) for o in d.options] else d.options[0]}")
    t.do("2: skill lao_qiang.2 @0")
    while not any(e.kind == "identities_exchanged" for e in g.events):
        t.do(f"{g.decision.seat}: pass")
    t.clean()
    ex = next(e for e in g.events if e.kind == "identities_exchanged")
    assert set(ex.audience) == {0, 2}
    assert not g.seats[2].face_up and g.view(3)["seats"][2]["character"] is None  # covered: no longer shown,
    assert t.oracle.character_ok(g, 3, "standard.lao_qiang")  # but everyone saw it face up: not a secret
    with pytest.raises(AssertionError, match="identity"):
        t.oracle.check_event(g, 3, ex.full(), "doctored")
    with pytest.raises(AssertionError, match="identity"):
        t.oracle.check_event(g, 1, ex.full(), "doctored")


def test_oracle_catches_the_deal_shown_to_another_player() -> None:
    g = Game.new(Config(players=4, characters=True), 3)
    oracle = Oracle(g)
    dealt = [e for e in g.events if e.kind == "characters_dealt"]
    oracle.check_event(g, 0, dealt[0].full(), "ok")
    with pytest.raises(AssertionError, match="character"):
        oracle.check_event(g, 1, dealt[0].full(), "doctored")
    # seat 0 chooses: still nobody else may see either card, before or after everyone chose
    kept = g.decision.options[0].name  # type: ignore[union-attr]
    g.act(g.decision.options[0])  # type: ignore[union-attr]
    oracle.update(g)
    with pytest.raises(AssertionError, match="character"):
        oracle.check_event(g, 2, {"kind": "x", "seat": 0, "character": kept}, "doctored")
    for _ in range(3):
        g.act(g.decision.options[0])  # type: ignore[union-attr]
        oracle.update(g)
    unchosen = (set(dealt[0].private["characters"]) - {kept}).pop()  # type: ignore[index]
    with pytest.raises(AssertionError, match="character"):
        oracle.check_event(g, 2, {"kind": "x", "characters": [unchosen]}, "doctored")


def test_character_words_are_recognised() -> None:
    shown = collect(
        {
            "kind": "x",
            "skill": "C-SHAN_LING-1",
            "use": "qi_bai.2",
            "characters": ["standard.lao_gui"],
            "why": "target_gone",
        },
        Shown(),
    )
    assert sorted(ch for _, ch in shown.characters) == ["standard.lao_gui", "standard.qi_bai", "standard.shan_ling"]
    assert not shown.unknown_keys
