"""The terminal walks the choice tree: a two-level choice with "back" in a pseudo-terminal, the last-card
confirmation, ``--flat`` for scripts, and the ``settings`` command."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from fengsheng.choices import AskPolicy
from fengsheng.config import Config
from fengsheng.game import Game
from fengsheng.record import load, verify
from fengsheng.scenario import Scenario
from tests.play.helpers import answer_in_pty, scripted_session

HANG_GUARD = 120
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
LINE = re.compile(r"^\s*(\d+)\. (.*?)\s*│?\s*$")


def _levels(text: str) -> list[list[tuple[int, str]]]:
    """The numbered lines of each question panel in ``text`` (plain), in order."""
    out: list[list[tuple[int, str]]] = []
    for panel in text.split("Your move")[1:]:
        rows = []
        for raw in panel.split("╰")[0].splitlines():
            m = LINE.match(raw.strip("│ ").rstrip())
            if m:
                rows.append((int(m.group(1)), m.group(2).strip()))
        out.append(rows)
    return out


def test_pty_walks_two_levels_with_back(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    stage = "look"  # look for a level that opens another → "down" → "back" → "done"
    root: list[tuple[int, str]] = []
    walked = False

    def answer(screen: bytes) -> bytes:
        nonlocal stage, root, walked
        level = _levels(ANSI.sub("", screen.decode("utf-8", "replace")))[-1]
        reply = "1"
        if stage == "look":
            opening = [n for n, words in level if words.endswith("…")]
            if opening:
                root, reply, stage = level, str(opening[0]), "down"
        elif stage == "down":
            assert level[0] == (0, "← Back") and len(level) > 2
            reply, stage = "0", "back"
        elif stage == "back":
            assert level == root  # back at the level we left
            walked, reply, stage = True, "quit", "done"
        return f"{reply}\n".encode()

    cmd = [sys.executable, "-m", "fengsheng.cli", "play", "--bots", "random", "--delay", "0", "--lang", "en"]
    rc, raw = answer_in_pty([*cmd, "--seed", "3", "--no-characters", "--record", str(record)], answer, size=(50, 120))
    text = ANSI.sub("", raw)
    assert rc == 0, text[-3000:]
    assert walked, text[-3000:]
    assert "You left the game. The record is saved:" in text.replace("\r", "").replace("\n", "")
    verify(load(record))


def _last_card_game() -> Game:
    return Scenario(
        players=5,
        identities=["ug", "mi", "ug", "mi", "by"],
        current=0,
        at="play",
        hands={0: ["R:lock"]},
        config=Config(players=5, characters=False),
    ).build()


def test_the_last_card_is_confirmed_and_back_keeps_it(tmp_path: Path) -> None:
    g = _last_card_game()
    session, out = scripted_session(g, ["1", "2", "0", "quit"], lang="en", record=tmp_path / "r.json")
    assert session.run() == 0
    text = out.getvalue()
    assert "Careful: this is your last card" in text
    assert g.seats[0].hand  # went back: still in hand, nothing played
    g = _last_card_game()
    session, out = scripted_session(g, ["1", "2", "x", "1", "quit"], lang="en", record=tmp_path / "s.json")
    session.run()
    assert "Type 1 (play it) or 0 (go back)." in out.getvalue()
    assert not g.seats[0].hand  # confirmed: played


def test_flat_numbering_is_the_old_list_and_asks_every_window(tmp_path: Path) -> None:
    g = _last_card_game()
    session, out = scripted_session(g, ["2", "quit"], lang="en", record=tmp_path / "r.json")
    session.flat, session.policy = True, AskPolicy.everything()
    session.run()
    assert not g.seats[0].hand  # "2" was the lock on seat 2 itself: one number, no second level, no confirmation
    assert "Careful" not in out.getvalue()


def test_pipe_flat_game_plays_to_the_end(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    cmd = [sys.executable, "-m", "fengsheng.cli", "play", "--bots", "random", "--delay", "0", "--flat"]
    proc = subprocess.run(
        [*cmd, "--seed", "11", "--record", str(record)],
        input="1\n" * 5000,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=HANG_GUARD,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "游戏结束" in proc.stdout and "← 返回" not in proc.stdout
    assert load(record)["result"] is not None


def test_settings_switch_the_policy(tmp_path: Path) -> None:
    g = _last_card_game()
    session, out = scripted_session(
        g, ["settings", "settings 3", "settings all", "settings flat", "settings nope", "quit"], lang="en"
    )
    session.run()
    text = out.getvalue()
    assert "[x] my own passing" in text and "[ ] my own passing" in text
    assert session.policy == AskPolicy.everything() and session.flat
    assert "No such setting" in text


def test_end_of_input_message_has_its_space(tmp_path: Path) -> None:
    g = _last_card_game()
    session, out = scripted_session(g, [], lang="en", record=tmp_path / "r.json")
    assert session.run() == 0
    assert "End of input: the game was not finished. The record is saved: " in out.getvalue().replace("\n", "")


def test_an_option_typed_in_its_notation_is_taken_at_any_level(tmp_path: Path) -> None:
    g = _last_card_game()
    session, out = scripted_session(g, ["1", "pass", "quit"], lang="en", record=tmp_path / "r.json")
    assert session.run() == 0
    assert g.decision is not None and g.decision.kind == "send"  # passed from inside the lock's level
    assert "← Back" in out.getvalue()


def _send_game() -> Game:
    return Scenario(
        players=5,
        identities=["ug", "mi", "ug", "mi", "by"],
        current=0,
        at="play",
        hands={0: ["K:burn:direct", "R:lock"]},
        config=Config(players=5, characters=False),
    ).build()


def test_the_send_question_carries_its_follow_up_and_the_window_after_it_is_answered_from_it(
    tmp_path: Path,
) -> None:
    """Sending with a 锁定 in hand: the send question's next step is what to play right after it (the lock pruned
    to the 直达 target); the window right after the send is answered from that step, without a question; "back"
    from the step returns to the send."""
    g = _send_game()
    answers = ["0", "1", "1", "0", "1", "2", "quit"]  # pass the play phase; send → back → send again; lock
    session, out = scripted_session(g, answers, lang="en", record=tmp_path / "r.json")
    assert session.run() == 0
    text = out.getvalue()
    assert ", then" in text and "Just send it" in text
    events = g.events_for(0)
    send = next(k for k, e in enumerate(events) if e["kind"] == "send")
    after = [e for e in events[send:] if e["kind"] in ("use", "send")]
    assert after[0]["seat"] == 0 and after[1]["kind"] == "use" and after[1]["use"] == "lock"
    assert after[1]["seat"] == 0 and after[1]["target"] == events[send]["target"]
    assert "Answered for you" in text
    # "just send" passes the window after the send without asking
    g = _send_game()
    session, out = scripted_session(g, ["0", "1", "1", "1", "quit"], lang="en", record=tmp_path / "s.json")
    session.run()
    assert not [e for e in g.events_for(0) if e["kind"] == "use" and e["seat"] == 0]
    assert out.getvalue().count("Just send it") == 1
