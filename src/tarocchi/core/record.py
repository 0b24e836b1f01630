"""Game records: a JSON document holding every deal and every action (docs/records.md).

A record replays identically on any machine and any version with the same rules version,
because it stores the deals themselves, never only a seed. ``replay`` re-validates every
action and re-scores every hand, and names the first hand and action that is wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tarocchi.core.errors import RecordError, TarocchiError
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.registry import get_game

if TYPE_CHECKING:
    from tarocchi.core.match import Match

FORMAT = "tarocchi-record"
FORMAT_VERSION = 1


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
    """Write ``record`` as indented JSON (to a temporary file first, so nothing is half written)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def load(path: str | Path) -> dict[str, Any]:
    """Read a record file; RecordError if it is not JSON or not a record."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: not a JSON file ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'{path}: not a tarocchi record (no "format": "{FORMAT}")')
    return data


@dataclass(frozen=True)
class ReplaySummary:
    """What a successful replay checked."""

    game: str
    hands: int
    actions: int
    totals: tuple[int, ...]
    complete: bool


def _field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        name = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RecordError(f"{where}: field '{key}' must be a {name}")
    return value


def replay(data: Any) -> ReplaySummary:
    """Re-validate every action and re-score every hand of a record.

    Raises RecordError naming the first hand and action that is wrong, and why.
    """
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise RecordError(f'not a tarocchi record (no "format": "{FORMAT}")')
    version = data.get("format_version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise RecordError(f"record format version {data.get('format_version')!r} is not {FORMAT_VERSION}")
    game_id = _field(data, "game", str, "record")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("record: field 'options' must be an object")
    try:
        game: Game[Any] = get_game(game_id, {str(k): str(v) for k, v in options.items()})
    except TarocchiError as exc:
        raise RecordError(f"record: {exc}") from None
    if data.get("rules_version") != game.info.rules_version:
        raise RecordError(
            f"record: rules version {data.get('rules_version')!r} is not this engine's "
            f"{game.info.rules_version!r} for {game_id}"
        )
    first_dealer = _field(data, "first_dealer", int, "record")
    if not 0 <= first_dealer < game.players:
        raise RecordError(f"record: first_dealer must be a seat 0..{game.players - 1} (got {first_dealer})")
    players = data.get("players")
    if not (
        isinstance(players, list)
        and len(players) == game.players
        and all(isinstance(p, str) for p in players)
    ):
        raise RecordError(f"record: 'players' must be a list of {game.players} names")
    hands = _field(data, "hands", list, "record")
    if len(hands) > game.hands_per_game():
        raise RecordError(f"record: {len(hands)} hands, but a game of {game_id} has {game.hands_per_game()}")
    totals = [0] * game.players
    actions = 0
    for i, hand in enumerate(hands):
        number = i + 1
        where = f"hand {number}"
        if not isinstance(hand, dict):
            raise RecordError(f"{where}: must be an object")
        if type(hand.get("number")) is not int or hand["number"] != number:
            raise RecordError(f"{where}: its number is {hand.get('number')!r}, expected {number}")
        dealer = _field(hand, "dealer", int, where)
        expected = (first_dealer + i) % game.players
        if dealer != expected:
            raise RecordError(f"{where}: dealer is {dealer}, but the deal passes left to {expected} (C1)")
        try:
            deal = Deal.from_json(game.deck, hand.get("deal"))
            state = game.initial_state(deal, HandContext(number, dealer, tuple(totals)))
        except TarocchiError as exc:
            raise RecordError(f"{where}: bad deal: {exc}") from None
        for j, entry in enumerate(_field(hand, "actions", list, where)):
            at = f"{where}, action {j + 1}"
            if not (
                isinstance(entry, list)
                and len(entry) == 2
                and type(entry[0]) is int
                and isinstance(entry[1], str)
            ):
                raise RecordError(f'{at}: each action is [seat, "notation"] (got {entry!r})')
            seat, text = entry
            to_act = game.to_act(state)
            if to_act is None:
                raise RecordError(f"{at} ({text!r}): the hand is already over")
            if seat != to_act:
                raise RecordError(f"{at} ({text!r}): recorded for seat {seat}, but seat {to_act} is to act")
            try:
                action = game.parse_action(text)
            except TarocchiError as exc:
                raise RecordError(f"{at}: {exc}") from None
            reason = game.explain_illegal(state, action)
            if reason is not None:
                raise RecordError(f"{at} (seat {seat}: {text}): illegal: {reason}")
            state = game.apply(state, action)
            actions += 1
        result = game.outcome(state)
        stored = hand.get("result")
        if result is None:
            if stored is not None:
                raise RecordError(f"{where}: has a result, but its actions do not finish the hand")
            if number != len(hands) or data.get("complete"):
                raise RecordError(f"{where}: its actions stop before the hand is over")
            continue
        if json.dumps(stored, sort_keys=True) != json.dumps(result.to_json(), sort_keys=True):
            difference = _diff(stored, result.to_json())
            raise RecordError(f"{where}: the stored result differs from the re-scored one: {difference}")
        for seat, points in enumerate(result.scores):
            totals[seat] += points
    if data.get("totals") != totals:
        raise RecordError(f"record: totals are {data.get('totals')}, but the hands add up to {totals}")
    complete = len(hands) == game.hands_per_game() and all(h.get("result") for h in hands)
    if data.get("complete") is not complete:
        raise RecordError(f"record: 'complete' is {data.get('complete')!r} but should be {complete}")
    return ReplaySummary(game_id, len(hands), actions, tuple(totals), complete)


def _diff(stored: Any, scored: dict[str, Any]) -> str:
    if not isinstance(stored, dict):
        return f"stored {stored!r}"
    for key, value in scored.items():
        if stored.get(key) != value:
            return f"{key}: stored {stored.get(key)!r}, re-scored {value!r}"
    return "extra fields"
