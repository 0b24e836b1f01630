"""Cards, decks and card sets.

A card is identified by its index in its deck's natural order; a set of cards is an ``int``
bitmask over those indices (bit ``i`` = card ``i``). Masks are immutable, hashable, fast to
combine and one step from a tensor. ``CardSet`` wraps a mask for the public API (views,
records); the engine's hot paths use the raw ``int``.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tarocchi.core.compiled import mypyc_attr
from tarocchi.core.errors import NotationError
from tarocchi.core.text import MESSAGE_LIMIT, shown
from tarocchi.loading import built

TRUMPS = "T"
"""Suit letter of the trump suit (Good and Evil included)."""
FOOL_SUIT = ""
"""The Fool belongs to no suit."""
SUGGEST_UP_TO = 8
"""Only a typed token this short gets a "did you mean": no code is longer, and difflib's cost
grows with the square of the token (2.2 GB were measured for a 50 MB line)."""
QUOTED = 20
ROOM = 30
"""Room a refusal of a card leaves, within ``MESSAGE_LIMIT``, for a table's own words after it:
"did you mean" names fewer of the cards it offers in words when the pack's help is long."""
VARIATION = "\ufe0f"
"""The emoji presentation selector some keyboards put after a suit symbol (♥️): ignored."""
"""How much of a typed token a refusal quotes: enough to recognise a card code or a word."""


def whole_number(word: str, digits: int) -> int | None:
    """``word`` as a whole number if it is 1 to ``digits`` ASCII digits, else None.

    The notation's numbers are plain digits of a sane length: ``str.isdigit`` is also true of
    '²' (which ``int`` refuses) and '٣' (which ``int`` reads as 3), and ``int`` refuses more
    than 4,300 digits outright.
    """
    if 0 < len(word) <= digits and word.isascii() and word.isdigit():
        return int(word)
    return None


@mypyc_attr(native_class=False)  # compiled, a frozen dataclass could not be copied or pickled
@dataclass(frozen=True, slots=True)
class Suit:
    """A suit as printed and typed: ``letter`` is what a player types after the rank."""

    letter: str
    name: str
    symbol: str
    colour: str


@mypyc_attr(native_class=False)  # compiled, a frozen dataclass could not be copied or pickled
@dataclass(frozen=True, slots=True)
class Card:
    """One card of a deck. Points and trick strength belong to a game's rules, not here."""

    index: int
    code: str
    suit: str
    rank: int
    name: str

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


_PART: Final = 40
_PART_MASK: Final = (1 << _PART) - 1
"""Masks are read forty bits at a time where it counts: compiled, each part is a machine
integer, where a mask of an 80-card pack is a big one whose every shift allocates."""


def bits(mask: int) -> Iterator[int]:
    """Yield the indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Deck:
    """A pack in its natural order, with its notation.

    The natural order lists the suits in the order the rules name them, ranks high to low,
    then the trumps from 1 up, then the special cards. It is the order of ``cards``, of the
    bits in a mask, and the tie-break of C4's payment card.
    """

    def __init__(
        self,
        name: str,
        suits: tuple[Suit, ...],
        cards: tuple[Card, ...],
        aliases: dict[str, str],
        notation_help: str,
    ) -> None:
        self.name = name
        self.suits = suits
        self.cards = cards
        self.size = len(cards)
        self.full = (1 << self.size) - 1
        self.notation_help = notation_help
        for i, card in enumerate(cards):
            if card.index != i:
                raise ValueError(f"{card.code} has index {card.index}, expected {i}")
        self._by_code: dict[str, Card] = {card.code.upper(): card for card in cards}
        for alias, code in aliases.items():
            self._by_code[alias.upper()] = self._by_code[code.upper()]
        self.suit_masks: dict[str, int] = {}
        for card in cards:
            self.suit_masks[card.suit] = self.suit_masks.get(card.suit, 0) | (1 << card.index)
        self._suit_by_letter = {s.letter: s for s in suits}
        self.faces = tuple(
            card.code[: -len(card.suit)] if card.suit in self._suit_by_letter else "" for card in cards
        )
        """Each card's face: a suit card's rank as typed (K, 10, A; its code less the suit letter),
        "" for trumps and the Fool. Games read values and ranks by face, never by parsing codes."""
        self._symbols = str.maketrans({s.symbol: s.letter for s in suits} | {VARIATION: None})
        self._codes = tuple(card.code for card in cards)

    def __repr__(self) -> str:
        return f"Deck({self.name}, {self.size} cards)"

    def face_mask(self, *faces: str) -> int:
        """The suit cards of every suit whose face is one of ``faces`` (``face_mask("K")``: the
        Kings)."""
        return sum(1 << i for i, face in enumerate(self.faces) if face and face in faces)

    def suit(self, letter: str) -> Suit | None:
        """The suit with this letter, or None for trumps and the Fool."""
        return self._suit_by_letter.get(letter)

    def card(self, text: str) -> Card:
        """Parse one card code (case-insensitive; a suit's symbol, as the table shows it, stands
        for its letter: ``K♣``); raise NotationError with a hint naming the cards meant if none."""
        token = text.strip().upper()
        if len(token) <= SUGGEST_UP_TO:  # a suit as shown on screen (K♣) is its letter (KE)
            token = token.translate(self._symbols)
        card = self._by_code.get(token)
        if card is not None:
            return card
        if not token:
            raise NotationError(f"expected a card; {self.notation_help}")
        close: list[str] = []
        if len(token) <= SUGGEST_UP_TO:
            close = difflib.get_close_matches(token, [c.code for c in self.cards], n=3, cutoff=0.5)
        head = f"'{shown(text.strip(), QUOTED)}' is not a card."
        message = ""
        for count in range(len(close), -1, -1):  # every code, as many named as fit, closest first
            named = [f"{code} ({self._by_code[code].name})" for code in close[:count]]
            message = f"{head} Did you mean {' or '.join(named + close[count:])}? {self.notation_help}"
            if len(message) <= MESSAGE_LIMIT - ROOM:
                break
        raise NotationError(message if close else f"{head} {self.notation_help}")

    def in_hand_order(self, cards: Iterable[Card]) -> list[Card]:
        """The order a hand is shown in by default: suits as the deck lists them, then trumps,
        then the Fool; high to low within each (equal ranks, like Good and Evil, keep the pack's
        order). A game may show its hands otherwise (``Game.hand_order``)."""
        groups = {suit.letter: i for i, suit in enumerate(self.suits)}
        groups[TRUMPS] = len(groups)
        last = len(self.suits) + 1

        def key(card: Card) -> tuple[int, int, int]:
            return groups.get(card.suit, last), -card.rank, card.index

        return sorted(cards, key=key)

    def parse(self, text: str) -> tuple[Card, ...]:
        """Parse cards separated by spaces or commas."""
        return tuple(self.card(tok) for tok in text.replace(",", " ").split())

    def mask(self, cards: Iterable[Card]) -> int:
        """The bitmask of ``cards``."""
        mask = 0
        for card in cards:
            mask |= 1 << card.index
        return mask

    def cards_in(self, mask: int) -> tuple[Card, ...]:
        """The cards of ``mask`` in natural order."""
        cards = self.cards
        return tuple(cards[i] for i in bits(mask))

    def codes(self, mask: int) -> str:
        """The cards of ``mask`` as space-separated codes in natural order (a score sheet's line
        each hand: read forty bits at a time, machine integers when compiled)."""
        codes = self._codes
        found: list[str] = []
        base = 0
        while mask:
            part = mask & _PART_MASK
            mask >>= _PART
            while part:
                low = part & -part  # the set bits only (a discard's four, not forty shifts)
                found.append(codes[base + low.bit_length() - 1])
                part ^= low
            base += _PART
        return " ".join(found)


class CardSet:
    """An immutable set of cards of one deck, for the public API (views, results).

    Iterates in the deck's natural order; ``mask`` gives the raw bitmask.
    """

    __slots__ = ("deck", "mask")

    deck: Deck
    mask: int

    def __init__(self, deck: Deck, mask: int = 0) -> None:
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __iter__(self) -> Iterator[Card]:
        cards = self.deck.cards
        return (cards[i] for i in bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and self.mask == other.mask and self.deck is other.deck

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return self.deck.codes(self.mask)

    def __repr__(self) -> str:
        return f"CardSet({self})"


_SELECTED: Final[Callable[[tuple[object, ...], int], tuple[Any, ...]] | None] = built(
    "tarocchi.core._rows", "selected"
)
"""``selected(items, mask)`` from ``_rows.c`` where built: the tuple of the items at the set bits,
made once from the mask's bytes (about a quarter of the byte tables' instructions, which join a
tuple a byte); None where tarocchi loads from source."""


class MaskMap:
    """Maps a mask to the tuple of items at its set bits, through per-byte tables (or
    ``_rows.selected`` where built).

    Turning a legal-card mask into a tuple of actions is the hottest loop of random play;
    looking up whole bytes is several times faster than visiting bits one by one.
    """

    __slots__ = ("_items", "_tables")

    def __init__(self, items: tuple[object, ...]) -> None:
        self._items = items
        tables = []
        for start in range(0, len(items), 8):
            chunk = items[start : start + 8]
            tables.append(
                tuple(tuple(chunk[i] for i in range(len(chunk)) if byte >> i & 1) for byte in range(256))
            )
        self._tables = tuple(tables)

    def __reduce__(self) -> tuple[type[MaskMap], tuple[tuple[object, ...]]]:
        """Pickled as its items (compiled, it has no instance dict; OpenSpiel pickles games)."""
        return (MaskMap, (self._items,))

    @property
    def items(self) -> tuple[object, ...]:
        """The items, bit ``i`` of a mask selecting ``items[i]`` (the research encoder's ids)."""
        return self._items

    def select(self, mask: int) -> tuple[Any, ...]:
        """The items at the set bits of ``mask``, in bit order."""
        if _SELECTED is not None:
            return _SELECTED(self._items, mask)
        return self.by_tables(mask)

    def by_tables(self, mask: int) -> tuple[Any, ...]:
        """``select`` through the byte tables: pure Python's (and any build's without ``_rows``)."""
        # Forty bits at a time: compiled, each part is a machine integer, so that the byte loop
        # allocates nothing (a mask of an 80-card pack is two parts, not ten big-int shifts).
        tables = self._tables
        out: tuple[Any, ...] = ()
        base = 0
        while mask:
            part = mask & _PART_MASK
            mask >>= _PART
            k = base
            while part:
                byte = part & 255
                if byte:
                    chunk: tuple[Any, ...] = tables[k][byte]
                    out = out + chunk if out else chunk
                part >>= 8
                k += 1
            base += _PART >> 3
        return out


class Positions:
    """The position of each of a game's own action objects in their tuple, found by identity.

    A play step must learn which card an action plays: ``action.card.index`` is two generic
    attribute reads of Python objects, about 300 instructions of a compiled step. The engine hands
    out the same objects it built (``MaskMap`` selects them), so they are found here by address
    in a small open-addressed table instead; any other object (an equal action built anew,
    unpickled, or no action at all) is not found, and the step reads it the long way."""

    __slots__ = ("_items", "_keys", "_positions", "_slots")

    def __init__(self, items: tuple[object, ...]) -> None:
        self._items = items
        size = 1 << (4 * len(items)).bit_length()  # a quarter full at most: short probes
        self._slots = size - 1
        self._keys: list[object] = [None] * size
        self._positions: list[int] = [-1] * size
        for position, item in enumerate(items):
            slot = id(item) >> 4 & self._slots
            while self._keys[slot] is not None:
                slot = (slot + 1) & self._slots
            self._keys[slot] = item
            self._positions[slot] = position

    def find(self, item: object) -> int:
        """The position of this very object among the items; -1 if it is none of them."""
        keys = self._keys
        slot = id(item) >> 4 & self._slots  # objects are 16-byte aligned: their low bits are all 0
        while True:
            key = keys[slot]
            if key is item:
                return self._positions[slot]
            if key is None:
                return -1
            slot = (slot + 1) & self._slots

    def index(self, item: object) -> int:
        """The position of ``item`` among the items, by identity, else of the first item equal to
        it (one the engine did not build: unpickled, or a program's own); -1 if none is."""
        found = self.find(item)
        if found >= 0:
            return found
        items = self._items
        for position in range(len(items)):
            if items[position] == item:
                return position
        return -1


def value_masks(values: Sequence[int]) -> list[int]:
    """``masks[v]``: the cards worth ``v``, so that a pile's points are a few popcounts."""
    masks = [0] * (max(values) + 1)
    for card, value in enumerate(values):
        masks[value] |= 1 << card
    return masks


def points_of(mask: int, masks: list[int]) -> int:
    """The card points of ``mask`` by ``value_masks``."""
    total = 0
    for value in range(1, len(masks)):
        total += value * (mask & masks[value]).bit_count()
    return total
