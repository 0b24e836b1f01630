"""Cards, packs and card sets: the notation (case, aliases, helpful errors), masks, CardSet, MaskMap."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarocchi.core.cards import CardSet, Deck, MaskMap, bits
from tarocchi.core.decks import LOKA_78, LOKA_80
from tarocchi.core.errors import NotationError, TarocchiError

DECKS = [LOKA_78, LOKA_80]
DECK_IDS = [deck.name for deck in DECKS]


def naive_bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


# -- the packs as data ------------------------------------------------------------------------
def test_the_loka_packs_list_their_cards_in_natural_order() -> None:
    ranks = ("K", "Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A")
    suits = [f"{rank}{suit}" for suit in "EAFW" for rank in ranks]
    trumps = [f"T{n}" for n in range(1, 22)]
    assert [c.code for c in LOKA_78.cards] == [*suits, *trumps, "FOOL"]
    assert [c.code for c in LOKA_80.cards] == [*suits, *trumps, "FOOL", "GOOD", "EVIL"]
    assert (LOKA_78.size, LOKA_80.size) == (78, 80)
    assert LOKA_80.full == (1 << 80) - 1
    for deck in DECKS:
        assert [c.index for c in deck.cards] == list(range(deck.size))


@pytest.mark.parametrize("deck", DECKS, ids=DECK_IDS)
def test_card_codes_are_read_in_any_case_and_with_spaces_around(deck: Deck) -> None:
    for card in deck.cards:
        for text in (card.code, card.code.lower(), card.code.capitalize(), f"  {card.code.lower()}\t"):
            assert deck.card(text) is card, text


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("14", "T14"),
        ("1", "T1"),
        ("21", "T21"),
        ("magician", "T1"),
        ("World", "T21"),
        ("F", "FOOL"),
        ("fo", "FOOL"),
        ("Fool", "FOOL"),
        ("excuse", "FOOL"),
        ("g", "GOOD"),
        ("GD", "GOOD"),
        ("good", "GOOD"),
        ("Ev", "EVIL"),
        ("evil", "EVIL"),
        ("t7", "T7"),
        ("10w", "10W"),
        ("aa", "AA"),
    ],
)
def test_aliases_name_their_card(text: str, code: str) -> None:
    assert LOKA_80.card(text).code == code
    if code not in ("GOOD", "EVIL"):
        assert LOKA_78.card(text).code == code


@pytest.mark.parametrize("text", ["GOOD", "g", "EV", "evil"])
def test_good_and_evil_are_no_cards_of_the_78_card_pack(text: str) -> None:
    with pytest.raises(NotationError, match="is not a card"):
        LOKA_78.card(text)


def test_a_typo_names_itself_explains_the_format_and_suggests_close_codes() -> None:
    with pytest.raises(NotationError) as error:
        LOKA_80.card("KX")
    message = str(error.value)
    assert message.startswith("'KX' is not a card")
    assert "Did you mean" in message
    offered = message.split("Did you mean", 1)[1].split("?", 1)[0].split(" or ")
    suggestions = [words.split()[0] for words in offered]  # each "KW (King of Water)"
    assert suggestions and set(suggestions) <= {"KE", "KA", "KF", "KW"}
    assert LOKA_80.notation_help in message
    assert "rank then suit" in message


@pytest.mark.parametrize(("text", "close"), [("T22", "T2"), ("11E", "10E"), ("QQ", "QE"), ("FOLL", "FOOL")])
def test_typos_suggest_a_nearby_code(text: str, close: str) -> None:
    with pytest.raises(NotationError) as error:
        LOKA_80.card(text)
    message = str(error.value)
    assert f"'{text}' is not a card" in message
    assert close in message.split("Did you mean", 1)[1].split("?", 1)[0]


@pytest.mark.parametrize("text", ["", "   ", "@@@", "xyzzy-plugh"])
def test_text_with_nothing_close_still_explains_the_format(text: str) -> None:
    with pytest.raises(NotationError) as error:
        LOKA_80.card(text)
    assert LOKA_80.notation_help in str(error.value)


def test_notation_errors_are_value_errors_of_the_engine() -> None:
    with pytest.raises(ValueError):
        LOKA_80.card("KX")
    with pytest.raises(TarocchiError):
        LOKA_80.card("KX")


def test_parse_reads_cards_separated_by_spaces_or_commas() -> None:
    cards = LOKA_80.parse(" ke, QE  14,fool\tgood ")
    assert [c.code for c in cards] == ["KE", "QE", "T14", "FOOL", "GOOD"]
    assert LOKA_80.parse("") == ()
    assert LOKA_80.parse(" , ,") == ()
    with pytest.raises(NotationError, match="'KX' is not a card"):
        LOKA_80.parse("KE KX QE")


# -- masks --------------------------------------------------------------------------------------
@settings(max_examples=200)
@given(data=st.data())
def test_mask_cards_in_codes_and_parse_round_trip(data: st.DataObject) -> None:
    deck = data.draw(st.sampled_from(DECKS))
    mask = data.draw(st.integers(0, deck.full))
    cards = deck.cards_in(mask)
    assert [c.index for c in cards] == naive_bits(mask)
    assert deck.mask(cards) == mask
    assert deck.codes(mask) == " ".join(c.code for c in cards)
    assert deck.parse(deck.codes(mask)) == cards
    assert deck.mask(reversed(cards)) == mask
    assert list(bits(mask)) == naive_bits(mask)


def test_mask_of_repeated_cards_counts_each_once() -> None:
    king = LOKA_80.card("KE")
    assert LOKA_80.mask([king, king]) == 1 << king.index


# -- CardSet ------------------------------------------------------------------------------------
def test_a_card_set_iterates_in_natural_order_and_knows_its_size() -> None:
    cards = LOKA_80.parse("EVIL T3 KE FOOL 2W AA")
    cs = CardSet(LOKA_80, LOKA_80.mask(cards))
    assert [c.code for c in cs] == ["KE", "AA", "2W", "T3", "FOOL", "EVIL"]
    assert len(cs) == 6
    assert bool(cs) and not CardSet(LOKA_80)
    assert len(CardSet(LOKA_80)) == 0 and list(CardSet(LOKA_80)) == []
    assert str(cs) == "KE AA 2W T3 FOOL EVIL"
    assert list(cs) == list(cs), "iterating twice gives the same cards"


def test_card_set_membership() -> None:
    cs = CardSet(LOKA_80, LOKA_80.mask(LOKA_80.parse("KE T21")))
    assert LOKA_80.card("KE") in cs
    assert LOKA_80.card("T21") in cs
    assert LOKA_80.card("QE") not in cs
    assert "KE" not in cs
    assert LOKA_80.card("KE").index not in cs


def test_card_set_equality_and_hash() -> None:
    mask = LOKA_80.mask(LOKA_80.parse("KE QE T1"))
    one, same = CardSet(LOKA_80, mask), CardSet(LOKA_80, mask)
    assert one == same and hash(one) == hash(same)
    assert one != CardSet(LOKA_80, mask | 1 << 60)
    assert one != CardSet(LOKA_78, mask), "sets of different packs are different"
    assert one != mask
    assert len({one, same}) == 1
    assert {one: "x"}[same] == "x"


def test_card_sets_are_immutable() -> None:
    cs = CardSet(LOKA_80, 0b101)
    with pytest.raises(AttributeError):
        cs.mask = 0b111  # type: ignore[misc]
    with pytest.raises(AttributeError):
        cs.deck = LOKA_78  # type: ignore[misc]
    with pytest.raises(AttributeError):
        cs.extra = 1  # type: ignore[attr-defined]
    assert cs.mask == 0b101 and cs.deck is LOKA_80


# -- MaskMap --------------------------------------------------------------------------------------
ITEMS = tuple(f"item{i}" for i in range(80))
MASK_MAP = MaskMap(ITEMS)


@settings(max_examples=500)
@given(mask=st.integers(0, (1 << 80) - 1))
def test_mask_map_select_equals_the_naive_bit_walk(mask: int) -> None:
    assert MASK_MAP.select(mask) == tuple(ITEMS[i] for i in naive_bits(mask))


@settings(max_examples=200)
@given(positions=st.sets(st.integers(0, 79), max_size=6))
def test_mask_map_select_on_sparse_masks(positions: set[int]) -> None:
    mask = sum(1 << p for p in positions)
    assert MASK_MAP.select(mask) == tuple(ITEMS[p] for p in sorted(positions))


@pytest.mark.parametrize("size", [1, 7, 8, 9, 63, 78, 80])
def test_mask_map_of_any_length(size: int) -> None:
    items = tuple(range(size))
    table = MaskMap(items)
    full = (1 << size) - 1
    assert table.select(0) == ()
    assert table.select(full) == items
    assert table.select(1 << (size - 1)) == (size - 1,)
    assert table.select(full & 0xAAAAAAAAAAAAAAAAAAAA) == tuple(i for i in items if i % 2)


@settings(max_examples=300)
@given(size=st.integers(0, 256), data=st.data())
def test_the_c_selection_gives_the_byte_tables_items(size: int, data: st.DataObject) -> None:
    """``_rows.selected`` (built by ``make compiled``, importable whichever way the engine loads)
    and the byte tables pure Python selects by give the same items for any mask of the items'
    length, from none to all."""
    from tarocchi.core._rows import selected

    items = tuple(f"item{i}" for i in range(size))
    mask = data.draw(st.integers(0, (1 << size) - 1) | st.just((1 << size) - 1))
    table = MaskMap(items)
    assert selected(items, mask) == table.by_tables(mask) == tuple(items[i] for i in naive_bits(mask))


@pytest.mark.parametrize("mask", [-1, -(1 << 100), 1 << 80, 1 << 300])
def test_the_c_selection_refuses_a_mask_past_its_items(mask: int) -> None:
    """A negative mask, or one with bits past the items, is an error, never memory read out of place."""
    from tarocchi.core._rows import selected

    with pytest.raises((ValueError, OverflowError)):
        selected(tuple(range(80)), mask)


@pytest.mark.parametrize("args", [((1, 2), "3"), ([1, 2], 3), (tuple(range(257)), 1), ((1,),)])
def test_the_c_selection_refuses_what_is_no_items_and_mask(args: tuple[object, ...]) -> None:
    from tarocchi.core._rows import selected

    with pytest.raises(TypeError):
        selected(*args)
