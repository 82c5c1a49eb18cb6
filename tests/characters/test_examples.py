"""The worked examples of seed 003 (standard.md EX-1 and EX-2), reproduced step by step with the real characters.

Five players A to E are seats 0 to 4; it is A's turn. The intelligence on the table is 003's:

* A: two red, one black; B: one red, one blue, two black; C: two red, two black; D: two red, one blue;
  E: two red, two blue.
* C is 闪灵 (狙击 = C-SHAN_LING-1), B is 黑玫瑰 (血染玫瑰 = C-HEI_MEI_GUI-1), E is 柒佰 (敏锐 / 联动 = C-QI_BAI-1 / -2)
  (A-70 maps 003's skill names onto the 000 characters).

Nobody is auto-passed: every pass of the examples is a decision of the script, in 003's order (the engine moves
priority on by itself after an action, S-PRIO-4, so "uses X and passes" is one action here). Identities are not in
the examples; they are chosen so that nobody can declare: A ug, B mi, C by, D ug, E mi.

EX-2 continues EX-1 (003「接上一个范例」). Choices 003 leaves open: B's 烧毁 burns A's false intelligence; 闪灵 snipes E
and burns E's two red cards and one blue card (A-38: she picks); 柒佰 gives A one of the two cards 联动 drew.
"""

from __future__ import annotations

from fengsheng.game import Game
from fengsheng.testing import Script
from tests.helpers import CARD_COLOUR, IS_BLACK, build_asked, kinds, passes

A, B, C, D, E = range(5)
INTEL = {
    A: ["R:lock", "R:burn", "K:lock"],
    B: ["R:see_through", "B:see_through", "K:see_through", "K:return"],
    C: ["R:return", "R:intercept", "K:intercept", "K:burn"],
    D: ["R:lure_away", "R:decode", "B:return"],
    E: ["R:probe:ug:draw", "R:probe:mi:draw", "B:probe:ug:draw", "B:probe:mi:draw"],
}
HANDS = {
    A: ["K:decode", "B:decode", "R:lure_away"],  # the intelligence A sends (black 密电); 调虎离山
    B: ["R:burn", "K:lock", "K:lure_away", "K:probe:ug:discard"],  # 烧毁; three black cards for 血染玫瑰
    D: ["B:see_through", "K:intercept"],  # 识破; 截获
    E: ["R:decode", "R:return", "R:lock"],  # 破译, 退回, 锁定
}
DECK = ["K:true_or_false", "B:burn"]  # top first: 血染玫瑰 shows a black card; 联动 then draws both


def table(with_black_rose: bool = True) -> Game:
    characters = {C: "shan_ling", E: "qi_bai"}
    if with_black_rose:
        characters[B] = "hei_mei_gui"
    return build_asked(
        5,
        ["ug", "mi", "by", "ug", "mi"],
        current=A,
        hands=HANDS,
        intel=INTEL,
        deck=DECK,
        characters=characters,
        at="play",
    )


def run_ex1(g: Game) -> Script:
    s = Script(g)
    a_black = s.card("K:lock", A, "intel")
    e_intel = list(g.seats[E].intel)
    # A passes; B uses 烧毁 on a false intelligence (A's); C answers by flipping 闪灵 (狙击, on E)
    s.do("0: pass", f"1: play c{{R:burn}} burn @0 x{a_black}")
    burn_uid = s.stack()[-1].uid
    s.do("2: skill shan_ling.1 @4")
    assert g.seats[C].face_up  # the flip is the cost, paid at once
    # D uses 识破 on B's 烧毁; then E, A, B, C and D pass: priority is back at E and everything resolves LIFO
    s.do(f"3: play c{{B:see_through}} see_through ^{burn_uid}")
    assert [u.use for u in s.stack()] == ["burn", "shan_ling.1", "see_through"]
    passes(s, E, A, B, C, D)
    # 识破 resolves first (烧毁 cancelled), then 狙击: E has four intelligence, so 闪灵 picks three
    s.expect(C, "skill_choice", "C-SHAN_LING-1")
    assert [e.data["use"] for e in g.events if e.kind == "resolve"] == ["see_through", "shan_ling.1"]
    for spec in ("R:probe:ug:draw", "R:probe:mi:draw", "B:probe:ug:draw"):
        s.do(f"2: choose @4 x{{{spec}@4}}")
    assert [e.data["use"] for e in g.events if e.kind == "no_effect"] == ["burn"]  # it no longer exists
    assert a_black in g.seats[A].intel  # the cancelled 烧毁 burned nothing
    assert len(g.seats[E].intel) == 1 and g.seats[E].intel[0] in e_intel
    assert [e.data["seat"] for e in g.events if e.kind == "burned"] == [E, E, E]
    # A passes again, B to E pass: the play phase ends
    s.expect(A, "priority", "play")
    assert s.stack() == []
    passes(s, A, B, C, D, E)
    s.expect(A, "send", "pass")
    return s


def test_EX_1_play_phase_with_burn_shan_ling_snipe_and_see_through() -> None:
    g = table(with_black_rose=False)
    start = len(g.events)
    run_ex1(g)
    ev = g.events[start:]
    used = [(e.data["seat"], e.data["use"]) for e in ev if e.kind == "use"]
    assert used == [(B, "burn"), (D, "see_through")]  # the skill is not a card: no ``use`` event
    assert [(e.data["seat"], e.data["skill"]) for e in ev if e.kind == "skill"] == [(C, "C-SHAN_LING-1")]
    # the 烧毁 and the 识破 both went to the discard pile
    assert {e.data["card"] for e in ev if e.kind == "use"} <= set(g.discard)
    # 闪灵 is public now
    assert g.view(A)["seats"][C]["character"] == "standard.shan_ling"
    assert [len(s.intel) for s in g.seats] == [3, 4, 4, 3, 1]


def test_EX_1_with_black_rose_face_down_changes_nothing() -> None:
    g = table(with_black_rose=True)
    run_ex1(g)
    assert not g.seats[B].face_up and g.view(A)["seats"][B]["character"] is None


def test_EX_2_passing_phase_lure_intercept_black_rose_decode_return_and_qi_bai_lock() -> None:
    g = table(with_black_rose=True)
    s = run_ex1(g)
    # Step 1: A sends 密电 and lures away B; everyone passes and 调虎离山 resolves
    s.do("0: send c{K:decode}")
    sent = next(e for e in reversed(g.events) if e.kind == "send")
    assert sent.data["method"] == "secret" and "card" not in sent.data
    s.expect(A, "priority", "step1")
    s.do("0: play c{R:lure_away} lure_away @1")
    passes(s, B, C, D, E, A)
    assert g.passing is not None and g.passing.lured == [B]
    # A, B and C pass; D plays 截获; E and A pass; B answers by flipping 黑玫瑰 (血染玫瑰)
    passes(s, A, B, C)
    s.do("3: play c{K:intercept} intercept")
    passes(s, E, A)
    s.do("1: skill hei_mei_gui.1")
    assert g.seats[B].face_up
    passes(s, C, D, E, A, B)
    # 血染玫瑰 resolves first: the top card is black, so B puts three false intelligence on D
    top = next(e for e in g.events if e.kind == "top_revealed")
    assert IS_BLACK[top.data["card"]] and g.deck[-1] == top.data["card"]  # shown, left on top
    s.expect(B, "skill_choice", "C-HEI_MEI_GUI-1")
    s.do("1: choose @3", "1: choose c{K:lock}", "1: choose c{K:lure_away}", "1: choose c{K:probe:ug:discard}")
    # D dies at once; his 截获 has lost its user and fails (S-PRIO-10); the card goes on
    assert not g.seats[D].alive and g.death_order == [D] and g.killers == [B]
    fizzle = next(e for e in g.events if e.kind == "fizzle")
    assert fizzle.data["use"] == "intercept" and fizzle.data["user"] == D
    assert g.passing is not None and not g.passing.finished
    # everyone passes; the card goes to C (B is lured away)
    s.expect(A, "priority", "step1")
    passes(s, A, B, C, E)
    assert g.passing.holder == C
    s.expect(A, "priority", "step2")
    passes(s, A, B, C, E)
    s.do("2: decline")
    # Step 1 again; the card goes to E (D is dead)
    passes(s, A, B, C, E)
    assert g.passing.holder == E
    # Step 2 at E: 破译, everyone passes, E looks at the card
    passes(s, A, B, C)
    s.do("4: play c{R:decode} decode")
    passes(s, A, B, C, E)
    assert next(e for e in g.events if e.kind == "decoded").data["seat"] == E
    assert E in g.passing.seen
    # then 退回: the card travels the other way
    passes(s, A, B, C)
    s.do("4: play c{R:return} return")
    passes(s, A, B, C, E)
    assert g.passing.direction == -1
    passes(s, A, B, C, E)  # the Step-2 window closes; no Step 3 after 退回 (S-PASS-10)
    s.expect(A, "priority", "step1")
    passes(s, A, B, C, E)
    assert g.passing.holder == C  # back to C (D is dead)
    passes(s, A, B, C, E)
    s.do("2: decline")
    # Step 1: E (柒佰, 敏锐) locks B in A's turn; everyone passes
    passes(s, A, B, C)
    s.do("4: play c{R:lock} lock @1")
    passes(s, A, B, C, E)
    # the lock went through: 联动 resolves at once (draw 2, give A a card), then the lock itself
    s.expect(E, "skill_choice", "C-QI_BAI-2")
    assert g.locks == [] and g.passing.lured == [B]
    drawn = [e.private["cards"] for e in g.events if e.kind == "draw" and e.data["seat"] == E][-1]
    assert drawn[0] == top.data["card"] and len(drawn) == 2
    given = s.card("B:burn", E)
    s.do(f"4: choose c{given}", "4: choose @0")
    assert given in g.seats[A].hand
    # the earlier 调虎离山 no longer counts (S-PREC-1)
    assert g.locks == [B] and g.passing.lured == []
    k = kinds(g)
    assert k.index("give") < k.index("locked")
    # everyone passes; the card reaches B, who must accept it: it is black, his third false card, and he dies
    passes(s, A, B, C, E)
    assert g.passing.holder == B
    passes(s, A, B, C, E)
    obtained = [e.data for e in g.events if e.kind == "obtain"][-1]
    assert obtained["seat"] == B and obtained["how"] == "forced" and IS_BLACK[obtained["card"]]
    assert not g.seats[B].alive and g.death_order == [D, B] and g.killers == [B, A]
    # the passing phase is over: A's end phase
    assert g.passing is None or g.passing.finished
    s.expect(A, "priority", "end")
    assert g.result is None
    assert [CARD_COLOUR[c] for c in g.seats[E].intel] == ["blue"]
