"""``fengsheng play``: whole games through a pipe and through a pseudo-terminal, bad input, EOF, Ctrl-C, quit,
help, and the saved record replaying."""

from __future__ import annotations

import contextlib
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fengsheng.bots.base import Bot
from fengsheng.cli import main
from fengsheng.config import Config
from fengsheng.core.options import Decision, Option
from fengsheng.game import Game
from fengsheng.play.words import describe_decision
from fengsheng.record import load, verify
from tests.play.helpers import answer_in_pty, scripted_session

PROMPT_ZH = "（? 帮助）> "
HANG_GUARD = 120  # seconds: only a guard against a hung child, never a speed assertion


def play_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "fengsheng.cli", "play", "--bots", "random", "--delay", "0", *args]


def assert_finished(record: Path) -> dict[str, object]:
    rec = load(record)
    assert rec["result"] is not None
    verify(rec)  # the saved record reproduces the game
    return rec


def test_pipe_plays_a_whole_game(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    proc = subprocess.run(
        play_cmd("--seed", "11", "--record", str(record)),
        input="1\n" * 5000,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=HANG_GUARD,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "\x1b[" not in out  # not a terminal: no colour codes, no screen clearing
    assert "游戏结束" in out and "原因：" in out
    assert str(record) in out and "fengsheng replay" in out
    assert "轮到你了" in out and PROMPT_ZH in out
    assert_finished(record)


def test_pty_plays_a_whole_game(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    answers = 0

    def answer(screen: bytes) -> bytes:
        nonlocal answers
        answers += 1
        return b"1\n"

    rc, text = answer_in_pty(play_cmd("--seed", "5", "--lang", "en", "--record", str(record)), answer)
    assert rc == 0, text[-3000:]
    assert answers > 5
    assert "\x1b[" in text  # a terminal: colours and screen clearing
    assert "Game over" in text and "Why: " in text
    assert_finished(record)


def test_garbage_repeats_the_question_and_changes_nothing(tmp_path: Path) -> None:
    g = Game.new(Config(players=5, characters=True), 21)
    garbage = [
        "abc",
        "",
        "   ",
        "99",
        "-1",
        "3.5",
        "1 2",
        "１０",
        "\ufffd",
        "play c99 lock @7",
        "help nothing-like-this",
    ]
    seen: list[tuple[object, str, int, int]] = []
    out_ref: list[object] = []

    def read(prompt: str) -> str:
        out = out_ref[0]
        seen.append((g.decision, g.digest(), len(g.history), len(out.getvalue())))  # type: ignore[attr-defined]
        i = len(seen) - 1
        if i < len(garbage):
            return garbage[i]
        if i == len(garbage):
            return "1"
        raise EOFError

    session, out = scripted_session(g, read, record=tmp_path / "r.json")
    out_ref.append(out)
    assert session.run() == 0
    text = out.getvalue()
    first = seen[0]
    question = describe_decision(g.view(0) | {"decision": {"kind": "choose_character"}}, "zh")
    for i in range(1, len(garbage) + 1):
        decision, digest, history, _ = seen[i]
        assert (decision, digest, history) == first[:3], f"state changed after {garbage[i - 1]!r}"
        between = text[seen[i - 1][3] : seen[i][3]]
        assert question in between, f"question not repeated after {garbage[i - 1]!r}"
    assert "看不懂“abc”" in text
    assert "请输入一个编号" in text  # empty line
    assert "没有编号 99" in text and "没有编号 -1" in text
    assert "没有找到“nothing-like-this”" in text
    human = [str(o) for seat, o in g.history if seat == 0]
    assert human[0].startswith("choose ")  # the one good answer was applied (then the game went on to the next)
    assert seen[-1][0] != first[0]
    assert "输入已结束" in text


def test_help_log_and_look_do_not_answer(tmp_path: Path) -> None:
    g = Game.new(Config(players=5, characters=True), 3)
    answers = ["?", "help lock", "help Old Ghost", "? 1", "help rules", "log 3", "look", "1"]
    session, out = scripted_session(g, answers, lang="en", record=tmp_path / "r.json")
    assert session.run() == 0
    text = out.getvalue()
    assert "Type an option's number" in text  # `?`
    assert "Lock: Your turn, on another player" in text
    assert "[Old Ghost]" in text and "Secret mission (Bystander)" in text
    assert "The Message: everyone has a secret identity" in text
    assert "Recent events" in text
    human = [str(o) for seat, o in g.history if seat == 0]
    assert human[0].startswith("choose ")  # only the final "1" was an answer
    assert not any(o.startswith("choose ") for o in human[1:])


def test_eof_exits_0_and_saves_a_replayable_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    proc = subprocess.run(
        play_cmd("--seed", "2", "--record", str(record)),
        input="1\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=HANG_GUARD,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "输入已结束" in proc.stdout and "Traceback" not in proc.stderr
    rec = load(record)
    assert rec["result"] is None and len(rec["decisions"]) >= 1
    verify(rec)
    assert main(["replay", str(record)]) == 0


def test_ctrl_c_exits_cleanly_and_saves(tmp_path: Path) -> None:
    g = Game.new(Config(players=5, characters=True), 8)
    calls = []

    def read(prompt: str) -> str:
        calls.append(prompt)
        if len(calls) < 3:
            return "1"
        raise KeyboardInterrupt

    record = tmp_path / "r.json"
    session, out = scripted_session(g, read, record=record)
    assert session.run() == 130
    assert "Ctrl-C" in out.getvalue() and str(record) in out.getvalue()
    rec = load(record)
    assert rec["result"] is None and len(rec["decisions"]) >= 2
    verify(rec)


RETRY_CTRL_C = 3.0  # seconds without an exit before Ctrl-C is pressed again

# Run in the child before `fengsheng play`: make the pseudo-terminal on fd 0 the controlling terminal of the child's
# new session (Popen(start_new_session=True) made it a session leader), so that Ctrl-C typed there is a SIGINT to
# it, whatever the test runner has (a terminal, none at all, a background job); put SIGINT back to its default and
# unblock it (a background job ignores it, a thread library may block it, and both survive exec); then exec.
IN_A_TERMINAL = """
import fcntl, os, signal, sys, termios
fcntl.ioctl(0, termios.TIOCSCTTY, 0)
if os.tcgetpgrp(0) != os.getpgrp():
    sys.exit("the pseudo-terminal is not this process's controlling terminal")
signal.signal(signal.SIGINT, signal.SIG_DFL)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
"""


def spawn_in_terminal(argv: list[str]) -> tuple[subprocess.Popen[bytes], int]:
    """Start ``argv`` (a Python command line) in a new session whose controlling terminal is a new pseudo-terminal;
    returns the process and the terminal's master side. No fork of this (possibly multi-threaded) process runs
    Python code: Popen spawns, and the child sets itself up (``IN_A_TERMINAL``)."""
    import termios

    master, slave = os.openpty()
    attrs = termios.tcgetattr(slave)
    attrs[3] |= termios.ISIG  # Ctrl-C is a signal (the default of a new terminal; said here, not assumed)
    attrs[6][termios.VINTR] = b"\x03"
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-c", IN_A_TERMINAL, *argv[1:]],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
            close_fds=True,
        )
    finally:
        os.close(slave)  # the child's copies only: the master reads EOF (EIO) when the child is gone
    return proc, master


def test_ctrl_c_in_a_terminal(tmp_path: Path) -> None:
    """A real Ctrl-C typed in a terminal (the child's controlling pseudo-terminal, in its own session): clean exit
    130, the record saved. Reliable with or without a controlling terminal of the test runner's own."""
    pytest.importorskip("termios")
    record = tmp_path / "r.json"
    proc, fd = spawn_in_terminal(play_cmd("--seed", "9", "--record", str(record)))
    out = bytearray()
    prompts = 0
    deadline = time.monotonic() + HANG_GUARD
    interrupted_at = 0.0
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if prompts >= 3 and time.monotonic() - interrupted_at > RETRY_CTRL_C:
                # CPython's readline can miss a SIGINT that lands while input() is setting up (it is seen only at
                # the next key): a player then presses Ctrl-C again, and so does the test, until it exits
                os.write(fd, b"\x03")
                interrupted_at = time.monotonic()
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the child has closed the terminal
                break
            if not chunk:
                break
            out += chunk
            # count prompts in everything read so far: a prompt may arrive split across two reads
            while prompts < min(out.count(PROMPT_ZH.encode()), 3):
                prompts += 1
                os.write(fd, b"1\n" if prompts < 3 else b"\x03")
                interrupted_at = time.monotonic()
        try:
            rc = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            rc = proc.wait()
        with contextlib.suppress(OSError):  # what the child wrote just before it exited
            while select.select([fd], [], [], 0)[0] and (chunk := os.read(fd, 65536)):
                out += chunk
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(fd)
    text = out.decode("utf-8", "replace")
    assert rc == 130, (rc, prompts, text[-1500:])
    assert "已中断（Ctrl-C）" in text and "Traceback" not in text
    rec = load(record)
    assert rec["result"] is None and len(rec["decisions"]) >= 2
    verify(rec)


def test_quit_saves_and_exits_0(tmp_path: Path) -> None:
    g = Game.new(Config(players=4, characters=False), 4)
    record = tmp_path / "r.json"
    session, out = scripted_session(g, ["quit"], record=record)
    assert session.run() == 0
    assert "你离开了游戏" in out.getvalue()
    verify(load(record))


def test_whole_game_in_process_every_seat_and_language(tmp_path: Path) -> None:
    for seat, lang, players in ((0, "zh", 5), (3, "en", 7), (2, "zh", 3)):
        g = Game.new(Config(players=players, characters=True, character_pool="all"), 40 + seat)
        session, out = scripted_session(g, lambda p: "1", human=seat, lang=lang, record=tmp_path / f"{seat}.json")
        assert session.run() == 0
        assert g.result is not None
        assert ("游戏结束" if lang == "zh" else "Game over") in out.getvalue()
        assert_finished(tmp_path / f"{seat}.json")


class BrokenBot(Bot):
    needs_view = True

    def choose(self, decision: Decision, view: object, events: object) -> Option:
        raise RuntimeError("boom")


def test_a_failing_bot_does_not_end_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = Game.new(Config(players=4, characters=True), 6)
    session, _ = scripted_session(g, lambda p: "1", record=tmp_path / "r.json")
    session.bots[1] = BrokenBot(1)
    assert session.run() == 0
    assert g.result is not None
    assert "bot 1 failed" in capsys.readouterr().err


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "5", "--seat", "5"]) == 2
    assert "--seat" in capsys.readouterr().err
    assert main(["play", "--delay", "-1"]) == 2


def test_only_pass_is_not_asked(tmp_path: Path) -> None:
    """A response window where the human can only pass is passed for him; every question he gets has a choice."""
    g = Game.new(Config(players=5, characters=True), 13)
    asked: list[int] = []

    def read(prompt: str) -> str:
        d = g.decision
        assert d is not None and d.seat == 0
        asked.append(len(d.options))
        return "1"

    session, _ = scripted_session(g, read, record=tmp_path / "r.json")
    assert session.run() == 0
    assert asked and min(asked) >= 2
