"""The app: the lobby over HTTP/JSON, one websocket per seat or spectator, replays, help, the browser client.

The HTTP side is a Starlette ASGI app (routing, static files): small, typed, well kept. The websockets (``/ws/CODE``)
do not go through ASGI: ``server.ws.WebSocket`` is uvicorn's websocket protocol (``fengsheng serve`` passes it), and
the app's lifespan hands it :func:`accept` (docs/scaling.md says why). A request that fails is
``{"error": one line}`` with its HTTP status; a websocket message that fails is the protocol's error message, and
the connection stays open (docs/server.md). Hostile input is met in ``server.guard`` (names, bodies, query
parameters, creation limits, security headers, the last-resort 500) and the lobby's lists come a page at a time
(``server.pages``): docs/server.md, "Limits".
"""

from __future__ import annotations

import contextlib
import gc
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from fengsheng.editions import get_edition
from fengsheng.errors import FengshengError
from fengsheng.game import RECORD_VERSION, Game
from fengsheng.record import verify
from fengsheng.server import guard as G
from fengsheng.server import protocol as P
from fengsheng.server.hall import ABANDON_AFTER, KEEP_FINISHED, Hall
from fengsheng.server.pages import finished_page, hosted_open, tables_page
from fengsheng.server.settings import LobbyError, config_of
from fengsheng.server.stats import ratings
from fengsheng.server.store import Store
from fengsheng.server.table import Table
from fengsheng.server.ws import ACCEPT, PREFIX, WebSocket
from fengsheng.text import NAMES, card_name, card_text, character_name, edition_texts, name, render_events

log = logging.getLogger("fengsheng.server")
STATIC = Path(__file__).parent / "static"
MAX_BODY = G.MAX_BODY
GC_THRESHOLDS = (10_000, 3, 10)  # the cyclic collector's generations (CPython's default: 700, 10, 10)


def tune_gc() -> None:
    """The cyclic garbage collector for a server: what the process loaded at start (modules, the editions' tables
    and texts) is frozen out of every collection, the youngest generation is collected after 10,000 net
    allocations instead of 700, the middle one every 3 of those. A step allocates thousands of short-lived objects
    (views, messages), almost none in cycles; with the default, a bench run of 20,000 moves spent 1.3 s in 1,800
    collections, 14 of them full ones (every object of every table, up to 60 ms with the whole loop stopped); so
    tuned, 0.25 s, no full one during the run (docs/scaling.md)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def _json(data: Any, status: int = 200) -> Response:
    return G.JSONAnswer(data, status_code=status)  # orjson, and never a 500 for a name that does not encode


def _err(message: str, status: int = 400, headers: Mapping[str, str] | None = None) -> Response:
    return G.JSONAnswer({"error": message}, status_code=status, headers=headers)


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object: at most ``MAX_BODY`` bytes (``guard.Guard`` refuses a longer one before or while
    it arrives), strict JSON, at most ``guard.MAX_DEPTH`` deep."""
    return G.parse_body(await request.body())


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such path: 404, a method not served: 405) in the API's shape."""
    if isinstance(exc, HTTPException):
        return _err(str(exc.detail), exc.status_code, exc.headers)
    raise exc


def create_app(
    db: str = "sqlite:///fengsheng.db",
    clock: Callable[[], float] | None = None,
    keep_finished: float = KEEP_FINISHED,
    limits: G.Limits | None = None,
    abandon_after: float = ABANDON_AFTER,
) -> Starlette:
    """The app over the database at ``db``; unfinished tables are rebuilt from it at start; a finished table leaves
    memory ``keep_finished`` seconds after its game ended (``Hall.sweep``); an asked seat without a connection for
    ``abandon_after`` seconds is played by its bot (``Table.deadline``). ``limits``: how fast players and tables
    may be created (default: ``$FENGSHENG_LIMITS``, else ``guard.Limits``' defaults)."""
    state: dict[str, Any] = {}
    lim = limits if limits is not None else G.Limits.from_env()

    def hall() -> Hall:
        h: Hall = state["hall"]
        return h

    def player_of(request: Request) -> tuple[int, str]:
        auth = request.headers.get("authorization", "")
        token = auth[7:] if auth.lower().startswith("bearer ") else ""
        who = hall().store.player_by_token(token) if token else None
        if who is None:
            raise LobbyError("a player token is needed (POST /api/players)", 401)
        return who[0], G.shown(who[1])  # a name an older version stored unchecked, made safe to send

    def handler(fn: Callable[[Request], Awaitable[Any]]) -> Callable[[Request], Awaitable[Response]]:
        async def wrapped(request: Request) -> Response:
            try:
                out = await fn(request)
            except G.TooMany as exc:
                return _err(str(exc), exc.status, {"retry-after": str(exc.retry_after)})
            except LobbyError as exc:
                return _err(str(exc), exc.status)
            return out if isinstance(out, Response) else _json(out)

        return wrapped

    # pages and health ------------------------------------------------------------------------------------------
    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def health(request: Request) -> Response:
        h = hall()
        playing = [t for t in h.tables.values() if t.status == "playing"]
        return _json(
            {
                "ok": True,
                "tables": len(h.tables),
                "playing": len(playing),
                "connections": sum(len(t.conns) for t in h.tables.values()),
                "failed": sum(1 for t in h.tables.values() if t.failed),
            }
        )

    # players -----------------------------------------------------------------------------------------------------
    async def new_player(request: Request) -> Any:
        body = await _body(request)
        nm = G.check_name(body.get("name"), "name", G.PLAYER_NAME_MAX)
        addr = G.client_key(request.scope)
        keys = {"players_ip": addr, "players_ip_day": addr}
        lim.check("players", keys)
        pid, token = hall().store.new_player(nm)
        lim.take(keys)
        return {"id": pid, "name": nm, "token": token}

    async def me(request: Request) -> Any:
        pid, nm = player_of(request)
        return {"id": pid, "name": nm}

    async def revoke(request: Request) -> Any:
        pid, nm = player_of(request)
        return {"id": pid, "name": nm, "token": hall().revoke(pid)}  # its open sockets are closed too

    # tables ------------------------------------------------------------------------------------------------------
    async def list_tables(request: Request) -> Any:
        return tables_page(hall(), request.query_params)  # newest first, a page at a time

    def table_keys(request: Request, pid: int) -> dict[str, str]:
        """The creation limits' buckets a new table (or a rematch) of player ``pid`` takes a token from."""
        addr = G.client_key(request.scope)
        return {"tables_player": str(pid), "tables_player_day": str(pid), "tables_ip": addr, "tables_ip_day": addr}

    async def create_table(request: Request) -> Any:
        pid, nm = player_of(request)
        body = await _body(request)
        if body.get("name", ""):  # a table's name is optional; not unique (the lobby shows it with the code)
            body["name"] = G.check_name(body["name"], "the table's name", G.TABLE_NAME_MAX)
        keys = table_keys(request, pid)
        lim.check("tables", keys)
        if not lim.off and hosted_open(hall(), pid) >= lim.open_tables:
            raise G.TooMany(f"you host {lim.open_tables} open tables already: start or finish one first", 60)
        t = hall().create(pid, body)
        lim.take(keys)
        t.sit(pid, nm, 0)  # the host sits at seat 0 (and may move)
        t.broadcast()
        return t.public()

    async def get_table(request: Request) -> Any:
        return hall().get(request.path_params["code"]).public()

    async def table_action(request: Request, act: Callable[[Table, int, str, dict[str, Any]], None]) -> Any:
        """A lobby action on the table of the path: ``act(table, player id, name, body)``, then everyone at the
        table is told and the caller gets the table as it now is."""
        pid, nm = player_of(request)
        body = await _body(request)
        t = hall().get(request.path_params["code"])
        act(t, pid, nm, body)
        t.broadcast()
        return t.public()

    def _set_bot(t: Table, pid: int, body: dict[str, Any]) -> None:
        on = body.get("on", True)
        if type(on) is not bool:
            raise LobbyError("on must be true or false")
        t.set_bot(pid, body.get("seat"), on)  # type: ignore[arg-type]

    async def sit(request: Request) -> Any:  # the seat is checked by Table.sit (its number, a name already there)
        return await table_action(request, lambda t, pid, nm, body: t.sit(pid, nm, body.get("seat")))  # type: ignore[arg-type]

    async def leave(request: Request) -> Any:
        return await table_action(request, lambda t, pid, nm, body: t.leave(pid))

    async def bot(request: Request) -> Any:
        return await table_action(request, lambda t, pid, nm, body: _set_bot(t, pid, body))

    async def start(request: Request) -> Any:
        return await table_action(request, lambda t, pid, nm, body: t.start(pid))

    async def rematch(request: Request) -> Any:
        pid, _ = player_of(request)
        t = hall().get(request.path_params["code"])
        keys = table_keys(request, pid)
        fresh = t.rematch is None  # the first ask makes the new table; the others get it
        if fresh:
            lim.check("tables", keys)
        new = hall().rematch(t, pid)
        if fresh:
            lim.take(keys)
        return new.public()

    # replays -----------------------------------------------------------------------------------------------------
    async def replays(request: Request) -> Any:
        return finished_page(hall().store, request.query_params)  # newest first, a page at a time

    async def replay(request: Request) -> Any:
        """A finished game at step ``step`` (decisions answered) as seat K saw it, a spectator, or everything
        (``as=all``), with the stored record verified by the engine (result and event-log digest) first. The query
        is checked before anything is read: ``as`` a seat's number (ASCII digits), ``spectator`` or ``all``; ``step``
        at most 6 ASCII digits; ``lang`` ``zh`` or ``en``."""
        query = request.query_params
        who = query.get("as", "spectator")
        if who not in ("spectator", "all") and not (len(who) <= 2 and who.isascii() and who.isdigit()):
            raise LobbyError("as must be a seat number, spectator or all")  # ``²`` and 5,000 digits were 500s
        step_asked = G.query_digits(query, "step", -1, 6)
        lang = query.get("lang", "zh")
        if lang not in ("zh", "en"):
            raise LobbyError("lang must be zh or en")
        code = request.path_params["code"]
        row = hall().store.table_by_code(code.upper()) if G.is_code(code) else None
        if row is None or row.status != "over":
            raise LobbyError("no finished game with that code", 404)
        settings = dict(row.settings)
        settings.pop("seats", None)
        config = config_of(settings)
        full = hall().store.finished_record(row.id)
        rec = {
            "version": RECORD_VERSION,
            "edition": config.edition,
            "config": config.to_dict(),
            "seed": row.seed,
            "scenario": None,
            "decisions": [[s, o] for s, o in row.decisions],
            "result": full["result"],
            "digest": full["digest"],
        }
        try:
            verify(rec)
        except FengshengError as exc:
            raise LobbyError(f"the stored game does not verify: {exc}", 500) from None
        step = len(row.decisions) if step_asked < 0 else step_asked
        if not 0 <= step <= len(row.decisions):
            raise LobbyError(f"step must be 0 to {len(row.decisions)}")
        g = Game.new(config, row.seed)
        for s, o in row.decisions[:step]:
            g.act(o, seat=s)
        texts = config.character_texts
        if who == "all":
            events = [e.full() for e in g.events]
            views = [g.view(s) for s in range(g.n)]
            lines = render_events(events, lang, texts)
            return {"steps": len(row.decisions), "step": step, "verified": True, "views": views, "lines": lines}
        seat = None if who == "spectator" else int(who)
        if seat is not None and seat >= g.n:
            raise LobbyError(f"as must be a seat number (0 to {g.n - 1}), spectator or all")
        events = g.events_for(seat)
        return {
            "steps": len(row.decisions),
            "step": step,
            "verified": True,
            "view": g.view(seat),
            "lines": render_events(events, lang, texts, viewer=seat),
        }

    async def stats(request: Request) -> Any:
        return ratings(hall().store)

    # help --------------------------------------------------------------------------------------------------------
    async def help_data(request: Request) -> Any:
        """The deck table (public facts: what each card id is) with names, card help, and character help."""
        from fengsheng.play.words import character_help

        edition = request.query_params.get("edition", "standard")
        try:
            ed = get_edition(edition)
        except (KeyError, FengshengError):
            raise LobbyError("no such edition", 404) from None
        texts = request.query_params.get("texts", "") or ed.default_texts
        if texts not in ed.text_sets:
            raise LobbyError("no such text set", 404)
        out: dict[str, Any] = {
            "edition": edition,
            "texts": texts,
            "cards": [],
            "types": {},
            "characters": {},
            "names": {lang: dict(NAMES[lang]) for lang in ("zh", "en")},
        }
        with edition_texts(texts):
            for c in ed.deck:
                out["cards"].append(
                    {
                        "id": c.id,
                        "type": c.type,
                        "colour": c.colour,
                        "method": c.method,
                        "zh": card_name(c.id, "zh"),
                        "en": card_name(c.id, "en"),
                    }
                )
            for t in {c.type for c in ed.deck}:  # the edition's own card texts (001's 鎖定 is for the play phase)
                out["types"][t] = {lang: {"name": name(t, lang), "text": card_text(t, lang)} for lang in ("zh", "en")}
        for cid in ed.characters(texts):
            out["characters"][cid] = {
                lang: {"name": character_name(cid, lang, texts), "text": character_help(cid, lang, texts)}
                for lang in ("zh", "en")
            }
        return out

    # the websocket -----------------------------------------------------------------------------------------------
    def accept(ws: WebSocket) -> None:
        """A websocket handshake is done (``server.ws``): the hall checks the token and binds the connection to
        (player, table, seat) at its table (``Hall.connect``); it is sent the snapshot, and its messages then go to
        the table as they arrive, in the transport's callback (where the table checks the binding)."""
        conn = hall().connect(ws, ws.path[len(PREFIX) :], ws.query.get("token", ""), ws.query.get("lang", "zh"))
        if conn is None:
            return
        table = conn.home
        assert table is not None

        def on_message(data: str | bytes) -> None:
            table.received(conn, data)

        def on_close() -> None:
            table.part(conn)

        def on_shutdown() -> None:
            conn.put(P.error("shutdown", "the server is restarting: reconnect in a moment", table.seq))

        ws.on_message, ws.on_close, ws.on_shutdown = on_message, on_close, on_shutdown
        table.snapshot(conn)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict[str, Any]]:
        tune_gc()
        store = Store(db)
        h = Hall(store, clock or time.monotonic, keep_finished, abandon_after)
        state["hall"] = h
        app.state.hall = h
        h.restore()
        G.scrub_tables(h.tables.values())  # names an older version stored unchecked: safe to send
        log.info(json.dumps({"event": "started", "db": store.engine.dialect.name}))
        try:
            yield {ACCEPT: accept}  # the lifespan state: server.ws.WebSocket finds the accept hook there
        finally:
            await h.shutdown()

    routes = [
        Route("/", handler(index)),
        Route("/t/{code}", handler(table_page)),
        Route("/health", handler(health)),
        Route("/api/players", handler(new_player), methods=["POST"]),
        Route("/api/me", handler(me)),
        Route("/api/players/revoke", handler(revoke), methods=["POST"]),
        Route("/api/tables", handler(list_tables)),
        Route("/api/tables", handler(create_table), methods=["POST"]),
        Route("/api/tables/{code}", handler(get_table)),
        Route("/api/tables/{code}/sit", handler(sit), methods=["POST"]),
        Route("/api/tables/{code}/leave", handler(leave), methods=["POST"]),
        Route("/api/tables/{code}/bot", handler(bot), methods=["POST"]),
        Route("/api/tables/{code}/start", handler(start), methods=["POST"]),
        Route("/api/tables/{code}/rematch", handler(rematch), methods=["POST"]),
        Route("/api/replays", handler(replays)),
        Route("/api/replays/{code}", handler(replay)),
        Route("/api/stats", handler(stats)),
        Route("/api/help", handler(help_data)),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(G.Guard)],  # HTTP only: body limit, security headers, the last-resort 500
        exception_handlers={HTTPException: _http_error},
    )
