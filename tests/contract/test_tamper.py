"""``scripts/tamper.py`` in the suite, smaller: tampered records through ``fengsheng replay`` and the bad command
lines as real processes. No traceback, no hang, no exit 0 on bad input, every refusal one line (issue 9)."""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

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


def test_tampered_records_and_bad_command_lines() -> None:
    tamper = load_tamper()
    rep = tamper.run(records=80, seed=1, timeout=60.0, subprocesses=3, cli=True)
    assert rep["records"] >= 75 and rep["cli_calls"] >= 30
    failures = {k: rep[k] for k in ("tracebacks", "hangs", "exit0_on_bad", "long_messages")}
    assert failures == dict.fromkeys(failures, 0), rep["examples"]
    assert rep["refused"] >= rep["records"] + rep["cli_calls"] - rep["equivalent"] - 2  # 2 calls may exit 0


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
