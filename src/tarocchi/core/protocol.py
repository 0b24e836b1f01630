"""The protocol every game implements, and the plain data it exchanges.

deal (as data) -> initial_state -> to_act / legal_actions / apply ... -> outcome, with a
per-seat ``view`` and ``explain_illegal`` saying why a move is refused. States are immutable:
``apply`` returns a new state and never changes the one it was given.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from tarocchi.core.actions import Action
from tarocchi.core.cards import Card, Deck
from tarocchi.core.errors import IllegalActionError, NotationError, OptionError

if TYPE_CHECKING:
    from tarocchi.core.views import PlayerView

S = TypeVar("S")


@dataclass(frozen=True)
class OptionSpec:
    """A documented game option with its allowed values and its default."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str
    length_only: bool = False
    """The option sets only how many hands a game has; every hand plays alike whatever its value."""


@dataclass(frozen=True)
class GameInfo:
    """What a front end needs to know about a game before playing it."""

    id: str
    name: str
    players: int
    deck: Deck
    hands_per_game: int
    options: tuple[OptionSpec, ...]
    rules_version: str
    summary: str
    side_names: tuple[str, ...] = ()
    partnerships: tuple[tuple[int, ...], ...] = ()
    """Fixed partnerships, seats of each (empty where sides change from hand to hand)."""


def parse_options(info: GameInfo, given: Mapping[str, str] | None) -> dict[str, str]:
    """Validate ``given`` against the game's options and fill in the defaults."""
    specs = {spec.name: spec for spec in info.options}
    result = {spec.name: spec.default for spec in info.options}
    for raw_name, value in (given or {}).items():
        name = str(raw_name).strip().lower()
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(f"{s.name} ({'|'.join(s.choices)})" for s in info.options)
            raise OptionError(
                f"{info.id} has no option '{name}'; "
                + (f"its options are: {known}" if known else "it has no options")
            )
        value = str(value).strip().lower()
        if value not in spec.choices:
            raise OptionError(f"option {name} must be one of {', '.join(spec.choices)} (got '{value}')")
        result[name] = value
    return result


def parse_option_pairs(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Turn ``["k=v", ...]`` into a mapping; a pair without ``=`` is an OptionError."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"options are written name=value, e.g. good_evil=trumps (got '{pair}')")
        result[name.strip().lower()] = value.strip()
    return result


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: each seat's hand and the stock, in dealing order."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [" ".join(c.code for c in hand) for hand in self.hands],
            "stock": " ".join(c.code for c in self.stock),
        }

    @classmethod
    def from_json(cls, deck: Deck, data: Any) -> Deal:
        """Read a deal written by ``to_json``; NotationError on anything malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
            raise NotationError("a deal is an object with 'hands' (a list of card strings)")
        hands = []
        for i, text in enumerate(data["hands"]):
            if not isinstance(text, str):
                raise NotationError(f"hand {i} of the deal must be a string of card codes")
            hands.append(deck.parse(text))
        stock = data.get("stock", "")
        if not isinstance(stock, str):
            raise NotationError("the deal's stock must be a string of card codes")
        return cls(tuple(hands), deck.parse(stock))

    @classmethod
    def parse(cls, deck: Deck, text: str) -> Deal:
        """Read a deal written one line per seat, ``0: KE QE ...``, and ``stock: ...``.

        This is how tests write deals by hand.
        """
        hands: dict[int, tuple[Card, ...]] = {}
        stock: tuple[Card, ...] = ()
        seen: set[str] = set()
        for raw in text.strip().splitlines():
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            label, sep, cards = line.partition(":")
            if not sep:
                raise NotationError(f"deal lines look like '0: KE QE ...' (got '{raw.strip()}')")
            label = label.strip().lower()
            if label in seen:
                raise NotationError(f"line '{label}:' is given twice")
            seen.add(label)
            if label == "stock":
                stock = deck.parse(cards)
            elif label.isdigit():
                hands[int(label)] = deck.parse(cards)
            else:
                raise NotationError(f"unknown deal line label '{label}': use a seat number or 'stock'")
        if sorted(hands) != list(range(len(hands))):
            raise NotationError(f"deal seats must be numbered 0..n-1 (got {sorted(hands)})")
        return cls(tuple(hands[i] for i in range(len(hands))), stock)

    def check(self, deck: Deck, players: int, hand_size: int, stock_size: int) -> None:
        """Raise NotationError unless this deal gives every card of ``deck`` exactly once."""
        if len(self.hands) != players:
            raise NotationError(f"the deal must have {players} hands (has {len(self.hands)})")
        for seat, hand in enumerate(self.hands):
            if len(hand) != hand_size:
                raise NotationError(f"hand {seat} must hold {hand_size} cards (holds {len(hand)})")
        if len(self.stock) != stock_size:
            raise NotationError(f"the stock must hold {stock_size} cards (holds {len(self.stock)})")
        seen: set[str] = set()
        for card in (c for hand in (*self.hands, self.stock) for c in hand):
            if card.code in seen:
                raise NotationError(f"{card.code} is dealt twice")
            seen.add(card.code)
        missing = [c.code for c in deck.cards if c.code not in seen]
        if missing:
            raise NotationError(f"the deal lacks {' '.join(missing)}")


@dataclass(frozen=True)
class HandContext:
    """Where a hand sits in its game: its number (from 1), the dealer, totals before it."""

    number: int
    dealer: int
    scores: tuple[int, ...]


@dataclass(frozen=True)
class ScoreLine:
    """One labelled line of a hand's score sheet. ``side`` indexes ``HandResult.sides``."""

    label: str
    value: int
    side: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "side": self.side}


@dataclass(frozen=True)
class HandResult:
    """The end of a hand: card points and tricks per side, game points per seat, the sheet."""

    sides: tuple[tuple[int, ...], ...]
    card_points: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    lines: tuple[ScoreLine, ...] = field(default=())
    thrown_in: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": [list(s) for s in self.sides],
            "card_points": list(self.card_points),
            "tricks": list(self.tricks),
            "scores": list(self.scores),
            "lines": [line.to_json() for line in self.lines],
            "thrown_in": self.thrown_in,
        }


class Game(ABC, Generic[S]):
    """A stateless rules object; one per game and options. ``S`` is its state type."""

    info: ClassVar[GameInfo]

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        self.options: dict[str, str] = parse_options(self.info, options)

    @property
    def players(self) -> int:
        return self.info.players

    @property
    def deck(self) -> Deck:
        return self.info.deck

    def hands_per_game(self) -> int:
        """How many hands make a game (some games make it an option)."""
        return self.info.hands_per_game

    def seat_name(self, seat: int) -> str:
        return f"Seat {seat}"

    # -- the protocol -------------------------------------------------------------------
    @abstractmethod
    def deal(self, rng: random.Random, dealer: int) -> Deal:
        """Shuffle with ``rng`` (the only chance in a hand) and deal."""

    @abstractmethod
    def initial_state(self, deal: Deal, context: HandContext) -> S:
        """The state before the first action of a hand."""

    @abstractmethod
    def to_act(self, state: S) -> int | None:
        """The seat to act, or None when the hand is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> tuple[Action, ...]:
        """Every action the seat to act may take: the one definition of legality."""

    @abstractmethod
    def apply(self, state: S, action: Action) -> S:
        """The state after ``action``; IllegalActionError (with the reason) if it is not legal."""

    @abstractmethod
    def explain_illegal(self, state: S, action: Action) -> str | None:
        """Why ``action`` is refused now, in words for a player; None if it is legal."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> PlayerView:
        """What ``seat`` may know (None: a spectator, who sees only what is public)."""

    @abstractmethod
    def outcome(self, state: S) -> HandResult | None:
        """The result of a finished hand; None while it is in progress."""

    @abstractmethod
    def card_locations(self, state: S) -> dict[str, int]:
        """Every place a card can be, as masks: each card must be in exactly one."""

    @abstractmethod
    def parse_action(self, text: str, state: S | None = None) -> Action:
        """Read an action in the game's notation (NotationError if it is none).

        With a state, a bare card also means the card action the phase asks for (e.g. a
        discard), so a player can type just ``KE``.
        """

    # -- conveniences built on the protocol ---------------------------------------------
    def audit(self, state: S) -> list[str]:
        """Broken invariants of ``state``, in words (empty: all hold).

        Every card in exactly one place at every step; a finished hand's scores sum to zero.
        Games add their stated totals (C7).
        """
        problems = []
        seen = 0
        for place, mask in self.card_locations(state).items():
            if mask & seen:
                problems.append(f"{self.deck.codes(mask & seen)} also in {place}")
            seen |= mask
        if seen != self.deck.full:
            problems.append(f"{self.deck.codes(self.deck.full & ~seen)} nowhere")
        result = self.outcome(state)
        if result is not None and sum(result.scores) != 0:
            problems.append(f"scores {result.scores} do not sum to zero")
        return problems

    def refuse(self, state: S, action: Action) -> IllegalActionError:
        """The error to raise for an illegal ``action``, carrying the reason."""
        reason = self.explain_illegal(state, action) or "that is not allowed now"
        return IllegalActionError(reason)
