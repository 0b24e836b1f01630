"""Issue 18: `tarocchi watch` (computer players only, the spectator's view) and `tarocchi replay
--show` (a recorded game, trick by trick), and the top-level help shown in full."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from click.testing import Result

from tarocchi.bots import RandomPlayer
from tarocchi.bots.base import play_match
from tarocchi.core.protocol import Deal
from tarocchi.core.record import save
from tarocchi.core.registry import get_game


def rotated(deal: Deal, steps: int) -> Deal:
    return Deal(tuple(deal.hands[(seat - steps) % 4] for seat in range(4)), deal.stock)


def piedmont_record(tmp_path: Path, deal: Deal) -> Path:
    """A whole game of Piedmont on the deal of conftest (rotated a seat each hand), dealer South;
    random players choose the cards (their seed drives the choices, not the deals)."""
    game = get_game("piedmont")
    match = play_match(
        game,
        [RandomPlayer() for _ in range(4)],
        seed=5,
        first_dealer=0,
        deals=[rotated(deal, k) for k in range(4)],
    )
    return save(match.record(), tmp_path / "game.json")


def test_replay_show_steps_through_every_trick_as_a_spectator(
    invoke: Callable[..., Result], tmp_path: Path, deal: Deal
) -> None:
    result = invoke("replay", "--show", str(piedmont_record(tmp_path, deal)))
    out = result.output
    assert result.exit_code == 0, out
    for number in (1, 2, 3, 4):
        assert f"Hand {number} of 4 · dealer {('South', 'West', 'North', 'East')[number - 1]}" in out
    assert len(re.findall(r"wins trick [0-9]+ with", out)) == 4 * 19
    # the running state after every trick but the last of each hand (then the score sheet)
    assert (
        len(re.findall(r"^Tricks won: North-South [0-9]+, East-West [0-9]+ · Card points:", out, re.M))
        == 4 * 18
    )
    assert "Game over" in out and re.search(
        r"^(South and North|West and East|South, West, North and East) win", out, re.M
    )
    assert "(you)" not in out  # a spectator: nobody's own view
    # the dealer's discard stays face down until the score sheet names it
    first_sheet = re.search(r"^Hand 1 *$", out, re.M).start()  # type: ignore[union-attr]
    assert re.findall(r"discards .*", out[:first_sheet]) == ["discards 4 cards face down"]


def first_hands(deal: Deal, count: int) -> dict[str, Any]:
    """The record of a game of Piedmont on ``deal`` (every hand) left after its first ``count``
    hands; random players choose the cards."""
    match = play_match(
        get_game("piedmont"), [RandomPlayer() for _ in range(4)], seed=5, first_dealer=0, deals=[deal] * 4
    )
    data = match.record()
    data["hands"] = data["hands"][:count]
    results = [hand.result for hand in match.hands[:count] if hand.result is not None]
    data["totals"] = [sum(result.scores[seat] for result in results) for seat in range(4)]
    data["complete"] = False
    return data


def test_replay_show_of_an_incomplete_record_stops_where_it_ends(
    invoke: Callable[..., Result], tmp_path: Path, deal: Deal
) -> None:
    data = first_hands(deal, 1)
    data["hands"][0]["actions"] = data["hands"][0]["actions"][:12]  # the discard and two tricks
    data["hands"][0]["result"] = None
    data["totals"] = [0, 0, 0, 0]
    result = invoke("replay", "--show", str(save(data, tmp_path / "part.json")))
    assert result.exit_code == 0, result.output
    assert "wins trick 2" in result.output and "The record ends here, in hand 1." in result.output


def test_replay_show_of_a_record_ending_with_a_finished_hand_stops_after_its_sheet(
    invoke: Callable[..., Result], tmp_path: Path, deal: Deal
) -> None:
    result = invoke("replay", "--show", str(save(first_hands(deal, 2), tmp_path / "two.json")))
    out = result.output
    assert result.exit_code == 0, out
    assert "Hand 2 of 4" in out and "Hand 3 of 4" not in out
    assert "Game over" not in out and "The record ends here" not in out
    assert len(re.findall(r"wins trick [0-9]+ with", out)) == 2 * 19


def test_replay_show_of_a_record_of_no_hand_says_so(
    invoke: Callable[..., Result], tmp_path: Path, deal: Deal
) -> None:
    result = invoke("replay", "--show", str(save(first_hands(deal, 0), tmp_path / "none.json")))
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "The record holds no hand: there is nothing to show."


def test_replay_show_refuses_a_folder_and_a_bad_record(invoke: Callable[..., Result], tmp_path: Path) -> None:
    assert invoke("replay", "--show", str(tmp_path)).exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tarocchi-record"}', encoding="utf-8")
    result = invoke("replay", "--show", str(bad))
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1


def test_watch_plays_a_whole_game_between_computers(invoke: Callable[..., Result]) -> None:
    result = invoke("watch", "taroinche", "--pause", "0", "--level", "easy", "--seed", "11")
    out = result.output
    assert result.exit_code == 0, out
    assert out.startswith("Taroinche") or "seed 11" in out.splitlines()[0]
    assert "Computer players: South easy, West easy, North-West easy, North-East easy, East easy." in out
    assert all(f"Hand {n} of 5" in out for n in range(1, 6))
    assert "Game over" in out and re.search(r" wins? with -?[0-9]+", out)
    assert "(you)" not in out and "Your hand" not in out


def test_watch_refuses_a_wrong_number_of_levels_and_a_negative_pause(invoke: Callable[..., Result]) -> None:
    assert invoke("watch", "piedmont", "--level", "easy,hard").exit_code == 2
    assert invoke("watch", "piedmont", "--pause", "-1").exit_code == 2


def test_the_top_level_help_gives_every_summary_whole(invoke: Callable[..., Result]) -> None:
    out = invoke("--help").output
    assert "..." not in out.split("Commands:")[1]
    assert "watch " in out and "replay " in out
    words = " ".join(out.split())
    assert (
        "simulate Play computer-vs-computer games of GAME, auditing every invariant after every action."
        in words
    )
