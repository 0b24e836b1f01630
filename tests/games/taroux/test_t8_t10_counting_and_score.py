"""T8 (counting in pairs, the Honours-based target) and T10 (the score, line by line).

Positions at the last trick, seat 0 the bidding Declarer (Declarers 0 and 3), Against. Eleven
tricks are already won (winners worked out by hand from C3):

  t1-t4  seat 0 leads each suit's K Q C J 10 9 and wins     4 x (5+4+3+2+1+1) = 64 raw
  t5     8E 7E 6E 5E 4E 3E, seat 0 wins                      6 raw
  t6-t9  four tricks of six 1-point cards won by Defenders   24 raw (24 cards)
  t10    T11..T16, seat 0's T16 wins                        6 raw
  t11    T17 T18 T19 T20 3A 3F, seat 3's T20 wins           6 raw

So before the last trick the Declarers hold 42 cards worth 82, the Defenders 24 cards worth 24,
and the stock (Against: the Defenders', as they won tricks) 6 more.
"""

from __future__ import annotations

import pytest

from .helpers import act, game, lines, position

ELEVEN = [
    (0, "KE QE CE JE 10E 9E", 0),
    (0, "KA QA CA JA 10A 9A", 0),
    (0, "KF QF CF JF 10F 9F", 0),
    (0, "KW QW CW JW 10W 9W", 0),
    (0, "8E 7E 6E 5E 4E 3E", 0),
    (0, "8A T2 7A 6A 5A 4A", 1),
    (1, "8F 7F 6F T3 5F 4F", 4),
    (4, "8W 7W 6W 5W T4 4W", 2),
    (2, "T5 T6 T7 T8 T9 T10", 1),
    (1, "T11 T12 T13 T14 T15 T16", 0),
    (0, "T17 T18 T19 T20 3A 3F", 3),
]


def last_trick(hands: dict[int, str], stock: str, contra: int = 0):
    g = game()
    s = position(
        contract="against", bidder=0, hands=hands, stock=stock, tricks=ELEVEN, leader=3, contra=contra
    )
    s = act(g, s, ", ".join(hands[seat] for seat in (3, 4, 5, 0, 1, 2)))
    assert g.to_act(s) is None and g.audit(s) == []
    return g.outcome(s)


# The last trick is led by seat 3; the cards are given for seats 3, 4, 5, 0, 1, 2.
CASES = {
    # T21 3W 2W FOOL(seat 0) T1 AW: seat 3 wins; the Declarers' own Fool stays: 3 Honours.
    # Declarers 82 + 18 = 100 raw, 48 cards: 100 - 24 = 76. Defenders 24 + 6 = 30, 30 cards: 15.
    3: ({3: "T21", 4: "3W", 5: "2W", 0: "FOOL", 1: "T1", 2: "AW"}, "2E AE 2A AA 2F AF", 76, 36, 40),
    # T21 3W 2W AW T1 FOOL(seat 2): the Defenders' Fool stays with them; they pay their first lowest
    # card, 8A. Declarers 82 + 13 + 1 = 96, 48 cards: 72 (2 Honours). Defenders 24 - 1 + 5 + 6 = 34: 19.
    2: ({3: "T21", 4: "3W", 5: "2W", 0: "AW", 1: "T1", 2: "FOOL"}, "2E AE 2A AA 2F AF", 72, 41, 31),
    # T1 lies in the stock (the Defenders'): Declarers 82 + 9 + 1 = 92: 68 (1 Honour, T21).
    1: ({3: "T21", 4: "3W", 5: "2W", 0: "AW", 1: "2E", 2: "FOOL"}, "T1 AE 2A AA 2F AF", 68, 51, 17),
    # T1 and T21 in the stock; 3W wins: Declarers 82 + 5 + 1 = 88: 64 (no Honour).
    0: ({3: "3W", 4: "2W", 5: "AW", 0: "2E", 1: "AE", 2: "FOOL"}, "T1 T21 2A AA 2F AF", 64, 56, 8),
}


@pytest.mark.parametrize("honours", [0, 1, 2, 3])
def test_T8_the_target_follows_the_honours_credited_to_the_declarers(honours):
    hands, stock, points, target, margin = CASES[honours]
    result = last_trick(hands, stock)
    assert result.card_points == (points, 91 - points)
    label = f"target with {honours} Honour{'' if honours == 1 else 's'}: {target} (T8)"
    assert (label, target) in lines(result)
    # T10: won by the margin: 25 + margin, x 6 Against; each Declarer +2R, each Defender -R.
    r = (25 + margin) * 6
    assert result.scores == (2 * r, -r, -r, 2 * r, -r, -r)


def test_T10_a_hand_scored_line_by_line():
    """Case 2 under Contra: the Fool's payment, the stock, the pair counts, the target, then
    72 >= 41: won by 31: 25 + 31 = 56; x 6 Against = 336; Contra x 2 = 672.
    The sheet adds each side's lines up to its total: the Declarers' 8 tricks are 48 cards (8A
    in for the Fool), 24 pairs: 1 + 95 - 24 = 72; the Defenders' 4 tricks and the stock are 30
    cards, 15 pairs: 6 + 28 - 15 = 19 (130 card values in the pack: 96 + 34).
    Each Defender pays 672; each Declarer gets 1344. The Magician (seat 1's) is in the last trick
    but seat 3 won it: no Sparrow."""
    hands, stock, *_ = CASES[2]
    result = last_trick(hands, stock, contra=1)
    assert lines(result) == [
        ("for Seat 2's Fool, 8A goes to the Declarers (C4)", 1),
        ("the stock (2E AE 2A AA 2F AF) count for the Defenders (T5)", 6),
        ("card points won in play", 95),
        ("one off for each of 24 pairs of cards (T8)", -24),
        ("total", 72),
        ("card points won in play", 28),
        ("one off for each of 15 pairs of cards (T8)", -15),
        ("total", 19),
        ("target with 2 Honours: 41 (T8)", 41),
        ("won by 31: 25 + 31", 56),
        ("\u00d7 6 Against", 336),
        ("Contra \u00d7 2", 672),
        ("each Defender pays 672, each Declarer gets 2 \u00d7 672 = 1344 (T10)", 672),
    ]
    assert [line.side for line in result.lines] == [0, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0]
    assert result.sides == ((0, 3), (1, 2, 4, 5))
    assert result.tricks == (8, 4)
    assert result.scores == (1344, -672, -672, 1344, -672, -672)


def test_T10_a_whole_hand_with_recontra_sparrow_and_abundance_line_by_line():
    """TOP_TRUMPS, dealer 5: seat 0 bids We'll Take, seat 5 contras, seat 0 re-contras; seat 0 takes
    the first three (2A AA 2F) and discards them, seat 3 discards AF 2W AW. Seat 0 shows T10..T17
    (Middling, 30); seat 5 announces the Sparrow but must play T1 to trick 1 under seat 0's T10.
    Seat 0 wins every trick; the Defenders' Fool comes over (they won no trick): 91 points, 3
    Honours, target 36, won by 55: 80; the Defenders' failed Sparrow +20 = 100; x 2 Take = 200;
    Re-contra x 4 = 800; Abundance +30 = 830; unannounced Slam +200 = 1030."""
    from . import deals
    from .helpers import finish, start

    g = game()
    shows = ", ".join(f"show T{n}" for n in range(10, 18))
    s = start(
        g,
        deals.TOP_TRUMPS,
        5,
        "take, pass, pass, pass, pass, contra, recontra, pass, pass, pass, pass, pass, first, "
        f"discard 2A, discard AA, discard 2F, discard AF, discard 2W, discard AW, {shows}, done, "
        "done, done, done, done, sparrow, done",
    )
    result = g.outcome(finish(g, s))
    assert lines(result) == [
        ("Seat 5's side won no trick: the Fool goes to the Declarers (C4)", 5),
        ("the discards (2A AA 2F AF 2W AW) count for the Declarers (T5)", 6),
        ("card points won in play", 119),  # the whole pack's 130 values, less the two lines above
        ("one off for each of 39 pairs of cards (T8)", -39),  # all 78 cards
        ("total", 91),
        ("card points won in play", 0),
        ("one off for each of 0 pairs of cards (T8)", 0),
        ("total", 0),
        ("target with 3 Honours: 36 (T8)", 36),
        ("won by 55: 25 + 55", 80),
        ("Sparrow announced by Seat 5, failed: +20", 20),
        ("\u00d7 2 Take", 200),
        ("Re-contra \u00d7 4", 800),
        ("Abundance 30 (Middling, Seat 0, 8 trumps), for the Declarers (T10)", 30),
        ("Slam unannounced, every trick to the Declarers: +200", 200),
        ("each Defender pays 1030, each Declarer gets 2 \u00d7 1030 = 2060 (T10)", 1030),
    ]
    assert result.scores == (2060, -1030, -1030, 2060, -1030, -1030)
