"""Trick play's phase handler (B6): what may be played and who is winning (``tricks.plays``,
``tricks.takes``), and the duty named when a card is refused."""

from __future__ import annotations

from typing import Any, Final

from tarocchi.core.actions import Action, Play
from tarocchi.core.events import PUBLIC, Event, EventLog
from tarocchi.core.positional import replaced
from tarocchi.core.rows import row
from tarocchi.core.trickplay import TrickPlay, card_of, trick_with
from tarocchi.core.tricks import standing
from tarocchi.games.taroinche.rules import (
    CAPOT,
    CONTRACTS,
    DECK,
    DOG_SIZE,
    KINGS_QUEENS,
    PLAYERS,
    SEAT_NAMES,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    TRICKS,
    WITH,
    side_of,
)
from tarocchi.games.taroinche.state import (
    I_ACTOR,
    I_BEST,
    I_EVENTS,
    I_HANDS,
    I_LEADER,
    I_LEGAL,
    I_PHASE,
    I_TRICK,
    I_TRICKS,
    Phase,
    TaroincheFields,
    TaroincheState,
)
from tarocchi.games.taroinche.tricks import TABLES, Tricks, plays, takes

PLAYS = tuple(Play(card) for card in DECK.cards)
_DONE: Final = Phase.DONE
_BITS: Final = tuple(1 << card for card in range(DECK.size))
_ROW: Final = row
_EVENT: Final = Event
assert PLAYERS == 5, "the hot path rebuilds five hands"


def _without(hands: tuple[int, ...], seat: int, bit: int) -> tuple[int, ...]:
    """``hands`` with ``bit`` taken out of ``seat``'s (five hands, built at once)."""
    kept: tuple[Any, ...] = hands  # the other four as objects: compiled, not unboxed and boxed
    if seat == 0:
        return (hands[0] ^ bit, kept[1], kept[2], kept[3], kept[4])
    if seat == 1:
        return (kept[0], hands[1] ^ bit, kept[2], kept[3], kept[4])
    if seat == 2:
        return (kept[0], kept[1], hands[2] ^ bit, kept[3], kept[4])
    if seat == 3:
        return (kept[0], kept[1], kept[2], hands[3] ^ bit, kept[4])
    return (kept[0], kept[1], kept[2], kept[3], hands[4] ^ bit)


def trick_mask(
    table: Tricks, hand: int, trick: tuple[int, ...], best: int, leader: int, attack: int, seat: int
) -> int:
    """The cards of ``hand`` that ``seat`` may play to ``trick`` (led by ``leader``, its card at
    position ``best`` winning it so far; ``attack`` the mask of the attack's seats) under the
    contract's ``table`` (``tricks.plays``)."""
    if not trick:
        return hand
    suit_of = table.suit_of
    led = suit_of[trick[0]]
    top = trick[best]
    on_top = standing(suit_of[top], table.power[top], led)
    return plays(table, hand, led, on_top, attack, (leader + best) % PLAYERS, seat)


def play_mask(state: TaroincheState, seat: int) -> int:
    """The cards ``seat`` may play to the trick in progress (``trick_mask``)."""
    hand = state.hands[seat]
    if not state.trick:
        return hand
    assert state.bid is not None
    attack = 1 << state.taker | 1 << state.partner
    return trick_mask(TABLES[state.bid.trump], hand, state.trick, state.best, state.leader, attack, seat)


def shown(mask: int) -> str:
    """Cards as a player reads them, ``J♠ or 9♠``."""
    names = [_SHOWN[i] for i in range(DECK.size) if mask >> i & 1]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


_SYMBOL = {s.letter: s.symbol for s in SUITS}
_SHOWN = tuple(DECK.faces[card.index] + _SYMBOL[card.suit] for card in DECK.cards)


def duty(state: TaroincheState, seat: int) -> str:
    """The rule that decides what ``seat`` may play now, with the allowed cards (B6)."""
    trick = state.trick
    allowed = play_mask(state, seat)
    if not trick:
        return "you lead: any card"
    assert state.bid is not None
    contract = CONTRACTS[state.bid.trump]
    hand = state.hands[seat]
    led = SUIT_OF[trick[0]]
    best = trick[state.best]
    suit = SUITS[led].symbol
    if hand & SUIT_MASKS[led]:
        if contract.must_beat[led] and allowed & contract.beats[best]:
            return f"{suit} was led: you must follow and beat {_SHOWN[best]}: {shown(allowed)}"
        return f"{suit} was led: you must follow suit: {shown(allowed)}"
    if allowed == hand:
        if not hand & contract.trump_mask:
            return f"you have no {suit} and no trump: any card"
        return "your side is winning: any card"
    if contract.trump_mask >> best & 1:
        if allowed & contract.beats[best]:
            return f"you must overtrump: {shown(allowed)}"
        return f"you cannot beat {_SHOWN[best]} but must still trump (undertrump): {shown(allowed)}"
    return f"you have no {suit} and the opponents are winning: you must trump: {shown(allowed)}"


def refusal(state: TaroincheState, seat: int, card: int) -> str:
    """Why ``card`` may not be played by ``seat`` now (the card is known to be refused)."""
    if not state.hands[seat] >> card & 1:
        return f"{DECK.cards[card].code} is not in your hand; {duty(state, seat)} (B6)"
    return f"{duty(state, seat)} (B6)"


class Playing(TrickPlay[TaroincheState]):
    """B6 duties, C3 winner; B7: a Capot stops as soon as the defence wins a trick."""

    def __init__(self) -> None:
        super().__init__(PLAYS, SEAT_NAMES, play_mask, refusal)

    def apply(self, state: TaroincheState, action: Action) -> TaroincheState | None:
        """The fused play step: one bit of the state's own legal mask, then ``place``."""
        s: TaroincheFields = state
        seat = s.actor
        if seat < -1:
            return super().apply(state, action)  # a state built by hand: seat and mask not worked out
        card = card_of(action, self.own, self.plays)
        if card < 0:
            return None
        bit = _BITS[card]
        if not s.legal & bit:
            return None
        return self.place(state, seat, card, _without(s.hands, seat, bit))

    def place(self, state: TaroincheState, seat: int, card: int, hands: tuple[int, ...]) -> TaroincheState:
        s: TaroincheFields = state
        bid = s.bid
        assert bid is not None
        events: EventLog = (self.play_events[seat][card], s.events)
        if seat == s.belote and KINGS_QUEENS >> card & 1 and SUIT_OF[card] == bid.trump:
            events = (_ROW(_EVENT, seat, None, PUBLIC, belote_note(state, card), 0), events)
        table = TABLES[bid.trump]
        trick = s.trick
        best = s.best
        if trick and takes(table, card, trick[best]):
            best = len(trick)
        trick = trick_with(trick, card)
        leader = s.leader
        if len(trick) < PLAYERS:
            nxt = seat + 1 if seat < PLAYERS - 1 else 0
            legal = trick_mask(table, hands[nxt], trick, best, leader, 1 << s.taker | 1 << s.partner, nxt)
            # fmt: off
            new: TaroincheState = replaced(
                state, I_HANDS, hands, I_TRICK, trick, I_BEST, best, I_EVENTS, events,
                I_ACTOR, nxt, I_LEGAL, legal,
            )
            # fmt: on
            return new
        winner = (leader + best) % PLAYERS
        tricks, events = self.won(s.tricks, leader, trick, winner, events)
        if bid.value == CAPOT and side_of(winner, s.taker, s.partner):
            events = (_CAPOT_FAILED[winner], events)
        elif len(tricks) < TRICKS:
            # the winner leads the next trick: any card (C3)
            # fmt: off
            new = replaced(
                state, I_HANDS, hands, I_TRICK, (), I_BEST, 0, I_TRICKS, tricks, I_LEADER, winner,
                I_EVENTS, events, I_ACTOR, winner, I_LEGAL, hands[winner],
            )
            # fmt: on
            return new
        # the hand is over: what lay face down is turned up for everyone
        discarded = bid.mode == WITH
        note = turned_up(discarded, s.discard if discarded else s.dog)
        # fmt: off
        new = replaced(
            state, I_PHASE, _DONE, I_HANDS, hands, I_TRICK, (), I_BEST, 0, I_TRICKS, tricks,
            I_LEADER, winner, I_EVENTS, (_ROW(_EVENT, None, None, PUBLIC, note, 0), events), I_ACTOR, -1,
            I_LEGAL, 0,
        )
        # fmt: on
        return new


_CAPOT_FAILED: Final = tuple(
    row(
        Event,
        seat,
        None,
        PUBLIC,
        "takes a trick for the defence: the Capot has failed and the hand stops (B7)",
        0,
    )
    for seat in range(PLAYERS)
)
"""B7: the public note that ``seat`` took a trick for the defence against a Capot, one per seat."""


def turned_up(discard: bool, cards: int) -> str:
    """The note that what lay face down at the end of the hand, the taker's ``discard`` (B4
    With) or else the dog, is turned up: worded once for each pair of cards."""
    notes = _DISCARD_NOTES if discard else _DOG_NOTES
    note = notes.get(cards)
    if note is None:
        whose = "the taker's discard" if discard else "the dog"
        note = f"{whose} is turned up: {DECK.codes(cards)}"
        if cards.bit_count() == DOG_SIZE:  # a hand's own two cards: at most 496 notes kept
            notes[cards] = note
    return note


_DISCARD_NOTES: Final[dict[int, str]] = {}
_DOG_NOTES: Final[dict[int, str]] = {}


def belote_note(state: TaroincheState, card: int) -> str:
    """B5: what the belote's holder says as the first, then the second, of trump K and Q falls."""
    other = (SUIT_MASKS[SUIT_OF[card]] & KINGS_QUEENS) ^ (1 << card)  # the other of K and Q
    other = other.bit_length() - 1
    if state.hands[state.belote] >> other & 1:
        return f"says Belote: holds {DECK.cards[card].code} and {DECK.cards[other].code} (B5)"
    return f"says Rebelote with {DECK.cards[card].code} (B5)"
