"""Trick play (S8, C3, C4) and the moment the hidden partner is revealed (S7)."""

from __future__ import annotations

from tarocchi.core.actions import Action, Play
from tarocchi.core.cards import MaskMap
from tarocchi.core.events import PUBLIC, Event
from tarocchi.core.tricks import FOOL as FOOL_SUIT
from tarocchi.core.tricks import TRUMP, Trick, legal_plays, winning_position
from tarocchi.games.sicilian.auction import PLAYS
from tarocchi.games.sicilian.rules import DECK, DUTIES, PLAYERS, SEAT_NAMES, TABLE, TRICKS
from tarocchi.games.sicilian.state import Phase, SicilianState

_PLAYS_OF = MaskMap(PLAYS)
_PLAY_EVENTS = tuple(tuple(Event(seat, play, PUBLIC) for play in PLAYS) for seat in range(PLAYERS))
_SUIT_OF = TABLE.suit_of
_WINS = tuple(f"wins trick {n}" for n in range(TRICKS + 1))
_PLAY, _DONE = Phase.PLAY, Phase.DONE


def trick_winner(cards: tuple[int, ...], leader: int, led: int | None) -> int:
    """C3: the highest trump, else the highest card of the suit led; the Fool never wins."""
    pos = winning_position(TABLE, cards, led)
    if pos is None:  # cannot happen: the card that set the suit can win
        raise AssertionError(f"no winner in trick {DECK.codes(sum(1 << c for c in cards))}")
    return (leader + pos) % PLAYERS


class Playing:
    """S8: follow suit, else trump, else any card; no duty to overtrump; the Fool (C4)."""

    def legal(self, state: SicilianState) -> tuple[Action, ...]:
        seat = (state.leader + len(state.trick)) % PLAYERS
        return _PLAYS_OF.select(legal_plays(DUTIES, TABLE, state.hands[seat], state.led))

    def apply(self, state: SicilianState, action: Action) -> SicilianState | None:
        if type(action) is not Play:
            return None
        card = action.card.index
        trick = state.trick
        seat = (state.leader + len(trick)) % PLAYERS
        hand = state.hands[seat]
        if not legal_plays(DUTIES, TABLE, hand, state.led) >> card & 1:
            return None
        if PLAYS[card] is not action and PLAYS[card] != action:
            return None  # a card of another pack
        hands = state.hands
        hands = (*hands[:seat], hand ^ (1 << card), *hands[seat + 1 :])
        led = state.led
        if led is None and _SUIT_OF[card] != FOOL_SUIT:
            led = _SUIT_OF[card]
        events = (_PLAY_EVENTS[seat][card], state.events)
        revealed = state.revealed
        if card == state.rallied:
            revealed = True
            text = f"holds the rallied {DECK.cards[card].code}: the Declarer's partner (S7)"
            events = (Event(seat, None, PUBLIC, text), events)
        trick = (*trick, card)
        s = state
        if len(trick) < PLAYERS:
            return SicilianState(
                s.phase, s.context, hands, s.stock, s.discard, s.discarder, s.speaker, s.spoken,
                s.offers, s.held, s.declarer, s.mode, s.partner, s.rallied, revealed,
                s.leader, trick, led, s.tricks, s.thrown_in, events,
            )  # fmt: skip
        winner = trick_winner(trick, s.leader, led)
        tricks = (*s.tricks, Trick(s.leader, trick, winner))
        return SicilianState(
            _DONE if len(tricks) == TRICKS else _PLAY, s.context, hands, s.stock, s.discard,
            s.discarder, s.speaker, s.spoken, s.offers, s.held, s.declarer, s.mode, s.partner,
            s.rallied, revealed, winner, (), None, tricks, s.thrown_in,
            (Event(winner, None, PUBLIC, _WINS[len(tricks)]), events),
        )  # fmt: skip

    def refusal(self, state: SicilianState, action: Action) -> str:
        seat = (state.leader + len(state.trick)) % PLAYERS
        if not isinstance(action, Play):
            return f"it is {SEAT_NAMES[seat]}'s turn to play a card"
        card = action.card
        if DECK.cards[card.index] != card:
            return f"{card.code} is not a card of this pack"
        hand = state.hands[seat]
        if not hand >> card.index & 1:
            return f"{card.code} is not in your hand"
        led = state.led
        assert led is not None  # a lead is always legal
        allowed = DECK.codes(legal_plays(DUTIES, TABLE, hand, led))
        if led == TRUMP:
            return f"trumps were led and you hold trumps: you must play a trump ({allowed}) (S8)"
        suit = DECK.suits[led].name
        if hand & TABLE.suit_masks[led]:
            return f"{suit} was led and you hold {suit}: you must follow suit ({allowed}) (S8)"
        return f"you have no {suit} but hold trumps: you must play a trump ({allowed}) (S8)"
