"""The seat to act and legal mask every Taroux state keeps (``turns``) are the phase handlers'
own answers: over random hands through every phase, each state's stored seat and its menu's
selection equal what the handlers work out for the same state unsettled (``_replace``), and a
state played on unsettled reaches the same state as it does settled."""

from __future__ import annotations

import random

from tarocchi.core.protocol import HandContext
from tarocchi.games.taroux.state import Phase, TarouxState

from .helpers import game


def test_stored_turns_are_the_handlers_turns():
    g = game()
    rng = random.Random("taroux-turns")
    phases: set[Phase] = set()
    for number in range(120):
        dealer = number % 6
        s: TarouxState = g.initial_state(g.deal(rng, dealer), HandContext(1, dealer, (0,) * 6))
        while True:
            unsettled = s._replace()
            assert unsettled.actor < -1 <= s.actor
            assert g.to_act(s) == g.to_act(unsettled)
            if g.to_act(s) is None:
                break
            phases.add(s.phase)
            legal = g.legal_actions(s)
            assert legal == g.legal_actions(unsettled)
            action = legal[rng.randrange(len(legal))]
            if s.phase == Phase.AUCTION and rng.random() < 0.6:
                action = legal[0]  # a pass: so that We'll Take wins auctions, and the stock is taken
            s, again = g.apply(s, action), g.apply(unsettled, action)
            assert again[: again._fields.index("actor")] == s[: s._fields.index("actor")]
    assert phases == set(Phase) - {Phase.DONE}
