"""The Taroux heuristic on hand-built positions whose right answer a player would agree on.

Deals are written card by card. Seats 0..5, partners {0, 3}, {1, 4}, {2, 5}; Eldest (the
dealer's left) bids first; the highest bidder leads the first trick.
"""

from __future__ import annotations

import random

from tarocchi import get_game
from tarocchi.bots.heuristic.taroux import TarouxHeuristic
from tarocchi.core.decks import LOKA_78 as DECK
from tarocchi.core.protocol import Deal, HandContext
from tarocchi.games.taroux import TarouxState

GAME = get_game("taroux")
PLAYER = TarouxHeuristic()

STRONG = """
0: T21 T20 T19 T18 T17 T16 FOOL KE KA KF KW QE
1: AE 2E 3E 4E AA 2A 3A 4A AF 2F 3F 4F
2: T1 T2 T3 T4 T5 5E 6E 7E 5A 6A 7A 5F
3: T6 T7 T8 T9 T10 8E 9E 10E 8A 9A 10A 6F
4: T11 T12 T13 T14 T15 JE CE JA CA 7F 8F 9F
5: QA QF QW CF JF CW JW 10F 10W 9W 8W 7W
stock: AW 2W 3W 4W 5W 6W
"""
"""Seat 0: the six top trumps with the World, the Fool and four Kings. Seat 1: no trump, no
Honour, no court card."""

VOIDS = """
0: T16 T17 T18 T19 T20 FOOL KE QE CE JE 2E KA
1: T21 T11 T12 T13 KF QF CF JF 10F 9F 8F 7F
2: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W
3: 10E 9E 8E 7E 6E 5E 4E 3E AE QA CA JA
4: T1 T2 T3 T4 T5 T6 10A 9A 8A 7A 6A 5A
5: T7 T8 T9 T10 T14 T15 4A 3A 2A AA 6F 5F
stock: 4F 3F 2F AF 2W AW
"""
"""Seats 1, 2, 4 and 5 hold no Earth; seat 2 holds no trump either (all twelve Waters)."""


def start(deal: str, dealer: int, moves: str = "") -> TarouxState:
    state: TarouxState = GAME.initial_state(Deal.parse(DECK, deal), HandContext(1, dealer, (0,) * 6))
    for text in filter(None, (m.strip() for m in moves.split(","))):
        state = GAME.apply(state, GAME.parse_action(text, state))
    return state


def choice(state: TarouxState) -> str:
    seat = GAME.to_act(state)
    assert seat is not None
    return str(PLAYER.choose(GAME.view(state, seat), random.Random(0)))


DONE6 = "done, done, done, done, done, done"
WITHOUT_BY_0 = f"without, pass, pass, pass, pass, pass, {DONE6}"
"""Seat 0 plays Without (dealer 5): no stock, no discards; he leads."""


def test_passes_with_no_trump_and_no_honour() -> None:
    assert choice(start(STRONG, dealer=0)) == "pass"  # seat 1 is Eldest


def test_bids_a_real_contract_on_the_top_trumps_the_world_and_the_fool() -> None:
    assert choice(start(STRONG, dealer=5)) in ("take", "without", "against")


def test_bids_only_take_on_the_world_three_middle_trumps_and_a_king() -> None:
    assert choice(start(VOIDS, dealer=0)) == "take"  # seat 1 is Eldest


def test_the_bidders_partner_does_not_outbid_a_take_with_a_weak_hand() -> None:
    assert choice(start(STRONG, dealer=5, moves="take, pass, pass")) == "pass"  # seat 3


def test_feeds_the_king_to_a_side_mates_world() -> None:
    """Seat 0 leads 2E, seat 1 trumps with the World: seat 2 (his side, no Earth, no trump) gives
    the most valuable card he has, the King of Water."""
    state = start(VOIDS, dealer=5, moves=f"{WITHOUT_BY_0}, 2E, T21")
    assert choice(state) == "KW"


def test_saves_the_magician_under_a_side_mates_world() -> None:
    """Seat 4 must trump and cannot beat the World: the Magician goes to his partner's trick."""
    state = start(VOIDS, dealer=5, moves=f"{WITHOUT_BY_0}, 2E, T21, KW, AE")
    assert choice(state) == "T1"


def test_gives_the_least_to_a_trick_the_opponents_have_won() -> None:
    """Seat 3 must follow Earth under the World: the Ace, not the Ten."""
    state = start(VOIDS, dealer=5, moves=f"{WITHOUT_BY_0}, 2E, T21, KW")
    assert choice(state) == "AE"


def test_wins_with_the_lowest_trump_that_is_enough_when_last() -> None:
    """Seat 0, last, void in Fire, must beat T2: T16 does it; no need for T20."""
    moves = f"{WITHOUT_BY_0}, 2E, T21, KW, AE, T1, T7, KF, 3W, JA, T2, 5F"
    assert choice(start(VOIDS, dealer=5, moves=moves)) == "T16"


def test_cashes_the_king_of_a_suit_not_led_yet() -> None:
    moves = f"{WITHOUT_BY_0}, 2E, T21, KW, AE, T1, T7, KF, 3W, JA, T2, 5F, T16"
    assert choice(start(VOIDS, dealer=5, moves=moves)) == "KA"


def test_discards_a_singleton_to_make_a_void() -> None:
    """Seat 3, the partner, holds only small cards after the stock; his lone Fire goes first."""
    moves = "take, pass, pass, pass, pass, pass, first, discard QE, discard AW, discard 2W"
    assert choice(start(STRONG, dealer=5, moves=moves)) == "discard 6F"


def test_a_declarer_shows_six_trumps_keeping_the_magician_for_last() -> None:
    """Seat 4 takes, with T1..T6: he shows an Abundance, low trumps first, the Magician only
    because a sixth trump is needed, and ends the turn at six."""
    moves = (
        "take, pass, pass, pass, pass, pass, first, discard 4F, discard 3F, discard 2F, "
        "discard AF, discard 2W, discard AW"
    )
    state = start(VOIDS, dealer=3, moves=moves)
    said = []
    while GAME.to_act(state) == 4:
        said.append(choice(state))
        state = GAME.apply(state, GAME.parse_action(said[-1], state))
    assert said == ["show T2", "show T3", "show T4", "show T5", "show T6", "show T1", "done"]


def test_a_defender_with_six_trumps_keeps_them_hidden() -> None:
    moves = (
        "take, pass, pass, pass, pass, pass, first, discard 4F, discard 3F, discard 2F, "
        "discard AF, discard 2W, discard AW, done"
    )
    assert choice(start(VOIDS, dealer=3, moves=moves)) == "done"  # seat 5


def test_plays_a_whole_hand_by_legal_moves() -> None:
    """Every decision of a hand, each one legal (its time is a benchmark's:
    ``benchmarks/hard_decisions.py --player heuristic``, well under 10 ms)."""
    rng = random.Random(7)
    state = start(VOIDS, dealer=5, moves=WITHOUT_BY_0)
    decisions = 0
    while (seat := GAME.to_act(state)) is not None:
        action = PLAYER.choose(GAME.view(state, seat), rng)
        assert action in GAME.legal_actions(state), (seat, action)
        state = GAME.apply(state, action)
        decisions += 1
    assert decisions == 72  # the twelve tricks of six cards
