"""Per-player statistics and a rating per faction, from the finished games with humans at the table.

The rating is a plain Elo (K = 32, start 1500) per player and faction (underground, military_intel, bystander): a
game is a win or a loss for each human seat, against the mean rating of the other seats (a bot counts as 1500,
and is not rated). Recomputed from the store on demand, in the order the games finished.

A seat is rated in the faction it was **dealt** (R-44): 致命香水's 臨危受命 (A-91) moves an identity card, so at the
end the giver holds none (``""``, no faction to rate) and she holds the card she took; both played most of the game
as what they were dealt. Games stored before the dealt identities were recorded use the final ones, and a seat
left without a card there counts as a game played, unrated.
"""

from __future__ import annotations

from typing import Any

from fengsheng.game import Game
from fengsheng.server.store import Store

K = 32.0
START = 1500.0


def dealt_identities(g: Game) -> list[str]:
    """The identity card each seat was dealt, wherever that card is now (臨危受命 may have moved it)."""
    return [g.slot_identity(g.identity_slot(seat)) for seat in range(g.n)]


def ratings(store: Store) -> dict[str, Any]:
    elo: dict[tuple[int, str], float] = {}
    stats: dict[int, dict[str, Any]] = {}
    for game in store.finished():
        out = (game["settings"] or {}).get("outcome")
        if not out:
            continue
        ids = out.get("dealt") or out["identities"]
        winners, players, names = set(out["winners"]), out["players"], out["names"]
        humans = [(s, p) for s, p in enumerate(players) if p is not None]
        if not humans:
            continue
        current = [elo.get((p, ids[s]), START) if p is not None else START for s, p in enumerate(players)]
        for s, p in humans:
            others = [r for i, r in enumerate(current) if i != s]
            field = sum(others) / len(others) if others else START
            expected = 1.0 / (1.0 + 10 ** ((field - current[s]) / 400.0))
            won = 1.0 if s in winners else 0.0
            st = stats.setdefault(p, {"player": p, "name": names[s], "games": 0, "wins": 0, "by_faction": {}})
            st["games"] += 1
            st["wins"] += int(won)
            if not ids[s]:  # an old record's seat whose card was taken: no faction to rate
                continue
            elo[(p, ids[s])] = current[s] + K * (won - expected)
            fac = st["by_faction"].setdefault(ids[s], {"games": 0, "wins": 0})
            fac["games"] += 1
            fac["wins"] += int(won)
    for (p, faction), r in elo.items():
        stats[p]["by_faction"][faction]["elo"] = round(r, 1)
    return {"players": sorted(stats.values(), key=lambda x: -x["wins"])}
