"""Reading the deals (and first dealer) of a record file, to play them again with ``--deals``.

The file may be a whole record or only ``format``, ``game``, ``first_dealer`` and each hand's
``deal``. Every deal is checked up front, so a bad one is reported before play starts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tarocchi.core.errors import RecordError, TarocchiError
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.record import load


@dataclass(frozen=True)
class GivenDeals:
    """The deals to play, the first dealer, and how many came from the file."""

    deals: tuple[Deal, ...]
    first_dealer: int
    from_file: int


def read_deals(path: str | Path, game: Game[Any], seed: int) -> GivenDeals:
    """The deals of ``path`` for ``game``; RecordError with a clear message if unusable.

    If the file holds fewer deals than the game has hands, the rest are shuffled from ``seed``.
    """
    data = load(path)
    if data.get("game") != game.info.id:
        raise RecordError(f"{path}: the deals are for game {data.get('game')!r}, not {game.info.id!r}")
    first_dealer = data.get("first_dealer")
    if not isinstance(first_dealer, int) or isinstance(first_dealer, bool):
        raise RecordError(f"{path}: 'first_dealer' must be a seat number")
    if not 0 <= first_dealer < game.players:
        raise RecordError(f"{path}: 'first_dealer' must be a seat 0..{game.players - 1} (got {first_dealer})")
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError(f"{path}: 'hands' must be a list of hands, each with its 'deal'")
    per_game = game.hands_per_game()
    deals: list[Deal] = []
    for i, hand in enumerate(hands[:per_game]):
        dealer = (first_dealer + i) % game.players
        if not isinstance(hand, dict):
            raise RecordError(f"{path}: hand {i + 1} must be an object with a 'deal'")
        try:
            deal = Deal.from_json(game.deck, hand.get("deal"))
            game.initial_state(deal, HandContext(i + 1, dealer, (0,) * game.players))
        except TarocchiError as exc:
            raise RecordError(f"{path}: hand {i + 1}: bad deal: {exc}") from None
        deals.append(deal)
    from_file = len(deals)
    rng = random.Random(seed)
    for i in range(from_file, per_game):
        deals.append(game.deal(rng, (first_dealer + i) % game.players))
    return GivenDeals(tuple(deals), first_dealer, from_file)
