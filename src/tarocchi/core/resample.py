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

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from tarocchi.core.actions import Action, FaceDown
from tarocchi.core.cards import bits
from tarocchi.core.errors import ArgumentError, IllegalActionError
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


UNIFORM_TRIES = 20
"""Uniform splits tried before placing the most constrained cards first (``deal_unseen``)."""


def deal_unseen(
    unseen: int, capacities: list[int], forbidden: list[int], rng: random.Random, tries: int = 200
) -> list[int]:
    """Split the cards of ``unseen`` into places of the given sizes, no card in a place that
    forbids it (a revealed void, a discard rule). First by rejection: a uniform split, kept if
    no card is where it may not be, which draws every allowed split equally often. When the
    constraints make that rare (late in a hand), most constrained cards go first, each to a
    place drawn in proportion to its room: close to uniform, and never stuck. Raises ValueError
    if no split is found (the constraints contradict each other)."""
    cards = list(bits(unseen))
    if sum(capacities) == len(cards):
        for _ in range(UNIFORM_TRIES):
            rng.shuffle(cards)
            split, start = [], 0
            for capacity, bad in zip(capacities, forbidden, strict=True):
                mask = 0
                for card in cards[start : start + capacity]:
                    mask |= 1 << card
                if mask & bad:
                    break
                split.append(mask)
                start += capacity
            else:
                return split
    places = range(len(capacities))
    fits = {card: sum(1 for p in places if not forbidden[p] >> card & 1) for card in cards}
    for _ in range(tries):
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
