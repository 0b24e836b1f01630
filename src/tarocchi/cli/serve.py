"""``tarocchi serve``: the table server on uvicorn, with its database, until Ctrl-C or SIGTERM."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import click

WEB_EXTRA = "tarocchi serve needs the web extra: pip install 'tarocchi[web]' (make serve installs it)"


def default_db() -> str:
    """An SQLite file in the user's data directory ($XDG_DATA_HOME/tarocchi/tables.db)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "tarocchi"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.db'}"


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="The port.")
@click.option(
    "--db",
    "db_url",
    metavar="URL",
    help="sqlite:///path/tables.db or postgresql://user@host/db (default: an SQLite file in the "
    "user's data directory).",
)
@click.option(
    "--undo-seconds",
    type=click.FloatRange(0, 60),
    default=1.5,
    show_default=True,
    help="How long computer players wait after a move of a person alone with them, who may take "
    "it back meanwhile (0: no undo).",
)
def serve(host: str, port: int, db_url: str | None, undo_seconds: float) -> None:
    """Serve shared tables: friends and computer players in the browser, at http://HOST:PORT/."""
    try:
        import uvicorn

        from tarocchi.server.app import MAX_MESSAGE, create_app
    except ImportError:
        raise click.ClickException(WEB_EXTRA) from None
    url = db_url or default_db()
    if not url.startswith(("sqlite:", "postgresql:", "postgresql+psycopg:")):
        raise click.BadParameter(
            f"'{url[:60]}' is no database URL: use sqlite:///path/tables.db or postgresql://user@host/db",
            param_hint="--db",
        )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    shown = url.split("@")[-1] if "@" in url else url  # never print a password
    click.echo(
        f"tarocchi table server on http://{host}:{port}/ · database {shown} · Ctrl-C stops it", err=True
    )
    uvicorn.run(
        create_app(url, undo_seconds=undo_seconds),
        host=host,
        port=port,
        access_log=False,  # a request line may carry a seat's token (?token=): never logged
        ws_max_size=MAX_MESSAGE + 1024,
        log_level="info",
        timeout_graceful_shutdown=5,
    )
