"""Ruling ids, ``(P2)`` or ``(T3, C2)``, are for ``why``: none reaches a player's screen in the
event log, the status lines, the score sheet, a refusal or a hint, in any game. Deals in notation
(the golden ones); a card list that looks like one, ``(T20)``, stays."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from golden_tables import VARIANTS, golden_match, session
from rich.console import Console

from tarocchi.bots.players import make_player
from tarocchi.cli.render import Seating, events_lines, result_table, status_lines
from tarocchi.core.rulings import for_players, ruling_ids


def test_ruling_ids_are_told_from_card_lists() -> None:
    assert ruling_ids("P", "may not be discarded (P2)") == ["P2"]
    assert ruling_ids("P", "you must play a trump (T20)") == []  # a card, not a ruling
    assert ruling_ids("S", "to bargain (S3): silent, hold") == ["S3"]
    assert ruling_ids("T", "you must overtrump (T15) (T7)") == ["T7"]
    assert ruling_ids("B", "thrown in (B3, C2)") == ["B3", "C2"]
    assert for_players("T", "you must overtrump (T15) (T7)") == "you must overtrump (T15)"
    assert for_players("S", "to bargain (S3): silent") == "to bargain: silent"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_no_ruling_id_in_what_a_player_sees_of_a_whole_hand(name: str, tmp_path: Path) -> None:
    match = golden_match(name)
    game = match.game
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None, highlight=False)
    seating = Seating(game, 0)
    table, refusals = session(match, 0, tmp_path)
    players = [make_player("heuristic", game) for _ in range(game.players)]
    rng = random.Random(0)  # the players' choices only: the deal is the notation's
    while (seat := match.to_act()) is not None:
        view = match.view(seat)
        if seat == 0:
            for line in status_lines(game, seating, view):
                console.print(line)
            for card in view.hand:
                table._handle(card.code)  # refused unless legal: then it is played
                if match.to_act() != 0 or match.view(0) != view:
                    break
            else:
                match.submit(seat, players[seat].choose(view, rng))
        else:
            match.submit(seat, players[seat].choose(view, rng))
    for line in events_lines(seating, game.deck, match.view(0)):
        console.print(line)
    assert match.hand.result is not None
    console.print(result_table(seating, match.hand.result, 1))
    shown = out.getvalue() + refusals.getvalue()
    assert "(" in shown and len(shown) > 2000
    assert ruling_ids(game.info.ruling_letter, shown) == [], [
        line for line in shown.splitlines() if ruling_ids(game.info.ruling_letter, line)
    ][:5]
