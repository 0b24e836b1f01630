"""The table's smaller promises, each as a player meets it: autoplay turned on plays a move that
waits; leaving between hands asks first and says after which hand; a lone Sicilian Declarer is
named so; the games list names Piedmont's sides as the table does. Deals in notation."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest
from click.testing import Result
from golden_tables import golden_match, session
from rich.console import Console
from rich.text import Text
from test_table_auction_help import (
    DEAL as TAROINCHE,  # South bids first (dealer 4, B2), holds KH QH, not KS QS
)

from tarocchi.bots.players import make_player
from tarocchi.cli.play import TableSession, _Stop
from tarocchi.cli.render import Seating, events_lines, status_lines
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal
from tarocchi.core.registry import get_game


def play_until(match: Match, done: Callable[[], bool]) -> None:
    """Heuristic players for every seat until ``done()``."""
    players = [make_player("heuristic", match.game) for _ in range(match.game.players)]
    rng = random.Random(0)  # the players' choices only: the deal is the notation's
    while not done():
        seat = match.to_act()
        assert seat is not None
        match.submit(seat, players[seat].choose(match.view(seat), rng))


def test_autoplay_on_plays_the_only_legal_card_already_waiting(tmp_path: Path) -> None:
    match = golden_match("piedmont-good_evil=trumps")
    table, out = session(match, 0, tmp_path)  # autoplay off, as a bare session is
    play_until(match, lambda: match.to_act() == 0 and match.forced_action(0) is not None)
    waiting = match.forced_action(0)
    before = len(match.hand.actions)
    table._handle("autoplay on")
    assert match.hand.actions[before] == (0, waiting)
    assert f"forced: {waiting} (your only legal card)" in out.getvalue()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_quit_between_hands_asks_first_and_says_after_which_hand(tmp_path: Path, deal: Deal) -> None:
    game = get_game("piedmont")
    match = Match(game, first_dealer=0, deals=[deal] * 4, players=["human", "a", "b", "c"])
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    with mock.patch.object(sys, "stdin", Terminal()):
        table = TableSession(console, game, match, 0, 1, tmp_path / "t.json", {}, True, True)
    play_until(match, lambda: match.hand.result is not None)
    prompts: list[str] = []
    answers = iter(["quit", "n", "quit", "y"])

    def typed(prompt: Text | str = "", **_: object) -> str:
        prompts.append(str(prompt))
        return next(answers)

    table.ask = typed  # type: ignore[method-assign]
    table._pause()  # quit, then no: the next hand is dealt as if Enter was pressed
    assert prompts == ["Press Enter for the next hand (or type quit) ", "Leave the table? [y/N] "]
    with pytest.raises(_Stop):  # the table's signal to leave, which run() turns into _leave
        table._pause()
    assert prompts[-1] == "Leave the table? [y/N] "
    assert table._leave("quit") == 0
    text = out.getvalue()
    assert "You left the table after hand 1." in text and "during hand 1" not in text


def test_a_lone_sicilian_declarer_is_the_declarer(tmp_path: Path) -> None:
    match = golden_match("sicilian")
    play_until(match, lambda: match.hand.result is not None)
    assert match.hand.result is not None and len(match.hand.result.sides[0]) == 1  # 1 v 3
    facts = dict(match.view(0).public)
    assert facts["tricks won"].startswith("Declarer ") and "Declarers" not in facts["tricks won"]


def test_games_names_piedmonts_sides_as_the_table_does(invoke: Callable[..., Result]) -> None:
    out = invoke("games").output
    assert "North-South v East-West" in out and "South-North" not in out


def test_piedmont_refusals_under_the_trumps_option_speak_of_no_allegiance_nor_a_kings_discard(
    tmp_path: Path,
) -> None:
    """At each of South's turns of a whole hand (discard, then tricks): a word that is no action,
    and the Allegiance calls, are refused without naming calls the game does not have, nor
    suggesting 'discard KE' (Kings may not be discarded, P2)."""
    match = golden_match("piedmont-good_evil=trumps")
    table, out = session(match, match.hand.dealer, tmp_path)
    me = match.hand.dealer
    players = [make_player("heuristic", match.game) for _ in range(4)]
    rng = random.Random(0)
    turns = 0
    while (seat := match.to_act()) is not None:
        if seat == me:
            for typed in ("hello there", "ours", "confirm", "reverse"):
                table._handle(typed)
            turns += 1
        match.submit(seat, players[seat].choose(match.view(seat), rng))
    text = out.getvalue()
    assert turns >= 10 and "'hello there' is not an action" in text
    assert "discard KE" not in text and "ours, yours" not in text
    for line in text.splitlines():
        assert "ours" not in line.replace("yours", "") or "not" in line, line
    assert "Allegiance" not in text, [line for line in text.splitlines() if "Allegiance" in line]


def taroinche_table(tmp_path: Path, answers: list[str]) -> tuple[TableSession, list[str], io.StringIO]:
    game = get_game("taroinche")
    match = Match(game, first_dealer=4, deals=[Deal.parse(game.deck, TAROINCHE)] * 5)
    out = io.StringIO()
    with mock.patch.object(sys, "stdin", Terminal()):
        table = TableSession(
            Console(file=out, width=200, color_system=None), game, match, 0, 1, tmp_path / "r.json"
        )
    prompts: list[str] = []
    script = iter(answers)

    def typed(prompt: Text | str = "", **_: object) -> str:
        prompts.append(str(prompt))
        return next(script)

    table.ask = typed  # type: ignore[method-assign]
    return table, prompts, out


def test_a_taroinche_bid_beyond_the_pack_without_the_belote_is_asked_about_first(tmp_path: Path) -> None:
    table, prompts, out = taroinche_table(tmp_path, ["n", "y"])
    table._handle("170 S with 2")  # South holds no KS QS: only North's belote could make it
    assert prompts == ["170 S with 2 all the same? [y/N] "]
    assert "170 exceeds the pack's 162 points: only the belote can make it, and you do not hold KS QS" in (
        out.getvalue()
    )
    assert "Not taken: 170 S with 2." in out.getvalue() and table.match.hand.actions == []
    table._handle("170 S with 2")
    assert [str(action) for _, action in table.match.hand.actions] == ["170 S with 2"]


def test_a_bid_beyond_the_pack_with_the_belote_in_hand_is_taken_at_once(tmp_path: Path) -> None:
    table, prompts, _ = taroinche_table(tmp_path, [])
    table._handle("170 H with 2")  # South holds KH QH: the belote is his
    assert prompts == [] and [str(action) for _, action in table.match.hand.actions] == ["170 H with 2"]


def test_taroinches_needed_counts_the_cards_the_taker_laid_aside_in_his_own_view() -> None:
    """The golden 5-hand game's first hand: East takes 110 With and lays aside QC 10D, 3 + 10 =
    13 points for the attack (B4; the sheet's line). Only East knows them: his ``needed`` is 13
    fewer than everyone else's and says why."""
    match = golden_match("taroinche-hands=5")
    play_until(match, lambda: bool(match.view(None).tricks))
    taker = dict(match.view(None).public)["contract"]
    assert "East" in taker and "With" in taker.title()
    others = dict(match.view(0).public)["needed"]
    own = dict(match.view(4).public)["needed"]
    assert "laid aside" not in others and own.endswith(", counting the 13 you laid aside")
    first = int(others.split()[1])
    assert own.startswith(f"attack {first - 13} more points for 110")


def test_partner_on_the_sicilian_screen_is_only_the_seat_on_ones_side() -> None:
    """The golden Sicilian game's second hand, West and East against South and North: South's
    screen marks North '(partner)'; the Declarer's partner is a fact of its own name."""
    match = golden_match("sicilian")
    play_until(match, lambda: match.hand.result is not None)
    match.next_hand()
    play_until(match, lambda: len(match.view(0).tricks) >= 3 and match.to_act() == 0)
    seating = Seating(match.game, 0)
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    for line in status_lines(match.game, seating, match.view(0)):
        console.print(line)
    for line in events_lines(seating, match.game.deck, match.view(0)):
        console.print(line)
    text = out.getvalue()
    assert "Declarer's partner: " in text and "North (partner)" in text
    assert "West (partner)" not in text and "East (partner)" not in text
    assert [line for line in text.splitlines() if "partner:" in line.replace("Declarer's partner:", "")] == []
