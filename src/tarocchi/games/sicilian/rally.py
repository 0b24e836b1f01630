"""The exchange's discard rule (S4, S5) and the rally's full algorithm (S7), as pure functions."""

from __future__ import annotations

from tarocchi.games.sicilian.rules import COINS, COURT_CARDS, COURTS, STRONG, SUIT_MASKS, TRUMP_MASK


def discard_mask(hand: int, to_discard: int) -> int:
    """S4 finer point: never a card worth 5 or more; a trump only while fewer other
    discardable cards are held than cards still to discard."""
    allowed = hand & ~STRONG
    plain = allowed & ~TRUMP_MASK
    if plain.bit_count() >= to_discard:
        return plain
    return allowed


def rally_rank(held: int) -> int | None:
    """S7: the first of King, Queen, Cavalier, Valet that the Declarer does not hold all four of
    (as an index into COURTS); None when he holds all sixteen courts (no rally, 1 v 3)."""
    for rank in range(len(COURTS)):
        if any(not held >> COURT_CARDS[suit][rank] & 1 for suit in range(len(COURT_CARDS))):
            return rank
    return None


def courts_held(held: int, suit: int) -> tuple[int, ...]:
    """The courts held in ``suit``, best first, as strengths (King 4 ... Valet 1): comparing these
    tuples compares "best courts" (a suit with an extra court beats one without it)."""
    return tuple(4 - rank for rank in range(len(COURTS)) if held >> COURT_CARDS[suit][rank] & 1)


def rally_suits(held: int, rank: int) -> tuple[tuple[int, ...], str]:
    """The suits whose card of ``rank`` may be rallied, and which step of S7 decided it.

    Candidates: suits where at least one card but not that rank is held. Among them the
    fewest cards; then the best courts; then Coins; then every suit still tied. No candidate:
    any suit whose card of that rank is not held.
    """
    lacking = [suit for suit in range(len(COURT_CARDS)) if not held >> COURT_CARDS[suit][rank] & 1]
    candidates = [suit for suit in lacking if held & SUIT_MASKS[suit]]
    if not candidates:
        return tuple(lacking), "no candidate suit: any suit whose card is not held"
    if len(candidates) == 1:
        return tuple(candidates), "the only candidate suit"
    fewest = min((held & SUIT_MASKS[s]).bit_count() for s in candidates)
    tied = [s for s in candidates if (held & SUIT_MASKS[s]).bit_count() == fewest]
    if len(tied) == 1:
        return tuple(tied), "fewest cards"
    best = max(courts_held(held, s) for s in tied)
    tied = [s for s in tied if courts_held(held, s) == best]
    if len(tied) == 1:
        return tuple(tied), "best courts"
    if COINS in tied:
        return (COINS,), "Coins"
    return tuple(tied), "free choice among the tied suits"


def rally_choices(held: int) -> tuple[tuple[int, ...], str]:
    """The cards the Declarer may rally (empty: nothing to rally), and the deciding step."""
    rank = rally_rank(held)
    if rank is None:
        return (), "all sixteen courts held: no rally, 1 v 3"
    suits, step = rally_suits(held, rank)
    return tuple(COURT_CARDS[suit][rank] for suit in suits), step
