"""Deals for the scenarios, written in notation (every card once), with what each one shows.

The first player is seat 0 unless a test says otherwise (dealer 4).
"""

TOP_HEARTS = """
0: JH 9H AH 10H KH QH
1: AS KS QS JS 10S 9S
2: AC KC QC JC 10C 9C
3: AD KD QD JD 10D 9D
4: 8H 7H 8S 7S 8C 7C
stock: 8D 7D
"""
"""Seat 0 holds the six best hearts: with hearts trump he wins every trick, leading trumps."""

SPLIT = """
0: JS 9S AH KH 7C 7D
1: AS 10S AC 10C 8H 7H
2: KS QS AD 10D 9H 8D
3: 8S 7S KC QC 10H 9D
4: JH QH JC 9C 8C KD
stock: QD JD
"""
"""Spades trump: the scripted play below gives seat 0 tricks 1-4 (102 card points) and seat 1
tricks 5-6 (16 + 29 + 10 for the last = 55); the dog QD JD is worth 3 + 2 = 5. Seat 2 holds
KS QS (the belote when he is the partner)."""

SPLIT_PLAY = (
    "JS 10S KS 7S 8C",  # 0 wins: J 20 + 10 10 + K 4 = 34
    "9S AS QS 8S 9C",  # 0 wins: 9 14 + A 11 + Q 3 = 28
    "AH 7H 9H 10H JH",  # 0 wins: A 11 + 10 10 + J 2 = 23
    "KH 8H 10D 9D QH",  # 0 wins: K 4 + 10 10 + Q 3 = 17
    "7C AC 8D QC JC",  # 1 wins: A 11 + Q 3 + J 2 = 16
    "10C AD KC KD 7D",  # 1 wins: 10 10 + A 11 + K 4 + K 4 = 29, and the last trick
)

OVERTRUMP = """
0: AH 10H KH 7C 7D 8D
1: QH JH 9H AC KC QC
2: 7S 8S AD KD QD JD
3: AS KS 10C 9C 8C 10D
4: JS 9S QS 10S 9D JC
stock: 8H 7H
"""
"""Hearts led by seat 0: seats 2, 3 and 4 are void in hearts and hold trumps (spades)."""

UNDERTRUMP = """
0: AH 10H KH 7C 7D 8D
1: QH JH 9H AC KC QC
2: 7S 8S AD KD QD JD
3: JS 9S 10C 9C 8C 10D
4: AS KS QS 10S 9D JC
stock: 8H 7H
"""
"""As OVERTRUMP with 3's and 4's best trumps exchanged: 4's trumps are all below the Jack."""
