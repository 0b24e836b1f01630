"""Replays for the browser: a finished game's record stepped through by the engine.

``GET /api/tables/{id}/replay`` (a finished table) and ``POST /api/replay`` (a record the person
opened from a file) answer the same document: the record checked as ``tarocchi replay`` checks it,
then every hand replayed action by action, each step as the table showed it (the spectator's log,
trick, public facts) with every seat's hand face up: a record holds every deal and every action,
so after the game nothing of it is hidden any more. The page draws these steps and computes no
rule of its own.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, HTTPException, Request

from tarocchi.core.errors import RecordError
from tarocchi.core.match import Match
from tarocchi.core.record import replayed
from tarocchi.core.rulings import for_players
from tarocchi.core.views import PlayerView
from tarocchi.server.frames import too_deep
from tarocchi.server.tables import Tables
from tarocchi.web.present import Log, presentation

replays = APIRouter()

KEPT_REPLAYS = 32
"""Finished tables' replays kept computed (a finished game never changes; replaying one costs
about a second of the engine's time)."""
_kept: OrderedDict[str, dict[str, Any]] = OrderedDict()
_keeping = threading.Lock()


def _codes(cards: Any) -> list[str]:
    return [card.code for card in cards]


def _places(match: Match, view: PlayerView, hand_masks: list[int]) -> list[dict[str, Any]]:
    """The cards neither in a hand nor played (a stock, a dog, a discard), each place under the
    game's own name for it (``Game.card_locations``)."""
    played = 0
    for trick in (*view.tricks, *((view.trick,) if view.trick else ())):
        for _, card in trick.plays:
            played |= 1 << card.index
    held = played
    for mask in hand_masks:
        held |= mask
    deck = match.game.deck
    return [
        {"label": label, "cards": [deck.cards[i].code for i in range(len(deck.cards)) if mask >> i & 1]}
        for label, mask in match.game.card_locations(match.state).items()
        if mask and not mask & held
    ]


def _step(match: Match, log: Log, before: list[Any], action: tuple[int, str] | None) -> dict[str, Any]:
    """One position: what the table showed (the spectator's view) and every hand face up; the log
    as the lines kept from the step before (``keep``) and those added or redone (``add``)."""
    game = match.game
    view = match.view(None)
    shown = presentation(game, view, log)
    parts: list[Any] = shown["log_parts"]
    keep = 0
    while keep < min(len(before), len(parts)) and before[keep] == parts[keep]:
        keep += 1
    hands = []
    masks = []
    for seat in range(game.players):
        seen = match.view(seat)
        hands.append(_codes(game.hand_order(seen.hand, seen)))
        masks.append(seen.hand.mask)
    before[:] = parts
    return {
        "action": None if action is None else list(action),
        "phase": view.phase_name,
        "to_act": view.to_act,
        "hands": hands,
        "places": _places(match, view, masks),
        "trick": view.trick.to_json() if view.trick else None,
        "tricks": len(view.tricks),
        "public": {label: text for label, text in view.public},
        "calls": shown["calls"],
        "log": {"keep": keep, "add": parts[keep:]},
    }


def _side(names: tuple[str, ...], side: int | None) -> str:
    if side is None:
        return ""
    return names[side] if side < len(names) else f"side {side}"


def _changes(before: dict[str, Any], step: dict[str, Any]) -> dict[str, Any]:
    """A step as what changed since the step before: the seats whose hand changed (by seat),
    the other fields only when they differ (the action and the log always)."""
    changed = {key: value for key, value in step.items() if key in ("action", "log") or before[key] != value}
    changed["hands"] = {
        str(seat): cards
        for seat, (old, cards) in enumerate(zip(before["hands"], step["hands"], strict=True))
        if old != cards
    }
    return changed


def replay_document(data: Any) -> dict[str, Any]:
    """The steps of every hand of a record; RecordError (one line naming the hand and action)
    when the record is malformed, of another game or version, or breaks a rule."""
    recorded = replayed(data)
    if recorded is None:
        raise RecordError("the record holds no hand: there is nothing to replay")
    game = recorded.game
    match = Match(
        game,
        first_dealer=recorded.first_dealer,
        players=recorded.players,
        deals=[hand.deal for hand in recorded.hands],
    )
    side_names = game.info.side_names
    hands = []
    totals = [0] * game.players
    for number, hand in enumerate(recorded.hands, 1):
        if number > 1:
            match.next_hand()
        log = Log()
        before: list[Any] = []
        full = [_step(match, log, before, None)]
        for seat, action in hand.actions:
            match.submit(seat, action)
            full.append(_step(match, log, before, (seat, str(action))))
        steps = [full[0], *(_changes(old, new) for old, new in itertools.pairwise(full))]
        result = match.hand.result
        sheet = None
        if result is not None:
            totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
            sheet = {
                "number": number,
                "lines": [
                    {
                        "label": for_players(game.info.ruling_letter, line.label),
                        "side": _side(side_names, line.side),
                        "value": line.value,
                    }
                    for line in result.lines
                ],
                "scores": list(result.scores),
                "totals": totals,
            }
        hands.append(
            {
                "number": number,
                "dealer": hand.dealer,
                "tricks": [trick.to_json() for trick in match.view(None).tricks],
                "steps": steps,
                "sheet": sheet,
            }
        )
    return {
        "game": game.info.id,
        "game_name": game.info.name,
        "options": dict(game.options),
        "deck": game.deck.name,
        "players": list(recorded.players),
        "seat_names": [game.seat_name(seat) for seat in range(game.players)],
        "hands_per_game": game.hands_per_game(),
        "complete": match.over,
        "totals": list(match.totals),
        "winners": list(match.winners()) if match.over else [],
        "hands": hands,
    }


def _refused(error: RecordError) -> HTTPException:
    return HTTPException(422, f"not a record this server can replay: {error}")


@replays.get("/api/tables/{table_id}/replay")
def table_replay(table_id: str, request: Request) -> dict[str, Any]:
    """A finished table's game, step by step, every hand face up (409 before its end)."""
    tables: Tables = request.app.state.tables
    table = tables.get(table_id) if len(table_id) <= 32 else None
    if table is None:
        raise HTTPException(404, f"no table '{table_id[:32]}'")
    if not table.match.over:
        raise HTTPException(409, "the game is not over: its replay would show hidden cards")
    with _keeping:
        document = _kept.get(table.id)
    if document is None:
        document = replay_document(table.match.record())
    with _keeping:
        _kept[table.id] = document
        _kept.move_to_end(table.id)
        while len(_kept) > KEPT_REPLAYS:
            _kept.popitem(last=False)
    return document


@replays.post("/api/replay")
async def file_replay(request: Request) -> dict[str, Any]:
    """A record sent as the request's body (a file the person opened), step by step; 422 with
    one line saying what is wrong with it."""
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise HTTPException(422, "not a record: the file is not UTF-8 text (a record is JSON)") from None
    deep = too_deep(text)
    if deep is not None:
        raise HTTPException(422, f"not a record: {deep.replace('a message', 'a record')}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise HTTPException(422, f"not a record: not JSON ({error.msg} at line {error.lineno})") from None
    except (ValueError, RecursionError):  # a number of thousands of digits
        raise HTTPException(422, "not a record: not JSON a record holds") from None
    try:
        return await asyncio.to_thread(replay_document, data)
    except RecordError as error:
        raise _refused(error) from None
