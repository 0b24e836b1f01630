"""The click commands. Each is a thin layer: parse and validate the arguments (usage errors
exit 2), call the library, print with rich. Exit 1 means a check failed (bad record, broken
invariant)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import click

from tarocchi import bench as bench_lib
from tarocchi import loading
from tarocchi.bots.players import player_kind, player_names
from tarocchi.bots.tournament import tournament as run_tournament
from tarocchi.cli.common import (
    MAX_COUNT,
    OPTION_HELP,
    SEED,
    WholeNumber,
    bounded_jobs,
    fresh_seed,
    load_game,
    make_console,
    say,
    say_path,
    titled,
    writable_dir,
    writable_file,
)
from tarocchi.cli.deals import read_deals
from tarocchi.cli.play import EXIT_INTERRUPTED, HUMAN, TableSession, resume_table
from tarocchi.cli.players import default_level, level_of, make_opponent
from tarocchi.cli.reports import (
    bench_table,
    print_games,
    print_simulation,
    progress_bar,
    replay_line,
    tournament_table,
)
from tarocchi.core.errors import ArgumentError, RecordError, TarocchiError
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game
from tarocchi.core.record import load as load_record
from tarocchi.core.record import path_text
from tarocchi.core.registry import available_games, get_game
from tarocchi.ray_workers import INSTALL, RayError, knock, load_ray
from tarocchi.simulate import simulate as run_simulation

RECORDS = Path("records")
"""Where ``tarocchi play`` saves its records unless ``--record`` says otherwise."""
LATEST = ""
"""``--resume`` given no file: the latest unfinished game in RECORDS."""

JOBS = click.option(
    "--jobs",
    type=WholeNumber(1, 10**6),
    default=1,
    show_default=True,
    help="Worker processes (at most the number of CPUs).",
)

RAY = click.option(
    "--ray",
    "use_ray",
    is_flag=True,
    help="Run on Ray: a local Ray on this machine's CPUs, or the cluster of --ray-address. The "
    "same seed gives the same results. Needs pip install 'tarocchi[scale]'.",
)
RAY_ADDRESS = click.option(
    "--ray-address",
    metavar="ADDRESS",
    help="The Ray cluster to run on (implies --ray): its head's host:port, e.g. 10.0.0.5:6379, or "
    "auto on one of its machines.",
)


class _Commands(click.Group):
    """A group whose ``--help`` gives each command's whole summary (its first sentence), wrapped
    to the terminal, where click would cut it short with "..." to fit one line."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tarocchi")
def cli() -> None:
    """Tarot-family card games: play at the terminal, simulate, replay records, bench."""


@cli.command()
def games() -> None:
    """List every registered game with its options."""
    print_games(make_console(), [get_game(game_id) for game_id in available_games()])


@cli.command()
@click.argument("game_id", metavar="GAME", required=False)
@click.option(
    "--seat", type=WholeNumber(-99, 99), default=0, show_default=True, help="Your seat (0 is the first)."
)
@click.option(
    "--seed",
    type=SEED,
    help="Play a reproducible game. It makes the deals predictable: the same seed deals the same "
    "cards, so whoever knows it knows every hand. Without it the deals come from the system's "
    "secret randomness and no seed is shown.",
)
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help=OPTION_HELP)
@click.option(
    "--level",
    help="Computer players: easy (random), medium (heuristic, the default), hard (search), learned or "
    "expert (where the game has a learned policy), by level or kind; one for all, or one per computer "
    "seat in seat order, e.g. hard,medium,easy.",
)
@click.option(
    "--deals",
    "deals_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Play the deals and first dealer of this record file instead of shuffling.",
)
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where to save the game record (default: records/<game>-<date>-<time>.json).",
)
@click.option(
    "--resume",
    "resume_path",
    metavar="FILE",
    is_flag=False,
    flag_value=LATEST,
    help="Continue the game saved in this record (game, options, seat and levels come from it; "
    "it is saved to the same file unless --record says otherwise). Without a file: the latest "
    "unfinished game in records/.",
)
@click.option(
    "--no-autoplay",
    is_flag=True,
    help="Do not play your only legal move for you (see autoplay at the table).",
)
@click.option(
    "--server",
    metavar="URL",
    help="Sit at a table of a tarocchi server (http://host:port) with --token; or give the seat's "
    "link (http://host:port/table.html?id=...#...) instead of GAME.",
)
@click.option("--token", metavar="TOKEN", help="Your seat's secret token at --server (the end of its link).")
def play(
    game_id: str | None,
    seat: int,
    seed: int | None,
    option_pairs: tuple[str, ...],
    level: str | None,
    deals_path: Path | None,
    record_path: Path | None,
    resume_path: str | None,
    no_autoplay: bool,
    server: str | None,
    token: str | None,
) -> None:
    """Play GAME at the terminal against computer players, --resume a saved game, or sit at a
    server's table (its seat's link, or --server and --token)."""
    if server is not None or token is not None or (game_id or "").startswith(("http://", "https://")):
        from tarocchi.cli.remote import sit

        raise SystemExit(sit(make_console(), game_id, server, token, not no_autoplay))
    if resume_path is not None:
        resume_game(resume_path, record_path, not no_autoplay)
    if game_id is None:
        raise click.UsageError("Missing argument 'GAME' (or --resume FILE).")
    game = load_game(game_id, option_pairs)
    if not 0 <= seat < game.players:
        raise click.BadParameter(
            f"{game.info.id} seats are 0..{game.players - 1} (got {seat})", param_hint="'--seat'"
        )
    try:
        others = [s for s in range(game.players) if s != seat]
        wanted = [w.strip().lower() for w in level.split(",")] if level else [default_level(game)]
        if len(wanted) == 1:
            wanted *= len(others)
        if len(wanted) != len(others):
            raise ValueError(
                f"give one level, or one per computer seat ({len(others)}, in seat order); got {level}"
            )
        levels = {other: level_of(game, name) for other, name in zip(others, wanted, strict=True)}
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--level'") from None
    record_path = writable_file(record_path or default_record_path(game.info.id), "'--record'")
    console = make_console()
    names = [
        HUMAN if s == seat else f"{levels[s]} ({make_opponent(game, s, levels[s]).name})"
        for s in range(game.players)
    ]
    try:
        if deals_path is not None:
            given = read_deals(deals_path, game, seed)
            match = Match(game, seed=seed, first_dealer=given.first_dealer, deals=given.deals, players=names)
        else:
            match = Match(game, seed=seed, players=names)
    except RecordError as exc:
        raise click.BadParameter(str(exc), param_hint="'--deals'") from None
    except TarocchiError as exc:
        raise click.ClickException(str(exc)) from None
    # Without --seed the computer players' choices come from a secret seed too: never shown.
    players_seed = secrets.randbits(128) if seed is None else seed
    session = TableSession(
        console,
        game,
        match,
        seat,
        players_seed,
        record_path,
        levels,
        not no_autoplay,
        ask_before_leaving=True,
    )
    partners = ", ".join(game.seat_name(s) for s in sorted(session.seating.partners))
    you = game.seat_name(seat)
    you = you if you == f"Seat {seat}" else f"{you}, seat {seat}"
    say(
        console,
        f"{titled(game.info.name, game.options)}. You are {you}"
        + (f"; your partner is {partners}" if partners else "")
        + (f". Seed {seed} (the deals are predictable from it)" if seed is not None else "")
        + f". Computer players: {levels_text(game, levels)}.",
        "bold",
    )
    if deals_path is not None:
        shuffled = game.hands_per_game() - given.from_file
        note = f"; the other {shuffled} hands are shuffled" if shuffled else ""
        say_path(console, "Deals from", path_text(deals_path), f" ({given.from_file} hands{note}).")
    say(console, "Type help for the commands.", "dim")
    raise SystemExit(session.run())


def resume_game(file: str, record_path: Path | None, autoplay: bool) -> NoReturn:
    """``play --resume``: the game of a record, continued at the table; one line if it cannot be."""
    context = click.get_current_context()
    flags = {"game_id": "GAME", "seat": "--seat", "seed": "--seed", "option_pairs": "--option"}
    flags |= {"level": "--level", "deals_path": "--deals"}
    given = [
        flag
        for name, flag in flags.items()
        if context.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT)
    ]
    if given:
        raise click.UsageError(
            f"--resume takes the game, options, seat and levels from the record; drop {', '.join(given)}"
        )
    latest = file == LATEST
    path = latest_unfinished(RECORDS) if latest else Path(file)
    if record_path is not None:
        record_path = writable_file(record_path, "'--record'")
    console = make_console()
    try:
        session = resume_table(console, path, record_path, autoplay)
    except RecordError as exc:
        raise click.ClickException(str(exc)) from None
    game, match = session.game, session.match
    which = "the latest unfinished game, " if latest else ""
    say_path(
        console,
        f"{titled(game.info.name, game.options)}, {which}resumed from",
        path_text(path),
        f" in hand {len(match.hands)} of {game.hands_per_game()}. You are {game.seat_name(session.seat)}. "
        f"Computer players: {levels_text(game, session.levels)}.",
        "bold",
    )
    say(console, "Type help for the commands.", "dim")
    raise SystemExit(session.run())


def latest_unfinished(folder: Path) -> Path:
    """The newest record in ``folder`` of a game ``tarocchi play`` left unfinished; a one-line
    error if there is none. Files that are no such record are passed over."""
    try:
        files = sorted(folder.glob("*.json"), key=lambda f: f.stat().st_mtime, reverse=True)
    except OSError:
        files = []
    for file in files:
        try:
            data = load_record(file)
        except (RecordError, OSError):
            continue
        players = data.get("players")
        if data.get("complete") is False and isinstance(players, list) and players.count(HUMAN) == 1:
            return file
    raise click.ClickException(
        f"no unfinished game in {path_text(folder)}/ (where tarocchi play saves by default); "
        "give its record: tarocchi play --resume FILE"
    )


def levels_text(game: Game[Any], levels: dict[int, str]) -> str:
    """``hard`` when every computer plays at one level, else each seat's: ``East easy, North hard``."""
    if len(set(levels.values())) == 1:
        return next(iter(levels.values()))
    return ", ".join(f"{game.seat_name(seat)} {level}" for seat, level in levels.items())


def default_record_path(game_id: str) -> Path:
    """``records/<game>-<YYYYmmdd-HHMMSS>-<8 hex>.json``: two games started in the same second
    must not pick the same name."""
    while True:
        path = RECORDS / f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(4)}.json"
        if not path.exists():
            return path


@cli.command()
@click.argument("game_id", metavar="GAME")
@click.option(
    "--games", "count", type=WholeNumber(1, MAX_COUNT), required=True, help="How many games to play."
)
@click.option("--seed", type=SEED, help="Base seed; each game's seed derives from it and its index.")
@click.option(
    "--records",
    "records_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Save each game's record as DIR/<game>-<seed>-<index>.json.",
)
@JOBS
@RAY
@RAY_ADDRESS
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help=OPTION_HELP)
def simulate(
    game_id: str,
    count: int,
    seed: int | None,
    records_dir: Path | None,
    jobs: int,
    use_ray: bool,
    ray_address: str | None,
    option_pairs: tuple[str, ...],
) -> None:
    """Play computer-vs-computer games of GAME, auditing every invariant after every action."""
    game = load_game(game_id, option_pairs)
    if records_dir is not None:
        writable_dir(records_dir, "'--records'")
    console = make_console()
    use_ray = wants_ray(use_ray, ray_address)
    jobs = jobs if use_ray else bounded_jobs(console, jobs)
    seed = fresh_seed() if seed is None else seed
    with progress_bar(console, count, f"{game.info.id} games") as advance, ray_errors():
        summary = run_simulation(
            game.info.id,
            count,
            seed=seed,
            options=game.options,
            jobs=jobs,
            ray=use_ray,
            ray_address=ray_address,
            records=records_dir,
            progress=advance,
        )
    print_simulation(console, summary, [game.seat_name(s) for s in range(game.players)])
    if records_dir is not None:
        say_path(console, "Records saved in", f"{path_text(records_dir)}/")
    raise SystemExit(0 if summary.ok else 1)


@cli.command(short_help="Re-validate and re-score records; --show steps through one.")
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@click.option(
    "--show",
    is_flag=True,
    help="Step through the recorded game trick by trick as a spectator saw it (at a terminal, "
    "Enter for the next trick; piped, all of it).",
)
def replay(path: Path, show: bool) -> None:
    """Re-validate and re-score a record file, or every *.json record in a folder."""
    console = make_console()
    if show:
        from tarocchi.cli.watch import enter_key, show_record

        if path.is_dir():
            raise click.BadParameter(
                "--show steps through one record file, not a folder", param_hint="'PATH'"
            )
        try:
            show_record(console, load_record(path), enter_key(console))
        except RecordError as exc:
            raise click.ClickException(str(exc)) from None
        raise SystemExit(0)
    # Whatever a folder's *.json names are (FIFOs, devices, folders), each gets its own line:
    # the loader refuses what is not a regular file before it opens it, and the run goes on.
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    if not files:
        raise click.BadParameter(f"no *.json files in {path_text(path)}", param_hint="'PATH'")
    good = sum(replay_line(console, f, str(f)) for f in files)
    if len(files) > 1:
        say(console, f"{good} of {len(files)} records good", "bold")
    raise SystemExit(0 if good == len(files) else 1)


@cli.command()
@click.option(
    "--seconds",
    type=click.FloatRange(min=0, max=bench_lib.MAX_SECONDS, min_open=True),
    default=3.0,
    show_default=True,
    help="How long to play each game and options.",
)
@click.option("--game", "game_id", help="Only this game (default: every registered game).")
def bench(seconds: float, game_id: str | None) -> None:
    """Random-play throughput of each game and option, in one process."""
    try:
        bench_lib.check_seconds(seconds)  # click's range lets NaN through
    except ArgumentError as exc:
        raise click.BadParameter(str(exc), param_hint="'--seconds'") from None
    game_ids = None
    if game_id is not None:
        game_ids = [load_game(game_id, (), "'--game'").info.id]
    console = make_console()
    configurations = bench_lib.configurations(game_ids)
    results: list[bench_lib.BenchResult] = []
    with progress_bar(console, len(configurations), "benchmarking") as advance:
        for this_id, options in configurations:
            results.append(bench_lib.random_play(get_game(this_id, options), seconds))
            advance(1)
    console.print(bench_table(results))
    console.print(f"engine: {loading.mode()}")


@cli.command()
@click.argument("game_id", metavar="GAME")
@click.option(
    "--players",
    "kinds",
    required=True,
    help="Comma-separated players by kind or level: random or easy, heuristic or medium, search or "
    "hard, learned, expert; e.g. search,heuristic or hard,medium.",
)
@click.option(
    "--deals", "count", type=WholeNumber(1, MAX_COUNT), required=True, help="How many deals (at least)."
)
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the deals and players.")
@JOBS
@RAY
@RAY_ADDRESS
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help=OPTION_HELP)
def tournament(
    game_id: str,
    kinds: str,
    count: int,
    seed: int,
    jobs: int,
    use_ray: bool,
    ray_address: str | None,
    option_pairs: tuple[str, ...],
) -> None:
    """Duplicate tournament: every deal played once per seating rotation of the players."""
    game = load_game(game_id, option_pairs)
    names = [k.strip().lower() for k in kinds.split(",") if k.strip()]
    try:
        if len(names) < 2:
            raise ValueError(
                f"name at least two players, e.g. heuristic,random; {game.info.id} has {player_names(game)}"
            )
        names = [player_kind(name, game) for name in names]  # one name per player: its kind
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--players'") from None
    console = make_console()
    use_ray = wants_ray(use_ray, ray_address)
    jobs = jobs if use_ray else bounded_jobs(console, jobs)
    per_game = game.hands_per_game()
    deals = -(-count // per_game) * per_game  # whole games: what the tournament will play
    hands = deals * len(names)  # each deal once per seating
    with progress_bar(console, hands, f"{game.info.id} hands") as advance, ray_errors():
        result = run_tournament(
            game.info.id,
            names,
            count,
            seed=seed,
            options=game.options,
            jobs=jobs,
            ray=use_ray,
            ray_address=ray_address,
            progress=advance,
        )
    console.print(tournament_table(result))


def wants_ray(use_ray: bool, ray_address: str | None) -> bool:
    """Whether to run on Ray (``--ray`` or ``--ray-address``), checked before anything is played:
    Ray must be installed, and ``--jobs`` (local processes) makes no sense beside it."""
    if not use_ray and ray_address is None:
        return False
    context = click.get_current_context()
    if context.get_parameter_source("jobs") not in (None, click.core.ParameterSource.DEFAULT):
        raise click.UsageError("--jobs counts local processes; with --ray, Ray uses every CPU it has")
    if ray_address is not None and not ray_address.strip():
        raise click.BadParameter(
            "give the head's host:port, e.g. 10.0.0.5:6379", param_hint="'--ray-address'"
        )
    try:
        load_ray()
    except RayError:
        raise click.ClickException(f"--ray needs Ray, which is not installed: {INSTALL}") from None
    if ray_address is not None:
        with ray_errors():
            knock(ray_address)
    return True


@contextmanager
def ray_errors() -> Iterator[None]:
    """Ray that cannot be reached, or that lost a chunk too often: one line, not a traceback."""
    try:
        yield
    except RayError as exc:
        raise click.ClickException(str(exc)) from None


@cli.command(short_help="Watch computer players play GAME, trick by trick.")
@click.argument("game_id", metavar="GAME")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help=OPTION_HELP)
@click.option(
    "--level",
    help="The computer players: easy, medium, hard, learned or expert (or a kind); one for all, or one "
    "per seat in seat order, e.g. hard,medium,easy,easy.",
)
@click.option("--seed", type=SEED, help="Deal and play a reproducible game (printed when not given).")
@click.option(
    "--pause",
    type=click.FloatRange(0, 60),
    default=1.0,
    show_default=True,
    help="Seconds to wait after each trick (0: none).",
)
def watch(
    game_id: str, option_pairs: tuple[str, ...], level: str | None, seed: int | None, pause: float
) -> None:
    """Watch computer players play a game of GAME, seeing what a spectator sees."""
    from tarocchi.cli.watch import sleeper, watch_match

    game = load_game(game_id, option_pairs)
    try:
        wanted = [w.strip().lower() for w in level.split(",")] if level else [default_level(game)]
        if len(wanted) == 1:
            wanted *= game.players
        if len(wanted) != game.players:
            raise ValueError(f"give one level, or one per seat ({game.players}, in seat order); got {level}")
        levels = [level_of(game, name) for name in wanted]
        players = [make_opponent(game, seat, name) for seat, name in enumerate(levels)]
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--level'") from None
    console = make_console()
    seed = fresh_seed() if seed is None else seed
    names = [f"{name} ({player.name})" for name, player in zip(levels, players, strict=True)]
    say(
        console,
        f"{titled(game.info.name, game.options)}, seed {seed}. "
        f"Computer players: {', '.join(f'{game.seat_name(s)} {n}' for s, n in enumerate(levels))}.",
        "bold",
    )
    match = Match(game, seed=seed, players=names)
    try:
        watch_match(console, match, players, seed, sleeper(pause))
    except KeyboardInterrupt:  # Ctrl-C: the way out, said in a line (click would say "Aborted!")
        console.print()
        say(console, f"Stopped watching (interrupted); the game's seed was {seed}.")
        raise SystemExit(EXIT_INTERRUPTED) from None


from tarocchi.cli.serve import serve  # noqa: E402  (its own module: the server is an optional extra)

cli.add_command(serve)
