"""OpenSpiel games of the four games: importing this module registers ``python_tarocchi_<game_id>``.

``pyspiel.load_game("python_tarocchi_piedmont(good_evil=allegiance)")``: the game's options are
string parameters, ``dealer`` (an int, default 0) says who deals first, and ``episode`` ("hand",
the default, or "match") what an OpenSpiel episode is: one hand, or a whole game of as many hands
as the game's rules (and options) say, the deal passing on and the totals carrying over. Each
hand's deal is explicit chance, one card at a time into the places of ``game.deal`` in order
(seat 0's hand, seat 1's, ..., the stock), each card uniform over those not yet dealt; then the
seats act with the game's fixed action ids. Returns are 0 until the episode is over, then each
seat's game points for the hand (``HandResult.scores``) or the game's totals. A parameter that
changes nothing (Taroinche's ``hands`` in a one-hand episode) is refused. States deep-copy and
pickle (OpenSpiel's own way, by their history); games pickle by their parameters. Strings and
tensors come from the
seat's ``PlayerView`` only (``openspiel_observer``); ``resample_from_infostate`` is the
engine's ``game.resample``, so OpenSpiel's IS-MCTS searches the worlds our search player does.
docs/research.md, "OpenSpiel", says why each choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import pyspiel  # type: ignore[import-not-found]  # a compiled module without types

from tarocchi.core.errors import TarocchiError
from tarocchi.core.exact import exact_resampling
from tarocchi.core.match import dealer_of
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.registry import available_games, game_info, get_game, manifest
from tarocchi.research.episodes import EPISODES, check_episode
from tarocchi.research.openspiel_observer import TarocchiObserver

PREFIX = "python_tarocchi_"


RESAMPLINGS = ("fast", "exact")
"""How ``resample_from_infostate`` draws: as the engine does by default, or exactly uniformly
(``core.exact``)."""


def short_name(game_id: str) -> str:
    return f"{PREFIX}{game_id}"


@dataclass(frozen=True, slots=True)
class Hand:
    """What an OpenSpiel state holds: the rules, the hand's number and dealer and the totals
    before it, the cards dealt so far (by card index, in the order of the deal's places) and,
    once they are all dealt, the engine state and how many moves of the history came before
    its first action.

    Immutable, so a copy is the same object: OpenSpiel clones a Python state by deep-copying its
    attributes, and an engine state is never changed in place."""

    rules: Game[Any]
    dealt: tuple[int, ...]
    state: Any = None
    number: int = 1
    dealer: int = 0
    totals: tuple[int, ...] = ()
    begun: int = 0

    def __deepcopy__(self, memo: dict[int, object]) -> Hand:
        return self


@dataclass(frozen=True)
class Shape:
    """The deal's places in order, as ``game.deal`` fills them: the size of each seat's hand,
    then of the stock."""

    hands: tuple[int, ...]
    stock: int

    @classmethod
    def of(cls, rules: Game[Any]) -> Shape:
        deal = rules.deal(random.Random(0), 0)
        return cls(tuple(len(hand) for hand in deal.hands), len(deal.stock))

    def deal(self, rules: Game[Any], dealt: tuple[int, ...]) -> Deal:
        cards = [rules.deck.cards[index] for index in dealt]
        hands, start = [], 0
        for size in self.hands:
            hands.append(tuple(cards[start : start + size]))
            start += size
        return Deal(tuple(hands), tuple(cards[start:]))


def parameter(value: str, choices: tuple[str, ...]) -> str | int:
    """An option's value as an OpenSpiel parameter: an int where every choice is a number
    (Taroinche's ``hands``), because OpenSpiel reads ``hands=5`` in a game string as an int;
    else the string."""
    return int(value) if choices and all(c.isdigit() for c in choices) and value.isdigit() else value


def load(
    game_id: str, options: Mapping[str, str] | None = None, dealer: int = 0, episode: str = "hand"
) -> TarocchiGame:
    """``pyspiel.load_game`` of ``game_id`` with its options as strings, as ``get_game`` takes
    them (``load("taroinche", {"hands": "10"}, episode="match")``): checked by the engine (a wrong
    one is an OptionError, a ValueError), then each given the type its OpenSpiel parameter has."""
    checked = get_game(game_id, options).options  # an OptionError names the choices
    choices = {spec.name: spec.choices for spec in game_info(game_id).options}
    typed = {name: parameter(checked[name], choices[name]) for name in checked}
    game: TarocchiGame = pyspiel.load_game(
        short_name(game_id), {**typed, "dealer": dealer, "episode": episode}
    )
    return game


def game_type(game_id: str) -> Any:
    """The OpenSpiel GameType of ``game_id``: its options as string parameters, ``dealer`` and
    ``episode``."""
    rules = get_game(game_id)
    parameters: dict[str, Any] = {
        spec.name: parameter(spec.default, spec.choices) for spec in rules.info.options
    }
    parameters["dealer"] = 0
    parameters["episode"] = EPISODES[0]
    parameters["resampling"] = RESAMPLINGS[0]
    kind = pyspiel.GameType
    return kind(
        short_name=short_name(game_id),
        long_name=f"tarocchi: {rules.info.name}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=rules.players,
        min_num_players=rules.players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class TarocchiGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    """One tarocchi game, with its options, as an OpenSpiel game of one hand or a whole game."""

    game_id: str = ""
    """The tarocchi game id; each registered game is a subclass that sets it (``register``)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game_id = self.game_id
        given = dict(params or {})
        dealer = given.pop("dealer", 0)
        episode = given.pop("episode", EPISODES[0])
        resampling = given.pop("resampling", RESAMPLINGS[0])
        try:
            self.rules: Game[Any] = get_game(game_id, {name: str(value) for name, value in given.items()})
            check_episode(self.rules, episode)
        except (TarocchiError, ValueError) as error:  # which option, and its choices
            raise ValueError(f"{short_name(game_id)}: {error}") from None
        players = self.rules.players
        if type(dealer) is not int or not 0 <= dealer < players:
            raise ValueError(
                f"{short_name(game_id)}: dealer must be a seat 0..{players - 1} (got {dealer!r})"
            )
        if resampling not in RESAMPLINGS:
            choices = ", ".join(RESAMPLINGS)
            raise ValueError(
                f"{short_name(game_id)}: resampling must be one of {choices} (got {resampling!r})"
            )
        self.dealer = dealer
        self.episode: str = episode
        self.resampling: str = resampling
        self.hands = self.rules.hands_per_game() if episode == "match" else 1
        """The hands of an episode."""
        self.shape = Shape.of(self.rules)
        declared = manifest(game_id)
        bound = float(declared.utility_bound * self.hands)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.rules.actions),
            max_chance_outcomes=self.rules.deck.size,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=declared.max_actions * self.hands,
        )
        specs = {spec.name: spec.choices for spec in self.rules.info.options}
        options = {name: parameter(value, specs[name]) for name, value in self.rules.options.items()}
        given = {**options, "dealer": dealer, "episode": episode, "resampling": resampling}
        super().__init__(game_type(game_id), info, given)

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its string, loaded again by ``pyspiel.load_game``."""
        return (pyspiel.load_game, (str(self),))

    def new_initial_state(self) -> TarocchiState:
        return TarocchiState(self)

    def max_chance_nodes_in_history(self) -> int:
        return int(self.rules.deck.size * self.hands)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> TarocchiObserver:
        """The information state for a perfect-recall observation type, else the observation."""
        return TarocchiObserver(self, iig_obs_type, params)


class TarocchiState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types
    """A hand being dealt or played. ``hand.state`` is the engine state once the deal is done."""

    def __init__(self, game: TarocchiGame) -> None:
        super().__init__(game)
        self.hand = Hand(game.rules, (), dealer=game.dealer, totals=(0,) * game.rules.players)

    # -- where the hand is ------------------------------------------------------------------
    @property
    def rules(self) -> Game[Any]:
        return self.hand.rules

    @property
    def engine_state(self) -> Any:
        """The engine state (None while the cards are being dealt)."""
        return self.hand.state

    def current_player(self) -> int:
        state = self.hand.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.hand.rules.to_act(state)
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def is_terminal(self) -> bool:
        """The hand is over (in a whole game, only the last hand's end is one: ``_next``
        deals the next one at once)."""
        state = self.hand.state
        return state is not None and self.hand.rules.to_act(state) is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card not yet dealt, equally likely."""
        left = sorted(set(range(self.hand.rules.deck.size)).difference(self.hand.dealt))
        return [(card, 1.0 / len(left)) for card in left]

    def _legal_actions(self, player: int) -> list[int]:
        rules = self.hand.rules
        return sorted(rules.action_id(action) for action in rules.legal_actions(self.hand.state))

    def _apply_action(self, action: int) -> None:
        hand = self.hand
        rules = hand.rules
        if hand.state is not None:
            self.hand = self._next(replace(hand, state=rules.apply(hand.state, rules.action_of(int(action)))))
            return
        dealt = (*hand.dealt, int(action))
        if len(dealt) < rules.deck.size:
            self.hand = replace(hand, dealt=dealt)
            return
        game = self.get_game()
        context = HandContext(hand.number, hand.dealer, hand.totals)
        state = rules.initial_state(game.shape.deal(rules, dealt), context)
        self.hand = self._next(replace(hand, dealt=dealt, state=state, begun=len(self.history()) + 1))

    def _next(self, hand: Hand) -> Hand:
        """``hand``, or, if it is over and not the episode's last, the next hand about to be
        dealt: the deal passes on (C1) and the hand's points go to the totals."""
        rules = hand.rules
        result = rules.outcome(hand.state)
        game = self.get_game()
        if result is None or hand.number >= game.hands:
            return hand
        return Hand(
            rules,
            (),
            number=hand.number + 1,
            dealer=dealer_of(rules, game.dealer, hand.number + 1),
            totals=tuple(t + s for t, s in zip(hand.totals, result.scores, strict=True)),
        )

    def _action_to_string(self, player: int, action: int) -> str:
        rules = self.hand.rules
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {rules.deck.cards[action].code}"
        return str(rules.action_of(int(action)))

    def returns(self) -> list[float]:
        """0 until the episode is over, then the hand's points, which in a whole game come on
        top of the totals of the hands before it."""
        hand = self.hand
        result = None if hand.state is None else hand.rules.outcome(hand.state)
        if result is None:
            return [0.0] * hand.rules.players
        return [float(total + score) for total, score in zip(hand.totals, result.scores, strict=True)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> TarocchiState:
        """A state ``player_id`` cannot tell from this one: the engine's ``resample`` of its view,
        drawn with a generator seeded from the sampler's floats, exactly uniformly with the
        parameter ``resampling=exact``. Its OpenSpiel history is empty (the chance that made it
        is not OpenSpiel's)."""
        rules = self.hand.rules
        if self.hand.state is None:
            raise ValueError("resample_from_infostate: the cards are still being dealt; no seat has acted")
        seed = int(probability_sampler() * 2**53) << 53 | int(probability_sampler() * 2**53)
        view = rules.view(self.hand.state, rules.check_seat(player_id, name="player_id"))
        game = self.get_game()
        with exact_resampling(game.resampling == "exact"):
            world = rules.resample(view, random.Random(seed))
        other = TarocchiState(game)
        other.hand = replace(self.hand, dealt=(), state=world, begun=0)
        return other

    def __str__(self) -> str:
        """The hand (in a whole game: its number and the totals before it), the cards dealt (a
        resampled world: where each card is), then the seats' actions, as OpenSpiel's history
        has them."""
        hand = self.hand
        rules, state = hand.rules, hand.state
        top = ""
        if self.get_game().hands > 1:
            top = f"hand {hand.number}, dealer {hand.dealer}, totals {' '.join(map(str, hand.totals))}\n"
        if state is not None and not hand.dealt:  # a world of resample_from_infostate
            places = sorted(rules.card_locations(state).items())
            head = "world: " + "; ".join(f"{p} {rules.deck.codes(m)}" for p, m in places)
        else:
            head = "dealt: " + " ".join(rules.deck.cards[i].code for i in hand.dealt)
        moves = self.history()[hand.begun :] if state is not None else []
        actions = [str(rules.action_of(action)) for action in moves]
        return top + head + (f"\nactions: {', '.join(actions)}" if actions else "")


GAMES: dict[str, type[TarocchiGame]] = {}
"""The OpenSpiel game class of each game id, as registered."""


def register() -> None:
    """Register ``python_tarocchi_<game_id>`` for every game (done once, on import).

    Each game gets its own class, ``TarocchiGame`` bound to its id: OpenSpiel keeps the creator
    it is given until the process ends, after Python has shut down, and a class (unlike a
    closure) is never freed on the way, which would abort the interpreter at exit."""
    known = set(pyspiel.registered_names())
    for game_id in available_games():
        if short_name(game_id) in known:
            continue
        creator = type(f"TarocchiGame_{game_id}", (TarocchiGame,), {"game_id": game_id})
        GAMES[game_id] = creator
        globals()[creator.__name__] = creator  # where pickle finds the class of a game
        pyspiel.register_game(game_type(game_id), creator)


register()
