"""``fengsheng serve``: play 风声 with friends in the browser (docs/server.md).

The server is an optional extra (``pip install fengsheng[server]``: Starlette, uvicorn, websockets, SQLAlchemy,
psycopg). By job: :mod:`.protocol` (the wire messages, their checks, the one error shape, the rate limit),
:mod:`.store` (persistence with a versioned schema: SQLite by default, PostgreSQL by URL), :mod:`.tables` (a table:
one ``Game`` driven by one ``Match``, its seats, tokens, bots, timers and connections), :mod:`.app` (the ASGI app:
the lobby over HTTP/JSON, the websocket, the static browser client in ``static/``). The engine stays the only
judge: each connection gets its seat's ``view`` and new events, answers go through ``Match.answer``.
"""
