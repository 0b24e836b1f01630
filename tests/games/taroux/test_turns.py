"""The seat to act and legal mask every Taroux state keeps (``turns``) are the phase handlers'
own answers: at every step, each state's stored seat and its menu's selection equal what the
handlers work out for the same state unsettled (``_replace``), and a state played on unsettled
reaches the same state as it does settled. Over random hands, and over one scripted hand that
passes through every phase (deal TOP_TRUMPS: a Contra, a declined and answered Re-contra window,
We'll Take's stock and discards, the declarations and the play)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tarocchi.core.actions import Action
from tarocchi.core.protocol import HandContext
from tarocchi.games.taroux.state import Phase, TarouxState

from . import deals
from .helpers import game, parse_deal

Chooser = Callable[[TarouxState, tuple[Action, ...]], Action]


def played_checked(g: Any, s: TarouxState, choose: Chooser) -> set[Phase]:
    """Play the hand from ``s`` out by ``choose``, checking every state's stored turn against
    the handlers'; the phases it acted in."""
    phases: set[Phase] = set()
    while True:
        unsettled = s._replace()
        assert unsettled.actor < -1 <= s.actor
        assert g.to_act(s) == g.to_act(unsettled)
        if g.to_act(s) is None:
            return phases
        phases.add(s.phase)
        legal = g.legal_actions(s)
        assert legal == g.legal_actions(unsettled)
        action = choose(s, legal)
        s, again = g.apply(s, action), g.apply(unsettled, action)
        assert again[: again._fields.index("actor")] == s[: s._fields.index("actor")]


def test_stored_turns_are_the_handlers_turns_over_random_hands() -> None:
    g = game()
    rng = random.Random("taroux-turns")

    def choose(s: TarouxState, legal: tuple[Action, ...]) -> Action:
        if s.phase == Phase.AUCTION and rng.random() < 0.6:
            return legal[0]  # a pass: so that We'll Take wins auctions, and the stock is taken
        return legal[rng.randrange(len(legal))]

    for number in range(120):
        dealer = number % 6
        played_checked(g, g.initial_state(g.deal(rng, dealer), HandContext(1, dealer, (0,) * 6)), choose)


def test_a_hand_through_every_phase_keeps_the_handlers_turns() -> None:
    """T3-T7 by script, then each seat's first legal action (the first stock, the first
    discards, trumps shown before ``done``, the lowest legal card)."""
    g = game()
    script = iter(["pass", "pass", "take", "pass", "pass", "pass", "contra", "decline", "recontra"])

    def choose(s: TarouxState, legal: tuple[Action, ...]) -> Action:
        word = next(script, None)
        return legal[0] if word is None else g.parse_action(word, s)

    s = g.initial_state(parse_deal(deals.TOP_TRUMPS), HandContext(1, 5, (0,) * 6))
    assert played_checked(g, s, choose) == set(Phase) - {Phase.DONE}
