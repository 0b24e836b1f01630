"""Issue 18: the log names sides and bids the way players say them. Once the sides are public the
other side's seats are marked partners (Sicilian Defenders too, never a hidden partner before S7
lets it be known); bids, offers, takes and shows read as sentences. Golden text written by hand."""

from __future__ import annotations

import random
from io import StringIO

from rich.console import Console
from rich.text import Text

import tarocchi
from tarocchi.cli.render import Seating, event_text
from tarocchi.core.actions import Action
from tarocchi.core.cards import Card
from tarocchi.core.events import PUBLIC, Event
from tarocchi.core.protocol import Deal, HandContext
from tarocchi.games.sicilian.actions import Offer, Rally, Take
from tarocchi.games.taroinche.bidding import Bid
from tarocchi.games.taroux.actions import Show

HIDDEN = """
0: KD KB KS 5C T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 QC CC VC 10C 9C
2: QD CD VD 10D 9D 8D 7D 6D 5D QB CB VB 10B 9B 8B
3: KC FOOL 8C 7C 6C 7B 6B 5B QS CS VS 10S 9S 8S 7S
stock: 6S 5S AS
"""
"""Sicilian: South props and rallies KC, which East holds; East (dealer) discards 6S 5S AS."""
RALLIED = (
    "silent, silent, silent, silent, pass, pass, pass, pass, discard 6S, discard 5S, discard AS, "
    "prop, pass, pass, pass, rally KC, 5C, QC, 5D, FOOL, 9C, 6D"
)


def text(line: Text) -> str:
    console = Console(width=200, file=StringIO(), color_system=None)
    console.print(line, soft_wrap=True)
    return console.file.getvalue().rstrip()


def test_sicilian_defenders_are_partners_once_the_rallied_partner_is_known() -> None:
    """S7: West and North defend against South and East. Before KC falls West knows no side
    (North might be the partner), so nobody is marked; after it, North is West's partner."""
    g = tarocchi.get_game("sicilian")
    state = g.initial_state(Deal.parse(g.deck, HIDDEN), HandContext(1, 3, (0,) * 4))
    for move in RALLIED.split(", "):
        state = g.apply(state, g.parse_action(move))
    west, north = Seating(g, 1), Seating(g, 2)
    for seating in (west, north):
        seating.follow(g.view(state, seating.me))
    assert [west.label(s) for s in (0, 2, 3)] == ["South", "North", "East"]
    state = g.apply(state, g.parse_action("KC"))
    for seating in (west, north):
        seating.follow(g.view(state, seating.me))
    assert [west.label(s) for s in (0, 2, 3)] == ["South", "North (partner)", "East"]
    assert [north.label(s) for s in (0, 1, 3)] == ["South", "West (partner)", "East"]


def line(game_id: str, me: int, seat: int, action: Action) -> str:
    """The log line of ``seat`` taking ``action``, as seat ``me`` reads it (the cards dealt do not
    change how an action is said, so any deal will do)."""
    g = tarocchi.get_game(game_id)
    state = g.initial_state(g.deal(random.Random(0), 0), HandContext(1, 0, (0,) * g.players))
    return text(event_text(Seating(g, me), g.deck, Event(seat, action, PUBLIC), g.view(state, me)))


def card(game_id: str, code: str) -> Card:
    return tarocchi.get_game(game_id).deck.card(code)


def test_taroinche_bids_read_as_sentences() -> None:
    """B3: value, trump, dog mode and partner; a bidder naming himself bids alone."""
    assert line("taroinche", 0, 1, Bid(90, 1, 2, 3)) == "West bids 90 ♥ without the dog, partner North-East"
    assert line("taroinche", 3, 1, Bid(90, 1, 2, 3)) == "West bids 90 ♥ without the dog, partner you"
    assert line("taroinche", 0, 0, Bid(250, 4, 1, 0)) == "South (you) bids capot No-trump with the dog, alone"


def test_sicilian_offers_takes_and_rally_read_as_sentences() -> None:
    """S3: ``throw N`` asks to be paid N to throw in, ``pay N`` offers N; S7: the rally."""
    assert line("sicilian", 0, 1, Offer("throw", 20)) == "West offers to throw in for 20"
    assert line("sicilian", 0, 2, Offer("pay", 10)) == "North offers to pay 10 to throw in"
    assert line("sicilian", 0, 3, Take(1)) == "East takes West's offer"
    assert line("sicilian", 1, 3, Take(1)) == "East takes your offer"
    rally = Rally(card("sicilian", "KC"))
    assert line("sicilian", 2, 0, rally) == "South rallies KC: its holder is the Declarer's hidden partner"


def test_taroux_shows_read_as_sentences() -> None:
    """T6: a trump shown for an Abundance."""
    assert line("taroux", 1, 0, Show(card("taroux", "T14"))) == "Seat 0 shows T14 for an Abundance"
