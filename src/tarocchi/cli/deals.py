"""Reading the deals (and first dealer) of a record file, to play them again with ``--deals``.

The file may be a whole record or only ``format``, ``game``, ``first_dealer`` and each hand's
``deal``. Every deal is checked up front, so a bad one is reported before play starts. The file
is read by ``record.load``, with its guards (regular files only, 10 MB at most, strict JSON), and
every message is one line that quotes the file's text only escaped and cut short.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tarocchi.core.errors import RecordError, TarocchiError
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.record import describe, load, path_text
from tarocchi.core.text import bounded


@dataclass(frozen=True)
class GivenDeals:
    """The deals to play, the first dealer, and how many came from the file."""

    deals: tuple[Deal, ...]
    first_dealer: int
    from_file: int


def read_deals(path: str | Path, game: Game[Any], seed: int | None) -> GivenDeals:
    """The deals of ``path`` for ``game``; RecordError with a clear message if unusable.

    If the file holds fewer deals than the game has hands, the rest are shuffled from ``seed``,
    or from the system's secret randomness without one (as ``Match`` deals without a seed).
    """
    data = load(path)
    where = path_text(path)
    if data.get("game") != game.info.id or type(data.get("game")) is not str:
        raise RecordError(
            f"{where}: the deals are for game {describe(data.get('game'))}, not '{game.info.id}'"
        )
    first_dealer = data.get("first_dealer")
    if type(first_dealer) is not int:
        raise RecordError(f"{where}: 'first_dealer' must be a seat number (got {describe(first_dealer)})")
    if not 0 <= first_dealer < game.players:
        raise RecordError(
            f"{where}: 'first_dealer' must be a seat 0..{game.players - 1} (got {describe(first_dealer)})"
        )
    hands = data.get("hands")
    if type(hands) is not list or not hands:
        raise RecordError(f"{where}: 'hands' must be a list of hands, each with its 'deal'")
    per_game = game.hands_per_game()
    deals: list[Deal] = []
    for i, hand in enumerate(hands[:per_game]):
        dealer = (first_dealer + i) % game.players
        if type(hand) is not dict:
            raise RecordError(f"{where}: hand {i + 1} must be an object with a 'deal'")
        try:
            deal = Deal.from_json(game.deck, hand.get("deal"))
            game.initial_state(deal, HandContext(i + 1, dealer, (0,) * game.players))
        except TarocchiError as exc:
            raise RecordError(f"{where}: hand {i + 1}: bad deal: {bounded(str(exc))}") from None
        deals.append(deal)
    from_file = len(deals)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    for i in range(from_file, per_game):
        deals.append(game.deal(rng, (first_dealer + i) % game.players))
    return GivenDeals(tuple(deals), first_dealer, from_file)
