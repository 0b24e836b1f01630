"""What the table shows can be typed: a suit's symbol stands for its letter wherever a
card is read, and a "did you mean" names the cards it offers in words."""

from __future__ import annotations

import pytest

import tarocchi
from tarocchi.core.cards import ROOM, Deck
from tarocchi.core.decks import LOKA_78, LOKA_80
from tarocchi.core.errors import NotationError
from tarocchi.core.text import MESSAGE_LIMIT
from tarocchi.games.taroinche.rules import DECK as FRENCH_32


@pytest.mark.parametrize(
    ("deck", "typed", "code"),
    [
        (FRENCH_32, "K♣", "KC"),
        (FRENCH_32, "a♦", "AD"),
        (FRENCH_32, "10♥", "10H"),
        (FRENCH_32, "J♠", "JS"),
        (FRENCH_32, " q♥️ ", "QH"),  # the emoji presentation selector some keyboards add
        (LOKA_78, "K♣", "KE"),  # Earth is shown as ♣
        (LOKA_78, "10♠", "10W"),
        (LOKA_80, "C♦", "CA"),
        (LOKA_80, "A♥", "AF"),
    ],
)
def test_a_suit_symbol_is_its_letter(deck: Deck, typed: str, code: str) -> None:
    assert deck.card(typed).code == code


def test_symbols_work_in_a_list_and_in_a_game_action() -> None:
    assert [c.code for c in FRENCH_32.parse("K♣, 7♦ 9♠")] == ["KC", "7D", "9S"]
    game = tarocchi.get_game("sicilian")
    sicilian = game.deck
    assert sicilian.card("K♥").code == "KC"  # Cups are shown as ♥
    taroinche = tarocchi.get_game("taroinche")
    assert str(taroinche.parse_action("J♠")) == str(taroinche.parse_action("JS"))


def test_did_you_mean_names_the_cards_in_words() -> None:
    with pytest.raises(NotationError) as refused:
        FRENCH_32.card("KX")
    message = str(refused.value)
    assert message.startswith(
        "'KX' is not a card. Did you mean KS (King of Spades) or KH (King of Hearts) or "
        "KD (King of Diamonds)?"
    )
    with pytest.raises(NotationError) as refused:
        LOKA_78.card("KX")
    assert "Did you mean KW (King of Water) or KF (King of Fire) or KE (King of Earth)?" in str(refused.value)
    with pytest.raises(NotationError) as refused:
        FRENCH_32.card("1♥")
    assert "'1♥' is not a card. Did you mean 10H (10 of Hearts)" in str(refused.value)


def test_a_long_pack_help_names_fewer_cards_and_keeps_every_code() -> None:
    with pytest.raises(NotationError) as refused:
        LOKA_80.card("KX")
    message = str(refused.value)
    assert "Did you mean KW (King of Water) or KF (King of Fire) or KE?" in message
    assert len(message) <= MESSAGE_LIMIT - ROOM


def test_long_tokens_get_no_suggestion_and_are_quoted_short() -> None:
    with pytest.raises(NotationError) as refused:
        FRENCH_32.card("♥" * 40)
    message = str(refused.value)
    assert "Did you mean" not in message
    assert "♥" * 21 not in message
