"""A whole game over the hand protocol: dealer rotation, running totals, turn checks, record.

The Match owns the real state. Front ends submit actions for a seat; the Match checks that it
is that seat's turn and that the submitter saw the latest state (``state_id``), applies the
action and keeps the record. Between hands it waits for ``next_hand()`` so that a front end can
show the score sheet.

The Match also offers what any table needs, so that the terminal and a browser table behave the
same: ``forced_action`` (a seat's only legal action, for autoplay), ``submit_all`` (several
actions of one seat, e.g. a whole discard, checked together before any is applied), ``undo``
(take back one's own latest actions while nobody else has acted since) and ``from_record``
(continue a saved game).

``play_out`` is the one loop that plays a match on (deal, ask the seat to act, score, next
hand): computer players, tournaments and the terminal's tables differ only in the callbacks
they give it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
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
        self._before: list[Any] = []  # the states before each action of this hand, for undo
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

    def next_hand(self, deal: Deal | None = None) -> None:
        """Deal the next hand (C1: the deal passes to the left), or lay out ``deal`` if given:
        a record being replayed brings each hand's deal only when its turn comes."""
        if self.hands and not self.hand_over:
            raise TarocchiError("the current hand is not finished")
        if len(self.hands) >= self.game.hands_per_game():
            raise TarocchiError("the game is over")
        if deal is not None and not isinstance(deal, Deal):
            raise ArgumentError(f"deal must be a Deal or None (got {shown_value(deal)})")
        number = len(self.hands) + 1
        dealer = dealer_of(self.game, self.first_dealer, number)
        if deal is None and self._deals is not None:
            if number > len(self._deals):
                raise TarocchiError(f"no deal given for hand {number}")
            deal = self._deals[number - 1]
        elif deal is None:
            deal = self.game.deal(self._rng, dealer)
        context = HandContext(number, dealer, tuple(self.totals))
        self.state = self.game.initial_state(deal, context)
        self.hands.append(HandRecord(number, dealer, deal))
        self._before = []
        self.state_id += 1
        self._finish_if_over()

    def deal_on(self, rng: random.Random) -> None:
        """Deal every hand still to come from ``rng``, whatever deals were given: a game resumed
        from its record goes on with fresh deals (see ``record.resume``)."""
        self._deals = None
        self._rng = rng

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
        before = self.state
        self.state = self.game.apply(self.state, action)
        self._before.append(before)
        self.hand.actions.append((seat, action))
        self.state_id += 1
        self._finish_if_over()

    def forced_action(self, seat: int) -> Action | None:
        """The action ``seat`` must take if it is to act and has exactly one legal action (a
        pass when nothing else is legal included); else None. Tables play it for the player
        unless the player turned autoplay off."""
        self.game.check_seat(seat)
        if self.to_act() != seat:
            return None
        legal = self.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def check_all(self, seat: int, actions: Sequence[Action]) -> None:
        """IllegalActionError, before anything is applied, unless ``actions`` may be taken by
        ``seat`` one after the other from the current state.

        Each is tried on the state the ones before it lead to (states are immutable: the trial
        states are simply dropped), so a whole discard is judged as a set: a card refused, or
        one more than the discard takes, refuses the lot. When several actions are given the
        message starts with the refused one (``discard KE: ...``).
        """
        self.game.check_seat(seat)
        state = self.state
        many = len(actions) > 1
        for done, action in enumerate(actions):
            prefix = f"{action}: " if many else ""
            to_act = self.game.to_act(state)
            if to_act is None:
                raise IllegalActionError(f"{prefix}the hand is over: nobody is to act")
            if to_act != seat:
                if not done:
                    raise IllegalActionError(
                        f"{prefix}it is {self.players[to_act]}'s turn, not {self.players[seat]}'s"
                    )
                raise IllegalActionError(
                    f"{prefix}after the {done} before it your turn is over "
                    f"({self.game.seat_name(to_act)} is to act)"
                )
            reason = self.game.explain_illegal(state, action)
            if reason is not None:
                raise IllegalActionError(f"{prefix}{reason}")
            state = self.game.apply(state, action)

    def submit_all(self, seat: int, actions: Sequence[Action], state_id: int | None = None) -> None:
        """Apply ``actions`` for ``seat`` in order, all or none: ``check_all`` first."""
        if state_id is not None and not is_whole(state_id):
            raise ArgumentError(f"state_id must be a whole number or None (got {shown_value(state_id)})")
        if state_id is not None and state_id != self.state_id:
            raise IllegalActionError("the table has moved on since you looked; look again")
        self.check_all(seat, actions)
        for action in actions:
            self.submit(seat, action)

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now, or None if it may.

        A seat may take back the latest action of the hand in progress when that action is its
        own: so, at once after acting, until another seat acts. Undoing again takes back the one
        before, as long as it is this seat's too (a discard card by card, successive calls), and
        never anything before another seat's action, nor anything of a finished hand (its score
        is on the sheet). Tables with more than one human should not offer undo at all: the
        rule is meant for play against computer players, who do not mind.
        """
        self.game.check_seat(seat)
        if self.hand_over:
            return "the hand is over; its score stands"
        if not self.hand.actions:
            return "nothing has been played in this hand yet"
        last, action = self.hand.actions[-1]
        if last != seat:
            return (
                f"the last action ({action}) was {self.game.seat_name(last)}'s: only your own latest "
                "actions can be taken back, before anyone else acts"
            )
        return None

    def undo(self, seat: int) -> Action:
        """Take back ``seat``'s latest action (see ``undo_refusal``) and return it; the record
        forgets it. IllegalActionError saying why if it may not."""
        reason = self.undo_refusal(seat)
        if reason is not None:
            raise IllegalActionError(f"cannot undo: {reason}")
        _, action = self.hand.actions.pop()
        self.state = self._before.pop()
        self.state_id += 1
        return action

    @classmethod
    def from_record(cls, data: Any) -> Match:
        """The game of a record (as ``record.load`` reads it), checked as ``record.replay``
        checks it and positioned after its last action, ready to go on: see
        ``tarocchi.core.record.resume``. RecordError if the record is bad or the game is over."""
        from tarocchi.core.record import resume

        return resume(data)

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


def dealer_of(game: Game[Any], first_dealer: int, number: int) -> int:
    """The dealer of hand ``number`` (the first is 1) of a game first dealt by ``first_dealer``:
    C1, the deal passes to the left, one seat a hand."""
    return (first_dealer + number - 1) % game.players


def play_out(
    match: Match,
    turn: Callable[[int], bool | None],
    *,
    hand_over: Callable[[], bool | None] | None = None,
    hand_dealt: Callable[[], object] | None = None,
) -> bool:
    """Play ``match`` on from where it stands to the end of the game; True if it got there.

    The one loop of every table: while a seat is to act, ``turn(seat)`` takes its turn on the
    match (submits an action, or several, or takes some back); when nobody is, the hand is over
    and ``hand_over()`` is told (its score is on the sheet), then the next hand is dealt and
    ``hand_dealt()`` told. Who is asked, what is shown and any record are the callbacks' business.
    ``turn`` or ``hand_over`` returning False stops the game there (False is returned); an
    exception from either goes through, the match as it was left.
    """
    to_act = match.to_act
    while True:
        seat = to_act()
        if seat is not None:
            if turn(seat) is False:
                return False
            continue
        if hand_over is not None and hand_over() is False:
            return False
        if match.over:
            return True
        match.next_hand()
        if hand_dealt is not None:
            hand_dealt()


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
