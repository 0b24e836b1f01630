"""The table at 80 columns. Lines wrap at word boundaries (never mid-word), even when
printed with ``soft_wrap=True`` as the table prints them; the running state, the partner once
public, one line per face-down discard, the winners by seat. Golden text written by hand."""

from __future__ import annotations

from io import StringIO
from typing import Any

from rich.console import Console
from rich.text import Text

import tarocchi
from tarocchi.cli.render import Seating, events_lines, line_of, status_lines, winners_text
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal, Game, HandContext

TOP_TRUMPS = """
0: T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: KE QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E
2: KA QA CA JA 10A 9A 8A 7A 6A 5A 4A 3A
3: KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F
4: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W
5: T1 T2 T3 T4 T5 T6 T7 T8 T9 FOOL 2E AE
stock: 2A AA 2F AF 2W AW
"""
"""Taroux: seat 0 holds the twelve top trumps; dealer 5, so seat 0 speaks first."""


def taroux(moves: str) -> tuple[Game[Any], Any]:
    g = tarocchi.get_game("taroux")
    state = g.initial_state(Deal.parse(g.deck, TOP_TRUMPS), HandContext(1, 5, (0,) * 6))
    for text in (m.strip() for m in moves.split(",")):
        state = g.apply(state, g.parse_action(text, state))
    return g, state


def printed(lines: list[Text], width: int = 80) -> str:
    """What the table prints: each line with soft_wrap=True, as play.py does; trailing blanks cut."""
    console = Console(width=width, file=StringIO(), color_system=None)
    for line in lines:
        console.print(line, soft_wrap=True)
    out = console.file.getvalue()
    assert isinstance(out, str)
    return "\n".join(row.rstrip() for row in out.splitlines())


WITHOUT = "without, pass, pass, pass, pass, pass, done, done, done, done, done, done"


def test_status_lines_wrap_on_words_at_80_columns_and_show_the_running_state():
    g, state = taroux(f"{WITHOUT}, T21, KE, KA, KF, KW, FOOL, T20")
    out = printed(status_lines(g, Seating(g, 1), g.view(state, 1)))
    assert out == (
        "Hand 1 of 6 · play\n"
        "dealer: Seat 5 · contract: We'll Take Without by Seat 0 · declarers: Seat 0 and\n"
        "Seat 3\n"
        "Tricks won: Declarers 1, Defenders 0 · Card points: Declarers 23, Defenders 5 ·\n"
        "Needed: Declarers 28 more points for the target 51\n"
        "Your hand, Seat 1 (you), 11 cards:\n"
        "  ♣ Earth   QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E\n"
        "  ♦ Air     void\n"
        "  ♥ Fire    void\n"
        "  ♠ Water   void\n"
        "  T Trumps  none\n"
        "Trick 2: Seat 0 T20\n"
        "To act: Seat 1 (you) · legal: any card"
    )


def test_a_long_line_never_cuts_a_word():
    text = "word " * 30 + "the-end"
    out = printed([line_of(text)], width=37)
    assert all(len(row) <= 37 for row in out.splitlines())
    assert out.split() == text.split()


def test_the_auction_is_shown_while_it_runs_not_in_every_header_after():
    g, state = taroux("without, pass, pass")
    assert "auction: Seat 0 without, Seat 1 pass, Seat 2 pass" in printed(
        status_lines(g, Seating(g, 3), g.view(state, 3))
    )
    g, state = taroux(WITHOUT)
    assert "auction" not in printed(status_lines(g, Seating(g, 3), g.view(state, 3)))


def test_one_line_per_declarers_discard_and_each_says_face_down():
    g, state = taroux("take, pass, pass, pass, pass, pass, first, 2A, AA, 2F")
    mine = g.view(state, 0)
    start = len(mine.events) - 3 - 3  # the discards' private and public events
    assert (
        printed(events_lines(Seating(g, 0), g.deck, mine, start))
        == "Seat 0 (you) discards 2A AA 2F face down"
    )
    theirs = g.view(state, None)
    assert printed(events_lines(Seating(g, None), g.deck, theirs, len(theirs.events) - 3)) == (
        "Seat 0 discards 3 cards face down"
    )
    g, one = taroux("take, pass, pass, pass, pass, pass, first, 2A")
    assert "discards" not in printed(events_lines(Seating(g, 0), g.deck, g.view(one, 0)))  # more to come


HIDDEN = """
0: KD KB KS 5C T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 QC CC VC 10C 9C
2: QD CD VD 10D 9D 8D 7D 6D 5D QB CB VB 10B 9B 8B
3: KC FOOL 8C 7C 6C 7B 6B 5B QS CS VS 10S 9S 8S 7S
stock: 6S 5S AS
"""
"""Sicilian: South props and rallies KC, which East holds; East (dealer) discards 6S 5S AS."""
RALLIED = (
    "silent, silent, silent, silent, pass, pass, pass, pass, 6S, 5S, AS, prop, pass, pass, pass, rally KC"
)


def test_the_rallied_partner_is_marked_only_once_public():
    g = tarocchi.get_game("sicilian")
    state = g.initial_state(Deal.parse(g.deck, HIDDEN), HandContext(1, 3, (0,) * 4))
    for text in [*RALLIED.split(", "), "5C", "QC", "5D", "FOOL", "9C", "6D"]:
        state = g.apply(state, g.parse_action(text, state))
    south, east, west = Seating(g, 0), Seating(g, 3), Seating(g, 1)
    for seating in (south, east, west):
        seating.follow(g.view(state, seating.me))
    assert (south.label(3), west.label(0)) == ("East", "South")
    assert east.label(0) == "South (partner)"  # East alone knows: he holds KC
    state = g.apply(state, g.parse_action("KC", state))
    for seating in (south, east, west):
        seating.follow(g.view(state, seating.me))
    assert (south.label(3), east.label(0), west.label(0)) == ("East (partner)", "South (partner)", "South")
    # the sides are public now: West and North defend together
    assert (west.label(2), west.label(3)) == ("North (partner)", "East")


def test_no_defender_is_marked_while_the_rallied_partner_is_hidden():
    """Before KC falls West cannot tell North from East: either may be South's partner (S7)."""
    g = tarocchi.get_game("sicilian")
    state = g.initial_state(Deal.parse(g.deck, HIDDEN), HandContext(1, 3, (0,) * 4))
    for text in RALLIED.split(", "):
        state = g.apply(state, g.parse_action(text, state))
    west = Seating(g, 1)
    west.follow(g.view(state, 1))
    assert [west.label(s) for s in (0, 2, 3)] == ["South", "North", "East"]


def test_the_winners_are_named_by_seat():
    g = tarocchi.get_game("taroux")
    match = Match(g, first_dealer=5, deals=[Deal.parse(g.deck, TOP_TRUMPS)] * 6)
    match.totals = [120, -60, -60, 120, -60, -60]
    assert printed([winners_text(Seating(g, 1), match)]) == "Seat 0 and Seat 3 win with 120"
    match.totals = [30, -10, 0, 30, -10, -40]
    assert (
        printed([winners_text(Seating(g, 0), match)])
        == "Seat 0 (you) and Seat 3 (partner) win with 30 — well played!"
    )
    p = tarocchi.get_game("sicilian")
    single = Match(p, first_dealer=3, deals=[Deal.parse(p.deck, HIDDEN)] * 4)
    single.totals = [10, 30, -20, -20]
    assert printed([winners_text(Seating(p, 0), single)]) == "West wins with 30"


def test_the_players_own_name_in_a_note_is_you():
    g, state = taroux("without, pass, pass, pass, pass, pass")
    partner = g.view(state, 3)
    (declared,) = [e for e in partner.events if e.seat == 0 and e.action is None]
    assert printed(events_lines(Seating(g, 3), g.deck, partner, partner.events.index(declared))) == (
        "Seat 0 (partner) plays We'll Take Without, with you"
    )
    spectator = g.view(state, None)
    assert printed(events_lines(Seating(g, None), g.deck, spectator, len(spectator.events) - 1)) == (
        "Seat 0 plays We'll Take Without, with Seat 3"
    )
    assert Seating(g, 0).you("Seat 0 takes 2A AA 2F, Seat 3 AF 2W AW", first=False) == (
        "Seat 0 takes 2A AA 2F, Seat 3 AF 2W AW"
    )
    assert Seating(g, 3).you("for Seat 3's Fool, 8A goes to Seat 0") == "for your Fool, 8A goes to Seat 0"


def test_the_game_totals_show_once_a_hand_has_been_scored():
    g = tarocchi.get_game("taroux")
    context = HandContext(2, 0, (120, -60, -60, 120, -60, -60))
    state = g.initial_state(Deal.parse(g.deck, TOP_TRUMPS), context)
    out = printed(status_lines(g, Seating(g, 1), g.view(state, 1)))
    assert (
        "Game totals: Seat 0 120, Seat 1 (you) -60, Seat 2 -60, Seat 3 120, Seat 4\n"
        "(partner) -60, Seat 5 -60\n"
    ) in out
    fresh = g.initial_state(Deal.parse(g.deck, TOP_TRUMPS), HandContext(1, 5, (0,) * 6))
    assert "Game totals" not in printed(status_lines(g, Seating(g, 1), g.view(fresh, 1)))
