"""``GET /healthz`` says whether the database answers (200, else 503) and ``GET /version`` what
this server is: its package version, each game's rules version and the database's schema."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from fastapi.testclient import TestClient
from serverproc import Postgres, http, serving
from sqlalchemy import create_engine

import tarocchi
from tarocchi.core.registry import available_games, game_class
from tarocchi.server.health import HEALTH_SECONDS, MIGRATIONS, schema_head


def test_healthy_while_the_database_answers(client: TestClient) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200 and answer.json() == {"status": "ok"}


def test_unhealthy_when_the_database_does_not_answer(client: TestClient) -> None:
    store = client.app.state.tables.store  # type: ignore[attr-defined]
    store.engine = create_engine("sqlite:////nonexistent/folder/tables.db")
    answer = client.get("/healthz")
    assert answer.status_code == 503
    assert answer.json() == {"status": "unavailable", "detail": "the database does not answer"}


def test_the_version_names_the_package_the_rules_and_the_schema(client: TestClient) -> None:
    answer = client.get("/version").json()
    assert answer["version"] == tarocchi.__version__
    assert answer["rules"] == {game: game_class(game).info.rules_version for game in available_games()}
    assert set(answer["rules"]) == {"piedmont", "sicilian", "taroinche", "taroux"}
    assert answer["schema"] == {"database": schema_head(), "code": schema_head()}
    newest = sorted(p.name for p in (MIGRATIONS / "versions").glob("0*.py"))[-1]
    assert schema_head() == newest.split("_")[0]


def test_a_real_server_is_unhealthy_while_its_postgresql_is_down(tmp_path: Path) -> None:
    """A PostgreSQL of its own (the session's is shared), stopped under a running server, then back."""
    folder = Path(tempfile.mkdtemp(prefix="tarocchi-postgres-"))
    database = Postgres(folder)
    database.start()
    try:
        with serving(tmp_path, db_url=database.database("health")) as server:
            assert http.get(f"{server.base}/healthz").status_code == 200
            database.stop()
            down = http.get(f"{server.base}/healthz", timeout=HEALTH_SECONDS + 5)
            assert down.status_code == 503 and down.json()["status"] == "unavailable"
            database.resume()
            assert http.get(f"{server.base}/healthz", timeout=HEALTH_SECONDS + 5).status_code == 200
    finally:
        database.stop()
        shutil.rmtree(folder, ignore_errors=True)
