"""Random play with the 004 character texts (A-45): games at 3 to 9 players, both pools (``base``, ``all``), every
variant, auto-pass on and off, characters dealt and chosen at random, ``fengsheng.invariants.check`` after every
decision (the helpers of ``scripts/fuzz.py``, as in test_fuzz_characters.py). Zero exceptions; the 004 rules are
exercised; records of 004 games replay; the hidden-information oracle of test_leaks.py finds nothing shown that a
seat may not know (as test_leaks_characters.py does for 000).

``python scripts/fuzz.py --texts 004`` runs the full count; this test runs a few hundred games.
"""

from __future__ import annotations

import json
import traceback
from collections import Counter
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.record import replay, verify
from fengsheng.sim.runner import derive_seed
from tests.contract.test_fuzz import END_REASONS
from tests.contract.test_leaks_characters import leak_check_character_game
from tests.helpers import STANDARD, load_fuzz
from tests.suite import sized

fuzz = load_fuzz()

GAMES = sized(96, 300)  # at least one game of each of the 96 configurations
LEAK_GAMES = sized(32, 100)
CHARACTERS_004 = STANDARD.characters("004")


def test_character_configs_with_the_004_texts() -> None:
    configs = fuzz.character_configs("004")
    assert len(configs) == 96 and all(c.characters and c.character_texts == "004" for c in configs)
    assert Counter(c.character_pool for c in configs) == {"base": 48, "all": 48}
    assert {c.players for c in configs} == set(range(3, 10))
    assert all(c.character_texts == "000" for c in fuzz.character_configs())  # the default stays 000
    assert all(fuzz.config_label(c).endswith("+texts:004") for c in configs)


def test_random_play_with_the_004_texts() -> None:
    configs = fuzz.character_configs("004")
    failures: list[str] = []
    reasons: Counter[str] = Counter()
    skills: Counter[str] = Counter()
    chosen: Counter[str] = Counter()
    by_config: Counter[str] = Counter()
    for i in range(GAMES):
        config = configs[i % len(configs)]
        seed = derive_seed("fuzz-texts-004", i)
        try:
            g = fuzz.play_one(config, seed)  # invariants.check and check_decision after every decision
        except Exception:  # counted and reported, never dropped
            failures.append(f"game {i} {fuzz.config_label(config)} seed {seed}:\n{traceback.format_exc()}")
            continue
        assert g.result is not None and g.characters is CHARACTERS_004
        by_config[fuzz.config_label(config)] += 1
        reasons[g.result["reason"]] += 1
        chosen.update(s.character for s in g.seats)
        skills.update(e.data["skill"] for e in g.events if e.kind == "skill")
    assert not failures, f"{len(failures)} games raised:\n" + "\n".join(failures[:3])
    assert len(by_config) == 96 and set(reasons) <= END_REASONS and sum(reasons.values()) == GAMES
    assert set(chosen) == set(CHARACTERS_004)
    # the 004 rules took part: skills that exist only in 004, and 004 versions of 000 skills
    assert {"C-DAO_FENG-1", "C-DAO_FENG-3", "C-BEI_LEI_MAO-2", "C-SHAN_LING-1", "C-E_MEI_FENG-1"} <= set(skills)
    assert len(skills) >= 25, sorted(skills)


def test_004_games_replay_from_their_records() -> None:
    configs = fuzz.character_configs("004")
    for i in range(0, len(configs), 8):
        g = fuzz.play_one(configs[i], derive_seed("fuzz-texts-004-replay", i), invariants=False)
        rec: dict[str, Any] = json.loads(json.dumps(g.record()))
        assert Config.from_dict(rec["config"]).character_texts == "004"
        r = replay(rec)
        assert r.digest() == g.digest() and r.result == g.result and r.characters is CHARACTERS_004
        verify(rec)


def test_no_leaks_with_the_004_texts() -> None:
    configs = fuzz.character_configs("004")
    stats: Counter[str] = Counter()
    for i in range(LEAK_GAMES):
        leak_check_character_game(configs[i % len(configs)], derive_seed("leaks-texts-004", i), stats)
    assert stats["views"] > 0 and stats["private"] > 0 and stats["event:skill"] > 0


def test_fuzz_script_texts_switch(capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main(["--games", "6", "--seed", "5", "--texts", "004", "--json"]) == 0  # implies --characters
    s: dict[str, Any] = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert s["games"] == 6 and s["exceptions"] == 0 and s["configs"] == 96
    assert all(label.endswith("+texts:004") for label in s["games_by_config"])
    assert fuzz.main(["--games", "2", "--seed", "5", "--characters", "--texts", "000"]) == 0
    assert "texts:" not in capsys.readouterr().out
