"""千智风声's modes (editions/qianzhi/modes.py): 新手场 with its identities face up, 3V3 with the teams seated
alternately and teammates known, the free mode as before, and the configs and command lines they refuse."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from fengsheng.cli import main
from fengsheng.config import Config
from fengsheng.core.cards import BYSTANDER, MILITARY_INTEL, UNDERGROUND
from fengsheng.errors import ConfigError
from fengsheng.game import Game
from fengsheng.record import load, replay, verify
from fengsheng.testing import Script
from tests.helpers import play
from tests.qianzhi.common import new


def _identities(g: Game) -> list[str]:
    return [s.identity for s in g.seats]


def test_Q_MODE_1_beginner_table_four_players_identities_face_up() -> None:
    for seed in range(20):
        g = new(4, seed, mode="beginner")
        assert sorted(_identities(g)) == sorted([UNDERGROUND] * 2 + [MILITARY_INTEL] * 2)  # 2/2/0
        truth = _identities(g)
        for viewer in (0, 1, 2, 3, None):  # every seat and a spectator see every identity (陣營公開)
            assert [s["identity"] for s in g.view(viewer)["seats"]] == truth
        dealt = [e for e in g.events_for(None) if e["kind"] == "identity"]
        assert [e["identity"] for e in dealt] == truth  # dealt face up: in the public log too


def test_Q_MODE_1_beginner_table_refuses_other_player_counts() -> None:
    with pytest.raises(ConfigError, match="4 players, not 5"):
        Config(edition="qianzhi", players=5, mode="beginner")


def test_Q_MODE_2_3v3_teams_sit_alternately_and_see_each_other() -> None:
    firsts = set()
    for seed in range(30):
        g = new(6, seed, mode="3v3")
        ids = _identities(g)
        assert sorted(ids) == sorted([UNDERGROUND] * 3 + [MILITARY_INTEL] * 3) and BYSTANDER not in ids
        assert ids[0] == ids[2] == ids[4] != ids[1] == ids[3] == ids[5]  # alternately
        firsts.add(ids[0])
        for viewer in range(6):  # after the characters are chosen, teammates' identity cards only
            seen = [s["identity"] for s in g.view(viewer)["seats"]]
            assert seen == [ids[s] if s % 2 == viewer % 2 else None for s in range(6)]
        assert [s["identity"] for s in g.view(None)["seats"]] == [None] * 6  # a spectator sees none
    assert firsts == {UNDERGROUND, MILITARY_INTEL}  # which faction sits first is the deal's


def test_Q_MODE_2_3v3_a_determinized_world_keeps_the_teams() -> None:
    g = play(new(6, 4, mode="3v3"), 4, stop=30)
    rng = random.Random(1)
    for seat in range(6):
        d = g.determinize(seat, rng)
        assert d.view(seat) == g.view(seat)
        assert _identities(d) == _identities(g)  # the seat knows its team, hence the other team too


def test_Q_MODE_4_free_mode_is_the_default_and_deals_secretly() -> None:
    g = new(5, 3)
    assert g.config.mode == "" and g.edition.mode("").id == "free"
    assert Config(edition="qianzhi", players=5, mode="free").distribution == g.config.distribution
    assert [s["identity"] is not None for s in g.view(0)["seats"]] == [True, False, False, False, False]


def test_modes_are_refused_where_they_do_not_exist() -> None:
    with pytest.raises(ConfigError, match="standard edition has no mode"):
        Config(players=6, mode="3v3")
    with pytest.raises(ConfigError, match="no mode 'missions'"):
        Config(edition="qianzhi", players=6, mode="missions")
    with pytest.raises(ConfigError, match="own identity row"):
        Config(edition="qianzhi", players=6, mode="3v3", optional_distribution=True)


def test_a_mode_game_records_and_replays(tmp_path: Path) -> None:
    g = play(new(6, 8, mode="3v3"), 8)
    rec = g.record()
    assert rec["config"]["mode"] == "3v3"
    assert replay(json.loads(json.dumps(rec))).digest() == g.digest()
    assert "mode" not in new(5, 1).record()["config"]  # the default is not written: older records read the same


def test_cli_mode_takes_the_modes_player_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["demo", "--edition", "qianzhi", "--no-characters", "--mode", "3v3", "--seed", "2", "--lang", "en"]) == 0
    )
    assert capsys.readouterr().out.startswith("6 players; identities: 3 Underground, 3 Military Intelligence")
    record = tmp_path / "r.json"
    args = ["play", "--edition", "qianzhi", "--no-characters", "--mode", "beginner", "--bots", "random"]
    proc = subprocess.run(
        [sys.executable, "-m", "fengsheng.cli", *args, "--seed", "3", "--delay", "0", "--record", str(record)],
        input="1\n" * 3000,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    verify(load(record))
    assert load(record)["config"]["players"] == 4
    assert main(["demo", "--edition", "qianzhi", "--no-characters", "--mode", "3v3", "--players", "5"]) == 2
    assert "3v3 mode is played by 6 players, not 5" in capsys.readouterr().err


def test_the_qianzhi_texts_name_the_blue_faction_jun_qing_chu() -> None:
    from fengsheng.text import edition_texts, name

    assert name(MILITARY_INTEL) == "军情局"  # the standard rulebook's word
    with edition_texts("001"):
        assert name(MILITARY_INTEL) == "军情处" and name(MILITARY_INTEL, "en") == "Military Intelligence"
    assert name(MILITARY_INTEL) == "军情局"


_MISSION_IDS = ["ug", "mi", "by", "ug", "mi", "ug"]


def _mission_table(mode: str) -> Game:
    """Six seats: 0 (潜伏, 福爾摩斯: mission three red) holds three red, 1 (军情, 老鬼) three blue."""
    from fengsheng.scenario import Scenario

    cfg = Config(edition="qianzhi", players=6, mode=mode, characters=True, auto_pass=True)
    return Scenario(
        players=6,
        identities=_MISSION_IDS,
        config=cfg,
        intel={0: ["R:lock", "R:decode", "R:burn"], 1: ["B:lock", "B:decode", "B:burn"]},
        characters={0: "fu_er_mo_si", 1: "lao_gui"},
    ).build()


def test_Q_MODE_3_mission_mode_six_players_the_six_player_row_characters_required() -> None:
    from fengsheng.editions.qianzhi.identities import DISTRIBUTION

    assert Config(edition="qianzhi", players=6, mode="mission", characters=True).distribution == DISTRIBUTION[6]
    with pytest.raises(ConfigError, match="needs characters"):
        Config(edition="qianzhi", players=6, mode="mission")
    with pytest.raises(ConfigError, match="6 players, not 5"):
        Config(edition="qianzhi", players=5, mode="mission", characters=True)


def test_Q_MODE_3_every_player_needs_his_mission_a_faction_condition_wins_nobody() -> None:
    """A-82 ruling: the mission is a player's only victory condition, whatever his identity, and the win is his."""
    free = _mission_table("free")
    assert free.can_declare_now(0) and free.can_declare_now(1)  # three red / blue: the factions' condition
    g = _mission_table("mission")
    assert g.can_declare_now(0)  # 福爾摩斯's mission (three red) met, though he is 潜伏战线
    assert not g.can_declare_now(1)  # three blue is no victory here: 老鬼's mission is not met
    Script(g).do("0: declare")
    assert g.result is not None and g.result["winners"] == [0]  # not his teammates 3 and 5: they have no mission
    Script(free).do("0: declare")
    assert free.result is not None and free.result["winners"] == [0, 3, 5]


def test_Q_MODE_3_the_last_player_standing_wins_only_through_his_mission() -> None:
    from fengsheng.flow.settle import end_last_standing

    g = _mission_table("mission")
    for s in (1, 2, 3, 4, 5):
        g.seats[s].alive = False
    assert [s.index for s in g.seats if s.in_game] == [0]
    g.seats[0].intel.clear()  # his mission is not met now
    end_last_standing(g)
    assert g.result is not None and g.result["winners"] == [] and g.result["reason"] == "nobody_left"


def test_Q_MODE_3_random_games_end_by_missions_only() -> None:
    from fengsheng.invariants import check

    for seed in range(6):
        g = new(6, seed, mode="mission", characters=True)
        rng = random.Random(seed)
        while g.decision is not None:
            g.step(rng.randrange(len(g.decision.options)))
            check(g)
        assert g.result is not None
        assert g.result["reason"] != "last_standing" and g.result.get("rule") in (None, "S-ID-3")
        assert len(g.result["winners"]) <= 1
        verify(json.loads(json.dumps(g.record())))  # replays to the same game


def test_Q_MODE_3_cli_mission_mode(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--edition", "qianzhi", "--mode", "mission", "--seed", "3", "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("6 players")
    assert main(["demo", "--edition", "qianzhi", "--no-characters", "--mode", "mission", "--seed", "3"]) == 2
    assert "needs characters" in capsys.readouterr().err
