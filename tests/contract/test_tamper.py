"""``scripts/tamper.py`` in the suite, smaller: tampered records through ``fengsheng replay`` and the bad command
lines as real processes. No traceback, no hang, no exit 0 on bad input, every refusal one line (issue 9)."""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.suite import sized

ROOT = Path(__file__).resolve().parents[2]


def load_tamper() -> Any:
    """``scripts/tamper.py`` as a module (loaded once)."""
    name = "fengsheng_tamper_script"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "tamper.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def test_tampered_records() -> None:
    tamper = load_tamper()
    records = sized(24, 80)
    rep = tamper.run(records=records, seed=1, timeout=60.0, subprocesses=3, cli=False)
    assert rep["records"] >= records * 15 // 16
    failures = {k: rep[k] for k in ("tracebacks", "hangs", "exit0_on_bad", "long_messages")}
    assert failures == dict.fromkeys(failures, 0), rep["examples"]
    assert rep["refused"] >= rep["records"] - rep["equivalent"]


CLI_CHUNKS = 3  # the 34 bad command lines, each a real process, as three tests of a few seconds each


@pytest.mark.parametrize("chunk", range(CLI_CHUNKS))
def test_bad_command_lines(chunk: int, tmp_path: Path) -> None:
    tamper = load_tamper()
    calls = tamper.cli_calls(tmp_path)
    assert len(calls) >= 30
    tally = tamper.Tally()
    tamper.run_cli(calls[chunk::CLI_CHUNKS], 60.0, tally, tmp_path)
    assert tally.failures == 0, tally.examples
    ok_exit0 = sum(c.exit0_ok for c in calls[chunk::CLI_CHUNKS])  # the 2 calls that may exit 0
    assert tally.counts["ok"] >= len(calls[chunk::CLI_CHUNKS]) - ok_exit0


def test_the_classifier_sees_a_traceback_and_an_exit_0(tmp_path: Path) -> None:
    """The tally is not vacuous: a record that replays cleanly is exit 0, a crash inside ``main`` a traceback, a
    call that does not return a hang."""
    tamper = load_tamper()
    good = tmp_path / "good.json"
    base = tamper.base_records(0)[0]
    good.write_text(json.dumps(base), encoding="utf-8")
    assert tamper.in_process(["replay", str(good)], 60.0)[:2] == ("exit", 0)
    assert tamper.equivalent(good.read_bytes(), base)
    assert tamper.in_process(["replay", str(good), "--lang", "en", "--show"], 60.0)[0] == "exit"
    kind, code, _ = tamper.in_process(["demo", "--seed", "x"], 60.0)
    assert (kind, code) == ("exit", 2)  # argparse refuses it: an exit, not a traceback
    orig = tamper.main
    try:
        tamper.main = lambda argv: 1 // 0
        assert tamper.in_process(["replay"], 5.0)[0] == "traceback"
        tamper.main = lambda argv: time.sleep(30)
        assert tamper.in_process(["replay"], 0.5)[0] == "hang"
    finally:
        tamper.main = orig
