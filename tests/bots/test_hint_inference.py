"""What a hint says of the hidden hands: the strongest player's inference, in the game's words,
from the seat's view alone (``bots.explain.inferred_reasons``, ``bots.hint``).

The deal and the record are those of test_inference.py: Taroinche, the medium players' auction and
four tricks. After them seat 2 (North-West) holds K Q of clubs; it has seen South (seat 0) lead
every trick and every other seat follow or not as the record shows. The worlds below differ only
in cards it has not seen.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_inference import DEAL, GAME, LOW_DIAMOND_WITH_SEAT_3, after_four_tricks

from tarocchi.bots import hint as hints
from tarocchi.bots.explain import inferred_facts, inferred_reasons
from tarocchi.bots.inference import InferredWorlds, Weighed
from tarocchi.bots.players import search_player
from tarocchi.bots.registry import game_players
from tarocchi.core.actions import Play

ACES_SWAPPED = DEAL.replace("3: QS KS AC", "3: QS KS AD").replace("JH AD KD", "JH AC KD")
"""North-East (seat 3) holds the Ace of diamonds and East (seat 4) the Ace of clubs: neither has
played it, and no trick so far needed either (East followed diamonds with the King in the fourth
trick, North-East with the Nine)."""


COPIES = 8
"""Each world below is weighed as eight equal copies: the same shares, worth eight times as many
effective worlds (over ``explain.FEWEST_WORLDS``)."""


def weighed(states: list[Any], weights: tuple[float, ...], copies: int = COPIES) -> list[Weighed]:
    """The pool of ``states`` weighed ``weights``, each as ``copies`` copies of equal weight."""
    return [Weighed(s, w / copies) for s, w in zip(states, weights, strict=True) for _ in range(copies)]


def test_the_weighed_worlds_in_words_by_hand() -> None:
    """Three worlds seat 2 cannot tell apart, weighed 0.05 (the deal: North-East A of clubs and 10
    of diamonds, East 10 of clubs and A of diamonds, South A of spades and 8 of diamonds), 0.03
    (South's 8 and North-East's 10 of diamonds change places) and 0.92 (the Aces change places).

    North-East holds a club in 0.05 + 0.03 = 0.08 of the weight, under 0.10, and some world gives
    it one: likely void in Clubs; East holds a diamond in 0.08: likely void in Diamonds. East holds
    the Ace of clubs in 0.92 (over 0.80, not in every world): likely holds it; so North-East the
    Ace of diamonds (0.92), and the 10 of diamonds (0.97), South the 8 of diamonds (0.97). South's
    Ace of spades and West's (seat 1) K 10 of hearts are in every world: the seat knows them as
    well as it can, no inference. The hint names two facts: voids first, the most certain first,
    then by their words; with the King of clubs to play, the facts about clubs first. Weighed once
    each, the three are worth 1 / (0.05^2 + 0.03^2 + 0.92^2) = 1.18 effective worlds: too few to
    name anything."""
    states = [after_four_tricks(deal) for deal in (DEAL, LOW_DIAMOND_WITH_SEAT_3, ACES_SWAPPED)]
    view = GAME.view(states[0], 2)
    assert all(GAME.view(state, 2) == view for state in states)
    pool = weighed(states, (0.05, 0.03, 0.92))
    assert inferred_reasons(GAME, view, pool) == [
        "East is likely void in Diamonds",
        "North-East is likely void in Clubs",
    ]
    king = Play(GAME.deck.card("KC"))
    assert inferred_reasons(GAME, view, pool, king) == [
        "North-East is likely void in Clubs",
        "East likely holds the Ace of Clubs",
    ]
    assert inferred_reasons(GAME, view, pool[:COPIES]) == []  # one world: nothing likely, all known
    assert inferred_reasons(GAME, view, []) == []
    assert inferred_reasons(GAME, view, weighed(states, (0.05, 0.03, 0.92), copies=1)) == []


def test_a_holding_is_likely_only_in_four_fifths_of_the_weight() -> None:
    """The same three worlds weighed 0.08, 0.17 and 0.75 (``LIKELY_HOLDS``: the weighed worlds'
    share overstates, docs/bots.md). East holds the Ace of clubs in 0.75 of the weight, and
    North-East the Ace of diamonds: under 0.80, neither is named, though each leads the weight.
    North-East holds the 10 of diamonds in 0.08 + 0.75 = 0.83, South the 8 of diamonds in 0.83:
    both likely. No void: North-East holds a club in 0.25 of the weight, East a diamond in 0.25.
    Each fact is true of the world that gives it, and false of the one that does not."""
    states = [after_four_tricks(deal) for deal in (DEAL, LOW_DIAMOND_WITH_SEAT_3, ACES_SWAPPED)]
    view = GAME.view(states[0], 2)
    pool = weighed(states, (0.08, 0.17, 0.75))
    king = Play(GAME.deck.card("KC"))
    assert inferred_reasons(GAME, view, pool, king) == [
        "North-East likely holds the 10 of Diamonds",
        "South likely holds the 8 of Diamonds",
    ]
    facts = inferred_facts(GAME, view, pool)
    assert [(f.seat, f.void) for f in facts] == [(0, False), (3, False)]
    for fact in facts:
        assert fact.true_of(GAME.view(states[0], fact.seat).hand.mask)
        assert not fact.true_of(GAME.view(states[1], fact.seat).hand.mask)
    two = inferred_facts(GAME, view, weighed([states[0], states[2]], (0.05, 0.95)))
    void = next(f for f in two if f.words == "East is likely void in Diamonds")
    assert void.seat == 4 and void.void
    assert void.true_of(GAME.view(states[2], 4).hand.mask)  # the Ace of diamonds is North-East's
    assert not void.true_of(GAME.view(states[0], 4).hand.mask)  # East kept the Ace of diamonds


def cheap_hard(game: Any, seconds: float | None) -> tuple[str, Any]:
    """The hard player at a small size and without a clock, so that its choice depends on the
    view and the seed alone."""
    heuristic = game_players(game).heuristic()
    sampler = InferredWorlds(game, heuristic, candidates=40)
    return "hard", search_player(game, playout="kernel", kernel_worlds=40, sampler=sampler)


def test_states_differing_only_in_hidden_cards_give_the_same_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    """East (seat 4) leads the fifth trick; South's and North-East's low diamonds change places,
    which East cannot see: the same hint, word for word, inference included."""
    monkeypatch.setattr(hints, "strongest", cheap_hard)
    deal, swapped = after_four_tricks(DEAL), after_four_tricks(LOW_DIAMOND_WITH_SEAT_3)
    assert GAME.to_act(deal) == 4 and GAME.view(deal, 4) == GAME.view(swapped, 4)
    first = hints.hint(GAME, deal, 4, random.Random(3))
    second = hints.hint(GAME, swapped, 4, random.Random(3))
    assert first == second
    assert "game points for you over 40 deals" in first.text


def test_the_hint_asks_the_strongest_measured_level(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint is the hard level's choice even where the game has the expert level, which
    measures level with it (docs/bots.md), and the hard level's search says why."""
    assert hints.strongest(GAME, 0.1)[0] == "hard"
    made: list[str] = []
    real = hints.make_player

    def recording(name: str, game: Any, seconds: float | None = None) -> Any:
        made.append(name)
        return real(name, game, seconds)

    monkeypatch.setattr(hints, "make_player", recording)
    found = hints.hint(GAME, after_four_tricks(DEAL), 4, random.Random(3), seconds=0.1)
    assert made == ["hard"]
    assert "expert" not in found.text
