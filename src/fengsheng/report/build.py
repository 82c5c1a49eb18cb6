"""The balance report: win rates with 95% Wilson intervals by faction, identity, character, seat position and
player count; game length; causes of the end of the game.

Definitions (all in ``docs`` of the report dict, and in the text output):

* by faction: games the faction won / games in which it was dealt (several factions can win one game; bystanders
  win alone, so their row is "a bystander won");
* by identity, by character, by seat: per player: players who won / players;
* by seat: position 1 is the first player, 2 the next in turn order, ... (absolute seats if the first player of some
  game cannot be found); one table per player count;
* causes of the end: ``faction`` = declared through an identity rule (S-ID-1/2), ``mission`` = declared through a
  mission (or another rule), or hijacked (A-36), ``last_standing`` (S-WIN-8), ``nobody_left`` (A-28).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from fengsheng.core.cards import IDENTITIES, NO_IDENTITY
from fengsheng.report.data import GameRow, Loaded
from fengsheng.report.stats import describe, rate

REPORT_VERSION = 1
IDENTITY_RULES = ("S-ID-1", "S-ID-2")
END_CAUSES = ("faction", "mission", "last_standing", "nobody_left")


def end_cause(row: GameRow) -> str:
    """``faction``, ``mission``, ``last_standing``, ``nobody_left`` (or ``other`` for a reason not known here)."""
    if row.reason == "declared":
        return "faction" if row.rule in IDENTITY_RULES else "mission"
    if row.reason == "hijacked":
        return "mission"
    if row.reason in ("last_standing", "nobody_left"):
        return row.reason
    return "other"


def _ordered(keys: Iterable[str], first: Iterable[str]) -> list[str]:
    ks = set(keys)
    head = [k for k in first if k in ks]
    return head + sorted(ks - set(head))


def _rates(wins: Counter[Any], games: Counter[Any], order: list[Any], confidence: float) -> dict[str, Any]:
    return {str(k): rate(wins[k], games[k], confidence) for k in order if games[k] > 0}


def faction_rates(rows: list[GameRow], confidence: float = 0.95) -> dict[str, Any]:
    wins: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for r in rows:
        for f in set(r.identities) - {NO_IDENTITY}:  # a seat whose card was taken (臨危受命) has no faction
            games[f] += 1
        for f in set(r.factions):
            wins[f] += 1
    return _rates(wins, games, _ordered(games, IDENTITIES), confidence)


def build_report(loaded: Loaded, confidence: float = 0.95) -> dict[str, Any]:
    """The report as a JSON-able dict (see the module docstring)."""
    rows = loaded.games
    relative = bool(rows) and all(r.first_player is not None for r in rows)

    id_wins: Counter[str] = Counter()
    id_games: Counter[str] = Counter()
    ch_wins: Counter[str] = Counter()
    ch_games: Counter[str] = Counter()
    chid_wins: Counter[tuple[str, str]] = Counter()
    chid_games: Counter[tuple[str, str]] = Counter()
    seat_wins: Counter[tuple[int, int]] = Counter()
    seat_games: Counter[tuple[int, int]] = Counter()
    causes: Counter[str] = Counter()
    detail: Counter[str] = Counter()
    missions: Counter[str] = Counter()
    by_players: dict[int, list[GameRow]] = defaultdict(list)

    for r in rows:
        by_players[r.players].append(r)
        cause = end_cause(r)
        causes[cause] += 1
        detail[r.rule if r.reason == "declared" and r.rule else r.reason] += 1
        if cause == "mission" and r.characters is not None:
            who = [r.declarer] if r.reason == "declared" and r.declarer is not None else sorted(r.winners)
            for s in who:
                missions[r.characters[s]] += 1
        for seat, ident in enumerate(r.identities):
            won = seat in r.winners
            id_games[ident] += 1
            id_wins[ident] += won
            pos = r.position(seat) if relative else seat
            assert pos is not None
            seat_games[r.players, pos] += 1
            seat_wins[r.players, pos] += won
            if r.characters is not None:
                c = r.characters[seat]
                ch_games[c] += 1
                ch_wins[c] += won
                chid_games[c, ident] += 1
                chid_wins[c, ident] += won

    n = len(rows)
    by_seat: dict[str, Any] = {}
    for p in sorted(by_players):
        order = sorted(k for k in seat_games if k[0] == p)
        by_seat[str(p)] = {str(k[1]): rate(seat_wins[k], seat_games[k], confidence) for k in order}
    by_character_identity: dict[str, Any] = {}
    for c in sorted(ch_games):
        idents = _ordered((i for (cc, i) in chid_games if cc == c), IDENTITIES)
        by_character_identity[c] = {i: rate(chid_wins[c, i], chid_games[c, i], confidence) for i in idents}
    players_table: dict[str, Any] = {}
    for p in sorted(by_players):
        prs = by_players[p]
        players_table[str(p)] = {
            "games": len(prs),
            "by_faction": faction_rates(prs, confidence),
            "mean_turns": describe([r.turns for r in prs])["mean"],
            "mean_decisions": describe([r.decisions for r in prs if r.decisions is not None])["mean"],
        }
    cause_order = list(END_CAUSES) + sorted(set(causes) - set(END_CAUSES))
    summary = loaded.summary or {}
    return {
        "report_version": REPORT_VERSION,
        "source": loaded.source,
        "confidence": confidence,
        "games": n,
        "errors": max(loaded.errors, int(summary.get("errors") or 0)),
        "players": sorted(by_players),
        "with_characters": sum(r.with_characters for r in rows),
        "variants": sorted({v for r in rows for v in r.variants}),
        "bots": summary.get("bots"),
        "faction_bots": summary.get("faction_bots") or {},
        "seed": summary.get("seed"),
        "seat_mode": "relative" if relative else "absolute",
        "by_faction": faction_rates(rows, confidence),
        "by_identity": _rates(id_wins, id_games, _ordered(id_games, IDENTITIES), confidence),
        "by_character": _rates(ch_wins, ch_games, sorted(ch_games), confidence),
        "by_character_identity": by_character_identity,
        "by_seat": by_seat,
        "by_players": players_table,
        "length": {
            "turns": describe([r.turns for r in rows], confidence),
            "decisions": describe([r.decisions for r in rows if r.decisions is not None], confidence),
        },
        "end_causes": {c: rate(causes[c], n, confidence) for c in cause_order} if n else {},
        "end_detail": dict(sorted(detail.items())),
        "missions_by_character": dict(sorted(missions.items())),
        "summary": loaded.summary,
    }
