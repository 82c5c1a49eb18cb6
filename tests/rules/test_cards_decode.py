"""破译 Decode (S-CARD-DECODE-1..3)."""

from __future__ import annotations

from fengsheng.testing import Script
from tests.helpers import build_table as build
from tests.helpers import events, uses_offered


def test_S_CARD_DECODE_1_the_player_reached_looks_at_the_card_before_deciding() -> None:
    g = build(hands={1: ["R:decode", "B:decode"], 2: ["K:decode"]}, transit={"card": "K:intercept"}, at="step1")
    s = Script(g)
    card = g.passing.card  # type: ignore[union-attr]
    s.expect(1, "priority", "step2")
    assert uses_offered(g, 1) == {"decode"}
    assert uses_offered(g, 2) == set()  # not a player the card has not reached
    assert g.view(1)["transit"]["card"] is None
    s.do("1: play c{R:decode} decode", "1: pass")
    # resolved: he has seen it, and only now decides
    assert 1 in g.passing.seen  # type: ignore[union-attr]
    assert g.view(1)["transit"]["card"] == card
    decoded = [e for e in g.events_for(1) if e["kind"] == "decoded"]
    assert decoded == [{"kind": "decoded", "seat": 1, "uid": 1, "card": card}]
    s.do("1: pass")  # he could decode again; he does not
    s.expect(1, "receive", "step3")
    s.do("1: decline")


def test_S_CARD_DECODE_1_not_in_step1_or_the_play_phase() -> None:
    g = build(hands={0: ["R:decode", "K:burn"], 1: ["B:decode", "B:burn"]}, intel={4: ["K:lock"]}, at="play")
    Script(g).expect(0, "priority", "play")
    assert uses_offered(g, 0) == {"burn"} and uses_offered(g, 1) == {"burn"}
    g = build(
        hands={0: ["R:decode", "K:burn"], 1: ["B:decode", "B:burn"]},
        intel={4: ["K:lock"]},
        transit={"card": "B:probe"},
        at="step1",
    )
    Script(g).expect(0, "priority", "step1")
    assert uses_offered(g, 1) == {"burn"}


def test_S_CARD_DECODE_2_only_the_decoder_sees_it() -> None:
    g = build(hands={1: ["R:decode"]}, transit={"card": "K:intercept", "holder": 1}, at="step2")
    s = Script(g)
    card = g.passing.card  # type: ignore[union-attr]
    s.do("1: play c{R:decode} decode")
    s.expect(1, "receive", "step3")
    assert g.view(1)["transit"]["card"] == card
    for other in (None, 2, 3, 4):
        assert g.view(other)["transit"]["card"] is None
        decoded = [e for e in g.events_for(other) if e["kind"] == "decoded"]
        assert decoded == [{"kind": "decoded", "seat": 1, "uid": 1}]  # everyone knows he decoded, not what he saw
    assert g.passing.seen == [0, 1]  # type: ignore[union-attr]


def test_S_CARD_DECODE_3_may_be_used_on_text_intelligence() -> None:
    g = build(hands={1: ["R:decode"]}, transit={"card": "R:lure_away", "holder": 1}, at="step2")
    s = Script(g)
    s.expect(1, "priority", "step2")
    assert uses_offered(g, 1) == {"decode"}
    s.do("1: play c{R:decode} decode")
    assert [e["seat"] for e in events(g, "decoded")] == [1]
    s.expect(1, "receive", "step3")
