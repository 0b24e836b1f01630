"""The OpenSpiel games: loading and parameters, OpenSpiel's own random simulation test, exact
and leak-free information states, the encoder's tensors, legal ids, chance, returns, and
OpenSpiel's IS-MCTS and evaluate_bots against our players (docs/research.md, "OpenSpiel")."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel
import pytest
from configs import config_id, game_configs
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.observation import make_observation
from research_tools import CONFIGS, IDS, Config

from tarocchi.core.exact import exact
from tarocchi.core.registry import game_info
from tarocchi.research.encoding import Layout, encoder
from tarocchi.research.observers import Observer
from tarocchi.research.openspiel import TarocchiGame, TarocchiState, load, parameter
from tarocchi.research.openspiel_bots import TarocchiBot, ismcts_bot

ALL_CONFIGS = game_configs()


def load_config(config: Config, dealer: int = 0) -> TarocchiGame:
    game_id, options = config
    return load(game_id, options, dealer)


def dealt(game: TarocchiGame, cards: list[int]) -> TarocchiState:
    """The state once ``cards`` (card indices, in the deal's order of places) are dealt."""
    state = game.new_initial_state()
    for card in cards:
        state.apply_action(card)
    return state


def shuffled(game: TarocchiGame, rng: random.Random) -> list[int]:
    cards = list(range(game.rules.deck.size))
    rng.shuffle(cards)
    return cards


def play_randomly(state: TarocchiState, rng: random.Random, actions: int) -> TarocchiState:
    """``state`` after up to ``actions`` random legal actions (fewer if the hand ends)."""
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("config", ALL_CONFIGS, ids=[config_id(c) for c in ALL_CONFIGS])
def test_load_game_with_parameters_that_round_trip(config: Config) -> None:
    game_id, options = config
    specs = {spec.name: spec.choices for spec in game_info(game_id).options}
    typed = {name: parameter(value, specs[name]) for name, value in options.items()}
    game = load(game_id, options, 1, "match")
    assert game.get_parameters() == {**typed, "dealer": 1, "episode": "match", "resampling": "fast"}
    assert dict(game.rules.options) == options
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.dealer == 1 and again.episode == "match"
    assert game.num_players() == game.rules.players
    assert game.num_distinct_actions() == len(game.rules.actions)
    assert game.max_chance_outcomes() == game.rules.deck.size
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_a_wrong_option_is_a_one_line_error_naming_the_choices() -> None:
    with pytest.raises(ValueError) as error:
        pyspiel.load_game("python_tarocchi_piedmont(good_evil=sideways)")
    message = str(error.value)
    assert "\n" not in message and "trumps, allegiance" in message and "sideways" in message


def test_a_dealer_outside_the_table_is_a_one_line_error() -> None:
    with pytest.raises(ValueError, match=r"dealer must be a seat 0\.\.4 \(got 5\)$"):
        pyspiel.load_game("python_tarocchi_taroinche(dealer=5)")


def test_an_unknown_parameter_is_refused_by_openspiel() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("python_tarocchi_sicilian(colour=red)")


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_openspiels_random_simulation_test(config: Config) -> None:
    pyspiel.random_sim_test(load_config(config), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("config", ALL_CONFIGS, ids=[config_id(c) for c in ALL_CONFIGS])
def test_openspiels_random_simulation_test_of_a_whole_game(config: Config) -> None:
    game_id, options = config
    pyspiel.random_sim_test(load(game_id, options, 2, "match"), num_sims=1, serialize=True, verbose=False)


def test_a_parameter_that_changes_nothing_is_refused() -> None:
    """Taroinche's ``hands`` sets a game's length, which a one-hand episode never reaches."""
    with pytest.raises(
        ValueError, match=r"^python_tarocchi_taroinche: hands=10 sets how many hands .*'match'"
    ):
        pyspiel.load_game("python_tarocchi_taroinche(hands=10)")
    with pytest.raises(ValueError, match=r"episode must be one of hand, match \(got 'game'\): a whole"):
        pyspiel.load_game("python_tarocchi_piedmont(episode=game)")
    game = pyspiel.load_game("python_tarocchi_taroinche(hands=10,episode=match)")
    assert (game.hands, game.max_game_length(), game.max_utility()) == (10, 10 * 183, 10 * 4_000)


@pytest.mark.parametrize(
    ("game_id", "options", "hands"),
    [("piedmont", {}, 4), ("sicilian", {}, 4), ("taroinche", {"hands": "10"}, 10), ("taroux", {}, 6)],
    ids=["piedmont", "sicilian", "taroinche-hands=10", "taroux"],
)
def test_a_whole_game_deals_each_hand_and_returns_the_totals(
    game_id: str, options: dict[str, str], hands: int
) -> None:
    """C1, C2: the game's hands (P1, S10, B8, T11), each dealt by explicit chance by the next
    seat to the left, from the totals of the hands before it; the returns are 0 until the last
    hand is over, then the game's totals."""
    game = load(game_id, options, 1, "match")
    players = game.num_players()
    rng = random.Random(7)
    state = game.new_initial_state()
    totals = [0] * players
    dealers = [state.hand.dealer]
    while not state.is_terminal():
        assert state.returns() == [0.0] * players
        before = state.engine_state
        if before is not None:
            view = game.rules.view(before, 0)
            assert (view.hand_number, view.dealer, list(view.scores)) == (len(dealers), dealers[-1], totals)
        number = state.hand.number
        action = _draw(state, rng)
        state.apply_action(action)
        if state.hand.number != number:  # the hand was over: its points go to the totals
            assert state.is_chance_node() and state.hand.dealt == ()
            if before is not None:  # (else it was thrown in as it was dealt)
                result = game.rules.outcome(game.rules.apply(before, game.rules.action_of(action)))
                assert result is not None
                assert list(state.hand.totals) == [t + s for t, s in zip(totals, result.scores, strict=True)]
            totals = list(state.hand.totals)
            dealers.append(state.hand.dealer)
    assert dealers == [(1 + n) % players for n in range(hands)]
    result = game.rules.outcome(state.engine_state)
    assert result is not None
    assert state.returns() == [float(t + s) for t, s in zip(totals, result.scores, strict=True)]
    assert sum(state.returns()) == 0


def _draw(state: TarocchiState, rng: random.Random) -> int:
    if state.is_chance_node():
        return int(rng.choice([card for card, _ in state.chance_outcomes()]))
    return int(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_deal_is_every_card_once_uniformly_then_the_engine_deal(config: Config) -> None:
    game = load_config(config, 2)
    order = shuffled(game, random.Random(1))
    state = game.new_initial_state()
    for card in order:
        outcomes = state.chance_outcomes()
        assert state.is_chance_node() and abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert [c for c, _ in outcomes] == sorted(set(range(game.rules.deck.size)) - set(state.hand.dealt))
        assert len({p for _, p in outcomes}) == 1
        state.apply_action(card)
    assert not state.is_chance_node()
    rules, engine = game.rules, state.engine_state
    shape, start = game.shape, 0
    for seat, size in enumerate(shape.hands):
        view = rules.view(engine, seat)
        assert view.dealer == 2
        expected = {rules.deck.cards[i].code for i in order[start : start + size]}
        if view.hand_sizes[seat] == size:  # the dealer of Piedmont also holds the stock
            assert {card.code for card in view.hand} == expected
        else:
            assert expected < {card.code for card in view.hand}
        start += size


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_legal_actions_and_strings_are_the_engines(config: Config) -> None:
    game = load_config(config)
    rng = random.Random(2)
    state = dealt(game, shuffled(game, rng))
    rules = game.rules
    while not state.is_terminal():
        seat = state.current_player()
        legal = rules.legal_actions(state.engine_state)
        assert state.legal_actions() == sorted(rules.action_id(a) for a in legal)
        assert all(state.legal_actions(other) == [] for other in range(rules.players) if other != seat)
        action = rng.choice(state.legal_actions())
        assert state.action_to_string(seat, action) == str(rules.action_of(action))
        state.apply_action(action)
    result = rules.outcome(state.engine_state)
    assert result is not None
    assert state.returns() == [float(score) for score in result.scores]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_returns_are_zero_until_the_hand_is_over(config: Config) -> None:
    game = load_config(config)
    rng = random.Random(3)
    state = dealt(game, shuffled(game, rng))
    while not state.is_terminal():
        assert state.returns() == [0.0] * game.num_players()
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == [float(s) for s in game.rules.outcome(state.engine_state).scores]
    assert sum(state.returns()) == 0


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_tensors_are_the_encoders_of_the_seats_view(config: Config) -> None:
    """The state's tensors are the encoder's of the seat's view, each value divided by its
    slot's bound; with ``{"scale": "raw"}``, bit for bit the encoder's."""
    game = load_config(config)
    rng = random.Random(4)
    state = play_randomly(dealt(game, shuffled(game, rng)), rng, 12)
    enc = encoder(game.rules)
    kind = pyspiel.IIGObservationType(perfect_recall=True)
    raw_info = make_observation(game, kind, {"scale": "raw"})
    raw_observation = make_observation(game, None, {"scale": "raw"})
    for seat in range(game.num_players()):
        view = game.rules.view(state.engine_state, seat)
        expected = enc.encode_information_state(view)
        info = np.asarray(state.information_state_tensor(seat), dtype=np.float32)
        assert np.allclose(info, expected / largest(enc.information_state_layout), rtol=1e-6, atol=0)
        raw_info.set_from(state, seat)
        assert np.array_equal(raw_info.tensor, expected)
        expected = enc.encode_observation(view)
        observation = np.asarray(state.observation_tensor(seat), dtype=np.float32)
        assert np.allclose(observation, expected / largest(enc.observation_layout), rtol=1e-6, atol=0)
        raw_observation.set_from(state, seat)
        assert np.array_equal(raw_observation.tensor, expected)
    assert game.information_state_tensor_shape() == [enc.information_state_layout.size]
    assert game.observation_tensor_shape() == [enc.observation_layout.size]


def largest(layout: Layout) -> npt.NDArray[np.float32]:
    """What a unit tensor divides each raw value by: its bound's magnitude (1 for a 0..0 place)."""
    low, high = layout.bounds()
    bound = np.maximum(np.abs(low), np.abs(high))
    bound[bound == 0] = 1
    return bound


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_resampled_state_has_the_same_information_state(config: Config) -> None:
    """The seat cannot tell a world of ``resample_from_infostate`` from the real one: the same
    string and tensors; and the world is a full state that plays on."""
    game = load_config(config)
    rng = random.Random(5)
    state = dealt(game, shuffled(game, rng))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        state = play_randomly(state, rng, 7)
        if state.is_terminal():
            break
        seat = state.current_player()
        world = state.resample_from_infostate(seat, sampler)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert world.observation_string(seat) == state.observation_string(seat)
        assert world.legal_actions() == state.legal_actions()
        play_randomly(world, rng, 5)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_information_states_tell_apart_exactly_what_the_seat_sees(config: Config) -> None:
    """Swap one card of seat 0's hand with one of seat 1's: seat 0's and seat 1's strings
    change (exactness), every other seat's stay the same (no leak), while they play on alike."""
    game = load_config(config)
    rng = random.Random(6)
    order = shuffled(game, rng)
    hand0 = game.shape.hands[0]
    swapped = list(order)
    swapped[0], swapped[hand0] = swapped[hand0], swapped[0]
    one, other = dealt(game, order), dealt(game, swapped)
    others = range(2, game.num_players())
    assert one.information_state_string(0) != other.information_state_string(0)
    assert one.information_state_string(1) != other.information_state_string(1)
    for _ in range(10):
        for seat in others:
            assert one.information_state_string(seat) == other.information_state_string(seat)
            assert one.information_state_tensor(seat) == other.information_state_tensor(seat)
            assert one.observation_string(seat) == other.observation_string(seat)
        if one.is_terminal() or one.current_player() in (0, 1):
            break  # seat 0 or 1 acts on cards the other state may not hold
        action = rng.choice(one.legal_actions())
        one.apply_action(action)
        other.apply_action(action)


def test_during_the_deal_a_seat_knows_only_its_own_cards_as_a_set() -> None:
    game = load_config(("piedmont", {}))
    first = dealt(game, [0, 1, 2, 40, 41])
    again = dealt(game, [2, 1, 0, 40, 41])
    elsewhere = dealt(game, [0, 1, 2, 41, 40])
    assert first.is_chance_node()
    assert first.information_state_string(0) == again.information_state_string(0)
    assert first.information_state_string(0) != dealt(game, [0, 1, 3]).information_state_string(0)
    assert first.information_state_string(0) == elsewhere.information_state_string(0)
    assert first.information_state_string(1) == dealt(game, [5, 6, 7, 40, 41]).information_state_string(1)
    tensor = np.asarray(first.information_state_tensor(0))
    hand = encoder(game.rules).information_state_layout["hand"]
    assert list(np.flatnonzero(tensor[hand])) == [0, 1, 2, 40, 41]
    assert not np.asarray(first.information_state_tensor(1))[hand].any()


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_ismcts_against_our_medium_players_with_evaluate_bots(config: Config) -> None:
    """OpenSpiel's IS-MCTS (a tiny budget) in seat 0 and our heuristic players in the others
    play a whole hand; the returns are the hand's scores, and the search drew its worlds
    through the engine's resampler."""
    game = load_config(config)
    drawn: list[int] = []
    original = TarocchiState.resample_from_infostate

    def counted(state: TarocchiState, seat: int, sampler: Any) -> TarocchiState:
        drawn.append(seat)
        return original(state, seat, sampler)

    bots = [ismcts_bot(game, simulations=3, seed=7)]
    bots += [TarocchiBot(game, seat, "medium", seed=7) for seat in range(1, game.num_players())]
    state = game.new_initial_state()
    TarocchiState.resample_from_infostate = counted  # type: ignore[method-assign]
    try:
        returns = evaluate_bots(state, bots, np.random.RandomState(7))
    finally:
        TarocchiState.resample_from_infostate = original  # type: ignore[method-assign]
    assert state.is_terminal()
    assert returns == [float(s) for s in game.rules.outcome(state.engine_state).scores]
    # Seat 0 deals, so in every game it has a choice to make (a discard, a bargain, a bid).
    assert drawn and set(drawn) == {0}


def test_our_bot_refuses_to_act_for_another_seat() -> None:
    game = load_config(("taroinche", {}))
    state = dealt(game, list(range(game.rules.deck.size)))
    bot = TarocchiBot(game, (state.current_player() + 1) % 5, "easy")
    with pytest.raises(ValueError, match="asked to act for player"):
        bot.step(state)


def _ismcts_actions(game: TarocchiGame, deal: list[int], seed: int) -> list[int]:
    """The actions of a hand dealt ``deal`` in which IS-MCTS bots of ``seed`` hold every seat."""
    bots = [ismcts_bot(game, simulations=4, seed=seed + seat) for seat in range(game.num_players())]
    state = dealt(game, deal)
    actions = []
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        actions.append(action)
        state.apply_action(action)
    return actions


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_seeded_ismcts_bot_plays_the_same_hand_the_same_way(config: Config) -> None:
    """The same hand played twice by bots of the same seeds: every action the same (one hand holds
    every seat's searches, dozens of them; more hands would repeat the check). Bots of other seeds
    are there to show that the seed is what decides (they play the hand otherwise)."""
    game = load_config(config)
    deal = shuffled(game, random.Random(12))
    first = _ismcts_actions(game, deal, 3)
    assert _ismcts_actions(game, deal, 3) == first
    assert _ismcts_actions(game, deal, 40) != first


def test_exact_resampling_is_a_parameter() -> None:
    """With ``resampling=exact`` the engine's resampler runs with ``core.exact``'s switch on
    (tests/research/test_exact_resampling.py shows what it changes); by default it is off."""
    switched: list[bool] = []
    for text in ("python_tarocchi_sicilian(resampling=exact)", "python_tarocchi_sicilian"):
        game = pyspiel.load_game(text)
        original = game.rules.resample

        def watched(view: Any, rng: random.Random, original: Any = original) -> Any:
            switched.append(exact())
            return original(view, rng)

        state = dealt(game, shuffled(game, random.Random(3)))
        game.rules.resample = watched
        try:
            state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
        finally:
            del game.rules.resample
        assert not exact()
    assert switched == [True, False]
    with pytest.raises(ValueError, match=r"resampling must be one of fast, exact \(got 'slow'\)$"):
        pyspiel.load_game("python_tarocchi_sicilian(resampling=slow)")


PUBLIC = pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE)
PERFECT = pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_public_observer_does_not_change_when_hidden_cards_move(config: Config) -> None:
    """OpenSpiel's public observers (``private_info=NONE``, as a type or a parameter): every seat's
    worlds of ``resample_from_infostate`` give every seat the same public strings and tensors, the
    deal's chance nodes included; the perfect observer's tensors tell the worlds apart."""
    game = load_config(config)
    public = [make_observation(game, PUBLIC), make_observation(game, None, {"private_info": "none"})]
    perfect = make_observation(game, PERFECT)
    rng = random.Random(31)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)

    def seen(state: TarocchiState) -> list[Any]:
        found: list[Any] = []
        for observer in public:
            for seat in range(game.num_players()):
                observer.set_from(state, seat)
                found += [observer.string_from(state, seat), observer.tensor.copy()]
        return found

    deal = shuffled(game, rng)
    other = list(deal)
    other[0], other[-1] = other[-1], other[0]  # seat 0 is dealt another first card
    for a, b in zip(seen(dealt(game, deal[:10])), seen(dealt(game, other[:10])), strict=True):
        assert np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
    state = dealt(game, deal)
    told_apart = 0
    while not state.is_terminal():
        expected = seen(state)
        for seat in range(game.num_players()):
            world = state.resample_from_infostate(seat, sampler)
            for a, b in zip(expected, seen(world), strict=True):
                assert np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
            perfect.set_from(state, 0)
            truth = perfect.tensor.copy()
            perfect.set_from(world, 0)
            told_apart += not np.array_equal(truth, perfect.tensor)
        state = play_randomly(state, rng, 9)
    assert told_apart


def test_the_observers_parameters_are_checked() -> None:
    game = load_config(("piedmont", {}))
    with pytest.raises(ValueError, match="takes the parameters layout, private_info, scale, string"):
        make_observation(game, None, {"colour": "red"})
    with pytest.raises(ValueError, match="private_info must be one of none, single_player, all_players"):
        make_observation(game, None, {"private_info": "all"})
    only_private = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    with pytest.raises(ValueError, match="public_info=True"):
        make_observation(game, only_private)


def test_a_compact_information_state_on_request() -> None:
    game = load_config(("taroinche", {}))
    kind = pyspiel.IIGObservationType(perfect_recall=True)
    compact = make_observation(game, kind, {"layout": "compact"})
    assert compact.tensor.size * 10 < game.information_state_tensor_size()
    state = play_randomly(dealt(game, shuffled(game, random.Random(32))), random.Random(33), 12)
    compact.set_from(state, 1)
    assert np.array_equal(
        compact.tensor, Observer(game.rules, "compact_information_state").tensor(state.engine_state, 1)
    )
    assert compact.dict["calls"][:, 0].sum() >= 5, "the calls so far are there"
    with pytest.raises(ValueError, match="layout=compact is an information state's"):
        make_observation(game, None, {"layout": "compact"})
