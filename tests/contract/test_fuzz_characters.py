"""Random-play fuzz with character cards: games at 3 to 9 players, both pools (``base``, ``all``), every variant,
auto-pass on and off, the characters dealt and chosen at random like every other decision (S-SETUP-1/2), and
``fengsheng.invariants.check`` after every decision. Zero exceptions.

``python scripts/fuzz.py --characters`` runs the full 10,000 games; this test runs a few hundred so that CI stays
fast. It also checks that random play actually exercises the characters (flips, covers, many different skills).
"""

from __future__ import annotations

import json
import traceback
from collections import Counter
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.sim.runner import derive_seed
from tests.contract.test_fuzz import END_REASONS
from tests.helpers import CHARACTERS, load_fuzz, pool
from tests.suite import sized

fuzz = load_fuzz()

GAMES = sized(96, 400)


def test_character_configs_cover_every_legal_configuration_with_both_pools() -> None:
    configs = fuzz.character_configs()
    assert len(configs) == 2 * len(fuzz.all_configs()) == 96
    assert all(c.characters for c in configs)
    assert Counter(c.character_pool for c in configs) == {"base": 48, "all": 48}
    assert len({fuzz.config_label(c) for c in configs}) == 96
    assert {c.players for c in configs} == set(range(3, 10))
    # 9 players with the base pool deal every one of its 18 cards (two each)
    assert len(pool("base")) >= 2 * 9


def test_random_play_with_characters() -> None:
    configs = fuzz.character_configs()
    failures: list[str] = []
    reasons: Counter[str] = Counter()
    skills: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    chosen: Counter[str] = Counter()
    by_config: Counter[str] = Counter()
    decisions = 0
    for i in range(GAMES):
        config = configs[i % len(configs)]
        seed = derive_seed("fuzz-characters", i)
        try:
            g = fuzz.play_one(config, seed)  # invariants.check and check_decision after every decision
        except Exception:  # counted and reported, never dropped
            failures.append(f"game {i} {fuzz.config_label(config)} seed {seed}:\n{traceback.format_exc()}")
            continue
        assert g.result is not None
        by_config[fuzz.config_label(config)] += 1
        reasons[g.result["reason"]] += 1
        decisions += len(g.history)
        chosen.update(s.character for s in g.seats)
        for e in g.events:
            kinds[e.kind] += 1
            if e.kind == "skill":
                skills[e.data["skill"]] += 1
    assert not failures, f"{len(failures)} games raised:\n" + "\n".join(failures[:3])
    assert len(by_config) == 96  # every configuration, both pools, auto-pass on and off
    assert set(reasons) <= END_REASONS and sum(reasons.values()) == GAMES
    assert {"declared", "last_standing"} <= set(reasons)
    assert decisions > 100 * GAMES
    # the characters took part: every character was played, flips and covers happened, skills of most were used
    assert set(chosen) == set(CHARACTERS)
    assert kinds["flip"] > 0 and kinds["cover"] > 0 and kinds["characters_dealt"] > 0
    assert len(skills) >= 25, sorted(skills)
    assert {
        c for c in (ch.short for ch in CHARACTERS.values()) if any(k.startswith(f"C-{c.upper()}-") for k in skills)
    } >= {
        "lao_gui",
        "shan_ling",
        "qi_bai",
        "zhi_ye_sha_shou",
        "hei_mei_gui",
    }


def test_fuzz_script_characters_switch(capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main(["--games", "6", "--seed", "5", "--characters", "--json"]) == 0
    s: dict[str, Any] = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert s["games"] == 6 and s["exceptions"] == 0 and s["configs"] == 96
    assert all("characters:" in label for label in s["games_by_config"])
    assert fuzz.main(["--games", "2", "--seed", "5"]) == 0  # without the switch: no characters
    assert "characters" not in capsys.readouterr().out


def test_character_games_replay_from_their_records() -> None:
    from fengsheng.record import verify

    configs = fuzz.character_configs()
    for i in range(0, len(configs), 12):
        g = fuzz.play_one(configs[i], derive_seed("fuzz-characters-replay", i), invariants=False)
        rec = json.loads(json.dumps(g.record()))
        assert Config.from_dict(rec["config"]) == configs[i]
        verify(rec)
