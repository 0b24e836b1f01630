"""Terminal rendering of views, events and score sheets, from the protocol's data only.

Suit names, symbols and colours come from the deck's ``Suit`` data; seat names and the log's
words from ``tarocchi.present``, which the server shares: nothing here knows a game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from tarocchi.core.actions import Discard, Play
from tarocchi.core.cards import FOOL_SUIT, TRUMPS, Card, CardSet, Deck
from tarocchi.core.events import Event
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game, HandResult
from tarocchi.core.views import PlayerView, TrickView
from tarocchi.core.words import plural
from tarocchi.present import log
from tarocchi.present.log import LogLine

TRUMP_STYLE = "bold magenta"
FOOL_STYLE = "bold cyan"


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
    text = Text()
    for card in cards:
        if text:
            text.append(" ")
        text.append(card.code, style=card_style(deck, card))
    return text if text else Text(empty, style="dim")


def in_hand_order(
    deck: Deck, cards: Iterable[Card], game: Game[Any] | None = None, view: PlayerView | None = None
) -> list[Card]:
    """The order a hand is shown in: the game's (``Game.hand_order``, which may read the trump
    from ``view``), else the deck's (suits as listed, then trumps, then the Fool; high to low)."""
    if game is None:
        return deck.in_hand_order(cards)
    return game.hand_order(cards, view)


def hand_lines(
    deck: Deck, hand: CardSet, game: Game[Any] | None = None, view: PlayerView | None = None
) -> list[Text]:
    """One line per suit, in the game's order (a trump suit first and marked), then the trumps,
    then the Fool (if held); the cards of each in the game's order."""
    order = in_hand_order(deck, deck.cards, game, view)
    trump = game.trump_suit(view) if game is not None and view is not None else None
    suits = sorted(deck.suits, key=lambda s: next((i for i, c in enumerate(order) if c.suit == s.letter), 0))
    names = [f"{s.name} (trump)" if s.letter == trump else s.name for s in suits]
    width = max(7, *(len(name) for name in names))
    held = in_hand_order(deck, hand, game, view)
    lines = []
    for suit, name in zip(suits, names, strict=True):
        line = Text(f"  {suit.symbol} {name:<{width}} ", style=suit.colour)
        line.append_text(cards_text(deck, (c for c in held if c.suit == suit.letter), "void"))
        lines.append(line)
    trumps = [c for c in held if c.suit == TRUMPS]
    if any(c.suit == TRUMPS for c in deck.cards):  # a pack with trumps: show a void in them too
        line = Text("  T Trumps  ", style=TRUMP_STYLE)
        line.append_text(cards_text(deck, trumps, "none"))
        lines.append(line)
    fool = [c for c in hand if c.suit == FOOL_SUIT]
    if fool:
        line = Text("  * Fool    ", style=FOOL_STYLE)
        line.append_text(cards_text(deck, fool))
        lines.append(line)
    return lines


def plays_text(seating: Seating, deck: Deck, plays: Sequence[tuple[int, Card]]) -> Text:
    text = Line()
    for seat, card in plays:
        if text:
            text.append(" · ")
        text.append_text(seating.text(seat))
        text.append(" ")
        text.append(card.code, style=card_style(deck, card))
    return text


def trick_text(seating: Seating, deck: Deck, trick: TrickView, number: int) -> Text:
    """``Trick 3: West 7E · North 5E`` (and who won, for a finished trick)."""
    text = Line()
    text.append(f"Trick {number}: ", style="bold")
    if not trick.plays:
        text.append_text(seating.text(trick.leader))
        text.append(" to lead")
        return text
    text.append_text(plays_text(seating, deck, trick.plays))
    if trick.winner is not None:
        text.append("  → won by ")
        text.append_text(seating.text(trick.winner))
    return text


def text_of(deck: Deck, line: LogLine) -> Line:
    """A line of the log (``present.log``) as coloured text: each card in its suit's colour."""
    text = Line(style=line.style)
    for piece in line.pieces:
        card = piece.card
        text.append(piece.text, style=piece.style if card is None else card_style(deck, card))
    return text


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


MAX_CALLS_SHOWN = 12
"""Beyond this many calls (an auction's bids), the line names a few and says how many more."""


_NUMBERED = re.compile(r"^(.+ )([0-9]{1,9})$")


def _number_runs(calls: list[str]) -> list[str]:
    """``throw 0``, ``throw 1`` ... ``throw 63`` become ``throw 0..63`` (runs of consecutive
    amounts of one call; a bid's partners too: ``90 H without 0..4``), in the order the calls
    first appear."""
    runs: dict[str, list[int]] = {}
    order: list[str] = []
    for call in calls:
        match = _NUMBERED.match(call)
        key = match.group(1) if match else call
        if key not in runs:
            runs[key] = []
            order.append(key)
        if match:
            runs[key].append(int(match.group(2)))
    out = []
    for key in order:
        numbers = runs[key]
        if not numbers:
            out.append(key)
        elif len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
            out.append(f"{key}{numbers[0]}..{numbers[-1]}")
        else:
            out.extend(f"{key}{n}" for n in numbers)
    return out


def legal_text(deck: Deck, view: PlayerView, every: bool = False, game: Game[Any] | None = None) -> Text:
    """The legal moves in notation, grouped: cards to play, cards to discard, calls. A long list
    of calls is cut short, or said in a few words by the game (``Game.legal_summary``: an
    auction's hundreds of bids), unless ``every`` (``legal all``) asks for all of them."""
    legal = view.legal_actions
    if game is not None and not every:
        summary = game.legal_summary(legal)
        if summary is not None:
            return Text(summary, style="bold")
    plays = [a.card for a in legal if isinstance(a, Play)]
    if plays and len(plays) == len(legal) and len(plays) == len(view.hand) > 1:
        return Text("any card")
    parts: list[Text] = []
    if plays:
        parts.append(cards_text(deck, in_hand_order(deck, plays, game, view)))
    discards = [a.card for a in legal if isinstance(a, Discard)]
    if discards:
        part = Text("discard ")
        part.append_text(cards_text(deck, in_hand_order(deck, discards, game, view)))
        parts.append(part)
    others = _number_runs([str(a) for a in legal if not isinstance(a, Play | Discard)])
    if len(others) > MAX_CALLS_SHOWN and not every:
        shown = [*others[: MAX_CALLS_SHOWN // 2], "…", *others[-2:]]
        part = Text(" | ".join(shown), style="bold")
        part.append(f"  ({len(others)} in all; legal all lists them)", style="dim")
        parts.append(part)
    elif others:
        parts.append(Text(" | ".join(others), style="bold"))
    return Text(" ; ").join(parts)


def status_lines(game: Game[Any], seating: Seating, view: PlayerView) -> list[Text]:
    """What a player wants to see before deciding: hand, table, public facts, legal moves."""
    deck = game.deck
    seating.follow(view)
    lines: list[Text] = [
        line_of(f"Hand {view.hand_number} of {game.hands_per_game()} · {view.phase_name}", "bold")
    ]
    facts = [(label, value) for label, value in view.public if label not in RUNNING_LABELS]
    if facts:
        facts_text = " · ".join(f"{label}: {value}" for label, value in facts)
        lines.append(line_of(seating.words(facts_text), "dim"))
    lines.extend(running_lines(seating, view))
    lines.append(line_of(f"Your hand, {seating.label(view.seat)}, {plural(len(view.hand), 'card')}:"))
    lines.extend(hand_lines(deck, view.hand, game, view))
    for label, cards in view.known:
        line = Line(f"{label[:1].upper()}{label[1:]}: ")
        line.append_text(cards_text(deck, in_hand_order(deck, cards, game, view)))
        lines.append(line)
    if view.trick is not None:
        lines.append(trick_text(seating, deck, view.trick, len(view.tricks) + 1))
    turn = Line("To act: ")
    turn.append_text(seating.text(view.to_act))
    turn.append(" · legal: ")
    turn.append_text(legal_text(deck, view, game=game))
    lines.append(turn)
    return lines


RUNNING_LABELS = ("tricks won", "card points", "needed")
"""The labels of the running state among a view's public facts (docs/design.md)."""


def running_lines(seating: Seating, view: PlayerView, totals: bool = True) -> list[Text]:
    """The running state of the hand: tricks won and card points per side, the points the
    declaring side still needs (each as the view states them), and (``totals``) the game totals
    so far, once a hand has been scored."""
    lines: list[Text] = []
    running = [(label, value) for label, value in view.public if label in RUNNING_LABELS]
    if running:
        lines.append(
            line_of(" · ".join(f"{label[:1].upper()}{label[1:]}: {value}" for label, value in running))
        )
    if totals and (any(view.scores) or view.hand_number > 1):
        game = Line("Game totals: ")
        for seat, total in enumerate(view.scores):
            if seat:
                game.append(", ")
            game.append_text(seating.text(seat))
            game.append(f" {total}")
        lines.append(game)
    return lines


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
