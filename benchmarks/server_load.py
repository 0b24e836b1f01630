"""The table server under load: N tables, every seat a websocket client playing random legal moves.

    python benchmarks/server_load.py --tables 10 50 100 [--game taroinche] [--seconds 15]
    python benchmarks/server_load.py --tables 10 50 --processes 2 --postgres

Starts a real ``tarocchi serve`` on a free loopback port with a fresh SQLite file (``--url`` uses
a running server instead), creates N tables with every seat invited, and runs all the clients in
this one asyncio process. ``--processes 2 --postgres``: two server processes on one throwaway
PostgreSQL database (started as the tests start it), each table's seats dealt round them. An
action's latency runs from its send until the same client receives the state with the next
version (the action committed, applied and broadcast, by whichever process). Reports actions/s,
p50 and p99 latency per N, and the largest N whose p99 stays under 50 ms. The clients share the
machine with the server, so on a 2-core machine the figures are a floor for the server alone.
All the clients come from one address, so the servers it starts have their limits on tables and
connections lifted (UNLIMITED); a server given with ``--url`` needs the same.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed


@dataclass(frozen=True)
class Clients:
    """How the clients behave: seconds each waits before acting (0: at once), and the
    compression it asks the server for (a browser asks for permessage-deflate; None: none)."""

    think: float
    compression: str | None
    full_decode: bool = False
    """Decode every message in full (as a simple client does) rather than ``glance`` at it."""


class Tally:
    """Latencies and action counts inside the measuring window."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.open = False
        self.errors = 0
        self.seated = 0
        """Clients that have had their first state (the warm-up waits for every one)."""
        self.sockets: set[ClientConnection] = set()
        """Every client's open connection: closed at the end (no client polls for it)."""


_decode = json.JSONDecoder().raw_decode


@dataclass(frozen=True)
class Glance:
    """What a load client needs of a message: its type, and of a state its version, whether the
    game is over, who is to act and, only for the seat to act, the legal actions."""

    type: str
    version: int = -1
    over: bool = False
    to_act: int | None = None
    legal: tuple[str, ...] = ()


def glance(raw: str | bytes, seat: int) -> Glance:
    """Read only what ``Glance`` holds from a server message, decoding the small values where they
    stand (the server writes a state's fields in the order docs/protocol.md lists them) rather
    than the whole message: the clients share the server's machine, and decoding every view and
    presentation in full cost them 0.85 ms of processor time per action against 0.6 ms."""
    text = raw if isinstance(raw, str) else raw.decode()
    if not text.startswith('{"type":"state","version":'):
        return Glance(json.loads(text)["type"])
    version, end = _decode(text, 26)
    assert text.startswith(',"table":', end), text[:80]
    table, end = _decode(text, end + 9)
    assert text.startswith(',"view":{', end), text[:80]
    at = text.index('"to_act":', end) + 9
    to_act, _ = _decode(text, at)
    legal: tuple[str, ...] = ()
    if to_act == seat:
        found, _ = _decode(text, text.index('"legal_actions":', at) + 16)
        legal = tuple(found)
    return Glance("state", version, table["over"], to_act, legal)


def full_glance(raw: str | bytes, seat: int) -> Glance:
    """``glance`` by decoding the whole message: what every client checks its first state with."""
    message: dict[str, Any] = json.loads(raw)
    if message["type"] != "state":
        return Glance(message["type"])
    view = message["view"]
    assert view["seat"] == seat == message["table"]["seat"], (view["seat"], seat)
    legal = tuple(view["legal_actions"]) if view["to_act"] == seat else ()
    return Glance("state", message["version"], message["table"]["over"], view["to_act"], legal)


async def seat_client(
    ws_url: str,
    seat: int,
    token: str,
    tally: Tally,
    rng: random.Random,
    stop: asyncio.Event,
    clients: Clients,
) -> None:
    """Sit, and whenever this seat is to act send a random legal action after the clients'
    thinking time; time each one from its send. Every message is read (``glance``: only what a
    player needs of it; the first states, up to one with this seat to act, also in full, and the
    two must agree)."""
    # no keepalive pings from the clients: browsers send none (the server pings each connection);
    # a long opening handshake: thousands open at once at the start, and a table whose client
    # gave up would stop playing for the rest of the run
    async with connect(
        ws_url, max_size=2**22, compression=clients.compression, ping_interval=None, open_timeout=120
    ) as ws:
        if stop.is_set():
            return
        tally.sockets.add(ws)
        try:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            await play_seat(ws, seat, tally, rng, clients)
        except ConnectionClosed:  # closed at the end of the measurement
            return
        finally:
            tally.sockets.discard(ws)


async def play_seat(
    ws: ClientConnection, seat: int, tally: Tally, rng: random.Random, clients: Clients
) -> None:
    sent: tuple[int, float] | None = None
    checked = seated = False
    async for raw in ws:
        message = (full_glance if clients.full_decode else glance)(raw, seat)
        if not checked and message.type == "state":  # until one with this seat to act
            assert message == full_glance(raw, seat), "glance misread a state"
            checked = message.to_act == seat
        if message.type == "error":
            tally.errors += 1
            sent = None
            continue
        if message.type != "state":
            continue
        if not seated:
            tally.seated += 1
            seated = True
        if sent is not None and message.version > sent[0]:
            if tally.open:
                tally.latencies.append(time.perf_counter() - sent[1])
            sent = None
        if message.over:
            return
        if sent is None and message.to_act == seat and message.legal:
            action = rng.choice(message.legal)
            if clients.think:
                await asyncio.sleep(clients.think * rng.uniform(0.5, 1.5))
            sent = (message.version, time.perf_counter())
            await ws.send(json.dumps({"type": "act", "action": action, "version": message.version}))


async def table_loop(
    http: httpx.AsyncClient,
    ws_bases: list[str],
    game: str,
    players: int,
    tally: Tally,
    rng: random.Random,
    stop: asyncio.Event,
    clients: Clients,
) -> None:
    """One table's worth of load: a table with every seat a client, the seats dealt round the
    server processes; a finished game is replaced."""
    first = rng.randrange(len(ws_bases))
    while not stop.is_set():
        answer = await http.post("/api/tables", json={"game": game, "seats": ["invite"] * players})
        answer.raise_for_status()
        table = answer.json()
        await asyncio.gather(
            *(
                seat_client(
                    f"{ws_bases[(first + s['seat']) % len(ws_bases)]}/ws/{table['id']}",
                    s["seat"],
                    s["token"],
                    tally,
                    random.Random(rng.random()),
                    stop,
                    clients,
                )
                for s in table["seats"]
            )
        )


async def measure(
    bases: list[str],
    game: str,
    tables: int,
    seconds: float,
    rng: random.Random,
    clients: Clients,
    server_pids: list[int],
    db_pid: int | None,
) -> dict[str, float]:
    """One load level: N tables played at once, measured after a short warm-up; with the
    servers' pids, also the processor time they spent per action (and the database's)."""
    tally, stop = Tally(), asyncio.Event()
    limits = httpx.Limits(max_connections=tables)
    ws_bases = [base.replace("http://", "ws://") for base in bases]
    async with httpx.AsyncClient(base_url=bases[0], timeout=60, limits=limits) as http:
        games = (await http.get("/api/games")).json()
        players = next(g["players"] for g in games if g["id"] == game)
        loops = [
            asyncio.create_task(table_loop(http, ws_bases, game, players, tally, rng, stop, clients))
            for _ in range(tables)
        ]
        # warm-up: every table created and every seat at it (thousands of connections opened at
        # once are no steady state), then the clients' first thinking, and a few seconds' play
        deadline = time.monotonic() + 300
        while tally.seated < tables * players and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        await asyncio.sleep(min(5.0, seconds / 3) + clients.think * 2)
        tally.open = True
        start, busy, db = time.perf_counter(), cpu_seconds(server_pids), database_seconds(db_pid)
        mine = time.process_time()
        await asyncio.sleep(seconds)
        tally.open = False
        elapsed, mine = time.perf_counter() - start, time.process_time() - mine
        busy, db = cpu_seconds(server_pids) - busy, database_seconds(db_pid) - db
        stop.set()
        await asyncio.gather(*(ws.close() for ws in list(tally.sockets)), return_exceptions=True)
        await asyncio.gather(
            *loops
        )  # a table whose clients failed fails the run: no figures for fewer tables
    ordered = sorted(tally.latencies) or [float("nan")]

    def quantile(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return {
        "clients": tables * players,
        "actions_per_s": len(tally.latencies) / elapsed,
        "p50_ms": quantile(0.50),
        "p99_ms": quantile(0.99),
        "errors": tally.errors,
        "server_ms": busy * 1000 / max(1, len(tally.latencies)) if server_pids else float("nan"),
        "db_ms": db * 1000 / max(1, len(tally.latencies)) if db_pid else float("nan"),
        "clients_ms": mine * 1000 / max(1, len(tally.latencies)),
    }


def cpu_seconds(pids: list[int], children: bool = False) -> float:
    """The processor time (user and system, all threads) processes ``pids`` have used (Linux);
    ``children``: with that of their children that ended."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
    return total / os.sysconf("SC_CLK_TCK")


def database_seconds(postmaster: int | None) -> float:
    """The processor time of a PostgreSQL server: the postmaster, its living backends and those
    that ended (Linux)."""
    if postmaster is None:
        return 0.0
    backends = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == postmaster:
                backends.append(int(entry.name))
    seconds = cpu_seconds([postmaster], children=True)
    for pid in backends:
        try:
            seconds += cpu_seconds([pid])
        except OSError:  # ended meanwhile: counted with the postmaster's children next time
            continue
    return seconds


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


UNLIMITED = {
    f"TAROCCHI_{name}": "1000000"
    for name in (
        *("TABLES_PER_MINUTE", "TABLES_PER_MINUTE_ALL", "OPEN_TABLES_PER_ADDRESS", "OPEN_TABLES"),
        *("SOCKETS_PER_ADDRESS", "SOCKETS_PER_TABLE", "SOCKETS"),
    )
}
"""The server's limits lifted: every client of the benchmark comes from this machine's address."""


def start_server(db_url: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [str(Path(sys.executable).parent / "tarocchi"), "serve", "--port", str(port)]
    command += ["--db", db_url]
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **UNLIMITED}
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start within 30 s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 100], help="load levels")
    parser.add_argument("--game", default="taroinche", help="the game every table plays")
    parser.add_argument("--seconds", type=float, default=15.0, help="measuring window per level")
    parser.add_argument("--url", help="a running server (default: start one on a fresh SQLite file)")
    parser.add_argument(
        "--db", metavar="URL", help="the database of the servers started (default: a fresh SQLite file)"
    )
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="start a throwaway PostgreSQL on loopback for the servers (as the tests do)",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes sharing the database (PostgreSQL)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the clients' choices")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a client waits before acting, varied ±50%% (0: at once, the server saturated)",
    )
    parser.add_argument(
        "--no-compression",
        dest="compression",
        action="store_const",
        const=None,
        default="deflate",
        help="clients do not ask for permessage-deflate (browsers do; programs may not)",
    )
    parser.add_argument(
        "--full-decode",
        action="store_true",
        help="clients decode every message in full, not only the fields a player needs",
    )
    args = parser.parse_args(argv)
    if any(n < 1 for n in args.tables) or args.seconds <= 0 or args.think < 0 or args.processes < 1:
        parser.error("--tables, --seconds and --processes must be positive, --think at least 0")
    shared = args.postgres or (args.db or "").startswith("postgresql")
    if args.processes > 1 and not shared:
        parser.error("several --processes need PostgreSQL: --postgres, or --db postgresql://user@host/db")
    rng = random.Random(args.seed)
    pace = f"clients think {args.think:g} s" if args.think else "clients act at once"
    pace += "" if args.compression else ", no compression"
    where = f"{args.processes} server process{'es' if args.processes > 1 else ''}"
    where += " on PostgreSQL" if shared else " on SQLite"
    print(f"{args.game}, {args.seconds:.0f} s per level, {pace}, {where}; clients share the machine")
    print(
        f"{'tables':>6} {'clients':>7} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7} {'errors':>6} "
        f"{'server ms/action':>16} {'db ms/action':>12} {'clients ms/action':>17}"
    )
    best = 0
    postgres = None
    processes: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as folder:
        try:
            db_url, db_pid = args.db or f"sqlite:///{Path(folder) / 'tables.db'}", None
            if args.postgres:
                sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
                from serverproc import Postgres

                postgres = Postgres(Path(tempfile.mkdtemp(prefix="tarocchi-load-")))
                postgres.start()
                db_url = postgres.database("load")
                db_pid = int((postgres.folder / "data" / "postmaster.pid").read_text().split()[0])
            bases = [args.url] if args.url else []
            for _ in range(0 if args.url else args.processes):
                process, base = start_server(db_url)
                processes.append(process)
                bases.append(base)
            for tables in args.tables:
                row = asyncio.run(
                    measure(
                        bases,
                        args.game,
                        tables,
                        args.seconds,
                        rng,
                        Clients(args.think, args.compression, args.full_decode),
                        [process.pid for process in processes],
                        db_pid,
                    )
                )
                print(
                    f"{tables:>6} {row['clients']:>7.0f} {row['actions_per_s']:>9.0f} "
                    f"{row['p50_ms']:>7.1f} {row['p99_ms']:>7.1f} {row['errors']:>6.0f} "
                    f"{row['server_ms']:>16.2f} {row['db_ms']:>12.2f} {row['clients_ms']:>17.2f}",
                    flush=True,
                )
                if row["p99_ms"] < 50:
                    best = max(best, tables)
        finally:
            for process in processes:
                process.send_signal(signal.SIGTERM)
            for process in processes:
                process.wait(timeout=30)
            if postgres is not None:
                postgres.stop()
                shutil.rmtree(postgres.folder, ignore_errors=True)
    print(f"largest N with p99 < 50 ms: {best or 'none measured'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
