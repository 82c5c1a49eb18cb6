"""The 千智风声 character registry and setup: Q-CHAR-1..4, Q-COMP-4, Q-SETUP-1, Q-TERM-1, Q-TERM-7, A-88."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from fengsheng.characters.base import Mission, Skill
from fengsheng.config import Config
from fengsheng.errors import ConfigError
from fengsheng.game import Game
from tests.external import data_text, seed_file
from tests.qianzhi.common import QZ

TEXTS = json.loads(
    resources.files("fengsheng.editions.qianzhi").joinpath("data/characters-001.json").read_text("utf-8")
)["characters"]
# Seed 001's character section, as the repository keeps it (tests/data; compared with the seed itself below).
SEED = data_text("seed-001-characters.txt")


def test_Q_COMP_4_Q_CHAR_4_A_88_thirty_characters_thirteen_hidden_seventeen_ordinary() -> None:
    assert len(TEXTS) == 30
    hidden = {k for k, t in TEXTS.items() if t["hidden"]}
    assert len(hidden) == 13
    for k, t in TEXTS.items():
        flips = any("翻開此角色" in s["text"]["zh"] for s in t["skills"])
        assert flips == (k in hidden) or k == "fu_she"  # 蝮蛇 is ordinary although 彈藥無限 flips it
    assert not TEXTS["fu_she"]["hidden"]


def test_Q_TERM_1_sexes_18_male_11_female_xiao_bai_both() -> None:
    sexes = [t["sex"] for t in TEXTS.values()]
    assert (sexes.count("M"), sexes.count("F"), sexes.count("FM")) == (18, 11, 1)
    assert TEXTS["xiao_bai"]["sex"] == "FM"


def test_Q_CHAR_texts_are_001_verbatim() -> None:
    """Every name, skill text and mission of the data file is printed in seed 001 as it stands."""
    for t in TEXTS.values():
        assert f"{t['name']['zh']}性別：" in SEED
        for s in t["skills"]:
            assert f"{s['name']['zh']}：{s['text']['zh']}" in SEED
        assert f"醬油任務：{t['mission']['zh']}" in SEED
        assert all(s["text"]["en"] and s["name"]["en"] for s in t["skills"]) and t["mission"]["en"]


def test_Q_CHAR_the_kept_character_section_is_the_seeds_own() -> None:
    """The repository's copy of seed 001's character section stands in the seed as it is (with $FENGSHENG_SEEDS)."""
    assert SEED.count("性別：") == 30
    assert SEED in seed_file("001").read_text("utf-8")


def test_Q_CHAR_2_every_dealt_character_has_a_rule_for_each_skill_and_a_mission() -> None:
    """Only complete characters are registered: each printed skill has its rule, each rule its printed skill."""
    chars = QZ.characters()
    assert chars and all(c.startswith("qianzhi.") for c in chars)
    for cid, ch in chars.items():
        printed = {s["id"] for s in ch.texts["skills"]}
        ruled = {r.skill_id for r in ch.rules if issubclass(r, Skill)}
        assert printed == ruled, cid
        missions = sum(1 for r in ch.rules if issubclass(r, Mission))
        assert missions == (0 if ch.texts["mission"]["zh"] == "無。" else 1), cid  # 致命香水: 「無」
        assert all(r.character == cid for r in ch.rules if issubclass(r, Skill | Mission)), cid
        assert ch.hidden == TEXTS[ch.short]["hidden"]


def test_Q_SETUP_1_two_dealt_each_keep_one_hidden_face_down() -> None:
    g = Game.new(Config(edition="qianzhi", players=4, characters=True), 5)
    dealt = [e.full()["characters"] for e in g.events if e.kind == "characters_dealt"]
    assert [len(d) for d in dealt] == [2, 2, 2, 2]
    assert len({c for d in dealt for c in d}) == 8  # eight different cards
    for seat in range(4):
        g.act(g.decision.options[seat % 2])
    for s in g.seats:
        ch = g.characters[s.character]
        assert s.character in dealt[s.index] and s.face_up == (not ch.hidden)
        for other in range(4):
            seen = g.view(other)["seats"][s.index].get("character")
            assert seen == (s.character if s.face_up or other == s.index else None)


def test_Q_SETUP_1_characters_are_the_default_and_games_play_to_the_end() -> None:
    for n in range(3, 9):
        g = Game.new(Config(edition="qianzhi", players=n, characters=True), n)
        r = random.Random(n)
        while g.decision is not None:
            g.step(r.randrange(len(g.decision.options)))
        assert g.result is not None
        assert all(s.character in QZ.characters() for s in g.seats)


def test_a_pool_smaller_than_the_table_is_refused_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """While characters are missing, a pool too small for the table is a ConfigError, not a failure at setup."""
    few = list(QZ.pool("base"))[:5]
    monkeypatch.setattr(type(QZ), "pool", lambda self, name="base", text_set="": list(few))
    Config(edition="qianzhi", players=5, characters=True)
    with pytest.raises(ConfigError, match="has 5 characters for 6 players"):
        Config(edition="qianzhi", players=6, characters=True)


def test_Q_CHAR_1_Q_CHAR_2_flip_skills_work_face_down_ordinary_skills_face_up() -> None:
    from tests.qianzhi.common import build

    g = build(4, at="play", auto_pass=False, hands={0: ["K:decode"]}, characters={0: "shan_ling", 1: "dao_feng"})
    assert g.characters["qianzhi.shan_ling"].hidden and not g.characters["qianzhi.dao_feng"].hidden
    assert not g.seats[0].face_up and g.seats[1].face_up
    assert any(o.startswith("skill shan_ling.1") for o in map(str, g.decision.options))  # face down: its flip
    g = build(4, at="play", auto_pass=False, hands={0: ["K:decode"]}, characters={0: "shan_ling"}, face_up={0: True})
    assert not any(o.startswith("skill shan_ling.1") for o in map(str, g.decision.options))  # face up: no flip
    g = build(4, at="play", auto_pass=False, hands={0: ["K:decode"]}, characters={0: "dao_feng"}, face_up={0: False})
    assert not any(o.startswith("skill dao_feng") for o in map(str, g.decision.options))  # covered: no skills


def test_Q_CHAR_2_Q_TERM_7_a_cover_gives_the_flip_back_and_a_covered_card_is_not_covered_again() -> None:
    from fengsheng.testing import Script
    from tests.helpers import events
    from tests.qianzhi.common import build

    g = build(
        4,
        current=3,
        at="step2",
        characters={0: "qing_bao_lie_shou"},
        face_up={0: False},
        transit={"card": "K:decode", "sender": 3, "holder": 0},
    )
    s = Script(g)
    while g.decision is not None and g.decision.kind != "receive":
        s.do(f"{g.decision.seat}: pass")
    s.do("0: accept")
    assert not g.seats[0].face_up and events(g, "cover") == []  # 斗轉星移 does nothing face down
    g = build(
        4,
        current=3,
        at="step2",
        auto_pass=False,
        characters={0: "qing_bao_lie_shou"},
        face_up={0: True},
        transit={"card": "K:decode", "sender": 3, "holder": 0},
        hands={0: ["R:lock"]},
    )
    s = Script(g)
    while g.decision is not None and g.decision.kind != "receive":
        s.do(f"{g.decision.seat}: pass")
    s.do("0: accept")
    assert not g.seats[0].face_up
    while g.decision is not None and g.decision.seat != 0:
        s.do(f"{g.decision.seat}: {g.decision.options[0]}")
    assert any(str(o).startswith("skill qing_bao_lie_shou.1") for o in g.decision.options)  # may flip again


def test_Q_CHAR_3_a_mission_wins_only_for_a_bystander() -> None:
    from tests.qianzhi.common import build

    intel = {2: ["B:lock", "B:decode", "B:burn"]}
    assert build(4, ["ug", "mi", "by", "ug"], intel=intel, characters={2: "jie_ke"}).can_declare_now(2)
    assert not build(4, ["ug", "by", "ug", "mi"], intel=intel, characters={2: "jie_ke"}).can_declare_now(2)


def test_Q_TERM_8_skills_place_intelligence_from_the_hand() -> None:
    from fengsheng.testing import Script
    from tests.helpers import events
    from tests.qianzhi.common import build

    g = build(4, at="step2", characters={0: "jie_ke"}, hands={0: ["K:lock"]}, transit={"card": "B:decode", "holder": 1})
    s = Script(g)
    black = s.card("K:lock", 0)
    s.do("1: accept", f"0: choose c{black}")
    assert black not in g.seats[0].hand and black in g.seats[1].intel and events(g, "obtain")[-1]["how"] == "skill"
