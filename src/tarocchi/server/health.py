"""``GET /healthz`` and ``GET /version``: what a load balancer and an operator ask of a running
server (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import logging
from functools import cache
from pathlib import Path
from typing import Any

from alembic.script import ScriptDirectory
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import Engine, text

import tarocchi
from tarocchi.core.registry import available_games, game_class

log = logging.getLogger("tarocchi.server")

HEALTH_SECONDS = 5.0
"""How long the database may take to answer the health check before the server is unhealthy."""
MIGRATIONS = Path(__file__).parent / "migrations"

health = APIRouter()


@cache
def schema_head() -> str:
    """The newest schema revision this version of tarocchi knows (its last migration)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def known_revisions() -> set[str]:
    """Every schema revision this version of tarocchi can migrate from or to."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}


def database_revision(engine: Engine) -> str | None:
    """The schema revision the database is at (None: not migrated yet)."""
    with engine.connect() as db:
        if not engine.dialect.has_table(db, "alembic_version"):
            return None
        found = db.execute(text("SELECT version_num FROM alembic_version")).scalar()
        return None if found is None else str(found)


def _ping(engine: Engine) -> None:
    with engine.connect() as db:
        db.execute(text("SELECT 1"))


@health.get("/healthz", responses={503: {"description": "the database does not answer"}})
async def healthz(request: Request) -> JSONResponse:
    """200 while the database answers, else 503: for a load balancer or a supervisor."""
    engine: Engine = request.app.state.tables.store.engine
    try:
        await asyncio.wait_for(asyncio.to_thread(_ping, engine), HEALTH_SECONDS)
    except Exception as error:  # any failure to reach the database is ill health, told in one line
        log.warning("health check: the database does not answer (%s)", type(error).__name__)
        return JSONResponse({"status": "unavailable", "detail": "the database does not answer"}, 503)
    return JSONResponse({"status": "ok"})


@health.get("/version")
async def version(request: Request) -> dict[str, Any]:
    """This server's package version, each game's rules version and the database's schema."""
    engine: Engine = request.app.state.tables.store.engine
    return {
        "version": tarocchi.__version__,
        "rules": {game: game_class(game).info.rules_version for game in available_games()},
        "schema": {"database": await asyncio.to_thread(database_revision, engine), "code": schema_head()},
    }
