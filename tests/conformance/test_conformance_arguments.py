"""Wrong arguments to the public entry points: the project's own error, one line naming what.

A program that passes a state of another game, a seat outside the table, an object that is no
action, or a context that does not fit the table gets an ArgumentError (a TarocchiError and a
ValueError) saying which argument was wrong, never an IndexError or AttributeError from deep in
the rules, and never a silently wrong answer. An object given to ``apply`` as an action that is
none is a NotAnActionError, both an ArgumentError and (as before) an IllegalActionError, and
``explain_illegal`` words it; a well-formed action the rules refuse is an IllegalActionError.
HandContext copies what it is given, and a game's options are read-only.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from conformance_tools import PlayedHand

from tarocchi.core.actions import Action, Call, Discard, Play
from tarocchi.core.cards import Card
from tarocchi.core.errors import ArgumentError, IllegalActionError, NotAnActionError, TarocchiError
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.registry import available_games, get_game


def one_line(message: str) -> bool:
    return bool(message.strip()) and "\n" not in message and len(message) <= 300


def refused(call: Callable[[], object], *words: str) -> str:
    """The ArgumentError message of ``call``, checked to name each of ``words``."""
    with pytest.raises(ArgumentError) as error:
        call()
    message = str(error.value)
    assert isinstance(error.value, TarocchiError) and isinstance(error.value, ValueError)
    assert one_line(message), message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return message


def start(game: Game[Any], dealer: int = 0) -> Any:
    deal = game.deal(random.Random(f"arguments/{game.info.id}"), dealer)
    return game.initial_state(deal, HandContext(1, dealer, (0,) * game.players))


def hacked(cls: type[Action], **fields: object) -> Action:
    """An action whose fields were never checked (built around its constructor)."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def foreign_cards(game: Game[Any]) -> list[Card]:
    """Cards that are no card of this game's pack: past its end, before its start, a stranger."""
    size = game.deck.size
    return [
        Card(size + 7, "ZZ", "T", 1, "a card past the end of the pack"),
        Card(-1, "YY", "T", 1, "a card before the start of the pack"),
        Card(0, "XX", "T", 99, "a stranger at index 0"),
    ]


OTHER_GAMES = {game_id: start(get_game(game_id)) for game_id in available_games()}
"""A state of every registered game (its default options), to give to the others."""


def states_of_others(game: Game[Any]) -> list[Any]:
    return [state for game_id, state in OTHER_GAMES.items() if game_id != game.info.id]


# -- a state that is not this game's -------------------------------------------------------------
def test_a_state_of_another_game_is_refused_by_every_entry_point(game: Game[Any]) -> None:
    mine = start(game)
    action = game.legal_actions(mine)[0]
    name = type(mine).__name__
    for state in [*states_of_others(game), None, tuple(mine), "state"]:
        wrong = type(state).__name__
        calls: list[Callable[[], object]] = [
            lambda s=state: game.to_act(s),
            lambda s=state: game.legal_actions(s),
            lambda s=state: game.apply(s, action),
            lambda s=state: game.explain_illegal(s, action),
            lambda s=state: game.view(s, 0),
            lambda s=state: game.view(s, None),
            lambda s=state: game.outcome(s),
            lambda s=state: game.card_locations(s),
            lambda s=state: game.audit(s),
        ]
        if state is not None:  # parse_action takes None: no table, read the text alone
            calls.append(lambda s=state: game.parse_action(str(action), s))
        for call in calls:
            refused(call, "state must be a", name, game.info.id, f"not {wrong}")


# -- seats ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [-1, "players", 99, True, False, "0", 1.0])
def test_a_view_for_a_seat_outside_the_table_is_refused(game: Game[Any], seat: Any) -> None:
    if seat == "players":
        seat = game.players
    state = start(game)
    refused(lambda: game.view(state, seat), "seat must be None (a spectator) or", repr(seat))


def test_every_seat_and_a_spectator_still_have_a_view(game: Game[Any]) -> None:
    state = start(game)
    for seat in (*range(game.players), None):
        assert game.view(state, seat).seat == seat


@pytest.mark.parametrize("dealer", [-1, "players", True, 1.0])
def test_a_dealer_outside_the_table_cannot_deal(game: Game[Any], dealer: Any) -> None:
    if dealer == "players":
        dealer = game.players
    refused(lambda: game.deal(random.Random(1), dealer), "dealer must be", repr(dealer))


@pytest.mark.parametrize("rng", [None, 1, "seed", random], ids=["None", "int", "str", "module"])
def test_only_a_random_generator_deals(game: Game[Any], rng: Any) -> None:
    refused(lambda: game.deal(rng, 0), "rng must be a random.Random")


class _Seat(int):
    """An int of another type (a numpy integer, an IntEnum): a seat all the same."""


class _Generator(random.Random):
    """A generator of another type: it deals, as it shuffles, by its own methods."""


def test_what_the_quick_checks_pass_on_is_still_dealt_as_before(game: Game[Any]) -> None:
    """The compiled entry points take an int seat and a random.Random at a glance; other types
    go through the full checks, which accept them as before and deal the same cards."""
    expected = game.deal(random.Random(7), 1)
    assert game.deal(random.Random(7), _Seat(1)) == expected
    assert game.deal(_Generator(7), 1) == expected
    context = HandContext(1, 1, (0,) * game.players)
    assert game.initial_state(expected, context) == game.initial_state(game.deal(_Generator(7), 1), context)


def test_a_game_deals_and_starts_through_the_class_and_once_pickled_as_it_does_itself(
    game: Game[Any],
) -> None:
    twin = pickle.loads(pickle.dumps(game))
    context = HandContext(1, 2, (0,) * game.players)
    deal = game.deal(random.Random(8), 2)
    for dealer in (twin, type(game)):
        again = (
            twin.deal(random.Random(8), 2) if dealer is twin else type(game).deal(game, random.Random(8), 2)
        )
        assert again == deal
        assert twin.initial_state(again, context) == game.initial_state(deal, context)
    refused(lambda: type(game).deal(game, random.Random(8), game.players), "dealer must be")
    refused(lambda: twin.initial_state(deal, None), "context must be a HandContext")


# -- actions -------------------------------------------------------------------------------------
@pytest.mark.parametrize("thing", ["pass", None, 42, ("pass",)], ids=["str", "None", "int", "tuple"])
def test_an_object_that_is_no_action_is_refused(game: Game[Any], thing: Any) -> None:
    state = start(game)
    before = game.view(state, None)
    words = ("expected an action", f"got {type(thing).__name__}", "parse_action")
    message = refused(lambda: game.apply(state, thing), *words)
    with pytest.raises(NotAnActionError):  # a wrong argument, and a refused move as before
        game.apply(state, thing)
    with pytest.raises(IllegalActionError):
        game.apply(state, thing)
    assert game.explain_illegal(state, thing) == message
    assert game.view(state, None) == before


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: Play(None), ("Play", "card must be a Card", "None")),
        (lambda: Play("KE"), ("Play", "card must be a Card", "'KE'")),
        (lambda: Discard(7), ("Discard", "card must be a Card", "7")),
        (lambda: Call(5), ("Call", "word must be a str", "5")),
        (lambda: Call(None), ("Call", "word must be a str", "None")),
    ],
    ids=["Play(None)", "Play(str)", "Discard(int)", "Call(int)", "Call(None)"],
)
def test_a_malformed_action_cannot_be_built(build: Callable[[], Action], words: tuple[str, ...]) -> None:
    refused(build, *words)


def test_a_malformed_action_built_around_its_checks_is_still_refused(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    malformed = [
        (hacked(Play, card=None), "Play: card must be a Card"),
        (hacked(Discard, card="KE"), "Discard: card must be a Card"),
        (hacked(Call, word=5), "Call: word must be a str"),
        (hacked(Play), "Play: card must be a Card"),  # no card at all
    ]
    for state in played_hands[0].states[:: max(1, len(played_hands[0].states) // 12)]:
        for action, words in malformed:
            message = refused(lambda s=state, a=action: game.apply(s, a), words)
            assert game.explain_illegal(state, action) == message


def test_a_card_of_another_pack_is_refused_with_the_rules_error_at_every_step(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    for state in played_hands[0].states:
        if game.to_act(state) is None:
            continue
        for card in foreign_cards(game):
            for action in (Play(card), Discard(card)):
                assert game.explain_illegal(state, action) == f"{card.code} is not a card of this pack"
                with pytest.raises(IllegalActionError, match="not a card of this pack"):
                    game.apply(state, action)


def test_odd_but_well_formed_actions_are_refused_never_a_raw_exception(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    odd = [Call(""), Call(" pass "), Call("x" * 10_000), Call("\x1b]0;title\x07")]
    for state in played_hands[0].states:
        if game.to_act(state) is None:
            continue
        for action in odd:
            reason = game.explain_illegal(state, action)
            assert reason is not None and one_line(reason), reason
            with pytest.raises(IllegalActionError):
                game.apply(state, action)


# -- text ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [None, 5, b"pass", ["pass"]], ids=["None", "int", "bytes", "list"])
def test_notation_must_be_text(game: Game[Any], text: Any) -> None:
    refused(lambda: game.parse_action(text), "text must be a str", repr(text))


# -- starting a hand -------------------------------------------------------------------------------
def test_a_context_that_does_not_fit_the_table_is_refused(game: Game[Any]) -> None:
    n = game.players
    deal = game.deal(random.Random(2), 0)
    cases: list[tuple[Any, tuple[str, ...]]] = [
        (HandContext(1, n, (0,) * n), ("context: dealer must be a seat 0..", f"(got {n})")),
        (HandContext(1, n + 5, (0,) * n), ("context: dealer must be a seat 0..", f"(got {n + 5})")),
        (
            HandContext(1, 0, (0,) * (n - 1)),
            ("context: scores must hold one total per seat", f"(got {n - 1})"),
        ),
        (
            HandContext(1, 0, (0,) * (n + 1)),
            ("context: scores must hold one total per seat", f"(got {n + 1})"),
        ),
        ((1, 0, (0,) * n), ("context must be a HandContext", "not tuple")),
        (None, ("context must be a HandContext", "not NoneType")),
    ]
    for context, words in cases:
        refused(lambda c=context: game.initial_state(deal, c), *words)


@pytest.mark.parametrize("deal", [None, "0: KE", {"hands": []}], ids=["None", "str", "dict"])
def test_a_deal_that_is_no_deal_is_refused(game: Game[Any], deal: Any) -> None:
    context = HandContext(1, 0, (0,) * game.players)
    refused(lambda: game.initial_state(deal, context), "deal must be a Deal", type(deal).__name__)


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ((0, 0, (0, 0)), ("number must be", "(got 0)")),
        ((1.5, 0, (0, 0)), ("number must be", "(got 1.5)")),
        ((True, 0, (0, 0)), ("number must be", "(got True)")),
        (("1", 0, (0, 0)), ("number must be", "(got '1')")),
        ((1, -1, (0, 0)), ("dealer must be", "(got -1)")),
        ((1, 1.0, (0, 0)), ("dealer must be", "(got 1.0)")),
        ((1, None, (0, 0)), ("dealer must be", "(got None)")),
        ((1, 0, None), ("scores must be", "(got None)")),
        ((1, 0, "00"), ("scores must be", "(got '00')")),
        ((1, 0, (0.5, 0)), ("scores must be whole numbers", "0.5")),
        ((1, 0, (True, 0)), ("scores must be whole numbers", "True")),
    ],
)
def test_a_hand_context_checks_its_types(arguments: tuple[Any, Any, Any], words: tuple[str, ...]) -> None:
    refused(lambda: HandContext(*arguments), "HandContext:", *words)


def test_a_hand_context_copies_the_scores_it_is_given(game: Game[Any]) -> None:
    totals = list(range(game.players))
    context = HandContext(1, 0, totals)  # type: ignore[arg-type]
    assert type(context.scores) is tuple and context.scores == tuple(range(game.players))
    state = game.initial_state(game.deal(random.Random(3), 0), context)
    totals[0] = 999
    totals.append(5)
    assert context.scores == tuple(range(game.players))
    assert game.view(state, 0).scores == tuple(range(game.players))
    assert hash(context) == hash(HandContext(1, 0, tuple(range(game.players))))


# -- options ---------------------------------------------------------------------------------------
def test_the_options_are_read_only(config: tuple[str, dict[str, str]], game: Game[Any]) -> None:
    expected = {spec.name: spec.default for spec in game.info.options} | config[1]
    attempts: list[Callable[[Any], object]] = [
        lambda o: o.__setitem__("good_evil", "allegiance"),
        lambda o: o.__setitem__("new", "value"),
        lambda o: o.__delitem__(next(iter(o), "x")),
        lambda o: o.update(new="value"),
        lambda o: o.pop(next(iter(o), "x")),
        lambda o: o.popitem(),
        lambda o: o.clear(),
        lambda o: o.setdefault("new", "value"),
        lambda o: o.__ior__({"new": "value"}),
    ]
    for attempt in attempts:
        with pytest.raises(TypeError, match="read-only"):
            attempt(game.options)
    with pytest.raises(AttributeError):
        game.options = {}  # type: ignore[misc]
    assert game.options == expected
    mutable = dict(game.options)
    mutable["new"] = "value"
    assert game.options == expected
    for twin in (
        copy.copy(game.options),
        copy.deepcopy(game.options),
        pickle.loads(pickle.dumps(game.options)),
    ):
        assert twin == expected


def test_a_mapping_is_needed_for_options() -> None:
    with pytest.raises(TarocchiError, match="options must be a mapping"):
        get_game("piedmont", ["good_evil=allegiance"])  # type: ignore[arg-type]


def test_a_deal_given_as_data_is_still_accepted(game: Game[Any]) -> None:
    """The checks refuse only what is wrong: a deal and context built by hand still start a hand."""
    deal = game.deal(random.Random(4), 1)
    again = Deal(tuple(tuple(hand) for hand in deal.hands), tuple(deal.stock))
    state = game.initial_state(again, HandContext(2, 1, [3] * game.players))  # type: ignore[arg-type]
    assert game.view(state, None).dealer == 1 and game.view(state, None).hand_number == 2
