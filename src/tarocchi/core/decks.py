"""The packs, as data. Each game takes its values and trick strengths from its own rules."""

from __future__ import annotations

from collections.abc import Mapping

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


Rank = tuple[str, str, int]
"""A suit rank as data: its code, its name, its rank (higher beats lower)."""


def tarot_pack(
    name: str,
    suits: tuple[Suit, ...],
    ranks: Mapping[str, tuple[Rank, ...]],
    trump_names: Mapping[int, str],
    help_text: str,
    extra: tuple[tuple[str, str], ...] = (),
    aliases: Mapping[str, str] = {},
    trumps: int = 21,
) -> Deck:
    """A tarot pack from data, in its natural order: each suit with its ``ranks`` (by suit
    letter), trumps 1..``trumps`` (21 in every full pack), the Fool, then the ``extra``
    trump-suited cards (code, name). Trumps may be typed by number and the Fool as F, FO or
    EXCUSE; ``aliases`` adds the pack's own."""
    cards: list[Card] = []
    for suit in suits:
        for code, rank_name, rank in ranks[suit.letter]:
            cards.append(
                Card(len(cards), code + suit.letter, suit.letter, rank, f"{rank_name} of {suit.name}")
            )
    for n in range(1, trumps + 1):
        cards.append(Card(len(cards), f"T{n}", TRUMPS, n, trump_names.get(n, f"trump {n}")))
    cards.append(Card(len(cards), "FOOL", FOOL_SUIT, 0, "the Fool"))
    for code, card_name in extra:
        cards.append(Card(len(cards), code, TRUMPS, 0, card_name))
    every = {str(n): f"T{n}" for n in range(1, trumps + 1)} | {"F": "FOOL", "FO": "FOOL", "EXCUSE": "FOOL"}
    return Deck(name, suits, tuple(cards), every | dict(aliases), help_text)


_LOKA_RANKS = {suit.letter: LOKA_RANKS for suit in LOKA_SUITS}
_LOKA_ALIASES = {"MAGICIAN": "T1", "WORLD": "T21"}

LOKA_78 = tarot_pack("loka78", LOKA_SUITS, _LOKA_RANKS, TRUMP_NAMES, LOKA_HELP + ".", aliases=_LOKA_ALIASES)
"""Taroux of Six (T1): four suits of 14, trumps 1..21, the Fool."""
LOKA_80 = tarot_pack(
    "loka80",
    LOKA_SUITS,
    _LOKA_RANKS,
    TRUMP_NAMES,
    LOKA_HELP + ", GOOD, EVIL.",
    extra=(("GOOD", "Good"), ("EVIL", "Evil")),
    aliases=_LOKA_ALIASES | {"G": "GOOD", "GD": "GOOD", "EV": "EVIL"},
)
"""Piedmont (P1): the 78 cards plus Good and Evil, in the same natural order."""
