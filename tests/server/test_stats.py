"""Per-player statistics and the per-faction rating (``server/stats.py``): a seat is rated in the faction it was
dealt (R-44), so 致命香水's 臨危受命 (A-91) rates neither the giver under "no card" nor her under the card she took."""

from __future__ import annotations

from typing import Any

from fengsheng.core.cards import NO_IDENTITY
from fengsheng.server.stats import START, dealt_identities, ratings
from fengsheng.testing import Script
from tests.qianzhi.characters.test_zhi_ming_xiang_shui import ZM, _dying_table


class Finished:
    """A store that holds only finished games' outcomes (what ``ratings`` reads)."""

    def __init__(self, outcomes: list[dict[str, Any]]) -> None:
        self.outcomes = outcomes

    def finished(self) -> list[dict[str, Any]]:
        return [{"settings": {"outcome": o}} for o in self.outcomes]


def test_R_44_A_91_dealt_identities_undo_the_card_taken() -> None:
    g = _dying_table()
    s = Script(g)
    s.do("0: play c{K:gamble} gamble @1")
    s.do(f"2: skill {ZM}.2")
    assert [x.identity for x in g.seats] == ["underground", NO_IDENTITY, "military_intel", "underground"]
    assert dealt_identities(g) == ["underground", "military_intel", "bystander", "underground"]


def test_R_44_a_seat_is_rated_in_the_faction_it_was_dealt() -> None:
    final = ["underground", NO_IDENTITY, "military_intel", "underground"]
    dealt = ["underground", "military_intel", "bystander", "underground"]
    out = {
        "identities": final,
        "dealt": dealt,
        "winners": [2],
        "players": [None, 11, 12, None],
        "names": ["", "a", "b", ""],
    }
    players = {p["player"]: p for p in ratings(Finished([out]))["players"]}  # type: ignore[arg-type]
    assert set(players[11]["by_faction"]) == {"military_intel"} and players[11]["wins"] == 0
    assert set(players[12]["by_faction"]) == {"bystander"} and players[12]["wins"] == 1
    assert players[11]["by_faction"]["military_intel"]["elo"] < START < players[12]["by_faction"]["bystander"]["elo"]


def test_R_44_an_old_record_without_dealt_identities_rates_no_cardless_seat() -> None:
    out = {"identities": ["underground", NO_IDENTITY, "military_intel"], "winners": [2], "players": [10, 11, 12],
           "names": ["x", "a", "b"]}  # fmt: skip
    players = {p["player"]: p for p in ratings(Finished([out]))["players"]}  # type: ignore[arg-type]
    assert players[11]["games"] == 1 and players[11]["by_faction"] == {}  # counted, not rated under ""
    assert set(players[12]["by_faction"]) == {"military_intel"}
