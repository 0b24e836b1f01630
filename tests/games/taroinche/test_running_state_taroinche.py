"""The running state in the view: the attack's and the defence's tricks and card
points, and what the attack still needs for its bid. Worked by hand below (deals.SPLIT)."""

from __future__ import annotations

from tarocchi.core.running import Running
from tarocchi.core.views import PlayerView
from tarocchi.games.taroinche.views import TaroincheFacts

from . import deals
from .helpers import act, game, start

PASSES = ("pass",) * 4


def running(view: PlayerView) -> Running:
    """The view's running state, which these tests expect it to show."""
    now = TaroincheFacts.of(view).running
    assert now is not None
    return now


def test_running_state_counts_the_belote_once_announced_and_never_the_dog():
    """100 S without, partner seat 2 (who holds KS QS, the belote). Trick 1: JS 20 + 10S 10 +
    KS 4 + 7S 0 + 8C 0 = 34 for the attack; KS played, so the belote (20) is announced:
    100 - 34 - 20 = 46 still needed. The dog QD JD (5) lies face down: not counted."""
    g = game()
    state = act(g, start(g, deals.SPLIT), "100 S without 2", *PASSES, deals.SPLIT_PLAY[0])
    for seat in (None, 0, 1, 2, 3, 4):
        view = g.view(state, seat)
        assert running(view).sides == ((0, 2), (1, 3, 4))
        assert (running(view).tricks_won, running(view).card_points) == ((1, 0), (34, 0))
        assert running(view).needed == 46
        assert dict(view.public)["needed"] == "attack 46 more points for 100"
    # Tricks 2-4 to seat 0 (28 + 23 + 17): 102, with the belote 122 >= 100.
    state = act(g, state, *deals.SPLIT_PLAY[1:4])
    view = g.view(state, None)
    assert (running(view).tricks_won, running(view).card_points) == ((4, 0), (102, 0))
    assert running(view).needed == 0 and dict(view.public)["needed"] == "attack none more for 100"


def test_at_capot_the_attack_needs_every_trick():
    g = game()
    state = act(g, start(g, deals.SPLIT), "capot S without 2", *PASSES, deals.SPLIT_PLAY[0])
    view = g.view(state, None)
    assert running(view).needed == 5
    assert dict(view.public)["needed"] == "attack 5 more tricks for Capot"


def test_the_score_sheet_adds_each_sides_lines_up_to_its_total():
    """As in every game (docs/design.md "Score sheets"): the lines counted apart from the tricks
    come first, then each side's card points won in play and its total, the sum of its lines.
    Attack 102 in tricks + dog QD JD 5 = 107 card points, + North-West's belote 20 = 127; defence
    45 in tricks + the last trick's 10 = 55."""
    g = game()
    state = act(g, start(g, deals.SPLIT), "100 S without 2", *PASSES, *deals.SPLIT_PLAY)
    outcome = g.outcome(state)
    assert outcome is not None
    sheet = [(ln.label, ln.value, ln.side) for ln in outcome.lines]
    assert sheet[:7] == [
        ("last trick, dix de der (B1)", 10, 1),
        ("the dog QD JD, Without: for the attack (B4)", 5, 0),
        ("card points won in play", 102, 0),
        ("belote KS QS (North-West): for the attack (B5)", 20, 0),
        ("total", 127, 0),
        ("card points won in play", 45, 1),
        ("total", 55, 1),
    ]
    for side, total in ((0, 127), (1, 55)):
        addends = [value for label, value, of in sheet[:7] if of == side and label != "total"]
        assert sum(addends) == total
    assert outcome.card_points == (107, 55)
