"""The deals of the scenarios, in the project's notation (19 cards a seat + 4 stock, every card once).

Unless said otherwise the dealer is East (3), so South (0) is Eldest and leads the first trick,
and the stock goes to East. Seats: 0 South, 1 West, 2 North, 3 East; sides {0, 2} and {1, 3}.
"""

from __future__ import annotations

ALL_E = "KE QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E 2E AE"
ALL_A = "KA QA CA JA 10A 9A 8A 7A 6A 5A 4A 3A 2A AA"
ALL_F = "KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F 2F AF"
ALL_W = "KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W 2W AW"

SWEEP_HANDS = {
    # South holds T3..T21 and nobody else a trump but East's T1 (from the stock, after his discard:
    # Good, Evil and T2 go face down), so South leads trumps and wins all 19 tricks.
    0: "T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
    1: f"{ALL_E} KA QA CA JA 10A",
    2: "9A 8A 7A 6A 5A 4A 3A 2A AA KF QF CF JF 10F 9F 8F 7F 6F 5F",
    3: f"4F 3F 2F AF {ALL_W} T1",
}
SWEEP_STOCK = "T2 FOOL GOOD EVIL"
SWEEP_DISCARD = "GOOD EVIL T2 2W"  # 0 + 0 + 1 + 1 = 2 card points


def sweep(shift: int = 0) -> str:
    """SWEEP with every seat moved ``shift`` places to the left (its dealer is then 3 + shift)."""
    lines = [f"{(seat + shift) % 4}: {cards}" for seat, cards in SWEEP_HANDS.items()]
    return "\n".join([*lines, f"stock: {SWEEP_STOCK}"])


SWEEP = sweep(0)

FOOL_PAY_A = """
0: 3W T1 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 9A 8A 7A 6A 5A 4A 3A 2A
2: KE QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E 2E AE KA QA CA JA 10A
3: 2W AW AA KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F 2F AF FOOL GOOD
stock: T2 T3 T4 EVIL
"""
"""South's only plain card is 3W; every trump left after East's discard (T2 T3 T4 Evil) is South's
but East's Good, the lowest. West wins the 3W trick; South wins every other one."""

FOOL_PAY_B = """
0: 3W T1 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 2W AW 9A 8A 7A 6A 5A 4A
2: KE QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E 2E AE KA QA CA JA 10A
3: 3A 2A AA KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F 2F AF FOOL GOOD
stock: T2 T3 T4 EVIL
"""
"""FOOL_PAY_A with East void in Water: he must trump South's 3W lead, and his Good wins it."""

FOOL_PAY_C = """
0: AW T1 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20
1: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W 2W QA CA JA 10A 9A 8A
2: KA KE QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E 2E AE 7A 6A 5A 4A
3: T21 FOOL 3A 2A AA KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F 2F AF
stock: T2 T3 GOOD EVIL
"""
"""South leads AW; West KW, North KA, East trumps with T21: a trick of four 5-point cards for East-West.
South holds every other trump after East's discard (T2 T3 Good Evil)."""

BASIC = """
0: CE JE 10E 9E 8E 7E 6E 5E 4E 3E 2E AE 3A 2A T3 T4 T5 T6 T7
1: KE QE FOOL T10 T11 7A 6A 5A 4A AA AW T1 T8 T9 T13 T14 T15 T16 T21
2: GOOD T2 T12 T20 KA QA CA JA 10A 9A 8A 9W 8W 7W 6W 5W 4W 3W 2W
3: KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F 2F AF KW QW CW JW 10W
stock: T17 T18 T19 EVIL
"""
"""For the trick duties. West holds two Earth cards, the Fool and trumps; North is void in Earth
and holds Good and three trumps; East holds no trump at all. East discards the stock."""
BASIC_DISCARD = "T17 T18 T19 EVIL"

TRUMPS_PAIR = """
0: {ALL_E} 6A 5A 4A 2F AF
1: {a} T5 T6 T7 T8 {ALL_W}
2: T1 T21 T9 T10 T11 T12 T13 T14 KF QF CF JF 10F 9F 8F 7F 6F 5F 4F
3: {b} T15 T16 T17 T18 T19 T20 KA QA CA JA 10A 9A 8A 7A 3A 2A AA 3F
stock: T2 T3 T4 FOOL
"""
"""Good and Evil both on East-West ({a} West, {b} East). Only South has Earth; West is void in
Earth, Air and Fire; North in Earth and Air; East holds Air and one Fire. Discard: T2 T3 T4 T15."""
TRUMPS_PAIR_DISCARD = "T2 T3 T4 T15"


def trumps_pair(a: str = "GOOD", b: str = "EVIL") -> str:
    return TRUMPS_PAIR.format(a=a, b=b, ALL_E=ALL_E, ALL_W=ALL_W)


OPPOSED = """
0: 5E 4E 6A 5A 4A 3A 2A AA T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12
1: {g1} {ALL_F} KW QW CW JW
2: {g2} 10W 9W 8W 7W 6W 5W 4W 3W 2W AW KA QA CA JA 10A 9A 8A 7A
3: KE QE CE JE 10E 9E 8E 7E 6E 3E 2E AE T13 T14 T15 T16 T17 T18 T1
stock: T19 T20 T21 FOOL
"""
"""Good and Evil on opposing sides: {g1} West's only trump, {g2} North's only trump; both are
void in Earth. West is void in Air, North holds Air. Discard: T17 T18 T19 T20."""
OPPOSED_DISCARD = "T17 T18 T19 T20"


def opposed(g1: str = "GOOD", g2: str = "EVIL") -> str:
    return OPPOSED.format(g1=g1, g2=g2, ALL_F=ALL_F)


FALLBACK = f"""
0: GOOD {ALL_E} KA QA CA JA
1: {ALL_F} 10A 9A 8A 7A 6A
2: {ALL_W} 5A 4A 3A 2A AA
3: EVIL T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18
stock: T19 T20 T21 FOOL
"""
"""South's only trump is Good, East holds Evil and every plain trump; West and North hold none.
Discard: T17 T18 T19 T20."""
FALLBACK_DISCARD = "T17 T18 T19 T20"

TAKE_BACK = """
0: EVIL 5E 4E KA QA CA JA 10A 9A 8A 7A 6A 5A 4A 3A 2A AA T2 T3
1: 9E 8E 7E T4 T5 KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W 2W AW
2: GOOD T10 T11 T12 T13 KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F 2F AF
3: KE QE CE JE 10E 6E 3E 2E AE T14 T15 T16 T17 T18 T19 T20 T21 T1 FOOL
stock: T6 T7 T8 T9
"""
"""Allegiance: Evil (South) and Good (North) on one side. North is void in Earth and holds
four plain trumps; East holds Earth and trumps. Discard: the stock."""
TAKE_BACK_DISCARD = "T6 T7 T8 T9"

FORCED = """
0: 5E 4E KA QA CA JA 10A 9A 8A 7A 6A 5A 4A 3A 2A AA T2 T3 T4
1: GOOD T10 T11 T12 T13 KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F 2F AF
2: 9E 8E 7E KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W 2W AW T5 T6
3: EVIL KE QE CE JE 10E 6E 3E 2E AE T14 T15 T16 T17 T18 T19 T20 T21 T1
stock: T7 T8 T9 FOOL
"""
"""Allegiance: Good (West, void in Earth) and Evil (East, who holds Earth, trumps and, after the
discard T7 T8 T9 T14, the Fool)."""
FORCED_DISCARD = "T7 T8 T9 T14"

BOTH = f"""
0: GOOD EVIL {ALL_E} 3A 2A AA
1: {ALL_W} KA QA CA JA 10A
2: 9A 8A 7A 6A 5A 4A KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F 2F
3: AF T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18
stock: T19 T20 T21 FOOL
"""
"""Allegiance: South holds both Good and Evil and no other trump, and is void in Fire and Water.
Discard: T16 T17 T18 T19."""
BOTH_DISCARD = "T16 T17 T18 T19"

GOOD_LEAD = """
0: GOOD T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: T1 KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W 2W AW KA QA CA JA
2: EVIL KE QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E AE 10A 9A 8A 7A 6A
3: FOOL KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F AF 5A 4A 3A 2A AA
stock: T2 T3 2E 2F
"""
"""Allegiance, a whole hand. South leads Good and calls; his partner North holds Evil and must
play it dead; West's T1 wins the trick. South holds every other trump and wins all the rest."""
GOOD_LEAD_DISCARD = "T2 T3 2E 2F"

REVERSAL = """
0: GOOD T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: EVIL T1 3A 2A AA KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W 2W AW
2: KE CE JE 10E 9E 8E 7E 6E 5E 4E 3E 2E AE KA QA CA JA 10A 9A
3: FOOL KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F AF 8A 7A 6A 5A 4A
stock: T2 T3 QE 2F
"""
"""Allegiance, a whole hand. South leads Good and calls; West wins it with T1, then leads Evil
and answers the call; South's T4 takes that trick and South wins all the rest."""
REVERSAL_DISCARD = "T2 T3 QE 2F"

LATE_CALL = """
0: 2E T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: KE EVIL T1 KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W 2W AW KA QA
2: QE CE JE 10E 9E 8E 7E 6E 5E 4E CA JA 10A 9A 8A 7A 6A 5A 4A
3: AE GOOD FOOL 3A 2A AA KF QF CF 10F 9F 8F 7F 6F 5F 4F 3F 2F AF
stock: T2 T3 JF 3E
"""
"""Allegiance, a whole hand. Trick 1 is all Earth (2E KE QE AE, West wins); only then West leads
Evil and calls, and his partner East must play Good dead. South wins every other trick."""
LATE_CALL_DISCARD = "T2 T3 JF 3E"
