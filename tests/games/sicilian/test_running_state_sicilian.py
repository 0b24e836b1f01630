"""The running state in the view. The sides are shown only once they are public: a
rallied partner keeps them hidden until his card is played (S7). Worked by hand below."""

from __future__ import annotations

from tarocchi.core.running import Running
from tarocchi.core.views import PlayerView
from tarocchi.games.sicilian.views import SicilianFacts

from . import deals
from .helpers import act, game, start
from .test_s7_c6_hidden_partner import RALLIED


def running(view: PlayerView) -> Running:
    """The view's running state, which these tests expect it to show."""
    now = SicilianFacts.of(view).running
    assert now is not None
    return now


def test_running_state_waits_for_the_rallied_partner_then_counts_by_side():
    """HIDDEN: South rallies KC, held by East. Trick 1: South 5C (0), West QC (4), North 5D (0),
    East FOOL (10): West wins. Nobody may be told yet which side East is on."""
    g = game()
    state = start(g, deals.HIDDEN, moves=f"{RALLIED}; 5C; QC; 5D; FOOL")
    for seat in (None, 0, 1, 2, 3):
        view = g.view(state, seat)
        assert SicilianFacts.of(view).running is None
        assert dict(view.public)["tricks won"] == "by side once KC is played (the partner is hidden)"
    # Trick 2: West 9C (0), North 6D (0), East KC (5), South T11 (0, void in Cups): South wins.
    # Declarers South and East: 1 trick, KC 5 + East's Fool 10 (C4) = 15. Defenders: 1 trick, 4.
    # d > 0 needs 64: 64 - (15 + 1 trick) = 48 still needed (the discard is not counted).
    state = act(g, state, "9C; 6D; KC; T11")
    for seat in (None, 0, 1, 2, 3):
        view = g.view(state, seat)
        assert running(view).sides == ((0, 3), (1, 2))
        assert running(view).tricks_won == (1, 1)
        assert running(view).card_points == (15, 4)
        assert running(view).needed == 48
        facts = dict(view.public)
        assert facts["card points"] == "Declarers 15, Defenders 4"
        assert facts["needed"] == "Declarers 48 more points to pass the half (63)"
