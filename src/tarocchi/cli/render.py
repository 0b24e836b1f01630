"""Terminal rendering of views, events and score sheets, from the protocol's data only.

Suit names, symbols and colours come from the deck's ``Suit`` data; seat names, the log's words
and the table's from ``tarocchi.present``, which the server and the research environments share:
here they are only coloured, and nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from tarocchi.core.cards import FOOL_SUIT, Card, CardSet, Deck
from tarocchi.core.events import Event
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game, HandResult
from tarocchi.core.views import PlayerView, TrickView
from tarocchi.present import log, table
from tarocchi.present.log import LogLine
from tarocchi.present.table import FOOL_STYLE, TRUMP_STYLE


class _Wrapped:
    """What a ``Line`` renders as: its text, wrapped at word boundaries to the width given."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = self.text.copy()  # a plain Text: it wraps itself even under soft_wrap
        text.no_wrap = False
        text.overflow = "fold"
        yield text


class Line(Text):
    """A line of the table that rich wraps at word boundaries to the console's width (a word
    longer than the width is folded), even when printed with ``soft_wrap=True``, which would
    otherwise leave the cut to the terminal, in the middle of a word."""

    def __rich__(self) -> _Wrapped:
        return _Wrapped(self)


def line_of(text: Text | str, style: str = "") -> Line:
    """``text`` as a ``Line``."""
    line = Line(style=style)
    line.append_text(Text(text) if isinstance(text, str) else text)
    return line


class Seating(log.Seating):
    """``present.log.Seating`` with a seat's name as coloured text."""

    def text(self, seat: int | None) -> Text:
        return Text(self.label(seat), style=self.style(seat))


def card_style(deck: Deck, card: Card) -> str:
    suit = deck.suit(card.suit)
    if suit is not None:
        return suit.colour
    return FOOL_STYLE if card.suit == FOOL_SUIT else TRUMP_STYLE


def cards_text(deck: Deck, cards: Iterable[Card], empty: str = "-") -> Text:
    """Card codes, each in its suit's colour."""
    return text_of(deck, LogLine().cards(cards, empty))


def text_of(deck: Deck, line: LogLine) -> Line:
    """A line of words (``present``) as coloured text: each card in its suit's colour."""
    text = Line(style=line.style)
    for piece in line.pieces:
        card = piece.card
        text.append(piece.text, style=piece.style if card is None else card_style(deck, card))
    return text


def hand_lines(
    deck: Deck, hand: CardSet, game: Game[Any] | None = None, view: PlayerView | None = None
) -> list[Text]:
    """The hand, a line per suit (``present.table.hand_lines``)."""
    return [text_of(deck, line) for line in table.hand_lines(deck, hand, game, view)]


def trick_text(seating: Seating, deck: Deck, trick: TrickView, number: int) -> Text:
    """``Trick 3: West 7E · North 5E`` (``present.table.trick_line``)."""
    return text_of(deck, table.trick_line(seating, trick, number))


def event_text(seating: Seating, deck: Deck, event: Event, view: PlayerView) -> Text:
    """One event as a line (``present.log.event_text``)."""
    return text_of(deck, log.event_text(seating, event, view))


def event_line(seating: Seating, deck: Deck, view: PlayerView, i: int) -> Text | None:
    """The line of the view's event ``i`` (``present.log.event_line``)."""
    line = log.event_line(seating, view, i)
    return None if line is None else text_of(deck, line)


def events_lines(seating: Seating, deck: Deck, view: PlayerView, start: int = 0) -> list[Text]:
    """The view's events from ``start`` as lines (``present.log.events_lines``)."""
    return [text_of(deck, line) for line in log.events_lines(seating, view, start)]


def legal_text(deck: Deck, view: PlayerView, every: bool = False, game: Game[Any] | None = None) -> Text:
    """The legal moves in notation, grouped (``present.table.legal_line``)."""
    return text_of(deck, table.legal_line(deck, view, every, game))


def status_lines(game: Game[Any], seating: Seating, view: PlayerView) -> list[Text]:
    """What a player wants to see before deciding (``present.table.status_lines``)."""
    return [text_of(game.deck, line) for line in table.status_lines(game, seating, view)]


def running_lines(seating: Seating, view: PlayerView, totals: bool = True) -> list[Text]:
    """The running state of the hand and the game totals (``present.table.running_lines``)."""
    return [text_of(seating.game.deck, line) for line in table.running_lines(seating, view, totals)]


def result_table(seating: Seating, result: HandResult, number: int) -> Table:
    """A hand's score sheet, line by line as the game labels it."""
    table = Table(title=f"Hand {number}", title_justify="left", show_header=True)
    table.add_column("")
    table.add_column("side")
    table.add_column("points", justify="right")
    for line in result.lines:
        table.add_row(Text(seating.words(line.label)), seating.side_name(line.side), str(line.value))
    return table


def totals_table(seating: Seating, match: Match, last_hand: bool = True) -> Table:
    """Each seat's points in the last finished hand and its running total."""
    game = match.game
    table = Table(title="Totals", title_justify="left")
    table.add_column("seat")
    if last_hand:
        table.add_column("this hand", justify="right")
    table.add_column("total", justify="right")
    results = [h.result for h in match.hands if h.result is not None]
    for seat in range(game.players):
        row: list[Text | str] = [seating.text(seat)]
        if last_hand:
            row.append(f"{results[-1].scores[seat]:+d}" if results else "")
        row.append(str(match.totals[seat]))
        table.add_row(*row)
    return table


def score_sheet(seating: Seating, match: Match) -> Table:
    """Every finished hand's game points per seat, and the totals so far."""
    game = match.game
    table = Table(title="Score sheet", title_justify="left")
    table.add_column("hand")
    table.add_column("dealer")
    for seat in range(game.players):
        table.add_column(seating.text(seat), justify="right")
    for hand in match.hands:
        dealer = game.seat_name(hand.dealer)
        if hand.result is None:
            table.add_row(str(hand.number), dealer, *(["…"] * game.players))
        else:
            table.add_row(str(hand.number), dealer, *(f"{s:+d}" for s in hand.result.scores))
    table.add_row(Text("total", style="bold"), "", *(str(t) for t in match.totals))
    return table


def winners_text(seating: Seating, match: Match) -> Text:
    """``South and North win with 34`` (the winners by seat: a game's roles, such as Declarers,
    change from hand to hand and name nobody at the end), ``West wins with 12``."""
    winners = match.winners()
    text = Line()
    for i, seat in enumerate(winners):
        if i:
            text.append(" and " if i == len(winners) - 1 else ", ")
        text.append_text(seating.text(seat))
    text.append(" wins" if len(winners) == 1 else " win", style="bold")
    text.append(f" with {match.totals[winners[0]]}")
    if seating.me in winners:
        text.append(" — well played!", style="bold green")
    return text
