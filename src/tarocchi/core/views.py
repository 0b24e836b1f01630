"""What leaves the engine: one seat's view, built field by field from what it may know."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from tarocchi.core.actions import Action, FaceDown
from tarocchi.core.cards import Card, CardSet, Deck
from tarocchi.core.errors import RecordError
from tarocchi.core.events import Event, EventLog, visible_since
from tarocchi.core.facts import JSON, Facts
from tarocchi.core.memo import Last
from tarocchi.core.tricks import InTrickPlay

if TYPE_CHECKING:
    from tarocchi.core.protocol import Game, GameInfo, HandContext


NO_FACTS = Facts()
"""The facts of a game that has none beyond the cards."""


@dataclass(frozen=True)
class TrickView:
    """A trick as everyone saw it: who led, who played what, who won (None: in progress)."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None = None

    def to_json(self) -> dict[str, JSON]:
        return {
            "leader": self.leader,
            "plays": [[seat, card.code] for seat, card in self.plays],
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, deck: Deck, data: Any) -> TrickView:
        return cls(
            data["leader"], tuple((seat, deck.card(code)) for seat, code in data["plays"]), data["winner"]
        )


@dataclass(frozen=True)
class PlayerView:
    """Everything one seat may know of a hand, and nothing else (C6).

    ``public`` holds labelled public facts a front end shows as they are; ``facts`` the game's
    facts for programs, a typed record (``PiedmontFacts.of(view).caller``).
    """

    game: str
    seat: int | None
    hand_number: int
    dealer: int
    phase: IntEnum
    """The game's own Phase (e.g. ``tarocchi.games.taroux.state.Phase.AUCTION``): compared by
    identity, so a renamed phase is an error mypy and the tests see, not a silent mismatch."""
    to_act: int | None
    legal_actions: tuple[Action, ...]
    hand: CardSet
    hand_sizes: tuple[int, ...]
    trick: TrickView | None
    tricks: tuple[TrickView, ...]
    events: tuple[Event, ...]
    scores: tuple[int, ...]
    own_discard: CardSet
    """The cards this seat itself laid aside face down (C5), which it alone sees; empty when it
    laid none aside (``known`` labels them for people)."""
    public: tuple[tuple[str, str], ...] = ()
    facts: Facts = NO_FACTS

    @property
    def known(self) -> tuple[tuple[str, CardSet], ...]:
        """Private knowledge beyond the hand, labelled for people: one's own discard."""
        return (("your discard", self.own_discard),) if self.own_discard else ()

    @property
    def phase_name(self) -> str:
        """The phase in words for people and JSON (``auction``, ``play``)."""
        return self.phase.name.lower()

    def to_json(self) -> dict[str, JSON]:
        """The view as plain JSON values (cards and actions in notation); ``from_json`` reads it
        back to an equal view (docs/protocol.md has the schema)."""
        return {
            "game": self.game,
            "seat": self.seat,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "phase": self.phase_name,
            "to_act": self.to_act,
            "legal_actions": [str(a) for a in self.legal_actions],
            "hand": str(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "trick": self.trick.to_json() if self.trick else None,
            "tricks": [t.to_json() for t in self.tricks],
            "events": [
                {
                    "seat": e.seat,
                    "action": None if e.action is None else str(e.action),
                    "note": e.note,
                    "trick": e.trick or None,
                    "audience": e.audience,
                }
                for e in self.events
            ],
            "scores": list(self.scores),
            "own_discard": str(self.own_discard),
            "known": {label: str(cards) for label, cards in self.known},
            "public": {label: text for label, text in self.public},
            "facts": self.facts.to_json(),
        }

    @classmethod
    def from_json(cls, game: Game[Any], data: Any) -> PlayerView:
        """The view ``to_json`` made, read with ``game``'s pack, phases, actions and facts;
        RecordError in one line if ``data`` is no view of that game."""
        deck = game.deck
        try:
            if data["game"] != game.info.id:
                raise RecordError(f"a view of {data['game']!r:.40}, not of {game.info.id}")
            known = game.notation_table()
            hidden = _face_downs(deck)

            def action(text: str) -> Action:
                found = known.get(text.lower()) or hidden.get(text)
                if found is None:
                    raise KeyError(f"no action {text!r:.40}")
                return found

            return cls(
                game=data["game"],
                seat=data["seat"],
                hand_number=data["hand_number"],
                dealer=data["dealer"],
                phase=game.phase_type[data["phase"].upper()],
                to_act=data["to_act"],
                legal_actions=tuple(action(text) for text in data["legal_actions"]),
                hand=CardSet(deck, deck.mask(deck.parse(data["hand"]))),
                hand_sizes=tuple(data["hand_sizes"]),
                trick=None if data["trick"] is None else TrickView.from_json(deck, data["trick"]),
                tricks=tuple(TrickView.from_json(deck, trick) for trick in data["tricks"]),
                events=tuple(
                    Event(
                        e["seat"],
                        None if e["action"] is None else action(e["action"]),
                        e["audience"],
                        e["note"],
                        e["trick"] or 0,
                    )
                    for e in data["events"]
                ),
                scores=tuple(data["scores"]),
                own_discard=CardSet(deck, deck.mask(deck.parse(data["own_discard"]))),
                public=tuple(data["public"].items()),
                facts=game.facts_type.from_json(deck, data["facts"]),
            )
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise RecordError(f"not a view of {game.info.id}: {type(error).__name__} {error}"[:300]) from None


def trick_plays(view: PlayerView) -> list[list[tuple[int, int]]]:
    """Every trick of ``view``, the one in progress last, as its plays (seat, card index) in the
    order made: what ``tricks.voids`` reads."""
    tricks = [[(seat, card.index) for seat, card in trick.plays] for trick in view.tricks]
    if view.trick is not None and view.trick.plays:
        tricks.append([(seat, card.index) for seat, card in view.trick.plays])
    return tricks


@lru_cache(maxsize=8)
def _face_downs(deck: Deck) -> dict[str, Action]:
    """What others see of face-down discards, by notation: the only actions a view's events hold
    beyond the game's pre-built ones (``Game.notation_table``)."""
    return {str(FaceDown(count)): FaceDown(count) for count in range(1, deck.size + 1)}


def trick_view(
    deck: Deck, players: int, leader: int, cards: tuple[int, ...], winner: int | None = None
) -> TrickView:
    """The view of a trick held as card indices in play order from ``leader``."""
    plays = tuple(((leader + pos) % players, deck.cards[card]) for pos, card in enumerate(cards))
    return TrickView(leader, plays, winner)


@lru_cache(maxsize=16384)
def completed_trick_view(
    deck: Deck, players: int, leader: int, cards: tuple[int, ...], winner: int
) -> TrickView:
    """A completed trick never changes: its view is built once (a view lists every trick of the
    hand, and would otherwise rebuild them all on every call)."""
    return trick_view(deck, players, leader, cards, winner)


@lru_cache(maxsize=8)
def _no_cards(deck: Deck) -> CardSet:
    """The empty set of ``deck``'s cards, built once (most views have no discard of their own)."""
    return CardSet(deck, 0)


def card_set(deck: Deck, mask: int) -> CardSet:
    """``mask`` as a CardSet of ``deck``; the empty one is shared (a view's facts hold several
    sets that are mostly empty, and views are built thousands of times a search decision)."""
    return CardSet(deck, mask) if mask else _no_cards(deck)


class HandState(InTrickPlay, Protocol):
    """What every game's state holds that every view shows."""

    @property
    def context(self) -> HandContext: ...
    @property
    def phase(self) -> IntEnum: ...
    @property
    def events(self) -> EventLog: ...


def card_places(
    state: HandState, seat_names: Sequence[str], pile: Callable[[int], str], extra: dict[str, int]
) -> dict[str, int]:
    """Every place a card can be (``Game.card_locations``): each hand, the game's ``extra``
    places (stock, dog, discards), the trick in progress, and the won tricks in the pile
    ``pile(winner)`` names (a side's, or a seat's)."""
    places = {f"hand {name}": hand for name, hand in zip(seat_names, state.hands, strict=True)}
    places.update(extra)
    places["trick in progress"] = sum(1 << c for c in state.trick)
    for seat in range(len(state.hands)):
        places.setdefault(pile(seat), 0)
    for trick in state.tricks:
        places[pile(trick.winner)] |= sum(1 << c for c in trick.cards)
    return places


def seat_view(
    info: GameInfo,
    state: HandState,
    seat: int | None,
    to_act: int | None,
    legal: tuple[Action, ...],
    public: list[tuple[str, str]],
    facts: Facts,
    *,
    playing: bool,
    discard: int,
) -> PlayerView:
    """A seat's view: the fields every game shares, from the state, plus the game's own facts.

    Only the seat's own hand is read; the events are those whose audience includes the seat.
    ``playing``: cards are being played, so the trick in progress is shown (empty before the
    lead). ``discard``: the cards this seat itself laid aside face down, which it alone sees (C5).
    """
    deck = info.deck
    players = len(state.hands)
    return PlayerView(
        game=info.id,
        seat=seat,
        hand_number=state.context.number,
        dealer=state.context.dealer,
        phase=state.phase,
        to_act=to_act,
        legal_actions=legal,
        hand=CardSet(deck, state.hands[seat] if seat is not None else 0),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        trick=trick_view(deck, players, state.leader, state.trick) if playing else None,
        tricks=_FINISHED.get(
            (state.tricks, deck, players),
            lambda: tuple(completed_trick_view(deck, players, *t) for t in state.tricks),
        ),
        events=_seen(state.events, seat),
        scores=state.context.scores,
        own_discard=card_set(deck, discard),
        public=tuple(public),
        facts=facts,
    )


_FINISHED: Last[tuple[TrickView, ...]] = Last()
"""The views of the finished tricks, shared by the views of one trick's positions."""
_SEEN: dict[int | None, tuple[EventLog, tuple[Event, ...]]] = {}
"""Each seat's last log and the events of it that the seat may see."""


def _seen(log: EventLog, seat: int | None) -> tuple[Event, ...]:
    """``visible(log, seat)``, reading only the events added since the seat's last view where
    the log has grown from that one (a log is a persistent list: the last one is then its tail);
    from another hand's log, every event is read."""
    tail, before = _SEEN.get(seat, (None, ()))
    newer, grew = visible_since(log, seat, tail)
    found = before + newer if grew else newer
    _SEEN[seat] = (log, found)
    return found
