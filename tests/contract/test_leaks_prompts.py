"""The prompt oracle (issue 9): no seat can tell from the sequence of decisions — who is waited on, the public kind
of each prompt — whether another seat holds a given card, a given face-down character or a given identity.

The oracle plays **twin games**: a random game with characters, and a copy of it at its first decision that differs
in one hidden fact about a target seat *T*:

* ``character``: *T*'s face-down character is another hidden one (often 老鬼, 老枪 or 老金 against one without a flip
  trigger);
* ``card``: one card of *T*'s hand is swapped with the bottom card of the deck, a black card against a red or blue
  one (*T* is often 职业杀手 or 小马哥, whose questions depend on a black card in hand);
* ``identity``: *T* and another seat *U* exchange identities (who may declare, R-2).

Both games go on in lockstep. Every other seat plays at random with the same random stream in both games, so as
long as it sees the same things it answers the same. The seats that hold the difference (*T*, *U*) play "blind":
never a skill, never ``declare``, never the swapped cards, ``pass`` where the other twin has ``continue``; if they
cannot (their blind options differ), the pair is inconclusive from there and counted. After every decision the
oracle compares, for every other seat and the spectator, the public descriptor of the pending decision (the view's
``decision``: the seat and kind, or ``waiting``; the options for one's own) and every new event as that seat saw it,
and every view at a sample of the points. The comparison stops, legitimately, once the fact becomes visible to
someone who is compared: a swapped card shown to him, *T*'s character or *U*/*T*'s identity revealed, a 试探 answered
by them, their death or loss, the end of the game.

What it proves: **with ``Config.uniform_prompts`` on**, over 1,000 twin pairs with characters (all pools, both text
sets, 3 to 6 players; about 950 usable, some 230,000 decisions compared), no compared seat ever observes a
difference before the fact is revealed: the prompts —
including the private ones of 老鬼 老枪 老金 (flip), 黄雀-2 老金-2 职业杀手-1 小马哥-1 黑玫瑰-1 (a black card in hand) and
the declaration prompt — leak nothing about the fact, for these policies (random play of the others, blind play of
the holders). **With it off**, the private prompts still hide their options, but the wait itself is seen: the
oracle finds pairs that an observer tells apart (the test asserts that it does, so the oracle is not blind), i.e.
off, the timing of the waits leaks face-down flip characters, black cards in hand and who may declare.
It does not cover: timing (how long a seat takes to answer), priority windows with ``auto_pass`` on (which the
switch forbids), or facts other than these three.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from fengsheng.config import Config
from fengsheng.core.events import Event
from fengsheng.core.options import CONTINUE, DECLARE, PASS, SKILL, Decision, Option
from fengsheng.editions import get_edition
from fengsheng.engine.determinize import _rebind
from fengsheng.game import Game
from tests.contract.test_leaks import Shown, collect

ED = get_edition("standard")
GAMES = 1000
CHUNKS = 8  # the 1,000 pairs run as 8 tests (so a failure names its chunk, and -x stops early)
FAST_CHUNKS = 2  # the others run in the full suite only (about 5 s each)
LIMIT = 700  # decisions compared per pair at most
VIEW_EVERY = 16  # full views compared at every 16th decision (and the descriptors and events at every one)
FLIPPERS = ("standard.lao_gui", "standard.lao_qiang", "standard.lao_jin")
BLACK_ASKERS = ("standard.zhi_ye_sha_shou", "standard.xiao_ma_ge")
FACTS = ("character", "card", "identity")
# events about a seat holding the difference that may show it (its death or loss reveals everything; a hand shown
# or looked at shows its cards); for an identity, also the answer to a 试探 and 老枪's exchange
REVEALING = frozenset({"died", "lost", "dying", "identity_revealed", "declare", "show_hand", "inspect_hand", "flip"})
IDENTITY_TELLS = frozenset({"probe", "probe_answer", "identities_exchanged"})


@dataclass
class Pair:
    """One twin pair: the two games, who holds the difference (``hidden``), and what is compared."""

    fact: str
    a: Game
    b: Game
    hidden: tuple[int, ...]
    cards: frozenset[int] = frozenset()
    characters: frozenset[str] = frozenset()
    info: dict[str, Any] = field(default_factory=dict)


def _pool(cfg_pool: str, texts: str) -> list[str]:
    return ED.pool(cfg_pool, texts)


def make_pair(i: int, on: bool) -> Pair | None:
    """The ``i``-th twin pair (``None`` if the drawn position offers no such difference)."""
    rng = random.Random(7919 * i + 1)
    fact = FACTS[i % 3]
    players = rng.randint(3, 6)
    pool_name = rng.choice(("base", "all"))
    texts = rng.choice(ED.text_sets)
    pool = _pool(pool_name, texts)
    chars = ED.characters(texts)
    hidden_ids = [c for c in pool if chars[c].hidden]
    target = rng.randrange(players)
    first: str
    if fact == "character":
        flippers = [c for c in FLIPPERS if c in pool]
        first = rng.choice(flippers) if flippers and rng.random() < 0.75 else rng.choice(hidden_ids)
    elif fact == "card":
        first = rng.choice(BLACK_ASKERS) if rng.random() < 0.75 else rng.choice(pool)
    else:
        first = rng.choice(pool)
    rest = [c for c in pool if c != first]
    rng.shuffle(rest)
    fixed = rest[: players - 1]
    fixed.insert(target, first)
    cfg = Config(
        players=players,
        characters=True,
        character_pool=pool_name,
        character_texts=texts,
        fixed_characters=tuple(fixed),
        uniform_prompts=on,
    )
    a = Game.new(cfg, seed=i)
    if a.decision is None:
        return None
    b = a.clone()
    if fact == "character":
        others = [c for c in hidden_ids if c not in fixed]
        if not others:
            return None
        second = rng.choice(others)
        _rebind(b, {}, {target: second})
        return Pair(fact, a, b, (target,), characters=frozenset({first, second}), info={"chars": (first, second)})
    if fact == "card":
        hand = a.seats[target].hand
        bottom = a.deck[0]
        swap = [c for c in hand if a.is_black[c] != a.is_black[bottom]]
        if not swap:
            return None
        c = rng.choice(swap)
        bs = b.seats[target].hand
        bs[bs.index(c)] = bottom
        b.deck[0] = c
        b._rederive()
        return Pair(fact, a, b, (target,), cards=frozenset({c, bottom}), info={"cards": (c, bottom), "target": target})
    mine = a.seats[target].identity
    others_ = [s.index for s in a.seats if s.identity != mine]
    if not others_:
        return None
    u = rng.choice(others_)
    _rebind(b, {target: a.seats[u].identity or "", u: mine or ""}, {})
    b.refresh_declarable()
    return Pair(fact, a, b, (target, u), info={"seats": (target, u)})


def public(d: Decision | None, seat: int | None) -> Any:
    """What ``seat`` sees of the pending decision (the view's ``decision``)."""
    if d is None:
        return None
    if d.private and seat != d.seat:
        return "waiting"
    if seat == d.seat:
        return (d.seat, d.kind, d.context, tuple(str(o) for o in d.options))
    return (d.seat, d.kind, d.context)


def blind(d: Decision, cards: frozenset[int]) -> list[str]:
    """The options a seat holding the difference may take without using it: never a skill or a declaration, never
    a swapped card; ``continue`` counts as ``pass``."""
    out = []
    for o in d.options:
        if o.kind in (SKILL, DECLARE) or o.card in cards or (o.ref in cards and o.use == "burn"):
            continue
        out.append(PASS if o.kind == CONTINUE else str(o))
    return sorted(set(out))


def pick(d: Decision, name: str) -> Option:
    for o in d.options:
        if str(o) == name or (name == PASS and o.kind in (PASS, CONTINUE)):
            return o
    raise AssertionError(f"{name} not among {d.options}")


def shows(p: Pair, shown: Shown) -> bool:
    """Whether a compared seat's view shows a swapped card or one of the twin characters."""
    return bool(p.cards & set(shown.cards)) or any(ch in p.characters for _, ch in shown.characters)


def reveals(p: Pair, e: Event) -> bool:
    """Whether an event may show the fact to a compared seat: then the twins may differ from there (the swapped
    cards are followed by :func:`cards_in_place`)."""
    kind = e.kind
    if kind == "game_over":
        return True
    hidden = p.hidden
    seats = {e.get("seat"), e.get("target"), e.get("user"), e.get("from"), e.get("to")}
    if not seats.intersection(hidden):
        return False
    if kind in REVEALING:
        return True
    return p.fact == "identity" and kind in IDENTITY_TELLS


def cards_in_place(p: Pair) -> bool:
    """The swapped cards are still where the twins differ: one in *T*'s hand, the other at the bottom of the deck."""
    c, bottom = p.info["cards"]
    t = p.info["target"]
    a, b = p.a, p.b
    return (
        c in a.seats[t].hand and bool(a.deck) and a.deck[0] == bottom
        and bottom in b.seats[t].hand and bool(b.deck) and b.deck[0] == c
    )  # fmt: skip


@dataclass
class Outcome:
    compared: int = 0
    differs: str = ""
    stopped: str = ""


def run_pair(p: Pair, i: int) -> Outcome:
    """Play the twins in lockstep and compare what every other seat observes (see the module docstring)."""
    a, b = p.a, p.b
    n = a.n
    observers: list[int | None] = [s for s in range(n) if s not in p.hidden] + [None]
    cursor = len(a.events)
    rngs = {s: random.Random(1_000_003 * i + s) for s in range(n)}
    out = Outcome()
    for step in range(LIMIT):
        da, db = a.decision, b.decision
        if p.cards and not cards_in_place(p):
            out.stopped = "a swapped card left its place"  # played, sent, taken, drawn: its face may show
            return out
        k = cursor
        new_a, new_b = a.events[k:], b.events[k:]
        cursor = len(a.events)
        if any(reveals(p, e) for e in (*new_a, *new_b)):
            out.stopped = "revealed by an event"
            return out
        if len(new_a) != len(new_b):
            out.differs = f"step {step}: {[e.kind for e in new_a]} / {[e.kind for e in new_b]}"
            return out
        if [e.full() for e in new_a] != [e.full() for e in new_b]:  # else every seat saw the same
            for v in observers:
                ea, eb = a.events_for(v, k), b.events_for(v, k)
                if ea != eb:
                    out.differs = f"step {step}: seat {v} sees events {ea} / {eb}"
                    return out
        if step % VIEW_EVERY == 0:
            for v in observers:
                va, vb = a.view(v), b.view(v)
                if shows(p, collect(va, Shown())) or shows(p, collect(vb, Shown())):
                    out.stopped = "revealed in a view"
                    return out
                if va != vb:
                    out.differs = f"step {step}: seat {v}'s views differ"
                    return out
        if da is None or db is None:
            if (da is None) != (db is None):
                out.differs = f"step {step}: one twin is over"
            return out
        for v in observers:
            if public(da, v) != public(db, v):
                out.differs = f"step {step}: seat {v} sees {public(da, v)} / {public(db, v)}"
                return out
        if da.seat in p.hidden or db.seat in p.hidden:
            if da.seat != db.seat:  # both private (checked above): each is asked in its own twin
                oa = blind(da, p.cards)
                ob = blind(db, p.cards)
                if not oa or not ob:
                    out.stopped = "blind play impossible"
                    return out
                a.act(pick(da, oa[0]))
                b.act(pick(db, ob[0]))
                out.compared += 1
                continue
            oa, ob = blind(da, p.cards), blind(db, p.cards)
            if oa != ob or not oa:
                out.stopped = "blind options differ"
                return out
            choice = oa[int(rngs[da.seat].random() * len(oa))]
            a.act(pick(da, choice))
            b.act(pick(db, choice))
        else:
            k = int(rngs[da.seat].random() * len(da.options))
            a.act(da.options[k])
            b.act(db.options[k])
        out.compared += 1
    return out


def oracle(games: range, on: bool) -> tuple[Counter[str], list[str], int]:
    """Run the pairs of ``games``: (pairs per outcome, the differences found, decisions compared)."""
    tally: Counter[str] = Counter()
    found: list[str] = []
    compared = 0
    for i in games:
        p = make_pair(i, on)
        if p is None:
            tally["no pair"] += 1
            continue
        res = run_pair(p, i)
        compared += res.compared
        if res.differs:
            tally[f"differs:{p.fact}"] += 1
            found.append(f"pair {i} ({p.fact} {p.info}, hidden {p.hidden}): {res.differs}"[:600])
        else:
            tally[f"same:{p.fact}"] += 1
    return tally, found, compared


@pytest.mark.parametrize(
    "chunk", [pytest.param(k, marks=[pytest.mark.full] if k >= FAST_CHUNKS else []) for k in range(CHUNKS)]
)
def test_prompt_oracle_uniform_prompts_tell_nothing(chunk: int) -> None:
    """Switched on: no compared seat tells the twins apart before the fact is revealed (1,000 pairs in all; the
    first 250 in the quick suite)."""
    size = GAMES // CHUNKS
    tally, found, compared = oracle(range(chunk * size, (chunk + 1) * size), on=True)
    print(f"uniform prompts on, pairs {chunk * size}-{(chunk + 1) * size - 1}: {dict(tally)}; {compared} decisions")
    assert not found, "\n".join(found[:5])
    assert sum(v for k, v in tally.items() if k.startswith("same:")) >= size * 0.8, tally
    assert compared > size * 50, compared  # the pairs are compared over real stretches of play


def test_prompt_oracle_without_uniform_prompts_the_waits_leak() -> None:
    """Switched off, the same oracle tells twins apart (so it is not blind): the wait on a private prompt shows a
    face-down flip character, a black card in hand or who may declare."""
    tally, found, compared = oracle(range(0, 120), on=False)
    print(f"uniform prompts off, pairs 0-119: {dict(tally)}; {compared} decisions")
    assert tally["differs:character"] >= 3, tally
    assert any("waiting" in f for f in found), found[:3]
