"""``tarocchi serve``: the table server on uvicorn, with its database, until Ctrl-C or SIGTERM.

Every setting is a flag and an environment variable (``TAROCCHI_*``); what cannot start (a bad or
unreachable database, one of a newer schema, a port in use) is said in one line before anything
is served.
"""

from __future__ import annotations

import logging
import os
import re
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from tarocchi.core.registry import load_games
from tarocchi.server.settings import Settings, default

F = TypeVar("F", bound=Callable[..., Any])

ORIGIN = re.compile(r"https?://[^/\s?#@]+/?", re.IGNORECASE)
"""An origin as browsers send it: scheme, host and port, nothing after."""

WEB_EXTRA = "tarocchi serve needs the web extra: pip install 'tarocchi[cli,web]' (make serve installs it)"


def default_db() -> str:
    """An SQLite file in the user's data directory ($XDG_DATA_HOME/tarocchi/tables.db)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "tarocchi"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.db'}"


def shown(url: str) -> str:
    """A database URL as printed: never its password."""
    return re.sub(r"^([a-z0-9+]+://[^:@/]*):[^/]*@", r"\1@", url)


def first_line(error: BaseException) -> str:
    """An exception's own words in one line (a driver's error often spans several)."""
    cause = getattr(error, "orig", None) or error
    words = str(cause).strip().splitlines()
    return words[0] if words else type(cause).__name__


def check_database(url: str) -> None:
    """Reach the database at ``url`` and bring its schema up to date, or say in one line why not."""
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    from tarocchi.server.health import database_revision, known_revisions, schema_head
    from tarocchi.server.store import connect, engine_url, migrate

    where = shown(url)
    try:
        engine = connect(engine_url(url))
    except (ArgumentError, NoSuchModuleError, ValueError) as error:
        raise click.ClickException(
            f"--db '{where[:80]}' is no database URL ({first_line(error)}): use "
            "sqlite:///path/tables.db or postgresql://user@host/db"
        ) from None
    except ImportError as error:
        raise click.ClickException(f"the database driver is missing: {first_line(error)}") from None
    try:
        revision = database_revision(engine)
    except Exception as error:  # every driver has its own errors: all of them mean "cannot reach"
        raise click.ClickException(f"cannot open the database {where}: {first_line(error)}") from None
    finally:
        engine.dispose()
    if revision is not None and revision not in known_revisions():
        raise click.ClickException(
            f"the database {where} has schema revision {revision}, newer than this tarocchi knows "
            f"(its newest is {schema_head()}): upgrade tarocchi"
        )
    try:
        migrate(engine_url(url))
    except Exception as error:
        raise click.ClickException(f"cannot migrate the database {where}: {first_line(error)}") from None


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound before anything else starts, or one line saying why not."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        listening = socket.socket(family, kind, proto)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(address)
    except OSError as error:
        reason = error.strerror or str(error)
        raise click.ClickException(f"cannot listen on {host}:{port}: {reason.lower()}") from None
    listening.listen(2048)
    listening.set_inheritable(True)
    return listening


def _env(setting: str, env: str) -> dict[str, Any]:
    """An option's default (the Settings') and environment variable, both shown in --help."""
    return {
        "default": default(setting),
        "show_default": True,
        "envvar": f"TAROCCHI_{env}",
        "show_envvar": True,
    }


def _limit(flag: str, setting: str, text: str) -> Callable[[F], F]:
    """An option for a limit: a whole number from 1."""
    return click.option(flag, setting, type=click.IntRange(1), help=text, **_env(setting, setting.upper()))


@click.command()
@click.option("--host", help="The address to listen on.", **_env("host", "HOST"))
@click.option("--port", type=click.IntRange(1, 65535), help="The port.", **_env("port", "PORT"))
@click.option(
    "--db",
    "db_url",
    metavar="URL",
    help="sqlite:///path/tables.db or postgresql://user@host/db (default: an SQLite file in the "
    "user's data directory).",
    envvar="TAROCCHI_DB",
    show_envvar=True,
)
@click.option(
    "--undo-seconds",
    type=click.FloatRange(0, 60),
    help="How long computer players wait after a move of a person alone with them, who may take "
    "it back meanwhile (0: no undo).",
    **_env("undo_seconds", "UNDO_SECONDS"),
)
@click.option(
    "--archive-days",
    "archive_after_days",
    type=click.FloatRange(0),
    help="Unfinished tables nobody touched for this many days are archived: not loaded at start, "
    "reopened when asked for (0: never).",
    **_env("archive_after_days", "ARCHIVE_DAYS"),
)
@click.option(
    "--access-log/--no-access-log",
    help="Log every request and websocket with the client's address, path and query string "
    "(which may hold a seat's token).",
    **_env("access_log", "ACCESS_LOG"),
)
@click.option(
    "--allow-origin",
    "allow_origins",
    multiple=True,
    metavar="ORIGIN",
    help="Another origin (https://host[:port]) whose pages may open the websocket, besides the "
    "server's own; repeat for more (the variable: separated by spaces).",
    envvar="TAROCCHI_ALLOW_ORIGIN",
    show_envvar=True,
)
@click.option(
    "--forwarded-allow-ips",
    help="Proxies trusted to tell the client's address (X-Forwarded-For), comma-separated; '*' for any.",
    **_env("forwarded_allow_ips", "FORWARDED_ALLOW_IPS"),
)
@_limit("--tables-per-minute", "tables_per_minute", "Tables one client address may create a minute.")
@_limit("--tables-per-minute-all", "tables_per_minute_all", "Tables all clients may create a minute.")
@_limit("--open-tables-per-address", "open_tables_per_address", "Unfinished tables one address may create.")
@_limit("--open-tables", "open_tables", "Unfinished tables the server holds at most.")
@_limit("--sockets-per-address", "sockets_per_address", "Websockets one client address may hold.")
@_limit("--sockets-per-table", "sockets_per_table", "Websockets one table takes (seats and spectators).")
@_limit("--sockets", "sockets", "Websockets the server holds at most.")
def serve(**given: Any) -> None:
    """Serve shared tables: friends and computer players in the browser, at http://HOST:PORT/."""
    load_games()  # a game TAROCCHI_GAMES names but cannot load: said before anything starts
    settings = Settings(
        **{**given, "db_url": given["db_url"] or default_db(), "allow_origins": tuple(given["allow_origins"])}
    )
    for origin in settings.allow_origins:
        if not ORIGIN.fullmatch(origin):
            raise click.ClickException(
                f"--allow-origin '{origin[:80]}' is no origin: give scheme, host and port only, "
                "as https://tables.example.org or http://localhost:8080"
            )
    if not settings.db_url.startswith(("sqlite:", "postgresql:", "postgresql+psycopg:")):
        raise click.ClickException(
            f"--db '{shown(settings.db_url)[:60]}' is no database URL: use sqlite:///path/tables.db or "
            "postgresql://user@host/db"
        )
    listening = listen(settings.host, settings.port)
    # The server's modules take a second or more to import: a setting that cannot start is said first.
    try:
        import uvicorn

        from tarocchi.server.app import MAX_MESSAGE, create_app
        from tarocchi.server.collector import Collector
        from tarocchi.server.transport import WebSocketProtocol, quiet
    except ImportError:
        raise click.ClickException(WEB_EXTRA) from None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    check_database(settings.db_url)
    click.echo(
        f"tarocchi table server on http://{settings.host}:{settings.port}/ · database "
        f"{shown(settings.db_url)} · Ctrl-C stops it",
        err=True,
    )
    config = uvicorn.Config(
        create_app(settings),
        access_log=settings.access_log,
        ws=WebSocketProtocol,
        ws_max_size=MAX_MESSAGE,
        forwarded_allow_ips=settings.forwarded_allow_ips,
        log_level="info",
        timeout_graceful_shutdown=5,
    )
    quiet(settings.access_log)
    # The garbage collector's policy belongs to the serving process, so the command sets it: the
    # app run by another host (an ASGI server of its own, a test client) leaves that host's
    # collector as it is.
    collector = Collector()
    collector.start()
    try:
        uvicorn.Server(config).run(sockets=[listening])
    finally:
        collector.stop()
