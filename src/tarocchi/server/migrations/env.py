"""Alembic's environment for the table server: migrations run in code, on the URL given."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from tarocchi.server.store import metadata

url = context.config.get_main_option("sqlalchemy.url")
assert url is not None
engine = create_engine(url)
with engine.begin() as connection:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
engine.dispose()
