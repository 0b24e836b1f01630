"""Resampling a hand from one seat's view: deal, then replay what the seat saw.

``Game.resample(view, rng)`` (OpenSpiel's ResampleFromInfostate) answers a full state the seat
cannot tell from the real one. Every game does it the same way: its own code (``Game.place``,
in ``games/<game>/worlds.py``) only places the cards the seat has not seen, under what the
rules and play have revealed (voids, cards announced or shown, what a discard may hold), with
``deal_unseen``, and turns that into a ``World``: the deal, and the actions the seat did not
see (another seat's face-down discards). ``replay`` then plays the seat's own
record of the hand on that deal through the game's rules, so every derived field (whose turn,
the calls in force, the notes of the log) comes out exactly as the real hand has them, and a
world the rules refuse is drawn again.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from math import comb, factorial
from typing import TYPE_CHECKING, TypeVar

from tarocchi.core.actions import Action, FaceDown
from tarocchi.core.cards import bits
from tarocchi.core.errors import ArgumentError, IllegalActionError
from tarocchi.core.exact import exact
from tarocchi.core.protocol import Deal, HandContext

if TYPE_CHECKING:
    from tarocchi.core.protocol import Game
    from tarocchi.core.views import PlayerView

S = TypeVar("S")

TRIES = 200
"""Worlds drawn before giving up: a view the rules reached always has worlds, but a draw may
break a rule the placement does not model (then it is drawn again)."""


@dataclass(frozen=True)
class World:
    """A deal consistent with a view, and for each other seat the actions of its that the view
    does not show (its face-down discards), in the order they are to be made."""

    deal: Deal
    hidden: Mapping[int, Sequence[Action]] = field(default_factory=dict)


def replay(game: Game[S], view: PlayerView, world: World) -> S:
    """The state after the view's record of the hand is played on ``world``'s deal: each action
    the seat saw in turn; for a ``FaceDown`` of another seat, that many of its hidden actions;
    before an action the rules refuse, the hidden actions its seat still owes (a trump discard
    the rules allow only once nothing else is left, S4/T5: the face-down ones went first); at
    the end, those left (a discard still under way). IllegalActionError if the rules refuse one
    all the same (the world does not fit the view)."""
    context = HandContext(view.hand_number, view.dealer, view.scores)
    state = game.initial_state(world.deal, context)
    apply = game.apply
    pending = {seat: list(actions) for seat, actions in world.hidden.items()}
    announced = dict.fromkeys(pending, 0)  # hidden actions the seat's FaceDown events count so far
    for event in view.events:
        action, seat = event.action, event.seat
        if action is None or seat is None:
            continue
        if isinstance(action, FaceDown):
            if seat == view.seat:
                continue  # the seat's own discards are in its record
            if seat not in pending:
                raise IllegalActionError(f"the world holds no face-down discard of seat {seat}")
            announced[seat] += action.count
            owed = pending[seat]
            while len(world.hidden[seat]) - len(owed) < announced[seat]:  # made so far < counted
                if not owed:
                    raise IllegalActionError(f"the world holds too few face-down discards of seat {seat}")
                state = apply(state, owed.pop(0))
            continue
        owed = pending.get(seat, [])
        if owed and game.explain_illegal(state, action) is not None:
            while owed:
                state = apply(state, owed.pop(0))
        state = apply(state, action)
    for owed in pending.values():  # made since the last thing the seat saw: a discard under way
        for action in owed:
            state = apply(state, action)
    return state


def resample(
    game: Game[S], view: PlayerView, rng: random.Random, place: Callable[[PlayerView, random.Random], World]
) -> S:
    """A state ``view.seat`` cannot tell from the real one: ``place`` draws a world, ``replay``
    plays the seat's record on it, again until the rules accept one. ArgumentError for a
    spectator's view (a spectator holds nothing to keep) or another game's."""
    if view.seat is None:
        raise ArgumentError("a spectator's view has no hand to resample around: pass a seat's view")
    if view.game != game.info.id:
        raise ArgumentError(f"a view of {view.game}, not of {game.info.id}: pass a view of this game")
    for _ in range(TRIES):
        try:
            return replay(game, view, place(view, rng))
        except (IllegalActionError, ValueError):
            continue
    raise ValueError(f"no world of {game.info.id} found that replays seat {view.seat}'s record")


UNIFORM_TRIES = 100
"""Uniform splits tried by rejection before counting the allowed ones (``deal_unseen``)."""
COUNTING_LIMIT = 250_000
"""Shares of the cards ``_AllowedSplits`` may have to weigh, at most (``work``), for the count to
be tried; above it the most constrained cards are placed first, close to uniform but not
exactly."""
COUNTING_BUDGET = 20_000
"""The shares the count may weigh in fact before it is given up for that placing (10-80 ms pure
Python). In random play the count is made at every decision of Piedmont, the Sicilian game and
Taroinche where rejection fails (the Sicilian Dealer's discard included) and given up at about
8% of Taroux's. A count made, or given up, is kept for the next draws with the same constraints
(``_COUNTED``): a search drawing many worlds of one view pays for it once."""
_COUNTED: dict[tuple[int, tuple[int, ...], tuple[int, ...]], _AllowedSplits | None] = {}
_COUNTED_KEPT = 32


def deal_unseen(unseen: int, capacities: list[int], forbidden: list[int], rng: random.Random) -> list[int]:
    """Split the cards of ``unseen`` into places of exactly the given sizes, no card in a place
    that forbids it (a revealed void, a discard rule), every allowed split equally likely.

    First by rejection: the cards some place forbids get seats drawn uniformly among all
    places' seats, kept if none is where it may not be, the others fill the seats left. When
    the constraints make that rare (late in a hand), the allowed splits are counted instead
    (``_AllowedSplits``) and one is drawn by its index, unless that would take too long
    (``COUNTING_LIMIT``, ``COUNTING_BUDGET``) and ``core.exact``'s switch is off. Raises
    ValueError if the sizes do not add up to the cards, or if no split is allowed (the
    constraints contradict each other)."""
    cards = list(bits(unseen))
    if sum(capacities) != len(cards) or len(forbidden) != len(capacities):
        raise ValueError(f"{len(cards)} unseen cards do not fill places of sizes {capacities}")
    barred = 0
    for bad in forbidden:
        barred |= bad
    # the most often barred first, so that a try that fails fails early
    constrained = [card for card in cards if barred >> card & 1]
    constrained.sort(key=lambda card: -sum(bad >> card & 1 for bad in forbidden))
    seats = [place for place, capacity in enumerate(capacities) for _ in range(capacity)]
    pool = list(range(len(seats)))
    randrange = rng.randrange
    for _ in range(UNIFORM_TRIES):
        for i, card in enumerate(constrained):  # a partial shuffle of the seats: uniform draws
            j = randrange(i, len(pool))
            pool[i], pool[j] = pool[j], pool[i]
            if forbidden[seats[pool[i]]] >> card & 1:
                break
        else:
            masks = [0] * len(capacities)
            for card, seat in zip(constrained, pool, strict=False):
                masks[seats[seat]] |= 1 << card
            rest = pool[len(constrained) :]
            rng.shuffle(rest)
            for card, seat in zip((c for c in cards if not barred >> c & 1), rest, strict=True):
                masks[seats[seat]] |= 1 << card
            return masks
    splits = _counted(unseen, cards, capacities, forbidden)
    if splits is None:
        return _most_constrained_first(cards, capacities, forbidden, rng)
    return splits.draw(rng)


def _counted(
    unseen: int, cards: list[int], capacities: list[int], forbidden: list[int]
) -> _AllowedSplits | None:
    """The allowed splits, counted (from ``_COUNTED`` when these constraints were counted
    before), or None where counting is past ``COUNTING_BUDGET`` and ``core.exact`` is off."""
    key = (unseen, tuple(capacities), tuple(forbidden))
    if key in _COUNTED:
        kept = _COUNTED.get(key)  # one read: computer players draw in several threads
        if kept is not None or not exact():
            return kept
    splits = _AllowedSplits(cards, capacities, forbidden)
    found: _AllowedSplits | None = splits
    if not exact():
        splits.budget = COUNTING_BUDGET
    try:
        if splits.budget is not None and splits.work() > COUNTING_LIMIT:
            raise _PastBudget
        splits.count(0, tuple(capacities))
    except _PastBudget:
        found = None
    splits.budget = None
    if len(_COUNTED) >= _COUNTED_KEPT:
        with contextlib.suppress(StopIteration, RuntimeError):  # another thread changed it meanwhile
            _COUNTED.pop(next(iter(_COUNTED)), None)
    _COUNTED[key] = found
    return found


class _PastBudget(Exception):
    """Counting the allowed splits weighed more shares than its budget."""


def _most_constrained_first(
    cards: list[int], capacities: list[int], forbidden: list[int], rng: random.Random
) -> list[int]:
    """Most constrained cards first, each to a place drawn in proportion to its room: close to
    uniform, never stuck, and fast where counting would not be."""
    places = range(len(capacities))
    fits = {card: sum(1 for p in places if not forbidden[p] >> card & 1) for card in cards}
    for _ in range(TRIES):
        rng.shuffle(cards)
        cards.sort(key=fits.__getitem__)
        room = list(capacities)
        masks = [0] * len(capacities)
        for card in cards:
            options = [p for p in places if room[p] and not forbidden[p] >> card & 1]
            if not options:
                break
            place = rng.choices(options, weights=[room[p] for p in options])[0]
            room[place] -= 1
            masks[place] |= 1 << card
        else:
            return masks
    raise ValueError("no placement of the unseen cards fits what play has revealed")


class _AllowedSplits:
    """The allowed splits of some cards into places, counted exactly so that one can be drawn
    uniformly. Cards that may go to the same places are interchangeable for counting: a kind
    of ``n`` cards put ``k_p`` in each place ``p`` in n! / (k_1! ... k_m!) ways, so the count is a
    sum over each kind's shares, memoised on the room left. Kinds are few (one per suit with a
    revealed void, a discard rule), so this stays small where rejection fails."""

    def __init__(self, cards: list[int], capacities: list[int], forbidden: list[int]) -> None:
        kinds: dict[tuple[int, ...], list[int]] = {}
        for card in sorted(cards):
            allowed = tuple(p for p, bad in enumerate(forbidden) if not bad >> card & 1)
            kinds.setdefault(allowed, []).append(card)
        # the kind with the most ways to share last, where its share is forced by the room left
        self.kinds = sorted(kinds.items(), key=lambda kind: _shares_of(*kind))
        self.capacities = tuple(capacities)
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.budget: int | None = None
        """Shares that counting may weigh before it raises ``_PastBudget`` (None: any)."""
        self.weighed = 0

    def shares(self, index: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Each way to share kind ``index`` among its places within ``room``, with the number
        of splits of the cards it leaves for the later kinds."""
        allowed, cards = self.kinds[index]
        found: list[tuple[tuple[int, ...], int]] = []
        if index == len(self.kinds) - 1:  # the last kind fills exactly the room left
            taken = tuple(room[place] for place in allowed)
            if sum(taken) == len(cards) == sum(room):
                ways = factorial(len(cards))
                for count in taken:
                    ways //= factorial(count)
                found.append((taken, ways))
            return found

        def share(at: int, left: int, taken: tuple[int, ...], ways: int) -> None:
            self.weighed += 1
            if self.budget is not None and self.weighed > self.budget:
                raise _PastBudget
            if at == len(allowed) - 1:
                if left > room[allowed[at]]:
                    return
                taken += (left,)
                rest = list(room)
                for place, count in zip(allowed, taken, strict=True):
                    rest[place] -= count
                later = self.count(index + 1, tuple(rest))
                if later:
                    found.append((taken, ways * later))
                return
            for count in range(min(left, room[allowed[at]]) + 1):
                share(at + 1, left - count, (*taken, count), ways * comb(left, count))

        if allowed:
            share(0, len(cards), (), 1)
        return found

    def work(self) -> int:
        """An upper bound on the shares weighed: each kind's before the last, multiplied."""
        total = 1
        for allowed, cards in self.kinds[:-1]:
            total *= _shares_of(allowed, cards)
        return total

    def count(self, index: int, room: tuple[int, ...]) -> int:
        if index == len(self.kinds):
            return 0 if any(room) else 1
        key = (index, room)
        if key not in self.memo:
            self.memo[key] = sum(ways for _, ways in self.shares(index, room))
        return self.memo[key]

    def draw(self, rng: random.Random) -> list[int]:
        masks = [0] * len(self.capacities)
        room = self.capacities
        for index, (allowed, cards) in enumerate(self.kinds):
            options = self.shares(index, room)
            if not options:
                raise ValueError("no placement of the unseen cards fits what play has revealed")
            taken = _weighted(options, rng)
            shuffled = rng.sample(cards, len(cards))
            rest = list(room)
            start = 0
            for place, count in zip(allowed, taken, strict=True):
                for card in shuffled[start : start + count]:
                    masks[place] |= 1 << card
                start += count
                rest[place] -= count
            room = tuple(rest)
        return masks


def _shares_of(allowed: tuple[int, ...], cards: list[int]) -> int:
    """The ways to share ``cards`` among the places ``allowed``, room aside."""
    return comb(len(cards) + len(allowed) - 1, len(allowed) - 1) if allowed else 1


def _weighted(options: list[tuple[tuple[int, ...], int]], rng: random.Random) -> tuple[int, ...]:
    """One of ``options``, each drawn in proportion to its number of ways."""
    pick = rng.randrange(sum(ways for _, ways in options))
    for option, ways in options:
        if pick < ways:
            return option
        pick -= ways
    raise AssertionError("a draw below the total falls in one option")
