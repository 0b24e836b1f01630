"""``why`` answers after every refusal in every game, and ``hint`` and ``auto`` are one player:
``auto`` plays what the hint said, a whole discard at once. Deals in notation (the golden ones)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from golden_tables import FIRST_OF_EACH_GAME, golden_match, session

from tarocchi.bots.players import make_player
from tarocchi.core.actions import Discard
from tarocchi.core.errors import TarocchiError
from tarocchi.core.rulings import for_players


@pytest.mark.parametrize("name", sorted(variant.name for variant in FIRST_OF_EACH_GAME.values()))
def test_why_explains_every_refusal_of_a_whole_hand(name: str, tmp_path: Path) -> None:
    """Seat 0 tries every card it holds that is not legal, at each of its turns, and asks why."""
    match = golden_match(name)
    game = match.game
    table, out = session(match, 0, tmp_path)
    players = [make_player("heuristic", game) for _ in range(game.players)]
    rng = random.Random(0)  # the players' choices only: the deal is the notation's
    asked = 0
    while (seat := match.to_act()) is not None:
        view = match.view(seat)
        if seat == 0:
            legal = {str(action) for action in view.legal_actions}
            for card in view.hand:
                typed = f"discard {card.code}" if isinstance(view.legal_actions[0], Discard) else card.code
                try:
                    if str(game.parse_action(typed, view)) in legal:
                        continue
                except TarocchiError:
                    pass
                start = out.tell()
                table._handle(typed)
                refusal = out.getvalue()[start:].strip()
                table._handle("why")
                answer = out.getvalue()[start + len(refusal) + 1 :]
                assert "Nothing has been refused" not in answer, (typed, refusal)
                assert "see docs/" in answer, answer
                first = answer.lstrip().splitlines()[0]  # the refusal in full, with its ruling ids
                said = for_players(game.info.ruling_letter, first)
                assert first in refusal or said in refusal, (refusal, answer)
                asked += 1
        match.submit(seat, players[seat].choose(view, rng))
    assert asked >= 5


def test_why_after_a_must_follow_suit_refusal_in_piedmont(tmp_path: Path) -> None:
    match = golden_match("piedmont-good_evil=trumps")
    table, out = session(match, 0, tmp_path)
    players = [make_player("heuristic", match.game) for _ in range(4)]
    rng = random.Random(0)
    while not (match.to_act() == 0 and match.view(0).trick is not None and match.view(0).trick.plays):
        seat = match.to_act()
        assert seat is not None
        match.submit(seat, players[seat].choose(match.view(seat), rng))
    view = match.view(0)
    led = view.trick.plays[0][1].suit if view.trick is not None else ""
    other = next(card for card in view.hand if card.suit not in (led, "T") and card.code != "FOOL")
    table._handle(other.code)
    table._handle("why")
    text = out.getvalue()
    assert "you must follow suit" in text and "Nothing has been refused" not in text
    assert "see docs/rules/piedmont.md" in text


@pytest.mark.parametrize("name", ["piedmont-good_evil=trumps", "sicilian"])
def test_auto_plays_what_the_hint_said(name: str, tmp_path: Path) -> None:
    """At each of seat 0's decisions of a hand: ``hint``, then ``auto`` plays exactly that."""
    match = golden_match(name)
    game = match.game
    players = [make_player("heuristic", game) for _ in range(game.players)]
    rng = random.Random(0)
    me = match.hand.dealer if name.startswith("piedmont") else 0  # Piedmont's dealer discards
    table, out = session(match, me, tmp_path)
    checked = 0
    while (seat := match.to_act()) is not None and checked < 6:
        if seat != me:
            match.submit(seat, players[seat].choose(match.view(seat), rng))
            continue
        before = len(match.hand.actions)
        start = out.tell()
        table._handle("hint")
        said = out.getvalue()[start:].split("hint: ", 1)[1].split(":")[0].split(" (")[0].strip()
        table._handle("auto")
        played = [str(action) for _, action in match.hand.actions[before:]]
        words = said.split()
        expected = [f"{words[0]} {w}" for w in words[1:]] if words[0] in ("discard", "show") else [said]
        assert played == expected, (said, played)
        checked += 1
    assert checked >= 3
