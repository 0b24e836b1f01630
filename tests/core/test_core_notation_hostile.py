"""Hostile text against the notation: whatever is typed, ``parse_action`` and ``Deck.card`` answer
with an action or a NotationError of one short, printable line; never a ValueError from ``int()``
(digits of other scripts, more than 4,300 digits), never a megabyte-long or terminal-driving
message, never gigabytes spent on a "did you mean"."""

from __future__ import annotations

import random
import time
import tracemalloc
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarocchi.core.actions import Action
from tarocchi.core.cards import whole_number
from tarocchi.core.decks import LOKA_80
from tarocchi.core.errors import NotationError
from tarocchi.core.protocol import Game, HandContext
from tarocchi.core.registry import available_games, get_game
from tarocchi.core.text import MESSAGE_LIMIT

GAMES = available_games()
ESCAPES = ("\x1b]0;pwned\x07", "\x1b[2J\x1b[H", "\x9b31m", "\x00\x08\x7f", "\u202etxt", "\x1bP+q\x1b\\")


@cache
def states(game_id: str) -> tuple[Any, ...]:
    """None and one state of each phase a hand of ``game_id`` goes through (random moves)."""
    game = get_game(game_id)
    rng = random.Random(7)
    state = game.initial_state(game.deal(rng, 0), HandContext(1, 0, (0,) * game.players))
    found: dict[str, Any] = {}
    while game.to_act(state) is not None:
        found.setdefault(game.view(state, None).phase, state)
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return (None, *found.values())


def read(game: Game[Any], text: str, state: Any) -> Action | NotationError:
    """The action ``text`` means, or the NotationError refusing it; any other exception escapes."""
    try:
        return game.parse_action(text, state)
    except NotationError as error:
        return error


def assert_one_short_printable_line(error: NotationError) -> None:
    message = str(error)
    assert message.strip()
    assert len(message) <= MESSAGE_LIMIT, f"{len(message)} characters: {message[:80]}…"
    assert message.isprintable(), f"raw control character in {message!r}"


WORDS = (
    "discard", "d", "play", "p", "take", "throw", "for", "pay", "rally", "show", "bid", "capot",
    "with", "w", "without", "wo", "against", "a", "self", "solo", "pass", "ours", "yours", "confirm",
    "reverse", "silent", "hold", "prop", "cop", "coinche", "surcoinche", "contra", "recontra",
    "stand", "first", "second", "sparrow", "slam", "done", "nt", "at", "h", "s", "north-east",
)  # fmt: skip
TOKENS = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from([card.code for game_id in GAMES for card in get_game(game_id).deck.cards]),
    st.integers(-(10**6), 10**6).map(str),
    st.integers(4_290, 5_010).map(lambda n: "9" * n),
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4),
    st.text(st.characters(categories=["Cc", "Cf", "Zl", "Zp"]), min_size=1, max_size=4),
    st.sampled_from(ESCAPES),
    st.text(max_size=12),
)
LINES = st.one_of(
    st.text(max_size=60),
    st.lists(TOKENS, max_size=6).map(" ".join),
    st.tuples(st.sampled_from(WORDS), TOKENS).map(" ".join),
)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_parse_action_raises_only_notation_errors_of_one_short_printable_line(
    game_id: str, data: st.DataObject
) -> None:
    game = get_game(game_id)
    text = data.draw(LINES, label="text")
    state = data.draw(st.sampled_from(states(game_id)), label="state")
    result = read(game, text, state)
    if isinstance(result, NotationError):
        assert_one_short_printable_line(result)
    else:
        assert isinstance(result, Action)
        assert read(game, str(result), None) == result  # written back, it reads the same


# -- the reported cases ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pay ²", "'pay ²': write 'pay N' with N a whole number from 1 to 63"),
        ("throw ٣", "'throw ٣': write 'throw N' with N a whole number from 0 to 63"),
        ("throw for ³", "whole number from 0 to 63"),
        ("pay --5", "'pay --5': write 'pay N'"),
        ("pay -", "write 'pay N'"),
        ("pay " + "9" * 5_000, "write 'pay N'"),
        ("throw 12345", "write 'throw N'"),
        ("take ²", "write 'take S' with S the seat (0-3)"),
        ("take ٣", "write 'take S'"),
        ("take " + "1" * 5_000, "write 'take S'"),
    ],
)
def test_sicilian_amounts_and_seats_are_ascii_digits_of_a_sane_length(text: str, expected: str) -> None:
    with pytest.raises(NotationError) as error:
        get_game("sicilian").parse_action(text)
    assert expected in str(error.value)
    assert_one_short_printable_line(error.value)


@pytest.mark.parametrize(
    ("text", "written"), [("throw -1", "throw -1"), ("pay 9999", "pay 9999"), ("take 3", "take 3")]
)
def test_sicilian_numbers_out_of_range_still_reach_the_rules(text: str, written: str) -> None:
    """S3 refuses them with the range: they are actions, only out of bounds."""
    assert str(get_game("sicilian").parse_action(text)) == written


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("90 ² without 3", "'²' does not fit"),
        ("90 H without ٣", "'٣' does not fit"),
        ("٩٠ H without 3", "is not an action; type a bid"),
        ("²", "is not a card"),
        ("9" * 5_000 + " H without 3", "is not a bid value"),
        ("bid 90 H without " + "3" * 5_000, f" {'3' * 20}… is not a bid value"),
        ("1000 H without 3", "is not a bid value"),
    ],
)
def test_taroinche_bids_read_only_ascii_digits_of_a_sane_length(text: str, expected: str) -> None:
    with pytest.raises(NotationError) as error:
        get_game("taroinche").parse_action(text)
    assert expected in str(error.value)
    assert_one_short_printable_line(error.value)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "text", ["--5", "-5", "²", "١٤", "9" * 5_000, "T" + "9" * 5_000, "discard " + "9" * 5_000]
)
def test_every_game_refuses_odd_numbers_with_a_notation_error(game_id: str, text: str) -> None:
    for state in states(game_id):
        result = read(get_game(game_id), text, state)
        assert isinstance(result, NotationError)
        assert_one_short_printable_line(result)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("text", ESCAPES)
def test_messages_quote_typed_text_with_control_characters_escaped(game_id: str, text: str) -> None:
    for line in (text, f"play {text}", f"discard {text}", f"90 H without {text}", f"take {text}"):
        result = read(get_game(game_id), line, None)
        assert isinstance(result, NotationError)
        assert_one_short_printable_line(result)
    message = str(read(get_game(game_id), text, None))
    assert repr(text[:1])[1:-1] in message  # the control character, visibly escaped


def test_a_megabyte_token_is_refused_fast_without_a_did_you_mean() -> None:
    token = "T" + "x" * 1_000_000
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(NotationError) as error:
            LOKA_80.card(token)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.perf_counter() - started < 2
    assert peak < 8_000_000, f"{peak:,} bytes for a 1 MB token"  # difflib alone took ~40 MB
    message = str(error.value)
    assert "Did you mean" not in message and "is not a card" in message
    assert f"'T{'x' * 19}…' is not a card" in message
    assert_one_short_printable_line(error.value)


@pytest.mark.parametrize(("text", "close"), [("T22", "T2"), ("KX", "KE"), ("FOOOOOOL", "FOOL")])
def test_short_typos_still_get_a_did_you_mean(text: str, close: str) -> None:
    with pytest.raises(NotationError) as error:
        LOKA_80.card(text)
    assert close in str(error.value).split("Did you mean", 1)[1].split("?", 1)[0]


def test_a_card_refusal_escapes_control_characters() -> None:
    with pytest.raises(NotationError) as error:
        LOKA_80.card("K\x1b[31mE")
    assert "'K\\x1b[31mE' is not a card" in str(error.value)
    assert "\x1b" not in str(error.value)


@pytest.mark.parametrize(
    ("word", "digits", "number"),
    [
        ("42", 3, 42),
        ("007", 3, 7),
        ("0", 1, 0),
        ("²", 3, None),
        ("٣", 3, None),
        ("\uff14\uff12", 3, None),  # fullwidth digits
        ("1000", 3, None),
        ("-1", 3, None),
        ("+1", 3, None),
        (" 1", 3, None),
        ("", 3, None),
        ("9" * 5_000, 4, None),
    ],
)
def test_whole_number_reads_only_ascii_digits_up_to_a_length(
    word: str, digits: int, number: int | None
) -> None:
    assert whole_number(word, digits) == number
