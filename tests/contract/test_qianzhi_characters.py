"""The contract over 千智风声 with its characters on: fuzz, leaks, determinism, replay and determinization, as for the
standard edition with characters (test_fuzz_characters.py, test_leaks_characters.py, test_determinize.py)."""

from __future__ import annotations

import json
import random
import time
import traceback
from collections import Counter

import pytest

from fengsheng.config import Config
from fengsheng.editions import get_edition
from fengsheng.game import Game
from fengsheng.invariants import check
from fengsheng.record import verify
from fengsheng.sim.runner import derive_seed
from tests.contract.test_fuzz import END_REASONS
from tests.contract.test_leaks_characters import leak_check_character_game
from tests.helpers import load_fuzz, play
from tests.suite import sized

fuzz = load_fuzz()
QZ = get_edition("qianzhi")
CONFIGS = fuzz.character_configs("", "qianzhi")

FUZZ_GAMES = sized(176, 400)
LEAK_GAMES = sized(66, 1000)
REPLAY_GAMES = sized(44, 300)
POSITIONS = sized(40, 160)


def test_qianzhi_character_configs_cover_every_legal_configuration() -> None:
    assert len(fuzz.all_configs("qianzhi")) == 20  # without characters: 16 of the free mode, 4 of 新手场 and 3V3
    assert len(CONFIGS) == 22  # and the mission mode's two (Q-MODE-3: characters only)
    assert sum(c.mode == "mission" and c.players == 6 for c in CONFIGS) == 2
    assert all(c.characters and c.edition == "qianzhi" for c in CONFIGS)
    assert {c.players for c in CONFIGS} == set(range(3, 9))


def test_random_play_of_qianzhi_with_characters() -> None:
    failures: list[str] = []
    reasons: Counter[str] = Counter()
    skills: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    chosen: Counter[str] = Counter()
    for i in range(FUZZ_GAMES):
        config = CONFIGS[i % len(CONFIGS)]
        seed = derive_seed("fuzz-qianzhi-characters", i)
        try:
            g = fuzz.play_one(config, seed)  # invariants.check and check_decision after every decision
        except Exception:  # counted and reported, never dropped
            failures.append(f"game {i} {fuzz.config_label(config)} seed {seed}:\n{traceback.format_exc()}")
            continue
        assert g.result is not None
        reasons[g.result["reason"]] += 1
        chosen.update(s.character for s in g.seats)
        for e in g.events:
            kinds[e.kind] += 1
            if e.kind == "skill":
                skills[e.data["skill"]] += 1
    assert not failures, f"{len(failures)} games raised:\n" + "\n".join(failures[:3])
    assert set(reasons) <= END_REASONS and {"declared", "last_standing"} <= set(reasons)
    assert set(chosen) == set(QZ.characters())  # every complete character was played
    assert kinds["flip"] > 0 and kinds["cover"] > 0
    printed = {s["id"] for ch in QZ.characters().values() for s in ch.texts["skills"]}
    assert len(set(skills) & printed) >= 0.8 * len(printed), sorted(printed - set(skills))


def test_no_leaks_in_random_qianzhi_games_with_characters() -> None:
    stats: Counter[str] = Counter()
    t0 = time.perf_counter()
    for i in range(LEAK_GAMES):
        leak_check_character_game(CONFIGS[i % len(CONFIGS)], derive_seed("leak-test-qianzhi-characters", i), stats)
    print(
        f"{LEAK_GAMES} games, {stats['decisions']} decisions, {stats['views']} views, {time.perf_counter() - t0:.1f} s"
    )
    assert stats["decisions"] > 100 * LEAK_GAMES and stats["private"] > 0
    for kind in ("characters_dealt", "character", "flip", "cover", "skill", "take", "identities_exchanged"):
        assert stats[f"event:{kind}"] > 0, kind


def test_qianzhi_character_games_replay_from_their_records() -> None:
    for i in range(REPLAY_GAMES):
        config = CONFIGS[i % len(CONFIGS)]
        g = play(Game.new(config, derive_seed("replay-qianzhi-characters", i)), i)
        rec = json.loads(json.dumps(g.record(), ensure_ascii=False))
        assert rec["edition"] == "qianzhi" and Config.from_dict(rec["config"]) == config
        g2 = verify(rec)
        assert g2.events == g.events and g2.result == g.result is not None


@pytest.mark.parametrize("config", CONFIGS[::3], ids=fuzz.config_label)
def test_qianzhi_with_characters_is_deterministic(config: Config) -> None:
    a = play(Game.new(config, 77), 5)
    b = play(Game.new(config, 77), 5)
    assert [e.full() for e in a.events] == [e.full() for e in b.events] and a.result == b.result
    c = play(Game.new(config, 78), 5)
    assert [e.full() for e in a.events] != [e.full() for e in c.events]


def test_qianzhi_positions_with_characters_determinize_keeping_the_view() -> None:
    """A determinized game keeps the seat's view and its event stream, and plays on to the end."""
    changed: Counter[str] = Counter()
    for i in range(POSITIONS):
        rng = random.Random(derive_seed("determinize-qianzhi", i))
        g = Game.new(rng.choice(CONFIGS), derive_seed("determinize-qianzhi-game", i))
        choices = rng.randrange(1 << 30)
        length = len(play(g.clone(), choices).history)
        play(g, choices, stop=rng.randrange(max(1, length)))
        seat = rng.randrange(g.n)
        hands = [list(s.hand) for s in g.seats]
        chars = [s.character for s in g.seats]
        d = g.determinize(seat, random.Random(i))
        assert [list(s.hand) for s in g.seats] == hands, "the game itself is untouched"
        assert d.view(seat) == g.view(seat), i
        assert d.events_for(seat) == g.events_for(seat), i
        check(d)
        changed["hands"] += [list(s.hand) for s in d.seats] != hands
        changed["chars"] += [s.character for s in d.seats] != chars
        play(d, i)
        assert d.result is not None
    assert changed["hands"] > 0.5 * POSITIONS and changed["chars"] > 0, dict(changed)


def test_the_oracle_allows_a_pending_burns_target_put_back_on_the_deck() -> None:
    """黃雀 puts the target of her own pending 燒毀 back on the deck (a public move): the burn's ``ref`` in the views
    names a card in the deck, which everyone saw go there. The oracle accepts that, and only that."""
    from fengsheng.testing import Script
    from tests.contract.test_leaks import Oracle
    from tests.qianzhi.common import build

    g = build(
        4,
        ["ug", "mi", "by", "ug"],
        at="play",
        auto_pass=False,
        hands={0: ["K:burn", "R:decode"]},
        intel={2: ["K:lock", "R:lock"]},
        characters={0: "huang_que"},
    )
    oracle = Oracle(g)
    s = Script(g)
    x = s.card("K:lock", 2, "intel")
    for line in (f"0: play c{{K:burn}} burn @2 x{x}", "1: pass", "2: pass", "3: pass", "0: skill huang_que.1 @2"):
        s.do(line)
        oracle.update(g)
    if g.decision is not None and g.decision.kind == "skill_choice":
        s.do(f"0: choose @2 x{x}")
        oracle.update(g)
    assert x in g.deck
    for viewer in (0, 1, 2, 3, None):
        oracle.check_view(g, viewer, "burn target on the deck")
    oracle.burn_refs.clear()  # without the record of the burn's public target, the card in the deck is hidden
    with pytest.raises(AssertionError, match="shows hidden card"):
        oracle.check_view(g, 1, "doctored")
