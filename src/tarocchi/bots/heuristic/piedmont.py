"""A Piedmont player with a club player's habits, deciding from its view alone.

Discarding (P2): bank the Queens, Cavaliers and Jacks it may lay aside (the discard scores for
its side) and shorten its shortest suits, to trump sooner. Leading: cash Kings while nobody has
shown a void in their suit, else lead low from a long suit, keep trumps. Following: when the
partner's card is safe, feed it the most valuable card it may (Aces are worth 5 here); else win
with the cheapest card that wins when the trick is worth it, and otherwise give the least; spend
the Fool instead of a costly card. Under the trumps option, complete a Good-and-Evil pair with the
partner. Under Allegiance, call for the suits its side holds and has won more of.
"""

from __future__ import annotations

from tarocchi.bots.heuristic.common import Heuristic
from tarocchi.core.actions import Action, Call, Discard, Play
from tarocchi.core.cards import Card
from tarocchi.core.tricks import TRUMP, led_suit, voids
from tarocchi.core.views import PlayerView, trick_plays
from tarocchi.games.piedmont.rules import (
    DECK,
    EARTH_AIR,
    FOOL,
    GOOD,
    GOOD_EVIL,
    PLAYERS,
    TABLE,
    VALUES,
    side_of,
    trick_winner,
)
from tarocchi.games.piedmont.state import Phase
from tarocchi.games.piedmont.views import PiedmontFacts

SAFE_TRUMP = 17
"""A partner's trump this high is unlikely to be beaten by a later player."""


def _suit_lengths(view: PlayerView) -> dict[int, int]:
    lengths = dict.fromkeys(range(4), 0)
    for card in view.hand:
        suit = TABLE.suit_of[card.index]
        if suit < 4:
            lengths[suit] += 1
    return lengths


def _discard(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """Bank points in the discard and make voids: a valuable card of a short suit goes first."""
    lengths = _suit_lengths(view)

    def keep_value(action: Action) -> tuple[int, int, int]:
        assert isinstance(action, Discard)
        index = action.card.index
        suit = TABLE.suit_of[index]
        is_trump = suit >= 4
        return (is_trump, -VALUES[index], lengths.get(suit, 99))

    return min(legal, key=keep_value)


def _call(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """Allegiance: take the suits where this side's cards (held and won) are worth more."""
    seat = view.seat
    assert seat is not None and view.trick is not None
    mine = side_of(seat)
    earth_air = fire_water = 0
    for card in view.hand:
        if EARTH_AIR >> card.index & 1:
            earth_air += VALUES[card.index]
        elif TABLE.suit_of[card.index] < 4:
            fire_water += VALUES[card.index]
    for trick in view.tricks:
        if trick.winner is not None and side_of(trick.winner) == mine:
            for _, card in trick.plays:
                if EARTH_AIR >> card.index & 1:
                    earth_air += VALUES[card.index]
                elif TABLE.suit_of[card.index] < 4:
                    fire_water += VALUES[card.index]
    want_earth_air = earth_air >= fire_water
    words = {a.word: a for a in legal if isinstance(a, Call)}
    if "ours" in words:
        played_good = view.trick.plays[-1][1].index == GOOD
        return words["ours" if played_good == want_earth_air else "yours"]
    segments = PiedmontFacts.of(view).segments
    has_earth_air = bool(segments) and segments[-1][1] == mine
    return words["confirm" if has_earth_air == want_earth_air else "reverse"]


def _cheapest(cards: list[Card]) -> Card:
    """The card it costs least to give: lowest value, then keep trumps, then lowest rank."""
    return min(
        cards,
        key=lambda c: (VALUES[c.index], TABLE.suit_of[c.index] >= 4, TABLE.power[c.index], c.index),
    )


def _play(view: PlayerView, legal: list[Play]) -> Action:
    cards = [a.card for a in legal]
    by_card = {a.card.index: a for a in legal}
    seat = view.seat
    assert seat is not None and view.trick is not None
    plays = view.trick.plays
    if not plays:
        return by_card[_lead(view, cards).index]
    facts = PiedmontFacts.of(view)
    allegiance, dead = facts.allegiance, facts.dead.mask
    leader = view.trick.leader
    played = tuple(card.index for _, card in plays)
    led = led_suit(TABLE, played)

    def winner_with(extra: tuple[int, ...]) -> int | None:
        cards_now = played + extra
        if all(c == FOOL for c in cards_now):
            return None
        led = led_suit(TABLE, cards_now)
        return trick_winner(cards_now, leader, -1 if led is None else led, allegiance, dead)

    current = winner_with(())
    last = len(plays) == 3
    points = sum(VALUES[c] for c in played)
    non_fool = [c for c in cards if c.index != FOOL]
    pair = None if allegiance else _complete_pair(seat, plays, cards)
    if pair is not None:
        return by_card[pair.index]
    if current is not None and side_of(current) == side_of(seat):
        if last or _safe(view, plays, current, led):
            feed = [c for c in non_fool if TABLE.suit_of[c.index] != TRUMP] or non_fool or cards
            return by_card[max(feed, key=lambda c: (VALUES[c.index], -TABLE.power[c.index])).index]
        return by_card[_cheapest(non_fool or cards).index]
    winners = [c for c in non_fool if winner_with((c.index,)) == seat]
    if winners and (last or points + max(VALUES[c.index] for c in winners) >= 3 or led == TRUMP):
        return by_card[
            min(
                winners,
                key=lambda c: (TABLE.suit_of[c.index] >= 4, VALUES[c.index] > 1, TABLE.power[c.index]),
            ).index
        ]
    cheapest = _cheapest(non_fool or cards)
    fool = next((c for c in cards if c.index == FOOL), None)
    if fool is not None and VALUES[cheapest.index] >= 3:
        return by_card[FOOL]
    return by_card[cheapest.index]


def _complete_pair(seat: int, plays: tuple[tuple[int, Card], ...], cards: list[Card]) -> Card | None:
    """Trumps option: the partner played Good (Evil) in this trick; our Evil (Good) wins it."""
    for player, card in plays:
        if GOOD_EVIL >> card.index & 1 and side_of(player) == side_of(seat) and player != seat:
            return next((c for c in cards if GOOD_EVIL >> c.index & 1), None)
    return None


def _voids(view: PlayerView) -> list[int]:
    """Per seat, the cards play has shown it lacks (``tricks.voids``; a dead card shows nothing)."""
    return voids(trick_plays(view), TABLE, PLAYERS, dead=PiedmontFacts.of(view).dead.mask)


def _safe(view: PlayerView, plays: tuple[tuple[int, Card], ...], winner: int, led: int | None) -> bool:
    """Whether the partner's winning card will probably hold against the players still to come."""
    card = next(c for s, c in plays if s == winner)
    if TABLE.suit_of[card.index] == TRUMP:
        return TABLE.power[card.index] >= SAFE_TRUMP
    played = {c.index for t in view.tricks for _, c in t.plays} | {c.index for _, c in plays}
    higher = [
        c
        for c in DECK.cards
        if TABLE.suit_of[c.index] == led
        and TABLE.power[c.index] > TABLE.power[card.index]
        and c.index not in played
        and c not in view.hand
    ]
    return not higher and led is not None and not _voids(view)[winner] & TABLE.suit_masks[led]


def _lead(view: PlayerView, cards: list[Card]) -> Card:
    """Cash a King whose suit nobody has shown void in; else low from the longest suit."""
    seat = view.seat
    assert seat is not None
    lacks = _voids(view)
    opponents = [(seat + 1) % PLAYERS, (seat + 3) % PLAYERS]
    for card in cards:
        suit = TABLE.suit_of[card.index]
        if (
            card.code.startswith("K")
            and suit < 4
            and not any(lacks[o] & TABLE.suit_masks[suit] for o in opponents)
        ):
            return card
    lengths = _suit_lengths(view)
    plain = [c for c in cards if TABLE.suit_of[c.index] < 4]
    if plain:
        longest = max(lengths[TABLE.suit_of[c.index]] for c in plain)
        return _cheapest([c for c in plain if lengths[TABLE.suit_of[c.index]] == longest])
    trumps = [c for c in cards if c.index != FOOL and not GOOD_EVIL >> c.index & 1]
    if trumps:
        return max(trumps, key=lambda c: TABLE.power[c.index]) if len(trumps) >= 4 else _cheapest(trumps)
    return _cheapest(cards)


class PiedmontHeuristic(Heuristic, phases={Phase.DISCARD: _discard, Phase.CALL: _call}, play=_play):
    """The medium player for Piedmont."""
