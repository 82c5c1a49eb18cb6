"""``Game.determinize(seat, rng)``: a game consistent with everything one seat knows, every hidden thing drawn again.

* Over hundreds of random positions (3 to 9 players, characters on and off, both pools), for a random seat: the
  seat's view and its log are unchanged, the invariants hold, the game plays on to the end, and nobody's private
  records (identity cards, 试探 texts, identities seen, characters seated and dealt) keep the truth.
* Hidden slots vary and the truth is not favoured (checked against chance with a generous binomial bound; a
  doctored determinization that keeps the truth fails the same check).
* What the seat knows stays: cards it gave, identities seen through 老枪, what its 试探 told it, the bottom of the
  deck after a reshuffle; the learners behind this never claim a place a card is not in.
* The same ``rng`` seed gives the same game; ``remove_rule`` undoes ``add_rule``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

import pytest

from fengsheng.config import Config
from fengsheng.core.events import Event
from fengsheng.core.options import Option
from fengsheng.engine import determinize as det
from fengsheng.engine.knowledge import deck_floor, deck_marks, hand_marks, table_marks
from fengsheng.flow.setup import Setup
from fengsheng.flow.window import Resolve, Window
from fengsheng.game import Game
from fengsheng.invariants import card_zones, check
from fengsheng.rules.base import Rule
from fengsheng.scenario import Scenario
from fengsheng.sim.runner import derive_seed
from fengsheng.testing import Script
from tests.helpers import STANDARD_DECK, build_asked, build_table, load_fuzz, opts, play
from tests.suite import sized

fuzz = load_fuzz()
POSITIONS = sized(120, 320)
SAMPLES = 200

Determinizer = Callable[[Game, int, random.Random], Game]


def position(i: int) -> tuple[Game, int]:
    """Random position number ``i``: a random configuration (characters on half the time), random play to a random
    point of that game before its end, a random seat."""
    rng = random.Random(derive_seed("determinize", i))
    configs = fuzz.character_configs() if i % 2 else fuzz.all_configs()
    g = Game.new(rng.choice(configs), derive_seed("determinize-game", i))
    choices = rng.randrange(1 << 30)
    length = len(play(g.clone(), choices).history)
    play(g, choices, stop=rng.randrange(max(1, length)))
    return g, rng.randrange(g.n)


def hidden_state(g: Game) -> tuple[Any, ...]:
    """Everything a determinization draws again, and the RNG."""
    stack = tuple(u.card for f in g.frames if isinstance(f, Window) for u in f.stack)
    transit = g.passing.card if g.passing is not None else None
    return (
        tuple(tuple(s.hand) for s in g.seats),
        tuple(g.deck),
        tuple(g.probes_out),
        tuple(g.table),
        stack,
        transit,
        tuple(s.identity for s in g.seats),
        tuple(s.character for s in g.seats),
        g.rng.getstate(),
    )


def check_followers(g: Game) -> None:
    """Every seat's private records tell the story of the game as it now is."""
    where = card_zones(g)
    for s in g.seats:
        k = g.knowledge[s.index]
        for e in g.events:
            if e.kind == "identity" and e["seat"] == s.index:
                assert e["identity"] == s.identity
            if e.kind == "character" and e["seat"] == s.index:
                assert e["character"] == s.character
            if e.kind == "identities_exchanged":
                assert list(e["identities"]) == [g.seats[e["seat"]].identity, g.seats[e["target"]].identity]
        for t, ident in k.identities.items():
            assert g.seats[t].identity == ident
        if k.dealt and s.character is not None:
            assert s.character in k.dealt
        for rec in k.probes:
            card = STANDARD_DECK[rec["card"]]
            assert card.type == "probe" and rec["identity"] == card.probe_identity
            assert where[rec["card"]][0] in ("probes_out", "resolving", "discard", "stack"), where[rec["card"]]
        for c, holder in hand_marks(g, s.index).items():
            assert c in g.seats[holder].hand
        for c, pos in deck_marks(g, s.index).items():
            assert g.deck[pos] == c
        for c in table_marks(g, s.index):
            assert c in g.table
    seated = [s.character for s in g.seats if s.character is not None]
    assert len(seated) == len(set(seated))


def honoured(g: Game, d: Game, seat: int) -> None:
    """What ``seat`` knows holds in the determinized game ``d``."""
    k = g.knowledge[seat]
    for c, holder in hand_marks(g, seat).items():
        assert c in d.seats[holder].hand
    for c, pos in deck_marks(g, seat).items():
        assert d.deck[pos] == c
    for c in table_marks(g, seat):
        assert c in d.table
    assert set(d.deck[: deck_floor(g, seat)]) <= set(k.deck_pool)
    for t, ident in det.known_identities(g, seat, k).items():
        assert d.seats[t].identity == ident
    for t, ch in det.known_characters(g, seat, k).items():
        assert d.seats[t].character == ch
    for p in g.probes_out:
        assert STANDARD_DECK[d.probes_out[g.probes_out.index(p)]].type == "probe"
    if g.passing is not None and not g.passing.finished:
        assert d.passing is not None and STANDARD_DECK[d.passing.card].method == g.passing.method
    for f, h in zip(g.frames, d.frames, strict=True):
        if isinstance(f, Window) and isinstance(h, Window):
            for u, v in zip(f.stack, h.stack, strict=True):
                if u.hidden and u.user != seat:
                    assert d.card_type[v.card] == u.use  # a face-down use is a card of its type
                else:
                    assert v.card == u.card
    for uid, user, target, answer, _line, conceal in k.probe_answers:
        if user == seat and not conceal:
            card = next(p["card"] for p in k.probes if p["uid"] == uid)
            assert (STANDARD_DECK[card].probe_identity == d.seats[target].identity) == (answer != "line")


# ----------------------------------------------------------------------------------------------------------------
# Random positions
# ----------------------------------------------------------------------------------------------------------------
def test_random_positions_keep_the_view_and_play_on() -> None:
    stats: dict[str, int] = {}
    changed = Counter[str]()
    kinds = Counter[str]()
    for i in range(POSITIONS):
        g, seat = position(i)
        before = hidden_state(g)
        d = g.determinize(seat, random.Random(i)) if i % 3 else det.determinize(g, seat, random.Random(i), stats)
        assert hidden_state(g) == before, "the game itself is untouched"
        assert d.view(seat) == g.view(seat), i
        assert d.events_for(seat) == g.events_for(seat), i
        assert len(d.events) == len(g.events)
        check(d)
        check_followers(d)
        honoured(g, d, seat)
        after = hidden_state(d)
        for name, a, b in zip(
            ("hands", "deck", "probes_out", "table", "stack", "transit", "ids", "chars"), before, after, strict=False
        ):
            changed[name] += a != b
        kinds[g.decision.kind if g.decision else "over"] += 1
        k = g.knowledge[seat]
        known = det.known_identities(g, seat, k)
        changed["ids could"] += len({s.identity for s in g.seats if s.index not in known}) > 1
        chars = det.known_characters(g, seat, k)
        changed["chars could"] += any(s.character is not None and s.index not in chars for s in g.seats)
        play(d, i)
        assert d.result is not None
        check(d)
    print(f"{POSITIONS} positions; changed: {dict(changed)}; decisions: {dict(kinds)}; stats {stats}")
    assert stats.get("fallback", 0) <= 1
    assert changed["hands"] > 0.8 * POSITIONS and changed["deck"] > 0.8 * POSITIONS
    assert changed["ids"] > 0.6 * changed["ids could"] and changed["chars"] > 0.6 * changed["chars could"]
    assert changed["probes_out"] > 0 and changed["transit"] > 0


def test_random_positions_of_the_qianzhi_edition_keep_the_view_and_play_on() -> None:
    """千智风声 (its modes included): the 試探 classes are its own (draw one / discard one), its identity rows and the
    identity cards a mode shows (新手场 face up, 3V3 teammates) are kept."""
    configs = fuzz.all_configs("qianzhi")
    stats: dict[str, int] = {}
    changed = Counter[str]()
    answered = 0
    for i in range(160):
        rng = random.Random(derive_seed("determinize-qianzhi", i))
        g = Game.new(configs[i % len(configs)], derive_seed("determinize-qianzhi-game", i))
        choices = rng.randrange(1 << 30)
        play(g, choices, stop=rng.randrange(max(1, len(play(g.clone(), choices).history))))
        seat = rng.randrange(g.n)
        d = det.determinize(g, seat, random.Random(i), stats)
        assert d.view(seat) == g.view(seat), i
        assert d.events_for(seat) == g.events_for(seat), i
        check(d)
        for t, ident in det.known_identities(g, seat, g.knowledge[seat]).items():
            assert d.seats[t].identity == ident
        answered += bool(g.knowledge[seat].probe_answers)
        changed["hands"] += [s.hand for s in d.seats] != [s.hand for s in g.seats]
        changed["deck"] += d.deck != g.deck
        play(d, i)
        assert d.result is not None
    assert stats.get("fallback", 0) <= 1, stats
    assert answered > 20  # public 試探 answers were met and honoured
    assert changed["hands"] > 0.8 * 160 and changed["deck"] > 0.8 * 160, changed


def test_the_same_seed_gives_the_same_game() -> None:
    for i in (3, 8, 21):
        g, seat = position(i)
        a = g.determinize(seat, random.Random(99))
        b = g.determinize(seat, random.Random(99))
        c = g.determinize(seat, random.Random(100))
        assert hidden_state(a) == hidden_state(b)
        assert [e.full() for e in a.events] == [e.full() for e in b.events]
        assert [a.view(s) for s in range(a.n)] == [b.view(s) for s in range(b.n)]
        assert hidden_state(a) != hidden_state(c)
        play(a, 5)
        play(b, 5)
        assert a.record()["decisions"] == b.record()["decisions"] and a.result == b.result


def test_the_learners_never_claim_a_wrong_place() -> None:
    """Over random games with characters, at every decision, every seat's marks agree with the true state."""
    configs = fuzz.character_configs()
    seen = Counter[str]()
    for i in range(80):
        g = Game.new(configs[i % len(configs)], derive_seed("determinize-learners", i))
        rng = random.Random(i)
        while g.decision is not None:
            for s, k in enumerate(g.knowledge):
                for c, holder in hand_marks(g, s).items():
                    assert holder != s and c in g.seats[holder].hand, (i, s, c, holder)
                    seen["hand"] += 1
                for c, pos in deck_marks(g, s).items():
                    assert g.deck[pos] == c, (i, s, c, pos)
                    seen["deck"] += 1
                for c in table_marks(g, s):
                    assert c in g.table
                    seen["table"] += 1
                if deck_floor(g, s):
                    assert set(g.deck[: deck_floor(g, s)]) <= set(k.deck_pool)
                    seen["pool"] += 1
                for t, ch in k.seen_characters.items():
                    assert g.seats[t].character == ch
            g.step(rng.randrange(len(g.decision.options)))
    assert min(seen[k] for k in ("hand", "deck", "table", "pool")) > 0, seen


# ----------------------------------------------------------------------------------------------------------------
# Hidden slots vary, and the truth is not favoured
# ----------------------------------------------------------------------------------------------------------------
def not_favoured(values: list[Any], truth: Any, chance: float) -> bool:
    """The truth came up no more often than ``chance`` allows: a generous bound (mean + 5 sd + 3)."""
    n = len(values)
    bound = n * chance + 5 * math.sqrt(n * chance * (1 - chance)) + 3
    return values.count(truth) <= bound


def slots_to_watch(g: Game, seat: int) -> dict[str, tuple[Callable[[Game], Any], Any, float]]:
    """Hidden slots of position ``g`` for ``seat``: name -> (read it, its true value, its chance of being the
    truth if drawn uniformly among its candidates; an upper bound)."""
    k = g.knowledge[seat]
    slots = det.card_slots(g, seat, k)
    free = [s for s in slots if s[2] == det.FREE]
    out: dict[str, tuple[Callable[[Game], Any], Any, float]] = {}
    for where, i, _ in free:
        if isinstance(where, list) and where is not g.deck and where is not g.table:
            holder = next(s.index for s in g.seats if s.hand is where)
            out["hand"] = ((lambda d, h=holder, j=i: d.seats[h].hand[j]), where[i], 1 / len(free))
            break
    top = next((s for s in slots if s[0] is g.deck and s[1] == len(g.deck) - 1), None)
    if top is not None:
        group = [s for s in slots if s[2] == top[2]]
        out["deck top"] = ((lambda d: d.deck[-1]), g.deck[-1], 1 / len(group))
    known = det.known_identities(g, seat, k)
    constrained = {a[2] for a in k.probe_answers if a[1] == seat}
    unknown = [s.index for s in g.seats if s.index not in known]
    pool = Counter(g.config.identity_pool())
    pool.subtract(Counter(known.values()))
    for t in unknown:
        if t not in constrained and len(+pool) > 1:  # an identity that can differ
            ident = g.seats[t].identity
            out["identity"] = ((lambda d, t=t: d.seats[t].identity), ident, pool[ident] / len(unknown))
            break
    chars = det.known_characters(g, seat, k)
    down = [s.index for s in g.seats if s.character is not None and s.index not in chars]
    if down:
        t = down[0]
        excluded = set(chars.values()) | set(k.dealt)
        cands = [c for c in g.edition.pool(g.config.character_pool) if g.characters[c].hidden and c not in excluded]
        out["character"] = ((lambda d, t=t: d.seats[t].character), g.seats[t].character, 1 / len(cands))
    return out


def watch(g: Game, seat: int, determinizer: Determinizer) -> dict[str, tuple[list[Any], Any, float]]:
    slots = slots_to_watch(g, seat)
    got: dict[str, list[Any]] = {name: [] for name in slots}
    rng = random.Random(7)
    for _ in range(SAMPLES):
        d = determinizer(g, seat, rng)
        for name, (read, _, _) in slots.items():
            got[name].append(read(d))
    return {name: (got[name], truth, chance) for name, (_, truth, chance) in slots.items()}


def watched_positions() -> list[tuple[Game, int]]:
    """A few positions with every kind of hidden slot: another hand, the top of the deck, an unknown identity, a
    face-down character."""
    found: list[tuple[Game, int]] = []
    for i in range(400):
        g, seat = position(i)
        if g.decision is None or g.turn < 3:
            continue
        slots = slots_to_watch(g, seat)
        if {"hand", "deck top", "identity"} <= set(slots) and ("character" in slots) == (len(found) % 2 == 1):
            found.append((g, seat))
            if len(found) == 4:
                return found
    raise AssertionError(f"only {len(found)} positions found")


def test_hidden_slots_vary_and_the_truth_is_not_favoured() -> None:
    positions = watched_positions()
    assert any(g.config.characters for g, _ in positions)
    for g, seat in positions:
        for name, (values, truth, chance) in watch(g, seat, Game.determinize).items():
            assert not_favoured(values, truth, chance), (name, values.count(truth), chance)
            assert len(set(values)) >= (2 if name in ("identity", "character") else 5), (name, Counter(values))
            print(
                f"{g.n}p seat {seat} {name}: {len(set(values))} values, truth {values.count(truth)}/{SAMPLES}, "
                f"chance {chance:.3f}"
            )


def test_the_check_catches_a_determinization_that_keeps_the_truth() -> None:
    def doctored(g: Game, seat: int, rng: random.Random) -> Game:
        d = g.clone()
        d.rng = random.Random(rng.getrandbits(63))  # a new future, the same hidden present
        return d

    for g, seat in watched_positions()[:2]:
        for name, (values, truth, chance) in watch(g, seat, doctored).items():
            assert not not_favoured(values, truth, chance), name


# ----------------------------------------------------------------------------------------------------------------
# What the seat knows stays
# ----------------------------------------------------------------------------------------------------------------
def given_card_game() -> Game:
    """柒佰 (seat 0) locks 老鬼 (seat 1, face down): 联动 makes him draw 2 and give seat 3 a card; then 老鬼 is asked,
    privately, whether to flip (就计)."""
    g = Scenario(
        players=4,
        identities=["ug", "mi", "by", "ug"],
        current=0,
        hands={0: ["R:lock", "B:decode"], 3: ["B:lure_away"]},
        intel={1: ["R:burn"]},
        characters={0: "qi_bai", 1: "lao_gui", 2: "lao_qiang", 3: "shan_ling"},
        face_up={2: True},
        at="play",
        config=Config(players=4),
    ).build()
    s = Script(g)
    s.do("0: play c{R:lock} lock @1", "1: pass", "2: pass", "3: pass", "0: pass")
    d = g.decision
    assert d is not None and d.context == "C-QI_BAI-2"
    s.do(f"0: {d.options[0]}", "0: choose @3")
    assert g.decision is not None and g.decision.private and g.decision.seat == 1
    return g


def test_a_card_given_stays_in_the_receivers_hand() -> None:
    g = given_card_game()
    given = next(e for e in g.events if e.kind == "give")["card"]
    assert given in g.seats[3].hand and hand_marks(g, 0) == {given: 3}
    rng = random.Random(1)
    for _ in range(50):
        d = g.determinize(0, rng)
        assert given in d.seats[3].hand
        assert d.view(0) == g.view(0)
        assert d.decision is not None and d.decision.private and d.decision.seat != 0
    # seat 2 did not see which card it was: for him it moves about
    places = Counter[str]()
    for _ in range(50):
        d = g.determinize(2, rng)
        places["seat 3" if given in d.seats[3].hand else "elsewhere"] += 1
        assert d.view(2) == g.view(2)
        play(d, 1)
    assert places["elsewhere"] > 20


def test_the_private_question_of_another_seat_stays_private() -> None:
    """Seat 0 sees only that somebody is asked: the one asked (老鬼, whose 就计 is pending) keeps her character; the
    view of every sample says "waiting"; playing on works."""
    g = given_card_game()
    for seat in (0, 2, 3):
        for r in range(20):
            d = g.determinize(seat, random.Random(r))
            assert d.view(seat)["decision"] == {"seat": None, "kind": "waiting", "context": ""}
            assert d.seats[1].character == "standard.lao_gui"
            play(d, r)


def lao_qiang_exchange() -> Game:
    """老枪 (seat 0, face up) covers 柒佰 (seat 2, a bystander): they look at each other's identity cards."""
    g = build_asked(
        current=0,
        identities=["ug", "mi", "by", "mi"],
        hands={0: ["R:decode", "B:decode"], 2: ["R:lock"]},
        intel={2: ["R:burn", "B:burn", "R:see_through", "B:see_through"]},
        characters={0: "lao_qiang", 2: "qi_bai"},
        face_up={0: True},
        at="play",
    )
    Script(g).do("0: skill lao_qiang.2 @2", "1: pass", "2: pass", "3: pass", "0: pass")
    assert g.knowledge[0].identities[2] == "bystander" and g.knowledge[2].identities[0] == "underground"
    return g


def test_an_identity_seen_through_lao_qiang_stays() -> None:
    g = lao_qiang_exchange()
    rng = random.Random(3)
    seen_by_1 = Counter[str]()
    for _ in range(60):
        d = g.determinize(0, rng)
        assert d.seats[2].identity == "bystander"
        assert d.seats[0].character == "standard.lao_qiang" and d.seats[2].character == "standard.qi_bai"
        d1 = g.determinize(1, rng)
        seen_by_1[d1.seats[2].identity] += 1
        # seat 1 does not know it; but 老枪's record of it follows the new identity
        assert d1.knowledge[0].identities[2] == d1.seats[2].identity
        exchanged = next(e for e in d1.events if e.kind == "identities_exchanged")
        assert exchanged["identities"] == [d1.seats[0].identity, d1.seats[2].identity]
    assert set(seen_by_1) == {"underground", "bystander"}  # seat 1 knows only his own card: 军情局


@pytest.mark.parametrize(
    ("probe", "answer", "identity"),
    [
        ("B:probe:mi:discard", "discard", "military_intel"),  # seat 1 discards: he is 军情局
        ("R:probe:ug:draw", "line", None),  # seat 1 says 我是卧底 (not 潜伏战线)
    ],
)
def test_what_a_probe_told_its_user_stays(probe: str, answer: str, identity: str | None) -> None:
    g = build_table(hands={0: [probe, "K:decode"], 1: ["R:lock", "B:lock"]}, at="play")  # ug, mi, ug, mi, by
    s = Script(g)
    s.do(f"0: play c{{{probe}}} probe @1")
    if answer == "discard":
        s.do(f"1: discard c{s.card('R:lock', 1)}")
    assert [a[3] for a in g.knowledge[0].probe_answers] == [answer]
    rng = random.Random(5)
    mine = Counter[str]()
    others = Counter[str]()
    for _ in range(150):
        mine[g.determinize(0, rng).seats[1].identity] += 1
        others[g.determinize(2, rng).seats[1].identity] += 1
    if identity is not None:
        assert set(mine) == {identity}
    else:
        assert "underground" not in mine and len(mine) == 2
    # seat 2 heard the answer but never saw the card: any identity fits (with some card)
    assert len(others) == 3
    # and the probe it did not see is drawn again among those that fit the answer
    d = g.determinize(2, rng)
    out = STANDARD_DECK[d.probes_out[0]]
    assert out.probe_effect == STANDARD_DECK[g.probes_out[0]].probe_effect
    assert (out.probe_identity == d.seats[1].identity) == (answer != "line")


def test_the_bottom_of_the_deck_after_a_reshuffle_comes_from_that_pile() -> None:
    hits = 0
    for i in range(POSITIONS):
        g, seat = position(i)
        k = g.knowledge[seat]
        floor = deck_floor(g, seat)
        if not floor:
            continue
        hits += 1
        d = g.determinize(seat, random.Random(i))
        assert set(d.deck[:floor]) <= set(k.deck_pool)
    assert hits > POSITIONS // 32  # 10 of the full suite's 320


# ----------------------------------------------------------------------------------------------------------------
# Setup, fallback, remove_rule
# ----------------------------------------------------------------------------------------------------------------
def test_while_characters_are_chosen_the_other_deals_are_drawn_again() -> None:
    g = Game.new(Config(players=6, characters=True, character_pool="all"), 4)
    g.step(0)
    g.step(1)
    setup = next(f for f in g.frames if isinstance(f, Setup))
    assert len(setup.chosen) == 2
    mine = list(setup.dealt[3])
    deals = Counter[tuple[str, ...]]()
    for r in range(30):
        d = g.determinize(3, random.Random(r))
        ds = next(f for f in d.frames if isinstance(f, Setup))
        assert ds.dealt[3] == mine and d.view(3) == g.view(3) and d.events_for(3) == g.events_for(3)
        all_dealt = [c for hand in ds.dealt for c in hand]
        assert len(all_dealt) == len(set(all_dealt))
        assert all(ds.chosen[s] in ds.dealt[s] for s in range(2))
        assert d.knowledge[0].dealt == ds.dealt[0]
        deals[tuple(ds.dealt[0])] += 1
        play(d, r)
    assert len(deals) > 20


def test_a_finished_game() -> None:
    g = play(Game.new(Config(players=6, characters=True), 11), 11)
    assert g.result is not None
    for seat in range(g.n):
        d = g.determinize(seat, random.Random(seat))
        assert d.view(seat) == g.view(seat) and d.events_for(seat) == g.events_for(seat)
        assert d.decision is None and d.result == g.result
        assert [s.identity for s in d.seats] == [s.identity for s in g.seats]  # all revealed at the end
        check(d)


def test_the_fallback_is_a_valid_game(monkeypatch: pytest.MonkeyPatch) -> None:
    g, seat = position(5)
    monkeypatch.setattr(det, "TRIES", 0)
    stats: dict[str, int] = {}
    d = det.determinize(g, seat, random.Random(1), stats)
    assert stats == {"fallback": 1}
    assert d.view(seat) == g.view(seat) and d.rng.getstate() != g.rng.getstate()
    check(d)
    play(d, 2)


class _Everything(Rule):
    """A test rule that takes part in many hooks."""

    listens: ClassVar[tuple[str, ...]] = ("phase", "obtain")

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        return [Option("skill", use="test.everything")] if seat == self.owner else []

    def card_uses(self, g: Game, card: int) -> tuple[str, ...]:
        return ("lock",)

    def permits(self, g: Game, seat: int, use: str, window: Window) -> bool:
        return False

    def draw_count(self, g: Game, seat: int, count: int) -> int:
        return count

    def may_conceal(self, g: Game, seat: int) -> bool:
        return False

    def can_declare(self, g: Game) -> bool:
        return False

    def loses(self, g: Game) -> bool:
        return False

    def fire(self, g: Game, kind: str, data: Event) -> None:
        pass


def test_remove_rule_unindexes_a_rule_everywhere() -> None:
    g = build_asked(current=0, hands={0: ["R:decode", "B:lock"]}, at="play")

    def index() -> dict[str, list[Rule]]:
        named = {
            "rules": g.rules,
            "actions": g.action_rules,
            "conversions": g.conversion_rules,
            "permits": g.permit_rules,
            "draws": g.draw_rules,
            "conceal": g.conceal_rules,
            "victory": g.victory_rules,
            "losses": g.loss_rules,
            "directions": g.direction_rules,
            "reactions": g.reaction_rules,
        }
        named.update({f"listen {k}": v for k, v in g.listeners.items() if v})
        for s in range(g.n):
            named.update({f"actions@{s}": g.seat_actions[s], f"conversions@{s}": g.seat_conversions[s]})
            named[f"live@{s}"] = g.seat_live_victory[s]
        return {k: list(v) for k, v in named.items()}

    def holding(rule: Rule) -> int:
        return sum(any(r is rule for r in v) for v in index().values())

    before = index()
    options = opts(g)
    rule = _Everything(0)
    g.add_rule(rule)
    assert "skill test.everything" in opts(g)  # the pending decision was derived again
    assert holding(rule) == 12
    twin = _Everything(0)  # a rule of the same class and owner stays
    g.add_rule(twin)
    g.remove_rule(rule)
    assert holding(rule) == 0 and holding(twin) == 12
    g.remove_rule(twin)
    assert index() == before
    assert opts(g) == options


def test_a_resolving_probe_of_another_seat_is_drawn_again() -> None:
    """A 试探 being answered (its target is asked to discard): seat 2 never saw the card, but it sees the discard being
    asked, so the probe drawn again is a discard probe of the target's identity (as drawn again)."""
    g = build_table(hands={0: ["B:probe:mi:discard", "K:decode"], 1: ["R:lock", "B:lock"]}, at="play")
    Script(g).do("0: play c{B:probe:mi:discard} probe @1")
    assert g.decision is not None and g.decision.kind == "discard"
    resolving = next(f.use for f in g.frames if isinstance(f, Resolve))
    cards = Counter[int]()
    for r in range(60):
        d = g.determinize(2, random.Random(r))
        use = next(f.use for f in d.frames if isinstance(f, Resolve))
        card = STANDARD_DECK[use.card]
        assert card.probe_effect == "discard_1" and card.probe_identity == d.seats[1].identity
        cards[use.card] += 1
        play(d, r)
    assert len(cards) > 3 and cards[resolving.card] < 60  # drawn again, the true card no more than others


def test_uniform_prompts_private_questions_of_other_seats_need_no_fallback() -> None:
    """Config.uniform_prompts (issue 9): at a pending private question of another seat (a ``continue``, a flip, a
    declaration stage where everyone is asked) any sample fits, so none falls back; the view is kept."""
    stats: dict[str, int] = {}
    asked = 0
    for seed in range(12):
        g = Game.new(Config(players=5, characters=True, character_pool="all", uniform_prompts=True), seed=seed)
        rng = random.Random(seed)
        while g.decision is not None:
            d = g.decision
            if d.private and rng.random() < 0.2:
                seat = (d.seat + 1 + rng.randrange(4)) % 5
                s = det.determinize(g, seat, random.Random(asked), stats)
                assert s.view(seat) == g.view(seat) and s.events_for(seat) == g.events_for(seat)
                asked += 1
            g.step(rng.randrange(len(d.options)))
    assert asked > 100 and stats.get("fallback", 0) == 0, (asked, stats)


def test_every_learner_is_its_event_kinds_own() -> None:
    """``Machine.emit`` reads an event's learner from its class (``Event.learner``), set where the learner is
    registered: every registered learner must be there, and no kind may carry one that is not registered."""
    from fengsheng.core.events import KINDS
    from fengsheng.engine.knowledge import LEARNERS

    assert LEARNERS
    for kind, cls in KINDS.items():
        assert cls.learner is LEARNERS.get(kind), kind
