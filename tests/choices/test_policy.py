"""The response policy (fengsheng.choices.policy) reads only the seat's view: the same view gives the same answer
whatever the hidden state; it asks every non-window question and hides only options that can have no effect."""

from __future__ import annotations

import random

import pytest

from fengsheng import Config, Game
from fengsheng.choices import AskPolicy, pointless
from fengsheng.choices.policy import Recall, sure_answer
from fengsheng.core.options import PRIORITY, Option
from fengsheng.scenario import Scenario

POLICIES = (AskPolicy(), AskPolicy.everything(), AskPolicy(skills=True, intercept=False))


def test_same_view_same_answer_under_other_hidden_states() -> None:
    """At hundreds of decisions: the game determinized for the deciding seat (other hands, the deck, identities and
    characters it does not know drawn again) gives the same view, and the policy the same answer and options."""
    checked = differs = 0
    for seed in range(6):
        g = Game.new(Config(players=5, characters=True, character_pool="all"), seed)
        rng = random.Random(seed)
        while g.decision is not None:
            d = g.decision
            if d.kind == PRIORITY and rng.random() < 0.3:
                view = g.view(d.seat)
                other = g.determinize(d.seat, random.Random(seed * 1000 + checked))
                assert other.view(d.seat) == view
                hidden = [s.hand for i, s in enumerate(other.seats) if i != d.seat]
                differs += hidden != [s.hand for i, s in enumerate(g.seats) if i != d.seat]
                for p in POLICIES:
                    assert p.asks(other.view(d.seat)) == p.asks(view)
                    assert p.offered(other.view(d.seat)) == p.offered(view)
                checked += 1
            g.step(rng.randrange(len(d.options)))
    assert checked > 200 and differs > checked // 2  # the hidden state really was different


def test_everything_asks_every_question_with_a_choice() -> None:
    g = Game.new(Config(players=5, characters=True), 3)
    rng = random.Random(3)
    while g.decision is not None:
        d = g.decision
        view = g.view(d.seat)
        assert AskPolicy.everything().asks(view) == (len(d.options) > 1)
        assert AskPolicy.everything().offered(view) == list(d.options)
        sure = sure_answer(view, list(d.options))
        if d.kind != PRIORITY and len(d.options) > 1:
            # the player's own questions are always asked, but for the one sensible answer the policy gives
            assert AskPolicy().asks(view) == (sure is None)
            assert AskPolicy(auto=False).asks(view)
        if any(o.kind == "declare" for o in d.options) and len(d.options) > 1:
            assert AskPolicy().answer(view) == Option("declare")  # a victory you have is declared for you
            assert AskPolicy(auto=False).asks(view)
        g.step(rng.randrange(len(d.options)))


def test_snipe_at_a_seat_without_intelligence_is_not_offered() -> None:
    g = Scenario(
        players=5,
        identities=["ug", "mi", "ug", "mi", "by"],
        current=4,
        at="play",
        hands={0: ["R:burn"], 4: ["R:lock"]},
        intel={2: ["R:lock"], 4: ["K:burn"]},
        characters={0: "shan_ling"},
        config=Config(players=5, characters=True),
    ).build()
    g.act("pass", seat=4)
    d = g.decision
    assert d is not None and d.seat == 0
    snipes = [o for o in d.options if o.kind == "skill"]
    assert {o.target for o in snipes} == {1, 2, 3, 4}
    view = g.view(0)
    offered = AskPolicy().offered(view)
    assert {o.target for o in offered if o.kind == "skill"} == {2, 4}
    assert all(pointless(o, view) == (o.target in (1, 3)) for o in snipes)


def test_lure_away_off_a_direct_card_path_is_not_offered_and_my_own_passing_is_asked() -> None:
    g = Scenario(
        players=5,
        identities=["ug", "mi", "ug", "mi", "by"],
        current=0,
        at="step1",
        hands={0: ["R:lure_away", "B:lock"]},
        transit={"card": "K:burn:direct", "method": "direct", "sender": 0, "holder": 0, "target": 2},
        config=Config(players=5, characters=False),
    ).build()
    d = g.decision
    assert d is not None and d.seat == 0
    view = g.view(0)
    lures = {o.target for o in d.options if o.use == "lure_away"}
    assert lures >= {1, 2, 3}
    offered = AskPolicy().offered(view)
    assert {o.target for o in offered if o.use == "lure_away"} == {2}
    assert {o.target for o in offered if o.use == "lock"} == {2}
    assert AskPolicy().asks(view)  # a black card I sent: forcing it on the target is worth asking
    assert not AskPolicy(my_passing=False).asks(view)
    assert Option("pass") in offered


def test_the_recall_answers_alike_under_other_hidden_states() -> None:
    """With the seat's memory (its events, its answers, the belief built from them): the game determinized for the
    seat gives the seat the same events, and a recall rebuilt from those events the same answers."""
    checked = 0
    for seed in range(4):
        g = Game.new(Config(players=5, characters=True, character_pool="all"), 100 + seed)
        rng = random.Random(seed)
        recalls = {s: Recall(s) for s in range(5)}
        fed = dict.fromkeys(range(5), 0)
        while g.decision is not None:
            d = g.decision
            r = recalls[d.seat]
            r.saw(g.events_for(d.seat, fed[d.seat]))
            fed[d.seat] = len(g.events)
            view = g.view(d.seat)
            if rng.random() < 0.25:
                other = g.determinize(d.seat, random.Random(seed * 1000 + checked))
                assert other.events_for(d.seat) == g.events_for(d.seat)
                mine, again = Recall(d.seat), Recall(d.seat)  # rebuilt from the events, in the real game and not
                mine.saw(g.events_for(d.seat))
                again.saw(other.events_for(d.seat))
                for x in (mine, again):
                    x.after_send, x.stepped, x.plan, x.others_acted = r.after_send, r.stepped, r.plan, r.others_acted
                for p in POLICIES:
                    assert p.answer(other.view(d.seat), again) == p.answer(view, mine)
                assert again.belief(other.view(d.seat)) == mine.belief(view)
                checked += 1
            option = d.options[rng.randrange(len(d.options))]
            r.answered(view, option)
            g.step(d.options.index(option))
    assert checked > 200


def test_the_belief_in_the_qianzhi_edition_is_its_own_and_its_questions_are_answered_from_the_view() -> None:
    """HeuristicBot's belief knows the 千智风声 tables too: the recall's belief covers every other seat, and once the
    identities are dealt each identity's column sums to the cards of this edition's row the seat does not hold (no crash on its
    card ids past 80), and the policy answers every decision of its games from the view."""
    from fengsheng.editions import get_edition
    from fengsheng.text import edition_texts

    policy = AskPolicy()
    row = get_edition("qianzhi").distribution[5]
    checked = 0
    for seed in range(6):
        g = Game.new(Config(edition="qianzhi", players=5, characters=True), seed)
        rng = random.Random(seed)
        recalls: dict[int, Recall] = {}
        seen: dict[int, int] = {}
        while g.decision is not None:
            d = g.decision
            r = recalls.setdefault(d.seat, Recall(d.seat))
            r.saw(g.events_for(d.seat, seen.get(d.seat, 0)))
            seen[d.seat] = len(g.events)
            view = g.view(d.seat)
            with edition_texts(g.config.character_texts):
                bel = r.belief(view)
                assert set(bel) == set(range(5)) - {d.seat}
                mine = (view.get("me") or {}).get("identity")
                if mine:  # once the identities are dealt (after the characters are chosen)
                    for k, ident in enumerate(("underground", "military_intel", "bystander")):
                        left = row[k] - (ident == mine)
                        assert sum(b[ident] for b in bel.values()) == pytest.approx(left, abs=1e-6)
                    checked += 1
                policy.answer(view, r)
            g.act(d.options[rng.randrange(len(d.options))])
    assert checked > 100
