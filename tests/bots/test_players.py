"""Every computer player, in every game and option: legal play only, and no peeking."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from configs import game_configs

from tarocchi import get_game
from tarocchi.bots.base import Player, play_match, player_rng
from tarocchi.bots.players import make_player, player_kinds, search_player
from tarocchi.bots.registry import game_players
from tarocchi.bots.search import SearchPlayer
from tarocchi.core.errors import IllegalActionError
from tarocchi.core.protocol import Deal, Game, HandContext


def configurations() -> list[tuple[str, str, dict[str, str]]]:
    """Every player kind of every game and option, an option that only sets how many hands a game
    lasts (Taroinche's ``hands``) at its default: the hands are dealt and played alike whatever
    it is, and the players choose from a hand's view."""
    return [
        (game_id, kind, options)
        for game_id, options in game_configs(every_length=False)
        for kind in player_kinds(get_game(game_id, options))
    ]


CONFIGS = configurations()
SEAT_HANDS = 1000
"""Hands each player plays at a seat in every game and option in the legality test: a table of
one kind plays a thousand hands over its seats (250 hands of four players, say)."""
SEARCHING_HANDS = 125
"""Hands of the search player, which cost twenty to forty times a heuristic hand: it chooses
among its view's legal actions by the scores of one world's playouts, and leaves the bids to the
heuristic player (its own thousand). Its choice is an index into the view's legal actions, so
what the hands try is the world sampler, on the view of each searched decision: over a hundred
hands of a dozen and more decisions each (the samplers have their own tests: test_*_worlds.py)."""
LEARNED_HANDS = 125
"""Hands of the learned player: it takes the legal action its network scores highest, by the
action's id (every action of a game has one: tests/core/test_action_space.py): over a hundred
hands of it still try that on every phase's views."""
EXPERT_HANDS = 50
"""Hands of the expert player: the search player's choice (its hands above) weighed by the
learned policy's (its hands above): what is its own is the weighing's index into the legal
actions, tried on fifty hands of every game and option."""
PLAYOUT_HANDS = 10
"""Hands (at least) of the search player with its default playout, in which every world is
played out by the heuristic player at every seat: ten hands make some seventy thousand of those
decisions, in sampled worlds, in Piedmont, ten to sixteen thousand in Sicilian and Taroux, over a
thousand in Taroinche's short hands."""
HANDS = {"search": SEARCHING_HANDS, "learned": LEARNED_HANDS, "expert": EXPERT_HANDS}
PARTS = {"search": 2, "expert": 2, "learned": 2}
"""The slower players' hands run in parts, so that the test workers share them."""
ONE_SEAT = ("search", "expert", "learned")
"""The players that cost the most a decision: one seat of each game, the others random."""


def quick(kind: str, game: Game[Any], playout: str = "heuristic") -> Player:
    """A player of ``kind``; the search player with one world a decision (the code path of any
    number of worlds, at the cost of one), to keep the tests quick; the expert player is that
    search with the learned policy as its prior."""
    if kind == "search":
        return search_player(game, worlds=1, playout=playout)
    if kind == "expert":
        from tarocchi.bots.learned.player import ExpertPlayer, LearnedPlayer

        return ExpertPlayer(search_player(game, worlds=1, playout=playout), LearnedPlayer(game))
    return make_player(kind, game)


def at_one_seat(game: Game[Any], player: Player, seed: int) -> list[Player]:
    """A table of random players with ``player`` at one seat, a different one from seed to seed:
    every hand is one it plays to the end, at a fraction of the cost of a table of such players."""
    players = [quick("random", game)] * game.players
    players[seed % game.players] = player
    return players


def config_id(config: tuple[str, str, dict[str, str]]) -> str:
    game_id, kind, options = config
    return "-".join([game_id, kind, *options.values()])


LEGALITY_RUNS = [
    pytest.param(
        config, part, parts, id=config_id(config) + (f"-part{part + 1}of{parts}" if parts > 1 else "")
    )
    for config in CONFIGS
    for parts in [PARTS.get(config[1], 1)]
    for part in range(parts)
]


@pytest.mark.parametrize(("config", "part", "parts"), LEGALITY_RUNS)
def test_player_plays_its_hands_legally(
    config: tuple[str, str, dict[str, str]], part: int, parts: int
) -> None:
    """Match.submit raises on any illegal action, so finishing the games is the test; the audit
    and the final totals confirm the games really were played out. Part ``part`` of ``parts``
    plays the games with seeds part, part + parts, ... until it has its share of the hands.
    A searching player (the search player, or the expert player's search) plays out its worlds
    at random here, ten times faster than its default;
    the playout only scores the legal actions, and the next test runs the default. It, or the
    learned player, sits at one seat of each game, a different one from game to game, the others
    playing at random: every hand is still one it plays to the end, at a quarter of the cost of
    four such players. The others (random, heuristic) sit at every seat, each seat's hands
    counting toward the thousand."""
    game_id, kind, options = config
    game = get_game(game_id, options)
    seat_hands = HANDS.get(kind, SEAT_HANDS)
    wanted = -(-seat_hands // (parts if kind in ONE_SEAT else parts * game.players))
    hands = 0
    seed = part
    while hands < wanted:
        if kind in ONE_SEAT:
            players = at_one_seat(game, quick(kind, game, "random"), seed)
        else:
            players = [quick(kind, game) for _ in range(game.players)]
        match = play_match(game, players, seed=seed)
        assert match.over and not game.audit(match.state)
        assert sum(match.totals) == 0
        hands += len(match.hands)
        seed += parts
    assert hands >= wanted


@pytest.mark.parametrize("config", [c for c in CONFIGS if c[1] == "search"], ids=config_id)
def test_search_player_with_heuristic_playouts_plays_legally(config: tuple[str, str, dict[str, str]]) -> None:
    """The default playout: in every world each seat plays on as the heuristic player would,
    from its view of that world, through ``game.apply`` (which refuses an illegal action). The
    searching player sits at one seat, as in the legality test above, and plays every hand to the end."""
    game_id, kind, options = config
    game = get_game(game_id, options)
    default = make_player(kind, game)
    assert isinstance(default, SearchPlayer)
    assert isinstance(default.playout, type(game_players(game).heuristic()))
    hands = seed = 0
    while hands < PLAYOUT_HANDS:
        match = play_match(game, at_one_seat(game, quick(kind, game), seed), seed=1000 + seed)
        assert match.over and not game.audit(match.state)
        hands += len(match.hands)
        seed += 1


def _unplayed_same_suit_pairs(game: Game[Any], deal: Deal, history: str, seat: int) -> list[tuple[int, int]]:
    """Pairs of cards in two other seats' dealt hands, of one suit, not named by any action yet
    (so the history mostly stays legal when they trade places)."""
    named = set(history.upper().split())
    pairs = []
    for q, r in itertools.combinations([s for s in range(game.players) if s != seat], 2):
        for a in deal.hands[q]:
            for b in deal.hands[r]:
                if a.suit == b.suit and a.code not in named and b.code not in named:
                    pairs.append((a.index, b.index))
    return pairs


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_player_choice_does_not_depend_on_cards_it_cannot_see(
    config: tuple[str, str, dict[str, str]],
) -> None:
    """Two states that differ only in two same-suit cards between other players' hands (so the
    history stays legal) and show the same public events: the player, given the same seed,
    chooses the same action."""
    game_id, kind, options = config
    game = get_game(game_id, options)
    rng = random.Random(f"bot-secrecy/{config_id(config)}")
    compared = hand = 0
    while compared < 20 and hand < 60:
        hand += 1
        deal = game.deal(rng, hand % game.players)
        context = HandContext(1, hand % game.players, (0,) * game.players)
        state = game.initial_state(deal, context)
        actions: list[Any] = []
        while (seat := game.to_act(state)) is not None:
            if rng.random() < 0.2:
                history = " ".join(str(a) for a in actions)
                pairs = _unplayed_same_suit_pairs(game, deal, history, seat)
                if pairs:
                    a, b = rng.choice(pairs)
                    cards = list(game.deck.cards)
                    swap = {a: cards[b], b: cards[a]}
                    swapped = Deal(
                        tuple(tuple(swap.get(c.index, c) for c in h) for h in deal.hands),
                        tuple(swap.get(c.index, c) for c in deal.stock),
                    )
                    other = game.initial_state(swapped, context)
                    try:
                        for action in actions:
                            other = game.apply(other, action)
                    except IllegalActionError:
                        continue  # the swap changed what was allowed (a Sparrow's Magician, say)
                    if game.view(other, None).events != game.view(state, None).events:
                        continue  # the rules made the swap public (an Allegiance take-back, say)
                    assert game.view(other, seat) == game.view(state, seat)
                    mine = quick(kind, game).choose(game.view(state, seat), player_rng(hand, seat))
                    theirs = quick(kind, game).choose(game.view(other, seat), player_rng(hand, seat))
                    assert mine == theirs
                    compared += 1
            action = rng.choice(game.legal_actions(state))
            state = game.apply(state, action)
            actions.append(action)
    assert compared >= 20, f"only {compared} comparisons"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_player_asked_out_of_turn_says_so(config: tuple[str, str, dict[str, str]]) -> None:
    """A view without legal actions (a seat not to act): a clear ValueError, not a crash inside
    the player's rules."""
    game_id, kind, options = config
    game = get_game(game_id, options)
    state = game.initial_state(
        game.deal(random.Random("out-of-turn"), 0), HandContext(1, 0, (0,) * game.players)
    )
    to_act = game.to_act(state)
    assert to_act is not None
    idle = (to_act + 1) % game.players
    with pytest.raises(ValueError, match=f"seat {idle} has nothing to choose: it is not its turn"):
        quick(kind, game).choose(game.view(state, idle), random.Random(0))
