"""Golden playthroughs and perft counts: the record of how the engine behaves today, so that a
refactor that should change nothing (how views carry facts, how bots are registered)
can show that it changed nothing.

A playthrough is one hand from a fixed deal (``golden_deals``), every seat the heuristic player
with a fixed rng, written as plain text: each action, and after it every seat's view and the
spectator's, rendered only by the terminal's own functions (``tarocchi.cli.render``), so the text
is what people see and does not depend on how a view carries its facts inside. Perft counts are
the number of legal action sequences of each length from a hand's start and from the start of its
card play, counted through ``legal_actions``/``apply`` alone.

``tools/golden`` writes both; ``test_golden.py`` rebuilds them in memory and compares.
"""

from __future__ import annotations

import difflib
import io
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from golden_deals import VARIANTS, GoldenDeal, Variant
from rich.console import Console, RenderableType
from rich.text import Text

from tarocchi.bots import Player
from tarocchi.bots.players import make_player
from tarocchi.cli.render import (
    Seating,
    events_lines,
    legal_text,
    result_table,
    score_sheet,
    status_lines,
    totals_table,
    trick_text,
)
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.registry import get_game

HERE = Path(__file__).resolve().parent
PLAYTHROUGHS = HERE / "playthroughs"
PERFT_FILE = HERE / "perft.json"

WIDTH = 80
"""The terminal width the views are rendered at (the table's default when it is not a terminal
is 120; 80 is the narrowest a player is expected to use, where wrapping matters most)."""

PERFT_LEAVES = 150_000
"""Perft goes one level deeper only while the deeper count stays within this many sequences."""
PERFT_MAX_DEPTH = 8
"""... and never deeper than this, so that the whole perft test takes a few seconds."""
PLAY_PHASE = "play"
"""The name of the card-play phase in every game (``PlayerView.phase_name``)."""


def bot_rng(hand: int, seat: int) -> random.Random:
    """The rng of ``seat``'s heuristic player in hand ``hand``: fixed, and fresh for each hand."""
    return random.Random(100 * hand + seat)


def make_game(variant: Variant) -> Game[Any]:
    return get_game(variant.game, dict(variant.options))


def parse_deal(game: Game[Any], golden: GoldenDeal) -> Deal:
    return Deal.parse(game.deck, golden.text)


def file_name(variant: Variant, hand: int) -> str:
    return f"{variant.name}-hand{hand}.txt"


# -- rendering -----------------------------------------------------------------------------------
class Page:
    """A plain-text page written through a rich console, as the terminal prints: 80 columns, no
    colour, each line with ``soft_wrap=True``; the environment (COLUMNS, FORCE_COLOR, ...) ignored."""

    def __init__(self) -> None:
        self.out = io.StringIO()
        self.console = Console(
            width=WIDTH,
            file=self.out,
            color_system=None,
            force_terminal=False,
            force_jupyter=False,
            force_interactive=False,
            legacy_windows=False,
            highlight=False,
            _environ={},
        )
        self.printed: dict[tuple[object, ...], str] = {}

    def line(self, text: str = "") -> None:
        """A line of the page's own (headings, the deal): printed as it is, never wrapped."""
        self.rich(Text(text))

    def rich(self, renderable: RenderableType) -> None:
        """A line or a table of the terminal's, printed as the terminal prints it. A line the
        console has printed before (the same words in the same styles) is written as it printed
        it then: most of a chair's status lines do not change from one action to the next, and
        printing is most of a playthrough's time."""
        if not isinstance(renderable, Text):
            self.console.print(renderable)
            return
        text = renderable
        wrapping = (text.justify, text.overflow, text.no_wrap, text.end)
        key = (type(text), text.plain, tuple(text.spans), text.style, wrapping)
        printed = self.printed.get(key)
        if printed is None:
            with self.console.capture() as capture:
                self.console.print(text, soft_wrap=True)
            printed = self.printed[key] = capture.get()
        self.out.write(printed)

    def text(self) -> str:
        """The page, each line's trailing blanks cut (rich pads table rows)."""
        return "".join(row.rstrip() + "\n" for row in self.out.getvalue().splitlines())


def seat_title(game: Game[Any], seat: int | None) -> str:
    return "the spectator (seat None)" if seat is None else f"{game.seat_name(seat)} (seat {seat})"


class Chairs:
    """The hand as every chair sees it: one seating per seat and the spectator, and how many of
    each one's events have been shown (new events are shown once, as the terminal shows them)."""

    def __init__(self, game: Game[Any], match: Match) -> None:
        self.game = game
        self.match = match
        self.chairs: list[int | None] = [*range(game.players), None]
        self.seatings = {seat: Seating(game, seat) for seat in self.chairs}
        self.shown = dict.fromkeys(self.chairs, 0)

    def views(self, page: Page) -> None:
        """Every chair's view now: the events new to it, its status lines (hand, table, public
        facts, running state, legal moves in short) and, for the seat to act, every legal move in
        notation where the short list leaves some out (``legal all``)."""
        game = self.game
        for seat in self.chairs:
            view = self.match.view(seat)
            seating = self.seatings[seat]
            page.line(f"--- {seat_title(game, seat)}")
            new = events_lines(seating, game.deck, view, self.shown[seat])
            self.shown[seat] = len(view.events)
            if new:
                page.line("events:")
                for line in new:
                    page.rich(line)
            for line in status_lines(game, seating, view):
                page.rich(line)
            every = legal_text(game.deck, view, every=True, game=game)
            if view.legal_actions and every.plain != legal_text(game.deck, view, game=game).plain:
                page.rich(Text("all legal: ").append_text(every))

    def tricks(self, page: Page) -> None:
        """Every chair's list of the hand's tricks (the table's ``tricks`` command)."""
        game = self.game
        for seat in self.chairs:
            view = self.match.view(seat)
            page.line(f"--- tricks, as {seat_title(game, seat)} saw them")
            for number, trick in enumerate(view.tricks, 1):
                line = trick_text(self.seatings[seat], game.deck, trick, number)
                line.append(f"  (led by {self.seatings[seat].label(trick.leader)})")
                page.rich(line)


# -- the playthroughs ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Hand:
    """One golden hand: its page, and the actions (``seat: notation``) that reach its card play."""

    name: str
    text: str
    to_play: tuple[str, ...] | None


def deal_lines(deal: Deal) -> list[str]:
    lines = [f"{seat}: {' '.join(card.code for card in hand)}" for seat, hand in enumerate(deal.hands)]
    if deal.stock:
        lines.append(f"stock: {' '.join(card.code for card in deal.stock)}")
    return lines


def play_variant(variant: Variant) -> list[Hand]:
    """The variant's deals played as the hands of one match by heuristic players; one page each."""
    game = make_game(variant)
    deals = [parse_deal(game, golden) for golden in variant.deals]
    first = variant.deals[0].dealer
    for number, golden in enumerate(variant.deals):
        if golden.dealer != (first + number) % game.players:
            raise ValueError(f"{variant.name}: deal {number + 1} must be dealt by the next seat (C1)")
    match = Match(game, first_dealer=first, deals=deals)
    players = [make_player("heuristic", game) for _ in range(game.players)]
    hands = []
    for number, golden in enumerate(variant.deals, 1):
        if number > 1:
            match.next_hand()
        hands.append(_play_hand(variant, game, match, players, golden, number))
    return hands


def _play_hand(
    variant: Variant,
    game: Game[Any],
    match: Match,
    players: Sequence[Player],
    golden: GoldenDeal,
    number: int,
) -> Hand:
    page = Page()
    options = ", ".join(f"{k}={v}" for k, v in sorted(variant.options)) or "no options"
    title = f"{game.info.name} ({variant.game}, {options})"
    page.line(f"# Golden playthrough: {title}, hand {number} of {game.hands_per_game()}.")
    page.line(f"# The deal shows: {golden.shows}.")
    page.line("# Every seat is the heuristic player, its rng random.Random(100 * hand + seat).")
    page.line("# Written by tools/golden; a difference is a change of behaviour (tests/golden).")
    page.line()
    page.line(f"=== deal (dealer {seat_title(game, golden.dealer)}; totals before the hand {match.totals})")
    for line in deal_lines(match.hand.deal):
        page.line(line)
    page.line()
    chairs = Chairs(game, match)
    page.line("=== start of the hand")
    chairs.views(page)
    rngs = [bot_rng(number, seat) for seat in range(game.players)]
    done: list[str] = []
    to_play: tuple[str, ...] | None = None
    while (seat := match.to_act()) is not None:
        if to_play is None and match.view(None).phase_name == PLAY_PHASE:
            to_play = tuple(done)
        action = players[seat].choose(match.view(seat), rngs[seat])
        match.submit(seat, action)
        done.append(f"{seat}: {action}")
        page.line()
        page.line(f"=== action {len(done)}: {seat_title(game, seat)}: {action}")
        chairs.views(page)
    page.line()
    page.line("=== the hand's tricks")
    chairs.tricks(page)
    page.line()
    page.line("=== outcome")
    result = match.hand.result
    if result is None:
        raise AssertionError(f"{variant.name}: hand {number} ended without a result")
    spectator = chairs.seatings[None]
    page.line(f"scores {list(result.scores)}; card points {list(result.card_points)}")
    page.line(f"tricks {list(result.tricks)}; sides {[list(side) for side in result.sides]}")
    page.line(f"thrown in: {result.thrown_in}")
    page.rich(result_table(spectator, result, number))
    page.rich(totals_table(spectator, match))
    page.rich(score_sheet(spectator, match))
    page.line()
    page.line("=== the match's record (core/record.py)")
    page.line(compact_json(match.record()))
    return Hand(file_name(variant, number), page.text(), to_play)


def all_hands() -> Iterator[tuple[Variant, int, Hand]]:
    for variant in VARIANTS:
        for number, hand in enumerate(play_variant(variant), 1):
            yield variant, number, hand


# -- perft --------------------------------------------------------------------------------------
class TooMany(Exception):
    """A perft count went past its bound (``perft``'s ``bound``)."""


def perft(game: Game[Any], state: Any, depth: int, bound: int | None = None) -> list[int]:
    """``counts[d - 1]`` = the number of legal action sequences of length ``d`` (1..depth) from
    ``state``; a sequence that ends the hand sooner counts once at every greater length.
    TooMany as soon as the count at ``depth`` passes ``bound`` (when given)."""
    counts = [0] * (depth + 1)
    limit = -1 if bound is None else bound

    def walk(node: Any, level: int) -> None:
        counts[level] += 1
        if level == depth:
            if counts[depth] == limit + 1:
                raise TooMany
            return
        if game.to_act(node) is None:
            for deeper in range(level + 1, depth + 1):
                counts[deeper] += 1
            if counts[depth] > limit >= 0:
                raise TooMany
            return
        for action in game.legal_actions(node):
            walk(game.apply(node, action), level + 1)

    walk(state, 0)
    return counts[1:]


def deepest_perft(game: Game[Any], state: Any) -> list[int]:
    """Perft as deep as PERFT_LEAVES and PERFT_MAX_DEPTH allow (found by trying one more level)."""
    counts = perft(game, state, 1)
    while len(counts) < PERFT_MAX_DEPTH:
        try:
            counts = perft(game, state, len(counts) + 1, bound=PERFT_LEAVES)
        except TooMany:
            break
    return counts


def perft_start(variant: Variant, number: int, after: Sequence[str] = ()) -> tuple[Game[Any], Any]:
    """The state of deal ``number`` (from 1) at its start, as the hand of that number with zero
    totals, then after the actions ``after`` (``seat: notation``, as ``perft.json`` holds them)."""
    game = make_game(variant)
    golden = variant.deals[number - 1]
    context = HandContext(number, golden.dealer, (0,) * game.players)
    state = game.initial_state(parse_deal(game, golden), context)
    for entry in after:
        seat_text, _, text = entry.partition(": ")
        if game.to_act(state) != int(seat_text):
            raise ValueError(f"{variant.name} hand {number}: '{entry}' is not that seat's turn")
        state = game.apply(state, game.parse_action(text, state))
    return game, state


def perft_table(hands: Sequence[tuple[Variant, int, Hand]]) -> dict[str, Any]:
    """Every deal's counts from its start, and from the start of its card play (reached by the
    golden line's actions, kept beside the counts so that perft never depends on the bots)."""
    table: dict[str, Any] = {}
    for variant, number, hand in hands:
        entry: dict[str, Any] = {}
        game, state = perft_start(variant, number)
        entry["start"] = deepest_perft(game, state)
        if hand.to_play is not None:
            game, state = perft_start(variant, number, hand.to_play)
            entry["play_after"] = list(hand.to_play)
            entry["play"] = deepest_perft(game, state)
        table[hand.name.removesuffix(".txt")] = entry
    return table


def perft_json(table: dict[str, Any]) -> str:
    """``perft.json``'s text (``compact_json``: each count list on one line, for readable diffs)."""
    return compact_json(table) + "\n"


def compact_json(value: Any, indent: int = 0) -> str:
    """JSON one value a line where it fits in 100 columns, else opened one level, indented by
    one space a level (as records are saved): a record's action is one line, not four."""
    flat = json.dumps(value, ensure_ascii=False)
    if indent + len(flat) <= 100 or not isinstance(value, dict | list) or not value:
        return flat
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(key)}: {compact_json(item, indent + 1)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [f"{pad}{compact_json(item, indent + 1)}" for item in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


# -- comparing ----------------------------------------------------------------------------------
def first_difference(name: str, stored: str, produced: str, lines: int = 40) -> str:
    """Where the produced text first departs from the stored one (the section: which action,
    which chair), then the start of the unified diff between them."""
    old, new = stored.splitlines(), produced.splitlines()
    at = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
    section = next((line for line in reversed(old[: at + 1]) if line.startswith("=== ")), "")
    chair = next((line for line in reversed(old[: at + 1]) if line.startswith("--- ")), "")
    where = f"first difference at line {at + 1}, in {section!r}" + (f", {chair!r}" if chair else "")
    diff = difflib.unified_diff(old, new, f"{name} (stored)", f"{name} (produced now)", n=2, lineterm="")
    shown: list[str] = [where]
    for line in diff:
        if len(shown) > lines:
            shown.append("... (the diff goes on)")
            break
        shown.append(line)
    return "\n".join(shown)
