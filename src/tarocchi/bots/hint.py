"""What the strongest computer player would do in a seat's place, and why, in one line.

The terminal's ``hint`` and the table server's hint message share it, so both say the same thing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tarocchi.bots.base import Player
from tarocchi.bots.bidding_search import BiddingSearch
from tarocchi.bots.explain import card_reasons, inferred_reasons
from tarocchi.bots.inference import InferredWorlds
from tarocchi.bots.players import hard_sampler, make_player, player_kinds
from tarocchi.bots.search import DECISION_SECONDS, SearchPlayer
from tarocchi.core.actions import Action, Discard
from tarocchi.core.cards import Card
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView

STRONGEST = ("hard",)
"""The levels a hint asks, strongest first by the strength benchmark (docs/bots.md): the first
the game has gives the hint. ``expert`` is not among them until it measures stronger than the
hard level (it is level with it so far), whose search also tells why."""
SMALLEST_SEARCH = 0.01
"""The least time a card of a discard hint is searched (seconds): a few worlds at least."""


@dataclass(frozen=True)
class Hint:
    """The suggested actions (one, or a whole discard) and the reason, for people."""

    actions: tuple[Action, ...]
    text: str


def hint(game: Game[Any], state: Any, seat: int, rng: random.Random, seconds: float | None = None) -> Hint:
    """The strongest computer player's choice for ``seat`` (to act in ``state``; ``expert`` where
    the game has one, else ``hard``): its mean result over sampled worlds and the runner-up, or its
    rule of thumb, with what its inference makes of the hidden hands (``explain.inferred_reasons``).
    ValueError if ``game`` has no search player. ``seconds`` bounds the thinking (the player's own
    time per decision if None).

    Only ``seat``'s views are read; ``state`` is needed to suggest a whole discard (see
    ``discard_hint``)."""
    if "search" not in player_kinds(game):
        raise ValueError(f"no hints for {game.info.id} yet: it has no search player")
    view = game.view(state, seat)
    if len(view.legal_actions) == 1:
        return Hint((view.legal_actions[0],), f"{view.legal_actions[0]} (your only legal move)")
    level, player = strongest(game, seconds)
    if not isinstance(player, SearchPlayer):
        choice = player.choose(view, rng)
        inferred = _inferred(game, view, _sampler(game, player, seconds), rng, choice)
        return Hint((choice,), f"{choice}: {inferred}the {level} player's choice")
    searcher = player
    if all(isinstance(a, Discard) for a in view.legal_actions):
        return discard_hint(game, state, seat, searcher, rng)
    sampler = _sampler(game, searcher, seconds)
    if searcher.delegates(view):
        if isinstance(searcher.delegate, BiddingSearch):
            found = bid_hint(searcher.delegate, view, rng)
            if found is not None:
                return found
        choice = searcher.choose(view, rng)
        inferred = _inferred(game, view, sampler, rng, choice)
        return Hint(
            (choice,), f"{choice}: {inferred}in this phase the {level} player follows its rules of thumb"
        )
    ranked = searcher.evaluate(view, rng)
    if not ranked:
        choice = searcher.fallback(view, rng)
        return Hint((choice,), f"{choice} (out of time to search: the {level} player's rules of thumb)")
    (best, score, worlds), rest = ranked[0], ranked[1:]
    runner = f"; next best {rest[0][0]} {rest[0][1]:+.1f}" if rest else ""
    why = "".join(f"{reason}; " for reason in card_reasons(game, view, best))
    inferred = _inferred(game, view, sampler, rng, best)
    return Hint(
        (best,),
        f"{best}: {why}{inferred}it averages {score:+.1f} game points for you over {deals(worlds)} of "
        f"the unseen cards consistent with what you know{runner}",
    )


def strongest(game: Game[Any], seconds: float | None) -> tuple[str, Player]:
    """The strongest level ``game`` has (``STRONGEST``, the first it has) and its player."""
    for level in STRONGEST:
        try:
            return level, make_player(level, game, seconds)
        except ValueError:
            continue
    raise ValueError(f"no hints for {game.info.id} yet: it has no search player")


def _sampler(game: Game[Any], player: Player, seconds: float | None) -> InferredWorlds:
    """The player's own inference if it has one (its weighed worlds are then those it searched),
    else the hard level's."""
    sampler = player.sampler if isinstance(player, SearchPlayer) else None
    if isinstance(sampler, InferredWorlds):
        return sampler
    budget = DECISION_SECONDS if seconds is None else seconds
    return hard_sampler(game, budget)


def _inferred(
    game: Game[Any], view: PlayerView, sampler: InferredWorlds, rng: random.Random, action: Action
) -> str:
    """What the inference says of the hidden hands, as the start of a hint's reasons, or ''."""
    reasons = inferred_reasons(game, view, sampler.inferred(view, rng), action)
    return f"{' and '.join(reasons)}; " if reasons else ""


def bid_hint(bidder: BiddingSearch, view: PlayerView, rng: random.Random) -> Hint | None:
    """The searched bid or call with its mean and the rule of thumb's choice, or None where the
    bidder does not search (it follows its rules of thumb)."""
    prior = bidder.prior.choose(view, rng)
    options = bidder.options(view, prior)
    if len(options) < 2:
        return None
    chosen, table = bidder.decide(view, rng, prior, options)
    if not table:
        return None  # out of time before the search could tell the bids apart
    means = {action: mean for action, mean, _ in table}
    kept = "" if chosen == prior else f"; the rule of thumb says {prior} ({means[prior]:+.1f})"
    return Hint(
        (chosen,),
        f"{chosen}: it averages {means[chosen]:+.1f} game points for you, played out over the deals "
        f"the other seats' actions make likely, against {len(options) - 1} other bids or calls{kept}",
    )


def discard_hint(game: Game[Any], state: Any, seat: int, searcher: SearchPlayer, rng: random.Random) -> Hint:
    """The whole discard in one hint: the hard player's choice card after card.

    Each next choice is asked of the view of the real state with the suggested cards discarded.
    That reveals nothing the seat does not know: its own discards move only its own cards, and a
    view is taken only while the seat is still to discard (never of the state after the last
    card, when the next phase may show more). States are immutable: nothing is applied to the game.

    The whole discard thinks within the searcher's time for one decision (a hint is answered
    within the hard player's time): each searched card takes half of what is left.
    """
    budget = searcher.seconds
    deadline = None if budget is None else time.perf_counter() + budget
    picks: list[Action] = []
    averages: tuple[float, int] | None = None
    hand = game.view(state, seat).hand
    while game.to_act(state) == seat:
        view = game.view(state, seat)
        if not view.legal_actions or not all(isinstance(a, Discard) for a in view.legal_actions):
            break
        if len(view.legal_actions) > 1 and not searcher.delegates(view):
            if deadline is not None:
                searcher.seconds = max(SMALLEST_SEARCH, (deadline - time.perf_counter()) / 2)
            ranked = searcher.evaluate(view, rng)
            if ranked:
                pick, score, worlds = ranked[0]
                averages = (score, worlds)  # the last card's playouts: the whole discard made
            else:
                pick = searcher.fallback(view, rng)
        else:
            pick = searcher.choose(view, rng)
        picks.append(pick)
        state = game.apply(state, pick)
    shape = discard_shape(game, hand, [a.card for a in picks if isinstance(a, Discard)])
    if averages is None:
        why = f"the hard player's rules of thumb for a discard{'; it ' + shape if shape else ''}"
    else:
        score, worlds = averages
        why = (
            f"it averages {score:+.1f} game points for you over {deals(worlds)} of the unseen cards "
            f"consistent with what you know{'; it ' + shape if shape else ''}"
        )
    return Hint(tuple(picks), f"{listed(picks, most=len(picks))}: {why}")


def discard_shape(game: Game[Any], hand: Iterable[Card], cards: list[Card]) -> str:
    """In words, what a discard does to the hand (``voids Air, shortens Earth``), or ''."""
    deck = game.deck
    held = list(hand)
    voids: list[str] = []
    shorter: list[str] = []
    for suit in deck.suits:
        out = sum(1 for card in cards if card.suit == suit.letter)
        if out:
            left = sum(1 for card in held if card.suit == suit.letter) - out
            (voids if left == 0 else shorter).append(suit.name)
    parts = [f"voids {' and '.join(voids)}"] if voids else []
    if shorter:
        parts.append(f"shortens {' and '.join(shorter)}")
    trumps = sum(1 for card in cards if deck.suit(card.suit) is None)
    if trumps:
        parts.append(f"lays away {trumps} trump{'s' if trumps > 1 else ''}")
    return ", ".join(parts)


def listed(actions: list[Action], most: int = 6) -> str:
    """Actions as typed, several discards or shows as one (``discard 4E 5E``, ``show T3 T4``),
    at most ``most`` named: a refusal stays one short line however many were typed."""
    split = [str(a).split() for a in actions]
    if split and all(len(w) == 2 and w[0] == split[0][0] for w in split):
        words = [w[1] for w in split]
        prefix = f"{split[0][0]} "
    else:
        words, prefix = [str(a) for a in actions], ""
    more = f" and {len(words) - most} more" if len(words) > most else ""
    return prefix + " ".join(words[:most]) + more


def deals(worlds: int) -> str:
    """``1 deal``, ``20 deals``: the worlds a mean is over, in a hint's words."""
    return f"{worlds} deal{'s' if worlds != 1 else ''}"
