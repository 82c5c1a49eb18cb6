"""The app: the lobby over HTTP/JSON, one websocket per seat or spectator, replays, help, the browser client.

The HTTP side is a Starlette ASGI app (routing, static files): small, typed, well kept. The websockets (``/ws/CODE``)
do not go through ASGI: ``server.ws.WebSocket`` is uvicorn's websocket protocol (``fengsheng serve`` passes it), and
the app's lifespan hands it :func:`accept` (docs/scaling.md says why). A request that fails is
``{"error": one line}`` with its HTTP status; a websocket message that fails is the protocol's error message, and
the connection stays open (docs/server.md).
"""

from __future__ import annotations

import contextlib
import gc
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from fengsheng.editions import get_edition
from fengsheng.errors import FengshengError
from fengsheng.game import RECORD_VERSION, Game
from fengsheng.record import verify
from fengsheng.server import protocol as P
from fengsheng.server.hall import Hall
from fengsheng.server.settings import LobbyError, config_of
from fengsheng.server.stats import ratings
from fengsheng.server.store import Store
from fengsheng.server.table import Table
from fengsheng.server.ws import ACCEPT, PREFIX, WebSocket
from fengsheng.text import NAMES, card_name, card_text, character_name, edition_texts, name, render_events

log = logging.getLogger("fengsheng.server")
STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024
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


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


def _err(message: str, status: int = 400) -> JSONResponse:
    return _json({"error": message}, status)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise LobbyError(f"body larger than {MAX_BODY} bytes", 413)
    if not raw:
        return {}
    try:
        obj = json.loads(raw)
    except ValueError:
        raise LobbyError("the body is not JSON") from None
    if not isinstance(obj, dict):
        raise LobbyError("the body must be a JSON object")
    return obj


def create_app(db: str = "sqlite:///fengsheng.db", clock: Callable[[], float] | None = None) -> Starlette:
    """The app over the database at ``db``; unfinished tables are rebuilt from it at start."""
    state: dict[str, Any] = {}

    def hall() -> Hall:
        h: Hall = state["hall"]
        return h

    def player_of(request: Request) -> tuple[int, str]:
        auth = request.headers.get("authorization", "")
        token = auth[7:] if auth.lower().startswith("bearer ") else ""
        who = hall().store.player_by_token(token) if token else None
        if who is None:
            raise LobbyError("a player token is needed (POST /api/players)", 401)
        return who

    def handler(fn: Callable[[Request], Awaitable[Any]]) -> Callable[[Request], Awaitable[Response]]:
        async def wrapped(request: Request) -> Response:
            try:
                out = await fn(request)
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
        nm = body.get("name")
        if not isinstance(nm, str) or not 1 <= len(nm.strip()) <= 24:
            raise LobbyError("name must be 1 to 24 characters")
        pid, token = hall().store.new_player(nm.strip())
        return {"id": pid, "name": nm.strip(), "token": token}

    async def me(request: Request) -> Any:
        pid, nm = player_of(request)
        return {"id": pid, "name": nm}

    async def revoke(request: Request) -> Any:
        pid, nm = player_of(request)
        return {"id": pid, "name": nm, "token": hall().revoke(pid)}  # its open sockets are closed too

    # tables ------------------------------------------------------------------------------------------------------
    async def list_tables(request: Request) -> Any:
        return {"tables": [t.public() for t in hall().tables.values() if t.status in ("lobby", "playing")]}

    async def create_table(request: Request) -> Any:
        pid, nm = player_of(request)
        body = await _body(request)
        t = hall().create(pid, body)
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

    async def sit(request: Request) -> Any:
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
        return hall().rematch(t, pid).public()

    # replays -----------------------------------------------------------------------------------------------------
    async def replays(request: Request) -> Any:
        return {"games": hall().store.finished()}

    async def replay(request: Request) -> Any:
        """A finished game at step ``step`` (decisions answered) as seat K saw it, a spectator, or everything
        (``as=all``), with the stored record verified by the engine (result and event-log digest) first."""
        code = request.path_params["code"]
        row = hall().store.table_by_code(code.upper())
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
        who = request.query_params.get("as", "spectator")
        lang = request.query_params.get("lang", "zh")
        try:
            step = int(request.query_params.get("step", len(row.decisions)))
        except ValueError:
            raise LobbyError("step must be an integer") from None
        if not 0 <= step <= len(row.decisions):
            raise LobbyError(f"step must be 0 to {len(row.decisions)}")
        g = Game.new(config, row.seed)
        for s, o in row.decisions[:step]:
            g.act(o, seat=s)
        texts = config.character_texts
        if who == "all":
            events = [e.full() for e in g.events]
            views = [g.view(s) for s in range(g.n)]
            lines = render_events(events, lang if lang in ("zh", "en") else "zh", texts)
            return {"steps": len(row.decisions), "step": step, "verified": True, "views": views, "lines": lines}
        seat = None if who == "spectator" else int(who) if who.isdigit() and int(who) < g.n else -1
        if seat == -1:
            raise LobbyError("as must be a seat number, spectator or all")
        events = g.events_for(seat)
        return {
            "steps": len(row.decisions),
            "step": step,
            "verified": True,
            "view": g.view(seat),
            "lines": render_events(events, lang if lang in ("zh", "en") else "zh", texts, viewer=seat),
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
        h = Hall(store) if clock is None else Hall(store, clock)
        state["hall"] = h
        app.state.hall = h
        h.restore()
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
    return Starlette(routes=routes, lifespan=lifespan)
