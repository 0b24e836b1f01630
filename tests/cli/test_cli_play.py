"""`tarocchi play`: a scripted game from a deal in notation, refusals, quitting, bad arguments."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from tarocchi.core.decks import LOKA_80
from tarocchi.core.protocol import Deal
from tarocchi.core.record import load, replay

SCRIPT = [
    "why",  # nothing refused yet
    "KX",  # a typo: suggests close codes
    "hello",  # not a command, not a card
    "",  # empty input
    "discard KW",  # a card West holds
    "why",  # that refusal again, and where the rules are
    "discard KE",  # P2: a King may not be discarded
    "why",  # the ruling behind that refusal
    "discard 2E 3E KE 4E",  # checked together: KE is refused, so none is applied
    "discard 2E 3E 4E 5E 6E",  # one card more than the discard takes: none is applied
    "5E 4E",  # bare cards while discarding: two discards
    "2E 3E",
    "T21",  # West led a plain suit South holds: must follow suit
    "KW",  # not in hand
    "last",
    "score",
    "hand",
    "help",
]


def play_lines(lines: list[str], autos: int = 120) -> str:
    return "\n".join([*lines, *(["auto"] * autos)]) + "\n"


def final_row(output: str, label: str) -> str:
    rows = [line for line in output.splitlines() if line.startswith(f"│ {label} ")]
    assert rows, f"no table row for {label}"
    return rows[-1]


def test_scripted_game_refuses_bad_input_and_saves_a_record_that_replays(
    invoke: Callable[..., Result], write_deals: Callable[[int], Path], deal: Deal, tmp_path: Path
) -> None:
    deals, record = write_deals(4), tmp_path / "game.json"
    args = ("play", "piedmont", "--deals", str(deals), "--seat", "0", "--seed", "7", "--record", str(record))
    result = invoke(*args, input=play_lines(SCRIPT))
    out = result.output
    assert result.exit_code == 0, out

    # the clear one-line refusals
    assert "'KX' is not a card. Did you mean KW (King of Water) or KF (King of Fire) or KE?" in out
    assert "'hello' is not a card" in out and "help lists the commands" in out
    assert "Type a card or an action" in out
    assert out.count("KW is not in your hand") == 3  # twice refused, once again by why
    assert out.count("Nothing has been refused yet.") == 1
    assert "KW is not in your hand\nThe rule: see docs/rules/piedmont.md (the rules of" in out
    # the refusal in the player's terms; why adds the ruling and where to read it
    assert "Kings, Aces and Honours (the Magician, the World, the Fool) may not be discarded\n" in out
    assert "Kings, Aces and Honours (the Magician, the World, the Fool) may not be discarded (P2)\n" in out
    assert "Ruling P2: see docs/rules/piedmont.md" in out
    assert "discard KE: Kings" in out and "Nothing applied (discard 2E 3E KE 4E)." in out
    assert "discard 6E: after the 4 before it your turn is over (West is to act)." in out
    assert "was led and you hold" in out and "you must follow suit" in out
    assert "No trick has been completed in this hand yet." in out
    assert "Score sheet" in out and "Several discards may go on one line, checked together" in out
    assert "Abundance" not in out  # Taroux's words stay Taroux's (its manifest's ``several``)

    # the table as the human sees it
    assert "South (you)" in out and "North (partner)" in out
    assert "  ♣ Earth   KE 8E 7E 6E 5E 4E 3E 2E AE" in out  # the dealer's 23 cards, high to low
    assert "  T Trumps  T21 T20 T19 T18 T17 T16 T15" in out
    assert "West plays " in out and " wins trick 1 with " in out

    # the record: complete, replays, and the refused inputs changed nothing
    assert f"Record saved to {record}" in out
    data = load(record)
    summary = replay(data)
    assert summary.complete and summary.hands == 4 and summary.actions == 320
    first = data["hands"][0]["actions"]
    assert first[:4] == [[0, "discard 5E"], [0, "discard 4E"], [0, "discard 2E"], [0, "discard 3E"]]
    assert [seat for seat, _ in first[4:8]] == [1, 2, 3, 0]
    led, mine = LOKA_80.card(first[4][1]), LOKA_80.card(first[7][1])
    assert led.suit in "EAFW" and (mine.suit == led.suit or mine.code == "FOOL")
    assert data["hands"][0]["deal"] == deal.to_json()

    # final totals and winners as recorded
    # `auto` plays the hint, a search within a time limit: the game may also end level, all winning
    everyone = r"South \(you\), West, North \(partner\) and East"
    sides = rf"South \(you\) and North \(partner\)|West and East|{everyone}"
    assert "Game over" in out and re.search(rf"({sides}) win with", out)
    for seat, name in enumerate(("South (you)", "West", "North (partner)", "East")):
        assert final_row(out, name).rstrip(" │").endswith(str(data["totals"][seat]))


def test_quit_saves_a_partial_record_at_the_default_path(
    invoke: Callable[..., Result],
    write_deals: Callable[[int], Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    deals = write_deals(4)
    result = invoke(
        "play", "piedmont", "--deals", str(deals), "--seed", "3", input="discard 2E\nquit\nauto\n"
    )
    assert result.exit_code == 0
    assert "You left the table during hand 1." in result.output
    saved = list((tmp_path / "records").glob("piedmont-*.json"))
    assert len(saved) == 1
    assert f"Partial record (complete: false) saved to records/{saved[0].name}" in result.output
    data = load(saved[0])
    assert data["complete"] is False
    assert data["hands"][0]["actions"] == [[0, "discard 2E"]]
    assert replay(data).complete is False


def test_end_of_input_saves_a_partial_record(
    invoke: Callable[..., Result], write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    record = tmp_path / "eof.json"
    args = ("play", "piedmont", "--deals", str(write_deals(4)), "--seed", "3", "--record", str(record))
    result = invoke(*args, input="discard 2E 3E\n")
    assert result.exit_code == 0
    assert "End of input during hand 1." in result.output
    data = load(record)
    assert data["hands"][0]["actions"] == [[0, "discard 2E"], [0, "discard 3E"]]
    summary = replay(data)
    assert not summary.complete and summary.actions == 2


def test_ctrl_c_saves_a_partial_record(
    invoke: Callable[..., Result],
    write_deals: Callable[[int], Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rich.console import Console

    def interrupted(self: Console, *args: object, **kwargs: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(Console, "input", interrupted)
    record = tmp_path / "int.json"
    args = ("play", "piedmont", "--deals", str(write_deals(4)), "--seed", "3", "--record", str(record))
    result = invoke(*args)
    assert result.exit_code == 130
    assert "Interrupted during hand 1." in result.output
    assert replay(load(record)).actions == 0


def test_seat_two_sees_its_partner_and_computer_discards_stay_hidden(
    invoke: Callable[..., Result], write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    record = tmp_path / "north.json"
    args = ("play", "piedmont", "--deals", str(write_deals(4)), "--seat", "2", "--seed", "11")
    result = invoke(*args, "--record", str(record), input="quit\n")
    out = result.output
    assert result.exit_code == 0
    assert "You are North, seat 2; your partner is South." in out
    assert "Hand 1 of 4 · dealer South (partner)" in out
    assert "South (partner) discards 4 cards face down\n" in out  # which cards, never (C5)
    assert out.count("discards") == 1
    assert "  ♦ Air     7A 6A 5A 4A 3A 2A AA" in out
    data = load(record)
    assert [seat for seat, _ in data["hands"][0]["actions"]] == [0, 0, 0, 0, 1]  # stopped at North's turn


def test_a_file_with_one_deal_plays_it_then_shuffles(
    invoke: Callable[..., Result], write_deals: Callable[[int], Path], deal: Deal, tmp_path: Path
) -> None:
    record = tmp_path / "one.json"
    args = ("play", "piedmont", "--deals", str(write_deals(1)), "--seed", "5", "--record", str(record))
    result = invoke(*args, input=play_lines([], autos=100))
    assert result.exit_code == 0, result.output
    assert "1 hands; the other 3 hands are shuffled" in result.output
    data = load(record)
    assert data["hands"][0]["deal"] == deal.to_json()
    assert replay(data).complete


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{not json", "not a JSON file"),
        (json.dumps({"format": "tarocchi-record", "game": "taroux", "first_dealer": 0}), "not 'piedmont'"),
        (json.dumps({"game": "piedmont"}), "not a tarocchi record"),
        (json.dumps({"format": "tarocchi-record", "game": "piedmont", "first_dealer": 9}), "seat 0..3"),
    ],
)
def test_bad_deals_files_are_usage_errors(
    invoke: Callable[..., Result], tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "deals.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = invoke("play", "piedmont", "--deals", str(path), input="quit\n")
    assert result.exit_code == 2
    assert "Invalid value for '--deals'" in result.output and message in result.output


def test_a_deal_with_a_card_twice_is_refused_before_play(
    invoke: Callable[..., Result], write_deals: Callable[[int], Path]
) -> None:
    path = write_deals(4)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hands"][2]["deal"]["stock"] = "KE 4E 3E 2E"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("play", "piedmont", "--deals", str(path), input="quit\n")
    assert result.exit_code == 2
    assert "hand 3: bad deal: KE is dealt twice" in result.output
    assert "Hand 1 of 4" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "chess"), "unknown game 'chess'; the games are: piedmont"),
        (("play", "piedmont", "--option", "good_evil=maybe"), "must be one of trumps, allegiance"),
        (("play", "piedmont", "--option", "colour=red"), "piedmont has no option 'colour'"),
        (("play", "piedmont", "--option", "good_evil"), "options are written name=value"),
        (("play", "piedmont", "--seat", "4"), "piedmont seats are 0..3 (got 4)"),
        (("play", "piedmont", "--seat", "-1"), "piedmont seats are 0..3 (got -1)"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(
    invoke: Callable[..., Result], args: tuple[str, ...], message: str
) -> None:
    result = invoke(*args, input="quit\n")
    assert result.exit_code == 2
    assert message in result.output


def test_a_refused_discard_of_many_cards_names_only_a_few_of_those_not_applied(
    invoke: Callable[..., Result], write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    record = tmp_path / "many.json"
    args = ("play", "piedmont", "--deals", str(write_deals(4)), "--seed", "3", "--record", str(record))
    many = "discard 2E KE 8E 7E 6E AE 9A 8A 9F 8F 10W 9W T21 T20 T19 T18"
    result = invoke(*args, input=f"{many}\n")
    refusal = [line for line in result.output.splitlines() if line.startswith("discard KE: ")]
    assert refusal == [
        "discard KE: Kings, Aces and Honours (the Magician, the World, the Fool) may not be discarded. "
        "Nothing applied (discard 2E KE 8E 7E 6E AE and 10 more)."
    ]
    assert load(record)["hands"][0]["actions"] == []


def test_hostile_lines_through_the_command_get_one_line_each_and_the_record_is_kept(
    invoke: Callable[..., Result], write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    record = tmp_path / "hostile.json"
    args = ("play", "piedmont", "--deals", str(write_deals(4)), "--seed", "3", "--record", str(record))
    lines = ["\x1b]0;pwned\x07", "²", "--5", "9" * 5_000, "T" + "x" * 1_000_000, "discard 2E"]
    result = invoke(*args, input="\n".join(lines) + "\n")
    out = result.output
    assert result.exit_code == 0
    assert "\x1b" not in out and "\\x1b]0;pwned\\x07' is not a card" in out
    assert "'²' is not a card" in out and "'--5' is not a card" in out
    assert out.count("A line may hold at most 200 characters; that one was longer.") == 2
    assert max(len(line) for line in out.splitlines()) <= 300
    assert load(record)["hands"][0]["actions"] == [[0, "discard 2E"]]
