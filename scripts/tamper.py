"""Hostile input for the command line: hundreds of tampered records and bad CLI calls, each classified.

    python scripts/tamper.py [--records 300] [--seed 0] [--subprocess 20] [--timeout 30] [--json]

Every tampered record is written to a file and replayed with ``fengsheng replay FILE`` (in this process, through
``fengsheng.cli.main``, with stdout and stderr captured and a timer per call; ``--subprocess K`` also runs K of
them as real ``fengsheng replay`` processes). Then a fixed list of bad command lines (closed or full streams,
``--delay inf``, seats that are not seats, unwritable ``--out``, malformed ``games.jsonl`` …) runs as real
processes. Each call is classified:

* ``traceback``: an exception escaped (in process) or ``Traceback`` appeared on stderr (a process);
* ``hang``: no exit within ``--timeout`` seconds;
* ``exit0_on_bad``: exit status 0 although the input was bad. A tampered record that replays with exit 0 is
  replayed again here: if it reproduces the original game exactly (same decisions, result and event-log digest),
  it only spelled the same record differently (``equivalent``, e.g. ``"  pass"`` for ``"pass"``) and is not bad;
* ``ok``: refused with a non-zero exit and no traceback (or, for the calls marked so, handled without a traceback).

The report gives the counts; the goal is ``tracebacks 0, hangs 0, exit0_on_bad 0``. The exit status is 1 if any
of the three is not 0. ``tests/contract/test_tamper.py`` runs a smaller version in the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from fengsheng.cli import main
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.record import replay
from fengsheng.scenario import Scenario

FENGSHENG = [sys.executable, "-m", "fengsheng.cli"]
DEEP = 100_000  # nesting of the over-deep JSON documents


class Hang(BaseException):
    """Raised by the timer when an in-process call runs past its timeout (a BaseException: no `except Exception` in
    the code under test may swallow it)."""


@dataclass
class Tally:
    """The classified outcomes, with a few examples of each failure."""

    counts: Counter[str] = field(default_factory=Counter)
    exits: Counter[int] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, kind: str, label: str, code: int | None = None) -> None:
        self.counts[kind] += 1
        if code is not None:
            self.exits[code] += 1
        if kind != "ok":
            self.examples.setdefault(kind, [])
            if len(self.examples[kind]) < 8:
                self.examples[kind].append(label)

    @property
    def failures(self) -> int:
        return self.counts["traceback"] + self.counts["hang"] + self.counts["exit0_on_bad"]


# ---------------------------------------------------------------------------------------------------------------
# base records
# ---------------------------------------------------------------------------------------------------------------
def played(g: Game, rng: random.Random, limit: int = 100_000) -> Game:
    """``g`` played to the end (or ``limit`` answers) with random legal answers."""
    while g.decision is not None and limit > 0:
        g.step(rng.randrange(len(g.decision.options)))
        limit -= 1
    return g


def base_records(seed: int) -> list[dict[str, Any]]:
    """Real records to tamper with: a finished game with characters, an unfinished one, a scenario game."""
    rng = random.Random(seed)
    finished = played(Game.new(Config(players=5, characters=True), seed), rng).record()
    half = Game.new(Config(players=4), seed + 1)
    played(half, rng, limit=30)
    scenario = Scenario(
        players=5,
        identities=["ug", "mi", "ug", "mi", "by"],
        current=1,
        hands={0: ["R:lock", "K:burn"], 1: ["K:intercept", "B:decode"], 2: ["R:return"]},
        intel={3: ["K:burn"]},
        deck=["B:decode", "R:lock"],
        dead=[4],
        config=Config(players=5, auto_pass=True),
    ).build()
    played(scenario, rng, limit=60)
    return [finished, half.record(), scenario.record()]


# ---------------------------------------------------------------------------------------------------------------
# tampering
# ---------------------------------------------------------------------------------------------------------------
def _deep(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


HOSTILE: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    2**70,
    3.5,
    float("nan"),
    float("inf"),
    "",
    "x" * 5000,
    "\u0663",
    "\uff11",
    [],
    {},
    [1, 2, 3],
    {"a": 1},
    _deep(40),
]
BAD_OPTIONS = [
    "",
    "pass\u3000",
    "play c\uff11 lock @1",
    "play c1 lock @+1",
    "play c1 lock @0_1",
    "play c0074 lock",
    "PASS",
    "pass " + "x" * 500,
    "\x00",
    "send c99999999999",
    "play c1 c2 lock",
    "choose @" + "9" * 5000,
]
OPTIONAL = {"digest", "edition"}  # a record without them is still a record (a failure record has no digest)


def paths(obj: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside ``obj`` (dict keys and list indexes)."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield (*prefix, k)
            yield from paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield (*prefix, i)
            yield from paths(v, (*prefix, i))


def _set(obj: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        obj = obj[key]
    obj[path[-1]] = value


def _delete(obj: Any, path: tuple[Any, ...]) -> None:
    for key in path[:-1]:
        obj = obj[key]
    del obj[path[-1]]


def tamper_dict(rec: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    """One structural change to a copy of ``rec``: a value replaced, a key deleted, the decisions or the scenario
    edited. Returns (label, record)."""
    r = copy.deepcopy(rec)
    how = rng.choice(["replace", "replace", "delete", "decisions", "decisions", "scenario", "top"])
    if how == "scenario" and not r.get("scenario"):
        how = "replace"
    if how == "replace":
        path = rng.choice(list(paths(r)))
        value = copy.deepcopy(rng.choice(HOSTILE))
        _set(r, path, value)
        return f"replace {path!r} by {_short(value)}", r
    if how == "delete":
        candidates = [p for p in paths(r) if not (len(p) == 1 and p[0] in OPTIONAL)]
        path = rng.choice(candidates)
        _delete(r, path)
        return f"delete {path!r}", r
    if how == "top":
        value = rng.choice([[], "record", 1, None, [r]])
        return f"top-level {_short(value)}", value  # type: ignore[return-value]  # deliberately not an object
    if how == "decisions":
        return _tamper_decisions(r, rng)
    return _tamper_scenario(r, rng)


def _tamper_decisions(r: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    ds: list[Any] = r["decisions"]
    n = r["config"]["players"]
    i = rng.randrange(len(ds)) if ds else 0
    what = rng.choice(["seat", "seat_type", "option", "drop", "dup", "swap", "shape", "append", "huge"])
    if not ds and what not in ("append", "huge"):
        what = "append"
    if what == "seat":
        ds[i][0] = rng.choice([s for s in range(-1, n + 2) if s != ds[i][0]])
    elif what == "seat_type":
        ds[i][0] = rng.choice([float(ds[i][0]), str(ds[i][0]), bool(ds[i][0] % 2), None])
    elif what == "option":
        ds[i][1] = rng.choice(BAD_OPTIONS)
    elif what == "drop":
        del ds[i]
    elif what == "dup":
        ds.insert(i, list(ds[i]))
    elif what == "swap" and len(ds) > 1:
        j = rng.randrange(len(ds))
        if ds[i] == ds[j]:
            ds[i] = [ds[i][0], "pass c1"]
        else:
            ds[i], ds[j] = ds[j], ds[i]
    elif what == "shape":
        ds[i] = rng.choice([[ds[i][0]], [*ds[i], 0], ds[i][1], {"seat": ds[i][0]}, [ds[i][1], ds[i][0]]])
    elif what == "append":
        ds.append([0, "pass"])
    else:
        ds.extend([[0, "pass"]] * 300_000)
    return f"decisions: {what} at {i}", r


def _tamper_scenario(r: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    sc: dict[str, Any] = r["scenario"]
    n = sc["players"]
    edits: list[tuple[str, Callable[[], None]]] = [
        ("every seat dead", lambda: sc.update(dead=list(range(n)), hands={}, intel={})),
        ("a dead seat twice", lambda: sc.update(dead=[4, 4])),
        ("a seat key in Arabic-Indic digits", lambda: sc.update(hands={"\u0663": ["R:lock"]})),
        ("a seat key -1", lambda: sc.update(hands={"-1": ["R:lock"]})),
        ("a seat key 99", lambda: sc.update(intel={"99": ["R:lock"]})),
        ("a seat key 1.0", lambda: sc.update(hands={"1.0": []})),
        ("a hand that is not a list", lambda: sc.update(hands={"0": "R:lock"})),
        ("card True", lambda: sc.update(deck=[True])),
        ("card 81", lambda: sc.update(deck=[81])),
        ("card -1", lambda: sc.update(deck=[-1])),
        ("card spec Z:lock", lambda: sc.update(deck=["Z:lock"])),
        ("card spec R:lock:xx", lambda: sc.update(deck=["R:lock:xx"])),
        ("a long card spec", lambda: sc.update(deck=["R:" + "x" * 5000])),
        ("at nowhere", lambda: sc.update(at="nowhere")),
        ("rest elsewhere", lambda: sc.update(rest="elsewhere")),
        ("transit with a bad key", lambda: sc.update(at="step1", transit={"card": "R:lock", "speed": 3})),
        ("transit direction 2", lambda: sc.update(at="step1", transit={"card": "R:lock", "direction": 2})),
        ("transit holder 9", lambda: sc.update(at="step1", transit={"card": "R:lock", "holder": 9})),
        ("transit lured a string", lambda: sc.update(at="step1", transit={"card": "R:lock", "lured": "0"})),
        ("transit not an object", lambda: sc.update(at="step1", transit=["R:lock"])),
        ("current 99", lambda: sc.update(current=99)),
        ("current -1", lambda: sc.update(current=-1)),
        ("current True", lambda: sc.update(current=True)),
        ("players 99", lambda: sc.update(players=99)),
        ("players '5'", lambda: sc.update(players="5")),
        ("identities too short", lambda: sc.update(identities=["ug"])),
        ("identities unknown", lambda: sc.update(identities=["spy"] * n)),
        ("an unknown character", lambda: sc.update(characters={"0": "nobody"})),
        ("face_up 'yes'", lambda: sc.update(face_up={"0": "yes"})),
        ("a lock on seat 99", lambda: sc.update(locks=[99])),
        ("turn 0", lambda: sc.update(turn=0)),
        ("turn 10**12", lambda: sc.update(turn=10**12)),
        ("an unknown key", lambda: sc.update(weather="fog")),
        ("config for 6 players", lambda: sc.update(config={**sc["config"], "players": 6})),
        ("config a list", lambda: sc.update(config=[1])),
        ("seed a string", lambda: sc.update(seed="0")),
        ("a card used twice", lambda: sc.update(deck=[3, 3])),
    ]
    label, edit = rng.choice(edits)
    edit()
    return f"scenario: {label}", r


def tamper_bytes(text: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One change to the record's JSON bytes: cut, a byte flipped, invalid UTF-8, a BOM, over-deep nesting …"""
    how = rng.choice(["cut", "flip", "utf8", "bom", "deep", "empty", "bigint", "nan", "junk"])
    if how == "cut":
        at = rng.randrange(len(text))
        return f"cut at byte {at}", text[:at]
    if how == "flip":
        at = rng.randrange(len(text))
        return f"byte {at} flipped", text[:at] + bytes([rng.randrange(256)]) + text[at + 1 :]
    if how == "utf8":
        at = rng.randrange(len(text))
        return "invalid UTF-8", text[:at] + b"\xff\xfe\xc3" + text[at:]
    if how == "bom":
        return "a UTF-8 BOM", b"\xef\xbb\xbf" + text
    if how == "deep":
        return "nested 100000 deep", b'{"version": 1, "config": ' + b"[" * DEEP + b"]" * DEEP + b"}"
    if how == "empty":
        return "empty file", b""
    if how == "bigint":
        return "a 5000-digit seed", text.replace(b'"seed": ', b'"seed": ' + b"9" * 5000, 1)
    if how == "nan":
        return "NaN seed", text.replace(b'"seed": ', b'"seed": NaN, "x": ', 1)
    return "junk", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))


def tampered(bases: list[dict[str, Any]], count: int, seed: int) -> Iterator[tuple[str, bytes, dict[str, Any]]]:
    """``count`` tampered records: (label, file bytes, the original record)."""
    rng = random.Random(seed)
    for k in range(count):
        base = bases[k % len(bases)]
        text = json.dumps(base, ensure_ascii=False).encode("utf-8")
        if rng.random() < 0.3:
            label, data = tamper_bytes(text, rng)
        else:
            label, obj = tamper_dict(base, rng)
            data = json.dumps(obj, ensure_ascii=False).encode("utf-8")
        if data == text:
            continue
        yield f"record {k} ({['finished', 'unfinished', 'scenario'][k % len(bases)]}): {label}", data, base


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


# ---------------------------------------------------------------------------------------------------------------
# running
# ---------------------------------------------------------------------------------------------------------------
def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


def in_process(argv: list[str], timeout: float) -> tuple[str, int | None, str]:
    """Run ``fengsheng ARGV`` here: ("traceback" | "hang" | "exit", code, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse
                code = exc.code if isinstance(exc.code, int) else 2
        return "exit", code, err.getvalue()
    except Hang:
        return "hang", None, err.getvalue()
    except Exception as exc:
        return "traceback", None, f"{type(exc).__name__}: {exc}"[:300]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def as_process(
    argv: list[str],
    timeout: float,
    stdin: bytes | None = None,
    stdin_closed: bool = False,
    stdout: str = "pipe",
    cwd: str | None = None,
) -> tuple[str, int | None, str]:
    """Run ``fengsheng ARGV`` as a process: ("traceback" | "hang" | "exit", code, stderr). ``stdout``: ``pipe``,
    ``closed`` or ``full`` (/dev/full: every write fails with ENOSPC)."""
    cmd = [*FENGSHENG, *argv]
    if stdin_closed or stdout == "closed":  # the shell's `<&-` / `>&-`: the child starts without fd 0 / fd 1
        close = (
            "import os\n" + ("os.close(0)\n" if stdin_closed else "") + ("os.close(1)\n" if stdout == "closed" else "")
        )
        cmd = [sys.executable, "-c", close + f"os.execv({sys.executable!r}, {cmd!r})"]
    with contextlib.ExitStack() as stack:
        out_file: Any = subprocess.PIPE
        if stdout == "full":
            out_file = stack.enter_context(open("/dev/full", "wb"))
        try:
            proc = subprocess.run(
                cmd,
                input=stdin if stdin is not None and not stdin_closed else None,
                stdin=subprocess.DEVNULL if stdin is None and not stdin_closed else None,
                stdout=out_file,
                stderr=subprocess.PIPE,
                timeout=timeout,
                check=False,
                cwd=cwd,
            )
        except subprocess.TimeoutExpired as exc:
            err = exc.stderr.decode("utf-8", "replace") if isinstance(exc.stderr, bytes) else ""
            return "hang", None, err
    err = proc.stderr.decode("utf-8", "replace")
    return ("traceback" if "Traceback" in err else "exit"), proc.returncode, err


def equivalent(data: bytes, original: dict[str, Any]) -> bool:
    """True if ``data`` (accepted with exit 0) replays to exactly the original game: same decisions, result and
    event-log digest. Then it was the same record spelled differently, not bad input."""
    try:
        g = replay(json.loads(data.decode("utf-8")))
    except Exception:
        return False
    rec = g.record()
    return (rec["decisions"], rec["result"], rec["digest"]) == (
        original["decisions"],
        original["result"],
        original["digest"],
    )


def run_records(count: int, seed: int, timeout: float, subprocesses: int, tally: Tally, work: Path) -> None:
    bases = base_records(seed)
    for k, (label, data, original) in enumerate(tampered(bases, count, seed)):
        path = work / f"tampered-{k}.json"
        path.write_bytes(data)
        if k < subprocesses:
            kind, code, err = as_process(["replay", str(path)], timeout)
        else:
            kind, code, err = in_process(["replay", str(path)], timeout)
        if kind == "exit" and code == 0:
            kind = "equivalent" if equivalent(data, original) else "exit0_on_bad"
        elif kind == "exit" and (err.strip().count("\n") > 0 or len(err) > 2500):  # a refusal is one line
            kind = "long_message"
        tally.add("ok" if kind == "exit" else kind, f"{label} -> {kind} {code}: {err.strip()[:120]}", code)


@dataclass(frozen=True)
class Call:
    """A bad command line: the arguments, how its streams are set up, and whether exit 0 is allowed (a bad
    answer inside a session is refused and asked again; the session then ends normally)."""

    label: str
    argv: list[str]
    stdin: bytes | None = None
    stdin_closed: bool = False
    stdout: str = "pipe"
    exit0_ok: bool = False
    expect: str = ""  # a word stderr or the outcome must show


def cli_calls(work: Path) -> list[Call]:
    """The bad command lines (the files they need are written into ``work``)."""
    good = work / "good.json"
    g = played(Game.new(Config(players=5), 7), random.Random(7))
    good.write_text(json.dumps(g.record()), encoding="utf-8")
    afile = work / "a-file"
    afile.write_text("x", encoding="utf-8")
    full_dir = work / "nonempty"
    full_dir.mkdir(exist_ok=True)
    (full_dir / "games.jsonl").write_text("{}\n", encoding="utf-8")
    bad_utf8 = work / "bad-utf8"
    bad_utf8.mkdir(exist_ok=True)
    (bad_utf8 / "games.jsonl").write_bytes(b"\xff\xfe{}\n")
    not_games = work / "not-games"
    not_games.mkdir(exist_ok=True)
    (not_games / "games.jsonl").write_text('{"a": 1}\n{"a": 2}\n', encoding="utf-8")
    deep = work / "deep"
    deep.mkdir(exist_ok=True)
    (deep / "games.jsonl").write_bytes(b"[" * DEEP + b"\n")
    jsonl = work / "games.jsonl"
    jsonl.write_text(json.dumps({"index": 0, "record": "nope"}) + "\n", encoding="utf-8")
    play = ["play", "--bots", "random", "--delay", "0", "--record", str(work / "play.json")]
    answers = b"1\n" * 3000
    sim = ["simulate", "--games", "1", "--workers", "1", "--failures", str(work / "failures")]
    return [
        Call("play --seat 7", [*play, "--seat", "7"], answers),
        Call("play --seat -1", [*play, "--seat", "-1"], answers),
        Call("play --delay inf", [*play, "--delay", "inf"], answers),
        Call("play --delay nan", [*play, "--delay", "nan"], answers),
        Call("play --delay -1", [*play, "--delay", "-1"], answers),
        Call("play --delay 1e9", [*play, "--delay", "1e9"], answers),
        Call("play --players 99", [*play, "--players", "99"], answers),
        Call("play with stdin closed", play, stdin_closed=True),
        Call("play with stdout closed", play, answers, stdout="closed"),
        Call("play with stdout on a full disk", play, answers, stdout="full"),
        Call("play, an answer of 5000 digits", [*play, "--seed", "3"], b"1" * 5000 + b"\nquit\n", exit0_ok=True),
        Call(
            "play --record on an unwritable path", [*play, "--record", str(afile / "r.json")], b"quit\n", exit0_ok=True
        ),
        Call("demo --seat 99", ["demo", "--seat", "99"]),
        Call("demo --seat -1", ["demo", "--seat", "-1"]),
        Call("demo --seat 2 --spectator", ["demo", "--seat", "2", "--spectator"]),
        Call("demo --players 2", ["demo", "--players", "2"]),
        Call("demo with stdout on a full disk", ["demo"], stdout="full"),
        Call("replay --seat 9 at 5 players", ["replay", str(good), "--seat", "9"]),
        Call("replay a missing file", ["replay", str(work / "missing.json")]),
        Call("replay a directory", ["replay", str(work)]),
        Call("replay --game 99 of a games.jsonl", ["replay", str(jsonl), "--game", "99"]),
        Call("replay a games.jsonl whose record is a string", ["replay", str(jsonl)]),
        Call("simulate --out an existing file", [*sim, "--out", str(afile)]),
        Call("simulate --out a non-empty directory", [*sim, "--out", str(full_dir)]),
        Call("simulate --out under a file", [*sim, "--out", str(afile / "sub")]),
        Call("simulate --out in /proc", [*sim, "--out", "/proc/fengsheng-tamper"]),
        Call("simulate --games -1", ["simulate", "--games", "-1"]),
        Call("simulate --workers -1", ["simulate", "--workers", "-1"]),
        Call("report on a non-UTF-8 games.jsonl", ["report", str(bad_utf8), "--no-plots"]),
        Call("report on lines that are not games", ["report", str(not_games), "--no-plots"]),
        Call("report on an over-deep line", ["report", str(deep), "--no-plots"]),
        Call("report on a missing directory", ["report", str(work / "missing"), "--no-plots"]),
        Call("report --confidence 2", ["report", str(not_games), "--confidence", "2"]),
        Call("no subcommand", []),
    ]


def run_cli(calls: list[Call], timeout: float, tally: Tally, cwd: Path) -> None:
    for call in calls:
        kind, code, err = as_process(call.argv, timeout, call.stdin, call.stdin_closed, call.stdout, str(cwd))
        if kind == "exit" and code == 0 and not call.exit0_ok:
            kind = "exit0_on_bad"
        tally.add("ok" if kind == "exit" else kind, f"{call.label} -> {kind} {code}: {err.strip()[:160]}", code)


def run(records: int, seed: int, timeout: float, subprocesses: int, cli: bool = True) -> dict[str, Any]:
    """Run the tampered records and (``cli``) the bad command lines; the report dict."""
    t0 = time.perf_counter()
    rec_tally, cli_tally = Tally(), Tally()
    with tempfile.TemporaryDirectory(prefix="fengsheng-tamper-") as tmp:
        work = Path(tmp)
        run_records(records, seed, timeout, subprocesses, rec_tally, work)
        if cli:
            run_cli(cli_calls(work), timeout, cli_tally, work)
    total = rec_tally.counts + cli_tally.counts
    return {
        "records": sum(rec_tally.counts.values()),
        "cli_calls": sum(cli_tally.counts.values()),
        "tracebacks": total["traceback"],
        "hangs": total["hang"],
        "exit0_on_bad": total["exit0_on_bad"],
        "long_messages": total["long_message"],
        "equivalent": total["equivalent"],
        "refused": total["ok"],
        "record_exit_codes": dict(sorted(rec_tally.exits.items())),
        "cli_exit_codes": dict(sorted(cli_tally.exits.items())),
        "examples": {**rec_tally.examples, **{f"cli {k}": v for k, v in cli_tally.examples.items()}},
        "seconds": round(time.perf_counter() - t0, 1),
    }


def main_(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--records", type=int, default=300)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--subprocess", type=int, default=20, help="how many of the records also run as real processes")
    p.add_argument("--timeout", type=float, default=30.0, help="seconds per call before it counts as a hang")
    p.add_argument("--no-cli", action="store_true", help="only the tampered records")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rep = run(args.records, args.seed, args.timeout, args.subprocess, cli=not args.no_cli)
    if args.json:
        print(json.dumps(rep, ensure_ascii=False))
    else:
        print(
            f"{rep['records']} tampered records, {rep['cli_calls']} bad command lines in {rep['seconds']} s: "
            f"tracebacks {rep['tracebacks']}, hangs {rep['hangs']}, exit 0 on bad input {rep['exit0_on_bad']}, "
            f"messages longer than one line {rep['long_messages']} "
            f"(refused {rep['refused']}, equivalent spellings accepted {rep['equivalent']})"
        )
        print(f"exit codes: records {rep['record_exit_codes']}, command lines {rep['cli_exit_codes']}")
        for kind, examples in rep["examples"].items():
            print(f"{kind}:")
            for e in examples:
                print(f"  {e}")
    return 1 if rep["tracebacks"] or rep["hangs"] or rep["exit0_on_bad"] or rep["long_messages"] else 0


if __name__ == "__main__":
    sys.exit(main_())
