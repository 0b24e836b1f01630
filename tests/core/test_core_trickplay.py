"""The card-play phase every game shares (core/trickplay.py) and C3's refusal wording (core/tricks.py),
on a three-seat table with the 78-card pack: follow suit, else trump, else anything (C3, C4)."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from tarocchi.core.actions import Call, Discard, Play
from tarocchi.core.cards import Card
from tarocchi.core.decks import LOKA_78
from tarocchi.core.events import PUBLIC, EventLog, unroll
from tarocchi.core.trickplay import TrickPlay
from tarocchi.core.tricks import (
    Trick,
    TrickRules,
    TrickTable,
    duty_refusal,
    led_suit,
    legal_plays,
    winning_position,
)

DECK = LOKA_78
TABLE = TrickTable.natural(DECK)
DUTIES = TrickRules(ruling="X1")
SEATS = ("North", "East", "West")
PLAYS = tuple(Play(card) for card in DECK.cards)


class Table(NamedTuple):
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    events: EventLog


def mask(state: Table, seat: int) -> int:
    return legal_plays(DUTIES, TABLE, state.hands[seat], led_suit(TABLE, state.trick))


def refusal(state: Table, seat: int, card: int) -> str:
    led = led_suit(TABLE, state.trick)
    return duty_refusal(DECK, TABLE, DUTIES, state.hands[seat], card, led, mask(state, seat))


class Playing(TrickPlay[Table]):
    def __init__(self) -> None:
        super().__init__(PLAYS, SEATS, mask, refusal)

    def place(self, state: Table, seat: int, card: int, hands: tuple[int, ...]) -> Table:
        trick = (*state.trick, card)
        events = (self.play_events[seat][card], state.events)
        if len(trick) < len(SEATS):
            return state._replace(hands=hands, trick=trick, events=events)
        pos = winning_position(TABLE, trick, led_suit(TABLE, trick))
        assert pos is not None
        winner = (state.leader + pos) % len(SEATS)
        tricks, events = self.won(state.tricks, state.leader, trick, winner, events)
        return Table(hands, winner, (), tricks, events)


PHASE = Playing()


def cards(codes: str) -> int:
    return DECK.mask(DECK.parse(codes))


def table(*hands: str, leader: int = 1, trick: str = "") -> Table:
    return Table(tuple(cards(h) for h in hands), leader, tuple(c.index for c in DECK.parse(trick)), (), None)


def play(code: str) -> Play:
    return PLAYS[DECK.card(code).index]


# East leads; West must follow Earth with 2E or 3E (or excuse himself with the Fool)
HANDS = ("KE QA T5", "9E 4A T2", "2E 3E KF T7 FOOL")


def test_the_seat_to_play_is_the_leaders_plus_the_cards_in_the_trick() -> None:
    assert PHASE.to_act(table(*HANDS)) == 1
    assert PHASE.to_act(table(*HANDS, trick="9E")) == 2
    assert PHASE.to_act(table(*HANDS, leader=2, trick="2E QA")) == 1


def test_legal_is_the_pre_built_plays_of_the_mask_and_apply_accepts_exactly_those() -> None:
    state = table(*HANDS, trick="9E")
    legal = PHASE.legal(state)
    assert [str(a) for a in legal] == ["3E", "2E", "FOOL"]
    assert all(action is PLAYS[action.card.index] for action in legal)
    for action in PLAYS:
        assert (PHASE.apply(state, action) is not None) == (action in legal), action


def test_apply_hands_place_the_hands_without_the_card_and_the_public_play_event() -> None:
    state = PHASE.apply(table(*HANDS), play("9E"))
    assert state is not None
    assert state.hands == (cards("KE QA T5"), cards("4A T2"), cards("2E 3E KF T7 FOOL"))
    assert state.trick == (DECK.card("9E").index,)
    event = next(iter(unroll(state.events)))
    assert (event.seat, event.action, event.audience) == (1, play("9E"), PUBLIC)
    assert event is PHASE.play_events[1][DECK.card("9E").index]  # built once, shared


def test_a_complete_trick_goes_to_its_winner_with_a_public_note() -> None:
    state = table(*HANDS)
    for code in ("9E", "2E", "KE"):
        after = PHASE.apply(state, play(code))
        assert after is not None
        state = after
    assert state.tricks == (Trick(1, tuple(DECK.card(c).index for c in ("9E", "2E", "KE")), 0),)
    assert (state.leader, state.trick) == (0, ())
    note = list(unroll(state.events))[-1]
    assert (note.seat, note.action, note.audience, note.note) == (0, None, PUBLIC, "wins trick 1")


def test_apply_refuses_another_kind_of_action_and_a_card_of_another_pack() -> None:
    state = table(*HANDS)
    assert PHASE.apply(state, Discard(DECK.card("9E"))) is None
    stranger = Card(DECK.card("9E").index, "9X", "E", 9, "a 9 of another pack")
    assert PHASE.apply(state, Play(stranger)) is None
    assert PHASE.refusal(state, Play(stranger)) == "9X is not a card of this pack"
    assert PHASE.refusal(state, Call("pass")) == "it is East's turn to play a card"


def test_refusal_is_none_for_a_legal_card_and_the_games_words_for_a_refused_one() -> None:
    state = table(*HANDS, trick="9E")
    assert PHASE.refusal(state, play("2E")) is None
    follow = "Earth was led and you hold Earth: you must follow suit (3E 2E FOOL) (X1)"
    assert PHASE.refusal(state, play("KF")) == follow
    assert PHASE.refusal(state, play("KE")) == "KE is not in your hand"


@pytest.mark.parametrize(
    ("hand", "trick", "card", "reason"),
    [
        ("KE 2A", "9E", "2A", "Earth was led and you hold Earth: you must follow suit (KE)"),
        ("2A T3 FOOL", "9E", "2A", "you have no Earth but hold trumps: you must play a trump (T3 FOOL)"),
        ("2A T3", "T9", "2A", "trumps were led and you hold trumps: you must play a trump (T3)"),
        ("2A T3", "FOOL T9", "2A", "trumps were led and you hold trumps: you must play a trump (T3)"),
        ("2A T3", "9E", "KE", "KE is not in your hand"),
    ],
)
def test_C3_refusals_name_the_duty_and_the_cards_allowed(
    hand: str, trick: str, card: str, reason: str
) -> None:
    index = DECK.card(card).index
    played = tuple(c.index for c in DECK.parse(trick))
    led = led_suit(TABLE, played)
    allowed = legal_plays(TrickRules(), TABLE, cards(hand), led)
    assert duty_refusal(DECK, TABLE, TrickRules(), cards(hand), index, led, allowed) == reason
    named = duty_refusal(DECK, TABLE, TrickRules(ruling="X1"), cards(hand), index, led, allowed)
    held = bool(cards(hand) >> index & 1)
    assert named == (f"{reason} (X1)" if held else reason)  # the ruling names a duty, not a typo
