"""T3 under random bidding: the random player that `tarocchi simulate` seats everywhere reaches
every contract, both throw-ins and every contra path; every finished hand passes the audit (91
points, 12 tricks, zero-sum)."""

from __future__ import annotations

import random
from collections import Counter

from tarocchi.bots.random import RandomPlayer
from tarocchi.core.protocol import HandContext
from tarocchi.games.taroux.views import TarouxFacts

from .helpers import game

PLAYER = RandomPlayer()


def test_T3_random_bidding_reaches_every_contract_and_every_contra_path():
    g = game()
    rng = random.Random("taroux-auction-paths")
    seen: Counter[str] = Counter()
    for number in range(250):
        dealer = number % 6
        s = g.initial_state(g.deal(rng, dealer), HandContext(1, dealer, (0,) * 6))
        overcalled = False
        while g.to_act(s) is not None:
            contra_before = TarouxFacts.of(g.view(s, None)).contra
            s = g.apply(s, PLAYER.choose(g.view(s, g.to_act(s)), rng))
            overcalled |= contra_before > 0 and TarouxFacts.of(g.view(s, None)).contra == 0
        assert g.audit(s) == []
        result = g.outcome(s)
        if result.thrown_in:
            dummy = TarouxFacts.of(g.view(s, None)).high_bid
            seen["thrown in: dummy bid" if dummy else "thrown in: no bid"] += 1
            continue
        seen[TarouxFacts.of(g.view(s, None)).high_bid] += 1
        seen[("", "contra", "re-contra")[TarouxFacts.of(g.view(s, None)).contra]] += 1
        seen["contra then overcall"] += overcalled
        assert sum(result.card_points) == 91 and sum(result.scores) == 0
    for path in (
        "thrown in: no bid",
        "thrown in: dummy bid",
        "We'll Take",
        "We'll Take Without",
        "We'll Take Against",
        "contra",
        "re-contra",
        "contra then overcall",
    ):
        assert seen[path] > 0, (path, seen)
