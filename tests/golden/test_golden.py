"""Golden playthroughs and perft counts: the engine, the heuristic players and the
terminal's rendering still produce, from fixed deals, exactly the text and the counts recorded
before the typed-boundary refactor. A failure shows the start of the difference; if the change
is meant, ``tools/golden --check`` shows it whole and ``tools/golden`` rewrites the files.

The counts at the end are worked by hand from the rules, not read from the code.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from configs import game_configs
from golden_deals import VARIANTS, Variant
from golden_tools import (
    PERFT_FILE,
    PLAY_PHASE,
    PLAYTHROUGHS,
    file_name,
    first_difference,
    make_game,
    parse_deal,
    perft,
    perft_start,
    play_variant,
)

HANDS = [(variant, number) for variant in VARIANTS for number in range(1, len(variant.deals) + 1)]
HAND_IDS = [file_name(variant, number).removesuffix(".txt") for variant, number in HANDS]
ACTION_LINE = re.compile(r"^=== action \d+: .* \(seat (\d+)\): (.+)$", re.MULTILINE)


def stored_perft() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PERFT_FILE.read_text(encoding="utf-8"))
    return data


def variant_named(name: str) -> Variant:
    return next(variant for variant in VARIANTS if variant.name == name)


# -- the deals ------------------------------------------------------------------------------------
def test_every_game_and_every_combination_of_its_options_has_golden_deals() -> None:
    """The same configurations the conformance suite runs (every game x every option choice)."""
    wanted = {(game_id, tuple(sorted(options.items()))) for game_id, options in game_configs()}
    have = [(variant.game, tuple(sorted(variant.options))) for variant in VARIANTS]
    assert sorted(have) == sorted(wanted)
    assert all(1 <= len(variant.deals) <= 2 for variant in VARIANTS)


@pytest.mark.parametrize(("variant", "number"), HANDS, ids=HAND_IDS)
def test_each_golden_deal_deals_every_card_once(variant: Variant, number: int) -> None:
    game = make_game(variant)
    deal = parse_deal(game, variant.deals[number - 1])
    stock = game.deck.size - sum(len(hand) for hand in deal.hands)
    deal.check(game.deck, game.players, len(deal.hands[0]), stock)


# -- the playthroughs -----------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS, ids=[variant.name for variant in VARIANTS])
def test_the_golden_playthroughs_are_played_and_shown_as_recorded(variant: Variant) -> None:
    for hand in play_variant(variant):
        path = PLAYTHROUGHS / hand.name
        stored = path.read_text(encoding="utf-8")
        if stored != hand.text:
            pytest.fail(
                f"tests/golden/playthroughs/{hand.name} differs from what the code produces now "
                "(tools/golden --check shows it; tools/golden rewrites it if the change is meant):\n"
                + first_difference(hand.name, stored, hand.text),
                pytrace=False,
            )


def test_no_golden_file_is_left_over() -> None:
    stored = {path.name for path in PLAYTHROUGHS.glob("*")}
    assert stored == {file_name(variant, number) for variant, number in HANDS}
    assert set(stored_perft()) == set(HAND_IDS)


# -- perft ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "number"), HANDS, ids=HAND_IDS)
def test_the_perft_counts_are_as_recorded(variant: Variant, number: int) -> None:
    entry = stored_perft()[file_name(variant, number).removesuffix(".txt")]
    game, state = perft_start(variant, number)
    assert perft(game, state, len(entry["start"])) == entry["start"], "from the hand's start"
    if "play" in entry:
        game, state = perft_start(variant, number, entry["play_after"])
        assert game.view(state, None).phase_name == PLAY_PHASE
        assert perft(game, state, len(entry["play"])) == entry["play"], "from the start of card play"


@pytest.mark.parametrize(("variant", "number"), HANDS, ids=HAND_IDS)
def test_the_perft_line_to_card_play_is_the_golden_line(variant: Variant, number: int) -> None:
    """perft.json keeps its own copy of the actions that reach card play, so that the counts do
    not depend on the bots; it must be the golden playthrough's opening, and stop at card play."""
    entry = stored_perft()[file_name(variant, number).removesuffix(".txt")]
    text = (PLAYTHROUGHS / file_name(variant, number)).read_text(encoding="utf-8")
    played = [f"{seat}: {action}" for seat, action in ACTION_LINE.findall(text)]
    after = entry["play_after"]
    assert played[: len(after)] == after
    game, state = perft_start(variant, number, after[:-1])
    assert game.view(state, None).phase_name != PLAY_PHASE


# -- counts worked by hand from the rules ---------------------------------------------------------
def test_piedmont_perft_worked_by_hand() -> None:
    """Piedmont, trumps, hand 1 (dealer East). From the start (P2): East takes the stock (EVIL T3
    JE 3A) and holds 23 cards: 9E 8E 6E JE / CA 10A 9A 7A 5A 3A / CF JF 6F 4F 3F AF / 5W AW /
    T18 T17 T4 T3 EVIL. He may discard neither a King (none), an Ace (AF, AW) nor an Honour (none);
    under the trumps option Evil and plain trumps may go (P2, finer points). So 21 cards may go,
    one at a time: 21, then 21 x 20 = 420, then 420 x 19 = 7,980 sequences.

    From the start of play (East laid aside CA CF JE JF): South, Eldest, leads any of his 19
    cards (P3, C4: the Fool may be led). West holds QE CE 4E 2E / 6A 4A / QF 10F / 7W 2W and nine
    trumps T21 T16 T15 T14 T12 T9 T8 T2 T1, no Fool: he must follow suit (P3; Good is a trump).
      Earth leads KE 7E 5E AE:      4 x 4 = 16
      Air leads JA 2A AA:           3 x 2 =  6
      Fire leads 8F 7F 5F:          3 x 2 =  6
      Water leads KW CW:            2 x 2 =  4
      trump leads T19 T11 T10 T6 T5 GOOD: 6 x 9 = 54
      the Fool led (C4: the next card sets the suit, anything goes): 1 x 19 = 19
    105 sequences of two cards.
    """
    variant = variant_named("piedmont-good_evil=trumps")
    game, state = perft_start(variant, 1)
    assert perft(game, state, 3) == [21, 420, 7980]
    discards = ["3: discard CA", "3: discard CF", "3: discard JE", "3: discard JF"]
    game, state = perft_start(variant, 1, discards)
    assert perft(game, state, 2) == [19, 105]


def test_sicilian_perft_worked_by_hand() -> None:
    """Sicilian, hand 1: bargaining from Eldest, South (S3). South may stay silent, hold, throw
    for N (N = 0..63: 64 offers) or pay N (N = 1..63: 63 offers; offers are capped at 63):
    1 + 1 + 64 + 63 = 129. West may do the same, and take South's offer if he made one (an open
    offer of an earlier player): after silent or hold, 129 each; after each of the 127 offers,
    130. Two actions: 2 x 129 + 127 x 130 = 258 + 16,510 = 16,768."""
    game, state = perft_start(variant_named("sicilian"), 1)
    assert perft(game, state, 2) == [129, 16_768]


def test_taroinche_perft_worked_by_hand() -> None:
    """Taroinche, hands=5, hand 1 (dealer East, so South is first and leads). East takes 110
    hearts With, partner West (the golden hand's contract, reached here by a shorter auction: a
    coinche changes the score, not the play), takes the dog (QD QC) and lays aside QC 10D (B4).
    The attack is East and West; South, North-West and North-East defend. Trumps rank
    J 9 A 10 K Q 8 7 (B1).
    South holds 9S 7S AH 9H 8H 7D: any lead, 6.
    West (KH QH 10H JC AD KD), B6:
      9S, 7S: void in spades, South (a defender) winning: must trump, any of KH QH 10H: 3 each
      AH, 9H: must follow trumps and beat the best if able; A and 9 outrank K Q 10: any of 3
      8H: K, Q and 10 all beat the 8: any of 3
      7D: follows diamonds with AD or KD (no duty to beat in a plain suit): 2
      6 leads: 3 + 3 + 3 + 3 + 3 + 2 = 17.
    North-West (KS 10S 8S AC 9C JD), third:
      after 9S or 7S and West's trump: follows spades, any of 3: 2 leads x 3 x 3 = 18
      after AH or 9H and West's lower trump: South, his side, is winning: any card, 6: 2 x 3 x 6 = 36
      after 8H and West's higher trump: the attack is winning, so he must trump but holds none:
        any card, 6: 3 x 6 = 18
      after 7D and West's diamond: follows with JD: 2 x 1 = 2
      18 + 36 + 18 + 2 = 74.
    """
    auction = ["0: pass", "1: pass", "2: pass", "3: pass", "4: 110 H with 1", "0: pass", "1: pass"]
    auction += ["2: pass", "3: pass", "4: discard QC", "4: discard 10D"]
    game, state = perft_start(variant_named("taroinche-hands=5"), 1, auction)
    assert game.view(state, None).phase_name == PLAY_PHASE
    assert sorted(card.code for card in game.view(state, 4).hand) == ["7H", "9D", "AS", "JH", "QD", "QS"]
    assert perft(game, state, 3) == [6, 17, 74]
