"""The protocol every game implements, and the plain data it exchanges.

deal (as data) -> initial_state -> to_act / legal_actions / apply ... -> outcome, with a
per-seat ``view`` and ``explain_illegal`` saying why a move is refused. States are immutable:
``apply`` returns a new state and never changes the one it was given.
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NoReturn, Protocol, TypeVar, get_args, get_origin

from tarocchi.core.actions import Action, Discard, action_problem
from tarocchi.core.arguments import is_whole
from tarocchi.core.cards import Card, Deck
from tarocchi.core.errors import (
    ArgumentError,
    IllegalActionError,
    NotAnActionError,
    NotationError,
    OptionError,
)
from tarocchi.core.facts import Facts
from tarocchi.core.text import shown, shown_value
from tarocchi.core.views import PlayerView

if TYPE_CHECKING:
    from tarocchi.core.resample import World

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
    ruling_letter: str = ""
    """The letter of this game's own rulings (P2, T7 ...) in its explanations; C is every game's."""


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


@dataclass(frozen=True, init=False)
class Deal:
    """The cards as dealt: each seat's hand and the stock, in dealing order."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()

    CODE_CHARS: ClassVar[int] = 10
    """The longest word read as a card code (``MAGICIAN`` is 8): longer ones are refused unread."""

    def __init__(self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...] = ()) -> None:
        # As HandContext's: the instance dict written once (a deal a hand), not a frozen
        # dataclass's object.__setattr__ a field.
        fields = self.__dict__
        fields["hands"], fields["stock"] = hands, stock

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [" ".join(c.code for c in hand) for hand in self.hands],
            "stock": " ".join(c.code for c in self.stock),
        }

    @classmethod
    def from_json(cls, deck: Deck, data: Any) -> Deal:
        """Read a deal written by ``to_json``; NotationError on anything malformed.

        The data may come from a record file, so types are exact and sizes are checked against
        the deck before anything is parsed: a hostile deal costs no more than a real one.
        """
        if type(data) is not dict or type(data.get("hands")) is not list:
            raise NotationError("a deal is an object with 'hands' (a list of card strings)")
        for key in data:
            if key not in ("hands", "stock"):
                name = f"'{shown(key)}'" if type(key) is str else "a key that is no string"
                raise NotationError(f"a deal has only 'hands' and 'stock', not {name}")
        if len(data["hands"]) > deck.size:
            raise NotationError(f"a deal has at most {deck.size} hands (has {len(data['hands']):,})")
        longest = (cls.CODE_CHARS + 1) * deck.size
        stock = data.get("stock", "")
        for i, text in enumerate([*data["hands"], stock]):
            what = f"hand {i} of the deal" if i < len(data["hands"]) else "the deal's stock"
            if type(text) is not str:
                raise NotationError(f"{what} must be a string of card codes")
            if len(text) > longest:
                raise NotationError(f"{what} is {len(text):,} characters long, more than {longest}")
        return cls(tuple(cls._cards(deck, text) for text in data["hands"]), cls._cards(deck, stock))

    @classmethod
    def _cards(cls, deck: Deck, text: str) -> tuple[Card, ...]:
        """``deck.parse`` for outside text: a word that cannot be a code is refused, shown escaped."""
        words = text.replace(",", " ").split()
        for word in words:
            if len(word) > cls.CODE_CHARS or not (word.isascii() and word.isprintable()):
                raise NotationError(f"'{shown(word)}' is not a card. {deck.notation_help}")
        return tuple(deck.card(word) for word in words)

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
                raise NotationError(f"deal lines look like '0: KE QE ...' (got '{shown(raw.strip())}')")
            label = label.strip().lower()
            if label in seen:
                raise NotationError(f"line '{shown(label)}:' is given twice")
            seen.add(label)
            if label == "stock":
                stock = cls._cards(deck, cards)
            elif label.isascii() and label.isdigit() and len(label) <= 3:  # '²'.isdigit() is True
                hands[int(label)] = cls._cards(deck, cards)
            else:
                raise NotationError(
                    f"unknown deal line label '{shown(label)}': use a seat number (0, 1, ...) or 'stock'"
                )
        if sorted(hands) != list(range(len(hands))):
            raise NotationError(f"deal seats must be numbered 0..n-1 (got {shown(str(sorted(hands)))})")
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


@dataclass(frozen=True, init=False)
class HandContext:
    """Where a hand sits in its game: its number (from 1), the dealer, totals before it.

    ``scores`` is copied into a tuple of ints, so a list the caller changes later cannot change
    a state; wrong types are an ArgumentError here rather than a puzzle deep in a hand. Whether
    the dealer and the totals fit the game's table, ``Game.initial_state`` checks.
    """

    number: int
    dealer: int
    scores: tuple[int, ...]

    def __init__(self, number: int, dealer: int, scores: tuple[int, ...]) -> None:
        # A frozen dataclass's own __init__ sets each field through object.__setattr__, then
        # __post_init__ would check them: writing the instance dict once checked costs half
        # (one context a hand).
        fields = self.__dict__
        if (
            type(number) is int
            and type(dealer) is int
            and type(scores) is tuple
            and number >= 1
            and dealer >= 0
        ):
            for total in scores:
                if type(total) is not int:
                    break
            else:  # the usual case, kept without a copy: a tuple of ints is immutable
                fields["number"], fields["dealer"], fields["scores"] = number, dealer, scores
                return
        if not is_whole(number) or number < 1:
            raise ArgumentError(
                f"HandContext: number must be a whole number from 1 (got {shown_value(number)})"
            )
        if not is_whole(dealer) or dealer < 0:
            raise ArgumentError(f"HandContext: dealer must be a seat number (got {shown_value(dealer)})")
        if isinstance(scores, str | bytes) or not isinstance(scores, Iterable):
            raise ArgumentError(
                f"HandContext: scores must be a sequence of totals (got {shown_value(scores)})"
            )
        copied = tuple(scores)
        if not all(is_whole(total) for total in copied):
            raise ArgumentError(f"HandContext: scores must be whole numbers (got {shown_value(copied)})")
        fields["number"], fields["dealer"] = int(number), int(dealer)
        fields["scores"] = tuple(int(total) for total in copied)


@dataclass(frozen=True, init=False)
class ScoreLine:
    """One labelled line of a hand's score sheet. ``side`` indexes ``HandResult.sides``."""

    label: str
    value: int
    side: int | None

    def __init__(self, label: str, value: int, side: int | None = None) -> None:
        # As Deal's: the instance dict written once, not object.__setattr__ a field (a hand's
        # sheet has ten lines or more).
        fields = self.__dict__
        fields["label"], fields["value"], fields["side"] = label, value, side

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "side": self.side}


class Sheet(Protocol):
    """A score sheet's typed facts, which word its labelled lines when they are first read: a
    hand of random play or of a search is scored without its words."""

    def lines(self) -> tuple[ScoreLine, ...]: ...


@dataclass(frozen=True, init=False)
class HandResult:
    """The end of a hand: card points and tricks per side, game points per seat, the sheet.

    A game gives the sheet's ``lines`` as they are, or as a ``Sheet`` that words them the first
    time ``lines`` is read (then kept); equality, ``to_json``, copies and pickles read them."""

    sides: tuple[tuple[int, ...], ...]
    card_points: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    lines: tuple[ScoreLine, ...]
    thrown_in: bool

    def __init__(
        self,
        sides: tuple[tuple[int, ...], ...],
        card_points: tuple[int, ...],
        tricks: tuple[int, ...],
        scores: tuple[int, ...],
        lines: tuple[ScoreLine, ...] = (),
        thrown_in: bool = False,
        sheet: Sheet | None = None,
    ) -> None:
        # As ScoreLine's: every hand of random play ends with one.
        fields = self.__dict__
        fields["sides"], fields["card_points"], fields["tricks"] = sides, card_points, tricks
        fields["scores"], fields["thrown_in"] = scores, thrown_in
        if sheet is None:
            fields["lines"] = lines
        else:
            fields["_sheet"] = sheet

    def __getattr__(self, name: str) -> Any:
        """``lines``, worded by the sheet the first time they are read (only an attribute the
        instance lacks comes here)."""
        sheet = self.__dict__.get("_sheet") if name == "lines" else None
        if sheet is None:
            raise AttributeError(f"'HandResult' object has no attribute '{name}'")
        lines = self.__dict__["lines"] = sheet.lines()
        return lines

    def __reduce__(self) -> tuple[type[HandResult], tuple[Any, ...]]:
        # a copy or a pickle holds the lines themselves, not the sheet that words them
        return (
            HandResult,
            (self.sides, self.card_points, self.tricks, self.scores, self.lines, self.thrown_in),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": [list(s) for s in self.sides],
            "card_points": list(self.card_points),
            "tricks": list(self.tricks),
            "scores": list(self.scores),
            "lines": [line.to_json() for line in self.lines],
            "thrown_in": self.thrown_in,
        }


class Options(dict[str, str]):
    """A game's validated options: a dict that refuses every change.

    The rules object reads its options once, in its constructor; changing them afterwards
    would leave it playing by the old ones while reporting (and recording) the new. A dict
    rather than a ``MappingProxyType`` so that code written for ``dict[str, str]`` keeps
    working; ``dict(game.options)`` is an ordinary, changeable copy.
    """

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a game's options are read-only; copy them with dict(game.options)")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[Options], tuple[dict[str, str]]]:
        return (Options, (dict(self),))  # pickle and copy rebuild it whole, never item by item

    def __copy__(self) -> Options:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Options:
        return self


@dataclass(frozen=True)
class Reading:
    """What shorthand notation is read against: a seat and its legal actions, as its view
    shows them (no seat, no legal actions: a spectator, or a seat not to act)."""

    seat: int | None
    legal: tuple[Action, ...]

    def offers(self, kind: type[Action]) -> bool:
        """Whether an action of ``kind`` is among the legal ones (a bare card then means one)."""
        return any(isinstance(action, kind) for action in self.legal)


@functools.cache
def _placing(game: type[Game[Any]]) -> Callable[[PlayerView, random.Random], World] | None:
    """The ``place`` function a registered game class's manifest names (``Manifest.placer``),
    imported when first wanted: it builds on the game's own modules, which import this one."""
    from tarocchi.core.registry import declared  # it builds on this module

    found = declared(game)
    placing: Callable[[PlayerView, random.Random], World] | None = (
        found.part("placer") if found is not None else None
    )
    return placing


@functools.cache
def _by_notation(game: type[Game[Any]]) -> dict[str, Action]:
    """A game class's actions by their notation, in lower case, built once."""
    return {str(action).lower(): action for action in game.actions}


@functools.cache
def _action_ids(game: type[Game[Any]]) -> dict[Action, int]:
    """A game class's actions by id, built once."""
    return {action: n for n, action in enumerate(game.actions)}


class Game(ABC, Generic[S]):
    """A stateless rules object; one per game and options. ``S`` is its state type.

    Every public entry point checks its arguments and raises ArgumentError, in one line naming
    the argument, for a state of another game, a seat out of range, a context or deal that does
    not fit the table, or an object that is no action. A game writes its methods without these
    checks: the entry points it defines itself (``deal``, ``initial_state``, ``to_act``,
    ``outcome``, ``card_locations``) are wrapped once, when its class is made
    (``__init_subclass__``); ``PhasedGame`` checks the others inline, on the hot path.
    """

    info: ClassVar[GameInfo]
    state_type: ClassVar[type[Any]]
    """The class of this game's states, taken from ``Game[State]``: any other state is refused."""
    phase_type: ClassVar[type[IntEnum]]
    """The game's Phase enum, which ``PlayerView.phase`` holds."""
    facts_type: ClassVar[type[Facts]] = Facts
    """The game's record of facts for programs, which ``PlayerView.facts`` holds."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in cls.__dict__.get("__orig_bases__", ()):
            origin, args = get_origin(base), get_args(base)
            if isinstance(origin, type) and issubclass(origin, Game) and args and isinstance(args[0], type):
                cls.state_type = args[0]
        for name, wrap in _CHECKED.items():
            method = cls.__dict__.get(name)
            if method is not None and not getattr(method, "checks_inline", False):
                setattr(cls, name, wrap(method))

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        if not isinstance(getattr(type(self), "state_type", None), type):
            raise TypeError(f"{type(self).__name__} must name its state type: class ...(Game[State])")
        # The hot path reads the state type from the instance: a class attribute costs a
        # lookup through the class on every call (about a third of a cheap call's time).
        self._state_type = self.state_type
        if options is not None and not isinstance(options, Mapping):
            raise OptionError(f"options must be a mapping of name to value (got {shown_value(options)})")
        self._options = Options(parse_options(self.info, options))

    @property
    def options(self) -> Options:
        """The validated options, every one with its value; read-only (copy with ``dict()``)."""
        return self._options

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

    # -- for a table (terminal or browser): presentation only, never legality ----------
    action_help: ClassVar[str] = ""
    """How this game's actions beyond cards are typed (a table's help shows it)."""

    def hand_order(self, cards: Iterable[Card], view: PlayerView | None = None) -> list[Card]:
        """``cards`` in the order a hand is shown in (``view``: what the seat knows, e.g. the
        trump); by default the deck's ``in_hand_order``."""
        return self.deck.in_hand_order(cards)

    def trump_suit(self, view: PlayerView) -> str | None:
        """The letter of the plain suit that is trumps in ``view``'s hand, if one is (a table
        marks it); None by default."""
        return None

    def action_phrase(self, seat: int, action: Action) -> str | None:
        """What ``seat`` did, as a log line says it after the seat's name (``bids 90 ♥ without
        the dog, partner North-East``), for the game's own actions; None: the table's wording
        (``plays KE``, ``calls 'pass'``)."""
        return None

    def field_words(self) -> Mapping[str, Mapping[int, str]]:
        """Words for the values of an action's fields that are no plain number (a bid's Capot, a
        dog mode), by field then value, for a table that composes actions field by field; none
        by default."""
        return {}

    def warning(self, view: PlayerView, action: Action) -> str | None:
        """What a table asks about before taking ``action`` for ``view``'s seat: legal, but likely
        a mistake (a bid beyond the pack's points, an Abundance given up); None: nothing."""
        return None

    def several(self, action: Action) -> bool:
        """Whether actions of ``action``'s kind may be given several in one line, applied all or
        none (a discard of several cards); discards by default."""
        return isinstance(action, Discard)

    def legal_summary(self, legal: tuple[Action, ...]) -> str | None:
        """``legal`` in a few words when listing them would take lines (an auction's hundreds
        of bids); None: list them."""
        return None

    def seat_roles(self, view: PlayerView) -> tuple[str, ...]:
        """Each seat's part in the hand as ``view`` knows it, in the game's words, for a table
        to show at the seats (the declarer with the contract, a partner once public); "" for
        none. Never more than the view tells: a hidden partner stays unmarked. None by default."""
        return ("",) * self.players

    def call_cards(self, view: PlayerView) -> Mapping[Action, tuple[Card, ...]]:
        """The cards each of ``view``'s legal calls takes, when a call is a choice among cards
        shown (a half of the stock), for a table to offer the cards themselves; none by default."""
        return {}

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

    def resample(self, view: PlayerView, rng: random.Random) -> S:
        """A full state the seat of ``view`` cannot tell from the real one, drawn with ``rng``
        (OpenSpiel's ResampleFromInfostate): ``view(state, seat) == view``. The unseen cards are
        placed by ``place`` and the seat's record replayed on them (``core/resample.py``).
        ArgumentError for a spectator's view or another game's."""
        from tarocchi.core.resample import resample  # it builds on this module

        return resample(self, view, rng, self.place)

    def place(self, view: PlayerView, rng: random.Random) -> World:
        """One deal consistent with ``view`` and the actions it hides, for ``resample``: the
        game's knowledge of where unseen cards may be, the ``place(view, rng)`` its manifest
        names (``Manifest.placer``). ArgumentError for a game without one."""
        placing = _placing(type(self))
        if placing is None:
            raise ArgumentError(f"{self.info.id} cannot resample a view: it places no unseen cards")
        return placing(view, rng)

    def parse_action(self, text: str, context: S | PlayerView | None = None) -> Action:
        """Read an action in the game's notation (NotationError if it is none).

        With a context, shorthand means what the legal actions make it mean: a bare card is
        the card action asked for (``KE`` while discarding is ``discard KE``), and so on. The
        context is a seat's view (a table reads what its seat typed against that seat's view,
        never the true state) or a state, read as its seat to act's view would be.
        """
        if not isinstance(text, str):
            raise ArgumentError(f"text must be a str in the game's notation (got {shown_value(text)})")
        if context is None:
            reading = None
        elif isinstance(context, PlayerView):
            reading = Reading(context.seat, context.legal_actions)
        elif type(context) is not self._state_type:
            raise self.wrong_state(context)
        else:
            seat = self.to_act(context)
            reading = Reading(seat, () if seat is None else self.legal_actions(context))
        # The table of every pre-built action's own notation answers first; shorthand and
        # aliases (a bare card while discarding, ``p`` for pass) are the game's ``read_action``.
        known = self.notation_table().get(" ".join(text.lower().split()))
        if known is not None and (reading is None or known in reading.legal):
            return known
        try:
            return self.read_action(text, reading)
        except NotationError:
            if known is None:
                raise
            return known

    @abstractmethod
    def read_action(self, text: str, reading: Reading | None) -> Action:
        """``parse_action`` for the game: its notation, and shorthand resolved by ``reading``
        alone (the acting seat and its legal actions)."""

    # -- the action space: every action a fixed integer ---------------------------------
    actions: ClassVar[tuple[Action, ...]] = ()
    """Every action of the game, pre-built, in a fixed order: an action's place is its id (the
    research action space). New actions go at the end, so ids never change (docs/notation.md)."""

    def notation_table(self) -> dict[str, Action]:
        """Every pre-built action by its notation in lower case, built once per game class:
        ``parse_action`` reads it first, ``PlayerView.from_json`` reads nothing else."""
        return _by_notation(type(self))

    def action_id(self, action: Action) -> int:
        """The id of ``action`` in ``actions``; ArgumentError if it is none of this game's."""
        ids = _action_ids(type(self))
        try:
            return ids[action]
        except (KeyError, TypeError):
            raise ArgumentError(
                f"action must be one of {self.info.id}'s actions, as legal_actions or parse_action "
                f"give them (got {shown_value(action)})"
            ) from None

    def action_of(self, action_id: int) -> Action:
        """The action whose id is ``action_id`` (0 to len(actions) - 1); ArgumentError if none."""
        if not is_whole(action_id) or not 0 <= action_id < len(self.actions):
            raise ArgumentError(
                f"action_id must be a whole number from 0 to {len(self.actions) - 1} for "
                f"{self.info.id} (got {shown_value(action_id)})"
            )
        return self.actions[action_id]

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
        """The error to raise for an illegal ``action``, carrying the reason: NotAnActionError
        (also an ArgumentError) for an object that is no well-formed action."""
        reason = self.explain_illegal(state, action) or "that is not allowed now"
        if action_problem(action) is not None:
            return NotAnActionError(reason)
        return IllegalActionError(reason)

    # -- argument checks (ArgumentError, one line naming the argument) ------------------
    def wrong_state(self, state: object) -> ArgumentError:
        """The error for a ``state`` that is not one of this game's (another game's, None...)."""
        name = self.state_type.__name__
        return ArgumentError(
            f"state must be a {name} of {self.info.id} (from initial_state or apply), "
            f"not {type(state).__name__}"
        )

    def check_seat(self, seat: object, *, spectator: bool = False, name: str = "seat") -> int | None:
        """``seat`` if it is a seat of this table (or None, a spectator, where allowed)."""
        if seat is None and spectator:
            return None
        if not is_whole(seat) or not 0 <= seat < self.players:
            who = "None (a spectator) or " if spectator else ""
            raise ArgumentError(
                f"{name} must be {who}a seat number 0..{self.players - 1} (got {shown_value(seat)})"
            )
        return int(seat)

    def check_dealing(self, rng: object, dealer: object) -> int:
        """``dealer`` if it is a seat of this table, dealing with ``rng``, a ``random.Random``."""
        if not isinstance(rng, random.Random):
            raise ArgumentError(
                f"rng must be a random.Random, e.g. random.Random(1) (got {shown_value(rng)})"
            )
        seat = self.check_seat(dealer, name="dealer")
        assert seat is not None
        return seat

    def not_a_deal(self, deal: object) -> ArgumentError:
        """The error for a ``deal`` that is no Deal."""
        return ArgumentError(f"deal must be a Deal (from game.deal or Deal.parse), not {type(deal).__name__}")

    def check_context(self, context: object) -> HandContext:
        """``context`` if it is a HandContext that fits this table: its dealer and one total a seat."""
        if not isinstance(context, HandContext):
            raise ArgumentError(
                f"context must be a HandContext(number, dealer, scores), not {type(context).__name__}"
            )
        if context.dealer >= self.players:
            raise ArgumentError(
                f"context: dealer must be a seat 0..{self.players - 1} (got {context.dealer})"
            )
        if len(context.scores) != self.players:
            raise ArgumentError(
                f"context: scores must hold one total per seat, {self.players} (got {len(context.scores)})"
            )
        return context


# -- the entry points a game defines itself, wrapped with their checks by Game.__init_subclass__ --
_Method = Callable[..., Any]
M = TypeVar("M", bound=_Method)


def checks_inline(method: M) -> M:
    """Mark an entry point that checks its arguments itself (``PhasedGame``'s, on the hot path),
    so that ``Game.__init_subclass__`` does not wrap it in a second check."""
    setattr(method, "checks_inline", True)  # noqa: B010 (a function attribute mypy cannot see)
    return method


def _checks_state(method: _Method) -> _Method:
    """``method(self, state)`` refusing a state of another game (to_act, outcome, card_locations)."""

    @functools.wraps(method)
    def checked(self: Game[Any], state: Any) -> Any:
        if type(state) is not self._state_type:
            raise self.wrong_state(state)
        return method(self, state)

    return checked


def _checks_deal(method: _Method) -> _Method:
    @functools.wraps(method)
    def checked(self: Game[Any], rng: random.Random, dealer: int) -> Any:
        self.check_dealing(rng, dealer)
        return method(self, rng, dealer)

    return checked


def _checks_start(method: _Method) -> _Method:
    @functools.wraps(method)
    def checked(self: Game[Any], deal: Deal, context: HandContext) -> Any:
        if not isinstance(deal, Deal):
            raise self.not_a_deal(deal)
        return method(self, deal, self.check_context(context))

    return checked


_CHECKED: dict[str, Callable[[_Method], _Method]] = {
    "deal": _checks_deal,
    "initial_state": _checks_start,
    "to_act": _checks_state,
    "outcome": _checks_state,
    "card_locations": _checks_state,
}
