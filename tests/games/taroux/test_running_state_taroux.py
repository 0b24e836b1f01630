"""The running state in the view: tricks won and card points (in pairs, T8) of the
Declarers and the Defenders, and what the Declarers still need. Worked by hand below."""

from __future__ import annotations

from tarocchi.core.running import Running
from tarocchi.core.views import PlayerView
from tarocchi.games.taroux.views import TarouxFacts

from . import deals
from .helpers import act, game, public, start


def running(view: PlayerView) -> Running:
    """The view's running state, which these tests expect it to show."""
    now = TarouxFacts.of(view).running
    assert now is not None
    return now


def test_running_state_counts_in_pairs_and_the_target_follows_the_honours_won():
    """TOP_TRUMPS, dealer 5: seat 0 bids Without (the stock stays face down: not counted).
    Trick 1: seat 0 T21 (5), 1 KE (5), 2 KA (5), 3 KF (5), 4 KW (5), 5 FOOL (5, stays with the
    Defenders, C4). Declarers: five cards, 25 - 2 pairs = 23; Defenders: the Fool, 5.
    One Honour (T21) won by the Declarers: target 51, so 51 - 23 = 28 still needed."""
    g = game()
    state = start(g, deals.TOP_TRUMPS, 5, "without, pass, pass, pass, pass, pass")
    state = act(g, state, "done, done, done, done, done, done, T21, KE, KA, KF, KW, FOOL")
    for seat in (None, 0, 1, 2, 3, 4, 5):
        view = g.view(state, seat)
        assert running(view).sides == ((0, 3), (1, 2, 4, 5))
        assert running(view).tricks_won == (1, 0)
        assert running(view).card_points == (23, 5)
        assert running(view).needed == 28
        facts = public(g, state, seat)
        assert facts["needed"] == "Declarers 28 more points for the target 51"
        assert "auction" not in facts  # shown once, while it runs (the events keep every bid)
        assert TarouxFacts.of(view).auction[0] == (0, "without")
