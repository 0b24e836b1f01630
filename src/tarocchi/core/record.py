"""Game records: a JSON document holding every deal and every action (docs/records.md).

A record replays identically on any machine and any version with the same rules version,
because it stores the deals themselves, never only a seed. ``replay`` re-validates every
action and re-scores every hand, and names the first hand and action that is wrong.

Record files come from outside, so reading one is guarded: ``load`` refuses anything that is not
a regular file of at most ``MAX_RECORD_BYTES``, and anything JSON can decode but a record never
holds (deep nesting, huge numbers, NaN, a key given twice). ``replay`` checks the exact schema,
type by type. Every refusal is one RecordError line, quoting outside text only through
:func:`~tarocchi.core.text.shown`.
"""

from __future__ import annotations

import json
import os
import random
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from tarocchi.core.errors import RecordError, TarocchiError
from tarocchi.core.match import Match, dealer_of
from tarocchi.core.protocol import Deal, Game, GameInfo, HandResult
from tarocchi.core.registry import available_games, game_info, get_game
from tarocchi.core.text import bounded, printable, shown

FORMAT = "tarocchi-record"
FORMAT_VERSION = 1

MAX_RECORD_BYTES = 10 * 1024 * 1024
"""The largest record file ``load`` reads (10 MB): a long game's record is well under 1 MB."""

MAX_NUMBER_CHARS = 100
"""The longest number literal ``load`` decodes: a 128-bit seed has 39 digits; longer ones would
only cost time (and ``int()`` refuses beyond 4,300 digits)."""

MAX_ACTION_CHARS = 100
"""The longest action text ``replay`` parses; the notation's actions are far shorter."""

RECORD_FIELDS = (
    "format",
    "format_version",
    "game",
    "rules_version",
    "options",
    "seed",
    "players",
    "first_dealer",
    "hands",
    "totals",
    "complete",
)
HAND_FIELDS = ("number", "dealer", "deal", "actions", "result")


def to_record(match: Match) -> dict[str, Any]:
    game = match.game
    hands = []
    for hand in match.hands:
        hands.append(
            {
                "number": hand.number,
                "dealer": hand.dealer,
                "deal": hand.deal.to_json(),
                "actions": [[seat, str(action)] for seat, action in hand.actions],
                "result": hand.result.to_json() if hand.result else None,
            }
        )
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.info.id,
        "rules_version": game.info.rules_version,
        "options": dict(game.options),
        "seed": match.seed,
        "players": list(match.players),
        "first_dealer": match.first_dealer,
        "hands": hands,
        "totals": list(match.totals),
        "complete": match.over,
    }


def save(record: dict[str, Any], path: str | Path) -> Path:
    """Write ``record`` as indented JSON, atomically and durably: to a temporary file in the same
    folder, flushed to the disk, then renamed over ``path`` (and the folder flushed), so a crash or
    a power cut leaves the old record or the new one, never half of one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    return path


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries (the rename) to the disk where the system allows it."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:  # some file systems refuse to sync a folder
        pass
    finally:
        os.close(handle)


# -- reading a file ---------------------------------------------------------------------------------
def path_text(path: str | Path) -> str:
    """A file name as a message shows it: control characters escaped (a name may hold any byte)."""
    return printable(str(path))


class _Undecodable(Exception):
    """Raised inside the JSON decoder's hooks; ``load`` turns it into a RecordError for the file."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's keys, refusing one given twice: JSON would silently keep the last."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Undecodable(f'the key "{shown(key)}" is given twice in one object')
            seen.add(key)
    return result


def _whole_number(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Undecodable(
            f"a number of {len(text):,} digits (a record's numbers have at most {MAX_NUMBER_CHARS})"
        )
    return int(text)


def _fraction(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Undecodable(
            f"a number of {len(text):,} digits (a record's numbers have at most {MAX_NUMBER_CHARS})"
        )
    return float(text)


def _constant(name: str) -> NoReturn:
    raise _Undecodable(f"{name} is not a JSON number (a record's numbers are whole numbers)")


def _not_regular(where: str, mode: int) -> RecordError:
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    kind = next((name for test, name in kinds if test(mode)), "not a file")
    return RecordError(f"{where}: not a regular file ({kind}); a record must be a regular file")


def _read_bytes(path: str | Path) -> bytes:
    """At most ``MAX_RECORD_BYTES`` of a regular file, or a RecordError.

    Checked before opening, because opening a FIFO waits for a writer and reading a device may
    never end; opened without blocking and checked again, in case the name changed in between.
    """
    where = path_text(path)
    try:
        if not stat.S_ISREG(mode := os.stat(path).st_mode):
            raise _not_regular(where, mode)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as file:
            if not stat.S_ISREG(mode := os.fstat(file.fileno()).st_mode):
                raise _not_regular(where, mode)
            content = file.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"{where}: cannot read: {exc.strerror or type(exc).__name__}") from None
    except ValueError:  # a name with a NUL character, which no file can have
        raise RecordError(f"{where}: cannot read: not a possible file name") from None
    except MemoryError:
        raise RecordError(f"{where}: cannot read: out of memory") from None
    if len(content) > MAX_RECORD_BYTES:
        raise RecordError(
            f"{where}: larger than {MAX_RECORD_BYTES >> 20} MB ({MAX_RECORD_BYTES:,} bytes), "
            "the most a record file may be"
        )
    return content


def _decode(content: bytes) -> Any:
    """JSON text to data, with what JSON allows but a record never holds refused.

    Raises RecordError (without a file name) for anything it cannot decode.
    """
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"not a JSON file: not UTF-8 text (byte {exc.start:,} is not UTF-8)") from None
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_int=_whole_number,
            parse_float=_fraction,
            parse_constant=_constant,
        )
    except _Undecodable as exc:
        raise RecordError(f"not a record: {exc}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"not a JSON file ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise RecordError("not a record: nested too deeply (a record nests at most 6 levels)") from None
    except MemoryError:
        raise RecordError("not a record: too large to decode in memory") from None


def load(path: str | Path) -> dict[str, Any]:
    """Read a record file; RecordError, one line naming the file, if it is not JSON or not a record.

    Only the ``format`` is checked here: ``replay`` checks the rest (``--deals`` files hold less).
    """
    content = _read_bytes(path)
    try:
        data = _decode(content)
    except RecordError as exc:
        raise RecordError(f"{path_text(path)}: {exc}") from None
    if type(data) is not dict or data.get("format") != FORMAT:
        raise RecordError(f'{path_text(path)}: not a tarocchi record (no "format": "{FORMAT}")')
    return data


# -- checking the schema ----------------------------------------------------------------------------
@dataclass(frozen=True)
class ReplaySummary:
    """What a successful replay checked."""

    game: str
    hands: int
    actions: int
    totals: tuple[int, ...]
    complete: bool


def _refuse(message: str) -> NoReturn:
    """Every replay refusal goes through here: one line, escaped, bounded."""
    raise RecordError(bounded(message))


def describe(value: object) -> str:
    """A value from outside as a message quotes it: short and escaped, whatever its size or depth."""
    if value is None:
        return "null"
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is int:
        return shown(str(value)) if value.bit_length() < 128 else "a huge number"
    if type(value) is float:
        return repr(value)
    if type(value) is str:
        return f'"{shown(value)}"'
    if type(value) is list:
        if len(value) <= 8 and all(v is None or type(v) in (bool, int, float) for v in value):
            text = "[" + ", ".join(describe(v) for v in value) + "]"
            if len(text) <= 80:
                return text
        return f"a list of {len(value):,} items"
    if type(value) is dict:
        return f"an object of {len(value):,} fields"
    return f"a {type(value).__name__}, not JSON"


def _is_int(value: object) -> bool:
    return type(value) is int


def _object(value: object, fields: tuple[str, ...], where: str, what: str) -> dict[str, Any]:
    """``value`` as an object with exactly ``fields``: none missing, none unknown."""
    if type(value) is not dict:
        _refuse(f"{where}: {what} must be an object (got {describe(value)})")
    for key in value:
        if key not in fields:
            _refuse(f"{where}: unknown field {describe(key)} ({what} has {', '.join(fields)})")
    for key in fields:
        if key not in value:
            _refuse(f"{where}: field '{key}' is missing")
    return value


def _int_field(data: Mapping[str, Any], key: str, where: str, low: int, high: int, what: str) -> int:
    value = data[key]
    if not _is_int(value) or not low <= value <= high:
        _refuse(f"{where}: field '{key}' must be {what} (got {describe(value)})")
    result: int = value
    return result


def _int_list(data: Mapping[str, Any], key: str, where: str, length: int) -> list[int]:
    value = data[key]
    if type(value) is not list or len(value) != length or not all(_is_int(v) for v in value):
        _refuse(f"{where}: field '{key}' must be a list of {length} integers (got {describe(value)})")
    result: list[int] = value
    return result


def _game_of(data: dict[str, Any]) -> Game[Any]:
    """The game and options of the header, names and values exactly as registered."""
    game_id = data["game"]
    if type(game_id) is not str or game_id not in available_games():
        _refuse(
            f"record: field 'game' must be a registered game id, one of {', '.join(available_games())} "
            f"(got {describe(game_id)})"
        )
    info: GameInfo = game_info(game_id)
    options = data["options"]
    if type(options) is not dict:
        _refuse(
            f"record: field 'options' must be an object of option names and values (got {describe(options)})"
        )
    specs = {spec.name: spec for spec in info.options}
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(f"{s.name} ({'|'.join(s.choices)})" for s in info.options) or "none"
            _refuse(
                f"record: option {describe(name)} is not an option of {game_id}; its options are: {known}"
            )
        if type(value) is not str or value not in spec.choices:
            _refuse(f"record: option {name} must be one of {', '.join(spec.choices)} (got {describe(value)})")
    try:
        return get_game(game_id, options)
    except TarocchiError as exc:
        _refuse(f"record: {exc}")


def _check_header(data: dict[str, Any], game: Game[Any]) -> None:
    game_id = game.info.id
    if data["rules_version"] != game.info.rules_version or type(data["rules_version"]) is not str:
        _refuse(
            f"record: rules version {describe(data['rules_version'])} is not this engine's "
            f'"{game.info.rules_version}" for {game_id}'
        )
    seed = data["seed"]
    if seed is not None and not _is_int(seed):
        _refuse(f"record: field 'seed' must be an integer or null (got {describe(seed)})")
    players = data["players"]
    if type(players) is not list or len(players) != game.players or not all(type(p) is str for p in players):
        _refuse(f"record: field 'players' must be a list of {game.players} names (got {describe(players)})")
    _int_list(data, "totals", "record", game.players)
    if type(data["complete"]) is not bool:
        _refuse(f"record: field 'complete' must be true or false (got {describe(data['complete'])})")


def _same(stored: object, scored: object) -> bool:
    """JSON equality with exact types: ``1.0`` is not ``1``, ``true`` is not ``1``.

    Recurses only as deep as ``scored`` (the engine's own result), whatever ``stored`` holds.
    """
    if type(stored) is not type(scored):
        return False
    if isinstance(scored, list):
        assert isinstance(stored, list)
        return len(stored) == len(scored) and all(_same(a, b) for a, b in zip(stored, scored, strict=True))
    if isinstance(scored, dict):
        assert isinstance(stored, dict)
        return stored.keys() == scored.keys() and all(_same(stored[k], v) for k, v in scored.items())
    return stored == scored


def _diff(stored: object, scored: dict[str, Any]) -> str:
    """The first field where a stored result differs from the re-scored one, in words."""
    if type(stored) is not dict:
        return f"stored {describe(stored)}"
    for key in stored:
        if key not in scored:
            return f"unknown field {describe(key)} (a result has {', '.join(scored)})"
    for key, value in scored.items():
        if key not in stored:
            return f"field '{key}' is missing"
        if not _same(stored[key], value):
            if key == "lines" and type(stored[key]) is list and len(stored[key]) == len(value):
                for i, (line, want) in enumerate(zip(stored[key], value, strict=True)):
                    if not _same(line, want):
                        return f"lines[{i}]: {_diff(line, want)}"
            return f"{key}: stored {describe(stored[key])}, re-scored {describe(value)}"
    return "extra fields"


def _check_result(stored: object, result: HandResult, where: str) -> None:
    scored = result.to_json()
    if not _same(stored, scored):
        _refuse(f"{where}: the stored result differs from the re-scored one: {_diff(stored, scored)}")


def _action_text(entry: object, at: str) -> tuple[int, str]:
    if not (type(entry) is list and len(entry) == 2 and _is_int(entry[0]) and type(entry[1]) is str):
        _refuse(f'{at}: each action is [seat, "notation"] (got {describe(entry)})')
    seat: int = entry[0]
    text: str = entry[1]
    if len(text) > MAX_ACTION_CHARS or not (text.isascii() and text.isprintable()):
        _refuse(
            f'{at}: the action "{shown(text)}" is not in the notation, which is printable ASCII '
            f"of at most {MAX_ACTION_CHARS} characters"
        )
    return seat, text


@dataclass(frozen=True)
class _Replayed:
    """A record that replayed: its game and header, and the Match its hands were played on
    (None for a record of no hand: a Match always has a hand dealt)."""

    game: Game[Any]
    seed: int | None
    players: tuple[str, ...]
    first_dealer: int
    match: Match | None


def replay(data: Any) -> ReplaySummary:
    """Re-validate every action and re-score every hand of a record.

    Raises RecordError naming the first hand and action that is wrong, and why. ``data`` may be
    anything: every field is checked for its exact JSON type (docs/records.md) before it is used.
    """
    done = _replay(data)
    match = done.match
    if match is None:
        return ReplaySummary(done.game.info.id, 0, 0, (0,) * done.game.players, False)
    actions = sum(len(hand.actions) for hand in match.hands)
    return ReplaySummary(done.game.info.id, len(match.hands), actions, tuple(match.totals), match.over)


def replayed(data: Any) -> Match | None:
    """The Match a record's hands were replayed on, positioned after its last action (None for a
    record of no hand): checked as ``replay`` checks it, RecordError if it is bad. Its hands hold
    the recorded deals and actions, ready for showing the game again."""
    return _replay(data).match


def resume(data: Any) -> Match:
    """A Match continuing the game of a record, positioned after its last recorded action.

    The record is checked exactly as ``replay`` checks it, on the Match that is returned. The
    hands still to come are dealt fresh: without a seed from the system's secret randomness;
    with the record's seed reproducibly, as the uninterrupted game would have dealt them when the
    played deals came from that seed (the seed's rng is advanced past them, and they are checked
    to be what it deals), otherwise from an rng derived from the seed and the number of hands
    played. RecordError, one line, if the record is bad or its game is already over.
    """
    done = _replay(data)
    match = done.match
    if match is not None and match.over:
        _refuse("the game of this record is over (complete: true): there is nothing to resume")
    game = done.game
    played = [hand.deal for hand in match.hands] if match is not None else []
    rng: random.Random = random.SystemRandom()
    if done.seed is not None:
        rng = _continued_rng(game, done.seed, done.first_dealer, played)
    if match is None:  # a record of no hand: its first hand is dealt now
        first = game.deal(rng, done.first_dealer)
        match = Match(
            game, seed=done.seed, first_dealer=done.first_dealer, players=done.players, deals=[first]
        )
    match.deal_on(rng)
    return match


def _continued_rng(game: Game[Any], seed: int, first_dealer: int, played: list[Deal]) -> random.Random:
    """The rng that deals the hands after ``played`` for a game with ``seed``.

    ``Match(seed=...)`` draws the first dealer (when none is given) and then every deal in turn
    from one ``random.Random(seed)``; if the played deals are what that rng deals, it is advanced
    past them, so a resumed game deals what the uninterrupted one would have. Deals that did not
    come from the seed (``--deals``) get an rng derived from the seed and the hands played.
    """
    for draws_dealer in (True, False):
        rng = random.Random(seed)
        if draws_dealer and rng.randrange(game.players) != first_dealer:
            continue
        dealers = (dealer_of(game, first_dealer, number) for number in range(1, len(played) + 1))
        if all(game.deal(rng, dealer) == deal for dealer, deal in zip(dealers, played, strict=True)):
            return rng
    return random.Random(f"tarocchi/{seed}/resume/{len(played)}")


def _replay(data: Any) -> _Replayed:
    """The replay, shared by ``replay``, ``replayed`` and ``resume``: the header checked, then
    each hand's deal laid out on a Match and its actions submitted to it one by one, each
    checked first so that a refusal names the hand and action in the record's terms; the
    Match keeps the score, and the record's results and totals are compared with it."""
    if type(data) is not dict:
        _refuse(f"a record is a JSON object, not {describe(data)}")
    if data.get("format") != FORMAT:
        _refuse(f'not a tarocchi record (no "format": "{FORMAT}")')
    if "format_version" not in data:
        _refuse(f"record: field 'format_version' is missing (it is {FORMAT_VERSION} for this layout)")
    version = data["format_version"]
    if not _is_int(version) or version != FORMAT_VERSION:
        _refuse(
            f"record: field 'format_version' is {describe(version)}, but this engine reads {FORMAT_VERSION}"
        )
    _object(data, RECORD_FIELDS, "record", "a record")
    game = _game_of(data)
    _check_header(data, game)
    first_dealer = _int_field(
        data, "first_dealer", "record", 0, game.players - 1, f"a seat 0..{game.players - 1}"
    )
    hands = data["hands"]
    if type(hands) is not list:
        _refuse(f"record: field 'hands' must be a list (got {describe(hands)})")
    if len(hands) > game.hands_per_game():
        _refuse(f"record: {len(hands):,} hands, but a game of {game.info.id} has {game.hands_per_game()}")
    seed: int | None = data["seed"]
    players: tuple[str, ...] = tuple(data["players"])
    match: Match | None = None
    for i, hand in enumerate(hands):
        number = i + 1
        where = f"hand {number}"
        _object(hand, HAND_FIELDS, where, "a hand")
        if not _is_int(hand["number"]) or hand["number"] != number:
            _refuse(f"{where}: its number is {describe(hand['number'])}, expected {number}")
        expected = dealer_of(game, first_dealer, number)
        dealer = _int_field(hand, "dealer", where, 0, game.players - 1, f"a seat 0..{game.players - 1}")
        if dealer != expected:
            _refuse(f"{where}: dealer is {dealer}, but the deal passes left to {expected} (C1)")
        try:
            deal = Deal.from_json(game.deck, hand["deal"])
            if match is None:
                match = Match(game, seed=seed, first_dealer=first_dealer, players=players, deals=[deal])
            else:
                match.next_hand(deal)
        except TarocchiError as exc:
            _refuse(f"{where}: bad deal: {exc}")
        entries = hand["actions"]
        if type(entries) is not list:
            _refuse(f"{where}: field 'actions' must be a list (got {describe(entries)})")
        for j, entry in enumerate(entries):
            _submit(match, entry, f"{where}, action {j + 1}")
        result = match.hand.result
        stored = hand["result"]
        if result is None:
            if stored is not None:
                _refuse(f"{where}: has a result, but its actions do not finish the hand")
            if number != len(hands) or data["complete"]:
                _refuse(f"{where}: its actions stop before the hand is over")
            continue
        _check_result(stored, result, where)
    totals = list(match.totals) if match is not None else [0] * game.players
    complete = match is not None and match.over
    if data["totals"] != totals:
        _refuse(f"record: totals are {describe(data['totals'])}, but the hands add up to {describe(totals)}")
    if data["complete"] is not complete:
        _refuse(f"record: 'complete' is {describe(data['complete'])} but should be {describe(complete)}")
    return _Replayed(game, seed, players, first_dealer, match)


def _submit(match: Match, entry: object, at: str) -> None:
    """One recorded action submitted to ``match``, checked first so that a refusal quotes it."""
    seat, text = _action_text(entry, at)
    to_act = match.to_act()
    if to_act is None:
        _refuse(f'{at} ("{shown(text)}"): the hand is already over')
    if seat != to_act:
        _refuse(f'{at} ("{shown(text)}"): recorded for seat {describe(seat)}, but seat {to_act} is to act')
    game = match.game
    try:
        action = game.parse_action(text)
    except (TarocchiError, ValueError) as exc:
        _refuse(f"{at}: {exc}")
    reason = game.explain_illegal(match.state, action)
    if reason is not None:
        _refuse(f"{at} (seat {seat}: {text}): illegal: {reason}")
    match.submit(seat, action)
