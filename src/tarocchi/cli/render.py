"""Terminal rendering of views, events and score sheets, from the protocol's data only.

Suit names, symbols and colours come from the deck's ``Suit`` data, seat names from
``game.seat_name`` and side names from ``game.info.side_names``: nothing here knows a game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from tarocchi.core.actions import Call, Discard, FaceDown, Play
from tarocchi.core.cards import FOOL_SUIT, TRUMPS, Card, CardSet, Deck
from tarocchi.core.events import PUBLIC, Event
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game, HandResult
from tarocchi.core.rulings import for_players
from tarocchi.core.views import PlayerView, TrickView
from tarocchi.core.words import plural

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


def partnerships(game: Game[Any]) -> tuple[tuple[int, ...], ...]:
    """The game's fixed partnerships (empty if it has none)."""
    return game.info.partnerships


class Seating:
    """Names seats from one player's chair: ``South (you)``, ``North (partner)``."""

    def __init__(self, game: Game[Any], me: int | None) -> None:
        self.game = game
        self.me = me
        self.sides = partnerships(game)
        self.fixed: frozenset[int] = frozenset()
        if me is not None:
            for side in self.sides:
                if me in side:
                    self.fixed = frozenset(side) - {me}
        self.partners = self.fixed

    def follow(self, view: PlayerView) -> None:
        """Mark the partners a hand's view makes known to this seat: the fixed partnerships of a
        game that has them; else, once play has begun and the sides are public (a Cop, a rallied
        partner revealed, a bid partner, a Declarer alone), the other side's seats are each
        other's partners.
        Read from the view's facts, so a hidden partner is never marked before the rules tell;
        the hidden partner himself knows, and sees the Declarer marked."""
        self.partners = self.fixed
        me = self.me
        if me is None or self.fixed:
            return
        if view.trick is None and not view.tricks:
            return  # no card played: an auction's standing bid is no contract yet (B3)
        team = view.facts.declaring_side()
        if team is None:
            return  # no contract, or the partner is hidden (S7)
        others = frozenset(range(self.game.players)) - team
        self.partners = (team if me in team else others) - {me}

    def label(self, seat: int | None) -> str:
        if seat is None:
            return "the table"
        name = self.game.seat_name(seat)
        if seat == self.me:
            return f"{name} (you)"
        if seat in self.partners:
            return f"{name} (partner)"
        return name

    def words(self, text: str) -> str:
        """An engine's ``text`` as players read it: without its ruling ids (``why`` shows them)."""
        return for_players(self.game.info.ruling_letter, text)

    def you(self, note: str, first: bool = True) -> str:
        """``note`` (an engine's words, as ``words`` gives them) with this seat's own name as "you"
        and "your", where it is not the sentence's subject (``first=False``: the note's first word
        is, and stays)."""
        note = self.words(note)
        if self.me is None:
            return note
        name = re.escape(self.game.seat_name(self.me))
        start = 0 if first else 1
        head, tail = note[:start], note[start:]
        tail = re.sub(rf"(?<![\w-]){name}'s(?![\w-])", "your", tail)
        return head + re.sub(rf"(?<![\w-]){name}(?![\w-])", "you", tail)

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


def event_text(seating: Seating, deck: Deck, event: Event, view: PlayerView) -> Text:
    """One event as a line: ``West plays 7E``, ``South (you) wins trick 1 with KE``; a note of the
    rules themselves (no seat) stands alone."""
    seating.follow(view)
    return _event_text(seating, deck, event, view)


def _event_text(seating: Seating, deck: Deck, event: Event, view: PlayerView) -> Text:
    """``event_text`` for a seating that already follows ``view``."""
    if event.seat is None and event.action is None:
        note = seating.you(event.note, first=False)
        return line_of(note[:1].upper() + note[1:], "italic")
    text = line_of(seating.text(event.seat))
    action = event.action
    if isinstance(action, Play):
        text.append(" plays ")
        text.append(action.card.code, style=card_style(deck, action.card))
    elif isinstance(action, Discard):
        text.append(" discards ")
        text.append(action.card.code, style=card_style(deck, action.card))
    elif isinstance(action, Call):
        text.append(f" calls '{action.word}'", style="bold")
    elif isinstance(action, FaceDown):
        text.append(f" {seating.you(event.note)}")
    elif action is not None:
        phrase = seating.game.action_phrase(event.seat, action) if event.seat is not None else None
        text.append(f" {seating.you(phrase)}" if phrase else f": {action}")
    else:
        number = event.trick
        if 0 < number <= len(view.tricks):
            text.append(f" wins trick {number}", style="bold")
            cards = [card for seat, card in view.tricks[number - 1].plays if seat == event.seat]
            if cards:
                text.append(" with ")
                text.append(cards[-1].code, style=card_style(deck, cards[-1]))
        else:
            text.append(f" {seating.you(event.note)}")
    return text


def _discards(event: Event) -> bool:
    """Whether ``event`` is a discard as a view holds it: the card (one's own, or one shown to
    all) or the public side of cards laid face down (``FaceDown``, a count)."""
    return isinstance(event.action, Discard | FaceDown)


def _open(view: PlayerView, seat: int | None) -> bool:
    """Whether ``seat`` may still be discarding: it is to act, and (in its own view) may discard."""
    if seat is None or view.to_act != seat:
        return False
    return view.seat != seat or any(isinstance(a, Discard) for a in view.legal_actions)


def _discard_line(seating: Seating, deck: Deck, run: list[Event]) -> Text:
    """One line for a seat's discards in a row: ``South (you) discards 2E 3E 4E 5E face down``,
    ``West discards 4 cards face down``, ``Seat 0 discards 2 cards face down; T5, shown to all``."""
    hidden = [e.action.card for e in run if isinstance(e.action, Discard) and e.audience != PUBLIC]
    shown = [e.action.card for e in run if isinstance(e.action, Discard) and e.audience == PUBLIC]
    count = sum(e.action.count for e in run if isinstance(e.action, FaceDown))
    line = line_of(seating.text(run[0].seat))
    line.append(" discards ")
    if hidden:
        line.append_text(cards_text(deck, hidden))
        line.append(" face down")
    elif count:
        line.append(f"{plural(count, 'card')} face down")
    if shown:
        line.append("; " if hidden or count else "")
        line.append_text(cards_text(deck, shown))
        line.append(", shown to all")
    return line


def event_line(seating: Seating, deck: Deck, view: PlayerView, i: int) -> Text | None:
    """The line of the view's event ``i`` (``event_text``), for a seating that follows ``view``.
    A seat's discards in a row are one line (``_discard_line``), at the last of them once the
    seat is done: None for the others, and for the last while the seat may discard more. So the
    line of an event can change only while it is the last."""
    events = view.events
    event = events[i]
    if not _discards(event):
        return _event_text(seating, deck, event, view)
    following = events[i + 1] if i + 1 < len(events) else None
    if following is not None and _discards(following) and following.seat == event.seat:
        return None
    if following is None and _open(view, event.seat):
        return None
    start = i
    while start and _discards(events[start - 1]) and events[start - 1].seat == event.seat:
        start -= 1
    return _discard_line(seating, deck, list(events[start : i + 1]))


def events_lines(seating: Seating, deck: Deck, view: PlayerView, start: int = 0) -> list[Text]:
    """The view's events from ``start`` as lines (``event_line``)."""
    seating.follow(view)
    lines = (event_line(seating, deck, view, i) for i in range(start, len(view.events)))
    return [line for line in lines if line is not None]


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
