"""Character setup (S-SETUP-1, S-SETUP-2), the configuration switches, the character registry, and the players' own
sex (S-CHAR-7, A-41).

* S-SETUP-1: two character cards are dealt at random to each player; keeping one is a decision ``choose <id>``. What
  was dealt and what was kept is private until everyone has chosen.
* S-SETUP-2: then hidden (潜伏) characters go face down and public ones face up.
* Config: ``characters``, ``character_pool`` ("base" = the 18 of the 2010 rulebook, "all" = plus the supplement),
  ``fixed_characters``, ``player_sexes``.
* Registry (``fengsheng.characters``): ``CHARACTERS``, ``pool()``, ``text()``; every character of the text set
  ``editions/standard/data/characters-000.json`` has a module.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from fengsheng.characters import text
from fengsheng.characters.base import CharacterDef, Mission, Skill
from fengsheng.config import Config
from fengsheng.core.options import CHOOSE_CHARACTER
from fengsheng.errors import ConfigError, IllegalAction
from fengsheng.game import Game
from fengsheng.scenario import Scenario
from tests.helpers import CHARACTERS, pool

TEXTS: dict[str, Any] = json.loads(
    resources.files("fengsheng.editions.standard").joinpath("data/characters-000.json").read_text("utf-8")
)
TEXT_IDS = sorted(f"standard.{c}" for c in TEXTS["characters"])  # full ids
CHAR_RE = re.compile("|".join(sorted((re.escape(c) for c in TEXT_IDS), key=len, reverse=True)))


def choose_all(g: Game, rng: random.Random | None = None) -> list[str]:
    """Answer every character choice (the first option, or a random one); returns the kept ids by seat."""
    kept = []
    while g.decision is not None and g.decision.kind == CHOOSE_CHARACTER:
        d = g.decision
        o = d.options[rng.randrange(len(d.options))] if rng else d.options[0]
        kept.append(o.name)
        g.act(o, seat=d.seat)
    return kept


def mentions(obj: Any) -> set[str]:
    """Character ids appearing anywhere in a view or an event (as values)."""
    return set(CHAR_RE.findall(json.dumps(obj, ensure_ascii=False)))


# ---------------------------------------------------------------------------------------------------------------
# S-SETUP-1: two characters dealt at random to each player, who keeps one
# ---------------------------------------------------------------------------------------------------------------


def test_S_SETUP_1_two_characters_dealt_to_each_player_who_keeps_one() -> None:
    g = Game.new(Config(players=5, characters=True), 7)
    dealt = {e.data["seat"]: e.private["characters"] for e in g.events if e.kind == "characters_dealt"}
    assert sorted(dealt) == list(range(5))
    assert all(len(v) == 2 for v in dealt.values())
    flat = [c for v in dealt.values() for c in v]
    assert len(set(flat)) == 10 and set(flat) <= set(pool("base"))  # each card exists once
    kept = []
    for seat in range(5):
        d = g.decision
        assert d is not None and (d.seat, d.kind, d.context) == (seat, CHOOSE_CHARACTER, "setup")
        assert [str(o) for o in d.options] == [f"choose {c}" for c in dealt[seat]]
        assert all(s.character is None for s in g.seats)  # nothing is seated before everyone chose
        pick = dealt[seat][seat % 2]
        kept.append(pick)
        g.act(f"choose {pick}", seat=seat)
    assert [s.character for s in g.seats] == kept
    # the unchosen cards are out of this game
    unchosen = set(flat) - set(kept)
    assert not any(s.character in unchosen for s in g.seats)
    assert g.decision is not None and g.decision.kind == "priority"


def test_S_SETUP_1_choosing_a_character_not_dealt_is_illegal() -> None:
    g = Game.new(Config(players=4, characters=True), 1)
    d = g.decision
    assert d is not None
    other = next(c for c in pool("base") if c not in {o.name for o in d.options})
    with pytest.raises(IllegalAction):
        g.act(f"choose {other}")
    with pytest.raises(IllegalAction):
        g.act(str(d.options[0]), seat=1)  # not seat 1's turn to choose
    assert g.decision == d


def test_S_SETUP_1_the_deal_is_random_and_reproducible() -> None:
    deals = set()
    for seed in range(40):
        g = Game.new(Config(players=4, characters=True), seed)
        deal = tuple(tuple(e.private["characters"]) for e in g.events if e.kind == "characters_dealt")
        deals.add(deal)
        g2 = Game.new(Config(players=4, characters=True), seed)
        assert deal == tuple(tuple(e.private["characters"]) for e in g2.events if e.kind == "characters_dealt")
    assert len(deals) == 40


def test_S_SETUP_1_pools_base_and_all() -> None:
    """``base``: the 18 of the 2010 rulebook (9 players use them all); ``all``: plus the supplement."""
    g = Game.new(Config(players=9, characters=True), 3)
    dealt = [c for e in g.events if e.kind == "characters_dealt" for c in e.private["characters"]]
    assert sorted(dealt) == sorted(pool("base")) and len(dealt) == 18
    supplement = set(pool("all")) - set(pool("base"))
    seen: Counter[str] = Counter()
    for seed in range(60):
        g = Game.new(Config(players=6, characters=True, character_pool="all"), seed)
        seen.update(c for e in g.events if e.kind == "characters_dealt" for c in e.private["characters"])
    assert supplement <= set(seen) and set(seen) <= set(pool("all"))
    with pytest.raises(ConfigError):
        Config(players=5, characters=True, character_pool="qianzhi")


def test_S_SETUP_1_deal_and_choice_stay_private_until_everyone_has_chosen() -> None:
    g = Game.new(Config(players=5, characters=True), 11)
    dealt = {e.data["seat"]: set(e.private["characters"]) for e in g.events if e.kind == "characters_dealt"}
    kept: dict[int, str] = {}
    while g.decision is not None and g.decision.kind == CHOOSE_CHARACTER:
        d = g.decision
        for viewer in [*range(5), None]:
            v = g.view(viewer)
            mine = dealt.get(viewer, set()) if viewer is not None else set()
            assert mentions(v) <= mine, (viewer, mentions(v))
            assert mentions(g.events_for(viewer)) <= mine
            if viewer != d.seat:
                assert "options" not in v["decision"]
            assert all(sv["character"] is None and not sv["has_character"] for sv in v["seats"])
        kept[d.seat] = d.options[1].name
        g.act(d.options[1])
    # the choice made no event of its own; afterwards each seat sees public characters and its own hidden one
    assert [e.kind for e in g.events].count("character") == 5
    for viewer in range(5):
        public = {c for s, c in kept.items() if not CHARACTERS[c].hidden}
        assert mentions(g.view(viewer)["seats"]) == public | {kept[viewer]}
        assert mentions(g.events_for(viewer)) == dealt[viewer] | public
    assert mentions(g.view(None)) == {c for c in kept.values() if not CHARACTERS[c].hidden}


# ---------------------------------------------------------------------------------------------------------------
# S-SETUP-2: hidden characters face down, public ones face up
# ---------------------------------------------------------------------------------------------------------------


def test_S_SETUP_2_hidden_characters_face_down_public_face_up() -> None:
    hidden_seen = public_seen = 0
    for seed in range(30):
        g = Game.new(Config(players=6, characters=True, character_pool="all"), seed)
        choose_all(g, random.Random(seed))
        for s in g.seats:
            ch = CHARACTERS[s.character]
            assert s.face_up is (not ch.hidden)
            assert s.character_sex == ch.sex
            ev = next(e for e in g.events if e.kind == "character" and e.data["seat"] == s.index)
            if ch.hidden:
                hidden_seen += 1
                assert ev.data == {"seat": s.index, "face_up": False} and ev.audience == (s.index,)
                assert ev.private == {"character": s.character}
            else:
                public_seen += 1
                assert ev.data == {"seat": s.index, "character": s.character, "face_up": True} and ev.private is None
            for viewer in [*range(6), None]:
                sv = g.view(viewer)["seats"][s.index]
                assert sv["has_character"] and sv["face_up"] is s.face_up
                assert sv["character"] == (s.character if (s.face_up or viewer == s.index) else None)
    assert hidden_seen and public_seen


def test_S_SETUP_2_characters_are_chosen_before_identities_and_cards() -> None:
    """S-SETUP-4: identities are dealt after the characters are chosen; then the cards (S-SETUP-5)."""
    g = Game.new(Config(players=4, characters=True), 5)
    assert all(s.identity == "" for s in g.seats) and all(not s.hand for s in g.seats)
    choose_all(g)
    k = [e.kind for e in g.events]
    assert k.index("characters_dealt") < k.index("character") < k.index("identity") < k.index("draw")
    assert k.index("draw") < k.index("first_player")


def test_S_SETUP_2_skills_take_part_only_once_seated() -> None:
    g = Game.new(Config(players=5, characters=True), 2)
    assert len(g.rules) == 0  # not even identity rules: identities come after the choice
    kept = choose_all(g)
    owners = Counter(r.owner for r in g.rules if isinstance(r, (Skill, Mission)))
    for seat, cid in enumerate(kept):
        assert owners[seat] == len(CHARACTERS[cid].rules)


# ---------------------------------------------------------------------------------------------------------------
# fixed_characters and the characters switch
# ---------------------------------------------------------------------------------------------------------------


def test_S_SETUP_1_fixed_characters_skip_the_deal() -> None:
    fixed = ("lao_gui", "qi_bai", "shan_ling", "zhi_ye_sha_shou")
    g = Game.new(Config(players=4, characters=True, fixed_characters=fixed), 0)
    assert g.decision is not None and g.decision.kind == "priority"
    assert "characters_dealt" not in [e.kind for e in g.events]
    assert tuple(s.character for s in g.seats) == tuple(f"standard.{c}" for c in fixed)  # stored by full id
    assert [s.face_up for s in g.seats] == [False, True, False, True]  # S-SETUP-2 still applies


@pytest.mark.parametrize(
    "kw",
    [
        {"fixed_characters": ("lao_gui", "qi_bai", "shan_ling")},  # characters=False
        {"characters": True, "fixed_characters": ("lao_gui", "qi_bai")},  # one per seat
        {"characters": True, "fixed_characters": ("lao_gui", "qi_bai", "nobody")},
        {"characters": True, "fixed_characters": ("lao_gui", "lao_gui", "qi_bai")},  # each card exists once
        {"characters": True, "fixed_characters": ("lao_gui", "qi_bai", "yi_xian_sheng")},  # cut off in the seeds
    ],
)
def test_S_SETUP_1_bad_fixed_characters_are_refused(kw: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        Config(players=3, **kw)


def test_S_SETUP_1_config_round_trips_with_characters() -> None:
    cfg = Config(players=4, characters=True, character_pool="all", player_sexes=("F", "", "M", "F"))
    assert Config.from_dict(json.loads(json.dumps(cfg.to_dict()))) == cfg
    fixed = Config(players=3, characters=True, fixed_characters=("lao_gui", "qi_bai", "shan_ling"))
    assert Config.from_dict(json.loads(json.dumps(fixed.to_dict()))) == fixed


def test_S_SETUP_1_a_game_with_characters_replays_from_its_record() -> None:
    from fengsheng.record import replay

    rng = random.Random(4)
    g = Game.new(Config(players=5, characters=True, character_pool="all", auto_pass=True), 9)
    choose_all(g, rng)
    for _ in range(300):
        if g.decision is None:
            break
        g.step(rng.randrange(len(g.decision.options)))
    r = replay(json.loads(json.dumps(g.record())))
    assert r.digest() == g.digest() and [s.character for s in r.seats] == [s.character for s in g.seats]


# ---------------------------------------------------------------------------------------------------------------
# The registry
# ---------------------------------------------------------------------------------------------------------------


def test_S_SETUP_1_every_character_of_the_text_set_has_a_module() -> None:
    """All 24 characters of the 2010 text set (18 base + 6 complete supplement ones; 易先生 is cut off)."""
    assert len(TEXT_IDS) == 24
    missing = sorted(set(TEXT_IDS) - set(CHARACTERS))
    assert missing == [], f"characters without a module: {missing}"
    assert sorted(CHARACTERS) == TEXT_IDS
    assert "standard.yi_xian_sheng" not in CHARACTERS


def test_S_SETUP_1_each_module_implements_the_skills_and_mission_of_its_text() -> None:
    for cid, ch in CHARACTERS.items():
        assert isinstance(ch, CharacterDef) and ch.id == cid
        t = TEXTS["characters"][ch.short]
        assert (ch.sex, ch.hidden, ch.pool) == (t["sex"], t["hidden"], t["pool"])
        skills = [r for r in ch.rules if issubclass(r, Skill)]
        missions = [r for r in ch.rules if issubclass(r, Mission)]
        assert {r.skill_id for r in skills} == {s["id"] for s in t["skills"]}, cid
        assert all(r.character == cid for r in skills), cid
        assert len(missions) == 1 and missions[0].character == cid, cid


def test_S_SETUP_1_S_COMP_7_pools_match_the_rulebook_counts() -> None:
    """S-COMP-7: 7 hidden (4 F, 3 M) and 11 public (2 F, 8 M, 1 both) in the base set."""
    base = [CHARACTERS[c] for c in pool("base")]
    assert len(base) == 18 and pool() == pool("base")
    hidden = Counter(c.sex for c in base if c.hidden)
    public = Counter(c.sex for c in base if not c.hidden)
    assert hidden == {"F": 4, "M": 3} and public == {"F": 2, "M": 8, "FM": 1}
    assert pool("all") == sorted(pool("all")) == sorted(CHARACTERS)
    assert set(pool("all")) - set(pool("base")) == set(pool("supplement"))
    assert len(pool("supplement")) == 6


def test_S_SETUP_1_texts_in_both_languages() -> None:
    for cid in CHARACTERS:
        zh, en = text(cid, "zh"), text(cid, "en")
        assert zh["id"] == en["id"] == cid
        assert zh["name"] and en["name"] and zh["name"] != en["name"]
        assert [s["id"] for s in zh["skills"]] == [s["id"] for s in en["skills"]]
        assert all(s["text"] for s in zh["skills"] + en["skills"]) and zh["mission"] and en["mission"]
    assert text("lao_gui")["name"] == "老鬼" and text("qi_bai", "en")["sex"] == "M"
    assert text("xiao_bai")["sex"] == "FM"


# ---------------------------------------------------------------------------------------------------------------
# S-CHAR-7 / A-41: the players' own sex
# ---------------------------------------------------------------------------------------------------------------


def test_S_CHAR_7_player_sexes_config() -> None:
    assert Config(players=3, player_sexes=("F", "M", "")).player_sexes == ("F", "M", "")
    with pytest.raises(ConfigError):
        Config(players=3, player_sexes=("F", "M"))
    with pytest.raises(ConfigError):
        Config(players=3, player_sexes=("F", "M", "X"))
    g = Game.new(Config(players=3, player_sexes=("F", "M", "")), 0)
    assert [s.player_sex for s in g.seats] == ["F", "M", ""]
    assert [sv["sex"] for sv in g.view(None)["seats"]] == ["F", "M", None]  # the players' sex is public


def test_S_CHAR_7_sex_of_players_and_real_characters() -> None:
    """A woman: a female player or a face-up female character; a face-down character has no sex, but the player
    keeps his own (A-41). 小白 is both."""
    g = Scenario(
        players=5,
        identities=["ug", "mi", "by", "ug", "mi"],
        characters={0: "lao_gui", 1: "shan_ling", 2: "xiao_bai", 3: "qi_bai", 4: "hei_mei_gui"},
        face_up={4: True},
        config=Config(players=5, player_sexes=("", "M", "", "F", "")),
        at="play",
    ).build()
    s0, s1, s2, s3, s4 = g.seats
    assert not s0.sex_matches("F") and not s0.sex_matches("M")  # face-down 老鬼, unknown player: no sex
    assert s1.sex_matches("M") and not s1.sex_matches("F")  # face-down 闪灵, male player: he is a man
    assert s2.sex_matches("F") and s2.sex_matches("M")  # 小白 (乔装)
    assert s3.sex_matches("M") and s3.sex_matches("F")  # 柒佰 (male) played by a woman: both count
    assert s4.sex_matches("F") and not s4.sex_matches("M")  # face-up 黑玫瑰
    g.flip(0)
    assert s0.sex_matches("F")
    g.cover(3)  # a covered public character loses its sex (S-CHAR-4), the player keeps hers
    assert s3.sex_matches("F") and not s3.sex_matches("M")
    g.cover(2)
    assert not s2.sex_matches("F") and not s2.sex_matches("M")
