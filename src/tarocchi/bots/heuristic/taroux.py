"""A Taroux of Six player with a club player's habits, deciding from its view alone.

Bidding (T3): two players must take most of 91 points against four, so it bids only on a hand of
many and high trumps, the World and the Fool (Honours it keeps for sure, each lowering the target),
Kings; it bids Prop to tell its partner of an Honour and a fair hand, reads its partner's Prop or
Stand as support, never outbids its partner without a much stronger hand, and calls Contra (or
Re-contra) only on a hand that would have bid. Stock (T5): it takes the three worth more to it.
Discards (T5): they score for the Declarers, so it banks Queens, Cavaliers and Jacks from its
shortest suits (voids let it trump sooner). Declarations (T6): an Abundance when its side is
likely to win (a Declarer's six trumps, a Defender's seven), showing low trumps and hiding the
Magician; never a Slam or Sparrow, whose failure costs more than a club player risks on a guess.

Play (T7): it counts the trumps and suit cards still out and the voids play has revealed. When a
side-mate's card is sure to hold, it feeds its most valuable card (the Magician first: that is how
it is saved). Otherwise it wins with the cheapest card that cannot be beaten when the trick is worth
it, or with any winner when nobody of the other side plays after it, else gives the least, spending
the Fool instead of a costly card. Leading, a Declarer with long trumps draws trumps; anyone cashes
a King in a suit not led yet where no opponent has shown a void, hunts the Magician with top
trumps once few trumps are out, and otherwise leads low from its longest suit.
"""

from __future__ import annotations

from collections.abc import Iterable

from tarocchi.bots.heuristic.common import Heuristic
from tarocchi.core.actions import Action, Call, Discard, Play
from tarocchi.core.cards import bits
from tarocchi.core.tricks import TRUMP, led_suit, winning_position
from tarocchi.core.views import PlayerView
from tarocchi.games.taroux.actions import Show
from tarocchi.games.taroux.rules import (
    DECK,
    FOOL,
    HONOURS,
    KINGS,
    MAGICIAN,
    MIN_ABUNDANCE,
    PLAYERS,
    TABLE,
    TAKE,
    TRUMP_CARDS,
    VALUES,
    WORLD,
    abundance_size,
    bid_level,
    declarers,
    partner_of,
    real_bid,
)
from tarocchi.games.taroux.state import Phase
from tarocchi.games.taroux.views import TarouxFacts
from tarocchi.games.taroux.worlds import revealed

SUIT_OF, POWER, MASKS = TABLE.suit_of, TABLE.power, TABLE.suit_masks
TAKE_AT = 15.0
"""Hand strength (``strength``) from which a hand bids We'll Take."""
WITHOUT_AT = 26.0
AGAINST_AT = 29.0
PROP_AT = 11.0
"""A hand this strong with an Honour bids Prop, to tell its partner."""
PARTNER_PROP = 4.0
"""What a partner's Prop or Stand adds to a hand's strength."""
CONTRA_AT = 20.0
RECONTRA_AT = 23.0
HIGH_TRUMP = 15
ABOVE = tuple(
    sum(1 << c for c in range(DECK.size) if SUIT_OF[c] == SUIT_OF[card] and POWER[c] > POWER[card])
    for card in range(DECK.size)
)
"""ABOVE[card]: the cards of its suit (trumps for a trump) that beat it."""


def strength(hand: int) -> float:
    """Bidding strength: trumps (more for high ones), the World and the Fool (sure Honours), the
    Magician when it has trumps to shelter it, Kings, and a little for Queens."""
    trumps = hand & TRUMP_CARDS
    count = trumps.bit_count()
    score = 2.0 * count + sum(1.0 for c in bits(trumps) if POWER[c] >= HIGH_TRUMP)
    score += 1.5 * max(0, count - 5)  # long trumps take the last tricks
    if hand >> WORLD & 1:
        score += 5
    if hand >> FOOL & 1:
        score += 4
    if hand >> MAGICIAN & 1:
        score += 4 if count >= 6 else 1
    score += 2.5 * (hand & KINGS).bit_count()
    score += 0.5 * sum(1 for c in bits(hand) if DECK.cards[c].code[0] == "Q" and SUIT_OF[c] < 4)
    return score


def _words(legal: Iterable[Action]) -> dict[str, Action]:
    return {a.word: a for a in legal if isinstance(a, Call)}


def _bid(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    seat = view.seat
    assert seat is not None
    words = _words(legal)
    facts = TarouxFacts.of(view)
    auction, bidder = facts.auction, facts.bidder
    partner = partner_of(seat)
    power = strength(view.hand.mask)
    if any(s == partner and w in ("prop", "stand") for s, w in auction):
        power += PARTNER_PROP
    high = bid_level(facts.high_bid)
    ours = bidder in (seat, partner)
    if "contra" in words and power >= CONTRA_AT + 3 * (high - TAKE):
        return words["contra"]
    if ours and real_bid(high):
        return words["pass"]  # never outbid the own side's real bid
    for word, needed in (("against", AGAINST_AT), ("without", WITHOUT_AT), ("take", TAKE_AT)):
        if word in words and power >= needed:
            return words[word]
    if high == 0 and "prop" in words and power >= PROP_AT:
        return words["prop"]
    return words["pass"]


def _recontra(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    words = _words(legal)
    if "recontra" in words and strength(view.hand.mask) >= RECONTRA_AT:
        return words["recontra"]
    return words["decline"]


def _card_worth(card: int, hand: int) -> float:
    """What a stock card is worth to the hand that takes it."""
    if HONOURS >> card & 1:
        return 10.0
    if TRUMP_CARDS >> card & 1:
        return 2.0 + (POWER[card] >= HIGH_TRUMP)
    suit_held = (hand & MASKS[SUIT_OF[card]]).bit_count()
    return VALUES[card] * 0.6 + 0.2 * suit_held


def _stock(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """T5: take the three worth more to this hand; the partner has the other three."""
    words = _words(legal)
    cards = [card.index for card in TarouxFacts.of(view).stock or ()]
    hand = view.hand.mask
    first = sum(_card_worth(c, hand) for c in cards[:3])
    second = sum(_card_worth(c, hand) for c in cards[3:])
    return words["first" if first >= second else "second"]


def _discard(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """Bank points and make voids: the most valuable card of the shortest suit; a forced trump is
    the lowest."""
    hand = view.hand.mask

    def key(action: Action) -> tuple[int, int, int]:
        assert isinstance(action, Discard)
        card = action.card.index
        suit = SUIT_OF[card]
        if suit == TRUMP:
            return (1, 0, POWER[card])
        return (0, -VALUES[card] * 10 + (hand & MASKS[suit]).bit_count(), POWER[card])

    return min(legal, key=key)


def _declare(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """Show an Abundance (the smallest count of a level) when the own side is likely to win."""
    seat = view.seat
    assert seat is not None
    words = _words(legal)
    shows = [a for a in legal if isinstance(a, Show)]
    if not shows:
        return words["done"]
    hand = view.hand.mask
    trumps = (hand & TRUMP_CARDS).bit_count()
    facts = TarouxFacts.of(view)
    bidder = facts.bidder
    declarer = bidder is not None and bool(declarers(bidder) >> seat & 1)
    shown_count = len(facts.abundances[seat])
    goal = 0
    if trumps >= MIN_ABUNDANCE + (not declarer):  # a defender wants a trump to spare
        goal = abundance_size(trumps)
    if shown_count >= goal and "done" in words:
        return words["done"]
    # the lowest trumps, the Magician last: showing it would tell the table where to hunt
    return min(shows, key=lambda a: (a.card.index == MAGICIAN, POWER[a.card.index]))


class _Table:
    """What the seat knows of the cards in play: who may still hold what, and the trick so far."""

    def __init__(self, view: PlayerView) -> None:
        seat = view.seat
        assert seat is not None and view.trick is not None
        self.seat = seat
        self.hand = view.hand.mask
        facts = TarouxFacts.of(view)
        bidder = facts.bidder
        self.side = declarers(bidder) if bidder is not None else 0
        self.declarer = bool(self.side >> seat & 1)
        trick = view.trick
        self.leader = trick.leader
        self.cards = tuple(card.index for _, card in trick.plays)
        self.led = led_suit(TABLE, self.cards)
        played = 0
        for t in (*view.tricks, trick):
            for _, card in t.plays:
                played |= 1 << card.index
        self.played = played
        seen = facts.trumps_discarded.mask | view.own_discard.mask
        self.out = DECK.full & ~(played | self.hand | seen)
        """Cards in another hand (or a hidden stock or discard)."""
        self.forbidden = revealed(view)
        self.suits_led = {led_suit(TABLE, tuple(c.index for _, c in t.plays)) for t in view.tricks}
        pos = len(self.cards)
        self.after = [(self.leader + p) % PLAYERS for p in range(pos + 1, PLAYERS)]
        self.opponents_after = [s for s in self.after if not self.ally(s)]

    def ally(self, other: int) -> bool:
        return bool(self.side >> other & 1) == self.declarer

    def may_hold(self, other: int, mask: int) -> int:
        return self.out & mask & ~self.forbidden[other]

    def winner(self, extra: int | None = None) -> int | None:
        """The seat now winning the trick (with ``extra`` played by this seat)."""
        cards = self.cards if extra is None else (*self.cards, extra)
        led = led_suit(TABLE, cards)
        pos = winning_position(TABLE, cards, led)
        return None if pos is None else (self.leader + pos) % PLAYERS

    def holds(self, card: int, opponents: list[int]) -> bool:
        """Whether ``card``, winning now, cannot be beaten by the ``opponents`` still to play."""
        led = self.led if self.led is not None else SUIT_OF[card]
        if SUIT_OF[card] == TRUMP:
            return not any(self.may_hold(o, ABOVE[card]) for o in opponents)
        above = ABOVE[card]
        left_in_suit = (self.out & MASKS[led]).bit_count()
        for o in opponents:
            if self.may_hold(o, above):
                return False
            void = bool(self.forbidden[o] & MASKS[led]) or left_in_suit < 2 * len(opponents)
            if void and self.may_hold(o, TRUMP_CARDS):
                return False
        return True


def _cheap_key(card: int) -> tuple[int, int, int, int]:
    """The card it costs least to give: low value, keep trumps (the Magician above all), low rank."""
    return (VALUES[card] + 10 * (card == MAGICIAN), SUIT_OF[card] == TRUMP, POWER[card], card)


def _play(view: PlayerView, legal: list[Play]) -> Action:
    by_card = {a.card.index: a for a in legal}
    cards = list(by_card)
    table = _Table(view)
    if not table.cards:
        return by_card[_lead(table, cards)]
    non_fool = [c for c in cards if c != FOOL] or cards
    points = sum(VALUES[c] for c in table.cards)
    current = table.winner()
    if current is not None and table.ally(current):
        winning_card = table.cards[(current - table.leader) % PLAYERS]
        if not table.opponents_after or table.holds(winning_card, table.opponents_after):
            return by_card[_feed(table, non_fool)]
    winners = [c for c in non_fool if table.winner(c) == table.seat]
    safe = [c for c in winners if not table.opponents_after or table.holds(c, table.opponents_after)]
    if safe and (
        points + max(VALUES[c] for c in safe) >= 3 or not table.opponents_after or MAGICIAN in cards
    ):
        keep_world = [c for c in safe if c != WORLD or points >= 8 or MAGICIAN in table.cards]
        return by_card[min(keep_world or safe, key=lambda c: (SUIT_OF[c] == TRUMP, POWER[c]))]
    if winners and points >= 6 and (current is None or not table.ally(current)):
        strong = [c for c in winners if c != WORLD] or winners
        return by_card[max(strong, key=lambda c: POWER[c])]
    cheapest = min(non_fool, key=_cheap_key)
    if FOOL in cards and (VALUES[cheapest] >= 3 or cheapest == MAGICIAN):
        return by_card[FOOL]
    return by_card[cheapest]


def _feed(table: _Table, cards: list[int]) -> int:
    """A side-mate wins for sure: give the Magician (saved), else the most valuable card."""
    if MAGICIAN in cards:
        return MAGICIAN
    plain = [c for c in cards if SUIT_OF[c] != TRUMP]
    if plain:
        return max(plain, key=lambda c: (VALUES[c], -POWER[c]))
    return min(cards, key=_cheap_key)


def _lead(table: _Table, cards: list[int]) -> int:
    hand = table.hand
    opponents = [s for s in range(PLAYERS) if not table.ally(s)]
    trumps = [c for c in cards if SUIT_OF[c] == TRUMP]
    trumps_out = [
        c for c in bits(table.out & TRUMP_CARDS) if any(table.may_hold(o, 1 << c) for o in opponents)
    ]
    # Hunt the Magician: few trumps out, and a top trump to lead.
    magician_out = any(table.may_hold(o, 1 << MAGICIAN) for o in opponents)
    if magician_out and trumps and len(trumps_out) <= 3:
        top = max(trumps, key=lambda c: POWER[c])
        if all(POWER[top] > POWER[c] for c in trumps_out):
            return top
    # A Declarer with long trumps draws the opponents' trumps.
    if table.declarer and len(trumps) >= 6 and trumps_out:
        top = max(trumps, key=lambda c: POWER[c])
        if all(POWER[top] > POWER[c] for c in trumps_out) or len(trumps) >= 8:
            return top
    for card in cards:
        suit = SUIT_OF[card]
        fresh = KINGS >> card & 1 and suit not in table.suits_led
        if fresh and not any(table.forbidden[o] & MASKS[suit] for o in opponents):
            return card
    plain = [c for c in cards if SUIT_OF[c] < 4]
    if plain:
        # Low from a suit a side-mate is void in (he trumps), else from the longest suit.
        mates = [s for s in range(PLAYERS) if table.ally(s) and s != table.seat]

        def rank(c: int) -> tuple[int, int, int, int]:
            suit = SUIT_OF[c]
            mate_void = any(
                table.forbidden[m] & MASKS[suit] and table.may_hold(m, TRUMP_CARDS) for m in mates
            )
            return (-mate_void, -(hand & MASKS[suit]).bit_count(), VALUES[c], POWER[c])

        best = min(plain, key=rank)
        if VALUES[best] >= 3 and FOOL in cards:
            return FOOL
        return best
    others = [c for c in trumps if c != MAGICIAN]
    if others:
        return min(others, key=lambda c: POWER[c])
    return min(cards, key=_cheap_key)


class TarouxHeuristic(
    Heuristic,
    phases={
        Phase.AUCTION: _bid,
        Phase.RECONTRA: _recontra,
        Phase.STOCK: _stock,
        Phase.DISCARD: _discard,
        Phase.DECLARE: _declare,
    },
    play=_play,
):
    """The medium player for Taroux of Six."""
