"""``fengsheng report``: the balance report on the output of ``fengsheng simulate --out DIR``."""

from __future__ import annotations

import csv
import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from fengsheng.cli import main
from fengsheng.config import Config
from fengsheng.record import replay
from fengsheng.report import ReportError, end_cause, format_report, load, report
from fengsheng.report.data import first_player_of
from fengsheng.sim.simulate import simulate

GAMES_5P = 40  # with characters
GAMES_4P = 12  # without


@pytest.fixture(scope="module")
def sim_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two `simulate --out` runs (5 players with characters, 4 players without) merged into one directory."""
    base = tmp_path_factory.mktemp("sim")
    fail = base / "failures"
    simulate(Config(players=5, characters=True), GAMES_5P, seed=11, out=base / "a", failures_dir=fail)
    simulate(Config(players=4), GAMES_4P, seed=12, out=base / "b", failures_dir=fail)
    merged = base / "merged"
    merged.mkdir()
    lines = (base / "a" / "games.jsonl").read_text(encoding="utf-8") + (base / "b" / "games.jsonl").read_text(
        encoding="utf-8"
    )
    (merged / "games.jsonl").write_text(lines, encoding="utf-8")
    shutil.copy(base / "a" / "summary.json", merged / "summary.json")
    return merged


def entries(d: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in (d / "games.jsonl").read_text(encoding="utf-8").splitlines() if x.strip()]


def rates_in(obj: Any) -> list[dict[str, Any]]:
    """Every rate dict anywhere in the report."""
    if isinstance(obj, dict):
        found = [obj] if "rate" in obj and "ci_low" in obj else []
        return found + [r for v in obj.values() for r in rates_in(v)]
    if isinstance(obj, list):
        return [r for v in obj for r in rates_in(v)]
    return []


def test_counts_add_up(sim_dir: Path) -> None:
    raw = entries(sim_dir)
    n = GAMES_5P + GAMES_4P
    assert len(raw) == n
    rep = report(sim_dir)
    assert rep["games"] == n and rep["errors"] == 0 and rep["players"] == [4, 5]
    assert rep["with_characters"] == GAMES_5P and rep["bots"] == "random"
    seats = GAMES_5P * 5 + GAMES_4P * 4
    winners = sum(len(e["result"]["winners"]) for e in raw)

    # by faction: games won / games the faction was dealt in
    for f, r in rep["by_faction"].items():
        assert r["wins"] == sum(f in e["result"]["factions"] for e in raw)
        assert r["games"] == sum(f in e["identities"] for e in raw)
    assert set(rep["by_faction"]) == {"underground", "military_intel", "bystander"}
    # by identity: per player
    assert sum(r["games"] for r in rep["by_identity"].values()) == seats
    assert sum(r["wins"] for r in rep["by_identity"].values()) == winners
    ident_counts = Counter(i for e in raw for i in e["identities"])
    assert {i: r["games"] for i, r in rep["by_identity"].items()} == dict(ident_counts)
    # by character: only the 5-player games had characters; the cross table adds up to it
    assert sum(r["games"] for r in rep["by_character"].values()) == GAMES_5P * 5
    char_wins = sum(len(e["result"]["winners"]) for e in raw if e["characters"])
    assert sum(r["wins"] for r in rep["by_character"].values()) == char_wins
    for c, table in rep["by_character_identity"].items():
        assert sum(r["games"] for r in table.values()) == rep["by_character"][c]["games"]
        assert sum(r["wins"] for r in table.values()) == rep["by_character"][c]["wins"]
    # by seat: one table per player count, each position once per game
    assert set(rep["by_seat"]) == {"4", "5"}
    assert [r["games"] for r in rep["by_seat"]["5"].values()] == [GAMES_5P] * 5
    assert [r["games"] for r in rep["by_seat"]["4"].values()] == [GAMES_4P] * 4
    assert sum(r["wins"] for t in rep["by_seat"].values() for r in t.values()) == winners
    # by player count
    assert {p: v["games"] for p, v in rep["by_players"].items()} == {"4": GAMES_4P, "5": GAMES_5P}
    for p, v in rep["by_players"].items():
        sub = [e for e in raw if len(e["identities"]) == int(p)]
        for f, r in v["by_faction"].items():
            assert r["wins"] == sum(f in e["result"]["factions"] for e in sub) and r["games"] == len(sub)
    # length
    assert rep["length"]["turns"]["mean"] == pytest.approx(sum(e["result"]["turns"] for e in raw) / n)
    assert rep["length"]["decisions"]["mean"] == pytest.approx(sum(e["decisions"] for e in raw) / n)
    assert rep["length"]["decisions"]["mean"] == pytest.approx(sum(len(e["record"]["decisions"]) for e in raw) / n)
    assert rep["length"]["turns"]["min"] <= rep["length"]["turns"]["median"] <= rep["length"]["turns"]["max"]
    # causes of the end: every game has one
    assert list(rep["end_causes"])[:4] == ["faction", "mission", "last_standing", "nobody_left"]
    assert sum(r["wins"] for r in rep["end_causes"].values()) == n
    assert all(r["games"] == n for r in rep["end_causes"].values())
    assert sum(rep["end_detail"].values()) == n
    expected = Counter(
        "faction"
        if e["result"]["reason"] == "declared" and e["result"]["rule"] in ("S-ID-1", "S-ID-2")
        else "mission"
        if e["result"]["reason"] in ("declared", "hijacked")
        else e["result"]["reason"]
        for e in raw
    )
    assert {c: r["wins"] for c, r in rep["end_causes"].items() if r["wins"]} == dict(expected)
    assert sum(rep["missions_by_character"].values()) >= rep["end_causes"]["mission"]["wins"]


def test_every_interval_contains_its_rate(sim_dir: Path) -> None:
    rep = report(sim_dir)
    found = rates_in(rep)
    assert len(found) > 40
    for r in found:
        assert 0.0 <= r["ci_low"] <= r["rate"] <= r["ci_high"] <= 1.0
        assert r["rate"] == r["wins"] / r["games"]
        assert r["ci_low"] < r["ci_high"]


def test_seats_are_counted_from_the_first_player(sim_dir: Path) -> None:
    raw = entries(sim_dir)
    rep = report(sim_dir)
    assert rep["seat_mode"] == "relative"
    wins: Counter[tuple[int, int]] = Counter()
    for e in raw:
        g = replay(e["record"])  # the whole game, independently of the report's short replay
        first = next(ev.data["seat"] for ev in g.events if ev.kind == "first_player")
        assert first_player_of(e) == first
        n = len(e["identities"])
        for w in e["result"]["winners"]:
            wins[n, (w - first) % n + 1] += 1
    for p, table in rep["by_seat"].items():
        assert {int(k): r["wins"] for k, r in table.items()} == {pos: wins[int(p), pos] for pos in range(1, int(p) + 1)}

    absolute = report(sim_dir, find_first_player=False)
    assert absolute["seat_mode"] == "absolute"
    assert list(absolute["by_seat"]["5"]) == ["0", "1", "2", "3", "4"]
    assert absolute["by_faction"] == rep["by_faction"]


def test_failed_games_other_field_names_and_a_given_first_player(sim_dir: Path, tmp_path: Path) -> None:
    raw = entries(sim_dir)[:3]
    # the spelling: game_index, no decisions count (taken from the record); a first_player field wins
    alt = dict(raw[1])
    alt["game_index"] = alt.pop("index")
    alt.pop("decisions")
    alt["first_player"] = ((first_player_of(raw[1]) or 0) + 1) % 5  # deliberately not the real one
    lines = [raw[0], alt, {"index": 7, "ok": False, "error": "RuntimeError('boom')"}, {"game_index": 8, "error": "x"}]
    (tmp_path / "games.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n\n", encoding="utf-8")
    loaded = load(tmp_path)
    assert loaded.errors == 2 and len(loaded.games) == 2 and loaded.summary is None
    assert loaded.games[1].index == raw[1]["index"]
    assert loaded.games[1].decisions == len(raw[1]["record"]["decisions"])
    assert loaded.games[1].first_player == alt["first_player"]
    rep = report(tmp_path / "games.jsonl")  # the games file itself also works
    assert rep["games"] == 2 and rep["errors"] == 2
    assert end_cause(loaded.games[0]) in rep["end_causes"]


def test_unreadable_input_is_a_report_error(tmp_path: Path) -> None:
    with pytest.raises(ReportError, match="no games file"):
        load(tmp_path / "nowhere")
    (tmp_path / "games.jsonl").write_text('{"index": 0, "ok": false, "error": "E"}\nnot json\n', encoding="utf-8")
    with pytest.raises(ReportError, match=r"games.jsonl:2: not JSON"):
        load(tmp_path)
    (tmp_path / "games.jsonl").write_text('{"a": 1}\n', encoding="utf-8")  # not a line simulate writes
    with pytest.raises(ReportError, match=r"games.jsonl:1: not a game line"):
        load(tmp_path)
    (tmp_path / "games.jsonl").write_bytes(b'{"ok": false, "error": "E"}\n\xff\xfe\n')
    with pytest.raises(ReportError, match=r"games.jsonl:2: not UTF-8"):
        load(tmp_path)
    (tmp_path / "games.jsonl").write_text("[" * 100_000 + "\n", encoding="utf-8")
    with pytest.raises(ReportError, match=r"games.jsonl:1: not a games.jsonl line"):
        load(tmp_path)
    (tmp_path / "games.jsonl").write_text('{"index": 0, "result": {"winners": []}}\n', encoding="utf-8")
    with pytest.raises(ReportError, match=r"games.jsonl:1: not a game record"):
        load(tmp_path)


def test_empty_directory_reports_no_games(tmp_path: Path) -> None:
    (tmp_path / "games.jsonl").write_text("", encoding="utf-8")
    rep = report(tmp_path)
    assert rep["games"] == 0 and rep["by_faction"] == {} and rep["end_causes"] == {}
    assert "没有已完成的对局" in format_report(rep, "zh")
    assert "No finished games" in format_report(rep, "en")


def test_plots_are_written_when_matplotlib_is_installed(sim_dir: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from fengsheng.report.plots import write_plots

    rep = report(sim_dir)
    for lang in ("zh", "en"):
        out = tmp_path / lang
        res = write_plots(rep, out, lang)
        assert res["skipped"] is None and res["labels"] in ("zh", "en")
        names = {Path(p).name for p in res["written"]}
        assert names == {"faction.png", "identity.png", "character.png", "seat.png", "players.png", "end_causes.png"}
        for p in res["written"]:
            data = Path(p).read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


def test_cli_writes_plots_next_to_the_games(sim_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    d = tmp_path / "run"
    shutil.copytree(sim_dir, d)
    assert main(["report", str(d), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Plots: " in out and (d / "plots" / "faction.png").is_file()


def test_report_works_without_matplotlib(
    sim_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from fengsheng.report import plots

    monkeypatch.setattr(plots, "available", lambda: False)
    assert main(["report", str(sim_dir), "--plots", str(tmp_path / "p")]) == 0
    out = capsys.readouterr().out
    assert "图表：已跳过" in out and "pip install -e '.[report]'" in out
    assert not (tmp_path / "p").exists()
    assert main(["report", str(sim_dir), "--plots", str(tmp_path / "p"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["plots"]["skipped"] == "no_matplotlib"


def test_cli_json(sim_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(sim_dir), "--json", "--no-plots"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    rep = json.loads(out)
    assert rep["games"] == GAMES_5P + GAMES_4P
    assert rep["plots"]["skipped"] == "disabled"
    assert rep["summary"]["games"] == GAMES_5P  # the simulate summary, as written
    for key in ("by_faction", "by_identity", "by_character", "by_seat", "by_players", "length", "end_causes"):
        assert rep[key]
    assert rep == {**report(sim_dir), "plots": rep["plots"]}


def test_cli_text_in_both_languages_and_csv(sim_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "out" / "rates.csv"
    assert main(["report", str(sim_dir), "--no-plots", "--csv", str(path)]) == 0
    zh = capsys.readouterr().out
    for text in ("阵营胜率", "潜伏战线", "身份胜率", "角色胜率", "第1位", "4 人", "对局长度", "结束原因", "95%"):
        assert text in zh
    assert main(["report", str(sim_dir), "--no-plots", "--lang", "en"]) == 0
    en = capsys.readouterr().out
    for text in (
        "Win rate by faction",
        "Underground",
        "by character",
        "#1",
        "4 players",
        "Game length",
        "How games end",
    ):
        assert text in en

    with path.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    rep = report(sim_dir)
    tables = Counter(r["table"] for r in rows)
    assert tables["faction"] == 3 and tables["seat"] == 9 and tables["players_faction"] == 6
    assert tables["character"] == len(rep["by_character"]) and tables["end_cause"] == len(rep["end_causes"])
    for r in rows:
        assert 0 <= int(r["wins"]) <= int(r["games"])
        assert float(r["ci_low"]) <= float(r["rate"]) <= float(r["ci_high"])
    first = next(r for r in rows if r["table"] == "seat" and r["group"] == "5" and r["key"] == "1")
    assert first["name"] == "第1位" and int(first["games"]) == GAMES_5P


def test_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "missing")]) == 2
    assert "no games file" in capsys.readouterr().err
    (tmp_path / "games.jsonl").write_text("", encoding="utf-8")
    assert main(["report", str(tmp_path), "--confidence", "1.5"]) == 2
    assert "--confidence" in capsys.readouterr().err


def test_a_seat_without_an_identity_card_counts_for_no_faction() -> None:
    """致命香水's 臨危受命 leaves the dead player with no identity card (``""``, R-43): the faction table leaves him
    out; the identity table names him as he ended."""
    from fengsheng.report.build import faction_rates
    from fengsheng.report.data import parse_entry

    entry = {
        "identities": ["underground", "", "military_intel", "bystander"],
        "result": {"winners": [2], "reason": "declared", "factions": ["military_intel"], "turns": 9},
        "config": {"edition": "qianzhi"},
    }
    rates = faction_rates([parse_entry(entry, find_first_player=False)])
    assert set(rates) == {"underground", "military_intel", "bystander"}
    assert rates["military_intel"]["wins"] == 1
