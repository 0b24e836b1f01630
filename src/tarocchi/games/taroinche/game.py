"""Taroinche on the engine protocol: the game object and its phase table (B1-B8)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import ClassVar

from tarocchi.core.actions import Action, Discard, FaceDown, Play
from tarocchi.core.cards import Card, MaskMap
from tarocchi.core.errors import NotationError
from tarocchi.core.events import PUBLIC, Event, EventLog, only
from tarocchi.core.phases import HandOver, PhasedGame
from tarocchi.core.protocol import Deal, GameInfo, HandContext, Reading
from tarocchi.core.text import shown
from tarocchi.core.trickplay import TrickPlay
from tarocchi.core.views import PlayerView
from tarocchi.games.taroinche import views
from tarocchi.games.taroinche.bidding import (
    ACTION_HELP,
    AUCTION_LEGAL,
    BY_LEVEL,
    CALLS,
    COINCHE,
    LEVEL_OF,
    PASS,
    SURCOINCHE,
    SURCOINCHE_LEGAL,
    Bid,
    looks_like_bid,
    parse_bid,
    summary,
)
from tarocchi.games.taroinche.play import beats, play_mask, refusal
from tarocchi.games.taroinche.rules import (
    CAPOT,
    CONTRACTS,
    DECK,
    DOG_SIZE,
    HAND_SIZE,
    INFO,
    KINGS_QUEENS,
    PLAYERS,
    SEAT_NAMES,
    SUIT_MASKS,
    SUIT_OF,
    TOTAL,
    TRICKS,
    VALUES,
    WITH,
    side_of,
)
from tarocchi.games.taroinche.scoring import describe, score
from tarocchi.games.taroinche.state import Phase, TaroincheState

PLAYS = tuple(Play(card) for card in DECK.cards)
DISCARDS = tuple(Discard(card) for card in DECK.cards)
_DISCARDS_OF = MaskMap(DISCARDS)
_AUCTION, _SURCOINCHE, _DISCARD, _PLAY, _DONE = Phase
_NOTATION = (
    "type a bid (e.g. '90 H without 3': value, trump, dog mode, partner seat or self), pass, "
    "coinche, surcoinche, a card to play it (e.g. JS), or 'discard JS' while discarding"
)


def _level(state: TaroincheState) -> int:
    return -1 if state.bid is None else LEVEL_OF[state.bid]


class TaroincheGame(PhasedGame[TaroincheState]):
    """Taroinche as Board Game Arena plays it; option ``hands`` = 5 | 10 | 15 | 20 (B8)."""

    info: ClassVar[GameInfo] = INFO
    phase_type = Phase
    facts_type = views.TaroincheFacts
    seat_names = SEAT_NAMES
    actions: ClassVar[tuple[Action, ...]] = (
        *PLAYS,
        *DISCARDS,
        *dict.fromkeys(CALLS.values()),
        *(bid for level in BY_LEVEL for bid in level),
    )
    example_action = "pass"

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        super().__init__(options)
        self._hands = int(self.options["hands"])
        self.use_phases(
            (
                _Auction(self),
                _Surcoinche(self),
                _Discarding(self),
                _Playing(self),
                HandOver(),
            )
        )

    def hands_per_game(self) -> int:
        return self._hands

    # -- for a table: presentation only ---------------------------------------------
    action_help: ClassVar[str] = ACTION_HELP

    def hand_order(self, cards: Iterable[Card], view: PlayerView | None = None) -> list[Card]:
        """Coinche order, the contract's trump suit first (``views.hand_order``)."""
        return views.hand_order(cards, view)

    def trump_suit(self, view: PlayerView) -> str | None:
        return views.trump_suit(view)

    def action_phrase(self, seat: int, action: Action) -> str | None:
        """A bid in words, its partner by name (``views.phrase``)."""
        return views.phrase(seat, action)

    def legal_summary(self, legal: tuple[Action, ...]) -> str | None:
        """The auction's bids in one line (``bidding.summary``)."""
        return summary(legal)

    # -- dealing ----------------------------------------------------------------------
    def deal(self, rng: random.Random, dealer: int) -> Deal:
        """B2: a fresh shuffle; 6 cards each from the first player, 2 to the dog."""
        pack = list(DECK.cards)
        rng.shuffle(pack)
        hands: list[tuple[Card, ...]] = [()] * PLAYERS
        for i in range(PLAYERS):
            hands[(dealer + 1 + i) % PLAYERS] = tuple(pack[i * HAND_SIZE : (i + 1) * HAND_SIZE])
        return self.dealt(Deal(tuple(hands), tuple(pack[PLAYERS * HAND_SIZE :])))

    def initial_state(self, deal: Deal, context: HandContext) -> TaroincheState:
        self.check_deal(deal, HAND_SIZE, DOG_SIZE)
        first = (context.dealer + 1) % PLAYERS
        return TaroincheState(
            phase=_AUCTION,
            context=context,
            hands=tuple(DECK.mask(hand) for hand in deal.hands),
            dog=DECK.mask(deal.stock),
            shown_dog=0,
            discard=0,
            turn=first,
            passes=0,
            bid=None,
            taker=-1,
            partner=-1,
            coinche=0,
            coincher=-1,
            speakers=(),
            belote=-1,
            leader=first,
            trick=(),
            best=0,
            tricks=(),
            events=None,
        )

    # -- the protocol -------------------------------------------------------------------
    build_view = views.build
    score = staticmethod(score)

    def won_pile(self, state: TaroincheState, seat: int) -> str:
        attack = side_of(seat, state.taker, state.partner) == 0
        return "tricks of the attack" if attack else "tricks of the defence"

    def laid_aside(self, state: TaroincheState) -> dict[str, int]:
        return {"dog": state.dog, "taker's discard": state.discard}

    def audit(self, state: TaroincheState) -> list[str]:
        """Adds C7's stated total: every fully played hand's card points come to 162 (B1)."""
        problems = super().audit(state)
        result = self.outcome(state)
        if result is not None and len(state.tricks) == TRICKS and sum(result.card_points) != TOTAL:
            problems.append(f"the sides count {sum(result.card_points)} card points, not {TOTAL} (B1)")
        if result is not None and sum(result.tricks) != len(state.tricks):
            problems.append(f"{sum(result.tricks)} tricks counted, {len(state.tricks)} played")
        return problems

    def read_action(self, text: str, reading: Reading | None) -> Action:
        words = text.lower().split()
        if not words:
            raise NotationError(f"expected an action; {_NOTATION}")
        verb = words[0]
        if len(words) == 1 and verb in CALLS:
            return CALLS[verb]
        if verb in ("discard", "d") and len(words) == 2:
            return DISCARDS[DECK.card(words[1]).index]
        if verb in ("play",) and len(words) == 2:
            return PLAYS[DECK.card(words[1]).index]
        if looks_like_bid(words):
            bidder = reading.seat if reading is not None and reading.offers(Bid) else None
            return parse_bid(text, words, bidder)
        if len(words) == 1:
            card = DECK.card(words[0])
            if reading is not None and reading.offers(Discard):
                return DISCARDS[card.index]
            return PLAYS[card.index]
        raise NotationError(f"'{shown(text.strip())}' is not an action; {_NOTATION}")

    # -- transitions shared by the phases ---------------------------------------------
    def end_auction(self, state: TaroincheState, events: EventLog) -> TaroincheState:
        """B3/B4: the contract stands; With: the dog is shown and taken, else play begins."""
        bid = state.bid
        assert bid is not None
        taker = state.taker
        events = (Event(taker, None, PUBLIC, f"takes the contract: {describe(state)}"), events)
        if bid.mode == WITH:
            note = f"takes the dog, shown to all: {DECK.codes(state.dog)} (B4)"
            hands = list(state.hands)
            hands[taker] |= state.dog
            return state._replace(
                phase=_DISCARD,
                hands=tuple(hands),
                dog=0,
                shown_dog=state.dog,
                events=(Event(taker, None, PUBLIC, note), events),
            )
        return self.start_play(state._replace(events=events))

    def start_play(self, state: TaroincheState) -> TaroincheState:
        """B5: the attack's belote is fixed now; B2: the first player leads."""
        bid = state.bid
        assert bid is not None
        belote = -1
        if bid.value != CAPOT:
            pair = CONTRACTS[bid.trump].trump_mask & KINGS_QUEENS
            for seat in (state.taker, state.partner):
                if state.hands[seat] & pair == pair:
                    belote = seat
        first = (state.context.dealer + 1) % PLAYERS
        return state._replace(phase=_PLAY, belote=belote, leader=first, trick=(), best=0)

    def finish(self, state: TaroincheState, events: EventLog) -> TaroincheState:
        """The hand is over: what lay face down is turned up for everyone."""
        bid = state.bid
        assert bid is not None
        if bid.mode == WITH:
            note = f"the taker's discard is turned up: {DECK.codes(state.discard)}"
        else:
            note = f"the dog is turned up: {DECK.codes(state.dog)}"
        return state._replace(phase=_DONE, events=(Event(None, None, PUBLIC, note), events))


class _Auction:
    """B3: from the first player, bid (strictly stronger), pass or coinche; four passes after a bid
    end it, five passes without one throw the hand in."""

    def __init__(self, game: TaroincheGame) -> None:
        self.game = game

    @staticmethod
    def may_coinche(state: TaroincheState) -> bool:
        return state.bid is not None and state.turn != state.taker and state.turn != state.partner

    def to_act(self, state: TaroincheState) -> int:
        return state.turn

    def legal(self, state: TaroincheState) -> tuple[Action, ...]:
        return AUCTION_LEGAL[_level(state) + 1][self.may_coinche(state)]

    def apply(self, state: TaroincheState, action: Action) -> TaroincheState | None:
        seat = state.turn
        after = (seat + 1) % PLAYERS
        if type(action) is Bid:
            n = LEVEL_OF.get(action)
            if n is None or n <= _level(state):
                return None
            events: EventLog = (Event(seat, action, PUBLIC), state.events)
            return state._replace(
                turn=after, passes=0, bid=action, taker=seat, partner=action.partner, events=events
            )
        if action is PASS or action == PASS:
            events = (Event(seat, PASS, PUBLIC), state.events)
            passes = state.passes + 1
            if state.bid is None and passes == PLAYERS:
                note = "the hand is thrown in: all five passed; it counts as a hand (B3, C2)"
                return state._replace(
                    passes=passes, phase=_DONE, events=(Event(None, None, PUBLIC, note), events)
                )
            state = state._replace(turn=after, passes=passes, events=events)
            if state.bid is not None and passes == PLAYERS - 1:
                return self.game.end_auction(state, events)
            return state
        if (action is COINCHE or action == COINCHE) and self.may_coinche(state):
            # B3: the taker and partner then speak in clockwise order from the coincher
            members = sorted({state.taker, state.partner}, key=lambda s: (s - seat) % PLAYERS)
            return state._replace(
                phase=_SURCOINCHE,
                turn=members[0],
                passes=0,
                coinche=1,
                coincher=seat,
                speakers=tuple(members),
                events=(Event(seat, COINCHE, PUBLIC), state.events),
            )
        return None

    def refusal(self, state: TaroincheState, action: Action) -> str | None:
        if type(action) is Bid:
            n = LEVEL_OF.get(action)
            if n is None:
                if action.trump in (4, 5) and action.value != CAPOT and action.value in VALUES:
                    return "No-trump and All-trump may only be bid at Capot (B3)"
                return f"{action!r} is not a bid of this game: values 82, 90 ... 180, Capot; seats 0-4 (B3)"
            if n <= _level(state):
                return (
                    f"a bid must be stronger than the contract ({state.bid}): a higher value, or the "
                    "same value with a stronger dog mode (With < Without < Against); "
                    "trump and partner do not count (B3)"
                )
            return None
        if action == PASS:
            return None
        if action == COINCHE:
            if state.bid is None:
                return "there is no bid to coinche yet (B3)"
            if self.may_coinche(state):
                return None
            role = "the taker" if state.turn == state.taker else "the taker's partner"
            return f"you are {role}: only a player outside the contract may coinche (B3)"
        if action == SURCOINCHE:
            return "nobody has coinched: there is nothing to surcoinche (B3)"
        return "the auction is on: bid, pass or coinche (B3)"


class _Surcoinche:
    """B3: after a coinche only the taker and partner speak: surcoinche (which ends the auction,
    a surcoinching partner becoming the taker) or pass; once each, one only in a solo."""

    def __init__(self, game: TaroincheGame) -> None:
        self.game = game

    def to_act(self, state: TaroincheState) -> int:
        return state.turn

    def legal(self, state: TaroincheState) -> tuple[Action, ...]:
        return SURCOINCHE_LEGAL

    def apply(self, state: TaroincheState, action: Action) -> TaroincheState | None:
        seat = state.turn
        if action == PASS:
            events: EventLog = (Event(seat, PASS, PUBLIC), state.events)
            speakers = state.speakers[1:]
            state = state._replace(passes=state.passes + 1, speakers=speakers, events=events)
            if not speakers:
                return self.game.end_auction(state, events)
            return state._replace(turn=speakers[0])
        if action == SURCOINCHE:
            events = (Event(seat, SURCOINCHE, PUBLIC), state.events)
            taker, partner = state.taker, state.partner
            if seat != taker:
                note = f"surcoinches and becomes the taker; {SEAT_NAMES[taker]} is now his partner (B3)"
                events = (Event(seat, None, PUBLIC, note), events)
                taker, partner = seat, taker
            state = state._replace(coinche=2, speakers=(), taker=taker, partner=partner, events=events)
            return self.game.end_auction(state, events)
        return None

    def refusal(self, state: TaroincheState, action: Action) -> str | None:
        if action in (PASS, SURCOINCHE):
            return None
        if type(action) is Bid:
            return "after a coinche no more bids: the taker and partner may only surcoinche or pass (B3)"
        if action == COINCHE:
            return "the contract is already coinched: the taker and partner may surcoinche or pass (B3)"
        return "the contract is coinched: surcoinche or pass (B3)"


class _Discarding:
    """B4 With: the taker, holding eight cards, lays any two aside face down."""

    def __init__(self, game: TaroincheGame) -> None:
        self.game = game

    def to_act(self, state: TaroincheState) -> int:
        return state.taker

    def legal(self, state: TaroincheState) -> tuple[Action, ...]:
        return _DISCARDS_OF.select(state.hands[state.taker])

    def apply(self, state: TaroincheState, action: Action) -> TaroincheState | None:
        if type(action) is not Discard:
            return None
        card = action.card.index
        taker = state.taker
        if not state.hands[taker] >> card & 1 or DISCARDS[card] != action:
            return None
        bit = 1 << card
        hands = list(state.hands)
        hands[taker] ^= bit
        discard = state.discard | bit
        events: EventLog = (Event(taker, action, only(taker)), state.events)
        state = state._replace(hands=tuple(hands), discard=discard, events=events)
        if discard.bit_count() < DOG_SIZE:
            return state
        note = "has laid 2 cards aside face down; they count for the attack (B4)"
        laid = Event(taker, FaceDown(DOG_SIZE), PUBLIC, note)
        return self.game.start_play(state._replace(events=(laid, events)))

    def refusal(self, state: TaroincheState, action: Action) -> str | None:
        if type(action) is not Discard:
            return f"the taker ({SEAT_NAMES[state.taker]}) must first lay 2 cards aside (B4)"
        if self.apply(state, action) is not None:
            return None
        return f"{action.card.code} is not in your hand"


class _Playing(TrickPlay[TaroincheState]):
    """B6 duties, C3 winner; B7: a Capot stops as soon as the defence wins a trick."""

    def __init__(self, game: TaroincheGame) -> None:
        super().__init__(PLAYS, SEAT_NAMES, play_mask, refusal)
        self.game = game

    def rebuilt_with(self) -> tuple[object, ...]:
        return (self.game,)

    def place(self, state: TaroincheState, seat: int, card: int, hands: tuple[int, ...]) -> TaroincheState:
        events: EventLog = (self.play_events[seat][card], state.events)
        if seat == state.belote and KINGS_QUEENS >> card & 1 and SUIT_OF[card] == _trump(state):
            events = (Event(seat, None, PUBLIC, self.belote_note(state, card)), events)
        trick = state.trick
        best = state.best
        if trick and beats(state, card, trick[best]):
            best = len(trick)
        trick = (*trick, card)
        if len(trick) < PLAYERS:
            return state._replace(hands=hands, trick=trick, best=best, events=events)
        winner = (state.leader + best) % PLAYERS
        tricks, events = self.won(state.tricks, state.leader, trick, winner, events)
        state = state._replace(hands=hands, trick=(), best=0, tricks=tricks, leader=winner, events=events)
        assert state.bid is not None
        if state.bid.value == CAPOT and side_of(winner, state.taker, state.partner):
            note = "takes a trick for the defence: the Capot has failed and the hand stops (B7)"
            return self.game.finish(state, (Event(winner, None, PUBLIC, note), events))
        if len(tricks) == TRICKS:
            return self.game.finish(state, events)
        return state

    @staticmethod
    def belote_note(state: TaroincheState, card: int) -> str:
        other = (SUIT_MASKS[SUIT_OF[card]] & KINGS_QUEENS) ^ (1 << card)  # the other of K and Q
        other = other.bit_length() - 1
        if state.hands[state.belote] >> other & 1:
            return f"says Belote: holds {DECK.cards[card].code} and {DECK.cards[other].code} (B5)"
        return f"says Rebelote with {DECK.cards[card].code} (B5)"


def _trump(state: TaroincheState) -> int:
    assert state.bid is not None
    return state.bid.trump
