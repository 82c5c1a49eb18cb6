"""Hostile input, case by case (issue 9): ill-typed Option fields, views of seats that are not seats, strict
notation, malformed records and scenarios, and the command line's bad arguments and broken streams. Each is a
documented error (``IllegalAction``, ``RecordError``, ``ScenarioError``) with a one-line message, or a non-zero exit
with one line on stderr, and the state is unchanged."""

from __future__ import annotations

import io
import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

from fengsheng.cli import main
from fengsheng.config import Config
from fengsheng.core.options import MAX_NOTATION, Option, parse_option, quote, well_typed
from fengsheng.errors import ConfigError, IllegalAction, RecordError, ReplayError, ScenarioError
from fengsheng.game import Game
from fengsheng.play.session import MAX_ANSWER
from fengsheng.record import MAX_DECISIONS, MAX_DEPTH, check_record, load, replay, verify
from fengsheng.scenario import Scenario
from fengsheng.sim.simulate import prepare_out
from tests.play.helpers import scripted_session


def a_lock_game() -> tuple[Game, Option]:
    """A game whose pending decision offers a 锁定 on seat 1 (an option with a card and a target)."""
    g = Scenario(players=5, current=0, hands={0: ["R:lock"]}, at="play").build()
    assert g.decision is not None
    lock = next(o for o in g.decision.options if o.use == "lock" and o.target == 1)
    return g, lock


# --- Option objects with ill-typed fields --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "field,value",
    [("card", float), ("card", bool), ("card", None), ("target", float), ("target", bool), ("target", None)],
)
def test_an_option_with_an_ill_typed_field_is_refused_and_changes_nothing(field: str, value: Any) -> None:
    g, lock = a_lock_game()
    good = getattr(lock, field)
    bad = lock._replace(**{field: None if value is None else value(good)})
    if value is not None:
        assert bad == lock  # equal as tuples (3.0 == 3, True == 1): exactly why equality alone is not enough
    before = pickle.dumps(g)
    with pytest.raises(IllegalAction, match="not a legal option"):
        g.act(bad)
    assert pickle.dumps(g) == before and g.decision is not None


def test_act_applies_the_engines_own_option_object() -> None:
    g, lock = a_lock_game()
    twin = Option(*lock)  # an equal, well-typed copy: accepted, and the engine's own object is recorded
    assert twin is not lock and twin == lock
    g.act(twin)
    assert g.history[-1][1] is lock
    rec = g.record()
    assert verify(rec).record()["decisions"] == rec["decisions"]


def test_a_subclassed_field_is_refused() -> None:
    class Sly(int):
        pass

    g, lock = a_lock_game()
    with pytest.raises(IllegalAction):
        g.act(lock._replace(card=Sly(lock.card)))
    assert not well_typed(lock._replace(kind=type("S", (str,), {})("play")))


@pytest.mark.parametrize("seat", [True, 0.0, 1.0, "0", -5, None])
def test_act_checks_the_type_of_the_seat(seat: Any) -> None:
    g, lock = a_lock_game()
    if seat is None:  # None means "whoever is deciding"
        g.act(lock, seat=seat)
        return
    before = pickle.dumps(g)
    with pytest.raises(IllegalAction, match="may not answer"):
        g.act(lock, seat=seat)
    assert pickle.dumps(g) == before


@pytest.mark.parametrize("index", [True, False, 0.0, "0", None, -1, 10**30])
def test_step_checks_its_index(index: Any) -> None:
    g, _ = a_lock_game()
    before = pickle.dumps(g)
    with pytest.raises(IllegalAction, match="out of range"):
        g.step(index)
    assert pickle.dumps(g) == before


# --- views ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [-1, -5, 5, True, False, 1.0, "1"])
def test_view_and_events_for_check_the_seat(seat: Any) -> None:
    g = Game.new(Config(players=5), 1)
    with pytest.raises(IllegalAction, match="no seat"):
        g.view(seat)
    with pytest.raises(IllegalAction, match="no seat"):
        g.events_for(seat)
    assert g.view(None)["seat"] is None and g.view(4)["seat"] == 4


# --- strict notation -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "play c\uff11 lock @1",  # full-width digit
        "play c1 lock @\u0663",  # Arabic-Indic digit
        "play c1 lock @+1",
        "play c1 lock @0_1",
        "play c0074 lock",
        "pass\u3000",  # ideographic space
        "pass\t",
        "play c1 LOCK",
        "play c1 lock @" + "9" * 5000,
    ],
)
def test_the_notation_is_strict_ascii(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        parse_option(text)
    assert len(str(info.value)) < 200 and "\n" not in str(info.value)


def test_the_notation_still_reads_what_str_writes() -> None:
    for o in (Option("play", 0, "lock", 0), Option("play", 40, "see_through", ref=7), Option("pick", ref=0)):
        assert parse_option(str(o)) == o
    assert parse_option("  pass  ") == Option("pass")  # ASCII spaces around the tokens are allowed
    with pytest.raises(IllegalAction, match=f"longer than {MAX_NOTATION}"):
        parse_option("pass" + " " * MAX_NOTATION)


def test_quote_is_short_and_never_fails() -> None:
    deep: list[Any] = []
    for _ in range(10_000):
        deep = [deep]

    class Nasty:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    for value in ("x" * 10_000, deep, 10**5000, Nasty(), {i: i for i in range(1000)}):
        assert len(quote(value)) <= 40


# --- records -------------------------------------------------------------------------------------------------------
def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def finished_record() -> dict[str, Any]:
    g = Game.new(Config(players=4), 3)
    rng = random.Random(3)
    while g.decision is not None:
        g.step(rng.randrange(len(g.decision.options)))
    return g.record()


@pytest.mark.parametrize(
    "change,match",
    [
        (lambda r: [r], "JSON object"),
        (lambda r: {**r, "version": True}, "version"),
        (lambda r: {**r, "seed": 3.0}, "seed"),
        (lambda r: {**r, "seed": 2**256}, "seed"),  # a server table's seed is 129 bits: those are taken
        (lambda r: {k: v for k, v in r.items() if k != "decisions"}, "no 'decisions'"),
        (lambda r: {**r, "decisions": {"0": "pass"}}, "decisions must be a list"),
        (lambda r: {**r, "decisions": [[0, "pass", 1]]}, "pair"),
        (lambda r: {**r, "decisions": [[True, "pass"]]}, "not a seat"),
        (lambda r: {**r, "decisions": [[7, "pass"]]}, "not a seat"),
        (lambda r: {**r, "decisions": [[0, {"kind": "pass"}]]}, "must be a string"),
        (lambda r: {**r, "decisions": [[0, "pass\u3000"]]}, "ASCII"),
        (lambda r: {**r, "decisions": [[0, "pass"]] * (MAX_DECISIONS + 1)}, "more than"),
        (lambda r: {**r, "config": {**r["config"], "players": "4"}}, "players"),
        (lambda r: {**r, "config": {**r["config"], "auto_pass": 1}}, "auto_pass"),
        (lambda r: {**r, "config": {**r["config"], "fixed_characters": [1]}}, "fixed_characters"),
        (lambda r: {**r, "config": None}, "config"),
        (lambda r: {**r, "result": [1]}, "result"),
        (lambda r: {**r, "digest": 5}, "digest"),
        (lambda r: {**r, "edition": "other"}, "edition"),
        (lambda r: {**r, "scenario": "yes"}, "scenario"),
        (lambda r: {**r, "scenario": {"players": 5, "dead": [0, 1, 2, 3, 4]}}, "alive"),
        (lambda r: {**r, "scenario": {"players": 5, "hands": {"\u0663": []}}}, "not a seat"),
        (lambda r: {**r, "scenario": {"players": 5, "weather": "fog"}}, "unknown scenario keys"),
        (lambda r: {**r, "result": {"a": nested(MAX_DEPTH)}}, "deeper"),
    ],
)
def test_a_malformed_record_is_a_record_error(change: Any, match: str) -> None:
    bad = change(finished_record())
    with pytest.raises(RecordError, match=match) as info:
        replay(bad)
    assert isinstance(info.value, ReplayError) and "\n" not in str(info.value) and len(str(info.value)) < 300


def test_a_record_error_changes_nothing_and_a_good_record_passes() -> None:
    rec = finished_record()
    assert check_record(rec) is rec
    copy = json.loads(json.dumps(rec))
    with pytest.raises(RecordError):
        replay({**copy, "seed": None})
    assert copy == rec and verify(copy).result == rec["result"]
    assert MAX_DEPTH >= 8


def test_a_scenario_with_every_seat_dead_is_refused_at_once() -> None:
    with pytest.raises(ScenarioError, match="alive"):
        Scenario(players=3, dead=[0, 1, 2]).build()
    Scenario(players=3, dead=[0, 1], current=2).build()  # one seat left: the game ends, it does not hang


@pytest.mark.parametrize(
    "kw,match",
    [
        ({"hands": {7: ["R:lock"]}}, "not a seat"),
        ({"deck": [True]}, "not a card id"),
        ({"deck": ["R:" + "x" * 100]}, "not a card id"),
        ({"locks": [0, 0]}, "twice"),
        ({"face_up": {0: "yes"}}, "true or false"),
        ({"turn": 0}, "turn"),
        ({"current": True}, "current"),
        ({"transit": {"card": "R:lock", "speed": 1}, "at": "step1"}, "transit"),
        ({"transit": {"card": "R:lock", "direction": 0}, "at": "step1"}, "direction"),
        ({"transit": {"card": "R:lock", "method": "fax"}, "at": "step1"}, "method"),
    ],
)
def test_scenario_fields_are_checked(kw: dict[str, Any], match: str) -> None:
    with pytest.raises(ScenarioError, match=match):
        Scenario(players=5, **kw).build()


def test_config_from_dict_is_strict() -> None:
    with pytest.raises(ConfigError, match="object"):
        Config.from_dict([5])  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="characters"):
        Config.from_dict({"players": 5, "characters": "yes"})
    assert Config.from_dict(Config(players=6, characters=True).to_dict()) == Config(players=6, characters=True)


@pytest.mark.parametrize(
    "data,match",
    [
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[" * 100_000, "nested too deep|not JSON"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "not a record"),
        (b"[1]", "JSON object"),
        (b"", "not JSON"),
    ],
)
def test_loading_a_record_file_is_a_record_error(tmp_path: Path, data: bytes, match: str) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(data)
    with pytest.raises(RecordError, match=match):
        load(path)


# --- the command line ----------------------------------------------------------------------------------------------
def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    err = capsys.readouterr().err
    return code, err


def test_replay_refuses_a_malformed_record_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**finished_record(), "decisions": [[0, "x" * 5000]]}), encoding="utf-8")
    code, err = cli(capsys, "replay", str(path))
    assert code == 2 and err.count("\n") == 1 and len(err) < 400 and "x" * 50 not in err


def test_replay_refuses_a_seat_that_is_not_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(finished_record()), encoding="utf-8")
    assert cli(capsys, "replay", str(path), "--seat", "9") == (2, "fengsheng replay: --seat must be between 0 and 3\n")
    assert cli(capsys, "replay", str(path), "--seat", "3")[0] == 0


@pytest.mark.parametrize("argv", [["--seat", "99"], ["--seat", "-1"], ["--seat", "2", "--spectator"]])
def test_demo_refuses_bad_seats(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, err = cli(capsys, "demo", *argv)
    assert code == 2 and err.startswith("fengsheng demo: --")


@pytest.mark.parametrize("delay", ["inf", "nan", "-1", "61"])
def test_play_refuses_a_delay_out_of_range(delay: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = cli(capsys, "play", "--delay", delay, "--record", "unused.json")
    assert code == 2 and "--delay" in err


def test_simulate_out_is_checked_before_playing(tmp_path: Path) -> None:
    afile = tmp_path / "f"
    afile.write_text("x", encoding="utf-8")
    with pytest.raises(ConfigError, match="not a directory"):
        prepare_out(afile)
    with pytest.raises(ConfigError, match="cannot write"):
        prepare_out(afile / "sub")
    run = tmp_path / "run"
    (run / "plots").mkdir(parents=True)
    for name in ("games.jsonl", "summary.json", "notes.txt", "plots/faction.png"):
        (run / name).write_text("old", encoding="utf-8")
    with pytest.raises(ConfigError, match="not empty"):
        prepare_out(run)
    assert prepare_out(run, force=True) == run
    assert sorted(p.name for p in run.iterdir()) == ["notes.txt"]  # the earlier output gone, nothing else touched
    assert prepare_out(tmp_path / "new" / "dir").is_dir()


def test_simulate_cli_refuses_a_non_empty_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x").write_text("x", encoding="utf-8")
    code, err = cli(capsys, "simulate", "--games", "1", "--workers", "1", "--out", str(tmp_path))
    assert code == 2 and "not empty" in err and not (tmp_path / "games.jsonl").exists()


def test_report_refuses_lines_that_are_not_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "games.jsonl").write_text('{"a": 1}\n', encoding="utf-8")
    code, err = cli(capsys, "report", str(tmp_path), "--no-plots")
    assert code == 2 and "not a game line" in err
    (tmp_path / "games.jsonl").write_bytes(b"\xff\n")
    code, err = cli(capsys, "report", str(tmp_path), "--no-plots")
    assert code == 2 and "not UTF-8" in err


# --- the terminal session: huge answers, a terminal that goes away -------------------------------------------------
def test_a_huge_answer_is_refused_and_asked_again(tmp_path: Path) -> None:
    g = Game.new(Config(players=4), 5)
    session, out = scripted_session(g, ["1" * 5000, "9" * (MAX_ANSWER + 1), "quit"], record=tmp_path / "r.json")
    assert session.run() == 0
    text = out.getvalue()
    assert text.count("输入太长了") == 2 and "1" * 300 not in text and "Traceback" not in text


class FullDisk(io.StringIO):
    """A stream that takes ``room`` writes and then fails like a full disk."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def write(self, s: str) -> int:
        self.room -= 1
        if self.room < 0:
            raise OSError(28, "No space left on device")
        return super().write(s)


def test_a_full_disk_in_the_middle_saves_the_record_and_raises_one_oserror(tmp_path: Path) -> None:
    from fengsheng.bots import RandomBot
    from fengsheng.play.screen import make_console
    from fengsheng.play.session import Session

    g = Game.new(Config(players=4), 6)
    console = make_console(file=FullDisk(room=3), width=100, colour=False)
    record = tmp_path / "r.json"
    bots = {s: RandomBot(s, s) for s in range(1, 4)}
    session = Session(g, 0, bots, console, lambda prompt: "1", record_path=record)
    with pytest.raises(OSError, match="No space left on device; the record is saved"):
        session.run()
    rec = load(record)
    assert len(rec["decisions"]) >= 1
    verify(rec)
