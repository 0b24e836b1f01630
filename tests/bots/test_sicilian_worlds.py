"""The Sicilian world sampler keeps what the view makes certain, in every sample."""

from __future__ import annotations

import dataclasses
import random

from tarocchi.bots.heuristic.sicilian import SicilianHeuristic
from tarocchi.core.actions import Call, Discard
from tarocchi.core.events import Event
from tarocchi.core.protocol import Deal, HandContext
from tarocchi.core.tricks import TRUMP, led_suit
from tarocchi.games.sicilian.game import SicilianGame
from tarocchi.games.sicilian.rules import COURT_CARDS, DECK, STRONG, TABLE, TRUMP_MASK, strength
from tarocchi.games.sicilian.state import Mode, Phase, SicilianState
from tarocchi.games.sicilian.views import SicilianFacts

GAME = SicilianGame()
PLAYER = SicilianHeuristic()
SAMPLES = 20


def _deal(first: dict[int, str], dealer: int = 0) -> Deal:
    """A deal in which the given seats hold the given cards (and the rest of the pack, shuffled)."""
    chosen = {seat: list(DECK.parse(codes)) for seat, codes in first.items()}
    taken = {card for cards in chosen.values() for card in cards}
    rest = [card for card in DECK.cards if card not in taken]
    random.Random(7).shuffle(rest)
    hands = []
    for seat in range(4):
        hand = chosen.get(seat, [])
        while len(hand) < 15:
            hand.append(rest.pop())
        hands.append(tuple(hand))
    return Deal(tuple(hands), tuple(rest[:3]))


def _start(deal: Deal, dealer: int = 0) -> SicilianState:
    state: SicilianState = GAME.initial_state(deal, HandContext(1, dealer, (0, 0, 0, 0)))
    while state.phase is Phase.BARGAIN:
        state = GAME.apply(state, Call("silent"))
    return state


def _heuristic(state: SicilianState, until: int, cop: bool = True) -> SicilianState:
    """Let the heuristic play on until ``until`` cards of the hand have been played (nobody
    copping unless ``cop``, so that the Declarer must rally)."""
    rng = random.Random(3)
    while state.phase is not Phase.DONE:
        played = sum(len(t.cards) for t in state.tricks) + len(state.trick)
        if state.phase is Phase.PLAY and played >= until:
            break
        seat = GAME.to_act(state)
        assert seat is not None
        if state.phase is Phase.COP and not cop:
            state = GAME.apply(state, Call("pass"))
            continue
        state = GAME.apply(state, PLAYER.choose(GAME.view(state, seat), rng))
    return state


def _worlds(state: SicilianState) -> tuple[int, list[SicilianState]]:
    seat = GAME.to_act(state)
    assert seat is not None
    view = GAME.view(state, seat)
    rng = random.Random(11)
    worlds = [GAME.resample(view, rng) for _ in range(SAMPLES)]
    for world in worlds:
        assert GAME.view(world, seat) == view
    return seat, worlds


def _shown_voids(state: SicilianState) -> list[int]:
    """S8, from the rules: not following the suit led shows a void in it; not trumping either
    shows no trump. The Fool excuses nothing and shows nothing (C4)."""
    voids = [0, 0, 0, 0]
    for leader, cards in [(t.leader, t.cards) for t in state.tricks] + [(state.leader, state.trick)]:
        led = led_suit(TABLE, cards)
        for pos, card in enumerate(cards):
            suit = TABLE.suit_of[card]
            if led is None or suit == led or DECK.cards[card].code == "FOOL":
                continue
            seat = (leader + pos) % 4
            voids[seat] |= TABLE.suit_masks[led]
            if suit != TRUMP:
                voids[seat] |= TRUMP_MASK
    return voids


def test_a_revealed_void_is_respected_in_every_sample() -> None:
    checked = 0
    for seed in range(40):
        deal = GAME.deal(random.Random(seed), seed % 4)
        state = _heuristic(_start(deal, seed % 4), 24 + seed % 20)
        if state.phase is not Phase.PLAY:
            continue
        voids = _shown_voids(state)
        seat, worlds = _worlds(state)
        if not any(voids[s] for s in range(4) if s != seat):
            continue
        for world in worlds:
            for other in range(4):
                if other != seat:
                    assert not world.hands[other] & voids[other]
        checked += 1
    assert checked >= 10


def test_a_solo_declarers_shown_stock_stays_in_his_hand_or_discard() -> None:
    deal = _deal({1: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 KC KD 5B 6B 7B"})
    state = GAME.apply(_start(deal), Call("solo"))
    stock = DECK.mask(deal.stock)
    state = _heuristic(state, 2)
    _, worlds = _worlds(state)
    for world in worlds:
        assert stock & ~(world.hands[1] | world.discard | _played(world)) == 0


def _played(state: SicilianState) -> int:
    return sum(1 << c for t in state.tricks for c in t.cards) | sum(1 << c for c in state.trick)


def test_the_face_down_discard_holds_no_card_worth_five_and_no_trump() -> None:
    checked = 0
    for seed in range(6):
        deal = GAME.deal(random.Random(100 + seed), 0)
        state = _heuristic(_start(deal), 5)
        if state.phase is not Phase.PLAY or GAME.to_act(state) == state.discarder:
            continue
        shown = {e.action.card.index for e in _events(state) if isinstance(e.action, Discard)}
        _, worlds = _worlds(state)
        for world in worlds:
            hidden = world.discard & ~sum(1 << c for c in shown)
            assert not hidden & (STRONG | TRUMP_MASK)
            assert world.discard.bit_count() == 3
        checked += 1
    assert checked >= 3


def _events(state: SicilianState) -> list[Event]:
    return list(GAME.view(state, None).events)


def test_a_queen_rally_puts_every_unplayed_king_with_the_declarer() -> None:
    # Seat 2 holds all four Kings, props and, nobody copping, must rally a Queen (S7).
    deal = _deal({2: "KC KD KB KS T2 T3 T4 5C 6C 7C 8C 5D 6D 5B 6S", 1: "QC QD QB QS", 3: "CC CD CB CS"})
    state = _start(deal)
    while state.phase is Phase.SOLO:
        state = GAME.apply(state, Call("pass"))
    state = _heuristic_exchange(state)
    while state.phase is Phase.PROP:
        state = GAME.apply(state, Call("prop" if state.speaker == 2 else "pass"))
    while state.phase is Phase.COP:
        state = GAME.apply(state, Call("pass"))
    assert state.phase is Phase.RALLY
    state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.mode is Mode.RALLY and DECK.cards[state.rallied].code.startswith("Q")
    state = _heuristic(state, 1)
    seat, worlds = _worlds(state)
    assert seat != 2
    kings = sum(1 << COURT_CARDS[suit][0] for suit in range(4))
    for world in worlds:
        assert kings & ~(world.hands[2] | _played(world)) == 0
        assert not world.hands[2] >> state.rallied & 1


def _heuristic_exchange(state: SicilianState) -> SicilianState:
    rng = random.Random(5)
    while state.phase is Phase.EXCHANGE:
        state = GAME.apply(state, PLAYER.choose(GAME.view(state, state.discarder), rng))
    return state


def test_a_propping_declarer_is_given_the_strength_to_prop() -> None:
    checked = 0
    for seed in range(30):
        deal = GAME.deal(random.Random(200 + seed), seed % 4)
        state = _heuristic(_start(deal, seed % 4), 9)
        if state.phase is not Phase.PLAY or state.mode not in (Mode.COP, Mode.RALLY):
            continue
        seat, worlds = _worlds(state)
        if seat == state.declarer:
            continue
        for world in worlds:
            held = world.hands[state.declarer]
            for trick in world.tricks:
                held |= sum(
                    1 << c for i, c in enumerate(trick.cards) if (trick.leader + i) % 4 == state.declarer
                )
            held |= sum(1 << c for i, c in enumerate(world.trick) if (world.leader + i) % 4 == state.declarer)
            assert strength(held) >= 20
        checked += 1
    assert checked >= 5


def test_the_rallied_card_is_never_the_declarers() -> None:
    checked = 0
    for seed in range(30):
        deal = GAME.deal(random.Random(300 + seed), seed % 4)
        state = _heuristic(_start(deal, seed % 4), 3, cop=False)
        if state.phase is not Phase.PLAY or state.mode is not Mode.RALLY:
            continue
        seat, worlds = _worlds(state)
        for world in worlds:
            assert not world.hands[state.declarer] >> state.rallied & 1
            if seat != state.discarder and state.discarder == state.declarer:
                assert not world.discard >> state.rallied & 1
        checked += 1
    assert checked >= 3


def test_play_plays_on_in_a_sampled_world() -> None:
    state = _heuristic(_start(GAME.deal(random.Random(9), 1), 1), 17)
    _, worlds = _worlds(state)
    rng = random.Random(4)
    for world in worlds[:5]:
        while GAME.to_act(world) is not None:
            world = GAME.apply(world, rng.choice(GAME.legal_actions(world)))
        assert GAME.outcome(world) is not None and not GAME.audit(world)


SOLO_HANDS = {
    0: "KC KD KB KS T1 T21 FOOL T17 T18 T19 T20 T16 T15 T14 QC",
    1: "T5 T8 T9 T10 QD CD VD 10D 9D 8D 7D 6D 5D QB CB",
    2: "T4 T13 T6 T7 VB 10B 9B 8B 7B 6B 5B QS CS VS 10S",
    3: "T11 T12 CC VC 10C 9C 8C 7C 6C 9S 8S 7S 6S 5S AS",
}
"""Every hand given, so the stock is what is left: T2 T3 5C. South says Solo and shows it (S4),
lays T3 (shown), QC and 5C aside, and leads."""


def test_the_shown_stock_comes_from_the_views_facts_not_from_the_wording_of_its_event() -> None:
    state = _start(_deal(SOLO_HANDS), dealer=3)
    for move in ("solo", "discard T3", "QC", "5C", "KC"):
        state = GAME.apply(state, GAME.parse_action(move, state))
    view = GAME.view(state, 1)
    assert GAME.to_act(state) == 1 and str(SicilianFacts.of(view).stock) == "5C T2 T3"
    # the same view with every note of the rules blanked: the sampler must not need them
    quiet = dataclasses.replace(
        view, events=tuple(e._replace(note="") if e.action is None else e for e in view.events)
    )
    stock = DECK.mask(DECK.parse("T2 T3 5C"))
    rng = random.Random(11)
    for _ in range(SAMPLES):
        world = GAME.resample(quiet, rng)
        assert stock & ~(world.hands[0] | world.discard) == 0
        assert world.shown_stock == stock
