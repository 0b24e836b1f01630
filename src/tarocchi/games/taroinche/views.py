"""A seat's view of a Taroinche hand, listed field by field from what that seat may know (C6).

Public: every bid and call, the contract with its partner, coinche, a With dog (B4: in
``TaroincheFacts.dog`` from the end of the auction on), the belote once announced, every card
played. Hidden: other hands, a Without/Against dog and the taker's discard (until the hand ends).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tarocchi.core.actions import Action
from tarocchi.core.cards import Card, CardSet
from tarocchi.core.facts import Facts
from tarocchi.core.memo import Last
from tarocchi.core.running import Running, frozen, running, running_facts
from tarocchi.core.views import PlayerView, card_set, seat_view
from tarocchi.core.words import plural
from tarocchi.games.taroinche.bidding import Bid, value_words
from tarocchi.games.taroinche.rules import (
    ALL_TRUMP,
    CAPOT,
    COINCHE_MULTIPLIERS,
    COINCHE_WORDS,
    CONTRACTS,
    DECK,
    KINGS_QUEENS,
    NO_TRUMP,
    PLAIN_ORDER,
    PLAYERS,
    SEAT_NAMES,
    TRICKS,
    TRUMP_CODES,
    TRUMP_NAMES,
    TRUMP_ORDER,
    WITH,
    first_player,
    sides,
    still_needed,
)
from tarocchi.games.taroinche.scoring import describe
from tarocchi.games.taroinche.state import Phase, TaroincheState

if TYPE_CHECKING:
    from tarocchi.games.taroinche.game import TaroincheGame

_DOG_WORDS = {1: "with the dog", 2: "without the dog", 3: "against the dog"}


FIELD_WORDS = {
    "value": {CAPOT: value_words(CAPOT)},
    "trump": {trump: TRUMP_NAMES[trump] for trump in (NO_TRUMP, ALL_TRUMP)},
    "mode": {mode: words.split()[0] for mode, words in _DOG_WORDS.items()},
}
"""A bid's field values that are no number or suit, as a table names them (``Game.field_words``)."""


def phrase(seat: int, action: Action) -> str | None:
    """A bid as the log says it: ``bids 90 ♥ without the dog, partner North-East``, ``bids capot
    No-trump with the dog, alone`` (the bidder named himself: a solo)."""
    if not isinstance(action, Bid):
        return None
    value = value_words(action.value)
    trump = TRUMP_NAMES[action.trump]
    partner = "alone" if action.partner == seat else f"partner {SEAT_NAMES[action.partner]}"
    return f"bids {value} {trump} {_DOG_WORDS[action.mode]}, {partner}"


@dataclass(frozen=True, slots=True)
class TaroincheContract:
    """The highest bid so far (B3) and the attack: its taker and his partner, the taker himself
    for a solo. A surcoinche by the taker's partner makes him the taker (B3), so the two may
    differ from the bidder and the partner the bid named."""

    bid: Bid
    taker: int
    partner: int

    @property
    def solo(self) -> bool:
        return self.partner == self.taker


@dataclass(frozen=True, slots=True)
class TaroincheFacts(Facts):
    """What a Taroinche view tells programs beyond the cards (B3-B6)."""

    first_player: int
    contract: TaroincheContract | None
    dog: CardSet
    """The With dog as shown to all when the auction ended (B4); empty otherwise."""
    coinche: int
    """0, 1 coinched, 2 surcoinched."""
    coincher: int | None
    belote: int | None
    """Who announced the belote (B5), once announced."""
    turned_up: CardSet
    """What lay face down, turned up for everyone when the hand is over: the taker's discard
    under With, the dog under Without and Against (B4); empty before."""
    running: Running | None
    """Tricks and card points of the attack and the defence, from the first trick on; at Capot
    ``needed`` counts tricks."""

    def declaring_side(self) -> frozenset[int] | None:
        contract = self.contract
        return None if contract is None else frozenset({contract.taker, contract.partner})


def belote_announced(state: TaroincheState) -> bool:
    """B5: the belote is public once its holder has played one of the two cards."""
    if state.belote < 0 or state.bid is None:
        return False
    pair = CONTRACTS[state.bid.trump].trump_mask & KINGS_QUEENS
    return state.hands[state.belote] & pair != pair


def build(
    game: TaroincheGame,
    state: TaroincheState,
    seat: int | None,
    to_act: int | None,
    legal: tuple[Action, ...],
) -> PlayerView:
    first = first_player(state.context.dealer)
    bid = state.bid
    public: list[tuple[str, str]] = [("first player", SEAT_NAMES[first])]
    if state.phase is Phase.AUCTION:
        seats = ", ".join(f"{s} {name}" for s, name in enumerate(SEAT_NAMES))
        public.append(("seats", seats))
        public.append(("to bid", "value trump mode partner, e.g. '90 H without 3' or 'capot NT with self'"))
    if bid is None:
        public.append(("contract", "none yet: the lowest bid is 82 With"))
    else:
        public.append(("contract", describe(state)))
    if state.shown_dog:
        taken = f"{DECK.codes(state.shown_dog)}, shown to all and taken by {SEAT_NAMES[state.taker]} (B4)"
        public.append(("dog", taken))
    if state.coinche:
        text = f"coinched by {SEAT_NAMES[state.coincher]}"
        if state.coinche == 2:
            text += ", surcoinched"
        public.append((COINCHE_WORDS[state.coinche], f"{text} (x{COINCHE_MULTIPLIERS[state.coinche]})"))
    if state.phase is Phase.SURCOINCHE:
        public.append(("to speak", "surcoinche or pass: " + ", ".join(SEAT_NAMES[s] for s in state.speakers)))
    announced = belote_announced(state)
    if announced:
        public.append(("belote", f"announced by {SEAT_NAMES[state.belote]}: +20 for the attack"))
    now = None
    if state.tricks and bid is not None:
        more, now = running_state(state, announced)
        public += _counting_own_discard(state, seat, more, now)
    facts = TaroincheFacts(
        first_player=first,
        contract=None if bid is None else TaroincheContract(bid, state.taker, state.partner),
        dog=card_set(DECK, state.shown_dog),
        coinche=state.coinche,
        coincher=state.coincher if state.coinche else None,
        belote=state.belote if announced else None,
        turned_up=card_set(DECK, _face_down(state) if state.phase is Phase.DONE else 0),
        running=now,
    )
    own = state.discard if seat == state.taker else 0
    return seat_view(
        game.info, state, seat, to_act, legal, public, facts, playing=state.phase is Phase.PLAY, discard=own
    )


def _counting_own_discard(
    state: TaroincheState, seat: int | None, facts: Iterable[tuple[str, str]], now: Running
) -> list[tuple[str, str]]:
    """The running facts as ``seat`` reads them: the taker knows the cards he laid aside under
    With (B4), which count for the attack, so his ``needed`` counts them; nobody else's does."""
    bid = state.bid
    facts = list(facts)
    if bid is None or seat != state.taker or bid.mode != WITH or bid.value == CAPOT or now.needed is None:
        return facts
    values = CONTRACTS[bid.trump].values
    laid = sum(values[card] for card in range(DECK.size) if state.discard >> card & 1)
    if not laid:
        return facts
    needed = max(0, now.needed - laid)
    text = f"attack {plural(needed, 'more point')}" if needed else "attack none more"
    text += f" for {bid.value}, counting the {laid} you laid aside"
    return [(label, text if label == "needed" else value) for label, value in facts]


def _face_down(state: TaroincheState) -> int:
    """The cards that lay face down in the hand: the taker's discard under With, else the dog."""
    return state.discard if state.bid is not None and state.bid.mode == WITH else state.dog


_RUNNING: Last[tuple[tuple[tuple[str, str], ...], Running]] = Last()


def running_state(state: TaroincheState, announced: bool) -> tuple[tuple[tuple[str, str], ...], Running]:
    """``_running_state``, worked out once per trick (``core.memo.Last``)."""
    return _RUNNING.get(
        (state.tricks, state.bid, state.taker, state.partner, announced),
        lambda: frozen(_running_state(state, announced)),
    )


def _running_state(state: TaroincheState, announced: bool) -> tuple[list[tuple[str, str]], Running]:
    """Tricks and card points won so far by the attack and the defence (B1), and the points the
    attack still needs for its bid, its announced belote (B5) and the last trick's 10 once won
    counted in. Not counted: the dog or discard that lies face down (B4) until the hand ends. At
    Capot only tricks count: ``needed`` is the tricks still to win."""
    bid = state.bid
    assert bid is not None
    values = CONTRACTS[bid.trump].values
    both = sides(state.taker, state.partner)
    now = running(state.tricks, PLAYERS, both, lambda _, pile: sum(values[c] for c, _ in pile))
    last = len(state.tricks) == TRICKS and state.tricks[-1].winner in both[0]
    won, lost = now.tricks_won
    needed = still_needed(bid.value, now.card_points[0], won, lost, announced, last)
    if bid.value == CAPOT:
        public, now = running_facts(now, ("attack", "defence"), None)
        if needed is None:
            public.append(("needed", "none: the defence has a trick, Capot is lost"))
            return public, now
        public.append(("needed", f"attack {plural(needed, 'more trick')} for Capot"))
        return public, replace(now, needed=needed)
    return running_facts(now, ("attack", "defence"), needed, f" for {bid.value}")


# -- how a table shows a hand (presentation only) -------------------------------------------
def seat_roles(view: PlayerView) -> tuple[str, ...]:
    """Each seat's part once the auction is over (B3): ``taker · 90 ♥ without the dog`` (``,
    alone`` for a solo), ``partner``, and who coinched. Nothing while the auction runs: the
    standing bid may yet be beaten, and its partner is no partner yet."""
    roles = [""] * PLAYERS
    facts = TaroincheFacts.of(view)
    contract = facts.contract
    if contract is None or view.phase is Phase.AUCTION:
        return tuple(roles)
    bid = contract.bid
    alone = ", alone" if contract.solo else ""
    words = f"{value_words(bid.value)} {TRUMP_NAMES[bid.trump]} {_DOG_WORDS[bid.mode]}"
    roles[contract.taker] = f"taker · {words}{alone}"
    if not contract.solo:
        roles[contract.partner] = "partner"
    if facts.coincher is not None:
        roles[facts.coincher] = COINCHE_WORDS[1]
        if facts.coinche == 2:
            roles[contract.taker] += f" · {COINCHE_WORDS[2]}"
    return tuple(roles)


_PLAIN_RANK = {face: n for n, face in enumerate(PLAIN_ORDER)}
_TRUMP_RANK = {face: n for n, face in enumerate(TRUMP_ORDER)}


def contract_trump(view: PlayerView | None) -> str | None:
    """The contract's trump as the view names it: a suit letter, ``NT``, ``AT``; None before
    the auction is won."""
    facts = view.facts if view is not None else None
    if not isinstance(facts, TaroincheFacts) or facts.contract is None:
        return None
    return TRUMP_CODES[facts.contract.bid.trump]


def hand_order(cards: Iterable[Card], view: PlayerView | None = None) -> list[Card]:
    """Coinche order: the trump suit first (once the contract names one), J 9 A 10 K Q 8 7,
    then the other suits as the pack lists them, A 10 K Q J 9 8 7 (at All-trump every suit in
    the trump order; before a contract and at No-trump every suit in the plain order)."""
    trump = contract_trump(view)
    suits = [suit.letter for suit in DECK.suits]
    if trump in suits:
        suits.remove(trump)
        suits.insert(0, trump)

    def key(card: Card) -> tuple[int, int]:
        face = DECK.faces[card.index]
        trumps = card.suit == trump or trump == TRUMP_CODES[ALL_TRUMP]
        return suits.index(card.suit), (_TRUMP_RANK if trumps else _PLAIN_RANK)[face]

    return sorted(cards, key=key)


def trump_suit(view: PlayerView) -> str | None:
    """The contract's trump suit letter; None before a contract, at No-trump and All-trump."""
    trump = contract_trump(view)
    return trump if trump in TRUMP_CODES[:NO_TRUMP] else None
