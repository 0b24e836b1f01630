"""A Taroinche player with a club player's habits, deciding from its view alone.

Auction (B3): the hand is valued as the tricks it should take in each trump (the Jack and Nine
first, the Ace behind them, length, side Aces and guarded Tens, voids to cut with), plus a
partner's share and the dog, at about 28 card points a trick. It bids the cheapest step above the
contract that it expects to make, picking With, then Without, then Against as the value allows
(Against only when the hand makes the value without the dog), and names as partner a player who
bid the same trump (else one who has not spoken yet); the belote counts 20. A solo only when the hand
alone makes the value with 20 to spare; never Capot. Outside the contract it coinches when its
own defence against the trump plainly beats the value bid, sooner against a high bid and at once
against a Capot it can take a trick from; it surcoinches only with plenty in hand.

Dog (B4 With): lay aside the points of side suits it cannot win (Tens without their Ace, Kings,
Queens), shortest suits first, to cut sooner; never a trump or an Ace.

Play (B6): the attack draws trumps with the master trump (a long taker with his lowest);
everyone cashes masters in suits no opponent can cut; else low from a long suit. Following: on a
partner's trick that will hold, feed the most valuable card it can spare (a Ten before a master
Ace); against the opponents, win with the cheapest card that stays master against the players
still to come, else give the least. Trumps and voids are counted from the cards played.
"""

from __future__ import annotations

from tarocchi.bots.heuristic.common import Heuristic
from tarocchi.core.actions import Action, Call, Discard, Play
from tarocchi.core.cards import bits
from tarocchi.core.views import PlayerView, trick_plays
from tarocchi.games.taroinche.bidding import BY_LEVEL, Bid
from tarocchi.games.taroinche.rules import (
    AGAINST,
    BELOTE,
    CAPOT,
    CONTRACTS,
    DECK,
    NO_TRUMP,
    PLAYERS,
    SUIT_MASKS,
    SUIT_OF,
    WITH,
    WITHOUT,
    Contract,
    holds_belote,
    level,
    side_of,
)
from tarocchi.games.taroinche.state import Phase
from tarocchi.games.taroinche.tricks import TABLES, takes
from tarocchi.games.taroinche.views import TaroincheFacts
from tarocchi.games.taroinche.worlds import contract_of, revealed, shown_dog

POINTS_PER_TRICK = 28
"""What a trick brings the side that takes it: a sixth of the 162 is 27; 28 did best in
duplicate self-play against 24 and 31 (the trick estimates below are cautious)."""
PARTNER_TRICKS = 0.9
"""What an unknown partner adds, in tricks; one who bid the same trump adds more."""
SUPPORT_TRICKS = 1.6
DOG_POINTS = {WITH: 11, WITHOUT: 9, AGAINST: 0}
"""B4: the dog's points go to the attack With (improved by the exchange) or Without."""
SOLO_MARGIN = 20
"""A solo (4V won or lost) only when the hand alone makes the value with this to spare."""
DRAW_TRUMPS = 3
"""A taker with this many trumps and not the best one still leads them (the lowest), to draw the
defence's; it did better than waiting in duplicate self-play."""
COINCHE_TRICKS = 2.2
"""The defensive tricks in hand that make a coinche of 90 worth it; fewer against a higher bid."""
CAPOT_COINCHE = 0.5
"""A Capot falls to a single defensive trick: an Ace or a trump honour is enough to coinche."""
_FACE = tuple(card.code[:-1] for card in DECK.cards)
_LADDER = tuple((bids[0].value, bids[0].mode) for bids in BY_LEVEL if bids[0].value != CAPOT)
"""Every point bid's value and dog mode, weakest first (B3); Capot is left out."""


# -- valuing a hand -----------------------------------------------------------------------------
def _power(contract: Contract, card: int) -> int:
    """0 (lowest) .. 7 (highest) within the card's suit under ``contract``."""
    return 7 - contract.beats[card].bit_count()


def hand_tricks(hand: int, trump: int) -> float:
    """The tricks ``hand`` should take with ``trump`` as trumps (an estimate, not a count)."""
    contract = CONTRACTS[trump]
    trumps = hand & contract.trump_mask
    n = trumps.bit_count()
    held = {_FACE[c] for c in bits(trumps)}
    tricks = 0.0
    if "J" in held:
        tricks += 1.0
    if "9" in held:
        tricks += 1.0 if "J" in held else (0.6 if n >= 2 else 0.2)
    if "A" in held:
        tops = ("J" in held) + ("9" in held)
        tricks += (1.0, 0.5, 0.9)[tops] if n >= 2 + (tops == 0) else 0.25
    if "10" in held and n >= 3:
        tricks += 0.3
    tricks += 0.6 * max(0, n - 3)
    cuts = 0.0
    for suit in range(len(SUIT_MASKS)):
        if suit == trump:
            continue
        cards = hand & SUIT_MASKS[suit]
        faces = {_FACE[c] for c in bits(cards)}
        if "A" in faces:
            tricks += 0.75
            if "10" in faces:
                tricks += 0.45
        elif "10" in faces and len(faces) >= 2:
            tricks += 0.15
        if not cards:
            cuts += 0.4
        elif len(faces) == 1 and "A" not in faces:
            cuts += 0.2
    return tricks + min(cuts, 0.4 * max(0, n - 1))


def _belote(hand: int, trump: int) -> int:
    """B5: the belote's points, if ``hand`` holds the trump King and Queen."""
    return BELOTE if holds_belote(hand, trump) else 0


def expected_points(hand: int, trump: int, partner_tricks: float) -> float:
    """The attack's card points with this hand, a partner worth ``partner_tricks``, no dog."""
    return POINTS_PER_TRICK * (hand_tricks(hand, trump) + partner_tricks) + _belote(hand, trump)


# -- the auction ----------------------------------------------------------------------------
def _bids(view: PlayerView) -> list[tuple[int, Bid]]:
    return [(e.seat, e.action) for e in view.events if isinstance(e.action, Bid) and e.seat is not None]


def _current_level(view: PlayerView) -> int:
    contract = TaroincheFacts.of(view).contract
    if contract is None:
        return -1
    return level(contract.bid.value, contract.bid.mode)


def _choose_partner(view: PlayerView, seat: int, trump: int) -> tuple[int, float]:
    """A partner for a bid in ``trump``: who bid it before is strong in it; who passed without
    ever bidding showed no 82 hand; else the seats across the table first."""
    bids = _bids(view)
    support = {s for s, bid in bids if bid.trump == trump and s != seat}
    if support:
        return min(support, key=lambda s: (s - seat) % PLAYERS), SUPPORT_TRICKS
    bidders = {s for s, _ in bids}
    passed = {e.seat for e in view.events if isinstance(e.action, Call) and e.action.word == "pass"}
    others = [(seat + k) % PLAYERS for k in (2, 3, 1, 4)]
    fresh = [s for s in others if s not in passed and s not in bidders]
    return (fresh or others)[0], PARTNER_TRICKS


def best_bid(view: PlayerView, seat: int, above: int) -> Bid | None:
    """The cheapest bid stronger than level ``above`` this hand expects to make, if any."""
    hand = view.hand.mask
    best: tuple[int, int, Bid] | None = None
    for trump in range(len(SUIT_MASKS)):
        partner, share = _choose_partner(view, seat, trump)
        points = expected_points(hand, trump, share)
        solo = POINTS_PER_TRICK * hand_tricks(hand, trump) + _belote(hand, trump)
        for value, mode in _LADDER:
            n = level(value, mode)
            if n > above and points + DOG_POINTS[mode] >= value:
                who = seat if solo + DOG_POINTS[mode] >= value + SOLO_MARGIN else partner
                key = (n, -int(points))
                if best is None or key < best[:2]:
                    best = (*key, Bid(value, trump, mode, who))
                break  # the cheapest step this trump makes
    return None if best is None else best[2]


def defence_tricks(hand: int, trump: int) -> float:
    """What this hand takes against a contract in ``trump``: its trumps and side winners."""
    if trump < NO_TRUMP:
        return hand_tricks(hand, trump)
    return sum(0.8 for c in bits(hand) if _FACE[c] in ("A", "J"))


def _auction(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    seat = view.seat
    assert seat is not None
    calls = {a.word: a for a in legal if isinstance(a, Call)}
    bid = best_bid(view, seat, _current_level(view))
    if bid is not None:
        return bid
    found = contract_of(view)
    if "coinche" in calls and found is not None:
        contract, value, _, _ = found
        mine = defence_tricks(view.hand.mask, contract.trump)
        need = CAPOT_COINCHE if value == CAPOT else max(0.3, COINCHE_TRICKS - (value - 90) / 40)
        if mine >= need:
            return calls["coinche"]
    return calls["pass"]


def _surcoinche(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """Redouble only with far more than the contract needs: a coinche means the points are
    against us."""
    calls = {a.word: a for a in legal if isinstance(a, Call)}
    found = contract_of(view)
    assert found is not None
    contract, value, _, _ = found
    if value != CAPOT and contract.trump < NO_TRUMP:
        points = expected_points(view.hand.mask, contract.trump, PARTNER_TRICKS)
        if points >= value + 30:
            return calls["surcoinche"]
    return calls["pass"]


# -- the dog ---------------------------------------------------------------------------------
def _discard(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    found = contract_of(view)
    assert found is not None
    contract = found[0]
    hand = view.hand.mask

    def priority(action: Action) -> tuple[int, int, int]:
        assert isinstance(action, Discard)
        card = action.card.index
        if contract.trump_mask >> card & 1:
            return (-2, -_power(contract, card), 0)
        suit = hand & SUIT_MASKS[SUIT_OF[card]]
        master = not contract.beats[card] & ~hand  # nothing above it but our own cards
        if _FACE[card] == "A" or (master and suit.bit_count() > 1):
            return (-1, 0, 0)
        return (0, contract.values[card], -suit.bit_count())

    return max(legal, key=priority)


# -- card play --------------------------------------------------------------------------------
class _Table:
    """What the seat knows in play: the contract, sides, unseen cards, revealed voids."""

    def __init__(self, view: PlayerView) -> None:
        found = contract_of(view)
        assert found is not None and view.seat is not None
        self.contract, _, self.taker, self.partner = found
        self.seat = view.seat
        self.hand = view.hand.mask
        tricks = trick_plays(view)
        played = 0
        for plays in tricks:
            for _, card in plays:
                played |= 1 << card
        own_discard = view.own_discard.mask
        self.unseen = DECK.full & ~(self.hand | played | own_discard)
        self.cannot = revealed(tricks, self.contract.trump, self.taker, self.partner)
        if self.seat == self.taker:
            self.unseen &= ~shown_dog(view)

    def side(self, seat: int) -> int:
        return side_of(seat, self.taker, self.partner)

    def opponents(self, seats: list[int]) -> list[int]:
        return [s for s in seats if self.side(s) != self.side(self.seat)]

    def master(self, card: int, against: list[int]) -> bool:
        """No card the seats ``against`` may hold beats ``card`` (a cut included)."""
        for seat in self.opponents(against):
            possible = self.unseen & ~self.cannot[seat]
            if any(takes(TABLES[self.contract.trump], other, card) for other in bits(possible)):
                return False
        return True

    def cost(self, card: int) -> float:
        """What giving ``card`` away costs: its points, and more for a trump or a winner."""
        trump = self.contract.trump_mask >> card & 1
        return self.contract.values[card] + 12 * trump + _power(self.contract, card) / 8


def _play(view: PlayerView, legal: list[Play]) -> Action:
    table = _Table(view)
    by_card = {a.card.index: a for a in legal}
    cards = list(by_card)
    assert view.trick is not None
    plays = [(s, c.index) for s, c in view.trick.plays]
    if not plays:
        return by_card[_lead(view, table, cards)]
    seat = table.seat
    after = [(seat + k) % PLAYERS for k in range(1, PLAYERS - len(plays))]
    best_seat, best = plays[0]
    for s, card in plays[1:]:
        if takes(TABLES[table.contract.trump], card, best):
            best_seat, best = s, card
    winners = [c for c in cards if takes(TABLES[table.contract.trump], c, best)]
    safe = [c for c in winners if table.master(c, after)]
    if table.side(best_seat) == table.side(seat):
        if table.master(best, after):
            return by_card[max(cards, key=lambda c: table.contract.values[c] - _keep(table, c))]
        if safe:
            return by_card[min(safe, key=table.cost)]
        return by_card[min(cards, key=table.cost)]
    if safe:
        return by_card[
            min(safe, key=lambda c: (table.contract.trump_mask >> c & 1, _power(table.contract, c)))
        ]
    points = sum(table.contract.values[c] for _, c in plays)
    cheap = [c for c in winners if table.contract.values[c] <= 4 and not table.contract.trump_mask >> c & 1]
    if cheap and points >= 10:
        return by_card[min(cheap, key=table.cost)]
    return by_card[min(cards, key=table.cost)]


def _keep(table: _Table, card: int) -> float:
    """How much more ``card`` is worth kept than given: a trump, or the best card left in its
    suit, which should take a trick of its own later."""
    if table.contract.trump_mask >> card & 1:
        return 30.0
    return 0.0 if table.contract.beats[card] & table.unseen else 15.0


def _lead(view: PlayerView, table: _Table, cards: list[int]) -> int:
    contract = table.contract
    others = [s for s in range(PLAYERS) if s != table.seat]
    opponents = table.opponents(others)
    trumps = [c for c in cards if contract.trump_mask >> c & 1]
    trumps_out = any(table.unseen & contract.trump_mask & ~table.cannot[s] for s in opponents)
    if trumps and trumps_out and table.side(table.seat) == 0:
        top = max(trumps, key=lambda c: _power(contract, c))
        if table.master(top, others):
            return top
        if table.seat == table.taker and len(trumps) >= DRAW_TRUMPS:
            return min(trumps, key=lambda c: _power(contract, c))
    cutters = {
        suit
        for suit in range(len(SUIT_MASKS))
        for s in opponents
        if not table.unseen & SUIT_MASKS[suit] & ~table.cannot[s]
        and table.unseen & contract.trump_mask & ~table.cannot[s]
    }
    masters = [c for c in cards if c not in trumps and SUIT_OF[c] not in cutters and table.master(c, others)]
    if masters:
        return max(masters, key=lambda c: contract.values[c])
    plain = [c for c in cards if c not in trumps]
    if plain:
        safe = [c for c in plain if SUIT_OF[c] not in cutters] or plain
        length = {suit: (table.hand & SUIT_MASKS[suit]).bit_count() for suit in range(len(SUIT_MASKS))}
        longest = max(length[SUIT_OF[c]] for c in safe)
        return min((c for c in safe if length[SUIT_OF[c]] == longest), key=table.cost)
    return min(trumps, key=lambda c: _power(contract, c))


class TaroincheHeuristic(
    Heuristic,
    phases={Phase.AUCTION: _auction, Phase.SURCOINCHE: _surcoinche, Phase.DISCARD: _discard},
    play=_play,
):
    """The medium player for Taroinche."""
