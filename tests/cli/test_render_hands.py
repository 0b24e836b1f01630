"""Hands as a player expects them: Taroinche in coinche order, the trump suit first
and marked once the contract names it; the tarot games as before (suits, trumps, the Fool)."""

from __future__ import annotations

from io import StringIO
from typing import Any

from rich.console import Console
from rich.text import Text

import tarocchi
from tarocchi.cli.render import Seating, hand_lines, legal_text, status_lines
from tarocchi.core.decks import LOKA_78
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.views import PlayerView
from tarocchi.present.table import in_hand_order

DEAL = """
0: 7H KH JS 9H AS 10H
1: QS KS 8S 7S AH 8H
2: AC KC QC JC 10C 9C
3: AD KD QD JD 10D 9D
4: JH QH 8C 7C 9S 10S
stock: 8D 7D
"""
"""Seat 0 holds hearts and spades in a jumble: plain, spades read AS JS; hearts trump, JH
would lead; without JH, 9H 10H KH 7H (J 9 A 10 K Q 8 7)."""


def _start(game: Game[Any], *moves: str) -> Any:
    state = game.initial_state(Deal.parse(game.deck, DEAL), HandContext(1, 4, (0,) * 5))
    for move in moves:
        state = game.apply(state, game.parse_action(move, state))
    return state


def _codes(cards: Any) -> str:
    return " ".join(card.code for card in cards)


def _rendered(lines: list[Text]) -> str:
    out = StringIO()
    console = Console(width=80, file=out, color_system=None)
    for line in lines:
        console.print(line)
    return out.getvalue()


def test_before_the_contract_every_suit_is_in_the_plain_order() -> None:
    game = tarocchi.get_game("taroinche")
    view = game.view(_start(game), 0)
    assert _codes(game.hand_order(view.hand, view)) == "AS JS 10H KH 9H 7H"
    assert game.trump_suit(view) is None


def test_the_trump_suit_comes_first_in_the_trump_order() -> None:
    game = tarocchi.get_game("taroinche")
    view = game.view(_start(game, "90 H without 3", "pass", "pass", "pass", "pass"), 0)
    assert _codes(game.hand_order(view.hand, view)) == "9H 10H KH 7H AS JS"
    assert game.trump_suit(view) == "H"
    every = _codes(game.hand_order(game.deck.cards, view))
    assert every.startswith("JH 9H AH 10H KH QH 8H 7H AS 10S KS QS JS 9S 8S 7S AC 10C")


def test_at_no_trump_and_all_trump_no_suit_is_marked() -> None:
    game = tarocchi.get_game("taroinche")
    view = game.view(_start(game, "capot AT without 3", "pass", "pass", "pass", "pass"), 0)
    assert game.trump_suit(view) is None
    assert _codes(game.hand_order(view.hand, view)) == "JS AS 9H 10H KH 7H"
    view = game.view(_start(game, "capot NT without 3", "pass", "pass", "pass", "pass"), 0)
    assert game.trump_suit(view) is None
    assert _codes(game.hand_order(view.hand, view)) == "AS JS 10H KH 9H 7H"


def test_golden_80_columns_a_sorted_taroinche_hand() -> None:
    game = tarocchi.get_game("taroinche")
    view = game.view(_start(game, "90 H without 3", "pass", "pass", "pass", "pass"), 0)
    assert _rendered(hand_lines(game.deck, view.hand, game, view)) == (
        "  ♥ Hearts (trump) 9H 10H KH 7H\n"
        "  ♠ Spades         AS JS\n"
        "  ♣ Clubs          void\n"
        "  ♦ Diamonds       void\n"
    )


def test_golden_80_columns_the_auction_prompt_says_the_bids_in_a_few_words() -> None:
    game = tarocchi.get_game("taroinche")
    view = game.view(_start(game), 0)
    text = _rendered(status_lines(game, Seating(game, 0), view))
    assert text.endswith(
        "To act: South (you) · legal: pass | any bid: value 82-180 or capot (170, 180 \n"
        "need the belote) · trump S H C D, at capot also NT AT · with / without / against\n"
        "· partner 0-4 or self\n"
    )
    assert "  ♠ Spades   AS JS\n  ♥ Hearts   10H KH 9H 7H\n" in text


def test_legal_every_lists_all_the_bids() -> None:
    game = tarocchi.get_game("taroinche")
    view: PlayerView = game.view(_start(game), 0)
    every = legal_text(game.deck, view, every=True, game=game).plain
    # pass, then each value, mode and trump with its partners 0..4: 1 + 11 * 3 * 4 + 3 * 6.
    assert every.count(" | ") == 151 - 1
    assert every.startswith("pass | 82 S with 0..4 | 82 H with 0..4 | ")
    assert every.endswith(" | capot NT against 0..4 | capot AT against 0..4")
    assert legal_text(game.deck, view).plain.endswith("(151 in all; legal all lists them)")


def test_the_tarot_games_keep_the_pack_order() -> None:
    game = tarocchi.get_game("taroux")
    cards = LOKA_78.parse("FOOL T3 2E KE T21 AW 10A")
    assert _codes(in_hand_order(LOKA_78, cards)) == "KE 2E 10A AW T21 T3 FOOL"
    assert _codes(in_hand_order(LOKA_78, cards, game)) == "KE 2E 10A AW T21 T3 FOOL"
    assert _codes(game.hand_order(cards)) == "KE 2E 10A AW T21 T3 FOOL"
