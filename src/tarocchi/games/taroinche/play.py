"""Trick play (B6): what may be played, who is winning, and the duty named when a card is refused."""

from __future__ import annotations

from tarocchi.games.taroinche.rules import CONTRACTS, DECK, PLAYERS, SUIT_MASKS, SUIT_OF, SUITS, side_of
from tarocchi.games.taroinche.state import TaroincheState


def play_mask(state: TaroincheState, seat: int) -> int:
    """The cards ``seat`` may play to the trick in progress."""
    hand = state.hands[seat]
    trick = state.trick
    if not trick:
        return hand
    assert state.bid is not None
    contract = CONTRACTS[state.bid.trump]
    led = SUIT_OF[trick[0]]
    best = trick[state.best]
    follow = hand & SUIT_MASKS[led]
    if follow:
        if contract.must_beat[led]:
            return follow & contract.beats[best] or follow
        return follow
    trumps = hand & contract.trump_mask
    if not trumps:
        return hand  # No-trump, All-trump, or no trump in hand: any card
    winner = (state.leader + state.best) % PLAYERS
    if side_of(winner, state.taker, state.partner) == side_of(seat, state.taker, state.partner):
        return hand  # a player of one's own side is winning: any card
    if contract.trump_mask >> best & 1:
        return trumps & contract.beats[best] or trumps
    return trumps


def beats(state: TaroincheState, card: int, best: int) -> bool:
    """Whether ``card`` takes the lead of the trick from ``best`` (C3, B6)."""
    assert state.bid is not None
    contract = CONTRACTS[state.bid.trump]
    if contract.beats[best] >> card & 1:
        return True
    return bool(contract.trump_mask >> card & 1) and not contract.trump_mask >> best & 1


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
