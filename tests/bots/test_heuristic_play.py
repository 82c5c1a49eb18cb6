"""HeuristicBot's play in scripted positions: what it takes, sends and uses, and that it answers every decision."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from fengsheng.bots import HeuristicBot
from fengsheng.config import Config
from fengsheng.core.options import Option
from fengsheng.game import Game
from fengsheng.scenario import Scenario
from fengsheng.sim.runner import derive_seed, play_game
from fengsheng.testing import Script
from tests.helpers import CARD_COLOUR, STANDARD_DECK

FIVE = ["ug", "mi", "ug", "mi", "by"]


def build(identities: list[str] = FIVE, **kw: Any) -> Game:
    n = len(identities)
    kw.setdefault("config", Config(players=n, auto_pass=True))
    return Scenario(players=n, identities=identities, **kw).build()


def decide(g: Game, seat: int = 0, bot: HeuristicBot | None = None) -> Option:
    """What a HeuristicBot at ``seat`` (fed its seat's whole log) answers to the pending decision."""
    d = g.decision
    assert d is not None and d.seat == seat, d
    bot = bot or HeuristicBot(seat, 1)
    bot.strict = True
    return bot.choose(d, g.view(seat), g.events_for(seat))


def to_receive(g: Game, seat: int = 0) -> None:
    """Pass every window until ``seat`` has to accept or decline."""
    while g.decision is not None and not (g.decision.kind == "receive" and g.decision.seat == seat):
        assert g.decision.kind in ("priority", "receive"), g.decision
        g.act("pass" if g.decision.kind == "priority" else "decline")


# --- taking and refusing -------------------------------------------------------------------------------------------
def test_takes_the_winning_red_and_declares() -> None:
    g = build(hands={4: ["R:lure_away"]}, intel={0: ["R:lock", "R:burn"]}, current=4, at="pass")
    to_receive(g)
    o = decide(g)
    assert o.kind == "accept"
    g.act(o)
    d = g.decision
    assert d is not None and d.kind == "declare" and d.seat == 0
    g.act(decide(g))
    assert g.result is not None and sorted(g.result["winners"]) == [0, 2]


def test_declares_from_a_response_window() -> None:
    g = build(hands={0: ["K:burn", "K:decode"]}, intel={0: ["R:lock", "R:burn", "R:decode"]}, at="play")
    d = g.decision
    assert d is not None and any(o.kind == "declare" for o in d.options)
    assert decide(g).kind == "declare"


def test_never_takes_a_third_black_face_up() -> None:
    g = build(hands={4: ["K:lure_away"]}, intel={0: ["K:lock", "K:burn"]}, current=4, at="pass")
    to_receive(g)
    assert decide(g).kind == "decline"


def test_never_takes_an_unseen_card_with_two_black() -> None:
    g = build(hands={4: ["R:intercept"]}, intel={0: ["K:lock", "K:burn"]}, current=4, at="pass")  # 密电: unseen
    to_receive(g)
    assert g.passing is not None and g.view(0)["transit"]["card"] is None
    assert decide(g).kind == "decline"


def test_takes_a_third_black_when_dying_wins() -> None:
    # a bystander with 小白, whose mission is to be the first to die: the third false intelligence wins it
    g = build(
        ["by", "mi", "ug", "mi", "ug"],
        hands={4: ["K:lure_away"]},
        intel={0: ["K:lock", "K:burn"]},
        characters={0: "xiao_bai"},
        current=4,
        at="pass",
        config=Config(players=5, auto_pass=True, characters=True),
    )
    to_receive(g)
    assert decide(g).kind == "accept"
    g.act("accept")
    assert not g.seats[0].alive
    assert decide(g).kind == "declare"  # a dead player may win through a mission about his own death
    g.act("declare")
    assert g.result is not None and g.result["winners"] == [0]


def test_takes_face_up_red_even_with_two_black() -> None:
    g = build(hands={4: ["R:lure_away"]}, intel={0: ["K:lock", "K:burn"]}, current=4, at="pass")
    to_receive(g)
    assert decide(g).kind == "accept"


def test_underground_takes_face_up_red_and_refuses_face_up_black() -> None:
    g = build(hands={4: ["R:lure_away"]}, current=4, at="pass")
    to_receive(g)
    assert decide(g).kind == "accept"
    g = build(hands={4: ["K:lure_away"]}, current=4, at="pass")
    to_receive(g)
    assert decide(g).kind == "decline"


def test_military_intel_takes_face_up_blue() -> None:
    g = build(["mi", "ug", "mi", "ug", "by"], hands={4: ["B:lure_away"]}, current=4, at="pass")
    to_receive(g)
    assert decide(g).kind == "accept"


# --- sending -------------------------------------------------------------------------------------------------------
def test_sends_red_to_the_known_teammate() -> None:
    # seat 0 (underground) probes seat 2 (underground: draws) and seat 1 (military: discards), then sends 直达
    g = build(
        hands={0: ["R:probe:ug:draw", "B:probe:mi:discard", "R:see_through", "K:see_through"], 1: ["R:decode"]},
        deck=["B:decode", "K:decode", "R:return", "B:return"],
        at="play",
    )
    Script(g).do("0: play c{R:probe:ug:draw} probe @2", "0: play c{B:probe:mi:discard} probe @1")
    while g.decision is not None and g.decision.kind != "send":
        g.act("pass")
    bot = HeuristicBot(0, 1)
    o = decide(g, 0, bot)
    assert bot.belief()[2]["underground"] > 0.99 and bot.belief()[1]["military_intel"] > 0.99
    colour = CARD_COLOUR[o.card]
    assert (colour, o.target) in (("red", 2), ("black", 1)), o  # helpful to the ally, or black to the enemy
    assert (colour, o.target) == ("red", 2)  # the red is worth more: 2 takes it or it comes back to 0


def test_locks_the_teammate_to_force_his_winning_red_card_on_him() -> None:
    # seat 2 (underground, found by the probe) has two red: a red card 直达 wins if he takes it, so lock him
    g = build(
        hands={0: ["R:probe:ug:draw", "K:lock", "R:see_through"]},
        intel={2: ["R:decode", "R:return"]},
        deck=["B:decode", "K:decode"],
        at="play",
    )
    Script(g).do("0: play c{R:probe:ug:draw} probe @2")
    while g.decision is not None and g.decision.kind != "send":
        g.act("pass")
    bot = HeuristicBot(0, 1)
    o = decide(g, 0, bot)
    assert str(o) == f"send c{Script(g).card('R:see_through', 0)} @2"
    g.act(o)
    assert g.decision is not None and g.decision.seat == 0 and g.decision.context == "step1"
    o = decide(g, 0, bot)
    assert o.use == "lock" and o.target == 2
    g.act(o)
    while g.decision is not None and g.decision.kind == "priority":
        g.act("pass")
    assert CARD_COLOUR[g.seats[2].intel[-1]] == "red"  # forced on seat 2 ...
    assert g.decision is not None and g.decision.kind == "declare" and g.decision.seat == 2  # ... who can declare


def test_locks_with_a_card_its_character_converts() -> None:
    # as above, with no 锁定 in hand: 贝雷帽 face up may use his black 破译 as 锁定 (the view's me.uses says so)
    g = build(
        hands={0: ["R:probe:ug:draw", "K:decode", "R:see_through"]},
        intel={2: ["R:decode", "R:return"]},
        deck=["B:decode", "K:decode"],
        characters={0: "bei_lei_mao"},
        at="play",
        config=CHARS,
    )
    s = Script(g)
    s.do("0: play c{R:probe:ug:draw} probe @2")
    while g.decision is not None and g.decision.kind != "send":
        g.act("pass")
    black = s.card("K:decode", 0)
    assert g.view(0)["me"]["uses"][g.seats[0].hand.index(black)] == ["decode", "lock"]
    bot = HeuristicBot(0, 1)
    o = decide(g, 0, bot)
    assert str(o) == f"send c{s.card('R:see_through', 0)} @2"
    g.act(o)
    o = decide(g, 0, bot)
    assert str(o) == f"play c{black} lock @2"


# --- cards in response windows -------------------------------------------------------------------------------------
def test_burns_its_own_second_false_intelligence() -> None:
    g = build(hands={0: ["R:burn", "K:decode"]}, intel={0: ["K:lock", "K:see_through"]}, at="play")
    o = decide(g)
    assert o.use == "burn" and o.target == 0 and STANDARD_DECK[o.ref].colour == "black"


def test_does_not_burn_a_likely_enemys_black() -> None:
    g = build(hands={0: ["R:burn", "K:decode"]}, intel={3: ["K:lock", "K:see_through"]}, at="play")
    assert decide(g).kind == "pass"


def test_intercepts_face_up_red_and_not_black() -> None:
    for colour, want in (("R", "play"), ("K", "pass")):
        g = build(hands={2: [f"{colour}:lure_away", "K:decode"], 0: ["K:intercept"]}, current=2, at="pass")
        Script(g).do(f"2: send c{{{colour}:lure_away}}")
        d = g.decision
        assert d is not None and d.seat == 0 and d.context == "step1"
        o = decide(g)
        assert o.kind == want and (want == "pass" or o.use == "intercept")


def test_decodes_an_unseen_card_when_a_wrong_guess_would_hurt() -> None:
    g = build(hands={4: ["B:intercept"], 0: ["K:decode", "R:lock"]}, intel={0: ["K:burn"]}, current=4, at="pass")
    d = g.decision
    assert d is not None and d.seat == 0 and d.context == "step2"
    assert decide(g).use == "decode"


def test_probes_to_learn_identities() -> None:
    g = build(hands={0: ["R:probe:ug:draw", "K:decode"]}, at="play")
    assert decide(g).use == "probe"


def test_keeps_a_card_to_send() -> None:
    g = build(hands={0: ["R:probe:ug:draw"]}, at="play")
    assert decide(g).kind == "pass"  # using it would leave nothing to send: a loss (S-LOSE-1)


def test_sees_through_a_known_enemys_lock_on_itself() -> None:
    # seat 0 learns seat 1 is 军情局 (its probe), then in seat 1's turn seat 1 locks seat 0
    g = build(
        hands={0: ["B:probe:mi:discard", "K:decode", "R:see_through"], 1: ["B:decode", "R:return"]},
        deck=["K:lock", "B:return"],
        at="play",
    )
    s = Script(g)
    s.do("0: play c{B:probe:mi:discard} probe @1", "0: pass", "1: discard c{R:return}")
    while g.decision is not None and g.decision.kind != "send":
        g.act("pass")
    s.do("0: send c{K:decode}")
    while g.decision is not None and g.current == 0:
        g.act("pass" if g.decision.kind == "priority" else "decline")
    assert g.current == 1
    s.do("1: play c{K:lock} lock @0")
    d = g.decision
    assert d is not None and d.seat == 0
    o = decide(g)
    assert o.use == "see_through"


# --- every kind of decision, whole games ---------------------------------------------------------------------------
class Counting(HeuristicBot):
    """A strict HeuristicBot that counts the kinds of decisions it answers."""

    kinds: ClassVar[Counter[str]] = Counter()

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.strict = True

    def choose(self, decision: Any, view: Any, events: Any) -> Option:
        Counting.kinds[decision.kind] += 1
        return super().choose(decision, view, events)


def test_answers_every_kind_of_decision_in_whole_games() -> None:
    """All seats HeuristicBots, 3 to 9 players, characters on (all 24) or off: the games end, no policy error (strict),
    and every kind of decision was answered (priority, send, receive, discard, pick, declare, respond,
    choose_character, skill_choice)."""
    Counting.kinds = Counter()
    every = {"priority", "send", "receive", "discard", "pick", "declare", "respond", "choose_character", "skill_choice"}
    for i in range(300):
        players = 3 + i % 7
        config = Config(players=players, characters=i % 4 != 3, character_pool="all", auto_pass=i % 2 == 0)
        g = play_game(config, derive_seed("kinds", i), Counting)
        assert g.result is not None
        if i >= 21 and set(Counting.kinds) >= every:
            break
    assert set(Counting.kinds) >= every, Counting.kinds


# --- characters ----------------------------------------------------------------------------------------------------
CHARS = Config(players=5, auto_pass=True, characters=True)


def test_concealing_character_draws_and_hides_a_discard() -> None:
    # 千面女郎 (城府, public) may answer a 试探 either way: she takes "draw 2" and says the line rather than discard
    for spec, want in (("B:probe:ug:draw", "effect"), ("B:probe:ug:discard", "line")):
        g = build(
            hands={1: [spec, "K:decode"], 0: ["R:decode"]},
            characters={0: "qian_mian_nv_lang"},
            current=1,
            at="play",
            config=CHARS,
        )
        Script(g).do(f"1: play c{{{spec}}} probe @0")
        d = g.decision
        assert d is not None and d.kind == "respond" and d.seat == 0
        assert decide(g).name == want


def test_uses_a_beneficial_optional_trigger() -> None:
    # 老枪 face down, probed: he may flip and draw 2 (a private question)
    g = build(
        hands={1: ["B:probe:mi:draw", "K:decode"]}, characters={0: "lao_qiang"}, current=1, at="play", config=CHARS
    )
    Script(g).do("1: play c{B:probe:mi:draw} probe @0")
    d = g.decision
    assert d is not None and d.kind == "skill_choice" and d.seat == 0 and d.context == "C-LAO_QIANG-1"
    assert decide(g).kind == "skill"


def test_harmful_skill_targets_the_known_enemy() -> None:
    # 黑玫瑰 places false intelligence: on the seat her probe showed to be 军情局, not on her teammate or others
    g = build(
        hands={0: ["B:probe:mi:discard", "R:probe:ug:draw", "K:lock", "K:burn", "K:decode"], 1: ["R:decode"]},
        characters={0: "hei_mei_gui"},
        deck=["K:intercept", "B:decode", "R:return"],
        at="play",
        config=CHARS,
    )
    s = Script(g)
    s.do("0: play c{B:probe:mi:discard} probe @1")
    while g.decision is not None and g.decision.kind != "priority":
        g.act(g.decision.options[0])
    s.do("0: play c{R:probe:ug:draw} probe @2")
    while not (
        g.decision is not None and g.decision.kind == "priority" and g.decision.seat == 0 and not g.view(0)["stack"]
    ):
        g.act(g.decision.options[0] if g.decision.kind != "priority" else "pass")
    s.do("0: skill hei_mei_gui.1")
    while g.decision is not None and g.decision.kind == "priority":
        g.act("pass")
    d = g.decision
    assert d is not None and d.kind == "skill_choice" and d.context == "C-HEI_MEI_GUI-1"
    assert decide(g).target == 1
