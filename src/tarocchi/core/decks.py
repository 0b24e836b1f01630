"""The packs, as data. Each game takes its values and trick strengths from its own rules."""

from __future__ import annotations

from tarocchi.core.cards import FOOL_SUIT, TRUMPS, Card, Deck, Suit

LOKA_SUITS = (
    Suit("E", "Earth", "♣", "green"),
    Suit("A", "Air", "♦", "yellow"),
    Suit("F", "Fire", "♥", "red"),
    Suit("W", "Water", "♠", "blue"),
)
LOKA_RANKS = (
    ("K", "King", 14),
    ("Q", "Queen", 13),
    ("C", "Cavalier", 12),
    ("J", "Jack", 11),
    *((str(n), str(n), n) for n in range(10, 1, -1)),
    ("A", "Ace", 1),
)
TRUMP_NAMES = {1: "the Magician", 21: "the World"}

LOKA_HELP = (
    "Cards are rank then suit: ranks K Q C J 10 9 8 7 6 5 4 3 2 A, "
    "suits E (Earth) A (Air) F (Fire) W (Water), e.g. KE, 10W, AA; "
    "trumps T1..T21 (or just the number), and FOOL"
)


def _loka(with_good_evil: bool) -> Deck:
    cards: list[Card] = []
    for suit in LOKA_SUITS:
        for code, name, rank in LOKA_RANKS:
            cards.append(Card(len(cards), code + suit.letter, suit.letter, rank, f"{name} of {suit.name}"))
    for n in range(1, 22):
        name = TRUMP_NAMES.get(n, f"trump {n}")
        cards.append(Card(len(cards), f"T{n}", TRUMPS, n, name))
    cards.append(Card(len(cards), "FOOL", FOOL_SUIT, 0, "the Fool"))
    aliases = {str(n): f"T{n}" for n in range(1, 22)}
    aliases |= {"MAGICIAN": "T1", "WORLD": "T21", "F": "FOOL", "FO": "FOOL", "EXCUSE": "FOOL"}
    help_text = LOKA_HELP
    if with_good_evil:
        cards.append(Card(len(cards), "GOOD", TRUMPS, 0, "Good"))
        cards.append(Card(len(cards), "EVIL", TRUMPS, 0, "Evil"))
        aliases |= {"G": "GOOD", "GD": "GOOD", "EV": "EVIL"}
        help_text += ", GOOD, EVIL"
    return Deck(
        "loka80" if with_good_evil else "loka78",
        LOKA_SUITS,
        tuple(cards),
        aliases,
        help_text + ".",
    )


LOKA_78 = _loka(with_good_evil=False)
"""Taroux of Six (T1): four suits of 14, trumps 1..21, the Fool."""
LOKA_80 = _loka(with_good_evil=True)
"""Piedmont (P1): the 78 cards plus Good and Evil, in the same natural order."""
