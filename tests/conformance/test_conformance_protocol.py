"""The hand protocol's promises, checked at every step of random hands of every game and option.

Legality has one definition (``legal_actions``); ``apply`` refuses everything else with a reason;
every card is in exactly one place; finished hands are audited and zero-sum; states are never
changed in place; the notation reads back every action; a view carries legal actions only for
the seat to act.
"""

from __future__ import annotations

import contextlib
import copy
import json
import pickle
import re
from typing import Any

import pytest
from configs import config_id, playing
from conformance_tools import EVERY_CONFIG, Config, PlayedHand, make_game, other_kinds, seats_and_spectator

from tarocchi.core.actions import Action
from tarocchi.core.errors import IllegalActionError, NotationError
from tarocchi.core.events import PUBLIC
from tarocchi.core.protocol import Game, HandResult


def all_states(hands: list[PlayedHand]) -> list[Any]:
    return [state for hand in hands for state in hand.states]


@pytest.mark.parametrize("every", EVERY_CONFIG, ids=[config_id(c) for c in EVERY_CONFIG])
def test_the_game_accepts_and_reports_its_option_combination(every: Config) -> None:
    game_id, options = every
    with playing(game_id):
        game = make_game(every)
    defaults = {spec.name: spec.default for spec in game.info.options}
    assert game.info.id == game_id
    assert game.options == {**defaults, **options}
    for spec in game.info.options:
        assert spec.default in spec.choices, f"option {spec.name}: default {spec.default!r} not a choice"


def test_card_codes_are_unique_notation_tokens(game: Game[Any]) -> None:
    deck = game.deck
    codes = [card.code for card in deck.cards]
    assert len(set(codes)) == len(codes) == deck.size
    assert deck.full == (1 << deck.size) - 1
    for index, card in enumerate(deck.cards):
        assert card.index == index
        assert re.fullmatch(r"[A-Z0-9]+", card.code), f"{card.code!r} is not an upper-case ASCII token"
        assert deck.card(card.code) is card
        assert deck.card(card.code.lower()) is card


def test_someone_acts_exactly_until_the_hand_has_an_outcome(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    for state in all_states(played_hands):
        seat = game.to_act(state)
        legal = game.legal_actions(state)
        if seat is None:
            assert legal == (), "nobody is to act, yet there are legal actions"
            assert isinstance(game.outcome(state), HandResult)
        else:
            assert 0 <= seat < game.players
            assert legal, f"seat {seat} is to act but has no legal action"
            assert all(isinstance(a, Action) for a in legal)
            assert len(set(legal)) == len(legal), f"duplicate legal actions: {legal}"
            assert game.outcome(state) is None, "a hand in progress has an outcome"
    for hand in played_hands:
        assert game.to_act(hand.final) is None


def test_every_card_is_in_exactly_one_place_at_every_step(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    deck = game.deck
    for hand in played_hands:
        for step, state in enumerate(hand.states):
            seen = 0
            for place, mask in game.card_locations(state).items():
                assert mask & ~deck.full == 0, f"step {step}: {place} holds cards outside the pack"
                assert mask & seen == 0, f"step {step}: {deck.codes(mask & seen)} also in {place}"
                seen |= mask
            assert seen == deck.full, f"step {step}: {deck.codes(deck.full & ~seen)} nowhere"
            assert game.audit(state) == [], f"step {step}"


def test_finished_hands_pass_the_audit_and_are_zero_sum(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    for hand in played_hands:
        result = game.outcome(hand.final)
        assert result is not None
        assert game.audit(hand.final) == []
        assert len(result.scores) == game.players
        assert all(isinstance(points, int) for points in result.scores)
        assert sum(result.scores) == 0, f"scores {result.scores} are not zero-sum"
        assert json.loads(json.dumps(result.to_json())) == result.to_json()


def test_every_legal_action_is_explained_as_legal_and_applies(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    applied = 0
    for state in all_states(played_hands):
        for action in game.legal_actions(state):
            assert game.explain_illegal(state, action) is None, f"{action} is legal"
            after = game.apply(state, action)
            assert game.audit(after) == [], f"after {action}"
            applied += 1
    assert applied > 0


def test_apply_refuses_everything_outside_the_legal_set_with_a_reason(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    seen_legal: dict[Action, None] = {}
    for hand in played_hands:
        for state in hand.states:
            seen_legal.update(dict.fromkeys(game.legal_actions(state)))
    candidates = list(dict.fromkeys([*seen_legal, *other_kinds(game.deck)]))
    refused = 0
    for state in all_states(played_hands):
        legal = set(game.legal_actions(state))
        for action in candidates:
            if action in legal:
                continue
            reason = game.explain_illegal(state, action)
            assert isinstance(reason, str) and reason.strip(), f"{action!r}: no reason given"
            try:  # pytest.raises costs more than the refusal itself, hundreds of thousands of times here
                game.apply(state, action)
            except IllegalActionError as refusal:
                assert str(refusal).strip(), f"{action!r} refused without a message"
            else:
                pytest.fail(f"{action!r} was applied at a state where it is not legal")
            refused += 1
        # a text is not an action: refused too, never applied as if it were one
        text = str(next(iter(legal))) if legal else "KE"
        assert game.explain_illegal(state, text)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError):
            game.apply(state, text)  # type: ignore[arg-type]
    assert refused > 0


def test_apply_never_changes_the_state_it_is_given(game: Game[Any], played_hands: list[PlayedHand]) -> None:
    candidates = other_kinds(game.deck)
    for state in all_states(played_hands)[::3]:
        before = pickle.dumps(state)
        twin = copy.deepcopy(state)
        for action in (*game.legal_actions(state), *candidates):
            with contextlib.suppress(IllegalActionError):
                game.apply(state, action)
            game.view(state, game.to_act(state))
        assert pickle.dumps(state) == before
        assert state == twin


def test_an_equal_action_built_anew_is_applied_as_the_games_own(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    """The engine finds its own action objects by identity (``cards.Positions``); an equal
    object (unpickled, or built by a program) must be applied just the same."""
    for state in all_states(played_hands)[::2]:
        for action in game.legal_actions(state):
            twin = copy.deepcopy(action)
            assert twin is not action and twin == action
            assert game.apply(state, twin) == game.apply(state, action)


def test_the_notation_reads_back_every_legal_action(game: Game[Any], played_hands: list[PlayedHand]) -> None:
    for state in all_states(played_hands):
        for action in game.legal_actions(state):
            text = str(action)
            assert text.strip() == text and text, f"{action!r} has no clean notation"
            assert game.parse_action(text) == action, text
            assert game.parse_action(text, state) == action, text
            assert game.parse_action(f"  {text.lower()} ", state) == action, text
            assert game.parse_action(text.upper(), state) == action, text


@pytest.mark.parametrize("text", ["", "   ", "zz-not-an-action", "KE KE KE", "T99"])
def test_text_that_is_not_an_action_is_a_notation_error(game: Game[Any], text: str) -> None:
    with pytest.raises(NotationError) as error:
        game.parse_action(text)
    assert str(error.value).strip()


def test_views_carry_legal_actions_only_for_the_seat_to_act(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    for hand in played_hands:
        for state in hand.states:
            to_act = game.to_act(state)
            legal = game.legal_actions(state)
            views = {seat: game.view(state, seat) for seat in seats_and_spectator(game)}
            for seat, view in views.items():
                assert view.seat == seat
                assert view.game == game.info.id
                assert view.to_act == to_act
                assert (view.hand_number, view.dealer) == (hand.context.number, hand.context.dealer)
                if seat is not None and seat == to_act:
                    assert view.legal_actions == legal
                else:
                    assert view.legal_actions == (), f"seat {seat} sees legal actions out of turn"
                data = view.to_json()
                assert json.loads(json.dumps(data)) == data
                assert data["legal_actions"] == [str(a) for a in view.legal_actions]
                assert len(view.hand_sizes) == game.players
                for other in range(game.players):
                    assert view.hand_sizes[other] == len(views[other].hand)
                public = tuple(e for e in view.events if e.audience == PUBLIC)
                assert public == views[None].events, "every seat sees every public event, in order"
            assert len(views[None].hand) == 0, "a spectator sees a hand"
