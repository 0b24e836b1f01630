"""The Sicilian heuristic on hand-built positions whose right answer a player would agree on."""

from __future__ import annotations

import random
from typing import Any

from tarocchi.bots.heuristic.sicilian import SicilianHeuristic
from tarocchi.core.actions import Action, Call, Discard, Play
from tarocchi.core.protocol import HandContext
from tarocchi.games.sicilian.actions import PAY, THROW, Offer, Take
from tarocchi.games.sicilian.game import SicilianGame
from tarocchi.games.sicilian.rules import DECK
from tarocchi.games.sicilian.state import Bargain, Mode, Phase, SicilianState, Trick

GAME = SicilianGame()
PLAYER = SicilianHeuristic()


def _mask(codes: str) -> int:
    return DECK.mask(DECK.parse(codes))


def _state(hands: dict[int, str], **fields: Any) -> SicilianState:
    """A state with the given hands (other cards anywhere: the seat to act never sees them)."""
    deal = GAME.deal(random.Random(0), 0)
    state: SicilianState = GAME.initial_state(deal, HandContext(1, 0, (0, 0, 0, 0)))
    masks = list(state.hands)
    for seat, codes in hands.items():
        masks[seat] = _mask(codes)
    return state._replace(hands=tuple(masks), **fields)


def _choose(state: SicilianState) -> Action:
    seat = GAME.to_act(state)
    assert seat is not None
    return PLAYER.choose(GAME.view(state, seat), random.Random(1))


def _trick(state: SicilianState, leader: int, plays: str) -> SicilianState:
    """Put ``plays`` (in order from ``leader``) into the trick in progress."""
    state = state._replace(phase=Phase.PLAY, leader=leader, trick=(), led=None)
    for code in plays.split():
        seat = GAME.to_act(state)
        assert seat is not None
        hands = list(state.hands)
        hands[seat] |= _mask(code)
        state = GAME.apply(state._replace(hands=tuple(hands)), Play(DECK.card(code)))
    return state


def _cop(seat_hand: str, declarer: int = 1, partner: int = 3) -> SicilianState:
    """South (seat 0) to act, with an open 2 v 2 of ``declarer`` and ``partner``."""
    return _state({0: seat_hand}, declarer=declarer, mode=Mode.COP, partner=partner, revealed=True)


def test_feeds_the_queen_to_the_partners_trick_when_last() -> None:
    # South, the Declarer, is last; North, his open partner, holds the trick with the King.
    state = _trick(_cop("QC 5C T3 8D", declarer=0, partner=2), 1, "6C KC 7C")
    assert _choose(state) == Play(DECK.card("QC"))


def test_gives_the_least_to_an_opponents_trick() -> None:
    # The King of Cups is East's, an opponent's: South keeps his Queen back.
    state = _trick(_cop("QC 5C T3 8D", declarer=0, partner=2), 1, "6C 7C KC")
    assert _choose(state) == Play(DECK.card("5C"))


def test_trumps_an_opponents_king_with_its_lowest_trump_when_last() -> None:
    state = _trick(_cop("T5 T20 8D", declarer=0, partner=2), 1, "KC 6C 7C")
    assert _choose(state) == Play(DECK.card("T5"))


def test_wins_with_the_juggler_when_nobody_can_beat_it() -> None:
    # Last to play, void in Cups, no trump in the trick: the Juggler takes its 10 home.
    state = _trick(_cop("T1 T12 8D", declarer=0, partner=2), 1, "KC 6C 7C")
    assert _choose(state) == Play(DECK.card("T1"))


def test_keeps_the_juggler_out_of_an_opponents_trump_trick() -> None:
    state = _trick(_cop("T1 T5 8D", declarer=0, partner=2), 1, "T14 T3 T21")
    assert _choose(state) == Play(DECK.card("T5"))


def test_escapes_with_the_fool_rather_than_give_a_king() -> None:
    # Trumps led by an opponent, South has no trump: the Fool instead of the King.
    state = _trick(_cop("KC FOOL", declarer=0, partner=2), 1, "T20 T3 T21")
    assert _choose(state) == Play(DECK.card("FOOL"))


def test_hidden_partner_feeds_the_declarer() -> None:
    # South holds the rallied King of Coins: North, the Declarer, is his partner though nobody
    # else knows; North's World is safe, so South gives his Queen.
    state = _state(
        {0: "KD QC 5C T2", 2: "5D"}, declarer=2, mode=Mode.RALLY, rallied=DECK.card("KD").index, partner=0
    )
    state = _trick(state, 1, "7C T21 8C")
    assert _choose(state) == Play(DECK.card("QC"))


def test_declarer_leads_the_rallied_suit_low() -> None:
    state = _state(
        {0: "QD 6D T9 T10 KC", 2: "KD"},
        declarer=0,
        mode=Mode.RALLY,
        rallied=DECK.card("KD").index,
        partner=2,
        phase=Phase.PLAY,
        leader=0,
    )
    assert _choose(state) == Play(DECK.card("6D"))


def _auction(phase: Phase, hand: str, seat: int = 1) -> SicilianState:
    return _state({seat: hand}, phase=phase, speaker=seat, spoken=0)


STRONG_HAND = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 KC KD 5B 6B 7B"
WEAK_HAND = "5C 6C 7C 8C 9C 5D 6D 7D 8D 5B 6B 7B 8B 9B T2"


def test_solo_only_with_a_long_high_trump_suit() -> None:
    assert _choose(_auction(Phase.SOLO, STRONG_HAND)) == Call("solo")
    assert _choose(_auction(Phase.SOLO, "T21 T20 T2 T3 KC KD KB KS QC QD QB 5S 6S 7S 8S")) == Call("pass")


def test_no_prop_without_trumps_though_the_rule_allows_it() -> None:
    no_trumps = "KC KD KB KS QC QD QB QS 5C 6C 7C 5D 6D 7D 5B"
    assert _choose(_auction(Phase.PROP, no_trumps)) == Call("pass")
    assert _choose(_auction(Phase.PROP, "KC KD KB KS T4 T6 T8 T9 5C 6C 7C 5D 6D 7D 5B")) == Call("prop")


def test_cops_with_trumps_and_strength() -> None:
    state = _auction(Phase.COP, "KC KD KB T4 T6 T8 T9 5C 6C 7C 5D 6D 7D 5B 6B")
    assert _choose(state._replace(declarer=0)) == Call("cop")


def test_bargaining_holds_a_strong_hand_and_takes_money_with_a_weak_one() -> None:
    assert _choose(_auction(Phase.BARGAIN, STRONG_HAND)) == Call("hold")
    offer = (Bargain(0, PAY, 10, -1),)
    assert _choose(_auction(Phase.BARGAIN, WEAK_HAND)._replace(offers=offer)) == Take(0)
    asked = _choose(_auction(Phase.BARGAIN, WEAK_HAND))
    assert isinstance(asked, Offer) and asked.kind == THROW and asked.amount > 0


def test_exchange_banks_a_queen_and_empties_a_short_suit() -> None:
    hand = "QB 9B 5C 6C 7C 8C 9C 10C 5D 6D 7D 8D 9D T2 T3 T4 T5 T6"
    state = _state({0: hand}, phase=Phase.EXCHANGE, discarder=0)
    assert _choose(state) == Discard(DECK.card("QB"))
    state = GAME.apply(state, Discard(DECK.card("QB")))
    assert _choose(state) == Discard(DECK.card("9B"))


def _rally_defence(tricks: tuple[Trick, ...]) -> SicilianState:
    """North (2) declared and rallied the King of Coins, still unplayed; South (0) defends and
    is last to a trick West (1) holds with the World."""
    state = _state(
        {0: "QC 7C 9B", 1: "T21", 2: "5C", 3: "KD 6C"},
        declarer=2,
        mode=Mode.RALLY,
        rallied=DECK.card("KD").index,
        partner=3,
        tricks=tricks,
    )
    return _trick(state, 1, "T21 5C 6C")


def test_a_player_void_in_the_rallied_suit_is_fed_as_a_fellow_defender() -> None:
    coins = (Trick(3, tuple(DECK.card(c).index for c in ("6D", "7D", "T3", "8D")), 1),)
    assert _choose(_rally_defence(coins)) == Play(DECK.card("QC"))
    assert _choose(_rally_defence(())) == Play(DECK.card("7C"))
