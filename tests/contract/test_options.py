"""Options and configuration: the option notation, its JSON form, ``Config`` and its variants, and auto-pass."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from fengsheng.config import VARIANTS, Config
from fengsheng.core.options import KINDS, P_PASS, PRIORITY, Decision, Option, parse_option
from fengsheng.errors import ConfigError, FengshengError
from fengsheng.flow.window import Window
from fengsheng.game import Game
from fengsheng.sim.runner import derive_seed
from tests.helpers import load_fuzz

CONFIGS = load_fuzz().all_configs()


# ----------------------------------------------------------------------------------------------------------------
# Option notation
# ----------------------------------------------------------------------------------------------------------------
EXAMPLES = {
    "pass": Option("pass"),
    "declare": Option("declare"),
    "accept": Option("accept"),
    "decline": Option("decline"),
    "play c23 lock @3": Option("play", card=23, use="lock", target=3),
    "play c12 burn @3 x45": Option("play", card=12, use="burn", target=3, ref=45),
    "play c40 see_through ^7": Option("play", card=40, use="see_through", ref=7),
    "play c5 intercept": Option("play", card=5, use="intercept"),
    "play c0 lure_away @0": Option("play", card=0, use="lure_away", target=0),
    "play c80 true_or_false": Option("play", card=80, use="true_or_false"),
    "skill lao_qiang.cover @2": Option("skill", use="lao_qiang.cover", target=2),
    "skill c3 a.b x4": Option("skill", card=3, use="a.b", ref=4),
    "send c17": Option("send", card=17),
    "send c17 @2": Option("send", card=17, target=2),
    "discard c9": Option("discard", card=9),
    "pick #2": Option("pick", ref=2),
    "pick #0": Option("pick", ref=0),
    "choose lao_gui": Option("choose", name="lao_gui"),
    "respond effect": Option("respond", name="effect"),
    "respond line": Option("respond", name="line"),
}


@pytest.mark.parametrize("text", list(EXAMPLES))
def test_hand_written_examples(text: str) -> None:
    o = EXAMPLES[text]
    assert str(o) == text
    assert parse_option(text) == o
    assert Option.from_dict(o.to_dict()) == o
    assert Option.from_dict(json.loads(json.dumps(o.to_dict()))) == o
    assert parse_option("  " + text.replace(" ", "   ") + " ") == o  # whitespace is not significant
    assert o.to_dict()["kind"] == o.kind and o.kind in KINDS


def test_to_dict_holds_only_the_fields_that_are_set() -> None:
    assert Option("pass").to_dict() == {"kind": "pass"}
    assert EXAMPLES["play c12 burn @3 x45"].to_dict() == {"kind": "play", "card": 12, "use": "burn", "target": 3,
                                                          "ref": 45}  # fmt: skip
    assert EXAMPLES["pick #0"].to_dict() == {"kind": "pick", "ref": 0}
    assert EXAMPLES["play c0 lure_away @0"].to_dict() == {"kind": "play", "card": 0, "use": "lure_away", "target": 0}


def test_every_option_met_in_random_games_round_trips() -> None:
    seen: set[Option] = set()
    kinds: set[str] = set()
    decision_kinds: set[str] = set()
    for i in range(250):
        config = CONFIGS[i % len(CONFIGS)]
        g = Game.new(config, derive_seed("options", i))
        rng = random.Random(i)
        while g.decision is not None:
            d = g.decision
            decision_kinds.add(d.kind)
            seen.update(d.options)
            assert json.loads(json.dumps(d.to_dict())) == d.to_dict()
            g.step(rng.randrange(len(d.options)))
    for o in seen:
        text = str(o)
        assert parse_option(text) == o, text
        assert str(parse_option(text)) == text
        d = o.to_dict()
        assert Option.from_dict(json.loads(json.dumps(d))) == o, d
        kinds.add(o.kind)
        if o.kind == "play":
            uses = {"see_through": "^", "burn": "x"}
            if o.use in uses:
                assert uses[o.use] in text
    assert {"pass", "declare", "play", "send", "accept", "decline", "discard", "pick"} <= kinds
    assert {"priority", "send", "receive", "discard", "pick", "declare"} <= decision_kinds
    assert {o.use for o in seen if o.kind == "play"} == {
        "lock", "lure_away", "intercept", "return", "decode", "burn", "see_through", "probe", "true_or_false",
    }  # fmt: skip
    assert len(seen) > 1000


def test_options_are_immutable_and_hashable() -> None:
    o = EXAMPLES["play c23 lock @3"]
    with pytest.raises(AttributeError):
        o.card = 5  # type: ignore[misc]
    assert {o: 1}[Option("play", 23, "lock", 3)] == 1
    assert Decision(0, PRIORITY, (P_PASS, o), "play").to_dict() == {
        "seat": 0, "kind": "priority", "context": "play", "options": ["pass", "play c23 lock @3"],
    }  # fmt: skip


# ----------------------------------------------------------------------------------------------------------------
# Config
# ----------------------------------------------------------------------------------------------------------------
def test_config_defaults() -> None:
    c = Config()
    assert c.players == 5 and not c.auto_pass and not c.characters
    assert not c.optional_distribution and not c.bystander_alliance and not c.four_card_victory
    assert c.variants == ()


@pytest.mark.parametrize("config", CONFIGS, ids=load_fuzz().config_label)
def test_config_round_trips(config: Config) -> None:
    d = config.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert Config.from_dict(json.loads(json.dumps(d))) == config
    assert Config(players=config.players, auto_pass=config.auto_pass).with_variants(config.variants) == config
    assert sum(config.distribution) == config.players
    assert config.faction_target == (4 if config.four_card_victory else 3)


def test_all_legal_configs() -> None:
    """Every combination the rules allow (the fuzz plays all of them), and nothing else."""
    legal = {json.dumps(c.to_dict(), sort_keys=True) for c in CONFIGS}
    assert len(legal) == len(CONFIGS) == 48
    for players in range(3, 10):
        for names in ([], ["optional_distribution"], ["bystander_alliance"], ["four_card_victory"],
                      ["optional_distribution", "bystander_alliance"]):  # fmt: skip
            try:
                c = Config(players=players).with_variants(names)
            except ConfigError:
                assert not any(
                    json.loads(x)["players"] == players and all(json.loads(x)[n] for n in names) for x in legal
                )
                continue
            assert json.dumps(c.to_dict(), sort_keys=True) in legal
    assert {c.players for c in CONFIGS if c.bystander_alliance} == {6, 9}
    assert {c.players for c in CONFIGS if c.optional_distribution} == {4, 6, 7}


@pytest.mark.parametrize(
    "kw",
    [
        {"players": 2},
        {"players": 10},
        {"players": 0},
        {"players": "5"},
        {"players": 5.0},
        {"players": 5, "optional_distribution": True},
        {"players": 3, "bystander_alliance": True},  # 1/1/1 is not an alliance
        {"players": 5, "bystander_alliance": True},
        {"players": 7, "bystander_alliance": True},
        {"players": 6, "optional_distribution": True, "bystander_alliance": True},  # 3/3/0
        {"players": 4, "player_sexes": ("F",)},
        {"players": 3, "player_sexes": ("F", "M", "X")},
    ],
)
def test_bad_configs(kw: dict[str, Any]) -> None:
    with pytest.raises(ConfigError) as info:
        Config(**kw)
    assert isinstance(info.value, FengshengError) and isinstance(info.value, ValueError)


def test_variant_names() -> None:
    assert set(VARIANTS) == {"optional_distribution", "bystander_alliance", "four_card_victory"}
    with pytest.raises(ConfigError, match="unknown variant"):
        Config().with_variants(["auto_pass"])
    with pytest.raises(ConfigError, match="unknown config keys"):
        Config.from_dict({"players": 5, "colour": "red"})


# ----------------------------------------------------------------------------------------------------------------
# Auto-pass
# ----------------------------------------------------------------------------------------------------------------
def top_window(g: Game) -> Window | None:
    return next((f for f in reversed(g.frames) if isinstance(f, Window)), None)


def window_census(config: Config, seed: int) -> tuple[int, int]:
    """Play a random game; for every response window check who was asked. Returns (windows, pass-only prompts)."""
    g = Game.new(config, seed)
    rng = random.Random(seed)
    asked: dict[int, tuple[Window, set[int]]] = {}
    closed = 0
    pass_only = 0
    while g.decision is not None:
        d = g.decision
        if d.kind == PRIORITY:
            w = top_window(g)
            assert w is not None
            asked.setdefault(id(w), (w, set()))[1].add(d.seat)
            if d.options == (P_PASS,):
                pass_only += 1
                assert not config.auto_pass, "auto-pass asked a seat that can only pass"
        g.step(rng.randrange(len(d.options)))
        live = {id(f) for f in g.frames if isinstance(f, Window)}
        for key in [k for k in asked if k not in live]:
            w, seats = asked.pop(key)
            closed += 1
            in_game = {s.index for s in g.seats if s.in_game}
            if not config.auto_pass:
                # every seat still in the game was asked in that window (asking everyone hides who holds what)
                assert in_game <= seats, f"window {w.kind}: asked {seats}, in game {in_game}"
    return closed, pass_only


def test_auto_pass_is_off_by_default_and_everyone_is_asked() -> None:
    assert Config().auto_pass is False
    total = pass_only = 0
    for i in range(40):
        w, p = window_census(Config(players=3 + i % 7), 900 + i)
        total += w
        pass_only += p
    assert total > 1000 and pass_only > 1000


def test_auto_pass_asks_only_seats_with_a_choice() -> None:
    total = 0
    for i in range(40):
        w, p = window_census(Config(players=3 + i % 7, auto_pass=True), 900 + i)
        assert p == 0
        total += w
    assert total > 0


@pytest.mark.parametrize("players", range(3, 10))
def test_auto_pass_changes_who_is_asked_and_nothing_else(players: int) -> None:
    """Answering every pass-only prompt with pass (auto-pass off) is the same game as auto-pass on."""
    for seed in range(6):
        off = Game.new(Config(players=players), seed)
        on = Game.new(Config(players=players, auto_pass=True), seed)
        rng = random.Random(seed)
        while off.decision is not None:
            d = off.decision
            if d.options == (P_PASS,):
                off.step(0)
                continue
            assert on.decision == d
            k = rng.randrange(len(d.options))
            off.step(k)
            on.step(k)
        assert on.decision is None
        assert off.events == on.events and off.result == on.result
        assert [h for h in off.history if h[1] != P_PASS] == [h for h in on.history if h[1] != P_PASS]
        assert len(off.history) > len(on.history)
