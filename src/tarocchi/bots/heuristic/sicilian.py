"""A Sicilian player with a club player's habits, deciding from its view alone.

Bidding. It measures a hand by its trumps (how many, how high) and its cards worth 5 or 10.
In the bargaining (S3) it holds a hand it means to bid on, takes any open offer to pay it, and
otherwise offers to throw in for a price (an offer that, taken, only pays it). Solo (S4) wants a
long, high trump suit, since it plays one against three at triple stakes; Prop (S5) and Cop (S6)
want a fair share of trumps besides the strength the rules demand.

The exchange (S4, S5) banks the Queens, Cavaliers and Valets it may lay aside (the discard
scores for it) and empties its shortest suits, so that it can trump sooner.

Play (S8). It knows its side as far as the view lets it: the open partner, the Declarer when it
holds the rallied card, the partner once the rallied card is played, and before that a player
void in the rallied suit, who cannot be the hidden partner; a player it cannot place is treated
as an opponent. It leads the rallied suit low to find a hidden partner, cashes Kings
while nobody has shown a void, draws trumps with a long trump suit, and otherwise leads low from
its longest suit. Following, it feeds points to a partner whose trick is safe (a trump no unseen
trump beats, or last to play); else it wins with the cheapest card that holds when the trick is
worth it, and otherwise gives the least, escaping with the Fool rather than giving 4 or more.
The Juggler (trump 1, worth 10) is played only when it wins the trick safely or goes to a
partner; it is kept out of tricks the other side is taking.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from tarocchi.bots.heuristic.common import Heuristic
from tarocchi.core.actions import Action, Call, Discard, Play
from tarocchi.core.tricks import TRUMP, led_suit, voids, winning_position
from tarocchi.core.views import PlayerView, trick_plays
from tarocchi.games.sicilian.actions import PAY, THROW, Offer, Rally, Take
from tarocchi.games.sicilian.rules import (
    DECK,
    FOOL,
    JUGGLER,
    PLAYERS,
    PROP_STRENGTH,
    SUIT_MASKS,
    TABLE,
    TRUMP_MASK,
    VALUES,
    strength,
)
from tarocchi.games.sicilian.state import Mode, Phase
from tarocchi.games.sicilian.views import SicilianFacts

HIGH_TRUMP = 15
"""Trumps from 15 up are the ones that win tricks late in a hand."""
THROW_PRICE = 20
"""What it asks to throw in a hand it does not mean to bid on (S3)."""
TAKE_PAY_ABOVE_HOLD = 25
"""An offer to pay it this much beats holding even a hand it would bid on."""


def _trumps(hand: int) -> tuple[int, int]:
    """How many trumps (the Fool aside), and how many of them are high."""
    trumps = hand & TRUMP_MASK
    high = sum(1 for c in DECK.cards_in(trumps) if c.rank >= HIGH_TRUMP)
    return trumps.bit_count(), high


def hand_power(hand: int) -> float:
    """A rough measure of trick-taking strength: trumps count most, high ones more, then the
    cards worth 5 or 10 (Kings, the top trumps, the Honours)."""
    count, high = _trumps(hand)
    return count + high + strength(hand) / 10


def wants_solo(hand: int) -> bool:
    """S4: one against three at triple stakes needs a long suit of high trumps: in trials against
    this player, nine trumps with four from 15 up (or eight with five) came out ahead; fewer lost."""
    count, high = _trumps(hand)
    return (count >= 9 and high >= 4) or (count >= 8 and high >= 5)


def wants_prop(hand: int) -> bool:
    """S5: with the strength the rule asks for and three trumps, a Prop gained in trials (a partner
    comes); the alternative, nobody propping, scores nothing."""
    return _trumps(hand)[0] >= 3


def wants_cop(hand: int) -> bool:
    """S6: joining a Declarer who propped gains from three trumps up; a defender against him loses."""
    return _trumps(hand)[0] >= 3


_CONTRACTS: dict[IntEnum, tuple[Callable[[int], bool], str]] = {
    Phase.SOLO: (wants_solo, "solo"),
    Phase.PROP: (wants_prop, "prop"),
    Phase.COP: (wants_cop, "cop"),
}
"""The phases that offer a contract: whether a hand wants it, and the word that says it."""


def _contract(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """A contract is offered: say it if the hand wants it, else pass."""
    wanted, word = _CONTRACTS[view.phase]
    words = {a.word: a for a in legal if isinstance(a, Call)}
    return words[word] if wanted(view.hand.mask) and word in words else words["pass"]


def _rally(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """S7 leaves a choice only between equal suits: the shortest for us."""
    hand = view.hand.mask
    rallies = [a for a in legal if isinstance(a, Rally)]
    return min(rallies, key=lambda a: (hand & SUIT_MASKS[TABLE.suit_of[a.card.index]]).bit_count())


def _bargain(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """S3: hold what it would bid on; take money offered; otherwise ask a price to throw in."""
    hand = view.hand.mask
    strong = wants_solo(hand) or (strength(hand) >= PROP_STRENGTH and wants_prop(hand))
    by_seat = {o.seat: (o.kind, o.amount) for o in SicilianFacts.of(view).offers if o.taker is None}
    takes = [a for a in legal if isinstance(a, Take)]
    pays = [(by_seat[a.seat][1], a) for a in takes if by_seat.get(a.seat, ("", 0))[0] == PAY]
    best_pay = max(pays, key=lambda p: p[0], default=None)
    words = {a.word: a for a in legal if isinstance(a, Call)}
    if best_pay is not None and (not strong or best_pay[0] >= TAKE_PAY_ABOVE_HOLD):
        return best_pay[1]
    if strong:
        return words["hold"]
    throws = [a for a in takes if by_seat.get(a.seat, ("", 1))[0] == THROW and by_seat[a.seat][1] == 0]
    if throws and hand_power(hand) < 3:
        return throws[0]  # a free throw-in of a hopeless hand
    return next(
        (a for a in legal if isinstance(a, Offer) and a == Offer(THROW, THROW_PRICE)), words["silent"]
    )


def _discard(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """Bank the points it may lay aside, then empty the shortest suit; a trump last."""
    hand = view.hand.mask
    lengths = [(hand & mask).bit_count() for mask in SUIT_MASKS]

    def key(action: Action) -> tuple[int, int, int, int]:
        assert isinstance(action, Discard)
        index = action.card.index
        suit = TABLE.suit_of[index]
        is_trump = int(suit >= TRUMP)
        return (is_trump, -VALUES[index], lengths[suit] if suit < TRUMP else 99, TABLE.power[index])

    return min(legal, key=key)


def _winner(cards: tuple[int, ...], leader: int) -> int | None:
    """C3: who wins these cards so far (None: only the Fool)."""
    pos = winning_position(TABLE, cards, led_suit(TABLE, cards))
    return None if pos is None else (leader + pos) % PLAYERS


def friends(view: PlayerView) -> set[int]:
    """The seats it knows to be on its side, itself included; anyone it cannot place is not.

    Before the rallied card is played (S7), a player who has shown a void in its suit cannot
    hold it: he is a Defender. When that leaves one candidate for a rallied King (a King is
    never discarded, so somebody holds it), he is the hidden partner."""
    seat = view.seat
    assert seat is not None
    facts = SicilianFacts.of(view)
    declarer, partner, card = facts.declarer, facts.partner, facts.rallied
    if declarer is None:
        return {seat}
    if facts.mode is Mode.RALLY and partner is None and card is not None:
        lacks = voids(trick_plays(view), TABLE, PLAYERS)
        candidates = {
            s
            for s in range(PLAYERS)
            if s not in (declarer, seat) and not lacks[s] & SUIT_MASKS[TABLE.suit_of[card.index]]
        }
        own_discard = view.own_discard.mask
        if own_discard >> card.index & 1:
            candidates = set()
        if seat == declarer:
            return {seat, *candidates} if len(candidates) == 1 and card.code.startswith("K") else {seat}
        return {s for s in range(PLAYERS) if s != declarer and s not in candidates}
    team = {declarer} if partner is None else {declarer, partner}
    if seat in team:
        return team
    return {s for s in range(PLAYERS) if s not in team}


class _Table:
    """What it knows at a trick: its side, the cards still unseen, the voids shown."""

    def __init__(self, view: PlayerView) -> None:
        seat = view.seat
        assert seat is not None and view.trick is not None
        self.seat = seat
        self.friends = friends(view)
        played = 0
        for trick in (*view.tricks, view.trick):
            for _, card in trick.plays:
                played |= 1 << card.index
        discarded = view.own_discard.mask
        self.unseen = DECK.full & ~(played | view.hand.mask | discarded)
        self.voids = voids(trick_plays(view), TABLE, PLAYERS)
        plays = view.trick.plays
        self.leader = view.trick.leader
        self.cards = tuple(card.index for _, card in plays)
        self.later = [(self.leader + i) % PLAYERS for i in range(len(plays) + 1, PLAYERS)]
        self.foes_later = [s for s in self.later if s not in self.friends]

    def holds(self, card: int, led: int | None) -> bool:
        """Whether ``card``, now best in the trick, stays best against the foes still to play."""
        if not self.foes_later:
            return True
        power = TABLE.power[card]
        if TABLE.suit_of[card] == TRUMP:
            higher = sum(1 << c for c in range(DECK.size) if TRUMP_MASK >> c & 1 and TABLE.power[c] > power)
            return not any(self.unseen & higher & ~self.voids[s] for s in self.foes_later)
        if led is None:
            return False
        suit_mask = TABLE.suit_masks[led]
        higher = sum(1 << c for c in range(DECK.size) if suit_mask >> c & 1 and TABLE.power[c] > power)
        for foe in self.foes_later:
            if self.unseen & higher & ~self.voids[foe]:
                return False
            may_trump = self.voids[foe] & suit_mask or (self.unseen & suit_mask).bit_count() < 2 * len(
                self.foes_later
            )
            if may_trump and self.unseen & TRUMP_MASK & ~self.voids[foe]:
                return False
        return True


def _play(view: PlayerView, legal: list[Play]) -> Action:
    by_card = {a.card.index: a for a in legal}
    cards = list(by_card)
    table = _Table(view)
    if not table.cards:
        return by_card[_lead(view, table, cards)]
    seat, played = table.seat, table.cards
    led = led_suit(TABLE, played)
    current = _winner(played, table.leader)
    non_fool = [c for c in cards if c != FOOL] or cards
    if current is not None and current in table.friends:
        winning = played[(current - table.leader) % PLAYERS]
        if table.holds(winning, led):
            return by_card[max(non_fool, key=_feed_value)]
        return by_card[_least(cards)]
    winners = [c for c in non_fool if _winner((*played, c), table.leader) == seat]
    safe = [c for c in winners if table.holds(c, led)]
    if safe:
        return by_card[min(safe, key=lambda c: (TABLE.suit_of[c] == TRUMP and c != JUGGLER, TABLE.power[c]))]
    points = sum(VALUES[c] for c in played)
    risky = [c for c in winners if c != JUGGLER]
    if risky and points >= 4:
        return by_card[max(risky, key=lambda c: TABLE.power[c])]
    return by_card[_least(cards)]


def _feed_value(card: int) -> tuple[int, int]:
    """What a card is worth given to a partner's safe trick: its points, less a winning trump's
    future (trumps 17-20 are worth 5 but take tricks later); the Juggler is best given away."""
    trump = TABLE.suit_of[card] == TRUMP
    return (VALUES[card] - (3 if trump and card != JUGGLER else 0), -TABLE.power[card])


def _least(cards: list[int]) -> int:
    """The card it costs least to give away; the Fool instead of a card worth 4 or more."""
    cheapest = min(
        (c for c in cards if c != FOOL),
        key=lambda c: (VALUES[c], TABLE.suit_of[c] == TRUMP, TABLE.power[c]),
        default=FOOL,
    )
    if FOOL in cards and VALUES[cheapest] >= 4:
        return FOOL
    return cheapest


def _lead(view: PlayerView, table: _Table, cards: list[int]) -> int:
    """Find the hidden partner, cash safe Kings, draw trumps when long, else low from length."""
    hand = view.hand.mask
    foes = [s for s in range(PLAYERS) if s not in table.friends]
    plain = [c for c in cards if TABLE.suit_of[c] < TRUMP]
    facts = SicilianFacts.of(view)
    rallied = facts.rallied
    if rallied is not None and facts.partner is None and facts.declarer == table.seat:
        suit = TABLE.suit_of[rallied.index]
        low = [c for c in plain if TABLE.suit_of[c] == suit and VALUES[c] < 4]
        if low and table.unseen >> rallied.index & 1:
            return min(low, key=lambda c: TABLE.power[c])
    for card in plain:
        suit = TABLE.suit_of[card]
        top = max(
            (c for c in range(DECK.size) if TABLE.suit_of[c] == suit and table.unseen >> c & 1),
            key=lambda c: TABLE.power[c],
            default=None,
        )
        master = top is None or TABLE.power[card] > TABLE.power[top]
        if master and VALUES[card] >= 4 and not any(table.voids[f] & SUIT_MASKS[suit] for f in foes):
            return card
    trumps = [c for c in cards if TABLE.suit_of[c] == TRUMP]
    unseen_trumps = table.unseen & TRUMP_MASK
    if len(trumps) >= 5 and unseen_trumps:
        best = max(trumps, key=lambda c: TABLE.power[c])
        if all(TABLE.power[best] > TABLE.power[c] for c in range(DECK.size) if unseen_trumps >> c & 1):
            return best
    if plain:
        lengths = [(hand & mask).bit_count() for mask in SUIT_MASKS]
        longest = max(lengths[TABLE.suit_of[c]] for c in plain)
        return _least([c for c in plain if lengths[TABLE.suit_of[c]] == longest])
    others = [c for c in trumps if c != JUGGLER]
    if others:
        return min(others, key=lambda c: (VALUES[c], TABLE.power[c]))
    return FOOL if FOOL in cards else cards[0]


class SicilianHeuristic(
    Heuristic,
    phases={
        Phase.BARGAIN: _bargain,
        **dict.fromkeys(_CONTRACTS, _contract),
        Phase.EXCHANGE: _discard,
        Phase.RALLY: _rally,
    },
    play=_play,
):
    """The medium player for the Sicilian game."""
