"""C5 (the discard is seen only by the dealer) and C6 (a seat sees its own hand, every card played,
every public call -- nothing else), checked on view fields and on the serialized view."""

from __future__ import annotations

from tarocchi.core.actions import Discard, FaceDown

from . import deals
from .helpers import ALLEGIANCE, cards, game, hand, json_tokens, parse_deal, play, start

DISCARD = cards(deals.SWEEP_DISCARD)
HANDS = {seat: cards(text) for seat, text in deals.SWEEP_HANDS.items()}
EAST_AFTER = (HANDS[3] | cards(deals.SWEEP_STOCK)) - DISCARD


def sweep_after_discard(option="trumps"):
    g = game(option)
    return g, start(g, deals.SWEEP, 3, deals.SWEEP_DISCARD)


def test_C6_each_seat_sees_its_own_hand_and_no_other():
    g, state = sweep_after_discard()
    own = {0: HANDS[0], 1: HANDS[1], 2: HANDS[2], 3: EAST_AFTER}
    for seat in range(4):
        view = g.view(state, seat)
        assert hand(g, state, seat) == own[seat]
        hidden = set().union(*(own[s] for s in range(4) if s != seat))
        assert json_tokens(view.to_json()) & hidden == set()
    spectator = g.view(state, None)
    assert len(spectator.hand) == 0
    assert json_tokens(spectator.to_json()) == set()


def test_C5_P2_the_discard_is_seen_by_the_dealer_only():
    g, state = sweep_after_discard()
    dealer = g.view(state, 3)
    assert [(label, cards(str(cs))) for label, cs in dealer.known] == [("your discard", DISCARD)]
    assert sum(isinstance(e.action, Discard) for e in dealer.events) == 4
    # everyone sees that four cards were laid aside, as a typed event that names none
    for seat in (0, 1, 2, 3, None):
        laid = [(e.seat, e.action) for e in g.view(state, seat).events if isinstance(e.action, FaceDown)]
        assert laid == [(3, FaceDown(4))]
    # through the whole hand, no other seat (nor a spectator) ever sees it
    for _ in range(77):
        for seat in (0, 1, 2, None):
            view = g.view(state, seat)
            assert view.known == ()
            assert not any(isinstance(e.action, Discard) for e in view.events)
            assert json_tokens(view.to_json()) & DISCARD == set()
        if g.to_act(state) is None:
            break
        state = g.apply(state, g.legal_actions(state)[0])
    assert g.to_act(state) is None


def test_C6_every_card_played_is_seen_by_every_seat():
    g = game()
    state = start(g, deals.BASIC, 3, deals.BASIC_DISCARD)
    state = play(g, state, "5E QE T2")
    for seat in (0, 1, 2, 3, None):
        view = g.view(state, seat)
        assert [(s, c.code) for s, c in view.trick.plays] == [(0, "5E"), (1, "QE"), (2, "T2")]
        assert {"5E", "QE", "T2"} <= json_tokens(view.to_json())
    state = play(g, state, "KF")
    for seat in (0, 1, 2, 3, None):
        view = g.view(state, seat)
        assert [(s, c.code) for s, c in view.tricks[0].plays] == [(0, "5E"), (1, "QE"), (2, "T2"), (3, "KF")]
        assert view.tricks[0].winner == 2
        assert view.hand_sizes == (18, 18, 18, 18)


def test_C6_public_calls_are_seen_by_everyone():
    g = game(ALLEGIANCE)
    state = start(g, deals.opposed(), 3, deals.OPPOSED_DISCARD)
    state = play(g, state, "5E GOOD yours EVIL reverse")
    for seat in (0, 1, 2, 3, None):
        view = g.view(state, seat)
        calls = [(e.seat, str(e.action)) for e in view.events if str(e.action) in ("yours", "reverse")]
        assert calls == [(1, "yours"), (2, "reverse")]
        public = dict(view.public)
        assert "allegiance" in public and "reversed" in public
        assert view.to_json()["public"] == public


def test_C6_swapping_cards_a_seat_cannot_see_leaves_its_view_unchanged():
    """SWEEP and a copy with KE (West) and 9A (North) exchanged: South's, East's and a spectator's
    views are identical once the discard is made."""
    g = game()
    swapped = deals.SWEEP.replace("KE ", "@").replace("9A ", "KE ").replace("@", "9A ")
    assert parse_deal(swapped).hands[1] != parse_deal(deals.SWEEP).hands[1]
    a = start(g, deals.SWEEP, 3, deals.SWEEP_DISCARD)
    b = start(g, swapped, 3, deals.SWEEP_DISCARD)
    for seat in (0, 3, None):
        assert g.view(a, seat).to_json() == g.view(b, seat).to_json()
    assert g.view(a, 1).to_json() != g.view(b, 1).to_json()
