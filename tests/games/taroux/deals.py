"""Deals for the Taroux scenarios, written out card by card (every card exactly once).

Seats 0..5; partners {0, 3}, {1, 4}, {2, 5} (T1). Honours are T1 (the Magician), T21 (the World)
and the Fool.
"""

TOP_TRUMPS = """
0: T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: KE QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E
2: KA QA CA JA 10A 9A 8A 7A 6A 5A 4A 3A
3: KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F
4: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W
5: T1 T2 T3 T4 T5 T6 T7 T8 T9 FOOL 2E AE
stock: 2A AA 2F AF 2W AW
"""
"""Seat 0 holds the twelve top trumps: leading them he wins every trick. Only seats 0 (T21) and
5 (T1, the Fool) hold an Honour. The stock holds 2A AA 2F AF 2W AW (six empty cards)."""

FOOL_LAST = """
0: T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 FOOL
1: KE QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E
2: KA QA CA JA 10A 9A 8A 7A 6A 5A 4A 3A
3: KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F
4: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W
5: T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 2E AE
stock: 2A AA 2F AF 2W AW
"""
"""Seat 0 holds T11..T21 and the Fool: he wins eleven trump leads and leads the Fool last (T9)."""

SPARROW = """
0: T1 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: KE QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E
2: KA QA CA JA 10A 9A 8A 7A 6A 5A 4A 3A
3: KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F
4: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W
5: T2 T3 T4 T5 T6 T7 T8 T9 T10 FOOL 2E AE
stock: 2A AA 2F AF 2W AW
"""
"""Seat 0 holds the Magician and T11..T21: he can keep the Magician for the last trick."""

NO_TRICK = """
0: KE QE CE JE 10E 9E 8E 7E 6E 5E 4E FOOL
1: T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
2: KA QA CA JA 10A 9A 8A 7A 6A 5A 4A 3A
3: KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F
4: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W
5: T1 T2 T3 T4 T5 T6 T7 T8 T9 3E 2E AE
stock: 2A AA 2F AF 2W AW
"""
"""Seat 1, a Defender when seat 0 declares, holds the twelve top trumps: he wins every trick.
Seat 0 holds the Fool; seat 5 the Magician."""

ABUNDANT = """
0: T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 KE
1: T12 T13 T14 T15 T16 T17 T18 T19 KA QA CA JA
2: T20 T21 FOOL QE CE JE 10E 9E 8E 7E 6E 5E
3: KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F
4: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W
5: 4E 3E 2E AE 10A 9A 8A 7A 6A 5A 4A 3A
stock: 2A AA 2F AF 2W AW
"""
"""Seat 0 holds eleven trumps and KE, seat 1 eight trumps, seat 2 the World, the Fool and T20."""

KINGS_IN_STOCK = """
0: T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: 2A QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E
2: 2F QA CA JA 10A 9A 8A 7A 6A 5A 4A 3A
3: AA QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F
4: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W
5: T1 T2 T3 T4 T5 T6 T7 T8 T9 FOOL 2E AE
stock: KE KA AF KF 2W AW
"""
"""TOP_TRUMPS with three Kings in the stock: first three KE KA AF, second three KF 2W AW."""

DUTIES = """
0: T5 T11 T15 KE QE CE JE 10E 9E 8E 7E 6E
1: T3 T10 T20 KA QA CA JA 10A 9A 8A 7A 6A
2: T1 T2 5E 5A 4A 3A 2A AA KF QF CF JF
3: T6 T7 T8 T9 10F 9F 8F 7F 6F 5F 4F 3F
4: T4 T12 T13 T14 KW QW CW JW 10W 9W 8W 7W
5: T16 T17 T18 T19 T21 FOOL 6W 5W 4W 3W 2W AW
stock: 4E 3E 2E AE 2F AF
"""
"""For the play duties (T7): trumps spread so that beating, not beating and following all occur."""
