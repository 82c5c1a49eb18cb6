"""Views and per-seat event logs: JSON-able, complete for what a seat may know, censored for the rest.

The exhaustive hunt for hidden information is ``test_leaks.py``; this file checks the shape and content of views and
the audience rules of events, on random games and on hand-built positions.
"""

from __future__ import annotations

import json
import random
from typing import Any

from fengsheng.config import Config
from fengsheng.core.cards import TEXT
from fengsheng.core.options import DECLARE_KIND
from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import STANDARD_DECK, build_table
from tests.suite import sized


def build(**kw: Any) -> Game:
    return build_table(auto_pass=False, **kw)


def pass_until(g: Game, seat: int, context: str) -> None:
    """Everyone passes until ``seat`` holds priority in a ``context`` window."""
    while True:
        d = g.decision
        assert d is not None and d.kind == "priority", d
        if d.seat == seat and d.context == context:
            return
        g.act("pass")


def random_states(count: int, seed: int = 0) -> list[Game]:
    """Games stopped at random decision points, over all player counts (copies, so they can be kept)."""
    out: list[Game] = []
    rng = random.Random(seed)
    i = 0
    while len(out) < count:
        g = Game.new(Config(players=3 + i % 7, auto_pass=i % 2 == 1), seed * 1000 + i)
        i += 1
        stops = sorted(rng.sample(range(1, 500), 4))
        n = 0
        while g.decision is not None and stops:
            if n == stops[0]:
                stops.pop(0)
                out.append(g.copy())
            g.step(rng.randrange(len(g.decision.options)))
            n += 1
        if g.decision is None:
            out.append(g)
    return out


STATES = random_states(sized(50, 120))


def check_view(g: Game, seat: int | None, v: dict[str, Any] | None = None) -> dict[str, Any]:
    """``v`` (default: ``g.view(seat)``) checked against the game, field by field."""
    v = g.view(seat) if v is None else v
    assert json.loads(json.dumps(v)) == v, "a view must be plain JSON data (no tuples, sets or objects)"
    assert v["seat"] == seat and v["players"] == g.n and v["turn"] == g.turn and v["current"] == g.current
    assert v["deck_count"] == len(g.deck) and v["discard"] == g.discard
    assert v["probes_out_count"] == len(g.probes_out) and v["table_count"] == len(g.table)
    assert v["result"] == g.result
    over = g.result is not None
    for s, sv in zip(g.seats, v["seats"], strict=True):
        assert sv["seat"] == s.index and sv["alive"] == s.alive and sv["lost"] == s.lost
        assert sv["hand_count"] == len(s.hand) and sv["intel"] == s.intel
        shown = seat == s.index or not s.in_game or over
        assert sv["identity"] == (s.identity if shown else None)
        assert "hand" not in sv
    if seat is None:
        assert "me" not in v
    else:
        me = g.seats[seat]
        assert v["me"]["hand"] == me.hand and v["me"]["identity"] == me.identity
        assert v["me"]["can_declare"] == g.declarable[seat]
        assert [u[0] for u in v["me"]["uses"]] == [STANDARD_DECK[c].type for c in me.hand]  # parallel to hand
        probes = [e for e in g.events if e.kind == "probe" and seat in (e.data["user"], e.data["target"])]
        assert [p["uid"] for p in v["me"]["probes"]] == [e.data["uid"] for e in probes]
        for p in v["me"]["probes"]:
            card = STANDARD_DECK[p["card"]]
            assert (p["identity"], p["effect"], p["line"]) == (card.probe_identity, card.probe_effect, card.probe_line)
    p = g.passing
    if p is None or p.finished:
        assert v["transit"] is None
    else:
        t = v["transit"]
        assert (t["sender"], t["holder"], t["method"], t["target"]) == (p.sender, p.holder, p.method, p.target)
        knows = STANDARD_DECK[p.card].method == TEXT or seat == p.sender
        if knows:
            assert t["card"] == p.card
        elif seat is None:
            assert t["card"] is None
    d = g.decision
    if d is None:
        assert v["decision"] is None
    elif seat == d.seat:
        assert v["decision"] == {"seat": d.seat, "kind": d.kind, "context": d.context,
                                 "options": [str(o) for o in d.options]}  # fmt: skip
    elif d.kind == DECLARE_KIND:
        assert v["decision"] == {"seat": None, "kind": "waiting", "context": ""}
    else:
        assert v["decision"] == {"seat": d.seat, "kind": d.kind, "context": d.context}
    return v


def test_views_at_random_decision_points() -> None:
    for g in STATES:
        for seat in [*range(g.n), None]:
            check_view(g, seat)


def test_a_view_is_a_copy() -> None:
    g = STATES[5]
    snapshot = json.dumps(g.view(0))
    v = g.view(0)
    v["me"]["hand"].append(99)
    v["discard"].append(99)
    v["seats"][1]["intel"].append(99)
    v["locks"].append(9)
    assert json.dumps(g.view(0)) == snapshot


def test_views_together_equal_views_alone() -> None:
    """``views`` (every seat at once, public parts shared: the server's per-step path) gives each seat exactly its
    ``view``, the same JSON in the same key order, and a view built alone shares nothing with them."""
    from fengsheng.views import views

    qianzhi = random_states_qianzhi(20)
    shared = 0
    for g in [*STATES, *qianzhi]:
        seats = [*range(g.n), None]
        together = views(g, seats)
        assert list(together) == seats
        for seat in seats:
            if g.config.edition == "standard":
                check_view(g, seat, together[seat])
            assert json.dumps(together[seat]) == json.dumps(g.view(seat)), (g.n, seat)
        shared += together[0]["discard"] is together[None]["discard"]
        alone = g.view(0)
        assert alone["discard"] is not together[0]["discard"] and alone["seats"] is not together[0]["seats"]
    assert shared == len(STATES) + len(qianzhi)  # the public parts are built once


REUSED = ("seats", "discard", "locks", "death_order", "identities_out", "transit", "stack", "decision", "me")


def test_view_builder_gives_every_view_and_its_patch_at_every_step() -> None:
    """``ViewBuilder`` (the server's views, step after step): at every step of whole games of both editions, with
    characters, uniform prompts, a card taken with 臨危受命 …, each view it returns is ``view(g, seat)`` exactly (the
    same JSON in the same key order), its patch is the set of keys whose value changed since the view it returned
    the time before, and a part equal to the one it returned the time before is that same object (what the
    server's patch relies on). Some steps leave seats out, so that a seat's view may be several steps old."""
    from fengsheng.flow.window import Window
    from fengsheng.views import ViewBuilder

    assert not Window.__subclasses__()  # the builder finds the windows by their exact type
    rng = random.Random(11)
    configs = [
        Config(players=3 + i % 7, uniform_prompts=i % 2 == 0, character_pool="all" if i % 3 else "base")
        for i in range(sized(7, 14))
    ] + [Config(edition="qianzhi", players=5 + i % 4, auto_pass=False) for i in range(sized(3, 6))]
    from fengsheng.editions import get_edition

    others = [c for c in get_edition("qianzhi").characters() if not c.endswith(".zhi_ming_xiang_shui")]
    for i in range(4):  # 致命香水, who takes an identity card (臨危受命) whenever she may
        fixed = [*rng.sample(others, 5)]
        fixed.insert(i, "qianzhi.zhi_ming_xiang_shui")
        configs.append(Config(edition="qianzhi", players=6, characters=True, fixed_characters=tuple(fixed)))
    reused = patched = steps = taken = 0
    for i, cfg in enumerate(configs):
        g = Game.new(cfg, 900 + i)
        b = ViewBuilder(g)
        every = [*range(g.n), None]
        last: dict[int | None, dict[str, Any]] = {}
        fresh: set[int | None] = set()  # seats built at the previous call
        while True:
            seats = every if rng.random() < 0.8 else rng.sample(every, rng.randrange(1, len(every)))
            got = b.views(seats)
            assert list(got) == seats
            for seat in seats:
                v = got[seat]
                assert json.dumps(v) == json.dumps(g.view(seat)), (cfg, g.n, seat, len(g.history))
                old = last.get(seat)
                if old is not None:
                    assert old.keys() == v.keys()
                    changed = {k: x for k, x in v.items() if x != old[k]}
                    patch = b.patch(seat, old, v)
                    assert patch == changed, (seat, len(g.history))
                    patched += 1
                    assert b.patch(seat, v, v) is None and b.patch(seat, {}, v) is None  # only from the view before
                    if seat in fresh:
                        for k in REUSED:
                            if k in v and v[k] == old[k] and old[k] is not None:
                                assert v[k] is old[k], (seat, k)
                                reused += 1
                last[seat] = v
            fresh = set(seats)
            taken += bool(g.identity_moves)
            steps += 1
            if g.decision is None:
                break
            options = g.decision.options
            g.step(
                next((j for j, o in enumerate(options) if o.use == "zhi_ming_xiang_shui.2"), None)
                or rng.randrange(len(options))
            )
    assert steps > 5_000 and patched > 20_000 and reused > 100_000 and taken > 100, (steps, patched, reused, taken)


def random_states_qianzhi(count: int) -> list[Game]:
    """千智风声 games (characters on) stopped at random decision points."""
    out: list[Game] = []
    rng = random.Random(7)
    for i in range(count):
        g = Game.new(Config(edition="qianzhi", players=5 + i % 4, auto_pass=False), 500 + i)
        for _ in range(rng.randrange(1, 400)):
            if g.decision is None:
                break
            g.step(rng.randrange(len(g.decision.options)))
        out.append(g)
    return out


def test_declare_prompt_is_shown_only_to_its_seat() -> None:
    met = 0
    for i in range(60):
        g = Game.new(Config(players=3 + i % 7), 700 + i)
        rng = random.Random(i)
        while g.decision is not None:
            d = g.decision
            if d.kind == DECLARE_KIND:
                met += 1
                for seat in [*range(g.n), None]:
                    v = check_view(g, seat)
                    if seat == d.seat:
                        assert v["decision"]["kind"] == DECLARE_KIND and "declare" in v["decision"]["options"]
                    else:
                        assert "declare" not in json.dumps(v["decision"])
            g.step(rng.randrange(len(d.options)))
    assert met > 0


def test_events_for_is_the_censored_log() -> None:
    for g in STATES[::7]:
        for seat in [*range(g.n), None]:
            log = g.events_for(seat)
            assert len(log) == len(g.events)
            assert json.loads(json.dumps(log)) == log
            start = len(g.events) // 2
            assert g.events_for(seat, start) == log[start:]
            for e, d in zip(g.events, log, strict=True):
                assert "audience" not in d
                public = {"kind": e.kind, **e.data}
                if e.private is not None and seat is not None and seat in e.audience:
                    assert d == {**public, **e.private}
                else:
                    assert d == public


def test_private_parts_and_their_audiences() -> None:
    """Who hears what, by event kind: draws, identities, face-down sends, 试探 (use and text), 破译."""
    audiences: dict[str, set[tuple[int, ...]]] = {}
    for g in STATES:
        for e in g.events:
            full = e.full()
            if e.private is None:
                continue
            audiences.setdefault(e.kind, set())
            aud = tuple(e.audience)
            if e.kind in ("draw", "identity", "decoded"):
                assert aud == (e.data["seat"],), full
            elif e.kind in ("send", "use"):
                assert aud == (e.data["seat"],), full
                assert "card" not in e.data
            elif e.kind == "probe":
                assert aud == (e.data["user"], e.data["target"]), full
                assert set(e.private) == {"card", "identity", "effect", "line"}
            elif e.kind in ("resolve", "cancelled"):  # a 试探 resolving, or cancelled: still face down
                assert aud == (e.data["user" if e.kind == "resolve" else "seat"],), full
                assert e.data["use"] == "probe" and set(e.private) == {"card"}
            else:
                raise AssertionError(f"unexpected private event {full}")
            audiences[e.kind].add(aud)
            for seat in range(g.n):
                if seat not in e.audience:
                    assert not set(e.private) & set(e.for_seat(seat)), full
            assert not set(e.private) & set(e.for_seat(None))
        for e in g.events:
            if e.kind == "send" and e.private is None:
                assert STANDARD_DECK[e.data["card"]].method == TEXT  # only 文本 travels face up
            if e.kind == "use" and e.private is not None:
                assert e.data["use"] == "probe"  # only 试探 is handed face down
    assert {"draw", "identity", "send", "use", "probe"} <= set(audiences)


def test_transit_card_seen_by_sender_and_decoder_only() -> None:
    g = build(hands={1: ["R:decode"], 2: ["B:decode"]}, transit={"card": "K:intercept", "sender": 0}, at="step1")
    s = Script(g)
    card = g.passing.card  # type: ignore[union-attr]
    assert g.view(0)["transit"]["card"] == card  # the sender
    for seat in (1, 2, 3, 4, None):
        assert g.view(seat)["transit"]["card"] is None
    pass_until(g, 1, "step2")
    s.do("1: play c{R:decode} decode")
    while g.view(0)["stack"]:
        assert g.view(1)["transit"]["card"] is None  # not before it resolves
        s.do(f"{g.decision.seat}: pass")  # type: ignore[union-attr]
    assert g.view(1)["transit"]["card"] == card
    for seat in (2, 3, 4, None):
        assert g.view(seat)["transit"]["card"] is None
        assert all(e.get("card") != card for e in g.events_for(seat))
    uid = next(e["uid"] for e in g.events if e.kind == "decoded")
    assert {"kind": "decoded", "seat": 1, "uid": uid, "card": card} in g.events_for(1)
    assert {"kind": "decoded", "seat": 1, "uid": uid} in g.events_for(2)


def test_text_intel_in_transit_is_face_up() -> None:
    g = build(transit={"card": "R:lure_away", "sender": 0}, at="step1")
    card = g.passing.card  # type: ignore[union-attr]
    assert STANDARD_DECK[card].method == TEXT
    for seat in (0, 1, 2, 3, 4, None):
        assert g.view(seat)["transit"]["card"] == card


def test_probe_is_face_down_and_its_text_reaches_user_and_target_only() -> None:
    g = build(hands={0: ["K:probe:mi:draw", "R:lock"]}, at="play")
    s = Script(g)
    card = s.card("K:probe:mi:draw", 0)
    s.do(f"0: play c{card} probe @1")
    stack = {seat: g.view(seat)["stack"][-1]["card"] for seat in (0, 1, 2, 3, 4, None)}
    assert stack == {0: card, 1: None, 2: None, 3: None, 4: None, None: None}
    while g.decision is not None and g.decision.kind == "priority" and g.view(0)["stack"]:
        s.do(f"{g.decision.seat}: pass")
    for seat in (0, 1):
        probes = g.view(seat)["me"]["probes"]
        assert [(p["card"], p["identity"], p["effect"]) for p in probes] == [(card, "military_intel", "draw_2")]
    for seat in (2, 3, 4):
        assert g.view(seat)["me"]["probes"] == []
        assert all(e.get("card") != card for e in g.events_for(seat))
    answer = next(e for e in g.events_for(None) if e["kind"] == "probe_answer")
    assert answer["answer"] == "draw"  # seat 1 is military_intel: he draws two, in public
    assert "identity" not in answer


def test_own_cards_show_what_they_may_be_used_as_through_the_character() -> None:
    # 贝雷帽 (换日): black cards may be used as 锁定 while he is face up; nobody else sees anything of it
    g = build(
        hands={0: ["K:burn", "R:burn", "K:lock", "B:decode"], 1: ["K:burn"]},
        characters={0: "bei_lei_mao", 1: "lao_gui"},
        at="play",
        config=Config(players=5, characters=True),
    )
    v = g.view(0)
    assert g.seats[0].face_up and v["me"]["hand"] == g.seats[0].hand
    assert v["me"]["uses"] == [["burn", "lock"], ["burn"], ["lock"], ["decode"]]
    assert json.loads(json.dumps(v))["me"]["uses"] == v["me"]["uses"]
    assert g.view(1)["me"]["uses"] == [["burn"]]  # 老鬼 converts nothing
    for seat in (1, 2, None):
        assert "uses" not in json.dumps(g.view(seat)["seats"])
    g.cover(0)  # covered, 换日 does not work (S-CHAR-4)
    assert g.view(0)["me"]["uses"] == [["burn"], ["burn"], ["lock"], ["decode"]]


def test_spectator_sees_no_hand_and_no_private_event() -> None:
    for g in STATES[::3]:
        v = g.view(None)
        assert "me" not in v and v["seat"] is None
        for e, d in zip(g.events, g.events_for(None), strict=True):
            assert d == {"kind": e.kind, **e.data}
