"""The running state in the view (tricks won, card points per partnership), from
public facts only: the dealer's face-down discard is not counted. Worked by hand below."""

from __future__ import annotations

from tarocchi.core.running import Running
from tarocchi.core.views import PlayerView
from tarocchi.games.piedmont.views import PiedmontFacts

from . import deals
from .helpers import game, play, start


def running(view: PlayerView) -> Running:
    """The view's running state, which these tests expect it to show."""
    now = PiedmontFacts.of(view).running
    assert now is not None
    return now


def test_running_state_counts_the_tricks_won_and_the_fool_stays_with_its_side():
    """SWEEP, dealer East (discard GOOD EVIL T2 2W, worth 2, face down).
    Trick 1: South T21 (5), West KE (5), North 9A (1), East T1 (5): South wins, N-S 16.
    Trick 2: South T20 (1), West QE (4), North KF (5), East FOOL (5, stays with E-W, C4):
    South wins, N-S 16 + 10 = 26; E-W have the Fool's 5 and not the discard's 2."""
    g = game()
    state = play(g, start(g, deals.SWEEP, 3, deals.SWEEP_DISCARD), "T21 KE 9A T1")
    view = g.view(state, None)
    assert running(view).sides == ((0, 2), (1, 3))
    assert (running(view).tricks_won, running(view).card_points) == ((1, 0), (16, 0))
    state = play(g, state, "T20 QE KF FOOL")
    for seat in (None, 0, 1, 2, 3):  # the same public facts for all, the dealer East included
        view = g.view(state, seat)
        assert running(view).tricks_won == (2, 0)
        assert running(view).card_points == (26, 5)
        assert running(view).needed is None  # Piedmont has no declaring side
        facts = dict(view.public)
        assert facts["tricks won"] == "North-South 2, East-West 0"
        assert facts["card points"] == "North-South 26, East-West 5"
        assert "needed" not in facts


def test_no_running_state_before_the_first_trick():
    g = game()
    view = g.view(start(g, deals.SWEEP, 3, deals.SWEEP_DISCARD), None)
    assert PiedmontFacts.of(view).running is None and "tricks won" not in dict(view.public)
