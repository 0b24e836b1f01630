"""Terminal rendering of views, events and score sheets, from the protocol's data only.

Suit names, symbols and colours come from the deck's ``Suit`` data, seat names from
``game.seat_name`` and side names from ``game.info.side_names``: nothing here knows a game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from tarocchi.core.actions import Call, Discard, Play
from tarocchi.core.cards import FOOL_SUIT, TRUMPS, Card, CardSet, Deck
from tarocchi.core.events import Event
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game, HandResult
from tarocchi.core.views import PlayerView, TrickView

TRUMP_STYLE = "bold magenta"
FOOL_STYLE = "bold cyan"
# ASCII digits only: `\d` also matches digits of other scripts, which int() reads or refuses.
_WINS_TRICK = re.compile(r"wins trick ([0-9]{1,4})$")


def partnerships(game: Game[Any]) -> tuple[tuple[int, ...], ...]:
    """The game's fixed partnerships (empty if it has none)."""
    return game.info.partnerships


class Seating:
    """Names seats from one player's chair: ``South (you)``, ``North (partner)``."""

    def __init__(self, game: Game[Any], me: int | None) -> None:
        self.game = game
        self.me = me
        self.sides = partnerships(game)
        self.partners: frozenset[int] = frozenset()
        if me is not None:
            for side in self.sides:
                if me in side:
                    self.partners = frozenset(side) - {me}

    def label(self, seat: int | None) -> str:
        if seat is None:
            return "the table"
        name = self.game.seat_name(seat)
        if seat == self.me:
            return f"{name} (you)"
        if seat in self.partners:
            return f"{name} (partner)"
        return name

    def style(self, seat: int | None) -> str:
        if seat is not None and seat == self.me:
            return "bold"
        return "cyan" if seat in self.partners else ""

    def text(self, seat: int | None) -> Text:
        return Text(self.label(seat), style=self.style(seat))

    def side_name(self, side: int | None) -> str:
        names = self.game.info.side_names
        if side is None:
            return ""
        return names[side] if side < len(names) else f"side {side}"


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


def in_hand_order(deck: Deck, cards: Iterable[Card]) -> list[Card]:
    """The order a hand is shown in: suits as the deck lists them, then trumps, then the Fool;
    high to low within each (equal ranks, like Good and Evil, keep the pack's order)."""
    groups = {suit.letter: i for i, suit in enumerate(deck.suits)}
    groups[TRUMPS] = len(groups)

    def key(card: Card) -> tuple[int, int, int]:
        return groups.get(card.suit, len(deck.suits) + 1), -card.rank, card.index

    return sorted(cards, key=key)


def hand_lines(deck: Deck, hand: CardSet) -> list[Text]:
    """One line per suit, high to low, then the trumps, then the Fool (if held)."""
    lines = []
    for suit in deck.suits:
        line = Text(f"  {suit.symbol} {suit.name:<7} ", style=suit.colour)
        line.append_text(
            cards_text(deck, in_hand_order(deck, (c for c in hand if c.suit == suit.letter)), "void")
        )
        lines.append(line)
    trumps = in_hand_order(deck, (c for c in hand if c.suit == TRUMPS))
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
    text = Text()
    for seat, card in plays:
        if text:
            text.append(" · ")
        text.append_text(seating.text(seat))
        text.append(" ")
        text.append(card.code, style=card_style(deck, card))
    return text


def trick_text(seating: Seating, deck: Deck, trick: TrickView, number: int) -> Text:
    """``Trick 3: West 7E · North 5E`` (and who won, for a finished trick)."""
    text = Text(f"Trick {number}: ", style="bold")
    if not trick.plays:
        text.append_text(seating.text(trick.leader))
        text.append(" to lead")
        return text
    text.append_text(plays_text(seating, deck, trick.plays))
    if trick.winner is not None:
        text.append("  → won by ")
        text.append_text(seating.text(trick.winner))
    return text


def event_text(seating: Seating, deck: Deck, event: Event, view: PlayerView) -> Text:
    """One event as a line: ``West plays 7E``, ``South (you) wins trick 1 with KE``; a note of the
    rules themselves (no seat) stands alone."""
    if event.seat is None and event.action is None:
        return Text(event.note[:1].upper() + event.note[1:], style="italic")
    text = seating.text(event.seat)
    action = event.action
    if isinstance(action, Play):
        text.append(" plays ")
        text.append(action.card.code, style=card_style(deck, action.card))
    elif isinstance(action, Discard):
        text.append(" discards ")
        text.append(action.card.code, style=card_style(deck, action.card))
    elif isinstance(action, Call):
        text.append(f" calls '{action.word}'", style="bold")
    elif action is not None:
        text.append(f": {action}")
    else:
        won = _WINS_TRICK.match(event.note)
        number = int(won.group(1)) if won else 0
        if won and 0 < number <= len(view.tricks):
            text.append(f" wins trick {number}", style="bold")
            cards = [card for seat, card in view.tricks[number - 1].plays if seat == event.seat]
            if cards:
                text.append(" with ")
                text.append(cards[-1].code, style=card_style(deck, cards[-1]))
        else:
            text.append(f" {event.note}")
    return text


MAX_CALLS_SHOWN = 12
"""Beyond this many calls (an auction's bids), the line names a few and says how many more."""


_NUMBERED = re.compile(r"^([^0-9]+ )([0-9]{1,9})$")


def _number_runs(calls: list[str]) -> list[str]:
    """``throw 0``, ``throw 1`` ... ``throw 63`` become ``throw 0..63`` (runs of consecutive
    amounts of one call), in the order the calls first appear."""
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


def legal_text(deck: Deck, view: PlayerView, every: bool = False) -> Text:
    """The legal moves in notation, grouped: cards to play, cards to discard, calls. A long list
    of calls is cut short unless ``every`` (the ``legal`` command) asks for all of them."""
    legal = view.legal_actions
    plays = [a.card for a in legal if isinstance(a, Play)]
    if plays and len(plays) == len(legal) and len(plays) == len(view.hand) > 1:
        return Text("any card")
    parts: list[Text] = []
    if plays:
        parts.append(cards_text(deck, in_hand_order(deck, plays)))
    discards = [a.card for a in legal if isinstance(a, Discard)]
    if discards:
        part = Text("discard ")
        part.append_text(cards_text(deck, in_hand_order(deck, discards)))
        parts.append(part)
    others = _number_runs([str(a) for a in legal if not isinstance(a, Play | Discard)])
    if len(others) > MAX_CALLS_SHOWN and not every:
        shown = [*others[: MAX_CALLS_SHOWN // 2], "…", *others[-2:]]
        part = Text(" | ".join(shown), style="bold")
        part.append(f"  ({len(others)} in all; type legal to list them)", style="dim")
        parts.append(part)
    elif others:
        parts.append(Text(" | ".join(others), style="bold"))
    return Text(" ; ").join(parts)


def status_lines(game: Game[Any], seating: Seating, view: PlayerView) -> list[Text]:
    """What a player wants to see before deciding: hand, table, public facts, legal moves."""
    deck = game.deck
    lines = [Text(f"Hand {view.hand_number} of {game.hands_per_game()} · {view.phase}", style="bold")]
    if view.public:
        lines.append(Text(" · ".join(f"{label}: {value}" for label, value in view.public), style="dim"))
    lines.append(Text(f"Your hand, {seating.label(view.seat)}, {len(view.hand)} cards:"))
    lines.extend(hand_lines(deck, view.hand))
    for label, cards in view.known:
        line = Text(f"{label[:1].upper()}{label[1:]}: ")
        line.append_text(cards_text(deck, in_hand_order(deck, cards)))
        lines.append(line)
    if view.trick is not None:
        lines.append(trick_text(seating, deck, view.trick, len(view.tricks) + 1))
    turn = Text("To act: ")
    turn.append_text(seating.text(view.to_act))
    turn.append(" · legal: ")
    turn.append_text(legal_text(deck, view))
    lines.append(turn)
    return lines


def result_table(seating: Seating, result: HandResult, number: int) -> Table:
    """A hand's score sheet, line by line as the game labels it."""
    table = Table(title=f"Hand {number}", title_justify="left", show_header=True)
    table.add_column("")
    table.add_column("side")
    table.add_column("points", justify="right")
    for line in result.lines:
        table.add_row(Text(line.label), seating.side_name(line.side), str(line.value))
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
    winners = match.winners()
    text = Text("Winner: " if len(winners) == 1 else "Winners: ", style="bold")
    text.append_text(Text(", ").join(seating.text(seat) for seat in winners))
    side = next((i for i, members in enumerate(seating.sides) if set(members) == set(winners)), None)
    if side is not None:
        text.append(f" ({seating.side_name(side)})")
    text.append(f" with {match.totals[winners[0]]}")
    if seating.me in winners:
        text.append(" — well played!", style="bold green")
    return text
