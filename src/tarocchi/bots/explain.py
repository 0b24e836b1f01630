"""Why a card is a good play, in a player's words, from what the seat can see and infer.

A hint says more than a number when the trick on the table explains the choice: the partner is
already winning it, the card takes the trick, nothing in hand can beat it so the lowest card
goes. Only the view is read (the trick in progress, the hand, the fixed partnerships), so a hint
never tells what the seat could not know, and the browser table can use the same words.

It also says what the hard player's inference makes of the hidden hands (``inferred_reasons``):
a seat likely void in a suit, a seat likely holding a card. Those come from the worlds the seat's
own view was weighed into (``bots.inference``), never from the true deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tarocchi.bots.inference import Weighed, effective_number
from tarocchi.core.actions import Action, Play
from tarocchi.core.cards import FOOL_SUIT, TRUMPS, Card, bits
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView

LIKELY_VOID = 0.10
"""A seat holds a suit in less than this share of the weighed worlds: likely void in it."""
LIKELY_HOLDS = 0.80
"""A seat holds a card in more than this share of the weighed worlds: likely holds it. The share
overstates (a few effective worlds; a card lands in most of them by chance): at 70%, 67-70% of
the holdings so named were true in Piedmont and the Sicilian game, at 80% 83% (docs/bots.md)."""
FEWEST_WORLDS = 6
"""The effective number of weighed worlds (``inference.effective_number``) below which no fact
is named: with fewer (a weighing cut short, Taroux's costly candidates) a card lands in the few
that count by chance. Taroux's holdings past 80% of the weight came true 65% of the time
without this floor, 82% with it (docs/bots.md)."""
MOST_INFERRED = 2
"""Inferred facts a hint names at most: the most telling, those about the card's suit first."""


def card_reasons(game: Game[Any], view: PlayerView, action: Action) -> list[str]:
    """Short reasons for playing ``action`` now (empty where the trick does not tell one)."""
    if not isinstance(action, Play) or view.seat is None:
        return []
    trick = view.trick
    card = action.card
    if trick is None or not trick.plays:
        return _lead_reasons(game, view, card)
    strength = _Strength(game, view)
    cards = [c for _, c in trick.plays]
    if not strength.readable([*cards, card]):
        return []
    best = strength.winner(cards)
    if best is None:
        return []
    winner = trick.plays[best][0]
    last = len(trick.plays) == len(view.hand_sizes) - 1
    beats = strength.winner([*cards, card]) == len(cards)
    partners = _partners(game, view.seat)
    reasons: list[str] = []
    if winner in partners:
        partner = f"your partner {game.seat_name(winner)} is winning the trick"
        reasons.append(f"{partner}, and you take it over" if beats else partner)
    elif beats:
        reasons.append("it wins the trick" if last else "it takes the lead in the trick")
    else:
        playable = [a.card for a in view.legal_actions if isinstance(a, Play)]
        if playable and not any(strength.winner([*cards, c]) == len(cards) for c in playable):
            cannot = f"nothing you may play beats {trick.plays[best][1].code}"
            cards_in_hand = [c for c in playable if c.suit != FOOL_SUIT]  # the Fool is no card to lose
            lowest = bool(cards_in_hand) and card == strength.lowest(cards_in_hand)
            reasons.append(f"{cannot}, so your lowest card goes" if lowest else cannot)
        elif card.suit == FOOL_SUIT:
            reasons.append("the Fool keeps your cards for later tricks")
    return reasons


def _lead_reasons(game: Game[Any], view: PlayerView, card: Card) -> list[str]:
    """Why lead this card: a trump to draw the others' trumps, or the master of a suit."""
    trump = game.trump_suit(view)
    if card.suit in (TRUMPS, trump):
        return ["it leads a trump, drawing the others' trumps"]
    if card.suit == FOOL_SUIT:
        return []
    suit = [c for c in game.hand_order(game.deck.cards, view) if c.suit == card.suit]
    if suit and suit[0] == card:
        return [f"it leads the master card of {_suit_name(game, card)}"]
    return []


def _suit_name(game: Game[Any], card: Card) -> str:
    suit = game.deck.suit(card.suit)
    return suit.name if suit is not None else "its suit"


def _partners(game: Game[Any], seat: int) -> frozenset[int]:
    """The fixed partners of ``seat`` (a hidden partner is never assumed)."""
    for side in game.info.partnerships:
        if seat in side:
            return frozenset(side) - {seat}
    return frozenset()


class _Strength:
    """Trick strength as the game shows it (its hand order: high to low within a suit, the trump
    suit first), with C3: the highest trump wins, else the highest card of the suit led."""

    def __init__(self, game: Game[Any], view: PlayerView) -> None:
        order = game.hand_order(game.deck.cards, view)
        self.place = {card: i for i, card in enumerate(order)}
        self.trump = game.trump_suit(view)

    def readable(self, cards: list[Card]) -> bool:
        """Whether the order tells these cards apart: not for trumps of equal rank (Piedmont's
        Good and Evil, whose strength depends on who plays them)."""
        ranks = [c.rank for c in cards if c.suit == TRUMPS]
        return len(ranks) == len(set(ranks)) and 0 not in ranks

    def is_trump(self, card: Card) -> bool:
        return card.suit in (TRUMPS, self.trump)

    def winner(self, cards: list[Card]) -> int | None:
        """The position of the card winning ``cards`` (the Fool never wins)."""
        led = next((c.suit for c in cards if c.suit != FOOL_SUIT), None)
        best: int | None = None
        for pos, card in enumerate(cards):
            if card.suit == FOOL_SUIT or not (self.is_trump(card) or card.suit == led):
                continue
            if best is None or self._beats(card, cards[best]):
                best = pos
        return best

    def _beats(self, card: Card, other: Card) -> bool:
        if self.is_trump(card) != self.is_trump(other):
            return self.is_trump(card)
        return self.place[card] < self.place[other]

    def lowest(self, cards: list[Card]) -> Card:
        """The card of ``cards`` worth least in a trick: a plain card before a trump, then the
        lowest in the game's order."""
        return max(cards, key=lambda c: (not self.is_trump(c), self.place[c]))


@dataclass(frozen=True)
class Fact:
    """A fact the weighed worlds make likely: ``seat`` holds none of ``cards`` (a void), or holds
    the one card of ``cards``."""

    words: str
    seat: int
    cards: int
    """The mask of the cards the fact is about: the suit's, or the card's."""
    suit: str
    """The suit letter the fact is about (``TRUMPS`` for trumps)."""
    void: bool
    share: float
    """How far the weighed worlds lean: 1 - the share holding the suit, or the share holding the card."""

    def true_of(self, hand: int) -> bool:
        """Whether the fact is true of ``seat``'s hand, as a mask."""
        return not hand & self.cards if self.void else bool(hand & self.cards)


def inferred_reasons(
    game: Game[Any], view: PlayerView, pool: Sequence[Weighed], action: Action | None = None
) -> list[str]:
    """What the weighed worlds ``pool`` (the seat's own inference, ``InferredWorlds.inferred``)
    say of the other hands, in words (``inferred_facts``). At most ``MOST_INFERRED``: facts
    about the suit of ``action``'s card first, voids before holdings, the most certain first."""
    facts = inferred_facts(game, view, pool)
    about = action.card.suit if isinstance(action, Play) else None
    facts.sort(key=lambda f: (f.suit != about, not f.void, -f.share, f.words))
    return [fact.words for fact in facts[:MOST_INFERRED]]


def inferred_facts(
    game: Game[Any], view: PlayerView, pool: Sequence[Weighed], likely: float = LIKELY_HOLDS
) -> list[Fact]:
    """Every fact the weighed worlds ``pool`` make likely: ``West is likely void in Fire`` where a
    seat holds the suit in under ``LIKELY_VOID`` of the weight though the seat cannot see it void
    (some world gives it the suit), ``North likely holds the King of Earth`` where a seat holds a
    card in over ``likely`` of the weight though not in every world; none if the pool is worth
    fewer than ``FEWEST_WORLDS`` worlds."""
    seat = view.seat
    total = sum(w.weight for w in pool)
    if seat is None or not pool or total <= 0:
        return []
    if effective_number([w.weight for w in pool]) < FEWEST_WORLDS:
        return []
    deck = game.deck
    others = [s for s in range(game.players) if s != seat and view.hand_sizes[s] > 0]
    groups = {suit.letter: deck.mask(c for c in deck.cards if c.suit == suit.letter) for suit in deck.suits}
    trumps = deck.mask(c for c in deck.cards if c.suit == TRUMPS)
    if trumps:
        groups[TRUMPS] = trumps
    names = {suit.letter: suit.name for suit in deck.suits} | {TRUMPS: "trumps"}
    holds_suit = {(s, g): [0.0, 0] for s in others for g in groups}  # weight, worlds
    holds_card = {s: [0.0] * deck.size for s in others}
    every_world = {s: (1 << deck.size) - 1 for s in others}
    for weighed in pool:
        for s in others:
            mask = game.view(weighed.state, s).hand.mask
            every_world[s] &= mask
            for letter, group in groups.items():
                if mask & group:
                    holds_suit[s, letter][0] += weighed.weight
                    holds_suit[s, letter][1] += 1
            for index in bits(mask):
                holds_card[s][index] += weighed.weight
    facts: list[Fact] = []
    for (s, letter), (weight, worlds) in holds_suit.items():
        if worlds and weight / total < LIKELY_VOID:
            words = f"{game.seat_name(s)} is likely void in {names[letter]}"
            facts.append(Fact(words, s, groups[letter], letter, True, 1 - weight / total))
    for s in others:
        for index, weight in enumerate(holds_card[s]):
            if weight / total > likely and not every_world[s] >> index & 1:
                card = deck.cards[index]
                words = f"{game.seat_name(s)} likely holds {_the(card.name)}"
                facts.append(Fact(words, s, 1 << index, card.suit, False, weight / total))
    return facts


def _the(name: str) -> str:
    """A card's name after "holds": ``the King of Earth``, ``the Magician``, ``trump 7``."""
    return f"the {name}" if " of " in name and not name.startswith("the ") else name
