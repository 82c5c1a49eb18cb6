"""Config.uniform_prompts (issue 9): every seat in the same public situation gets the same question, privately, with
``continue`` as its only option when it has nothing to do, so that neither the views nor the sequence of waits tell
a hand card, a face-down character or who may declare.

Each test builds twin positions that differ only in one hidden fact about the target seat (its face-down
character, a card in its hand, its identity), plays the same public moves in both (the target declines what it is
offered), and compares what every *other* seat and the spectator observe: the view after every decision (who is
waited on, the kind of the prompt, their own options) and the events as they saw them. With the switch on the
streams are identical; with it off they differ, which is the leak the switch closes (so the comparison can fail).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.errors import ConfigError
from fengsheng.game import Game
from fengsheng.record import verify
from tests.helpers import build

WAITING = {"seat": None, "kind": "waiting", "context": ""}
Stream = dict[Any, list[Any]]


def uniform(players: int = 4, on: bool = True) -> Config:
    return Config(players=players, auto_pass=False, uniform_prompts=on)


def play(g: Game, script: list[str], limit: int = 60, until: Callable[[Game], bool] | None = None) -> None:
    """Answer ``script`` (see :func:`play_one`) for at most ``limit`` decisions, or until ``until(g)`` holds."""
    todo = list(script)
    for _ in range(limit):
        if g.decision is None or (until is not None and not todo and until(g)):
            break
        play_one(g, todo)
    assert not todo, f"not played: {todo}"


def observe(g: Game, script: list[str], observers: list[int | None], limit: int = 80) -> Stream:
    """Play as :func:`play` to the end of the turn, recording each observer's view after every decision and its
    events at the end. (The twins' decks differ by the card moved into a hand: the next turn's draws may differ.)"""
    stream: Stream = {v: [] for v in observers}
    todo = list(script)

    def record() -> None:
        for v in observers:
            stream[v].append(g.view(v))

    record()
    for _ in range(limit):
        if g.decision is None or any(e.kind == "turn_end" for e in g.events):
            break
        before = len(g.history)
        play_one(g, todo)
        assert len(g.history) == before + 1
        record()
    for v in observers:
        stream[v].append(g.events_for(v))
    return stream


def play_one(g: Game, todo: list[str]) -> None:
    """Answer the next of ``todo`` ("seat: option") when its seat decides and it is legal; otherwise decline:
    ``pass``, else ``continue``, else ``accept``, else the first option."""
    d = g.decision
    assert d is not None
    names = [str(o) for o in d.options]
    if todo:
        seat, option = todo[0].split(": ", 1)
        if "^top" in option and g.view(None)["stack"]:
            option = option.replace("^top", f"^{g.view(None)['stack'][-1]['uid']}")
        if int(seat) == d.seat and option in names:
            todo.pop(0)
            g.act(option)
            return
    for want in ("pass", "continue", "accept"):
        if want in names:
            g.act(want)
            return
    g.act(d.options[0])


def twins(make: Callable[[bool, bool], Game], script: list[str], target: int, on: bool) -> tuple[Stream, Stream]:
    """The streams of every seat but ``target`` (and the spectator) in the twin games ``make(fact, on)``."""
    a, b = make(True, on), make(False, on)
    observers: list[int | None] = [s for s in range(a.n) if s != target] + [None]
    return observe(a, script, observers), observe(b, script, observers)


def waits_on(g: Game, seat: int) -> bool:
    """The pending decision is ``seat``'s, and private."""
    d = g.decision
    return d is not None and d.seat == seat and d.private


# ---------------------------------------------------------------------------------------------------------------
# A face-down seat locked / probed / seen through: 老鬼 就计, 老枪, 老金 (C-LAO_GUI-1, C-LAO_QIANG-1, C-LAO_JIN-1)
# ---------------------------------------------------------------------------------------------------------------
def locked(holds: bool, on: bool, character: str = "lao_gui") -> Game:
    """Seat 0 (current, play phase) holds a 锁定; seat 2 is face down: ``character`` (holds) or 黑玫瑰."""
    return build(
        4,
        current=0,
        at="play",
        hands={0: ["R:lock", "B:decode"], 1: ["R:decode"], 2: ["R:burn", "B:return"], 3: ["B:decode"]},
        characters={2: character if holds else "hei_mei_gui", 1: "qi_bai"},
        config=uniform(on=on),
    )


LOCK_2 = ["0: play c{lock} lock @2"]


def lock_script(g: Game) -> list[str]:
    lock = next(c for c in g.seats[0].hand if g.card_type[c] == "lock")
    return [s.replace("{lock}", str(lock)) for s in LOCK_2]


@pytest.mark.parametrize("character", ["lao_gui", "lao_qiang"])
def test_C_LAO_GUI_1_C_LAO_QIANG_1_uniform_a_locked_face_down_seat_is_asked_whatever_it_holds(character: str) -> None:
    holder, other = locked(True, True, character), locked(False, True, character)
    for g, options in ((holder, ["skill " + character + ".1", "pass"]), (other, ["continue"])):
        play(g, lock_script(g), limit=12, until=lambda g: g.decision is not None and g.decision.private)
        assert waits_on(g, 2) and [str(o) for o in g.decision.options] == options  # type: ignore[union-attr]
        assert g.view(0)["decision"] == WAITING
    script = lock_script(locked(True, True, character))
    a, b = twins(lambda h, on: locked(h, on, character), script, target=2, on=True)
    assert a == b
    a, b = twins(lambda h, on: locked(h, on, character), script, target=2, on=False)
    assert a != b  # switched off, the wait shows who can flip


def probed(holds: bool, on: bool) -> Game:
    """Seat 0 probes seat 2 (face down: 老枪, or 黑玫瑰)."""
    return build(
        4,
        current=0,
        at="play",
        hands={0: ["R:probe:ug:draw", "B:decode"], 2: ["R:burn"], 3: ["B:decode"]},
        characters={2: "lao_qiang" if holds else "hei_mei_gui"},
        config=uniform(on=on),
    )


def probe_script(g: Game) -> list[str]:
    probe = next(c for c in g.seats[0].hand if g.card_type[c] == "probe")
    return [f"0: play c{probe} probe @2"]


def test_C_LAO_QIANG_1_uniform_a_probed_face_down_seat_is_asked_whatever_it_holds() -> None:
    script = probe_script(probed(True, True))
    a, b = twins(probed, script, target=2, on=True)
    assert a == b
    a, b = twins(probed, script, target=2, on=False)
    assert a != b


def seen_through(holds: bool, on: bool) -> Game:
    """Seat 2 (current, face down: 老金 or 黑玫瑰) locks seat 3; seat 3 answers with 识破."""
    return build(
        4,
        current=2,
        at="play",
        hands={2: ["R:lock", "B:decode"], 3: ["B:see_through"], 0: ["R:decode"]},
        deck=["R:burn", "B:burn", "K:burn", "R:return", "B:return"],
        characters={2: "lao_jin" if holds else "hei_mei_gui"},
        config=uniform(on=on),
    )


def see_through_script(g: Game) -> list[str]:
    lock = next(c for c in g.seats[2].hand if g.card_type[c] == "lock")
    st = next(c for c in g.seats[3].hand if g.card_type[c] == "see_through")
    return [f"2: play c{lock} lock @3", f"3: play c{st} see_through ^top"]


def test_C_LAO_JIN_1_uniform_a_face_down_seat_seen_through_is_asked_whatever_it_holds() -> None:
    g = seen_through(False, True)
    play(g, see_through_script(g), limit=20, until=lambda g: g.decision is not None and g.decision.private)
    assert [e.kind for e in g.events].count("cancelled") == 1 and waits_on(g, 2)
    assert [str(o) for o in g.decision.options] == ["continue"]  # type: ignore[union-attr]
    a, b = twins(seen_through, see_through_script(seen_through(True, True)), target=2, on=True)
    assert a == b
    a, b = twins(seen_through, see_through_script(seen_through(True, False)), target=2, on=False)
    assert a != b


def test_uniform_a_face_up_seat_is_not_asked_when_locked() -> None:
    """Only face-down seats are in that public situation: a face-up character could not flip."""
    g = locked(False, True)
    g.seats[2].face_up = True
    play(g, lock_script(g), limit=12, until=lambda g: any(e.kind == "locked" for e in g.events))
    play(g, [], limit=12, until=lambda g: g.decision is not None and g.decision.kind == "send")
    assert any(e.kind == "locked" for e in g.events)
    assert [o for s, o in g.history if o.kind == "continue"] == []
    h = locked(False, True)  # face down, the same moves: asked
    play(h, lock_script(h), limit=12, until=lambda g: any(e.kind == "locked" for e in g.events))
    play(h, [], limit=12, until=lambda g: g.decision is not None and g.decision.kind == "send")
    assert [s for s, o in h.history if o.kind == "continue"] == [2]


# ---------------------------------------------------------------------------------------------------------------
# A question that depends on the hand: 职业杀手-1 with or without a black card (and 黄雀-2, 老金-2, 小马哥-1, 黑玫瑰-1)
# ---------------------------------------------------------------------------------------------------------------
def killer(holds: bool, on: bool) -> Game:
    """Seat 0 (职业杀手, current) sent a false 破译 to seat 1 (Step 3); his hand holds a black card or not."""
    return build(
        4,
        current=0,
        at="step3",
        transit={"card": "K:decode", "holder": 1},
        hands={0: ["K:lock" if holds else "R:lock", "R:burn"], 1: ["B:decode"]},
        characters={0: "zhi_ye_sha_shou"},
        config=uniform(on=on),
    )


def test_C_ZHI_YE_SHA_SHOU_1_uniform_the_wait_does_not_tell_a_black_card_in_hand() -> None:
    a, b = twins(killer, ["1: accept"], target=0, on=True)
    assert a == b
    a, b = twins(killer, ["1: accept"], target=0, on=False)
    assert a != b


# ---------------------------------------------------------------------------------------------------------------
# Declarations: the prompt to declare goes to every seat in the game
# ---------------------------------------------------------------------------------------------------------------
def third_red(holds: bool, on: bool) -> Game:
    """Seat 1 accepts his third red intelligence: 潜伏战线 (he may declare) or 军情局 (he may not)."""
    return build(
        4,
        ["mi", "ug" if holds else "mi", "ug", "by"],
        current=0,
        at="step3",
        transit={"card": "R:decode", "holder": 1},
        intel={1: ["R:lock", "R:burn"]},
        config=uniform(on=on),
    )


def test_R_2_S_WIN_1_uniform_every_seat_in_the_game_is_asked_after_intelligence_settles() -> None:
    g = third_red(False, True)
    play(g, ["1: accept"], limit=1)
    asked = []
    while g.decision is not None and g.decision.kind == "declare":
        assert g.decision.private and [str(o) for o in g.decision.options] == ["continue"]
        asked.append(g.decision.seat)
        g.act("continue")
    assert asked == [0, 1, 2, 3]  # S-TRIG order, from the current player
    g = third_red(True, True)
    play(g, ["1: accept"], limit=1)
    assert g.decision is not None and g.decision.seat == 0 and g.decision.options[0].kind == "continue"
    g.act("continue")
    assert [str(o) for o in g.decision.options] == ["declare", "pass"]  # type: ignore[union-attr]


def test_R_2_uniform_the_wait_does_not_tell_who_may_declare() -> None:
    a, b = twins(third_red, ["1: accept"], target=1, on=True)
    assert a == b
    a, b = twins(third_red, ["1: accept"], target=1, on=False)
    assert a != b


def test_R_2_uniform_a_declaration_is_still_a_declaration() -> None:
    g = third_red(True, True)
    play(g, ["1: accept", "1: declare"], limit=4)
    assert g.result is not None and g.result["declarer"] == 1


# ---------------------------------------------------------------------------------------------------------------
# The switch: config, records, bots
# ---------------------------------------------------------------------------------------------------------------
def test_uniform_prompts_need_auto_pass_off() -> None:
    with pytest.raises(ConfigError, match="auto_pass"):
        Config(players=5, auto_pass=True, uniform_prompts=True)
    assert Config.from_dict(Config(players=5, uniform_prompts=True).to_dict()).uniform_prompts


def test_uniform_prompts_records_replay_and_bots_finish() -> None:
    """Random and heuristic bots play uniform games to the end; the ``continue`` answers are recorded and the
    records replay exactly."""
    from fengsheng.bots import BOTS
    from fengsheng.match import Match

    conts = 0
    for seed, name in ((1, "random"), (2, "heuristic"), (3, "random")):
        g = Game.new(Config(players=5, characters=True, character_pool="all", uniform_prompts=True), seed=seed)
        Match(g, {s: BOTS[name](s, seed * 10 + s) for s in range(5)}).run()
        assert g.result is not None
        rec = g.record()
        conts += sum(1 for _, o in rec["decisions"] if o == "continue")
        verify(rec)
    assert conts > 0


# ---------------------------------------------------------------------------------------------------------------
# How many questions: the card questions of 黑玫瑰-1 / 黄雀-2 do not count her black cards (Skill.ask_black_cards)
# ---------------------------------------------------------------------------------------------------------------
def rose(holds: bool, on: bool) -> Game:
    """黑玫瑰 (seat 2, face down) holds one black card or three; the top of the deck is black (up to three)."""
    black = ["K:decode", "K:return", "K:intercept"] if holds else ["K:decode", "R:return", "R:intercept"]
    return build(
        4,
        current=0,
        at="play",
        hands={0: ["R:decode"], 2: black, 3: ["R:burn"]},
        intel={1: ["K:lock"]},
        deck=["K:burn"],
        characters={2: "hei_mei_gui"},
        config=uniform(on=on),
    )


def rose_script(g: Game) -> list[str]:
    decode = next(c for c in g.seats[2].hand if g.card_type[c] == "decode")
    return ["2: skill hei_mei_gui.1", "2: choose @3", f"2: choose c{decode}"]


def test_C_HEI_MEI_GUI_1_uniform_the_number_of_card_questions_does_not_count_her_black_cards() -> None:
    """She places one card and stops: with three black cards she is asked for each card, with one she would not be;
    with uniform prompts she is asked three times (the public most) either way, ``continue`` once nothing is left."""
    g = rose(False, True)
    script = rose_script(g)
    play(g, script, limit=40, until=lambda g: any(e.kind == "obtain" for e in g.events))
    assert [str(o) for s, o in g.history if s == 2][-3:] == [script[-1][3:], "continue", "continue"]
    script = rose_script(rose(True, True))
    a, b = twins(rose, script, target=2, on=True)
    assert a == b
    a, b = twins(rose, script, target=2, on=False)
    assert a != b
