"""tests/server: the browser server over real sockets (needs the `server` extra; skipped without it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")
pytest.importorskip("sqlalchemy")
pytest.importorskip("orjson")

from tests.server.helpers import PG_URL, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("db") / "fengsheng.db"
    s = Server(f"sqlite:///{db}").start()
    yield s
    s.stop()
    log = s.log.read_text()
    assert "Traceback" not in log, log[-3000:]


def pg_url_or_skip() -> str:
    if not PG_URL:
        pytest.skip("FENGSHENG_TEST_PG_URL is not set (.ci/run starts a PostgreSQL and sets it)")
    return PG_URL


def fresh_pg(url: str) -> str:
    """Drop every table of the test database so that a test starts from an empty schema."""
    import sqlalchemy as sa

    from fengsheng.server.store import meta

    eng = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with eng.begin() as conn:
        meta.drop_all(conn)
        conn.execute(sa.text("DROP TABLE IF EXISTS schema_meta"))
    eng.dispose()
    return url


ARTEFACTS = Path(__file__).resolve().parents[2] / "artefacts"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests of a module that uses the one PostgreSQL database (``pg_url_or_skip``, ``fresh_pg``) run on one
    pytest-xdist worker, one after another (``--dist loadgroup``): they drop and create its tables."""
    for item in items:
        module = getattr(item, "module", None)
        if module is not None and {"pg_url_or_skip", "fresh_pg"} & set(vars(module)):
            item.add_marker(pytest.mark.xdist_group("postgresql"))
