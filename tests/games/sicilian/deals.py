"""The deals of the scenarios, in the project's notation (15 cards a seat + 3 stock, every card once).

Unless said otherwise the dealer is East (3), so South (0) is Eldest: he speaks first in every
round and, as Declarer, leads. Seats: 0 South, 1 West, 2 North, 3 East.
Values (S1): Honours (T1, T21, FOOL) 10; T17-T20 5; K 5, Q 4, C 3, V 2; everything else 0.
"""

from __future__ import annotations

SOLO = """
# South: KC KD KB KS T1 T21 FOOL T17-T20 (all worth 5+), T14-T16 and QC: after the stock
# (T2 T3 5C) only QC and 5C are plain discardable cards, so one trump must go (S4).
0: KC KD KB KS T1 T21 FOOL T17 T18 T19 T20 T16 T15 T14 QC
1: T5 T8 T9 T10 QD CD VD 10D 9D 8D 7D 6D 5D QB CB
2: T4 T13 T6 T7 VB 10B 9B 8B 7B 6B 5B QS CS VS 10S
3: T11 T12 CC VC 10C 9C 8C 7C 6C 9S 8S 7S 6S 5S AS
stock: T2 T3 5C
"""

PROP = """
# Strength (cards worth 5 or 10): South 10 (FOOL), West 15 (KC KD KB; with QC 19 card points),
# North 15 (KS T1), East 15 (T18 T19 T20) and 30 once he has taken the stock's T17 and T21.
0: FOOL 5C 6C 7C 8C 9C 10C 5D 6D 7D 8D 9D 10D 5B 6B
1: KC KD KB QC 7B 8B 9B 10B 6S 7S 8S 9S 10S AS T2
2: KS T1 QD CD VD QB CB VB QS CS VS CC VC T3 T4
3: T18 T19 T20 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16
stock: T17 T21 5S
"""

COP = """
# South holds T7..T21 (strength 30) and wins every trick leading trumps; North has KC KD KB
# (15) to Cop; West has the only other trumps, T1..T6, and the Fool.
0: T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: T1 T2 T3 T4 T5 T6 FOOL KS QS CS VS 10S 9S 8S 7S
2: KC KD KB CC VC 10C 9C 8C 7C 6C 5C CD VD 10D 9D
3: QC QD QB 8D 7D 6D 5D CB VB 10B 9B 8B 7B 6B 5B
stock: 6S 5S AS
"""

# -- S7: the rally. South props (strength 20 or more), the others pass; East discards first.
FEWEST = """
# South holds Cups 5C (1 card), Coins 5D 6D 7D (3), no Batons, no Swords, no King.
0: 5C 5D 6D 7D T2 T3 T4 T5 T6 T7 T8 T17 T18 T19 T20
1: KC QC CC VC 10C 9C 8C 7C 6C KD QD CD VD 10D 9D
2: 8D KB QB CB VB 10B 9B 8B 7B 6B 5B KS QS CS VS
3: 10S 9S 8S 7S 6S 5S AS T1 T9 T10 T11 T12 T13 T14 T15
stock: T16 T21 FOOL
"""

COURTS = """
# South: Cups QC 5C, Coins CD 5D (two cards each): Cups has the better court (Queen > Cavalier).
0: QC 5C CD 5D T2 T3 T4 T5 T6 T7 T8 T17 T18 T19 T20
1: KC CC VC 10C 9C 8C 7C 6C KD QD VD 10D 9D 8D 7D
2: 6D KB QB CB VB 10B 9B 8B 7B 6B 5B KS QS CS VS
3: 10S 9S 8S 7S 6S 5S AS T1 T9 T10 T11 T12 T13 T14 T15
stock: T16 T21 FOOL
"""

COINS = """
# South: Cups QC 5C, Coins QD 5D: same length, same courts -> Coins.
0: QC 5C QD 5D T2 T3 T4 T5 T6 T7 T8 T17 T18 T19 T20
1: KC CC VC 10C 9C 8C 7C 6C KD CD VD 10D 9D 8D 7D
2: 6D KB QB CB VB 10B 9B 8B 7B 6B 5B KS QS CS VS
3: 10S 9S 8S 7S 6S 5S AS T1 T9 T10 T11 T12 T13 T14 T15
stock: T16 T21 FOOL
"""

FREE = """
# South: Cups QC 5C, Batons QB 5B, and KD (Coins is no candidate): Cups and Batons tie.
0: QC 5C KD QB 5B T2 T3 T4 T5 T6 T7 T17 T18 T19 T20
1: KC CC VC 10C 9C 8C 7C 6C QD CD VD 10D 9D 8D 7D
2: 6D 5D KB CB VB 10B 9B 8B 7B 6B KS QS CS VS 10S
3: 9S 8S 7S 6S 5S AS T1 T8 T9 T10 T11 T12 T13 T14 T15
stock: T16 T21 FOOL
"""

KINGS = """
# South holds all four Kings: Cups 3 cards, Coins 3, Batons 1 (KB), Swords 2 -> the Queen of Batons.
0: KC 5C 6C KD 5D 6D KB KS 5S T2 T3 T4 T5 T6 T7
1: QC CC VC 10C 9C 8C 7C QD CD VD 10D 9D 8D 7D QB
2: CB VB 10B 9B 8B 7B 6B 5B QS CS VS 10S 9S 8S 7S
3: 6S AS T1 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19
stock: T20 T21 FOOL
"""

VOID = """
# South holds KC and KD and no Batons or Swords: no candidate suit.
0: KC KD T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T17 T18
1: QC CC VC 10C 9C 8C 7C 6C 5C QD CD VD 10D 9D 8D
2: 7D 6D 5D KB QB CB VB 10B 9B 8B 7B 6B 5B KS QS
3: CS VS 10S 9S 8S 7S 6S 5S AS T1 T13 T14 T15 T16 T19
stock: T20 T21 FOOL
"""

ALL_COURTS = """
# Dealer South (0) holds 15 courts; the stock brings VS, the sixteenth, which he discards.
0: KC QC CC VC KD QD CD VD KB QB CB VB KS QS CS
1: T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15
2: T16 T17 T18 T19 T20 T21 FOOL 10C 9C 8C 7C 10D 9D 8D 7D
3: 6D 5D 10B 9B 8B 7B 6B 5B 10S 9S 8S 7S 6S 5S AS
stock: VS 5C 6C
"""

QUEEN_DISCARDED = """
# South: all four Kings and T11..T21 (he wins every trick leading trumps, then Kings).
# He rallies a Queen; with one card in each suit, Coins: QD, which East (dealer) discards.
0: KC KD KB KS T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 FOOL QC CC VC 10C
2: QB CB VB 10B 9B 8B 7B 6B 5B QS CS VS 10S 9S 8S
3: QD CD VD 10D 9D 8D 7D 6D 5D 9C 8C 7C 6C 5C 7S
stock: 6S 5S AS
"""

HIDDEN = """
# South props and rallies KC (Cups is his only suit without its King); East holds it, and the Fool.
# North has no Cups and no trumps; West has T1..T10 and Cups QC CC VC 10C 9C.
0: KD KB KS 5C T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 QC CC VC 10C 9C
2: QD CD VD 10D 9D 8D 7D 6D 5D QB CB VB 10B 9B 8B
3: KC FOOL 8C 7C 6C 7B 6B 5B QS CS VS 10S 9S 8S 7S
stock: 6S 5S AS
"""
