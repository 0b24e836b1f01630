"""The table a player reads before deciding, in words: hand, trick, public facts, running state,
legal moves (``status_lines``). Lines of pieces (``present.log.LogLine``), as the log's: the
terminal colours them, the research environments print them plain; nothing here draws.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from tarocchi.core.actions import Discard, Play
from tarocchi.core.cards import FOOL_SUIT, TRUMPS, Card, CardSet, Deck
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView, TrickView
from tarocchi.core.words import plural
from tarocchi.present.log import LogLine, Seating

TRUMP_STYLE = "bold magenta"
FOOL_STYLE = "bold cyan"
MAX_CALLS_SHOWN = 12
"""Beyond this many calls (an auction's bids), the line names a few and says how many more."""
RUNNING_LABELS = ("tricks won", "card points", "needed")
"""The labels of the running state among a view's public facts (docs/design.md)."""


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
) -> list[LogLine]:
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
        line = LogLine(suit.colour).add(f"  {suit.symbol} {name:<{width}} ")
        lines.append(line.cards((c for c in held if c.suit == suit.letter), "void"))
    if any(c.suit == TRUMPS for c in deck.cards):  # a pack with trumps: show a void in them too
        lines.append(
            LogLine(TRUMP_STYLE).add("  T Trumps  ").cards([c for c in held if c.suit == TRUMPS], "none")
        )
    fool = [c for c in hand if c.suit == FOOL_SUIT]
    if fool:
        lines.append(LogLine(FOOL_STYLE).add("  * Fool    ").cards(fool))
    return lines


def plays_line(seating: Seating, plays: Sequence[tuple[int, Card]], line: LogLine | None = None) -> LogLine:
    """``West 7E · North 5E`` (added to ``line``, if given)."""
    line = LogLine() if line is None else line
    for k, (seat, card) in enumerate(plays):
        if k:
            line.add(" · ")
        line.seat(seating, seat).add(" ").card(card)
    return line


def trick_line(seating: Seating, trick: TrickView, number: int) -> LogLine:
    """``Trick 3: West 7E · North 5E`` (and who won, for a finished trick)."""
    line = LogLine().add(f"Trick {number}: ", "bold")
    if not trick.plays:
        return line.seat(seating, trick.leader).add(" to lead")
    plays_line(seating, trick.plays, line)
    if trick.winner is not None:
        line.add("  → won by ").seat(seating, trick.winner)
    return line


_NUMBERED = re.compile(r"^(.+ )([0-9]{1,9})$")


def number_runs(calls: list[str]) -> list[str]:
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


def legal_line(deck: Deck, view: PlayerView, every: bool = False, game: Game[Any] | None = None) -> LogLine:
    """The legal moves in notation, grouped: cards to play, cards to discard, calls. A long list
    of calls is cut short, or said in a few words by the game (``Game.legal_summary``: an
    auction's hundreds of bids), unless ``every`` (``legal all``) asks for all of them."""
    legal = view.legal_actions
    line = LogLine()
    if game is not None and not every:
        summary = game.legal_summary(legal)
        if summary is not None:
            return line.add(summary, "bold")
    plays = [a.card for a in legal if isinstance(a, Play)]
    if plays and len(plays) == len(legal) and len(plays) == len(view.hand) > 1:
        return line.add("any card")
    parts = 0

    def part() -> LogLine:
        nonlocal parts
        if parts:
            line.add(" ; ")
        parts += 1
        return line

    if plays:
        part().cards(in_hand_order(deck, plays, game, view))
    discards = [a.card for a in legal if isinstance(a, Discard)]
    if discards:
        part().add("discard ").cards(in_hand_order(deck, discards, game, view))
    others = number_runs([str(a) for a in legal if not isinstance(a, Play | Discard)])
    if len(others) > MAX_CALLS_SHOWN and not every:
        shown = [*others[: MAX_CALLS_SHOWN // 2], "…", *others[-2:]]
        part().add(" | ".join(shown), "bold").add(f"  ({len(others)} in all; legal all lists them)", "dim")
    elif others:
        part().add(" | ".join(others), "bold")
    return line


def capital(label: str) -> str:
    """``label`` with its first letter a capital (the rest as it is)."""
    return f"{label[:1].upper()}{label[1:]}"


def running_lines(seating: Seating, view: PlayerView, totals: bool = True) -> list[LogLine]:
    """The running state of the hand: tricks won and card points per side, the points the
    declaring side still needs (each as the view states them), and (``totals``) the game totals
    so far, once a hand has been scored."""
    lines: list[LogLine] = []
    running = [(label, value) for label, value in view.public if label in RUNNING_LABELS]
    if running:
        lines.append(
            LogLine().add(" · ".join(f"{label[:1].upper()}{label[1:]}: {value}" for label, value in running))
        )
    if totals and (any(view.scores) or view.hand_number > 1):
        line = LogLine().add("Game totals: ")
        for seat, total in enumerate(view.scores):
            if seat:
                line.add(", ")
            line.seat(seating, seat).add(f" {total}")
        lines.append(line)
    return lines


def status_lines(game: Game[Any], seating: Seating, view: PlayerView) -> list[LogLine]:
    """What a player wants to see before deciding: hand, table, public facts, legal moves."""
    deck = game.deck
    seating.follow(view)
    lines = [LogLine("bold").add(f"Hand {view.hand_number} of {game.hands_per_game()} · {view.phase_name}")]
    facts = [(label, value) for label, value in view.public if label not in RUNNING_LABELS]
    if facts:
        lines.append(
            LogLine("dim").add(seating.words(" · ".join(f"{label}: {value}" for label, value in facts)))
        )
    lines.extend(running_lines(seating, view))
    lines.append(LogLine().add(f"Your hand, {seating.label(view.seat)}, {plural(len(view.hand), 'card')}:"))
    lines.extend(hand_lines(deck, view.hand, game, view))
    for label, cards in view.known:
        lines.append(
            LogLine().add(f"{label[:1].upper()}{label[1:]}: ").cards(in_hand_order(deck, cards, game, view))
        )
    if view.trick is not None:
        lines.append(trick_line(seating, view.trick, len(view.tricks) + 1))
    turn = LogLine().add("To act: ").seat(seating, view.to_act).add(" · legal: ")
    turn.pieces.extend(legal_line(deck, view, game=game).pieces)
    lines.append(turn)
    return lines
