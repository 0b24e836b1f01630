"""The fixed deals of the golden playthroughs, in card notation (every card once).

Each variant (a game with one combination of its options) plays its deals (two, or one where the
option only sets the game's length) as hands 1, 2 of one match, every seat the heuristic player:
the second deal's dealer is the next seat (C1). The
deals were picked so that, between them, the auctions reach real contracts and every phase the
heuristic players reach is played: discards and exchanges, calls, the rally, contra and belote.
What a deal shows is said beside it; the golden files are the proof.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GoldenDeal:
    """One hand's cards as dealt, who deals it, and what its playthrough shows."""

    dealer: int
    text: str
    shows: str


@dataclass(frozen=True)
class Variant:
    """A game, one combination of its options, and the deals of its golden hands."""

    game: str
    options: tuple[tuple[str, str], ...]
    deals: tuple[GoldenDeal, ...]

    @property
    def name(self) -> str:
        """``game`` and its options as the conformance suite names a configuration."""
        return "-".join([self.game, *(f"{name}={value}" for name, value in sorted(self.options))])


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "piedmont",
        (("good_evil", "trumps"),),
        (
            GoldenDeal(
                3,
                """
                0: KE 7E 5E AE JA 2A AA 8F 7F 5F KW CW T19 T11 T10 T6 T5 GOOD FOOL
                1: QE CE 4E 2E 6A 4A QF 10F 7W 2W T21 T16 T15 T14 T12 T9 T8 T2 T1
                2: 10E 3E KA QA 8A KF 9F 2F QW JW 10W 9W 8W 6W 4W 3W T20 T13 T7
                3: 9E 8E 6E CA 10A 9A 7A 5A CF JF 6F 4F 3F AF 5W AW T18 T17 T4
                stock: EVIL T3 JE 3A
                """,
                "East discards; Good and Evil fall in one trick from opposing sides (P4, trick 9)",
            ),
            GoldenDeal(
                0,
                """
                0: KE CE 7E KA 10A 3A KF QF 10F AF JW 6W 3W T16 T15 T12 T11 T3 T2
                1: 9E JA 8A 7A 5A 8F 7F 6F 5F 2F KW QW 9W 2W T21 T19 T18 T8 EVIL
                2: 10E 8E 6E 3E 2E QA AA 4F CW 5W 4W T17 T14 T13 T9 T7 T5 T4 FOOL
                3: QE JE 4E AE 9A 6A 4A 2A CF JF 9F 10W 8W 7W AW T20 T10 T6 GOOD
                stock: 3F T1 5E CA
                """,
                "South discards; Good and Evil fall in one trick from one side (P4, trick 14)",
            ),
        ),
    ),
    Variant(
        "piedmont",
        (("good_evil", "allegiance"),),
        (
            GoldenDeal(
                3,
                """
                0: KE CE 8E 3E 8A 7A KF 10F 9F 7F 7W 6W AW T20 T16 T15 T13 EVIL FOOL
                1: QE 2E QA 10A 9A 6A 5A 4A 3A JF 4F KW 3W 2W T19 T14 T11 T4 T2
                2: JE 9E KA CA 2A AA 6F 5F 2F JW T18 T17 T9 T8 T7 T5 T3 T1 GOOD
                3: 10E 7E 6E 5E AE JA QF CF 8F 3F AF QW CW 9W 5W T21 T12 T10 T6
                stock: 4E 8W 4W 10W
                """,
                "North calls Good 'ours'; his partner South takes back his card and plays Evil dead (P4)",
            ),
            GoldenDeal(
                0,
                """
                0: KE 8E 6E 4E 3E JA 10A 8A 5A 4A CF 10F 3W AW T15 T9 T8 T3 EVIL
                1: QE 9E 2E AE QF 9F 7F 3F CW JW 7W 4W T21 T19 T12 T7 T4 T2 GOOD
                2: JE 10E 7E 5E KA QA 9A 3A KF JF 4F 9W 8W 6W T16 T11 T10 T5 FOOL
                3: CE CA 7A 6A 2A AA 8F 6F 2F KW QW 5W 2W T20 T17 T14 T13 T6 T1
                stock: AF T18 10W 5F
                """,
                "West calls Good 'yours'; the opponent South plays Evil and reverses the call (P4)",
            ),
        ),
    ),
    Variant(
        "sicilian",
        (),
        (
            GoldenDeal(
                3,
                """
                0: 10C 9C KD 9D 7D 6D 5D 8B KS 10S 7S T19 T12 T7 T6
                1: CC VD 10D CS 6S T21 T20 T18 T17 T10 T9 T4 T3 T1 FOOL
                2: KC 8C 6C 5C 8D QB CB 10B VS 9S AS T11 T8 T5 T2
                3: QC VC CD KB VB 9B 7B 6B 5B QS 8S 5S T15 T14 T13
                stock: 7C QD T16
                """,
                "bargaining with throws and a hold; West says Solo, shows and takes the stock, discards (S4)",
            ),
            GoldenDeal(
                0,
                """
                0: QD 10D 7D 6D QB CB 10B QS 8S 7S 5S T20 T13 T9 T5
                1: KC 9C 8C 6C 5C VD 8D 9B T21 T18 T17 T14 T6 T1 FOOL
                2: QC CC 10C 7C KD 9D 5D VB 7B 6B AS T19 T12 T11 T10
                3: CD KB 5B KS VS 10S 9S 6S T16 T15 T8 T7 T4 T3 T2
                stock: VC CS 8B
                """,
                "the Dealer's exchange (S5); West props, nobody cops, he rallies KB: a hidden partner (S7)",
            ),
        ),
    ),
    Variant(
        "taroinche",
        (("hands", "5"),),
        (
            GoldenDeal(
                4,
                """
                0: 9S 7S AH 9H 8H 7D
                1: KH QH 10H JC AD KD
                2: KS 10S 8S AC 9C JD
                3: JS KC 10C 8C 7C 8D
                4: AS QS JH 7H 10D 9D
                stock: QD QC
                """,
                "a long auction, a Coinche; a With contract (the dog shown, two discards, B4) and belote",
            ),
            GoldenDeal(
                0,
                """
                0: AS 10S 7S JH 7H 7D
                1: JS 9S 10H 9H 7C 8D
                2: AC KC QC 10C QD 9D
                3: KS QS 8S JC 9C 10D
                4: AH KH 8H AD KD JD
                stock: QH 8C
                """,
                "an Against contract, coinched, with belote (B3, B4, B5)",
            ),
        ),
    ),
    # ``hands`` only sets how many hands a game has (length_only): one deal each is enough.
    Variant(
        "taroinche",
        (("hands", "10"),),
        (
            GoldenDeal(
                4,
                """
                0: AH QH JH 10H 9H 9C
                1: JS KC JC 8C 10D 8D
                2: AS QS AC 7C KD QD
                3: KS 10S 8H 7H 10C AD
                4: 9S 8S 7S KH 9D 7D
                stock: QC JD
                """,
                "South takes a Without contract solo, partnering himself (B3, B7)",
            ),
        ),
    ),
    Variant(
        "taroinche",
        (("hands", "15"),),
        (
            GoldenDeal(
                0,
                """
                0: AS KH 7H 10C AD 10D
                1: QS 10S 8S AH 8H JC
                2: 7S KC QC 9C 7C 9D
                3: KS JH AC 8C QD JD
                4: 9S 10H 9H KD 8D 7D
                stock: JS QH
                """,
                "a Without contract, coinched, with belote",
            ),
        ),
    ),
    Variant(
        "taroinche",
        (("hands", "20"),),
        (
            GoldenDeal(
                0,
                """
                0: QS JS JH 10H 7H 9D
                1: 9S 8S AD QD JD 8D
                2: AS 7S AH KC 10C KD
                3: 10S 8H QC JC 9C 8C
                4: KS KH QH AC 10D 7D
                stock: 9H 7C
                """,
                "a Without contract with a partner, no coinche",
            ),
        ),
    ),
    Variant(
        "taroux",
        (),
        (
            GoldenDeal(
                5,
                """
                0: QE 7E 4E KA KF T15 T10 T8 T6 T5 T2 FOOL
                1: CE QA CA 9A 7A 6A QF 4F 2F KW T14 T3
                2: 6E 5E 3E 8A 6F 3F QW 6W 4W T16 T13 T4
                3: 9E AE JA 4A 10F AF JW 9W 7W T12 T11 T1
                4: 8E AA JF 8F 7F 10W T21 T20 T18 T17 T9 T7
                5: KE 10E 2E 10A 5A 3A 2A 9F 5F CW 5W AW
                stock: 3W 2W JE CF T19 8W
                """,
                "We'll Take, Contra and Re-contra (T3); the stock shown and shared, six discards (T5); "
                "an Abundance shown (T6)",
            ),
            GoldenDeal(
                0,
                """
                0: JE 5E 2E AE QA CA 6A 4F AF 9W T16 FOOL
                1: 7E 6E 3E KA 7A 3A 10F 9F 6F QW 10W T8
                2: 8E JA AA 3F CW 6W 3W T17 T10 T9 T3 T1
                3: CE 10E 9E 4A 5F 2F JW 7W 5W 4W T11 T6
                4: 9A 8A 2A QF JF 8F 7F KW 8W AW T13 T7
                5: KE 4E KF CF 2W T20 T18 T15 T14 T12 T5 T4
                stock: 5A 10A T2 T21 QE T19
                """,
                "a Prop overcalled by Against: the stock stays face down (T3, T5); an Abundance (T6)",
            ),
        ),
    ),
)
