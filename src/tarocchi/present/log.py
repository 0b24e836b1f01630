"""The log of a hand in words, as one seat reads it: ``West plays 7E``, ``South (you) wins trick 1
with KE``, a seat's discards in one line.

Seat names come from ``game.seat_name``, side names from ``game.info.side_names``, a game's own
actions from ``game.action_phrase``: nothing here knows a game. A line is pieces of words, each
with an emphasis the terminal may show (``bold``, ``cyan``, ``dim``), and cards, kept as cards so
that each front end draws them its own way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tarocchi.core.actions import Call, Discard, FaceDown, Play
from tarocchi.core.cards import Card
from tarocchi.core.events import PUBLIC, Event
from tarocchi.core.protocol import Game
from tarocchi.core.rulings import for_players
from tarocchi.core.views import PlayerView
from tarocchi.core.words import plural


class Seating:
    """Names seats from one player's chair: ``South (you)``, ``North (partner)``."""

    def __init__(self, game: Game[Any], me: int | None) -> None:
        self.game = game
        self.me = me
        self.sides = game.info.partnerships
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
        """The emphasis of a seat's name: this seat's own bold, its partners' cyan."""
        if seat is not None and seat == self.me:
            return "bold"
        return "cyan" if seat in self.partners else ""

    def side_name(self, side: int | None) -> str:
        names = self.game.info.side_names
        if side is None:
            return ""
        return names[side] if side < len(names) else f"side {side}"


@dataclass(frozen=True, slots=True)
class Piece:
    """Words with an emphasis, or (``card`` set) a card, whose ``text`` is its code."""

    text: str
    style: str = ""
    card: Card | None = None


Part = str | dict[str, str]
"""A piece of a line as the page takes it: words, or ``{"card": code}`` for a card it draws."""


class LogLine:
    """One line of the log: its pieces in order, and the emphasis of the whole line."""

    __slots__ = ("pieces", "style")

    def __init__(self, style: str = "") -> None:
        self.pieces: list[Piece] = []
        self.style = style

    def add(self, text: str, style: str = "") -> LogLine:
        self.pieces.append(Piece(text, style))
        return self

    def card(self, card: Card) -> LogLine:
        self.pieces.append(Piece(card.code, card=card))
        return self

    def cards(self, cards: Iterable[Card], empty: str = "-") -> LogLine:
        """Card codes apart by spaces; ``empty`` (dim) if there are none."""
        before = len(self.pieces)
        for card in cards:
            if len(self.pieces) > before:
                self.add(" ")
            self.card(card)
        if len(self.pieces) == before:
            self.add(empty, "dim")
        return self

    def seat(self, seating: Seating, seat: int | None) -> LogLine:
        """A seat's name from ``seating``'s chair, in its emphasis."""
        return self.add(seating.label(seat), seating.style(seat))

    @property
    def plain(self) -> str:
        return "".join(piece.text for piece in self.pieces)

    def parts(self) -> list[Part]:
        """The line as words and cards, neighbouring words joined."""
        parts: list[Part] = []
        words = ""
        for piece in self.pieces:
            if piece.card is None:
                words += piece.text
                continue
            if words:
                parts.append(words)
                words = ""
            parts.append({"card": piece.text})
        if words:
            parts.append(words)
        return parts


def event_text(seating: Seating, event: Event, view: PlayerView) -> LogLine:
    """One event as a line: ``West plays 7E``, ``South (you) wins trick 1 with KE``; a note of the
    rules themselves (no seat) stands alone."""
    seating.follow(view)
    return _event_text(seating, event, view)


def _event_text(seating: Seating, event: Event, view: PlayerView) -> LogLine:
    """``event_text`` for a seating that already follows ``view``."""
    if event.seat is None and event.action is None:
        note = seating.you(event.note, first=False)
        return LogLine("italic").add(note[:1].upper() + note[1:])
    text = LogLine().seat(seating, event.seat)
    action = event.action
    if isinstance(action, Play):
        text.add(" plays ").card(action.card)
    elif isinstance(action, Discard):
        text.add(" discards ").card(action.card)
    elif isinstance(action, Call):
        text.add(f" calls '{action.word}'", "bold")
    elif isinstance(action, FaceDown):
        text.add(f" {seating.you(event.note)}")
    elif action is not None:
        phrase = seating.game.action_phrase(event.seat, action) if event.seat is not None else None
        text.add(f" {seating.you(phrase)}" if phrase else f": {action}")
    else:
        number = event.trick
        if 0 < number <= len(view.tricks):
            text.add(f" wins trick {number}", "bold")
            cards = [card for seat, card in view.tricks[number - 1].plays if seat == event.seat]
            if cards:
                text.add(" with ").card(cards[-1])
        else:
            text.add(f" {seating.you(event.note)}")
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


def _discard_line(seating: Seating, run: list[Event]) -> LogLine:
    """One line for a seat's discards in a row: ``South (you) discards 2E 3E 4E 5E face down``,
    ``West discards 4 cards face down``, ``Seat 0 discards 2 cards face down; T5, shown to all``."""
    hidden = [e.action.card for e in run if isinstance(e.action, Discard) and e.audience != PUBLIC]
    shown = [e.action.card for e in run if isinstance(e.action, Discard) and e.audience == PUBLIC]
    count = sum(e.action.count for e in run if isinstance(e.action, FaceDown))
    line = LogLine().seat(seating, run[0].seat).add(" discards ")
    if hidden:
        line.cards(hidden).add(" face down")
    elif count:
        line.add(f"{plural(count, 'card')} face down")
    if shown:
        line.add("; " if hidden or count else "")
        line.cards(shown).add(", shown to all")
    return line


def event_line(seating: Seating, view: PlayerView, i: int) -> LogLine | None:
    """The line of the view's event ``i`` (``event_text``), for a seating that follows ``view``.
    A seat's discards in a row are one line (``_discard_line``), at the last of them once the
    seat is done: None for the others, and for the last while the seat may discard more. So the
    line of an event can change only while it is the last."""
    events = view.events
    event = events[i]
    if not _discards(event):
        return _event_text(seating, event, view)
    following = events[i + 1] if i + 1 < len(events) else None
    if following is not None and _discards(following) and following.seat == event.seat:
        return None
    if following is None and _open(view, event.seat):
        return None
    start = i
    while start and _discards(events[start - 1]) and events[start - 1].seat == event.seat:
        start -= 1
    return _discard_line(seating, list(events[start : i + 1]))


def events_lines(seating: Seating, view: PlayerView, start: int = 0) -> list[LogLine]:
    """The view's events from ``start`` as lines (``event_line``)."""
    seating.follow(view)
    lines = (event_line(seating, view, i) for i in range(start, len(view.events)))
    return [line for line in lines if line is not None]
