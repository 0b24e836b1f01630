"""A whole game over the hand protocol: dealer rotation, running totals, turn checks, record.

The Match owns the real state. Front ends submit actions for a seat; the Match checks that it
is that seat's turn and that the submitter saw the latest state (``state_id``), applies the
action and keeps the record. Between hands it waits for ``next_hand()`` so that a front end can
show the score sheet.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tarocchi.core.actions import Action
from tarocchi.core.arguments import is_whole
from tarocchi.core.errors import ArgumentError, IllegalActionError, TarocchiError
from tarocchi.core.protocol import Deal, Game, HandContext, HandResult
from tarocchi.core.text import shown_value
from tarocchi.core.views import PlayerView


@dataclass
class HandRecord:
    """One hand as it happened: enough to replay it exactly."""

    number: int
    dealer: int
    deal: Deal
    actions: list[tuple[int, Action]] = field(default_factory=list)
    result: HandResult | None = None


class Match:
    """A game of ``game.hands_per_game()`` hands.

    ``seed`` drives the deals and, if ``first_dealer`` is not given, the first dealer (C2).
    Without a seed both come from the operating system's secret randomness, so that nothing a
    player can see (a printed seed, one's own hand) lets anyone work out the hidden cards.
    ``deals`` replaces shuffling by given deals (tests, replays, duplicate tournaments).
    """

    def __init__(
        self,
        game: Game[Any],
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        players: Sequence[str] | None = None,
        deals: Sequence[Deal] | None = None,
    ) -> None:
        _check_arguments(game, seed, first_dealer, players, deals)
        self.game = game
        self.seed = seed
        self._rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.first_dealer = first_dealer if first_dealer is not None else self._rng.randrange(game.players)
        self.players = tuple(players) if players else tuple(game.seat_name(s) for s in range(game.players))
        self._deals = list(deals) if deals is not None else None
        self.hands: list[HandRecord] = []
        self.totals = [0] * game.players
        self.state: Any = None
        self.state_id = 0
        self.next_hand()

    # -- the game's course -------------------------------------------------------------
    @property
    def hand(self) -> HandRecord:
        return self.hands[-1]

    @property
    def hand_over(self) -> bool:
        return self.game.to_act(self.state) is None

    @property
    def over(self) -> bool:
        """True when the last hand of the game is finished."""
        return self.hand_over and len(self.hands) >= self.game.hands_per_game()

    def next_hand(self) -> None:
        """Deal the next hand (C1: the deal passes to the left)."""
        if self.hands and not self.hand_over:
            raise TarocchiError("the current hand is not finished")
        if len(self.hands) >= self.game.hands_per_game():
            raise TarocchiError("the game is over")
        number = len(self.hands) + 1
        dealer = (self.first_dealer + number - 1) % self.game.players
        if self._deals is not None:
            if number > len(self._deals):
                raise TarocchiError(f"no deal given for hand {number}")
            deal = self._deals[number - 1]
        else:
            deal = self.game.deal(self._rng, dealer)
        context = HandContext(number, dealer, tuple(self.totals))
        self.state = self.game.initial_state(deal, context)
        self.hands.append(HandRecord(number, dealer, deal))
        self.state_id += 1
        self._finish_if_over()

    def to_act(self) -> int | None:
        return self.game.to_act(self.state)

    def legal_actions(self) -> tuple[Action, ...]:
        return self.game.legal_actions(self.state)

    def view(self, seat: int | None) -> PlayerView:
        return self.game.view(self.state, seat)

    def submit(self, seat: int, action: Action, state_id: int | None = None) -> None:
        """Apply ``action`` for ``seat``; IllegalActionError saying why if it may not.

        ArgumentError for a seat that is no seat of the table, a ``state_id`` that is no whole
        number, or an object that is no action.
        """
        self.game.check_seat(seat)
        if state_id is not None and not is_whole(state_id):
            raise ArgumentError(f"state_id must be a whole number or None (got {shown_value(state_id)})")
        if state_id is not None and state_id != self.state_id:
            raise IllegalActionError("the table has moved on since you looked; look again")
        to_act = self.to_act()
        if to_act is None:
            raise IllegalActionError("the hand is over: nobody is to act")
        if seat != to_act:
            raise IllegalActionError(f"it is {self.players[to_act]}'s turn, not {self.players[seat]}'s")
        self.state = self.game.apply(self.state, action)
        self.hand.actions.append((seat, action))
        self.state_id += 1
        self._finish_if_over()

    def _finish_if_over(self) -> None:
        result = self.game.outcome(self.state)
        if result is not None and self.hand.result is None:
            self.hand.result = result
            for seat, points in enumerate(result.scores):
                self.totals[seat] += points

    # -- results -------------------------------------------------------------------------
    def winners(self) -> tuple[int, ...]:
        """C2: the seats with the highest total (ties shared)."""
        best = max(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == best)

    def record(self) -> dict[str, Any]:
        """The game record as a JSON document (see docs/records.md)."""
        from tarocchi.core.record import to_record

        return to_record(self)


def _check_arguments(
    game: object,
    seed: object,
    first_dealer: object,
    players: object,
    deals: object,
) -> None:
    """ArgumentError, naming the argument, for anything a Match cannot be built from."""
    if not isinstance(game, Game):
        raise ArgumentError(f"game must be a Game (from tarocchi.get_game), not {type(game).__name__}")
    if seed is not None and not is_whole(seed):
        raise ArgumentError(f"seed must be a whole number or None (got {shown_value(seed)})")
    if first_dealer is not None and not (is_whole(first_dealer) and 0 <= first_dealer < game.players):
        raise ArgumentError(
            f"the first dealer must be a seat 0..{game.players - 1} (got {shown_value(first_dealer)})"
        )
    if players is not None:
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise ArgumentError(
                f"players must be a list of {game.players} names (got {shown_value(players)})"
            )
        if players and (len(players) != game.players or not all(isinstance(n, str) for n in players)):
            raise ArgumentError(
                f"players must be {game.players} names, one a seat (got {shown_value(players)})"
            )
    if deals is not None and (
        not isinstance(deals, Sequence) or not all(isinstance(deal, Deal) for deal in deals)
    ):
        raise ArgumentError(f"deals must be a list of Deal, one a hand (got {shown_value(deals)})")
