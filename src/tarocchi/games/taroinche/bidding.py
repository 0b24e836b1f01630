"""The bids as pre-built action values, ordered by strength (B3), and their notation."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tarocchi.core.actions import Action, Call
from tarocchi.core.cards import QUOTED, whole_number
from tarocchi.core.errors import NotationError
from tarocchi.core.text import shown
from tarocchi.games.taroinche.rules import (
    AGAINST,
    ALL_TRUMP,
    CAPOT,
    DECK,
    LEVELS,
    MODE_NAMES,
    NO_TRUMP,
    PLAYERS,
    SEAT_NAMES,
    TOTAL,
    TRUMP_CODES,
    VALUES,
    WITH,
    WITHOUT,
    belote_pair,
    holds_belote,
    level,
)


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A bid: value (82..180, 250 = Capot), trump (0..3 a suit, 4 No-trump, 5 All-trump), dog mode
    (1 With, 2 Without, 3 Against) and partner (a seat; the bidder himself for a solo).

    Notation: ``90 H without 3``, ``capot NT against 0``.
    """

    value: int
    trump: int
    mode: int
    partner: int

    def __str__(self) -> str:
        value = "capot" if self.value == CAPOT else str(self.value)
        return f"{value} {TRUMP_CODES[self.trump]} {MODE_NAMES[self.mode]} {self.partner}"


PASS = Call("pass")
COINCHE = Call("coinche")
SURCOINCHE = Call("surcoinche")
CALLS = {"pass": PASS, "p": PASS, "coinche": COINCHE, "surcoinche": SURCOINCHE}


def _ladder() -> tuple[tuple[Bid, ...], ...]:
    """Every bid, grouped by level: within a level by trump, then partner."""
    levels: list[tuple[Bid, ...]] = []
    for value in VALUES:
        trumps = range(6) if value == CAPOT else range(4)
        for mode in (WITH, WITHOUT, AGAINST):
            levels.append(tuple(Bid(value, t, mode, p) for t in trumps for p in range(PLAYERS)))
    return tuple(levels)


BY_LEVEL = _ladder()
LEVEL_OF: dict[Bid, int] = {bid: n for n, group in enumerate(BY_LEVEL) for bid in group}
"""Every bid the game offers, with its level: a bid not in here is not one of this game's."""
ABOVE: tuple[tuple[Bid, ...], ...] = tuple(
    tuple(bid for group in BY_LEVEL[n:] for bid in group) for n in range(LEVELS + 1)
)
"""ABOVE[n]: the bids of level n and up (ABOVE[LEVELS] is empty)."""
AUCTION_LEGAL: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    ((PASS, *ABOVE[n + 1]), (PASS, COINCHE, *ABOVE[n + 1])) for n in range(-1, LEVELS)
)
"""AUCTION_LEGAL[current level + 1][may coinche]: the auction's legal actions."""
SURCOINCHE_LEGAL: tuple[Action, ...] = (PASS, SURCOINCHE)
assert LEVEL_OF[Bid(82, 0, WITH, 0)] == level(82, WITH) == 0

_SUIT_WORDS = {
    "s": 0, "spades": 0, "♠": 0,
    "h": 1, "hearts": 1, "♥": 1,
    "c": 2, "clubs": 2, "♣": 2,
    "d": 3, "diamonds": 3, "♦": 3,
    "nt": NO_TRUMP, "sa": NO_TRUMP, "no-trump": NO_TRUMP, "notrump": NO_TRUMP,
    "at": ALL_TRUMP, "ta": ALL_TRUMP, "all-trump": ALL_TRUMP, "alltrump": ALL_TRUMP,
}  # fmt: skip
_MODE_WORDS = {
    "with": WITH, "w": WITH, "without": WITHOUT, "wo": WITHOUT, "against": AGAINST, "a": AGAINST,
}  # fmt: skip
_SELF_WORDS = ("self", "me", "solo", "myself")
_SEAT_WORDS = {name.lower(): seat for seat, name in enumerate(SEAT_NAMES)} | {
    name.lower().replace("-", ""): seat for seat, name in enumerate(SEAT_NAMES)
}
BID_HELP = (
    "a bid is value trump mode partner, e.g. '90 H without 3': value 82, 90 ... 180 or capot; "
    "trump S H C D (capot: also NT, AT); mode with, without, against (w, wo, a); partner 0-4 or self"
)
ACTION_HELP = (
    "Bids: value, trump, dog mode and partner, in any order, e.g. '90 H without 3' or "
    "'capot NT with self'. Value 82, 90, 100 ... 180 or capot (170 and 180 exceed the pack's "
    "162 points: only the belote's 20 can make them). Trump S H C D (or ♠ ♥ ♣ ♦); at capot also "
    "NT (no-trump) or AT (all-trump). Mode with, without, against (w, wo, a): the dog taken and "
    "two cards laid aside, left face down for the attack, or for the defence. Partner a seat "
    "0-4 or its name, or self for a solo. A bid must beat the contract: 82 with < 82 without < "
    "82 against < 90 with ... < capot against; trump and partner do not count. Also pass, "
    "coinche (a defender, once there is a bid), surcoinche; 'discard 7C' (or 7C) to lay a card "
    "aside after a With dog."
)
_VALUE_DIGITS = 3
"""A bid's value has at most three digits (250 is Capot); longer digits are no bid value."""


def looks_like_bid(words: list[str]) -> bool:
    """A line starting with ``bid``, ``capot`` or a number in ASCII digits is meant as a bid."""
    first = words[0]
    return first == "bid" or first == "capot" or (first.isascii() and first.isdigit())


def parse_bid(text: str, words: list[str], bidder: int | None) -> Bid:
    """Read a bid, its four parts in any order; ``bidder`` resolves ``self`` (None: unknown)."""
    if words[0] == "bid":
        words = words[1:]
    quoted = shown(text.strip())
    value = trump = mode = partner = None
    for word in words:
        number = whole_number(word, _VALUE_DIGITS)
        if word == "capot" or (number is not None and number >= 80) or _too_long(word):
            if number is None and word != "capot":
                raise NotationError(f"'{quoted}': {shown(word, QUOTED)} is not a bid value; {BID_HELP}")
            if value is not None:
                raise NotationError(f"'{quoted}': two values; {BID_HELP}")
            value = CAPOT if number is None else number
            if value not in VALUES:
                raise NotationError(f"'{quoted}': {word} is not a bid value; {BID_HELP}")
        elif word in _SUIT_WORDS and trump is None:
            trump = _SUIT_WORDS[word]
        elif word in _MODE_WORDS and mode is None:
            mode = _MODE_WORDS[word]
        elif partner is None and number is not None and number < PLAYERS:
            partner = number
        elif partner is None and word in _SEAT_WORDS:
            partner = _SEAT_WORDS[word]
        elif partner is None and word in _SELF_WORDS:
            if bidder is None:
                raise NotationError(f"'{quoted}': 'self' needs the table; name the seat (0-4)")
            partner = bidder
        else:
            raise NotationError(f"'{quoted}': '{shown(word, QUOTED)}' does not fit; {BID_HELP}")
    parts = (("value", value), ("trump", trump), ("mode", mode), ("partner", partner))
    missing = [name for name, part in parts if part is None]
    if missing:
        raise NotationError(f"'{quoted}' lacks the {' and '.join(missing)}; {BID_HELP}")
    assert value is not None and trump is not None and mode is not None and partner is not None
    bid = Bid(value, trump, mode, partner)
    return _CANONICAL.get(bid, bid)


def _too_long(word: str) -> bool:
    """Digits beyond a bid value's three: meant as a value, but none (int() would choke on 5,000)."""
    return len(word) > _VALUE_DIGITS and word.isascii() and word.isdigit()


_CANONICAL: dict[Bid, Bid] = {bid: bid for bid in LEVEL_OF}


def summary(legal: Iterable[Action]) -> str | None:
    """The auction's legal actions in one line, computed from them: the calls, then the bids
    as the contract they must beat and the parts they are made of, e.g. ``pass | coinche |
    any bid above 90 with: value 90-180 or capot (170, 180 need the belote) · trump S H C D, at
    capot also NT AT · with / without / against · partner 0-4 or self``. None when there are no
    bids (or they are not every bid from some strength up, which the rules never give): list the
    actions instead."""
    bids: list[Bid] = []
    calls: list[str] = []
    for action in legal:
        if isinstance(action, Bid):
            bids.append(action)
        else:
            calls.append(str(action))
    if not bids:
        return None
    lowest = min(LEVEL_OF[bid] for bid in bids)
    if len(bids) != len(ABOVE[lowest]) or set(bids) != set(ABOVE[lowest]):
        return None
    if lowest == 0:
        head = "any bid"
    else:
        beaten = BY_LEVEL[lowest - 1][0]
        head = f"any bid above {value_words(beaten.value)} {MODE_NAMES[beaten.mode]}"
    values = sorted({bid.value for bid in bids})
    points = [v for v in values if v != CAPOT]
    if not points:
        value = "value capot"
    elif len(points) == 1:
        value = f"value {points[0]} or capot"
    else:
        value = f"value {points[0]}-{points[-1]} or capot"
    beyond = [str(v) for v in points if v > TOTAL]
    if beyond:
        value += f" ({', '.join(beyond)} need the belote)"
    suits = [code for t, code in enumerate(TRUMP_CODES) if t < NO_TRUMP and any(b.trump == t for b in bids)]
    extra = [code for t, code in enumerate(TRUMP_CODES) if t >= NO_TRUMP and any(b.trump == t for b in bids)]
    trump = "trump " + " ".join(suits)
    if extra:
        trump += f", at capot also {' '.join(extra)}" if points else f" {' '.join(extra)}"
    modes = sorted({bid.mode for bid in bids})
    partners = sorted({bid.partner for bid in bids})
    seats = f"{partners[0]}-{partners[-1]}" if len(partners) > 1 else str(partners[0])
    parts = [value, trump, " / ".join(MODE_NAMES[m] for m in modes), f"partner {seats} or self"]
    return " | ".join([*calls, f"{head}: {' · '.join(parts)}"])


def value_words(value: int) -> str:
    """A bid's value as players say it: ``90``, ``capot``."""
    return "capot" if value == CAPOT else str(value)


def beyond_the_pack(bid: Action, hand: int) -> str | None:
    """Why a bid of more than the pack's 162 points (170, 180) is a risk for a bidder whose
    ``hand`` (a mask) lacks the trump King and Queen: only the belote's 20 (B5) can make it, and
    the belote needs both in one hand of the attack. None for any other bid."""
    if not isinstance(bid, Bid) or bid.value == CAPOT or bid.value <= TOTAL:
        return None
    if holds_belote(hand, bid.trump):
        return None
    return (
        f"{bid.value} exceeds the pack's {TOTAL} points: only the belote (B5) can make it, and you do "
        f"not hold {DECK.codes(belote_pair(bid.trump))}: your partner would have to"
    )
