"""The log says bids, offers, takes and shows the way players say them (the sides marked
once public are tested in test_render_80). Golden text written by hand."""

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
from tarocchi.core.protocol import HandContext
from tarocchi.games.sicilian.actions import Offer, Rally, Take
from tarocchi.games.taroinche.bidding import Bid
from tarocchi.games.taroux.actions import Show


def text(line: Text) -> str:
    console = Console(width=200, file=StringIO(), color_system=None)
    console.print(line, soft_wrap=True)
    return console.file.getvalue().rstrip()


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
