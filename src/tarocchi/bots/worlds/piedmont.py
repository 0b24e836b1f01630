"""Piedmont worlds consistent with a seat's view.

Known to the seat: its hand, every card played (and who played it), its own discard if it
dealt, the calls. Revealed by play: a player who did not follow the suit led is void in it, and
if he did not trump either, void in trumps (P3); a card taken back is in its player's hand; after
an Allegiance call, the caller's partner cannot hold the other card unless the call's trick is
still being played (P4). The dealer's discard holds no King, Ace or Honour (P2).
"""

from __future__ import annotations

import random

from tarocchi.bots.worlds.assign import deal_unseen
from tarocchi.core.actions import Play
from tarocchi.core.events import EventLog
from tarocchi.core.protocol import HandContext
from tarocchi.core.tricks import FOOL as FOOL_SUIT
from tarocchi.core.tricks import TRUMP, Trick, led_suit
from tarocchi.core.views import PlayerView, TrickView
from tarocchi.games.piedmont.game import PiedmontGame
from tarocchi.games.piedmont.rules import DECK, EVIL, GOOD, GOOD_EVIL, NOT_DISCARDABLE, PLAYERS, TABLE
from tarocchi.games.piedmont.state import Phase, PiedmontState

_SUITS = {**{suit.letter: i for i, suit in enumerate(DECK.suits)}, "T": TRUMP}


def _voids(
    tricks: tuple[TrickView, ...], current: TrickView | None, led_now: int | None, dead: int
) -> list[int]:
    """For each seat, the mask of suits play has shown it lacks."""
    voids = [0] * PLAYERS
    views = [(t, None) for t in tricks] + ([(current, led_now)] if current else [])
    for trick, led in views:
        cards = tuple(card.index for _, card in trick.plays)
        if any(dead >> c & 1 for c in cards):
            continue  # a take-back may have changed the first card: infer nothing from this trick
        led = led if led is not None else led_suit(TABLE, cards)
        if led is None:
            continue
        for seat, card in trick.plays:
            suit = TABLE.suit_of[card.index]
            if suit in (led, FOOL_SUIT):
                continue
            voids[seat] |= TABLE.suit_masks[led]
            if suit != TRUMP:
                voids[seat] |= TABLE.trump_mask
    return voids


def sample_world(game: PiedmontGame, view: PlayerView, rng: random.Random) -> PiedmontState:
    """A complete state that ``view.seat`` cannot tell from the real one."""
    seat = view.seat
    assert seat is not None, "a spectator has no world to sample"
    phase = view.phase
    assert isinstance(phase, Phase), f"a view of another game: {phase!r}"
    dead = DECK.mask(DECK.card(code) for code in (view.detail("dead") or "").split())
    led_letter = view.detail("led")
    led = None if led_letter is None else _SUITS[led_letter]
    tricks = tuple(Trick(t.leader, tuple(c.index for _, c in t.plays), t.winner or 0) for t in view.tricks)
    trick = tuple(card.index for _, card in view.trick.plays) if view.trick else ()
    played = 0
    for t in (*tricks, Trick(0, trick, 0)):
        for card in t.cards:
            played |= 1 << card
    mine = view.hand.mask
    own_discard = view.own_discard.mask
    held = [0] * PLAYERS  # cards every seat saw go back into a hand (P4 take-back)
    for event in view.events:
        if isinstance(event.action, Play) and event.seat is not None:
            bit = 1 << event.action.card.index
            if not played & bit:
                held[event.seat] |= bit
    held[seat] = 0
    unseen = DECK.full & ~(mine | played | own_discard | sum(held))

    voids = _voids(view.tricks, view.trick, led, dead)
    caller = view.detail("caller")
    others = [s for s in range(PLAYERS) if s != seat]
    forbidden = [voids[s] for s in others]
    if caller is not None:
        call_trick_done = any(
            GOOD_EVIL >> c & 1 and (t.leader + i) % PLAYERS == caller
            for t in tricks
            for i, c in enumerate(t.cards)
        )
        partner = (caller + 2) % PLAYERS
        if call_trick_done and partner in others:
            forbidden[others.index(partner)] |= GOOD_EVIL
    capacities = [view.hand_sizes[s] - held[s].bit_count() for s in others]
    discard_size = DECK.size - sum(view.hand_sizes) - played.bit_count()
    if view.dealer != seat and discard_size:
        capacities.append(discard_size)
        forbidden.append(NOT_DISCARDABLE[game.options["good_evil"]])
    places = deal_unseen(unseen, capacities, forbidden, rng)

    hands = [0] * PLAYERS
    hands[seat] = mine
    for i, s in enumerate(others):
        hands[s] = places[i] | held[s]
    discard = own_discard if view.dealer == seat else (places[-1] if discard_size else 0)
    forced = -1
    leader = view.trick.leader if view.trick else (view.dealer + 1) % PLAYERS
    if caller is not None and phase is Phase.PLAY and any(GOOD_EVIL >> c & 1 for c in trick):
        partner = (caller + 2) % PLAYERS
        other = EVIL if any(c == GOOD for c in trick) else GOOD
        if hands[partner] >> other & 1 and (partner - leader) % PLAYERS >= len(trick):
            forced = other
    return PiedmontState(
        phase=phase,
        context=HandContext(view.hand_number, view.dealer, view.scores),
        hands=tuple(hands),
        discard=discard,
        leader=leader,
        trick=trick,
        led=led,
        tricks=tricks,
        caller=-1 if caller is None else caller,
        segments=tuple((start, side) for start, side in view.detail("segments") or ()),
        pending=view.to_act if phase is Phase.CALL and view.to_act is not None else -1,
        forced=forced,
        dead=dead,
        events=_log(view),
    )


def _log(view: PlayerView) -> EventLog:
    """The seat's own record of events: the world shows the seat exactly what it has seen."""
    log: EventLog = None
    for event in view.events:
        log = (event, log)
    return log
