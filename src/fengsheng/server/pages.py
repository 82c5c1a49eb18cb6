"""The lobby's lists, a page at a time: open tables and finished games, newest first, at most
:data:`guard.PAGE_MAX` per answer, with a cursor to the next page (docs/server.md, "Limits").

The lobby page asks for both every 3 seconds; as whole lists they grew with every table ever made (5,000 tables: a
6.2 MB answer, every 3 s, for every visitor). A page is bounded whatever the server holds: ``limit`` entries
(default :data:`guard.PAGE_DEFAULT`) older than the cursor ``before`` (a table's id, as the previous page's ``next``
gave it; ``null`` when there is no more). Open tables come from the hall's memory (its tables are in the order
they were made, so the newest are at the end); finished games from the store, with SQL's ``LIMIT``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import sqlalchemy as sa

from fengsheng.server import guard as G
from fengsheng.server.settings import LobbyError
from fengsheng.server.store import Store, tables

if TYPE_CHECKING:
    from fengsheng.server.hall import Hall

STATUSES: Final = {"open": ("lobby", "playing"), "lobby": ("lobby",), "playing": ("playing",)}


def _page_args(params: Mapping[str, str]) -> tuple[int, int]:
    """``limit`` (1 to :data:`guard.PAGE_MAX`) and ``before`` (a table id; 0: from the newest) of a list request."""
    limit = G.query_digits(params, "limit", G.PAGE_DEFAULT, 3)
    if not 1 <= limit <= G.PAGE_MAX:
        raise LobbyError(f"limit must be 1 to {G.PAGE_MAX}")
    return limit, G.query_digits(params, "before", 0, 12)


def tables_page(hall: Hall, params: Mapping[str, str]) -> dict[str, Any]:
    """``GET /api/tables?status=open|lobby|playing&limit=N&before=CURSOR``: the tables of that status (``open``, the
    default: in the lobby or playing), newest first, as ``Table.public()``; ``next``: the cursor of the next page."""
    status = params.get("status", "open")
    if status not in STATUSES:
        raise LobbyError(f"status must be one of {sorted(STATUSES)}")
    wanted = STATUSES[status]
    limit, before = _page_args(params)
    out: list[dict[str, Any]] = []
    last = 0
    more = False
    for t in reversed(hall.tables.values()):
        if (before and t.id >= before) or t.status not in wanted:
            continue
        if len(out) == limit:
            more = True
            break
        out.append(t.public())
        last = t.id
    return {"tables": out, "next": str(last) if more else None}


def finished_page(store: Store, params: Mapping[str, str]) -> dict[str, Any]:
    """``GET /api/replays?limit=N&before=CURSOR``: finished games, newest first (code, settings with the outcome,
    result, digest); ``next``: the cursor of the next page. One indexed query (the primary key, backwards)."""
    limit, before = _page_args(params)
    q = sa.select(tables.c.id, tables.c.code, tables.c.settings, tables.c.result, tables.c.digest).where(
        tables.c.status == "over"
    )
    if before:
        q = q.where(tables.c.id < before)
    with store.engine.connect() as conn:
        rows = conn.execute(q.order_by(tables.c.id.desc()).limit(limit + 1)).all()
    games = [
        {
            "code": r.code,
            "settings": G.scrub_settings(json.loads(r.settings)),  # names an older version stored unchecked
            "result": json.loads(r.result) if r.result else None,
            "digest": r.digest,
        }
        for r in rows[:limit]
    ]
    return {"games": games, "next": str(rows[limit - 1].id) if len(rows) > limit else None}


def hosted_open(hall: Hall, player: int) -> int:
    """How many tables in the lobby or playing ``player`` hosts."""
    return sum(1 for t in hall.tables.values() if t.host == player and t.status in ("lobby", "playing"))
