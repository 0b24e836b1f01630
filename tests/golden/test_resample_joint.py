"""Resampling is uniform over every consistent deal (the chi-square test, the joint part):
late in a golden hand, where few deals remain possible, ``game.resample`` draws each of them
equally often.

The consistent deals are found without the games' samplers. The cards the seat has not seen
lie in the other hands and the dog; every way to share them out again, at the same sizes, is
tried. Where every unseen card in one place came from the same place of the deal (so a sharing
names exactly one deal), that deal is the real one with the cards relabelled. It is consistent
if the rules replay the seat's record on it (``replay``: every play legal) and the seat's view
comes out exactly the same. Then worlds are drawn with ``game.resample`` and counted by where
each unseen card lies. The counts must hit only consistent deals, and all of them, equally often
by a chi-square test.

The point tested in each golden hand: the first decision in trick play with between 20 and
3,000 sharings to try, no other seat's face-down discard to guess, and unseen cards that each
place got from one place of the deal. Taroux has no such point (every seat lays a card aside
face down), so its hands are not here; its marginals are tested in test_resample_marginals.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from chisquare import chi2_sf
from golden_deals import VARIANTS, Variant
from golden_tools import PLAY_PHASE, bot_rng, make_game, parse_deal
from sharings import Sharing, count_sharings, sharing_of, sharings

from tarocchi.bots.players import make_player
from tarocchi.core.actions import FaceDown
from tarocchi.core.cards import bits
from tarocchi.core.errors import IllegalActionError
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.resample import World, replay
from tarocchi.core.views import PlayerView

SHARINGS = (20, 3_000)
"""How many sharings of the unseen cards the point tested may have: enough to be a real test,
few enough to replay each one."""
DRAWS_PER_DEAL = 30
P_FLOOR = 1e-6
HIDDEN_PLACES = ("dog", "stock")
"""Places other than the other seats' hands where an unseen card may lie."""
VARIANTS_TESTED = [v for v in VARIANTS if v.deals and v.game != "taroux"]


def hidden_places(game: Game[Any], state: Any, view: PlayerView) -> dict[str, int]:
    """The places holding cards the seat has not seen, with those cards."""
    known = view.hand.mask | view.own_discard.mask
    own = f"hand {game.seat_name(view.seat)}"  # type: ignore[arg-type]
    places = {}
    for name, mask in game.card_locations(state).items():
        if name != own and (name.startswith("hand ") or name in HIDDEN_PLACES) and mask & ~known:
            places[name] = mask & ~known
    return places


def origins(deal: Deal) -> dict[int, str]:
    """Each card's place in the deal."""
    found = {card.index: f"hand {seat}" for seat, hand in enumerate(deal.hands) for card in hand}
    found.update({card.index: "stock" for card in deal.stock})
    return found


def point_tested(variant: Variant) -> tuple[Game[Any], Deal, Any, PlayerView]:
    """The golden hand's state at the point this test takes (module docstring)."""
    game = make_game(variant)
    golden = variant.deals[0]
    deal = parse_deal(game, golden)
    where = origins(deal)
    state: Any = game.initial_state(deal, HandContext(1, golden.dealer, (0,) * game.players))
    players = [make_player("heuristic", game) for _ in range(game.players)]
    rngs = [bot_rng(1, seat) for seat in range(game.players)]
    while (seat := game.to_act(state)) is not None:
        view = game.view(state, seat)
        places = hidden_places(game, state, view)
        if (
            view.phase_name == PLAY_PHASE
            and not any(isinstance(e.action, FaceDown) and e.seat != seat for e in view.events)
            and all(len({where[card] for card in bits(mask)}) == 1 for mask in places.values())
            and SHARINGS[0] <= count_sharings(places) <= SHARINGS[1]
        ):
            return game, deal, state, view
        state = game.apply(state, players[seat].choose(view, rngs[seat]))
    raise AssertionError(f"{variant.name}: no point with {SHARINGS} sharings in the golden hand")


def relabelled(game: Game[Any], deal: Deal, real: dict[str, int], shared: dict[str, int]) -> Deal:
    """The real deal with each place's unseen cards replaced by those ``shared`` gives it."""
    relabel = {}
    for name, mask in real.items():
        relabel.update(zip(bits(mask), bits(shared[name]), strict=True))
    cards = game.deck.cards

    def swap(hand: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(cards[relabel.get(card.index, card.index)] for card in hand)

    return Deal(tuple(swap(hand) for hand in deal.hands), swap(deal.stock))


def consistent_sharings(game: Game[Any], deal: Deal, state: Any, view: PlayerView) -> set[Sharing]:
    real = hidden_places(game, state, view)
    found = set()
    for shared in sharings(real):
        try:
            world = replay(game, view, World(relabelled(game, deal, real, shared)))
        except IllegalActionError:
            continue  # the rules refuse a play the seat saw: a revealed void, a duty to trump
        if game.view(world, view.seat) == view:
            found.add(sharing_of(shared))
    return found


@pytest.mark.parametrize("variant", VARIANTS_TESTED, ids=lambda v: v.name)
def test_resampling_draws_every_consistent_deal_equally_often(variant: Variant) -> None:
    game, deal, state, view = point_tested(variant)
    consistent = consistent_sharings(game, deal, state, view)
    assert sharing_of(hidden_places(game, state, view)) in consistent  # the real deal is one
    assert len(consistent) >= 2, f"{variant.name}: only one deal fits; nothing to draw"

    draws = DRAWS_PER_DEAL * len(consistent)
    rng = random.Random(21)  # draws the worlds; the deal and the point are the golden ones
    counts = Counter(sharing_of(hidden_places(game, game.resample(view, rng), view)) for _ in range(draws))
    strays = set(counts) - consistent
    assert not strays, f"{variant.name}: {len(strays)} drawn deals do not fit the view"
    assert set(counts) == consistent, f"{variant.name}: {len(consistent - set(counts))} deals never drawn"
    statistic = sum((n - DRAWS_PER_DEAL) ** 2 / DRAWS_PER_DEAL for n in counts.values())
    p = chi2_sf(statistic, len(consistent) - 1)
    drawn = sorted(counts.values())
    assert p > P_FLOOR, f"{variant.name}: {len(consistent)} deals drawn {drawn}, p = {p:.2g}"
